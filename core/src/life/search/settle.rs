//! Static cut-offs: after a big capture, whether Benson's safety already
//! decides the question; after any defender's stone, whether Benson's test
//! alone finds a chain on the home unconditionally alive.

use super::Res;
use super::state::State;
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
        Some(&p) if board.liberties(p).len() < 2 => return None,
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
        .filter(|&p| board.get(p) == Some(defender) && board.liberties(p).len() >= 2)
        .collect();
    if standing.is_empty() {
        return false;
    }
    let grid = Grid::new(board);
    let at = |p: &Point| usize::from(p.row) * grid.n + usize::from(p.col);
    let safe = benson::unconditional_chains(&grid, defender);
    standing.iter().any(|p| safe[grid.chain_of[at(p)]])
}
