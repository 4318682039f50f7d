//! Static cut-offs: after a big capture, whether Benson's safety already
//! decides the question; after any defender's stone, whether Benson's test
//! alone finds a chain on the home unconditionally alive.

use super::Res;
use super::state::State;
use crate::board::Board;
use crate::color::Color;
use crate::life::benson;
use crate::life::grid::Grid;
use crate::point::{MAX_SIZE, Point};

/// Whether a capture (of the whole target, or of three or more attacker
/// stones) settled the question of `defender`'s target, judged by the
/// static safety of [`benson`]: the defender wins once a chain on the home
/// is safe; the attacker wins once nothing of the defender stands there and
/// every attacker chain around the home is safe, for then any stone its
/// owner puts back stands in a safe enclosure and is taken.
pub(super) fn settled(s: &State, defender: Color) -> Option<Res> {
    let board = &s.board;
    let attacker = defender.opponent();
    let standing = s.home.iter().find(|&&p| board.get(p) == Some(defender));
    match standing {
        Some(&p) if board.liberty_count(p) < 2 => return None,
        None if s
            .home
            .iter()
            .any(|&t| board.adjacent(t).any(|n| board.get(n) == Some(defender))) =>
        {
            return None;
        }
        _ => {}
    }
    let grid = Grid::new(board);
    let at = |p: &Point| usize::from(p.row) * grid.n + usize::from(p.col);
    if standing.is_some() {
        let safe = benson::safe_chains(&grid, defender);
        let defender_safe = s.home.iter().any(|p| {
            let c = grid.chain_of[at(p)];
            grid.cells[at(p)] == Some(defender) && safe[c]
        });
        return defender_safe.then_some(Res::Defender);
    }
    let enclosure = grid.flood(at(&s.home[0]), |g, j| g.cells[j] != Some(attacker));
    let open = enclosure.iter().any(|&i| grid.cells[i].is_some())
        || !s.home.iter().all(|p| enclosure.contains(&at(p)));
    if open {
        return None;
    }
    let safe = benson::safe_chains(&grid, attacker);
    grid.chains_around(&enclosure)
        .into_iter()
        .all(|c| safe[c])
        .then_some(Res::Attacker)
}

/// Whether a defender's chain on the home is unconditionally alive by
/// Benson's test alone (not the large-region rule, which would take the
/// attacker's surroundings for room to live): then the defender has won.
/// Each chain is judged once, by its first stone on the home.
pub(super) fn defender_unconditional(s: &State, defender: Color) -> bool {
    let board = &s.board;
    let mut judged: Vec<Point> = Vec::new();
    s.home.iter().any(|&p| {
        if board.get(p) != Some(defender) || judged.iter().any(|&q| board.same_chain(p, q)) {
            return false;
        }
        judged.push(p);
        board.liberty_count(p) >= 2 && unconditionally_alive(board, defender, p)
    })
}

/// Whether a stone of `color` stands at `p` in a chain that Benson's test
/// finds unconditionally alive: the verdict of
/// `benson::unconditional_chains` on the whole board, got from a first
/// look at the chain's vital regions, which refuses most chains at once,
/// and then the test on the chain's closure.
pub(in crate::life) fn unconditionally_alive(board: &Board, color: Color, p: Point) -> bool {
    board.get(p) == Some(color)
        && two_vital_regions_at_most_open(board, color, p)
        && unconditional(board, color, p)
}

