//! A ko stone is judged with the group around its ko point.
//!
//! A *ko stone* here is a lone stone whose one liberty (the ko point) is
//! otherwise surrounded by stones of its own colour, so that the opponent
//! can take it only by a ko capture: the tooth of a tiger's mouth. The
//! chains around the ko point are its *group*.
//!
//! How Article 7.1 is read for it. The binding Japanese text says
//! 「相手方の着手により取られない石、又は取られても新たに相手方に取られない石を生じうる
//! 石」: it speaks of 石, stones, not of chains, and it does not say that the
//! new stones must stand on the captured points (that is the English
//! column, which is not binding). The booklet's 万年コウ proof (テーマ2 5–8図)
//! shows which stones it judges together: it asks whether Black can take
//! 「白」, the white stones of the shape, the block and the ko stone alike.
//! Black may take the ko stone (7図 黒1) and, after White's pass for the ko,
//! connect there; but the block still stands in seki, and the booklet
//! counts that as White not captured: 「白黒ともに「活き石」。つまり、セキ」, and
//! White's connection changes nothing (「白aとツイでもツガなくてもおなじこと」).
//! So the ko stone lives with its group: while a chain around its ko point
//! lives (alive or seki), the ko stone is not dead, whatever a search on the
//! ko stone alone says (taken and the ko filled, nothing of White stands on
//! its point again, so that search calls it captured).
//!
//! Where the group dies, the ko stone keeps its own verdict, so an open
//! 本コウ (テーマ4 A) still leaves both sides' stones dead, and a false eye's
//! stone dies with the group it fails to save.

use super::grid::Grid;
use super::proof::Proof;
use super::verdict::{Reason, Status};

/// The chains of a ko stone's group, if chain `c` is a ko stone.
fn group_of(grid: &Grid, c: usize) -> Option<Vec<usize>> {
    let [stone] = grid.chains[c][..] else {
        return None;
    };
    let color = grid.cells[stone];
    let mut liberties = grid.neighbours(stone).filter(|&n| grid.cells[n].is_none());
    let (Some(ko_point), None) = (liberties.next(), liberties.next()) else {
        return None;
    };
    let mut group = Vec::new();
    for n in grid.neighbours(ko_point).filter(|&n| n != stone) {
        if grid.cells[n] != color {
            return None;
        }
        group.push(grid.chain_of[n]);
    }
    group.sort_unstable();
    group.dedup();
    (!group.is_empty()).then_some(group)
}

/// Gives every ko stone that is not alive the verdict of its group when a
/// chain of the group lives (or, failing that, is unsettled).
pub(crate) fn follow_groups(grid: &Grid, verdicts: &mut [(Status, Reason, Option<Proof>)]) {
    for c in 0..grid.chains.len() {
        if verdicts[c].0 == Status::Alive {
            continue;
        }
        let Some(group) = group_of(grid, c) else {
            continue;
        };
        let of_group = |s: Status| group.iter().find(|&&g| verdicts[g].0 == s).copied();
        let at = |g: usize| grid.point(grid.chains[g][0]);
        if let Some(g) = of_group(Status::Alive) {
            verdicts[c] = (
                Status::Alive,
                Reason::KoStoneOfLiving { group: at(g) },
                None,
            );
        } else if let Some(g) = of_group(Status::Unsettled) {
            verdicts[c] = (
                Status::Unsettled,
                Reason::KoStoneOfUnsettled { group: at(g) },
                None,
            );
        }
    }
}
