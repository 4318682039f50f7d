//! Benson's test on the closure of a few chains, with buffers kept from
//! call to call: the search asks it after every defender's stone, and
//! after every large capture with large territories counting as two eyes
//! (`benson::safe_chains`), and the whole board's test there cost more
//! than the rest of a node. The test reads the board cell by cell
//! (`Board::cell`), points only at its edges.

use crate::board::Board;
use crate::color::Color;
use crate::life::benson::Counts;
use crate::point::{MAX_SIZE, Point};

/// A chain or region number no closure reaches (a closure has at most one
/// chain per point and one region per empty point).
const NONE: u16 = u16::MAX;

/// What one test has written on a cell.
#[derive(Clone, Copy)]
struct Marks {
    /// The closure's chain standing there.
    chain: u16,
    /// The region through it.
    region: u16,
    /// The chain whose flood last gave up there: the region through it is
    /// not vital to that chain.
    not_vital_to: u16,
    /// The flood that last reached it.
    flood: u32,
}

const UNMARKED: Marks = Marks {
    chain: NONE,
    region: NONE,
    not_vital_to: NONE,
    flood: 0,
};

/// Which regions give a chain life.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// Benson's test: a region whose empty points are all the chain's
    /// liberties counts once.
    Unconditional,
    /// Benson's test where a large territory with a liberty of the chain
    /// counts twice (`benson::safe_chains`, nothing known).
    LargeTerritory,
}

/// A region read by a test.
#[derive(Clone, Copy)]
struct Region {
    /// Its cells' range in [`Closure::points`].
    points: (usize, usize),
    /// Whether it is too large for the opponent to live in.
    large: bool,
    /// Its chains' range in [`Closure::around`], once it is in the closure
    /// (it counts for one of the closure's chains).
    around: Option<(usize, usize)>,
    /// The last chain it was weighed for: a chain's seeds in one region
    /// weigh it once.
    weighed_for: u16,
}

/// The buffers of Benson's test on a closure (see [`Closure::alive`] and
/// [`Closure::safe`]). Lists of lists are kept flat, each item's part
/// given by a range, so that a test allocates nothing once the buffers
/// have grown to the largest closure seen. Points are the board's cells.
#[derive(Default)]
pub(in crate::life) struct Closure {
    /// Per cell, the test that wrote its marks and the marks: marks left
    /// by an earlier test read as none, so no test clears them.
    marks: Vec<(u32, Marks)>,
    /// The number of the test under way.
    test: u32,
    /// The floods of the test under way.
    floods: u32,
    /// The stones of the closure's chains, chain after chain.
    stones: Vec<usize>,
    chains: Vec<(usize, usize)>,
    /// The regions that count for each chain and what each counts, chain
    /// after chain: all of a chain's are found while its own stones are read.
    vital: Vec<(u16, u8)>,
    vital_of: Vec<(usize, usize)>,
    /// The cells of the regions read, region after region.
    points: Vec<usize>,
    regions: Vec<Region>,
    /// The chains around the regions in the closure.
    around: Vec<u16>,
    /// The cells one flood has reached.
    flood: Vec<usize>,
    /// The cells next to one chain, or one chain's liberties.
    seeds: Vec<usize>,
    live: Vec<bool>,
    healthy: Vec<bool>,
}

/// Whether cell `i` of `board` is on the board and holds no stone of
/// `color`: a point of one of `color`'s regions.
fn in_region(board: &Board, color: Color, i: usize) -> bool {
    board.at_cell(i).is_some_and(|stone| stone != Some(color))
}

/// Whether cell `i` of `board` holds a stone.
fn stone(board: &Board, i: usize) -> bool {
    matches!(board.at_cell(i), Some(Some(_)))
}

impl Closure {
    /// Whether a stone of `color` stands at `p` in a chain that Benson's
    /// test finds unconditionally alive: the verdict of
    /// `benson::unconditional_chains` on the whole board, got from a first
    /// look at the chain's vital regions, which refuses most chains at
    /// once, and then the test on the chain's closure.
    pub fn alive(&mut self, board: &Board, color: Color, p: Point) -> bool {
        let i = board.cell(p);
        board.get(p) == Some(color)
            && self.two_vital_regions_at_most(board, color, i)
            && self.unconditional(board, color, i)
    }

