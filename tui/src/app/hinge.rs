//! The count while chains are unsettled: provisional, and where one such
//! chain decides the game, both outcomes side by side ("B+2.5 if C3 is
//! dead, W+33.5 if alive"), so that no one reads a winner that rests on a
//! guess.

use crate::words::{self, Lang, Say};
use kaisho_core::life::ChainVerdict;
use kaisho_core::{Game, Outcome, Point};

/// The most hinges the panel names; more unsettled chains than this that
/// each decide the game are a position for the players, not a list.
pub const MAX_HINGES: usize = 2;

/// An unsettled chain whose verdict decides the winner of the count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hinge {
    /// The chain's first stone, to name it.
    pub chain: Point,
    /// The outcome with the chain dead.
    pub dead: Outcome,
    /// The outcome with the chain alive.
    pub alive: Outcome,
}

impl Hinge {
    /// Both results in words, the chain called `chain`: "B+2.5 if C3 is
    /// dead, W+33.5 if alive".
    #[must_use]
    pub fn said(&self, lang: Lang, chain: &str) -> String {
        let both = Say::Hinge {
            chain,
            dead: &self.dead.result_string(),
            alive: &self.alive.result_string(),
        };
        words::say(lang, both)
    }
}

/// The unsettled chains among `unsettled` whose marking, turned the other
/// way from `marks`, changes the winner of the count, up to [`MAX_HINGES`].
pub fn hinges<'a>(
    game: &Game,
    marks: &[Point],
    unsettled: impl Iterator<Item = &'a ChainVerdict>,
) -> Vec<Hinge> {
    let Ok(now) = game.count_with(marks) else {
        return Vec::new();
    };
    let now = now.outcome();
    let mut out = Vec::new();
    for chain in unsettled {
        let marked = chain.stones.iter().any(|p| marks.contains(p));
        let turned: Vec<Point> = if marked {
            marks
                .iter()
                .copied()
                .filter(|p| !chain.stones.contains(p))
                .collect()
        } else {
            marks.iter().chain(&chain.stones).copied().collect()
        };
        let Ok(other) = game.count_with(&turned) else {
            continue;
        };
        let other = other.outcome();
        if other.winner() == now.winner() {
            continue;
        }
        let (dead, alive) = if marked { (now, other) } else { (other, now) };
        out.push(Hinge {
            chain: chain.stones[0],
            dead,
            alive,
        });
        if out.len() == MAX_HINGES {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::life::{Reason, Status};
    use kaisho_core::{BoardSize, Color, Event, Komi, Settings};

    fn p(name: &str) -> Point {
        Point::parse_gtp(name, 9).unwrap()
    }

    /// Black's wall on E, White's on F; White's C3–C2 in Black's area,
    /// Black's H3–H2 in White's.
    fn walls() -> Game {
        let mut game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
        let moves = [
            "E5", "F5", "E4", "F4", "E6", "F6", "E3", "F3", "E7", "F7", "E2", "F2", "E8", "F8",
            "E1", "F1", "E9", "F9", "H3", "C3", "H2", "C2", "C4", "G3", "D2", "H4",
        ];
        for m in moves {
            let color = game.to_move();
            game.apply(Event::Play { color, point: p(m) }).unwrap();
        }
        game
    }

    fn unsettled(stones: &[&str], color: Color) -> ChainVerdict {
        let mut stones: Vec<Point> = stones.iter().map(|s| p(s)).collect();
        stones.sort_unstable();
        ChainVerdict {
            stones,
            color,
            status: Status::Unsettled,
            reason: Reason::NotJudged,
            proof: None,
        }
    }

    #[test]
    fn an_unsettled_chain_that_decides_the_game_names_both_results() {
        let game = walls();
        let marks: Vec<Point> = ["H2", "H3"].iter().map(|s| p(s)).collect();
        let chain = unsettled(&["C3", "C2"], Color::White);
        let found = hinges(&game, &marks, std::iter::once(&chain));
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].chain, p("C3"));
        assert_eq!(found[0].dead.result_string(), "B+2.5");
        assert_eq!(found[0].alive.result_string(), "W+33.5");
        let mut marked = marks.clone();
        marked.extend([p("C2"), p("C3")]);
        let again = hinges(&game, &marked, std::iter::once(&chain));
        assert_eq!(again, found, "the same both ways round");
    }

    #[test]
    fn an_unsettled_chain_that_changes_no_winner_is_not_named() {
        let game = walls();
        let marks: Vec<Point> = ["C2", "C3"].iter().map(|s| p(s)).collect();
        let chain = unsettled(&["H3", "H2"], Color::Black);
        assert!(hinges(&game, &marks, std::iter::once(&chain)).is_empty());
    }
}
