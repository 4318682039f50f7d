//! A series game over the LAN: each member keeps the series in their own
//! data folder, and both compute its next game's terms. The host offers
//! them with the series' id and the game's number; the joiner refuses an
//! offer that differs from what its own copy says. The players are found
//! by name: the name in Settings must be one of the series' two players.

use super::recording::{SeriesGame, record_series};
use kaisho_core::Game;
use kaisho_core::series::{Seat, Series};
use kaisho_net::{Colors, Terms, TimeW};
use kaisho_saves::series::{SeriesId, SeriesStore};

/// What both sides of a series game must agree on, seen from the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesTerms {
    pub id: String,
    pub number: u32,
    pub komi_halves: i32,
    pub handicap: u8,
    /// The host's colour, or nigiri at the first game of an even step.
    pub colors: Colors,
}

impl SeriesTerms {
    /// The next game of `series` for the player named `me`, who hosts or
    /// joins it.
    pub fn next(id: &SeriesId, series: &Series, me: &str, hosting: bool) -> Result<Self, String> {
        let mine = seat_of(series, me).ok_or_else(|| {
            let [a, b] = Seat::BOTH.map(|s| series.setup().player(s).name.clone());
            format!(
                "your name, {me}, is not a player of series {id} ({a} and {b}); set it in Settings"
            )
        })?;
        let host = if hosting { mine } else { mine.other() };
        let terms = series.next_game();
        let colors = match terms.black {
            None => Colors::Nigiri,
            Some(black) if black == host => Colors::HostBlack,
            Some(_) => Colors::HostWhite,
        };
        Ok(SeriesTerms {
            id: id.to_string(),
            number: terms.number,
            komi_halves: terms.komi.halves(),
            handicap: terms.handicap,
            colors,
        })
    }

    /// The host's offer on a board of `size` with clock `time`.
    #[must_use]
    pub fn offer(&self, size: u8, time: TimeW) -> Terms {
        Terms {
            game_id: String::new(),
            size,
            komi_halves: self.komi_halves,
            handicap: self.handicap,
            time,
            colors: self.colors,
            series: Some((self.id.clone(), self.number)),
        }
    }

    /// Whether the host's offer is this series game: the same series and
    /// number, komi, handicap and colours (the board and clock are the
    /// host's to choose).
    #[must_use]
    pub fn matches(&self, offer: &Terms) -> bool {
        offer.series.as_ref() == Some(&(self.id.clone(), self.number))
            && offer.komi_halves == self.komi_halves
            && offer.handicap == self.handicap
            && offer.colors == self.colors
    }
}

/// The seat of the player named `name`.
#[must_use]
pub fn seat_of(series: &Series, name: &str) -> Option<Seat> {
    Seat::BOTH
        .into_iter()
        .find(|&s| series.setup().player(s).name == name)
}

/// Records the result of ended network game `game`, whose Black is named
/// `black`, in this side's copy of its series; the line for the player.
pub fn record_network_game(
    store: &SeriesStore,
    sg: &mut SeriesGame,
    black: &str,
    game: &Game,
) -> Option<String> {
    match settle_colours(sg, black) {
        Ok(()) => record_series(store, sg, game),
        Err(e) => Some(e),
    }
}

/// The series game a network game is, once its colours are known: after a
/// nigiri over the network the series learns who took Black.
fn settle_colours(game: &mut SeriesGame, black_name: &str) -> Result<(), String> {
    if game.terms.black.is_some() {
        return Ok(());
    }
    let seat = seat_of(&game.series, black_name)
        .ok_or_else(|| format!("{black_name} is not a player of series {}", game.id))?;
    game.series.nigiri(seat).map_err(|e| e.to_string())?;
    game.terms = game.series.next_game();
    Ok(())
}
