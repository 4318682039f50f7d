//! Static cut-offs: after a big capture, whether Benson's safety already
//! decides the question; after any defender's stone, whether Benson's test
//! alone finds a chain on the home unconditionally alive.

use super::Res;
use super::state::State;
use crate::board::Board;
use crate::color::Color;
use crate::life::benson;
use crate::life::grid::Grid;
use crate::point::Point;

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
pub(super) fn defender_unconditional(s: &State, defender: Color) -> bool {
    let board = &s.board;
    let standing: Vec<Point> = s
        .home
        .iter()
        .copied()
        .filter(|&p| board.get(p) == Some(defender) && board.liberty_count(p) >= 2)
        .collect();
    if !standing
        .iter()
        .any(|&p| two_vital_regions_at_most_open(board, defender, p))
    {
        return false;
    }
    let grid = Grid::new(board);
    let at = |p: &Point| usize::from(p.row) * grid.n + usize::from(p.col);
    let safe = benson::unconditional_chains(&grid, defender);
    standing.iter().any(|p| safe[grid.chain_of[at(p)]])
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
    let mut seen = vec![false; n * n];
    let mut vital = 0;
    for liberty in board.liberties(p) {
        if seen[at(liberty)] {
            continue;
        }
        seen[at(liberty)] = true;
        let mut stack = vec![liberty];
        let mut all_liberties = true;
        while let Some(q) = stack.pop() {
            if board.get(q).is_none() && !board.adjacent(q).any(of_chain) {
                all_liberties = false;
                break;
            }
            for m in board.adjacent(q) {
                if !seen[at(m)] && board.get(m) != Some(color) {
                    seen[at(m)] = true;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut never refuses a chain Benson's test finds alive, and
    /// spares the test on most chains.
    #[test]
    fn the_vital_region_precheck_keeps_every_unconditionally_alive_chain() {
        let (mut alive, mut spared) = (0, 0);
        for board in crate::life::answer::tests::positions() {
            let grid = Grid::new(&board);
            for color in [Color::Black, Color::White] {
                let safe = benson::unconditional_chains(&grid, color);
                for (c, stones) in grid.chains.iter().enumerate() {
                    if grid.color(c) != color {
                        continue;
                    }
                    let p = grid.point(stones[0]);
                    let maybe = two_vital_regions_at_most_open(&board, color, p);
                    assert!(
                        maybe || !safe[c],
                        "{color} at {p:?} on\n{}",
                        board.rows().join("\n")
                    );
                    alive += usize::from(safe[c]);
                    spared += usize::from(!maybe);
                }
            }
        }
        assert!(alive >= 20, "only {alive} unconditionally alive chains");
        assert!(spared >= 100, "only {spared} chains spared the test");
    }
}
