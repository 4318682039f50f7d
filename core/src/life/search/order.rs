//! Which moves the search tries, and in which order.

use super::Sides;
use super::memo::LibertyCounts;
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
///
/// Every node of the search asks this, so each point is scored from its
/// own neighbours (a point next to a chain is one of its liberties) and the
/// liberties of a chain are counted once per node, with no list of points
/// built on the way.
pub(super) fn candidates(s: &State, color: Color, defender: Color, sides: &Sides) -> Vec<Move> {
    let mut out = Vec::new();
    let buffers = (&mut Vec::new(), &mut LibertyCounts::default());
    candidates_into(s, color, defender, sides, buffers, &mut out);
    out
}

/// [`candidates`] written into `out`, with `scored` as the buffer for the
/// points' scores and `counts` for the liberties of the chains beside
/// them, which the node's children read too (cleared here): the search
/// asks at every node, and its buffers are reused from node to node
/// rather than allocated for each.
pub(super) fn candidates_into(
    s: &State,
    color: Color,
    defender: Color,
    sides: &Sides,
    (scored, counts): (&mut Vec<(u8, Point)>, &mut LibertyCounts),
    out: &mut Vec<Move>,
) {
    let board = &s.board;
    let gone = s.captured_at.is_some() && !s.occupied(defender);
    let allowed: &[Point] = if gone && color == defender {
        &s.home
    } else {
        &sides.moves
    };
    let attacking = color != defender;
    counts.clear();
    let hot = Hot::of(s, defender, counts);
    scored.clear();
    out.clear();
    for &p in allowed {
        let i = board.cell(p);
        if board.at_cell(i) != Some(None) || (attacking && !may_attack(board, defender, sides, p)) {
            continue;
        }
        let sides_of_p = board.around_cell(i);
        if own_eye(color, sides_of_p.iter().flatten()) || !board.legal_beside(color, i, &sides_of_p)
        {
            continue;
        }
        let beside = sides_of_p.map(Option::flatten);
        let chains = beside.iter().flatten();
        let score = if chains.clone().any(|(_, id)| hot.in_atari.contains(id)) {
            4
        } else if !attacking
            && chains
                .clone()
                .any(|&(c, id)| c == color.opponent() && counts.has(board, id, 2))
        {
            3
        } else if chains.clone().any(|&(_, id)| Some(id) == hot.target) {
            2
        } else if chains.clone().next().is_some() {
            1
        } else {
            0
        };
        scored.push((score, p));
    }
    let bans = s.bans[color.index()].len();
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
    let passes = (0..bans.max(1)).map(|i| Move::Pass((bans > 0).then_some(i)));
    let defender_at_ease = color == defender && !gone && hot.libs >= 2;
    if defender_at_ease {
        out.splice(forcing..forcing, passes);
    } else {
        out.extend(passes);
    }
}

/// The points the attacker may play on in `s`: those `sides` gives it, and
/// the defender's points within two steps of a defender's stone standing
/// on them now, so that the attacker can follow a chain that runs or a
/// stone put down away from the start. Any point of the defender's may be
/// allowed: a capture is proven against every defence whatever the
/// attacker was allowed, so this only decides which captures are found.
pub(super) fn attack_points(s: &State, defender: Color, sides: &Sides) -> Vec<Point> {
    let mut points = Vec::with_capacity(sides.moves.len());
    points.extend(
        sides
            .moves
            .iter()
            .copied()
            .filter(|&p| may_attack(&s.board, defender, sides, p)),
    );
    points
}

/// Whether the attacker may play on `p`, one of the defender's points
/// (see [`attack_points`]).
fn may_attack(board: &Board, defender: Color, sides: &Sides, p: Point) -> bool {
    let defender_on = |i: usize| board.at_cell(i) == Some(Some(defender));
    sides.attacks(p)
        || board
            .cells_beside(board.cell(p))
            .into_iter()
            .any(|n| match board.at_cell(n) {
                Some(Some(c)) => c == defender,
                Some(None) => board.cells_beside(n).into_iter().any(defender_on),
                None => false,
            })
}

/// What a node knows of its target for scoring moves: its chain, its
/// liberty count, and, while the target is short of liberties, the chains
/// in atari among the target and the chains touching it, whose liberties
/// are captures and escapes (they come first). Chains go by
/// [`Board::chain_at`]'s numbers.
struct Hot {
    /// The chain of the first stone of the defender's on its home, if any stands.
    target: Option<u16>,
    /// The target's liberties (0 once it is gone).
    libs: usize,
    /// The chains in atari whose liberty is urgent.
    in_atari: Vec<u16>,
}

impl Hot {
    fn of(s: &State, defender: Color, counts: &mut LibertyCounts) -> Hot {
        let board = &s.board;
        let stone = s
            .home
            .iter()
            .copied()
            .find(|&p| board.get(p) == Some(defender));
        let Some((stone, (_, target))) = stone.and_then(|p| Some((p, board.chain_at(p)?))) else {
            return Hot {
                target: None,
                libs: 0,
                in_atari: Vec::new(),
            };
        };
        let libs = counts.count(board, target);
        let mut in_atari = Vec::new();
        if libs == 1 {
            in_atari.push(target);
        }
        if libs <= 3 {
            let mut seen: Vec<u16> = Vec::new();
            for n in board
                .chain(stone)
                .into_iter()
                .flat_map(|c| board.adjacent(c))
            {
                let Some((color, id)) = board.chain_at(n) else {
                    continue;
                };
                if color == defender || seen.contains(&id) {
                    continue;
                }
                if counts.has(board, id, 1) {
                    in_atari.push(id);
                }
                seen.push(id);
            }
        }
        Hot {
            target: Some(target),
            libs,
            in_atari,
        }
    }
}

/// Whether a point whose neighbours hold `around` is an eye of a single
/// chain of `color`: filling it captures nothing, joins nothing and only
/// takes a liberty away, so it is not tried. A point surrounded by two or
/// more of `color`'s chains is a connection (filling a ko just taken,
/// joining a cut stone to its group) and is tried.
fn own_eye<'a>(color: Color, mut around: impl Iterator<Item = &'a Option<(Color, u16)>>) -> bool {
    let Some(&Some((first_color, first))) = around.next() else {
        return false;
    };
    first_color == color && around.all(|&chain| chain == Some((color, first)))
}