    /// Whether every chain of `color` through `stones` (if `all`) or some
    /// chain (if not) is safe by Benson's test with large territories
    /// counting as two eyes: the verdict of `benson::safe_chains` on the
    /// whole board, computed on the closure of those chains.
    pub fn safe(&mut self, board: &Board, color: Color, stones: &[Point], all: bool) -> bool {
        let cells = stones.iter().map(|&p| board.cell(p));
        self.read(board, color, cells.clone(), Rule::LargeTerritory);
        let mut lives = cells.map(|i| {
            let c = self.marks(i).chain;
            c != NONE && self.live[usize::from(c)]
        });
        if all {
            lives.all(|l| l)
        } else {
            lives.any(|l| l)
        }
    }

    /// [`Closure::alive`] of the stone on cell `i`, without the first look.
    fn unconditional(&mut self, board: &Board, color: Color, i: usize) -> bool {
        self.read(board, color, [i], Rule::Unconditional);
        self.live[0]
    }

    /// Starts a test on a board of `cells` cells.
    fn begin(&mut self, cells: usize) {
        if self.marks.len() < cells {
            self.marks.resize(cells, (0, UNMARKED));
        }
        self.test = self.test.wrapping_add(1);
        if self.test == 0 {
            self.marks.fill((0, UNMARKED));
            self.test = 1;
        }
        self.floods = 0;
        self.stones.clear();
        self.chains.clear();
        self.vital.clear();
        self.vital_of.clear();
        self.points.clear();
        self.regions.clear();
        self.around.clear();
    }

    fn marks(&self, i: usize) -> Marks {
        match self.marks[i] {
            (test, marks) if test == self.test => marks,
            _ => UNMARKED,
        }
    }

    fn marks_mut(&mut self, i: usize) -> &mut Marks {
        let slot = &mut self.marks[i];
        if slot.0 != self.test {
            *slot = (self.test, UNMARKED);
        }
        &mut slot.1
    }

    /// The closure's number of the chain on cell `q`, which joins the
    /// closure if it is not in it yet.
    fn add_chain(&mut self, board: &Board, q: usize) -> u16 {
        let known = self.marks(q).chain;
        if known != NONE {
            return known;
        }
        let c = self.chains.len() as u16;
        let start = self.stones.len();
        board.chain_cells_into(q, &mut self.stones);
        for k in start..self.stones.len() {
            let s = self.stones[k];
            self.marks_mut(s).chain = c;
        }
        self.chains.push((start, self.stones.len()));
        c
    }

    /// Benson's test under `rule` on the closure of the chains of `color`
    /// on the cells `stones`, computed on the chains and regions they
    /// depend on instead of the whole board: the regions that count for
    /// them (for Benson's test, those whose empty points are all the
    /// chain's liberties), the chains of `color` around those, the regions
    /// that count for these, and so on. A chain outside that closure
    /// changes neither the health of a region in it nor what a region
    /// counts for a chain in it, so the fixpoint of the closure is the
    /// whole board's on it. Afterwards `live` holds the verdict by the
    /// closure's chain.
    fn read(
        &mut self,
        board: &Board,
        color: Color,
        stones: impl IntoIterator<Item = usize>,
        rule: Rule,
    ) {
        self.begin(board.cell_count());
        for i in stones {
            self.add_chain(board, i);
        }
        let opponent_stones = match rule {
            Rule::Unconditional => 0,
            Rule::LargeTerritory => board.stone_counts()[color.opponent().index()] as usize,
        };
        let mut k = 0;
        while k < self.chains.len() {
            let vital_start = self.vital.len();
            let mut seeds = std::mem::take(&mut self.seeds);
            seeds.clear();
            let (from, to) = self.chains[k];
            for &s in &self.stones[from..to] {
                seeds.extend(
                    board
                        .cells_beside(s)
                        .into_iter()
                        .filter(|&m| in_region(board, color, m)),
                );
            }
            let chain = (k as u16, vital_start);
            for &seed in &seeds {
                match rule {
                    Rule::Unconditional => self.read_vital(board, color, chain, seed),
                    Rule::LargeTerritory => {
                        self.read_counting(board, color, chain, seed, opponent_stones);
                    }
                }
            }
            self.seeds = seeds;
            self.vital_of.push((vital_start, self.vital.len()));
            k += 1;
        }
        self.fixpoint();
    }

