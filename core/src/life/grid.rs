//! A dense copy of a position for the static passes (Benson, areas): points
//! are plain indices `row * n + col`, and chains are numbered once.

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// Stones by index, and the chains they form.
pub(crate) struct Grid {
    pub n: usize,
    pub cells: Vec<Option<Color>>,
    /// The chain number of each stone (`usize::MAX` on empty points).
    pub chain_of: Vec<usize>,
    /// The stones of each chain, by index.
    pub chains: Vec<Vec<usize>>,
}

impl Grid {
    pub fn new(board: &Board) -> Grid {
        let n = usize::from(board.size());
        let cells: Vec<Option<Color>> = board.points().map(|p| board.get(p)).collect();
        let mut grid = Grid {
            n,
            cells,
            chain_of: vec![usize::MAX; n * n],
            chains: Vec::new(),
        };
        for i in 0..n * n {
            if grid.cells[i].is_none() || grid.chain_of[i] != usize::MAX {
                continue;
            }
            let id = grid.chains.len();
            grid.chain_of[i] = id;
            let mut members = vec![i];
            let mut k = 0;
            while k < members.len() {
                for m in grid.neighbours(members[k]) {
                    if grid.cells[m] == grid.cells[i] && grid.chain_of[m] == usize::MAX {
                        grid.chain_of[m] = id;
                        members.push(m);
                    }
                }
                k += 1;
            }
            grid.chains.push(members);
        }
        grid
    }

    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.n) as u8, (i / self.n) as u8)
    }

    /// The dense index of `p`, the inverse of [`Grid::point`].
    pub fn index(&self, p: Point) -> usize {
        usize::from(p.row) * self.n + usize::from(p.col)
    }

    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        crate::dense::neighbours(self.n, i)
    }

    /// The colour of a chain.
    pub fn color(&self, chain: usize) -> Color {
        self.cells[self.chains[chain][0]].expect("a chain holds stones")
    }

    /// The connected set through `start` of points accepted by `inside`.
    pub fn flood(&self, start: usize, inside: impl Fn(&Grid, usize) -> bool) -> Vec<usize> {
        self.flood_marking(start, inside, &mut vec![false; self.cells.len()])
    }

    /// [`Grid::flood`], marking the points found in `seen` (and skipping
    /// points already marked), so that disjoint floods share one array.
    pub fn flood_marking(
        &self,
        start: usize,
        inside: impl Fn(&Grid, usize) -> bool,
        seen: &mut [bool],
    ) -> Vec<usize> {
        let mut out = vec![start];
        seen[start] = true;
        let mut k = 0;
        while k < out.len() {
            for m in self.neighbours(out[k]) {
                if !seen[m] && inside(self, m) {
                    seen[m] = true;
                    out.push(m);
                }
            }
            k += 1;
        }
        out
    }

    /// The connected regions of empty points.
    pub fn empty_regions(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for start in 0..self.cells.len() {
            if !seen[start] && self.cells[start].is_none() {
                out.push(self.flood_marking(start, |g, j| g.cells[j].is_none(), &mut seen));
            }
        }
        out
    }

    /// The distinct chains next to any of `points`, sorted.
    pub fn chains_around(&self, points: &[usize]) -> Vec<usize> {
        let mut out: Vec<usize> = points
            .iter()
            .flat_map(|&i| self.neighbours(i))
            .map(|m| self.chain_of[m])
            .filter(|&c| c != usize::MAX)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}
