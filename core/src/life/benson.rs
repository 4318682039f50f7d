//! Chains that need no search: Benson's unconditional life, and life by a
//! territory too large for the opponent to live in.
//!
//! Benson (1976): for one colour, take its chains and the regions of points
//! that hold none of its stones. A region is *vital* to a chain when every
//! empty point of the region is a liberty of that chain. Repeatedly drop
//! chains with fewer than two vital regions, and regions that touch a
//! dropped chain; the chains left can never be captured, even if their owner
//! never answers (so Art. 7.1's "the opponent, moving first, cannot capture
//! it" holds at once).
//!
//! A finished game's groups rarely pass that test, because their territory
//! has empty points away from the stones. So the same fixpoint may also
//! count a *large* region as two vital regions of each chain with a
//! liberty in it (a chain that only touches stones inside it, and so
//! stands on the far side of them, gets nothing): at least [`LARGE_REGION`]
//! empty points, few opponent stones in it (at most [`MAX_INVADERS`] and no
//! more than half the empty points), no more of its empty points next to
//! those stones than next to the owner's (unless they are at most
//! [`LONE_INVADERS`] stones in [`rooms::OPEN_AREA`] points or more), at
//! most one opponent eye point,
//! and no opponent stone already known to live there. No invader can make two eyes
//! in such a space while its owner answers; the opponent stones inside are
//! still judged by search.
//!
//! Opponent stones already proven captured (a dead verdict whose capture
//! replays) count as room in such a region rather than as invaders, as
//! they do when the territory is counted: the region with them taken off
//! the board is the space an invader would have to live in.
//!
//! A region of more than [`rooms::WIDE_REGION`] empty points that holds most
//! of the opponent's stones on the board is not such a space: a territory
//! holds the few stones that went into it, while a region that holds most
//! of them is the open board of a game stopped early, where both sides'
//! stones stand in the same space and neither side's few stones make the
//! other's territory.

use super::grid::Grid;
use super::rooms;
use crate::color::Color;

/// The fewest empty points of a region that counts as two eyes on its own.
pub const LARGE_REGION: usize = 7;
/// The most opponent stones a large region may hold and still count.
pub const MAX_INVADERS: usize = 8;
/// The most opponent stones a region of [`rooms::OPEN_AREA`] points or
/// more (its empty points and theirs) may hold and count as territory
/// however many of its empty points they touch: a few lone stones dropped
/// into a territory of 25 points or more touch more of it than the wall
/// does (three apart touch twelve points, a wall along one side of 34
/// points nine), yet cannot make two eyes there while its owner answers.
pub const LONE_INVADERS: usize = 3;

/// Why a chain needs no search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Safety {
    /// Benson's unconditional life.
    Benson,
    /// A large territory counts as two eyes (see the module notes).
    Territory,
}

struct Region {
    empties: Vec<usize>,
    counts: Counts,
    chains: Vec<usize>,
}

/// What decides whether a region (points holding none of its owner's
/// stones, connected) is too large for the opponent to live in: counted
/// here on a [`Grid`], and by the search on the board of a node, on the
/// regions near one chain only.
#[derive(Clone, Copy, Default)]
pub(crate) struct Counts {
    /// Its empty points.
    pub empties: usize,
    /// Empty points next to a stone of the region's owner.
    pub owned: usize,
    /// Empty points next to an opponent stone inside the region.
    pub foreign: usize,
    /// The opponent's stones in it.
    pub invaders: usize,
    /// Of the `invaders`, the stones of chains proven captured.
    pub captured: usize,
    /// The opponent's stones on the whole board.
    pub opponent_stones: usize,
    /// Empty points all of whose neighbours are opponent stones.
    pub invader_eyes: usize,
    /// An opponent chain known to live stands in it.
    pub blocked: bool,
}

/// What the analysis has proven about chains so far, by chain number.
#[derive(Clone, Copy)]
pub(crate) struct Known<'a> {
    /// Chains known to live: a region holding one of them is not the
    /// territory of the other colour.
    pub alive: &'a [bool],
    /// Chains proven captured: their stones count as room, not invaders.
    pub captured: &'a [bool],
}

impl Known<'_> {
    fn alive(&self, c: usize) -> bool {
        self.alive.get(c).copied().unwrap_or(false)
    }

    fn captured(&self, c: usize) -> bool {
        self.captured.get(c).copied().unwrap_or(false)
    }
}

/// Nothing known: the static test alone.
pub(crate) const NOTHING_KNOWN: Known<'static> = Known {
    alive: &[],
    captured: &[],
};

/// The safety of each chain of `grid` (indexed by chain number), given
/// what is `known` of its chains.
pub(crate) fn safety(grid: &Grid, known: Known) -> Vec<Option<Safety>> {
    let mut out = vec![None; grid.chains.len()];
    for color in [Color::Black, Color::White] {
        let strict = fixpoint(grid, color, known, false);
        let loose = fixpoint(grid, color, known, true);
        for (c, slot) in out.iter_mut().enumerate() {
            if strict[c] {
                *slot = Some(Safety::Benson);
            } else if loose[c] {
                *slot = Some(Safety::Territory);
            }
        }
    }
    out
}

/// Which chains of `color` are safe (by Benson or by a large territory),
/// indexed by chain number, on the whole board: the search asks it on the
/// closure of a few chains (`search::closure`), checked against this.
#[cfg(test)]
pub(crate) fn safe_chains(grid: &Grid, color: Color) -> Vec<bool> {
    fixpoint(grid, color, NOTHING_KNOWN, true)
}