    /// Whether cell `q` is next to a stone of the closure's chain `k`.
    fn next_to(&self, board: &Board, q: usize, k: u16) -> bool {
        board
            .cells_beside(q)
            .iter()
            .any(|&m| self.marks(m).chain == k)
    }

    /// Under Benson's test, reads the region through `seed`, next to chain
    /// `k` (whose vital regions are listed from `vital_start`): a region
    /// already read is vital to `k` if all its empty points are `k`'s
    /// liberties; a new one is flooded only until an empty point that is
    /// not (most are not), and joins the closure if it is vital.
    fn read_vital(
        &mut self,
        board: &Board,
        color: Color,
        (k, vital_start): (u16, usize),
        seed: usize,
    ) {
        let marks = self.marks(seed);
        if marks.region != NONE {
            if !self.weigh(marks.region, k) {
                return;
            }
            let (from, to) = self.regions[usize::from(marks.region)].points;
            let is_vital = self.points[from..to]
                .iter()
                .all(|&q| stone(board, q) || self.next_to(board, q, k));
            if is_vital && !self.counts_for(vital_start, marks.region) {
                self.vital.push((marks.region, 1));
            }
            return;
        }
        if marks.not_vital_to == k {
            return;
        }
        let reached = self.flood_from(board, color, seed, |this, q| {
            stone(board, q) || this.next_to(board, q, k)
        });
        if reached {
            let r = self.add_region(false);
            self.weigh(r, k);
            self.join(board, color, r);
            self.vital.push((r, 1));
        } else {
            let flood = std::mem::take(&mut self.flood);
            for &q in &flood {
                self.marks_mut(q).not_vital_to = k;
            }
            self.flood = flood;
        }
    }

    /// Under the large-territory rule, reads the region through `seed`,
    /// next to chain `k` (whose regions are listed from `vital_start`):
    /// the whole region is flooded once and counted, and it joins the
    /// closure when it counts for `k` (twice if it is large and holds a
    /// liberty of `k`, once if all its empty points are `k`'s liberties).
    fn read_counting(
        &mut self,
        board: &Board,
        color: Color,
        (k, vital_start): (u16, usize),
        seed: usize,
        opponent_stones: usize,
    ) {
        let known = self.marks(seed).region;
        let r = if known == NONE {
            self.flood_from(board, color, seed, |_, _| true);
            let large = self.counts(board, color, opponent_stones).is_large();
            self.add_region(large)
        } else {
            known
        };
        if !self.weigh(r, k) || self.counts_for(vital_start, r) {
            return;
        }
        let region = self.regions[usize::from(r)];
        let (from, to) = region.points;
        let mut empties = self.points[from..to].iter().filter(|&&q| !stone(board, q));
        let worth = if region.large && empties.clone().any(|&q| self.next_to(board, q, k)) {
            2
        } else if empties.all(|&q| self.next_to(board, q, k)) {
            1
        } else {
            0
        };
        if worth > 0 {
            self.join(board, color, r);
            self.vital.push((r, worth));
        }
    }

    /// Whether region `r` is still to be weighed for chain `k`, which it
    /// is from now on.
    fn weigh(&mut self, r: u16, k: u16) -> bool {
        let region = &mut self.regions[usize::from(r)];
        let fresh = region.weighed_for != k;
        region.weighed_for = k;
        fresh
    }

    /// Whether region `r` is already listed for the chain whose regions
    /// are listed from `vital_start`.
    fn counts_for(&self, vital_start: usize, r: u16) -> bool {
        self.vital[vital_start..].iter().any(|&(q, _)| q == r)
    }

