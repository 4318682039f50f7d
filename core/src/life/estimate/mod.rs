//! The estimate (推定): a verdict for the chains no proof settles.
//!
//! Proofs settle most chains of a finished game, but not all: an invader
//! in a territory of several walls, a tangle beyond the node budget. Two
//! players who still agree are served better by "estimated dead: check it"
//! than by a question mark, so the draft gives those chains a second kind
//! of verdict, always labelled as such, that never overrides a proof.
//!
//! The estimate is the ownership of many playouts (`playout`), as Monte
//! Carlo programs draw their dead-stone lists, from the stopped position
//! with the chains already settled dead inside living walls taken off
//! (`settled`, read twice), as players read what is left once those are
//! agreed: a chain whose points its owner keeps in most playouts is
//! estimated alive, one whose points its owner keeps in few is estimated
//! dead, and one in between stays unsettled. A living chain next to a
//! liberty that most playouts leave to nobody is estimated in seki, as a
//! seki's shared liberties stay empty when neither side fills its own
//! liberties. Two limits keep it honest:
//!
//! - a chain with two liberties into an empty region of
//!   [`rooms::OPEN_AREA`] points or more is never estimated dead while a
//!   living chain of its colour also borders that region (the region is
//!   still open, and its owner may live there), nor while any chain of
//!   the other colour around it is neither proven alive nor estimated
//!   alive by the same margin as any chain ([`ALIVE_MARGIN_TENTHS`]): a
//!   wall that playouts still break may be broken in play, as on a board
//!   stopped before its borders were closed;
//! - an estimated dead chain touching a dead chain of the other colour
//!   stays unsettled: one of the two lives, and no playout shows which for
//!   sure.

mod ownership;
mod playout;
mod random;
mod settled;

pub use ownership::Ownership;
pub use settled::{Settled, position};

use super::answered;
use super::grid::Grid;
use super::rooms;
use super::verdict::{Analysis, Reason, Status};
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// Moves the draft's playouts may play in all: 200 playouts of a 9×9
/// position, fewer on larger boards, so that the estimate of a stopped
/// 19×19 position reads in tens of milliseconds (`cargo bench -p
/// kaisho-core --bench life`).
const POINTS_PLAYED: u32 = 16_200;
/// The fewest playouts read on any board, so that a share is never
/// decided by a handful of games.
const MIN_PLAYOUTS: u32 = 48;

/// Playouts the draft reads on a board of `size` lines.
#[must_use]
pub fn playouts(size: u8) -> u32 {
    let points = u32::from(size) * u32::from(size);
    (POINTS_PLAYED / points.max(1)).max(MIN_PLAYOUTS)
}

/// How many tenths of the other side's share of playouts one side must
/// end with a chain's points in for an estimate: below, it stays
/// unsettled. At 14 a chain its owner keeps in 59 % of the playouts
/// (and loses in 41 %) is estimated alive, one kept in 41 % dead.
pub const MARGIN_TENTHS: u32 = 14;
/// The margin, in tenths, for an estimate of life: larger than for death,
/// since a chain wrongly left alive is the mistake a player misses (its
/// stones look like stones), while a chain wrongly marked dead is seen at
/// once. At 20 a chain is estimated alive where its owner keeps it in two
/// playouts out of three.
pub const ALIVE_MARGIN_TENTHS: u32 = 20;
/// The share of playouts, in thousandths, in which a liberty ends owned
/// by nobody, from which a living chain beside it is estimated in seki.
const SEKI_DAME: u32 = 500;

/// The draft of `board`: the verdicts of `proven`, and the estimate from
/// `ownership` for every chain they leave unsettled. A capture whose
/// capturing stones the estimate finds dead is no proof (Art. 7.1,
/// `answered::by_estimate`): its chain is estimated too, from the same
/// ownership.
#[must_use]
pub fn complete(proven: &Analysis, board: &Board, ownership: &Ownership) -> Analysis {
    let first = estimated(proven, board, ownership);
    let answered = answered::by_estimate(&first, board);
    let mut out = if answered.is_empty() {
        first
    } else {
        let mut again = proven.clone();
        for k in answered {
            answered::withdraw(&mut again.chains[k]);
        }
        estimated(&again, board, ownership)
    };
    undo_touching_dead(&mut out, board);
    out
}

