//! The facts of an applied event gathered from the game, for the
//! catalog's one event sentence ([`crate::words::sentence`]): the message
//! line and plain mode tell what the screen knows (the stones taken, the
//! count a proposal gives).

use crate::words::Naming;
use crate::words::{self, Told};
use kaisho_core::confirm::Scratch;
use kaisho_core::{Board, Color, Effect, Event, Game, Point};

/// The board a player sees: the scratch board while a play-out is open,
/// else the game's. What a move captured is read from it, before and
/// after.
#[must_use]
pub fn shown(game: &Game) -> &Board {
    game.playout().map_or(game.board(), Scratch::board)
}

/// Describes `event`, just applied to `game`, where the board shown
/// ([`shown`]) was `before`.
#[must_use]
pub fn describe(
    event: &Event,
    effect: Effect,
    before: &Board,
    game: &Game,
    naming: Naming,
) -> String {
    let size = game.settings().size.get();
    // A scratch move reports no captures of the game's: its board tells.
    let taken: Vec<Point> = match *event {
        Event::Play { color, .. } if effect.captured > 0 => taken_by(color, before, game),
        Event::PlayoutPlay { color, .. } => taken_by(color, before, game),
        _ => Vec::new(),
    };
    let proposal = game.proposals().last();
    let told = Told {
        event,
        moves: game.move_number(),
        taken: &taken,
        repetition: effect.repetition,
        stopped: effect.stopped,
        outcome: game.outcome(),
        proposal: u32::try_from(game.proposals().len()).unwrap_or(u32::MAX),
        count: proposal
            .and_then(|last| game.count_with(&last.dead).ok())
            .map(|score| score.outcome()),
        to_move: game.to_move(),
    };
    words::sentence(&told, naming, size)
}

/// The stones of `color`'s opponent on `before` that the board shown no
/// longer holds.
fn taken_by(color: Color, before: &Board, game: &Game) -> Vec<Point> {
    let after = shown(game);
    before
        .points()
        .filter(|&p| before.get(p) == Some(color.opponent()) && after.get(p).is_none())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Lang;
    use kaisho_core::{BoardSize, Color, Komi, Point, Settings};

    #[test]
    fn a_capture_names_the_stones_taken() {
        let settings = Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN);
        let mut game = Game::new(settings).unwrap();
        let at = |name| Point::parse_gtp(name, 9).unwrap();
        for (color, name) in [
            (Color::Black, "A2"),
            (Color::White, "A1"),
            (Color::Black, "E5"),
            (Color::White, "B1"),
        ] {
            game.apply(Event::Play {
                color,
                point: at(name),
            })
            .unwrap();
        }
        let before = game.board().clone();
        let event = Event::Play {
            color: Color::Black,
            point: at("C1"),
        };
        let effect = game.apply(event.clone()).unwrap();
        let text = describe(&event, effect, &before, &game, Naming::default());
        assert_eq!(text, "move 5, Black C1");
        let before = game.board().clone();
        let event = Event::Play {
            color: Color::White,
            point: at("H8"),
        };
        let effect = game.apply(event.clone()).unwrap();
        assert_eq!(
            describe(&event, effect, &before, &game, Naming::default()),
            "move 6, White H8"
        );
        let before = game.board().clone();
        let event = Event::Play {
            color: Color::Black,
            point: at("B2"),
        };
        let effect = game.apply(event.clone()).unwrap();
        assert_eq!(
            describe(&event, effect, &before, &game, Naming::default()),
            "move 7, Black B2, captures 2 at A1 B1"
        );
        let ja = Naming {
            lang: Lang::Ja,
            ..Naming::default()
        };
        assert_eq!(
            describe(&event, effect, &before, &game, ja),
            "7手目 黒 B2、2子取り (A1 B1)"
        );
    }
}
