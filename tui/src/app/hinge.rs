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

/// Both ends of a count that rests on unsettled chains: every one of them
/// alive, and every one dead. Where the two name different winners the
/// count is undecided, and no headline says a winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ends {
    /// How many chains are unsettled.
    pub unsettled: usize,
    /// The outcome with every unsettled chain alive.
    pub alive: Outcome,
    /// The outcome with every unsettled chain dead.
    pub dead: Outcome,
}

impl Ends {
    /// Whether both ends name the same winner (or both none).
    #[must_use]
    pub fn decided(&self) -> bool {
        self.alive.winner() == self.dead.winner()
    }

    /// The headline in place of a result: the range, and whether it is
    /// undecided.
    #[must_use]
    pub fn headline(&self, lang: Lang) -> String {
        let (alive, dead) = (self.alive.result_string(), self.dead.result_string());
        let line = if self.decided() {
            Say::EitherWay {
                winner: self.alive.winner(),
                alive: &alive,
                dead: &dead,
            }
        } else {
            Say::Undecided {
                alive: &alive,
                dead: &dead,
            }
        };
        words::say(lang, line)
    }

    /// Which end is which, with the count of unsettled chains.
    #[must_use]
    pub fn said(&self, lang: Lang) -> String {
        let (alive, dead) = (self.alive.result_string(), self.dead.result_string());
        let line = Say::Ends {
            unsettled: self.unsettled,
            alive: &alive,
            dead: &dead,
        };
        words::say(lang, line)
    }
}

/// Both ends of the count with the dead stones `marks` while the chains
/// `unsettled` are unsettled; `None` when none is, or the count fails.
pub fn ends<'a>(
    game: &Game,
    marks: &[Point],
    unsettled: impl Iterator<Item = &'a ChainVerdict>,
) -> Option<Ends> {
    let chains: Vec<&ChainVerdict> = unsettled.collect();
    if chains.is_empty() {
        return None;
    }
    let stones: Vec<Point> = chains
        .iter()
        .flat_map(|c| c.stones.iter().copied())
        .collect();
    let alive: Vec<Point> = marks
        .iter()
        .copied()
        .filter(|p| !stones.contains(p))
        .collect();
    let mut dead = alive.clone();
    dead.extend(&stones);
    Some(Ends {
        unsettled: chains.len(),
        alive: game.count_with(&alive).ok()?.outcome(),
        dead: game.count_with(&dead).ok()?.outcome(),
    })
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
pub(super) mod tests {
    use super::*;
    use kaisho_core::life::{Reason, Status};
    use kaisho_core::{BoardSize, Color, Event, Komi, Settings};

    pub(in crate::app) fn p(name: &str) -> Point {
        Point::parse_gtp(name, 9).unwrap()
    }

    /// Black's wall on E, White's on F; White's C3–C2 in Black's area,
    /// Black's H3–H2 in White's.
    pub(in crate::app) fn walls() -> Game {
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

    pub(in crate::app) fn unsettled(stones: &[&str], color: Color) -> ChainVerdict {
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

    /// The report: six unsettled chains that decide the winner together,
    /// none alone, left "Black wins" on the screen with no hinge. Both ends
    /// of the count are named, and a count whose ends differ is undecided.
    #[test]
    fn several_unsettled_chains_give_both_ends_and_an_undecided_headline() {
        let game = walls();
        let white = unsettled(&["C3", "C2"], Color::White);
        let black = unsettled(&["H3", "H2"], Color::Black);
        let both = [white.clone(), black.clone()];
        let two = ends(&game, &[], both.iter()).unwrap();
        assert_eq!(two.unsettled, 2);
        let all_dead = game
            .count_with(&[p("C3"), p("C2"), p("H3"), p("H2")])
            .unwrap();
        assert_eq!(two.dead, all_dead.outcome());
        assert_eq!(two.alive, game.count_with(&[]).unwrap().outcome());
        let black_dead = [p("H2"), p("H3")];
        let white_dead = ends(&game, &black_dead, std::iter::once(&white)).unwrap();
        assert_eq!(white_dead.dead.result_string(), "B+2.5");
        assert_eq!(white_dead.alive.result_string(), "W+33.5");
        assert!(!white_dead.decided());
        assert_eq!(white_dead.headline(Lang::En), "undecided: W+33.5 or B+2.5");
        assert_eq!(
            white_dead.said(Lang::En),
            "1 chain unsettled (?): W+33.5 if it lives, B+2.5 if it dies"
        );
        assert!(ends(&game, &[], std::iter::empty()).is_none());
    }

    #[test]
    fn an_unsettled_chain_that_changes_no_winner_is_not_named() {
        let game = walls();
        let marks: Vec<Point> = ["C2", "C3"].iter().map(|s| p(s)).collect();
        let chain = unsettled(&["H3", "H2"], Color::Black);
        assert!(hinges(&game, &marks, std::iter::once(&chain)).is_empty());
    }
}
