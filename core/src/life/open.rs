//! Chains on the edge of an open area: an empty region too large to search
//! that is nobody's territory, as where a game was stopped before a border
//! was closed, or a diagram shows shapes with open walls.
//!
//! Such a chain reaches at least [`OPEN_LIBERTIES`] liberties into the open
//! region. Whether it lives depends on play that has not happened, so it
//! is left [`super::Status::Unsettled`]; but no hypothetical play inside the
//! shapes it encloses can take it either, since those moves never touch the
//! open region. So it serves as a wall that cuts the board into areas, and
//! the shapes behind it are judged on their own (部分的死活論), where before
//! the whole board was one area too large to search.

use super::benson;
use super::grid::Grid;

/// The fewest liberties in the open region that make a chain a wall.
pub const OPEN_LIBERTIES: usize = 2;

/// For each chain, the size of the open region it borders, if it is a wall
/// of one: a chain that is not `safe`, not an invader in the other
/// colour's territory, and has [`OPEN_LIBERTIES`] liberties in an empty
/// region of more than `max_area` points.
pub(crate) fn walls(
    grid: &Grid,
    safe: &[bool],
    alive: &[bool],
    max_area: usize,
) -> Vec<Option<usize>> {
    let mut out = vec![None; grid.chains.len()];
    for region in grid.empty_regions() {
        if region.len() <= max_area {
            continue;
        }
        for c in grid.chains_around(&region) {
            let liberties = region
                .iter()
                .filter(|&&p| grid.neighbours(p).any(|m| grid.chain_of[m] == c))
                .count();
            if liberties >= OPEN_LIBERTIES
                && !safe[c]
                && !benson::inside_territory(grid, c, safe, alive)
            {
                out[c] = Some(out[c].map_or(region.len(), |n: usize| n.max(region.len())));
            }
        }
    }
    out
}
