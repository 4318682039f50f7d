//! Counting a stopped game under J1989 Art. 8 and 10 for an agreed set of
//! dead stones.
//!
//! 1. Dead stones are taken off a working copy; the board splits into regions
//!    of points that hold no live stone.
//! 2. A region bordered by live stones of one side only, holding no dead stone
//!    of that side, is that side's eye; the dead stones in it will be lifted
//!    as prisoners (Art. 10.1). A region holding dead stones of both sides
//!    (an open 本コウ) belongs to nobody and its stones stay and score nothing.
//! 3. Regions bordered by both sides are dame. A dame point that either side
//!    could fill without leaving its own chain with a single liberty, and
//!    without capturing, is treated as filled (Net Kiin Art. 12.1.2: dame
//!    and teire may be filled with provisional moves); the dame left are the
//!    ones nobody can fill.
//! 4. A live chain the filled dame leave in atari, its one liberty a point of
//!    its own side's eye, is connected there (手入れ: the 1949 rules'
//!    Art. 40, Net Kiin Art. 12.1.2): the opponent could otherwise take it,
//!    so the point is a stone to be, not territory. A ko stone of a living
//!    group, already in atari with its ko point inside the group's eye, is
//!    the same case.
//! 5. Live chains next to a dame that is left are seki stones (Art. 8), and
//!    so is every chain that shares an eye with a seki chain (the 群 of
//!    Net Kiin Art. 11.2). The eyes of seki stones are not territory, and
//!    the dead stones in them are not lifted.
//! 6. Each side's total is its territory, the prisoners it holds and the dead
//!    stones it lifted; White adds komi. This is the same comparison as
//!    Art. 10.2's filling of the opponent's territory with prisoners.

use crate::board::Board;
use crate::color::Color;
use crate::outcome::{Outcome, WinBy};
use crate::point::Point;
use crate::settings::Komi;

/// What each point counts as once the game is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointStatus {
    /// A live stone that is not in seki.
    Alive(Color),
    /// A live stone in seki: it scores nothing.
    Seki(Color),
    /// A dead stone lifted into the other side's prisoners; its point is territory.
    Lifted(Color),
    /// A dead stone that stays and scores nothing (open ko, seki eye, dame).
    DeadStays(Color),
    /// An empty point of `Color`'s territory.
    Territory(Color),
    /// A point of `Color`'s eye where `Color` must connect before the count
    /// (手入れ): it scores nothing.
    Teire(Color),
    /// An eye of a seki group: useful point, but not territory.
    SekiEye(Color),
    /// A dame point that either side could fill; it counts for nobody.
    Dame,
    /// A dame point neither side can fill: it makes its neighbours seki.
    SharedLiberty,
    /// An empty point of a region nobody owns (dead stones of both colours).
    Neutral,
}

/// The count of a stopped game, laid out the way a club counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Territory points per side (`[black, white]`), dead stones' points included.
    pub territory: [u32; 2],
    /// Prisoners each side took during play.
    pub captures: [u32; 2],
    /// Dead opponent stones each side lifts at the end (Art. 10.1).
    pub dead_lifted: [u32; 2],
    pub komi: Komi,
    /// Every point's status, row by row from the top.
    pub map: Vec<PointStatus>,
    size: u8,
}

impl Score {
    /// A side's total in half points: territory + prisoners + dead lifted (+ komi for White).
    #[must_use]
    pub fn total_halves(&self, color: Color) -> i32 {
        let i = color.index();
        let base = 2 * (self.territory[i] + self.captures[i] + self.dead_lifted[i]) as i32;
        match color {
            Color::Black => base,
            Color::White => base + self.komi.halves(),
        }
    }

    /// Black's total minus White's, in half points.
    #[must_use]
    pub fn margin_halves(&self) -> i32 {
        self.total_halves(Color::Black) - self.total_halves(Color::White)
    }

