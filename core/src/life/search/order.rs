//! Which moves the search tries, and in which order.

use super::Sides;
use super::state::{Move, State};
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// The moves `color` may try in `s`, most promising first, for a search on
/// `defender`'s target over the points `sides` gives each colour: captures and
/// escapes, then (for the defender) ataris on attacker stones, then the
/// target's liberties, then points next to stones. A defender with two or
/// more liberties tries passing right after its captures and ataris:
/// standing pat refutes most attacks, but a capture on offer (a ko to take,
/// a chain in atari) or an atari on a stone the attacker just put inside
/// comes first, since passing instead hands the attacker free moves and a
/// long detour to the same result. Once the target is gone its owner may
/// only play on its home.
pub(super) fn candidates(s: &State, color: Color, defender: Color, sides: &Sides) -> Vec<Move> {
    let board = &s.board;
    let gone = s.captured_at.is_some() && !s.occupied(defender);
    let chasing;
    let allowed: &[Point] = if color != defender {
        chasing = attack_points(s, defender, sides);
        &chasing
    } else if gone {
        &s.home
    } else {
        &sides.moves
    };
    let (urgent, target_libs) = hot_points(s, defender);
    let mut open: Vec<Point> = Vec::with_capacity(allowed.len());
    open.extend(allowed.iter().copied().filter(|&p| {
        board.get(p).is_none() && board.check(color, p).is_ok() && !own_eye(board, color, p)
    }));
    let ataris = if color == defender {
        atari_points(board, color, &open)
    } else {
        Vec::new()
    };
    let scored: Vec<(u8, Point)> = open
        .into_iter()
        .map(|p| {
            let score = if urgent.contains(&p) {
                4
            } else if ataris.contains(&p) {
                3
            } else if target_libs.contains(&p) {
                2
            } else if board.adjacent(p).any(|n| board.get(n).is_some()) {
                1
            } else {
                0
            };
            (score, p)
        })
        .collect();
    let bans = &s.bans[color.index()];
    let mut out: Vec<Move> = Vec::with_capacity(scored.len() + bans.len().max(1));
    let mut forcing = 0;
    for level in (0..=4).rev() {
        out.extend(
            scored
                .iter()
                .filter(|&&(score, _)| score == level)
                .map(|&(_, p)| Move::Play(p)),
        );
        if level == 3 {
            forcing = out.len();
        }
    }
    let passes: Vec<Move> = if bans.is_empty() {
        vec![Move::Pass(None)]
    } else {
        (0..bans.len()).map(|i| Move::Pass(Some(i))).collect()
    };
    let defender_at_ease = color == defender && !gone && target_libs.len() >= 2;
    if defender_at_ease {
        out.splice(forcing..forcing, passes);
    } else {
        out.extend(passes);
    }
    out
}

/// The points the attacker may play on in `s`: those `sides` gives it, and
/// the defender's points within two steps of a defender's stone standing
/// on them now, so that the attacker can follow a chain that runs or a
/// stone put down away from the start. Any point of the defender's may be
/// allowed: a capture is proven against every defence whatever the
/// attacker was allowed, so this only decides which captures are found.
pub(super) fn attack_points(s: &State, defender: Color, sides: &Sides) -> Vec<Point> {
    let board = &s.board;
    let defender_near = |p: Point| {
        board.adjacent(p).any(|n| match board.get(n) {
            Some(c) => c == defender,
            None => board.adjacent(n).any(|m| board.get(m) == Some(defender)),
        })
    };
    let mut points = Vec::with_capacity(sides.moves.len());
    points.extend(
        sides
            .moves
            .iter()
            .copied()
            .filter(|&p| sides.attacks(p) || defender_near(p)),
    );
    points
}

/// The target's liberties, and, while the target is short of
/// liberties, the liberties of chains touching it that are in atari
/// (captures and escapes come first).
fn hot_points(s: &State, defender: Color) -> (Vec<Point>, Vec<Point>) {
    let board = &s.board;
    let Some(&stone) = s.home.iter().find(|&&p| board.get(p) == Some(defender)) else {
        return (Vec::new(), Vec::new());
    };
    let target_libs = board.liberties(stone);
    let mut urgent = Vec::new();
    if target_libs.len() > 3 {
        return (urgent, target_libs);
    }
    let chain = board.chain(stone);
    let mut seen: Vec<Point> = Vec::new();
    for n in chain.iter().flat_map(|&c| board.adjacent(c)) {
        if board.get(n).is_none() || seen.iter().any(|&m| board.same_chain(m, n)) {
            continue;
        }
        if board.liberty_count(n) == 1 {
            urgent.extend(board.liberties(n));
        }
        seen.push(n);
    }
    if target_libs.len() == 1 {
        urgent.extend(target_libs.iter().copied());
    }
    (urgent, target_libs)
}

/// The points among `open` where `color` leaves an opponent chain next to
/// it with a single liberty: the liberties of opponent chains with two,
/// each chain counted once.
fn atari_points(board: &Board, color: Color, open: &[Point]) -> Vec<Point> {
    let mut seen: Vec<Point> = Vec::new();
    let mut out = Vec::new();
    for &p in open {
        for n in board.adjacent(p) {
            if board.get(n) != Some(color.opponent())
                || seen.iter().any(|&m| board.same_chain(m, n))
            {
                continue;
            }
            seen.push(n);
            if board.liberty_count(n) == 2 {
                out.extend(board.liberties(n).into_iter().filter(|l| open.contains(l)));
            }
        }
    }
    out
}

/// Whether `p` is an eye of a single chain of `color`: filling it captures
/// nothing, joins nothing and only takes a liberty away, so it is not
/// tried. A point surrounded by two or more of `color`'s chains is a
/// connection (filling a ko just taken, joining a cut stone to its group)
/// and is tried.
fn own_eye(board: &Board, color: Color, p: Point) -> bool {
    if !board.adjacent(p).all(|n| board.get(n) == Some(color)) {
        return false;
    }
    let Some(first) = board.adjacent(p).next() else {
        return false;
    };
    board.adjacent(p).all(|n| board.same_chain(first, n))
}
