//! The record at hand during a game: the move list, move numbers on the
//! stones, and a look back through the game so far without leaving it. The
//! game goes on meanwhile: a network game's clock runs and the partner's
//! moves arrive; the look shows an earlier position of the same game.

use crate::words::{Lang, Note, note};
use kaisho_core::{Event, Game, Move};

/// What the game screen shows of the record.
#[derive(Clone, Debug, Default)]
pub struct Look {
    /// The move list beside the board.
    pub moves: bool,
    /// Move numbers on the stones.
    pub numbers: bool,
    /// Looking back: the position after this many moves, and that position.
    pub back: Option<(usize, Game)>,
}

/// The position of `game` after its first `moves` moves that stand.
#[must_use]
pub fn position_after(game: &Game, moves: usize) -> Option<Game> {
    let events = game.standing_events();
    // Just after the move numbered `moves`, before whatever followed it.
    let cut = match moves {
        0 => 0,
        n => events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Event::Play { .. } | Event::Pass { .. }))
            .nth(n - 1)
            .map_or(events.len(), |(i, _)| i + 1),
    };
    Game::replay(game.settings().clone(), &events[..cut]).ok()
}

/// The standing moves in `lang`, numbered from 1: `12 B D4`, `13 W pass`.
#[must_use]
pub fn move_words(
    game: &Game,
    lang: Lang,
    name: impl Fn(kaisho_core::Point) -> String,
) -> Vec<String> {
    game.standing_moves()
        .enumerate()
        .map(|(i, m)| {
            let point = match m {
                Move::Play(_, p) => Some(name(p)),
                Move::Pass(_) => None,
            };
            note(
                lang,
                Note::MoveLine {
                    number: i + 1,
                    color: m.color(),
                    point: point.as_deref(),
                },
            )
        })
        .collect()
}

/// The number of the move that put each stone standing on the board, by
/// point index (`row * size + col`); 0 for an empty point.
#[must_use]
pub fn stone_numbers(game: &Game) -> Vec<u32> {
    let size = usize::from(game.settings().size.get());
    let mut numbers = vec![0; size * size];
    for (i, m) in game.standing_moves().enumerate() {
        if let Move::Play(_, p) = m {
            numbers[usize::from(p.row) * size + usize::from(p.col)] = i as u32 + 1;
        }
    }
    for p in game.board().points() {
        if game.board().get(p).is_none() {
            numbers[usize::from(p.row) * size + usize::from(p.col)] = 0;
        }
    }
    numbers
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::{BoardSize, Color, Komi, Point, Settings};

    fn game(moves: &[(Color, &str)]) -> Game {
        let mut game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
        for &(color, name) in moves {
            let event = match name {
                "pass" => Event::Pass { color },
                _ => Event::Play {
                    color,
                    point: Point::parse_gtp(name, 9).unwrap(),
                },
            };
            game.apply(event).unwrap();
        }
        game
    }

    #[test]
    fn a_position_after_some_moves_is_the_replay_of_those_moves() {
        use Color::{Black as B, White as W};
        let mut g = game(&[(B, "E5"), (W, "C3"), (B, "pass"), (W, "pass")]);
        g.apply(Event::RequestResume { by: W }).unwrap();
        g.apply(Event::Play {
            color: B,
            point: Point::parse_gtp("G7", 9).unwrap(),
        })
        .unwrap();
        g.apply(Event::RequestUndo { by: B }).unwrap();
        g.apply(Event::AcceptUndo { by: W }).unwrap();
        g.apply(Event::Play {
            color: B,
            point: Point::parse_gtp("G3", 9).unwrap(),
        })
        .unwrap();
        assert_eq!(position_after(&g, 1).unwrap().move_number(), 1);
        assert_eq!(
            position_after(&g, 4).unwrap().phase(),
            kaisho_core::Phase::Stopped
        );
        let all = position_after(&g, 5).unwrap();
        assert_eq!(all.board(), g.board());
        assert_eq!(position_after(&g, 99).unwrap().board(), g.board());
        assert_eq!(
            move_words(&g, Lang::En, |p| p.to_gtp(9)),
            ["1 B E5", "2 W C3", "3 B pass", "4 W pass", "5 B G3"]
        );
        assert_eq!(
            move_words(&g, Lang::Ja, |p| p.to_gtp(9))[2..4],
            ["3 黒 パス", "4 白 パス"]
        );
    }

    #[test]
    fn a_captured_stone_loses_its_number() {
        use Color::{Black as B, White as W};
        let g = game(&[(B, "A2"), (W, "A1"), (B, "E5"), (W, "F5"), (B, "B1")]);
        let numbers = stone_numbers(&g);
        let at = |name: &str| {
            let p = Point::parse_gtp(name, 9).unwrap();
            numbers[usize::from(p.row) * 9 + usize::from(p.col)]
        };
        assert_eq!(at("A1"), 0, "A1 was captured");
        assert_eq!(at("A2"), 1);
        assert_eq!(at("B1"), 5);
    }
}