    /// The result this count gives.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let m = self.margin_halves();
        match m.signum() {
            0 => Outcome::Jigo,
            1 => Outcome::Win {
                winner: Color::Black,
                by: WinBy::Points(m.unsigned_abs()),
            },
            _ => Outcome::Win {
                winner: Color::White,
                by: WinBy::Points(m.unsigned_abs()),
            },
        }
    }

    /// The status of one point.
    #[must_use]
    pub fn at(&self, p: Point) -> PointStatus {
        self.map[usize::from(p.row) * usize::from(self.size) + usize::from(p.col)]
    }

    /// The points with a given status, row by row from the top.
    #[must_use]
    pub fn points_where(&self, pred: impl Fn(PointStatus) -> bool) -> Vec<Point> {
        let n = self.size;
        (0..n)
            .flat_map(|row| (0..n).map(move |col| Point::new(col, row)))
            .filter(|&p| pred(self.at(p)))
            .collect()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum RegionKind {
    Eye(Color),
    Dame,
    Neutral,
}

struct Region {
    points: Vec<usize>,
    kind: RegionKind,
    border_chains: Vec<usize>,
}

/// A plain grid for the working copy; counting is not on a hot path.
struct Grid {
    n: usize,
    cells: Vec<Option<Color>>,
}

impl Grid {
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        crate::dense::neighbours(self.n, i)
    }

    /// The chain through `i` and its liberties.
    fn chain_liberties(&self, i: usize) -> (Vec<usize>, Vec<usize>) {
        let color = self.cells[i];
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![i];
        let mut chain = Vec::new();
        let mut liberties = Vec::new();
        seen[i] = true;
        while let Some(s) = stack.pop() {
            chain.push(s);
            for m in self.neighbours(s) {
                if seen[m] {
                    continue;
                }
                match self.cells[m] {
                    None => {
                        seen[m] = true;
                        liberties.push(m);
                    }
                    c if c == color => {
                        seen[m] = true;
                        stack.push(m);
                    }
                    _ => {}
                }
            }
        }
        (chain, liberties)
    }

    /// Whether a stone of `color` on the empty point `i` keeps a liberty.
    fn keeps_a_liberty(&mut self, i: usize, color: Color) -> bool {
        self.cells[i] = Some(color);
        let keeps = !self.chain_liberties(i).1.is_empty();
        self.cells[i] = None;
        keeps
    }

    /// Whether `color` can fill `i` leaving its chain two liberties and capturing nothing.
    fn can_fill(&mut self, i: usize, color: Color) -> bool {
        if !self.neighbours(i).any(|m| self.cells[m] == Some(color)) {
            return false;
        }
        self.cells[i] = Some(color);
        let own_ok = self.chain_liberties(i).1.len() >= 2;
        let captures = self.neighbours(i).any(|m| {
            self.cells[m] == Some(color.opponent()) && self.chain_liberties(m).1.is_empty()
        });
        self.cells[i] = None;
        own_ok && !captures
    }
}

/// Fills the dame each side can fill safely, and the teire that filling
/// calls for, until nothing more changes; returns which points were filled
/// as dame and which as teire. A teire stands where a live chain is left
/// in atari with its one liberty on an eye point of its owner's (`eye_of`):
/// the opponent could take it there (1949 rules Art. 40), and a ko stone
/// of a living group is one such chain. The teire can free a dame for
/// filling, so the two are filled in turn.
fn fill_dame_and_teire(
    work: &mut Grid,
    live: &[Option<Color>],
    dame_points: &[usize],
    eye_of: &[Option<Color>],
) -> (Vec<bool>, Vec<bool>) {
    let cells = work.cells.len();
    let mut filled = vec![false; cells];
    let mut teire = vec![false; cells];
    loop {
        let mut changed = false;
        for &i in dame_points {
            if filled[i] {
                continue;
            }
            if let Some(c) = [Color::Black, Color::White]
                .into_iter()
                .find(|&c| work.can_fill(i, c))
            {
                work.cells[i] = Some(c);
                filled[i] = true;
                changed = true;
            }
        }
        let mut seen = vec![false; cells];
        for i in 0..cells {
            let Some(c) = live[i] else { continue };
            if seen[i] {
                continue;
            }
            let (chain, liberties) = work.chain_liberties(i);
            for s in chain {
                seen[s] = true;
            }
            if let [l] = liberties[..]
                && eye_of[l] == Some(c)
                && work.keeps_a_liberty(l, c)
            {
                work.cells[l] = Some(c);
                teire[l] = true;
                changed = true;
            }
        }
        if !changed {
            return (filled, teire);
        }
    }
}

