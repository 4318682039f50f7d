//! Splitting a stopped position into local areas to search.
//!
//! Chains that are safe (see [`super::benson`]) are fixed; so are empty
//! regions bordered only by safe stones (settled territory and dame between
//! living groups), since play there changes nothing for the chains in
//! doubt. What is left falls into connected *areas*: the chains in doubt
//! and the empty points around them. Each area is searched on its own, as
//! the booklet's 部分的死活論 prescribes (テーマ5: shapes on the same board are
//! judged as if each stood on a board of its own).

use super::grid::Grid;

/// One area of the board whose chains need search.
pub(crate) struct Area {
    /// The chains in doubt, by chain number.
    pub chains: Vec<usize>,
    /// The empty points of the area, where hypothetical moves may be played.
    pub empties: Vec<usize>,
}

/// The areas of `grid` given which chains are safe.
pub(crate) fn areas(grid: &Grid, safe: &[bool]) -> Vec<Area> {
    let total = grid.cells.len();
    let settled = settled_empties(grid, safe);
    let open = |g: &Grid, j: usize| match g.cells[j] {
        Some(_) => !safe[g.chain_of[j]],
        None => !settled[j],
    };
    let mut seen = vec![false; total];
    let mut out = Vec::new();
    for start in 0..total {
        if seen[start] || grid.cells[start].is_none() || !open(grid, start) {
            continue;
        }
        let points = grid.flood_marking(start, open, &mut seen);
        let mut chains = Vec::new();
        let mut empties = Vec::new();
        for &p in &points {
            match grid.cells[p] {
                Some(_) => chains.push(grid.chain_of[p]),
                None => empties.push(p),
            }
        }
        chains.sort_unstable();
        chains.dedup();
        out.push(Area { chains, empties });
    }
    out
}

/// Empty points whose connected empty region touches only safe stones.
fn settled_empties(grid: &Grid, safe: &[bool]) -> Vec<bool> {
    let mut settled = vec![false; grid.cells.len()];
    for region in grid.empty_regions() {
        let all_safe = grid.chains_around(&region).iter().all(|&c| safe[c]);
        for &p in &region {
            settled[p] = all_safe;
        }
    }
    settled
}
