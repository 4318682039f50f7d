//! Article 7's hypothetical play on one local area, for one target chain.
//!
//! The attacker (the target's opponent) moves first, then the sides
//! alternate; either may pass. Stones may only be played on the area's
//! points, so chains outside keep their outside liberties and cannot be
//! taken: the area is judged as a board of its own (部分的死活論).
//!
//! - Art. 7.1: the target is alive if at the end some stone of its owner
//!   stands on its *home*: its own points, and, once it has been captured,
//!   the points of the attacker chains its owner takes back next to them.
//!   Either it was never captured, or its capture gave rise to new stones
//!   that stay (取られても新たに相手方に取られない石を生じうる石): put back on its
//!   points, as after a snapback, or standing where its owner took back the
//!   capturing stones, as in the booklet's 旧取らず三目 proof (テーマ3 10図:
//!   the new white stones 4 and 6 stand on points of the black stones White
//!   took back, not on the point of the white stone Black took). The
//!   Japanese text does not say where the new stones stand; a stone on a
//!   point that was empty anyway does not count, since it could be played
//!   without the capture and so does not arise from it. After the target is
//!   gone its owner may only play on its home, and the attacker wins if
//!   nothing stands there within [`HORIZON`] moves of the capture.
//! - Art. 7.2: a ko capture bans the loser from retaking that ko until the
//!   loser has passed for it; each pass lifts one ban, chosen by the passer.
//! - Two consecutive plain passes end the hypothetical play; a pass that
//!   lifts a ban is a pass *for that ko* and does not count, so the
//!   opponent cannot end the play before the ko's loser has retaken it
//!   (the booklet's 一手ヨセコウ and 万年コウ proofs go on after such a
//!   pass). A position repeated
//!   on the current line means the attacker made no progress, so the
//!   target stands (the Japanese text has no repetition rule for Art. 7;
//!   an endless cycle is not a capture).
//! - The search is a depth-first proof-number search (`dfpn`): it follows
//!   the line that needs the fewest positions still to be shown, so a
//!   short forced capture is found before a long one and a wide defence
//!   costs what it costs. A node budget and a ply bound ([`MAX_PLY`]) keep
//!   it finite; reaching either gives [`Outcome::Unknown`], never a guess.
//!   What it learnt (the proof and disproof numbers of the positions it
//!   saw) is kept between calls, so a question given more nodes later
//!   goes on from where it stopped.
//! - The defender may play on every point of the area, the attacker on the
//!   points the caller gives it (fewer in a large area) and on those near
//!   the defender's stones as they stand, so that it can follow a chain
//!   that runs: a capture found is
//!   then a capture against every defence, and comes with its proof tree
//!   ([`Capture`]), which [`Capture::verify`] replays.
//!
//! The parts: `state` (a node and the move that leaves it: captures, the
//! 7.2 bans, the home), `order` (which moves to try first), `memo` (the
//! liberty counts a node reads once for its moves and children), `settle`
//! (the static cut-offs after a big capture or a defender's stone),
//! `closure` (Benson's tests on the closure of the chains they ask about,
//! with buffers the search carries), `proof` (the proof tree and its
//! check) and `dfpn` (the proof-number search with its table, the
//! repetition rule and the reading of the proof out of the table).

mod closure;
mod dfpn;
mod memo;
mod order;
mod proof;
pub(super) mod settle;
mod state;

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
pub use proof::{Capture, ProofNode, Step};

use dfpn::Dfpn;
pub(crate) use dfpn::Memory;
use state::State;

/// Moves allowed after the target was captured before the attacker is
/// declared to have won for good.
pub const HORIZON: u16 = 6;
/// The longest line searched.
pub const MAX_PLY: u16 = 40;

/// One question for the search: can the target's opponent capture it for good?
pub struct Problem<'a> {
    /// The stopped position.
    pub board: &'a Board,
    /// The points where the defender may play: the whole local area, so
    /// that a capture proven here holds against every defence.
    pub moves: &'a [Point],
    /// The points where the attacker may play from the start: `moves`, or
    /// some of them; besides these, any of `moves` within two steps of a
    /// defender's stone standing at the time.
    pub attack: &'a [Point],
    /// The stones of the chain judged (all of one colour).
    pub target: &'a [Point],
}

