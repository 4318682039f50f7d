//! The count while chains are unsettled: provisional, and where one such
//! chain decides the game, both outcomes side by side ("B+2.5 if C3 is
//! dead, W+33.5 if alive"), so that no one reads a winner that rests on a
//! guess.

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
