//! The position the estimate's playouts start from: the stopped board with
//! the chains already proven dead inside proven living walls taken off.
//!
//! Players settle a position the same way: once a chain is agreed dead in
//! a living group's area, they take it off in their minds and read only
//! the fights that remain. Played out with those stones still on the
//! board, a playout spends moves capturing them again, and now and then
//! lets them break a wall they cannot break in play, which blurs the
//! shares of the chains beside them. A dead chain with any wall not proven
//! alive stays on, since its proof may rest on that wall's life, which the
//! playouts are there to judge (Art. 7.1, `answered::by_estimate`).

use super::super::verdict::{Analysis, Status};
use super::ownership::Ownership;
use crate::board::Board;
use crate::point::Point;

/// The playouts' ownership for one set of proven verdicts, kept while
/// further proofs take off the same stones.
pub struct Settled {
    taken_off: Vec<Point>,
    ownership: Ownership,
}

impl Settled {
    /// Reads the ownership of `board` with the stones [`taken_off`] by
    /// `proven`.
    #[must_use]
    pub fn read(proven: &Analysis, board: &Board) -> Settled {
        let taken_off = taken_off(proven, board);
        let ownership = Ownership::of(&without(board, &taken_off));
        Settled {
            taken_off,
            ownership,
        }
    }

    /// Reads the ownership again only if `proven` takes off other stones
    /// than the verdicts it was read for.
    pub fn update(&mut self, proven: &Analysis, board: &Board) {
        let taken_off = taken_off(proven, board);
        if taken_off != self.taken_off {
            self.ownership = Ownership::of(&without(board, &taken_off));
            self.taken_off = taken_off;
        }
    }

    /// The ownership the estimate reads.
    #[must_use]
    pub fn ownership(&self) -> &Ownership {
        &self.ownership
    }
}

/// The stones of the chains `proven` dead by a proof whose every
/// neighbouring chain of the other colour is proven alive, sorted.
fn taken_off(proven: &Analysis, board: &Board) -> Vec<Point> {
    let size = usize::from(board.size());
    let index = |p: Point| usize::from(p.row) * size + usize::from(p.col);
    let mut alive = vec![false; size * size];
    for chain in &proven.chains {
        if chain.status == Status::Alive && chain.is_proven() {
            for &s in &chain.stones {
                alive[index(s)] = true;
            }
        }
    }
    let mut out: Vec<Point> = proven
        .chains
        .iter()
        .filter(|c| c.status == Status::Dead && c.is_proven())
        .filter(|c| {
            c.stones.iter().all(|&s| {
                board
                    .adjacent(s)
                    .all(|n| board.get(n) != Some(c.color.opponent()) || alive[index(n)])
            })
        })
        .flat_map(|c| c.stones.iter().copied())
        .collect();
    out.sort_unstable();
    out
}

/// The position the playouts start from: `board` without the stones
/// [`taken_off`] by `proven`.
#[must_use]
pub fn position(proven: &Analysis, board: &Board) -> Board {
    without(board, &taken_off(proven, board))
}

/// `board` without the stones on `points`.
fn without(board: &Board, points: &[Point]) -> Board {
    let mut out = Board::new(board.board_size());
    for p in board.points() {
        if let Some(color) = board.get(p)
            && points.binary_search(&p).is_err()
        {
            out.set_up(color, p);
        }
    }
    out
}
