//! A series game over the LAN: each member keeps the series in their own
//! data folder, and both compute its next game's terms. The host offers
//! them with the series' id and the game's number; the joiner refuses an
//! offer that differs from what its own copy says. When the copies differ
//! in the last result only, either side may take the other's: the joiner
//! the host's before it agrees, the host the joiner's when the joiner
//! answers with its record. The players are found
//! by name: the name in Settings must be one of the series' two players.

use super::recording::{SeriesGame, SeriesStep, record_series};
use super::series_typed::correct_in;
use crate::errors::NotYourSeries;
use crate::words::{Lang, SeriesNote, series_note};
use kaisho_core::Game;
use kaisho_core::series::{Seat, Series, SeriesEvent, SeriesResult};
use kaisho_net::{Colors, Terms, TimeW};
use kaisho_saves::series::SeriesId;

/// What both sides of a series game must agree on, seen from the host.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesTerms {
    pub id: String,
    pub number: u32,
    pub komi_halves: i32,
    pub handicap: u8,
    /// The host's colour, or nigiri at the first game of an even step.
    pub colors: Colors,
    /// A digest of this side's record of the series.
    pub record: u64,
    /// The corrections this side could make to its last result, each as
    /// the digest of the corrected record, the word that makes it and the
    /// game it corrects: a partner's copy with one of these digests holds
    /// exactly that correction.
    pub corrections: Vec<Correction>,
}

/// One correction of the last result, as the partner's copy may hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correction {
    pub record: u64,
    /// What `c` on the series screen (or `kaisho series correct`) takes.
    pub word: String,
    /// The sentence the correction says, in English: it is sent to the
    /// partner as the reason a series offer is refused.
    pub said: String,
}

/// Every correction of `series`' last result, with its digest.
fn corrections(series: &Series) -> Vec<Correction> {
    let mut words: Vec<String> = Seat::BOTH
        .iter()
        .map(|&s| series.setup().player(s).name.clone())
        .collect();
    words.extend(["draw", "void", "both-lose", "strike"].map(String::from));
    words
        .into_iter()
        .filter_map(|word| {
            let (fixed, said) = correct_in(Lang::En, series, &word).ok()?;
            let record = record_digest(&fixed);
            (record != record_digest(series)).then_some(Correction { record, word, said })
        })
        .collect()
}

