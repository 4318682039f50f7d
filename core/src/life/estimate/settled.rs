//! The positions the estimate's playouts start from: the stopped board
//! with the chains already settled dead inside living walls taken off.
//!
//! Players settle a position the same way: once a chain is agreed dead in
//! a living group's area, they take it off in their minds and read only
//! the fights that remain. Played out with those stones still on the
//! board, a playout spends moves capturing them again, and now and then
//! lets them break a wall they cannot break in play, which blurs the
//! shares of the chains beside them.
//!
//! The estimate reads twice. The first reading takes off the chains proven
//! dead whose every neighbouring chain of the other colour is proven
//! alive; a dead chain with any wall not proven alive stays on, since its
//! proof may rest on that wall's life, which the playouts are there to
//! judge (Art. 7.1, `answered::by_estimate`). The second takes off, in the
//! same way, the chains the first reading's draft calls dead inside walls
//! it calls alive, proven or estimated, and reads the fights that are left
//! again: its draft is the estimate. Both keep to the proofs, since the
//! draft never lets an estimate override one.

use super::super::verdict::{Analysis, Status};
use super::complete;
use super::ownership::Ownership;
use crate::board::Board;
use crate::point::Point;

/// The two readings' ownerships, each kept while later verdicts take off
/// the same stones, so that a reading in slices plays out again only
/// when a new proof changes the position a reading starts from.
#[derive(Default)]
pub struct Settled {
    first: Option<Read>,
    second: Option<Read>,
}

/// One reading: the stones taken off and the ownership of what is left.
struct Read {
    taken_off: Vec<Point>,
    ownership: Ownership,
}

impl Settled {
    /// The complete draft of `board`: the verdicts of `proven`, and the
    /// second reading's estimate for every chain they leave unsettled (the
    /// first reading's, when the second would take off the same stones).
    pub fn complete(&mut self, proven: &Analysis, board: &Board) -> Analysis {
        let first = complete(
            proven,
            board,
            read(&mut self.first, taken_off(proven, board), board),
        );
        let again = taken_off(&first, board);
        if self.first.as_ref().is_some_and(|k| k.taken_off == again) {
            return first;
        }
        complete(proven, board, read(&mut self.second, again, board))
    }
}

/// The ownership of `board` without the stones on `taken_off`, from
/// `kept` when it was read for the same stones.
fn read<'a>(kept: &'a mut Option<Read>, taken_off: Vec<Point>, board: &Board) -> &'a Ownership {
    let read = kept
        .take()
        .filter(|k| k.taken_off == taken_off)
        .unwrap_or_else(|| Read {
            ownership: Ownership::of(&without(board, &taken_off)),
            taken_off,
        });
    &kept.insert(read).ownership
}

/// The position a reading's playouts start from: `board` without the
/// stones [`taken_off`] by `verdicts` (the proofs for the first reading,
/// the first reading's draft for the second).
#[must_use]
pub fn position(verdicts: &Analysis, board: &Board) -> Board {
    without(board, &taken_off(verdicts, board))
}

/// The stones of the chains `verdicts` calls dead whose every neighbouring
/// chain of the other colour it calls alive, sorted.
fn taken_off(verdicts: &Analysis, board: &Board) -> Vec<Point> {
    let size = usize::from(board.size());
    let index = |p: Point| usize::from(p.row) * size + usize::from(p.col);
    let mut alive = vec![false; size * size];
    for chain in &verdicts.chains {
        if chain.status == Status::Alive {
            for &s in &chain.stones {
                alive[index(s)] = true;
            }
        }
    }
    let mut out: Vec<Point> = verdicts
        .chains
        .iter()
        .filter(|c| c.status == Status::Dead)
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