/// The verdicts of `proven`, and the estimate from `ownership` for every
/// chain they leave unsettled, before [`undo_touching_dead`].
fn estimated(proven: &Analysis, board: &Board, ownership: &Ownership) -> Analysis {
    let grid = Grid::new(board);
    let mut out = proven.clone();
    let mut dead: Vec<bool> = vec![false; grid.chains.len()];
    let mut proven_alive: Vec<bool> = vec![false; grid.chains.len()];
    let mut candidates = Vec::new();
    for (k, chain) in out.chains.iter_mut().enumerate() {
        let c = grid.chain_of[grid.index(chain.stones[0])];
        dead[c] = chain.status == Status::Dead;
        proven_alive[c] = matches!(chain.status, Status::Alive | Status::Seki);
        if chain.status != Status::Unsettled {
            continue;
        }
        let kept = ownership.mean_share(&chain.stones, chain.color);
        let taken = ownership.mean_share(&chain.stones, chain.color.opponent());
        // A chain the search found inside the other side's territory but
        // could not prove captured is estimated dead once its owner loses
        // it more often than not, unless it faces a room wider than
        // WIDE_REGION points, where it needs the margin like any other.
        let wide = rooms::widest_room(&grid, c).is_some_and(|room| room > rooms::WIDE_REGION);
        let invader = matches!(chain.reason, Reason::InvaderUnproven { .. }) && !wide;
        if lives(kept, taken) {
            let seki = board.liberties(chain.stones[0]).into_iter().any(|l| {
                1000 - ownership.share(l, Color::Black) - ownership.share(l, Color::White)
                    >= SEKI_DAME
            });
            chain.status = if seki { Status::Seki } else { Status::Alive };
            chain.reason = Reason::Estimated { kept };
        } else if 10 * taken >= MARGIN_TENTHS * kept || (invader && taken > kept) {
            dead[c] = true;
            candidates.push((k, c, kept));
        } else {
            chain.reason = Reason::Estimated { kept };
        }
    }
    // A wall closes a room where the estimate would call it alive.
    let sure = |other: usize| {
        let stones: Vec<Point> = grid.chains[other].iter().map(|&i| grid.point(i)).collect();
        let color = grid.color(other);
        lives(
            ownership.mean_share(&stones, color),
            ownership.mean_share(&stones, color.opponent()),
        )
    };
    for (k, c, kept) in candidates {
        let color = grid.color(c);
        let closing = |other: usize| {
            dead[other] || (grid.color(other) != color && (proven_alive[other] || sure(other)))
        };
        if !rooms::in_closed_room(&grid, c, closing) {
            continue;
        }
        let chain = &mut out.chains[k];
        chain.status = Status::Dead;
        chain.reason = Reason::Estimated { kept };
    }
    out
}
/// Whether a chain its owner keeps in `kept` thousandths of the playouts
/// and loses in `taken` is estimated alive: kept at least
/// [`ALIVE_MARGIN_TENTHS`] tenths as often as lost.
fn lives(kept: u32, taken: u32) -> bool {
    10 * kept >= ALIVE_MARGIN_TENTHS * taken && kept > 0
}

/// Estimated dead chains that touch a dead chain of the other colour
/// become unsettled.
fn undo_touching_dead(analysis: &mut Analysis, board: &Board) {
    let dead = analysis.dead();
    for chain in &mut analysis.chains {
        if chain.status != Status::Dead || chain.is_proven() {
            continue;
        }
        let touching = chain.stones.iter().any(|&s| {
            board
                .adjacent(s)
                .any(|n| board.get(n) == Some(chain.color.opponent()) && dead.contains(&n))
        });
        if touching {
            chain.status = Status::Unsettled;
        }
    }
}