/// Counts `board` with the stones of `dead` taken as dead. `dead` is taken
/// chain by chain: naming one stone of a chain marks the whole chain.
/// `captures[c]` is how many stones `c` captured during play.
#[must_use]
pub fn count(board: &Board, dead: &[Point], captures: [u32; 2], komi: Komi) -> Score {
    let n = usize::from(board.size());
    let idx = |p: Point| usize::from(p.row) * n + usize::from(p.col);
    let mut is_dead = vec![false; n * n];
    for &p in dead {
        for s in board.chain(p) {
            is_dead[idx(s)] = true;
        }
    }
    let stones: Vec<Option<Color>> = board.points().map(|p| board.get(p)).collect();
    let live: Vec<Option<Color>> = stones
        .iter()
        .zip(&is_dead)
        .map(|(&s, &d)| if d { None } else { s })
        .collect();
    let grid_live = Grid {
        n,
        cells: live.clone(),
    };

    // Chains of live stones, numbered.
    let mut chain_of = vec![usize::MAX; n * n];
    let mut chains: Vec<Vec<usize>> = Vec::new();
    for i in 0..n * n {
        if live[i].is_some() && chain_of[i] == usize::MAX {
            let (members, _) = grid_live.chain_liberties(i);
            for &m in &members {
                chain_of[m] = chains.len();
            }
            chains.push(members);
        }
    }

    // Regions of points without live stones.
    let mut region_of = vec![usize::MAX; n * n];
    let mut regions: Vec<Region> = Vec::new();
    for start in 0..n * n {
        if live[start].is_some() || region_of[start] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut points = Vec::new();
        let mut border = [false; 2];
        let mut border_chains = Vec::new();
        let mut dead_colours = [false; 2];
        let mut stack = vec![start];
        region_of[start] = id;
        while let Some(i) = stack.pop() {
            points.push(i);
            if let Some(c) = stones[i] {
                dead_colours[c.index()] = true;
            }
            for m in grid_live.neighbours(i) {
                match live[m] {
                    Some(c) => {
                        border[c.index()] = true;
                        border_chains.push(chain_of[m]);
                    }
                    None if region_of[m] == usize::MAX => {
                        region_of[m] = id;
                        stack.push(m);
                    }
                    None => {}
                }
            }
        }
        border_chains.sort_unstable();
        border_chains.dedup();
        let kind = match (border, dead_colours) {
            (_, [true, true]) => RegionKind::Neutral,
            ([true, false], [false, _]) => RegionKind::Eye(Color::Black),
            ([false, true], [_, false]) => RegionKind::Eye(Color::White),
            ([true, true], _) => RegionKind::Dame,
            _ => RegionKind::Neutral,
        };
        regions.push(Region {
            points,
            kind,
            border_chains,
        });
    }

    // Provisional filling of dame: the working board holds every stone that
    // stays on it (live stones, and dead stones outside eyes).
    let mut work = Grid {
        n,
        cells: (0..n * n)
            .map(|i| match regions.get(region_of[i]).map(|r| r.kind) {
                Some(RegionKind::Eye(_)) => None,
                _ => stones[i],
            })
            .collect(),
    };
    let dame_points: Vec<usize> = regions
        .iter()
        .filter(|r| r.kind == RegionKind::Dame)
        .flat_map(|r| r.points.iter().copied())
        .filter(|&i| stones[i].is_none())
        .collect();
    // The owner's eye points, where a teire may stand.
    let eye_of: Vec<Option<Color>> = (0..n * n)
        .map(|i| match regions.get(region_of[i]).map(|r| r.kind) {
            Some(RegionKind::Eye(c)) if stones[i].is_none() => Some(c),
            _ => None,
        })
        .collect();
    let (filled, teire) = fill_dame_and_teire(&mut work, &live, &dame_points, &eye_of);

    // Seki: live chains touching a dame nobody can fill, closed over shared eyes.
    let mut seki = vec![false; chains.len()];
    for &i in &dame_points {
        if !filled[i] {
            for m in grid_live.neighbours(i) {
                if live[m].is_some() {
                    seki[chain_of[m]] = true;
                }
            }
        }
    }
    let mut seki_eye = vec![false; regions.len()];
    loop {
        let mut changed = false;
        for (r, region) in regions.iter().enumerate() {
            if seki_eye[r] || !matches!(region.kind, RegionKind::Eye(_)) {
                continue;
            }
            if region.border_chains.iter().any(|&c| seki[c]) {
                seki_eye[r] = true;
                changed = true;
                for &c in &region.border_chains {
                    seki[c] = true;
                }
            }
        }
        if !changed {
            break;
        }
    }

    let mut territory = [0; 2];
    let mut dead_lifted = [0; 2];
    let mut map = Vec::with_capacity(n * n);
    for i in 0..n * n {
        let status = match (live[i], stones[i]) {
            (Some(c), _) if seki[chain_of[i]] => PointStatus::Seki(c),
            (Some(c), _) => PointStatus::Alive(c),
            (None, stone) => {
                let r = region_of[i];
                match (regions[r].kind, stone) {
                    (RegionKind::Eye(owner), _) if seki_eye[r] => match stone {
                        Some(c) => PointStatus::DeadStays(c),
                        None => PointStatus::SekiEye(owner),
                    },
                    (RegionKind::Eye(owner), Some(c)) => {
                        territory[owner.index()] += 1;
                        dead_lifted[owner.index()] += 1;
                        PointStatus::Lifted(c)
                    }
                    (RegionKind::Eye(owner), None) if teire[i] => PointStatus::Teire(owner),
                    (RegionKind::Eye(owner), None) => {
                        territory[owner.index()] += 1;
                        PointStatus::Territory(owner)
                    }
                    (_, Some(c)) => PointStatus::DeadStays(c),
                    (RegionKind::Dame, None) if filled[i] => PointStatus::Dame,
                    (RegionKind::Dame, None) => PointStatus::SharedLiberty,
                    (RegionKind::Neutral, None) => PointStatus::Neutral,
                }
            }
        };
        map.push(status);
    }
    Score {
        territory,
        captures,
        dead_lifted,
        komi,
        map,
        size: board.size(),
    }
}