/// Whether the chain of `color` at `p` is unconditionally alive by
/// Benson's test (`benson::unconditional_chains`), computed on the
/// chains and regions it depends on instead of the whole board: its vital
/// regions (regions without `color`'s stones whose empty points are all
/// its liberties), the chains of `color` around those, their vital
/// regions, and so on. A chain outside that closure changes neither the
/// health of a region in it nor the vital regions of a chain in it, so the
/// fixpoint of the closure is the whole board's on it. The search asks
/// this after every defender's stone, where a 19×19 board made the whole
/// test the largest cost of a node.
fn unconditional(board: &Board, color: Color, p: Point) -> bool {
    let n = usize::from(board.size());
    let at = |q: Point| usize::from(q.row) * n + usize::from(q.col);
    // Per point: its chain and region in the closure, the flood that last
    // visited it, and the chain whose flood last gave up there (its region
    // is not vital to that chain). Numbers stay below `NONE`: at most one
    // chain per point and four floods per stone.
    const NONE: u16 = u16::MAX;
    let mut chain_at = vec![NONE; n * n];
    let mut region_at = vec![NONE; n * n];
    let mut visited = vec![NONE; n * n];
    let mut not_vital_to = vec![NONE; n * n];
    let mut floods: u16 = 0;
    let mut chains: Vec<Vec<Point>> = Vec::new();
    let mut vital: Vec<Vec<usize>> = Vec::new();
    let mut regions: Vec<Vec<Point>> = Vec::new();
    let mut around: Vec<Vec<usize>> = Vec::new();
    let add_chain = |q: Point,
                     chain_at: &mut Vec<u16>,
                     chains: &mut Vec<Vec<Point>>,
                     vital: &mut Vec<Vec<usize>>| {
        if chain_at[at(q)] == NONE {
            let stones = board.chain(q);
            for &s in &stones {
                chain_at[at(s)] = chains.len() as u16;
            }
            chains.push(stones);
            vital.push(Vec::new());
        }
        usize::from(chain_at[at(q)])
    };
    add_chain(p, &mut chain_at, &mut chains, &mut vital);
    let mut k = 0;
    while k < chains.len() {
        let seeds: Vec<Point> = chains[k]
            .iter()
            .flat_map(|&s| board.adjacent(s))
            .filter(|&m| board.get(m) != Some(color))
            .collect();
        for seed in seeds {
            let next_to_k = |q: Point| board.adjacent(q).any(|m| usize::from(chain_at[at(m)]) == k);
            let known = usize::from(region_at[at(seed)]);
            if region_at[at(seed)] != NONE {
                let is_vital = regions[known]
                    .iter()
                    .all(|&q| board.get(q).is_some() || next_to_k(q));
                if is_vital && !vital[k].contains(&known) {
                    vital[k].push(known);
                }
                continue;
            }
            if usize::from(not_vital_to[at(seed)]) == k {
                continue;
            }
            floods += 1;
            visited[at(seed)] = floods;
            let mut points = vec![seed];
            let mut i = 0;
            let mut is_vital = true;
            while i < points.len() {
                let q = points[i];
                if board.get(q).is_none() && !next_to_k(q) {
                    is_vital = false;
                    break;
                }
                for m in board.adjacent(q) {
                    if board.get(m) != Some(color) && visited[at(m)] != floods {
                        visited[at(m)] = floods;
                        points.push(m);
                    }
                }
                i += 1;
            }
            if !is_vital {
                for q in points {
                    not_vital_to[at(q)] = k as u16;
                }
                continue;
            }
            let r = regions.len();
            let mut chains_around = Vec::new();
            for &q in &points {
                region_at[at(q)] = r as u16;
                for m in board.adjacent(q) {
                    if board.get(m) == Some(color) {
                        let c = add_chain(m, &mut chain_at, &mut chains, &mut vital);
                        if !chains_around.contains(&c) {
                            chains_around.push(c);
                        }
                    }
                }
            }
            regions.push(points);
            around.push(chains_around);
            vital[k].push(r);
        }
        k += 1;
    }
    let mut live = vec![true; chains.len()];
    let mut healthy = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (c, alive) in live.iter_mut().enumerate() {
            if *alive && vital[c].iter().filter(|&&r| healthy[r]).count() < 2 {
                *alive = false;
                changed = true;
            }
        }
        for (r, h) in healthy.iter_mut().enumerate() {
            if *h && around[r].iter().any(|&c| !live[c]) {
                *h = false;
                changed = true;
            }
        }
        if !changed {
            return live[0];
        }
    }
}

/// Whether the chain of `color` at `p` has two regions (points without
/// `color`'s stones, connected) whose empty points are all its liberties:
/// the first round of Benson's test for that chain alone, read off the
/// board without building the whole test. Without two, Benson's test drops
/// the chain at once; with two it may still drop it later, so this only
/// spares the whole test where it cannot succeed.
fn two_vital_regions_at_most_open(board: &Board, color: Color, p: Point) -> bool {
    let n = usize::from(board.size());
    let at = |q: Point| usize::from(q.row) * n + usize::from(q.col);
    let of_chain = |q: Point| board.get(q) == Some(color) && board.same_chain(q, p);
    let mut seen = [0u64; SEEN_WORDS];
    let mut mark = |q: Point| {
        let (word, bit) = (at(q) / 64, 1u64 << (at(q) % 64));
        let fresh = seen[word] & bit == 0;
        seen[word] |= bit;
        fresh
    };
    let mut stack = Vec::new();
    let mut vital = 0;
    for liberty in board.liberties(p) {
        if !mark(liberty) {
            continue;
        }
        stack.clear();
        stack.push(liberty);
        let mut all_liberties = true;
        while let Some(q) = stack.pop() {
            if board.get(q).is_none() && !board.adjacent(q).any(of_chain) {
                all_liberties = false;
                break;
            }
            for m in board.adjacent(q) {
                if board.get(m) != Some(color) && mark(m) {
                    stack.push(m);
                }
            }
        }
        if all_liberties {
            vital += 1;
            if vital >= 2 {
                return true;
            }
        }
    }
    false
}

/// Words of a bit set with one bit per point of the largest board.
const SEEN_WORDS: usize = (MAX_SIZE as usize * MAX_SIZE as usize).div_ceil(64);

#[cfg(test)]
mod tests {
    use super::*;

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
        let alive = each_chain(|board, color, p, safe| {
            let maybe = two_vital_regions_at_most_open(board, color, p);
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
    /// test positions the verdict of the test on the whole board.
    #[test]
    fn benson_on_the_closure_of_a_chain_agrees_with_the_whole_board() {
        let mut dead = 0;
        let alive = each_chain(|board, color, p, safe| {
            assert_eq!(
                unconditional(board, color, p),
                safe,
                "{color} at {p:?} on\n{}",
                board.rows().join("\n")
            );
            dead += usize::from(!safe);
        });
        assert!(alive >= 20, "only {alive} unconditionally alive chains");
        assert!(dead >= 100, "only {dead} chains not unconditionally alive");
    }
}
