//! Chains on the edge of an open area: an empty region of more than
//! [`WIDE_REGION`] points that is nobody's territory, as where a game was
//! stopped before a border was closed, or a diagram shows shapes with open
//! walls.
//!
//! Such a chain reaches at least [`OPEN_LIBERTIES`] liberties into the open
//! region. No hypothetical play inside the shapes it encloses can take it,
//! since those moves never touch the open region. So it serves as a wall
//! that cuts the board into areas, and the shapes behind it are judged on
//! their own (部分的死活論), where before the whole board was one area too
//! large to search.
//!
//! The wall itself is [`super::Status::Unsettled`]: its life depends on
//! play that has not happened in the open region, and however much room it
//! faces, room is no proof that the opponent, moving first, cannot take it
//! (Art. 7.1). Only a search or Benson's test, which need a closed area,
//! could prove it alive.

use super::benson;
use super::grid::Grid;
use super::rooms::{OPEN_LIBERTIES, WIDE_REGION};

/// A chain facing an open region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wall {
    /// The empty points of the largest open region it faces.
    pub region: usize,
}

/// For each chain, the open region it faces, if it is a wall of one: a
/// chain that is not `safe`, not an invader in the other colour's
/// territory, and has [`OPEN_LIBERTIES`] liberties in an empty region of
/// more than [`WIDE_REGION`] points.
pub(crate) fn walls(grid: &Grid, safe: &[bool], known: benson::Known) -> Vec<Option<Wall>> {
    let mut out = vec![None; grid.chains.len()];
    for region in grid.empty_regions() {
        if region.len() <= WIDE_REGION {
            continue;
        }
        for c in grid.chains_around(&region) {
            let liberties = region
                .iter()
                .filter(|&&p| grid.neighbours(p).any(|m| grid.chain_of[m] == c))
                .count();
            if liberties >= OPEN_LIBERTIES
                && !safe[c]
                && !benson::inside_territory(grid, c, safe, known)
            {
                let wall = Wall {
                    region: region.len(),
                };
                if out[c].is_none_or(|known: Wall| known.region < wall.region) {
                    out[c] = Some(wall);
                }
            }
        }
    }
    out
}
