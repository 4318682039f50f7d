//! Splitting a stopped position into local areas to search.
//!
//! Chains that are safe (see [`super::benson`]) are fixed; so are empty
//! regions bordered only by safe stones (settled territory and dame between
//! living groups), since play there changes nothing for the chains in
//! doubt. What is left falls into connected *areas*: the chains in doubt
//! and the empty points around them. Each area is searched on its own, as
//! the booklet's 部分的死活論 prescribes (テーマ5: shapes on the same board are
//! judged as if each stood on a board of its own).

use super::benson;
use super::grid::Grid;
use super::open;

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

/// The points of the area holding chain `c` as the analysis first cuts the
/// board, from the position alone: every point reachable from the chain
/// without crossing a stone of a chain that is a wall before any search
/// (safe by [`benson::safety`], or a wall of an open region, see
/// [`open::walls`]). A capture proven against every defence must let the
/// defender play on all of them; a proof that holds it to fewer is no
/// proof. Later rounds of the analysis, which also take chains the search
/// found alive for walls, cut the same or smaller areas, and their
/// captures are checked against this one.
pub(crate) fn static_area(grid: &Grid, c: usize) -> Vec<usize> {
    let safe: Vec<bool> = benson::safety(grid, benson::NOTHING_KNOWN)
        .iter()
        .map(Option::is_some)
        .collect();
    let walls = open::walls(grid, &safe, benson::NOTHING_KNOWN);
    let wall = |chain: usize| safe[chain] || walls[chain].is_some();
    grid.flood(grid.chains[c][0], |g, j| {
        g.cells[j].is_none() || !wall(g.chain_of[j])
    })
}
