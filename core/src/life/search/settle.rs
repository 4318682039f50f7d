//! Static cut-offs: after a big capture, whether Benson's safety already
//! decides the question; after any defender's stone, whether Benson's test
//! alone finds a chain on the home unconditionally alive (on the chain's
//! closure, `closure`).

use super::Res;
use super::closure::Closure;
use super::state::State;
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// Whether a capture (of the whole target, or of three or more attacker
/// stones) settled the question of `defender`'s target, judged by the
/// static safety of `benson` (on the closure of the chains asked about,
/// `Closure::safe`): the defender wins once a chain on the home
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
    let mut closure = Closure::default();
    if standing.is_some() {
        let stones: Vec<Point> = s
            .home
            .iter()
            .copied()
            .filter(|&p| board.get(p) == Some(defender))
            .collect();
        return closure
            .safe(board, defender, &stones, false)
            .then_some(Res::Defender);
    }
    let walls = enclosure_walls(board, &s.home, attacker)?;
    closure
        .safe(board, attacker, &walls, true)
        .then_some(Res::Attacker)
}

/// The `attacker`'s stones around the enclosure of the emptied `home`: the
/// points without its stones connected to the home's first point. `None`
/// if the enclosure holds a stone or misses a point of the home: then it is
/// open, and no static safety settles the question.
fn enclosure_walls(board: &Board, home: &[Point], attacker: Color) -> Option<Vec<Point>> {
    let n = usize::from(board.size());
    let at = |p: Point| usize::from(p.row) * n + usize::from(p.col);
    let mut inside = vec![false; n * n];
    let mut enclosure = vec![home[0]];
    inside[at(home[0])] = true;
    let mut walls = Vec::new();
    let mut i = 0;
    while i < enclosure.len() {
        let q = enclosure[i];
        if board.get(q).is_some() {
            return None;
        }
        for m in board.adjacent(q) {
            if board.get(m) == Some(attacker) {
                walls.push(m);
            } else if !inside[at(m)] {
                inside[at(m)] = true;
                enclosure.push(m);
            }
        }
        i += 1;
    }
    home.iter().all(|&p| inside[at(p)]).then_some(walls)
}

/// Whether a defender's chain on the home is unconditionally alive by
/// Benson's test alone (not the large-region rule, which would take the
/// attacker's surroundings for room to live): then the defender has won.
/// Each chain is judged once, by its first stone on the home.
pub(super) fn defender_unconditional(s: &State, defender: Color, closure: &mut Closure) -> bool {
    let board = &s.board;
    let mut judged: Vec<Point> = Vec::new();
    s.home.iter().any(|&p| {
        if board.get(p) != Some(defender) || judged.iter().any(|&q| board.same_chain(p, q)) {
            return false;
        }
        judged.push(p);
        board.liberty_count(p) >= 2 && closure.alive(board, defender, p)
    })
}

/// Whether a stone of `color` stands at `p` in a chain that Benson's test
/// finds unconditionally alive (see [`Closure::alive`]), for a caller that
/// asks once and keeps no buffers.
pub(in crate::life) fn unconditionally_alive(board: &Board, color: Color, p: Point) -> bool {
    Closure::default().alive(board, color, p)
}