/// What the hypothetical play shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The attacker, moving first with `first`, captures the target and
    /// nothing of its owner stays on its home. `ko` says whether the
    /// proof rests on the ko rule of Art. 7.2 (it holds a pass for a ko); `proof` is the capture against
    /// every defence, for [`Capture::verify`].
    Captured {
        first: Point,
        ko: bool,
        proof: Capture,
    },
    /// The target stands, or new stones of its owner stay on its home.
    Holds,
    /// The budget or the depth bound was reached.
    Unknown,
}

/// Who defends, and where each side may play.
pub(super) struct Sides {
    defender: Color,
    /// The defender's points.
    moves: Vec<Point>,
    /// The attacker's points.
    attack: Vec<Point>,
    /// Whether each point (`row * size + col`) is one of `attack`, so that
    /// the attacker's moves at every node are sorted out without a scan.
    attack_at: Vec<bool>,
    /// The board's size, for `attack_at`.
    size: usize,
}

impl Sides {
    /// Whether the attacker may play on `p` from the start.
    fn attacks(&self, p: Point) -> bool {
        self.attack_at[usize::from(p.row) * self.size + usize::from(p.col)]
    }
}

/// The root of the search for `problem`, or `None` if its target holds no
/// stone. Points off the board are dropped, and so are target points that
/// do not hold a stone of the target's colour (the colour of its first
/// stone).
fn root(problem: &Problem<'_>) -> Option<(State, Sides)> {
    let on_board = |p: &&Point| p.is_on(problem.board.size());
    let defender = problem
        .target
        .iter()
        .filter(on_board)
        .find_map(|&p| problem.board.get(p))?;
    let target: Vec<Point> = problem
        .target
        .iter()
        .filter(on_board)
        .copied()
        .filter(|&p| problem.board.get(p) == Some(defender))
        .collect();
    let moves: Vec<Point> = problem.moves.iter().filter(on_board).copied().collect();
    let attack: Vec<Point> = problem
        .attack
        .iter()
        .filter(on_board)
        .copied()
        .filter(|p| moves.contains(p))
        .collect();
    let mut board = problem.board.clone();
    board.pass();
    let size = usize::from(board.size());
    let mut attack_at = vec![false; size * size];
    for p in &attack {
        attack_at[usize::from(p.row) * size + usize::from(p.col)] = true;
    }
    let sides = Sides {
        defender,
        moves,
        attack,
        attack_at,
        size,
    };
    Some((State::new(board, target), sides))
}

/// The answer and the nodes it cost, searching at most `budget` nodes. A
/// target without stones holds trivially.
pub fn solve(problem: &Problem<'_>, budget: u64) -> (Outcome, u64) {
    solve_with(problem, budget, &mut Memory::default())
}

/// [`solve`], going on from what `memory` kept of earlier calls on the
/// same problem (the proof and disproof numbers of its table) and keeping what
/// this call learns.
pub(crate) fn solve_with(
    problem: &Problem<'_>,
    budget: u64,
    memory: &mut Memory,
) -> (Outcome, u64) {
    let Some((root_state, sides)) = root(problem) else {
        return (Outcome::Holds, 0);
    };
    let mut search = Dfpn::new(&sides, budget, memory);
    let (result, tree) = search.run(&root_state);
    search.memory.spent += search.nodes;
    let first = match tree.as_ref().map(|(tree, _)| tree.as_ref()) {
        Some(ProofNode::Attack(Step::Play(p), _)) => Some(*p),
        _ => None,
    };
    let outcome = match (result, first, tree) {
        (Res::Attacker, Some(first), Some((tree, ko))) => Outcome::Captured {
            first,
            ko,
            proof: Capture {
                moves: sides.moves.clone(),
                attack: sides.attack.clone(),
                target: root_state.home.clone(),
                tree,
            },
        },
        (Res::Defender, _, _) => Outcome::Holds,
        _ => Outcome::Unknown,
    };
    (outcome, search.nodes)
}

/// Who wins a node of the search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Res {
    Attacker,
    Defender,
    Unknown,
}