    /// Floods from `seed` over the cells of `color`'s regions into
    /// `flood`, while `keep` accepts each cell taken; whether the whole
    /// region was reached.
    fn flood_from(
        &mut self,
        board: &Board,
        color: Color,
        seed: usize,
        keep: impl Fn(&Closure, usize) -> bool,
    ) -> bool {
        self.floods += 1;
        let this_flood = self.floods;
        self.marks_mut(seed).flood = this_flood;
        let mut flood = std::mem::take(&mut self.flood);
        flood.clear();
        flood.push(seed);
        let mut i = 0;
        let mut reached = true;
        while i < flood.len() {
            let q = flood[i];
            if !keep(self, q) {
                reached = false;
                break;
            }
            for m in board.cells_beside(q) {
                if in_region(board, color, m) && self.marks(m).flood != this_flood {
                    self.marks_mut(m).flood = this_flood;
                    flood.push(m);
                }
            }
            i += 1;
        }
        self.flood = flood;
        reached
    }

    /// What decides whether the region just flooded is large, as
    /// `benson` counts it with nothing known.
    fn counts(&self, board: &Board, color: Color, opponent_stones: usize) -> Counts {
        let opponent = Some(color.opponent());
        let mut counts = Counts {
            opponent_stones,
            ..Counts::default()
        };
        for &q in &self.flood {
            if stone(board, q) {
                counts.invaders += 1;
                continue;
            }
            counts.empties += 1;
            let around = || {
                board
                    .cells_beside(q)
                    .into_iter()
                    .filter_map(|m| board.at_cell(m))
            };
            counts.invader_eyes += usize::from(around().all(|c| c == opponent));
            counts.owned += usize::from(around().any(|c| c == Some(color)));
            counts.foreign += usize::from(around().any(|c| c == opponent));
        }
        counts
    }

    /// Keeps the region just flooded, its cells marked with its number.
    fn add_region(&mut self, large: bool) -> u16 {
        let r = self.regions.len() as u16;
        let start = self.points.len();
        let flood = std::mem::take(&mut self.flood);
        for &q in &flood {
            self.marks_mut(q).region = r;
        }
        self.points.extend_from_slice(&flood);
        self.flood = flood;
        self.regions.push(Region {
            points: (start, self.points.len()),
            large,
            around: None,
            weighed_for: NONE,
        });
        r
    }

    /// Takes region `r` into the closure with the chains of `color`
    /// around it.
    fn join(&mut self, board: &Board, color: Color, r: u16) {
        let region = self.regions[usize::from(r)];
        if region.around.is_some() {
            return;
        }
        let start = self.around.len();
        for i in region.points.0..region.points.1 {
            let q = self.points[i];
            for m in board.cells_beside(q) {
                if board.at_cell(m) == Some(Some(color)) {
                    let c = self.add_chain(board, m);
                    if !self.around[start..].contains(&c) {
                        self.around.push(c);
                    }
                }
            }
        }
        self.regions[usize::from(r)].around = Some((start, self.around.len()));
    }