impl SeriesTerms {
    /// The next game of `series` for the player named `me`, who hosts or
    /// joins it.
    pub fn of_player(
        id: &SeriesId,
        series: &Series,
        me: &str,
        hosting: bool,
    ) -> Result<Self, NotYourSeries> {
        let mine = seat_of(series, me).ok_or_else(|| NotYourSeries {
            me: me.to_string(),
            id: id.to_string(),
            names: Seat::BOTH.map(|s| series.setup().player(s).name.clone()),
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
            record: record_digest(series),
            corrections: corrections(series),
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
            series: Some((self.id.clone(), self.number, self.record)),
        }
    }

    /// The correction of this side's last result that makes its copy the
    /// host's, when the offer is from a copy of the same series that
    /// differs from this one in the last result only (a result struck out
    /// changes the game's number, so only the series' id must match).
    #[must_use]
    pub fn correction_in(&self, offer: &Terms) -> Option<&Correction> {
        match &offer.series {
            Some((id, _, record)) if *id == self.id => {
                self.corrections.iter().find(|c| c.record == *record)
            }
            _ => None,
        }
    }

    /// Why the host's offer is not this series game, if it is not: it
    /// must be the same series and number with the same komi, handicap and
    /// colours (the board and clock are the host's to choose), from a copy
    /// of the series with the same record.
    pub fn mismatch(&self, offer: &Terms) -> Option<String> {
        let (id, number) = (&self.id, self.number);
        if let Some(c) = self.correction_in(offer) {
            return Some(format!(
                "the copies of series {id} differ in the last result only, and neither side \
                 took the other's (to match the host's copy: {}); the joiner takes the host's \
                 with kaisho join --take-correction (or c and {} on the series screen, or \
                 kaisho series correct {id} --winner {}), the host takes the joiner's with \
                 kaisho host --take-correction",
                c.said, c.word, c.word
            ));
        }
        match &offer.series {
            Some((i, n, _)) if *i != self.id || *n != number => Some(format!(
                "this is not series {id} game {number} as this side's copy has it \
                 (the offer is series {i} game {n}); compare the series with the partner"
            )),
            None => Some(format!(
                "this side expects series {id} game {number}, and the offer is no series game"
            )),
            _ if offer.komi_halves != self.komi_halves
                || offer.handicap != self.handicap
                || offer.colors != self.colors =>
            {
                Some(format!(
                    "this is not series {id} game {number} as this side's copy has it \
                     (komi, handicap or colours differ); compare the series with the partner"
                ))
            }
            Some((.., record)) if *record != self.record => Some(format!(
                "the two copies of series {id} differ in a recorded result (one was \
                 corrected on one side only); correct it on both sides (c on the series \
                 screen, or kaisho series correct) before game {number}"
            )),
            _ => None,
        }
    }
}

/// A digest of a series' record (its nigiris and results in order), the
/// same on every machine: FNV-1a over one code per event.
#[must_use]
pub fn record_digest(series: &Series) -> u64 {
    let seat = |s: Seat| s.index() as u8;
    let codes = series.events().iter().flat_map(|e| match *e {
        SeriesEvent::Nigiri { black } => [0, seat(black)],
        SeriesEvent::Game(SeriesResult::Win(winner)) => [1, seat(winner)],
        SeriesEvent::Game(SeriesResult::Jigo) => [2, 0],
        SeriesEvent::Game(SeriesResult::NoResult) => [3, 0],
        SeriesEvent::Game(SeriesResult::BothLose) => [4, 0],
    });
    codes.fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The seat of the player named `name`.
#[must_use]
pub fn seat_of(series: &Series, name: &str) -> Option<Seat> {
    Seat::BOTH
        .into_iter()
        .find(|&s| series.setup().player(s).name == name)
}

/// Records the result of ended network game `game`, whose Black is named
/// `black`, in this side's copy of its series (`sg` changes); what is to
/// be saved and said, in `lang`.
pub fn record_network_game(
    lang: Lang,
    sg: &mut SeriesGame,
    black: &str,
    game: &Game,
) -> Option<SeriesStep> {
    // After a nigiri over the network the series learns who took Black.
    if sg.terms.black.is_none() {
        let Some(seat) = seat_of(&sg.series, black) else {
            let id = sg.id.to_string();
            let note = SeriesNote::NotAPlayerOf {
                name: black,
                id: &id,
            };
            return Some(SeriesStep::Refused(series_note(lang, note)));
        };
        if let Err(e) = sg.series.nigiri(seat) {
            let e = e.to_string();
            return Some(SeriesStep::Refused(series_note(
                lang,
                SeriesNote::NotTaken(&e),
            )));
        }
        sg.terms = sg.series.next_game();
    }
    record_series(lang, sg, game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::series_typed::{corrected, setup_from_line};

    /// Aki and Ben's series after Ben's win and Aki's, as each side's copy.
    fn copies() -> (SeriesId, Series) {
        let mut series =
            Series::new(setup_from_line("Aki, Ben; sen-ai-sen; Aki").unwrap()).unwrap();
        series.record(SeriesResult::Win(Seat::Second)).unwrap();
        series.record(SeriesResult::Win(Seat::First)).unwrap();
        (SeriesId::parse("aki-ben").unwrap(), series)
    }

    #[test]
    fn copies_that_agree_play_the_next_game() {
        let (id, series) = copies();
        let host = SeriesTerms::of_player(&id, &series, "Aki", true).unwrap();
        let joiner = SeriesTerms::of_player(&id, &series, "Ben", false).unwrap();
        let offer = host.offer(19, TimeW::None);
        assert_eq!(joiner.mismatch(&offer), None);
    }

    #[test]
    fn a_result_corrected_on_one_side_only_stops_the_next_game() {
        let (id, series) = copies();
        // The host corrected game 2 to a draw; the joiner's copy still has Aki's win.
        let fixed = corrected(&series, Some(SeriesResult::Jigo)).unwrap();
        let host = SeriesTerms::of_player(&id, &fixed, "Aki", true).unwrap();
        let joiner = SeriesTerms::of_player(&id, &series, "Ben", false).unwrap();
        let offer = host.offer(19, TimeW::None);
        // Same game number and, here, the same komi, handicap and colours:
        assert_eq!(offer.series.as_ref().map(|s| s.1), Some(joiner.number));
        let why = joiner.mismatch(&offer).expect("the copies differ");
        assert!(why.contains("differ in the last result only"), "{why}");
        assert!(why.contains("c and draw"), "{why}");
        assert!(
            why.contains("game 2 corrected: 持碁 (jigo), a draw (was: Aki wins)"),
            "{why}"
        );
        // Copies that differ otherwise are refused in general words.
        let mut other = fixed.clone();
        other.record(SeriesResult::Jigo).unwrap();
        let host = SeriesTerms::of_player(&id, &other, "Aki", true).unwrap();
        let mut offer = host.offer(19, TimeW::None);
        offer.series = Some((id.to_string(), joiner.number, host.record));
        let why = joiner.mismatch(&offer).expect("the copies differ");
        assert!(why.contains("differ in a recorded result"), "{why}");
    }
}