/// Which chains of `color` are safe by Benson's test alone (no large
/// regions), indexed by chain number: the whole-board test that the
/// search's test on one chain's closure is checked against.
#[cfg(test)]
pub(crate) fn unconditional_chains(grid: &Grid, color: Color) -> Vec<bool> {
    fixpoint(grid, color, NOTHING_KNOWN, false)
}

fn regions(grid: &Grid, color: Color, known: Known) -> Vec<Region> {
    let mut seen = vec![false; grid.cells.len()];
    let mut out = Vec::new();
    let opponent_stones = stones(grid, color.opponent());
    for start in 0..grid.cells.len() {
        if seen[start] || grid.cells[start] == Some(color) {
            continue;
        }
        let points = grid.flood_marking(start, |g, j| g.cells[j] != Some(color), &mut seen);
        out.push(Region::new(grid, color, &points, known, opponent_stones));
    }
    out
}

/// How many stones of `color` stand on the board.
fn stones(grid: &Grid, color: Color) -> usize {
    grid.cells.iter().filter(|&&c| c == Some(color)).count()
}

impl Region {
    /// The region of `points` (no stone of `color` among them) as seen by
    /// `color`, whose opponent has `opponent_stones` on the board.
    fn new(
        grid: &Grid,
        color: Color,
        points: &[usize],
        known: Known,
        opponent_stones: usize,
    ) -> Region {
        let empties: Vec<usize> = points
            .iter()
            .copied()
            .filter(|&p| grid.cells[p].is_none())
            .collect();
        let invader_eyes = empties
            .iter()
            .filter(|&&p| {
                grid.neighbours(p)
                    .all(|m| grid.cells[m] == Some(color.opponent()))
            })
            .count();
        let chains = grid
            .chains_around(points)
            .into_iter()
            .filter(|&c| grid.color(c) == color)
            .collect();
        let next_to = |c: Color| {
            empties
                .iter()
                .filter(|&&p| grid.neighbours(p).any(|m| grid.cells[m] == Some(c)))
                .count()
        };
        let counts = Counts {
            empties: empties.len(),
            owned: next_to(color),
            foreign: next_to(color.opponent()),
            invaders: points.len() - empties.len(),
            captured: points
                .iter()
                .filter(|&&p| grid.cells[p].is_some() && known.captured(grid.chain_of[p]))
                .count(),
            opponent_stones,
            invader_eyes,
            blocked: points
                .iter()
                .any(|&p| grid.cells[p].is_some() && known.alive(grid.chain_of[p])),
        };
        Region {
            empties,
            counts,
            chains,
        }
    }

    fn is_large(&self) -> bool {
        self.counts.is_large()
    }
}

impl Counts {
    /// Whether the region is too large for the opponent to live in.
    pub fn is_large(&self) -> bool {
        let room = self.empties + self.captured;
        let invaders = self.invaders - self.captured;
        room >= LARGE_REGION
            && invaders <= MAX_INVADERS
            && 2 * invaders <= room
            && self.invader_eyes <= 1
            && (self.foreign <= self.owned
                || (invaders <= LONE_INVADERS && self.empties + self.invaders >= rooms::OPEN_AREA))
            && !self.blocked
            && !self.open_board()
    }

    /// Whether the region is the open board rather than a territory (see
    /// the module notes).
    fn open_board(&self) -> bool {
        self.empties > rooms::WIDE_REGION && 2 * self.invaders > self.opponent_stones
    }
}

/// Whether the chain `chain` stands inside a large territory of the other
/// colour (see the module notes) whose surrounding chains are all `safe`:
/// by the same rule that gives those chains life, it can neither live there
/// nor capture its way out.
pub(crate) fn inside_territory(grid: &Grid, chain: usize, safe: &[bool], known: Known) -> bool {
    let owner = grid.color(chain).opponent();
    let start = grid.chains[chain][0];
    let points = grid.flood(start, |g, j| g.cells[j] != Some(owner));
    let region = Region::new(grid, owner, &points, known, stones(grid, owner.opponent()));
    region.is_large() && region.chains.iter().all(|&c| safe[c])
}

/// Benson's fixpoint for `color`; with `large`, large regions count twice.
fn fixpoint(grid: &Grid, color: Color, known: Known, large: bool) -> Vec<bool> {
    let regions = regions(grid, color, known);
    let mut live: Vec<bool> = (0..grid.chains.len())
        .map(|c| grid.color(c) == color)
        .collect();
    let mut healthy = vec![true; regions.len()];
    let worth = |r: &Region, c: usize| -> usize {
        let borders = || {
            r.empties
                .iter()
                .any(|&p| grid.neighbours(p).any(|m| grid.chain_of[m] == c))
        };
        if large && r.is_large() && borders() {
            2
        } else if r
            .empties
            .iter()
            .all(|&p| grid.neighbours(p).any(|m| grid.chain_of[m] == c))
        {
            1
        } else {
            0
        }
    };
    loop {
        let mut changed = false;
        let dropped: Vec<usize> = (0..live.len())
            .filter(|&c| live[c])
            .filter(|&c| {
                let vital: usize = regions
                    .iter()
                    .zip(&healthy)
                    .filter(|(r, h)| **h && r.chains.contains(&c))
                    .map(|(r, _)| worth(r, c))
                    .sum();
                vital < 2
            })
            .collect();
        for c in dropped {
            live[c] = false;
            changed = true;
        }
        for (r, h) in regions.iter().zip(healthy.iter_mut()) {
            if *h && r.chains.iter().any(|&c| !live[c]) {
                *h = false;
                changed = true;
            }
        }
        if !changed {
            return live;
        }
    }
}