    /// Benson's fixpoint on the closure: a chain for which its healthy
    /// regions count fewer than two dies, a region next to a dead chain is
    /// no longer healthy.
    fn fixpoint(&mut self) {
        self.live.clear();
        self.live.resize(self.chains.len(), true);
        self.healthy.clear();
        self.healthy.resize(self.regions.len(), true);
        loop {
            let mut changed = false;
            for (c, &(from, to)) in self.vital_of.iter().enumerate() {
                let healthy = &self.healthy;
                let worth: usize = self.vital[from..to]
                    .iter()
                    .filter(|&&(r, _)| healthy[usize::from(r)])
                    .map(|&(_, worth)| usize::from(worth))
                    .sum();
                if self.live[c] && worth < 2 {
                    self.live[c] = false;
                    changed = true;
                }
            }
            for (r, region) in self.regions.iter().enumerate() {
                let Some((from, to)) = region.around else {
                    continue;
                };
                let live = &self.live;
                if self.healthy[r] && self.around[from..to].iter().any(|&c| !live[usize::from(c)]) {
                    self.healthy[r] = false;
                    changed = true;
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// Whether the chain of `color` on cell `p` has two regions (points
    /// without `color`'s stones, connected) whose empty points are all its
    /// liberties: the first round of Benson's test for that chain alone,
    /// read off the board without building the whole test. Without two,
    /// Benson's test drops the chain at once; with two it may still drop
    /// it later, so this only spares the whole test where it cannot
    /// succeed.
    fn two_vital_regions_at_most(&mut self, board: &Board, color: Color, p: usize) -> bool {
        let of_chain = |q: usize| board.same_chain_cells(q, p);
        let mut seen = [0u64; SEEN_WORDS];
        let mut mark = |q: usize| {
            let (word, bit) = (q / 64, 1u64 << (q % 64));
            let fresh = seen[word] & bit == 0;
            seen[word] |= bit;
            fresh
        };
        let mut liberties = std::mem::take(&mut self.seeds);
        let mut stack = std::mem::take(&mut self.flood);
        liberties.clear();
        board.liberty_cells_into(p, &mut liberties);
        let mut vital = 0;
        for &liberty in &liberties {
            if !mark(liberty) {
                continue;
            }
            stack.clear();
            stack.push(liberty);
            let mut all_liberties = true;
            while let Some(q) = stack.pop() {
                let beside = board.cells_beside(q);
                if !stone(board, q) && !beside.iter().any(|&m| of_chain(m)) {
                    all_liberties = false;
                    break;
                }
                for m in beside {
                    if in_region(board, color, m) && mark(m) {
                        stack.push(m);
                    }
                }
            }
            if all_liberties {
                vital += 1;
                if vital >= 2 {
                    break;
                }
            }
        }
        self.seeds = liberties;
        self.flood = stack;
        vital >= 2
    }
}

/// Words of a bit set with one bit per cell of the largest board with its
/// edge.
const SEEN_WORDS: usize = ((MAX_SIZE as usize + 2) * (MAX_SIZE as usize + 2)).div_ceil(64);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::benson;
    use crate::life::grid::Grid;

    /// Calls `check` with every chain of the test positions: the board,
    /// the chain's colour, one of its stones, and whether Benson's test on
    /// the whole board finds it unconditionally alive; returns how many
    /// chains it finds so.
    fn each_chain(mut check: impl FnMut(&Board, Color, Point, bool)) -> usize {
        let mut alive = 0;
        for board in crate::life::answer::tests::positions() {
            let grid = Grid::new(&board);
            for color in [Color::Black, Color::White] {
                let safe = benson::unconditional_chains(&grid, color);
                for (c, stones) in grid.chains.iter().enumerate() {
                    if grid.color(c) == color {
                        check(&board, color, grid.point(stones[0]), safe[c]);
                        alive += usize::from(safe[c]);
                    }
                }
            }
        }
        alive
    }

    /// The shortcut never refuses a chain Benson's test finds alive, and
    /// spares the test on most chains.
    #[test]
    fn the_vital_region_precheck_keeps_every_unconditionally_alive_chain() {
        let mut spared = 0;
        let mut closure = Closure::default();
        let alive = each_chain(|board, color, p, safe| {
            let maybe = closure.two_vital_regions_at_most(board, color, board.cell(p));
            assert!(
                maybe || !safe,
                "{color} at {p:?} on\n{}",
                board.rows().join("\n")
            );
            spared += usize::from(!maybe);
        });
        assert!(alive >= 20, "only {alive} unconditionally alive chains");
        assert!(spared >= 100, "only {spared} chains spared the test");
    }

    /// Benson's test on the closure of one chain gives every chain of the
    /// test positions the verdict of the test on the whole board, with one
    /// set of buffers carried from chain to chain and board to board (as
    /// the search carries it) and with fresh buffers for each chain.
    #[test]
    fn benson_on_the_closure_of_a_chain_agrees_with_the_whole_board() {
        let mut dead = 0;
        let mut carried = Closure::default();
        let alive = each_chain(|board, color, p, safe| {
            let fresh = Closure::default().unconditional(board, color, board.cell(p));
            assert_eq!(
                fresh,
                safe,
                "{color} at {p:?} on\n{}",
                board.rows().join("\n")
            );
            assert_eq!(
                carried.unconditional(board, color, board.cell(p)),
                safe,
                "carried buffers: {color} at {p:?} on\n{}",
                board.rows().join("\n")
            );
            dead += usize::from(!safe);
        });
        assert!(alive >= 20, "only {alive} unconditionally alive chains");
        assert!(dead >= 100, "only {dead} chains not unconditionally alive");
    }

    /// Random 9×9 and 19×19 positions from random legal play, sparse
    /// enough to hold the large regions the large-territory rule counts.
    fn wide_positions() -> Vec<Board> {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize
        };
        let mut boards = Board::random_positions(9, 300, 20..120, &mut next);
        boards.extend(Board::random_positions(19, 80, 60..500, &mut next));
        boards
    }

    /// The large-territory test on the closure of a chain gives every
    /// chain the verdict of `benson::safe_chains` on the whole board, with
    /// buffers carried from chain to chain and board to board; and asked
    /// of all of one colour's chains at once, it answers for all of them
    /// and for any of them as the whole board does.
    #[test]
    fn safety_on_the_closure_agrees_with_the_whole_board() {
        let mut carried = Closure::default();
        let (mut by_territory, mut unsafe_chains) = (0, 0);
        let boards = crate::life::answer::tests::positions()
            .into_iter()
            .chain(wide_positions());
        for board in boards {
            let grid = Grid::new(&board);
            for color in [Color::Black, Color::White] {
                let safe = benson::safe_chains(&grid, color);
                let strict = benson::unconditional_chains(&grid, color);
                let mut stones = Vec::new();
                for (c, members) in grid.chains.iter().enumerate() {
                    if grid.color(c) != color {
                        continue;
                    }
                    let p = grid.point(members[0]);
                    stones.push(p);
                    assert_eq!(
                        carried.safe(&board, color, &[p], true),
                        safe[c],
                        "{color} at {p:?} on\n{}",
                        board.rows().join("\n")
                    );
                    by_territory += usize::from(safe[c] && !strict[c]);
                    unsafe_chains += usize::from(!safe[c]);
                }
                let of_color = || (0..grid.chains.len()).filter(|&c| grid.color(c) == color);
                let rows = || board.rows().join("\n");
                assert_eq!(
                    carried.safe(&board, color, &stones, true),
                    of_color().all(|c| safe[c]),
                    "all of {color} on\n{}",
                    rows()
                );
                assert_eq!(
                    carried.safe(&board, color, &stones, false),
                    of_color().any(|c| safe[c]),
                    "any of {color} on\n{}",
                    rows()
                );
            }
        }
        assert!(
            by_territory >= 50,
            "only {by_territory} chains safe by a large territory alone"
        );
        assert!(
            unsafe_chains >= 1000,
            "only {unsafe_chains} chains not safe"
        );
    }

    /// A test's marks do not survive into the next, even when the counter
    /// of tests wraps around.
    #[test]
    fn marks_of_an_earlier_test_read_as_none_across_the_wrap() {
        let mut closure = Closure::default();
        let mut verdicts = Vec::new();
        let boards = crate::life::answer::tests::positions();
        let ask = |closure: &mut Closure| {
            boards
                .iter()
                .flat_map(|board| {
                    let grid = Grid::new(board);
                    let stones: Vec<(Color, Point)> = grid
                        .chains
                        .iter()
                        .enumerate()
                        .map(|(c, s)| (grid.color(c), grid.point(s[0])))
                        .collect();
                    stones
                        .into_iter()
                        .map(|(color, p)| closure.alive(board, color, p))
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<bool>>()
        };
        verdicts.push(ask(&mut closure));
        closure.test = u32::MAX - 3;
        verdicts.push(ask(&mut closure));
        assert!(closure.test < u32::MAX - 3, "the counter wrapped");
        assert_eq!(verdicts[0], verdicts[1]);
        assert!(verdicts[0].iter().any(|&alive| alive));
    }
}
