//! The proof behind a capture: the attacker's move at each of its turns and
//! every defence the defender has there, down to lines where the target is
//! gone for good. A dead verdict carries one, so that anyone can replay it
//! ([`Capture::verify`]) instead of trusting the search.

use super::order::{attack_points, candidates};
use super::settle::settled;
use super::state::{Move, State};
use super::{HORIZON, Problem, Res, Sides};
use crate::board::Board;
use crate::color::Color;
use crate::life::grid::Grid;
use crate::life::region;
use crate::point::Point;
use std::collections::HashSet;
use std::sync::Arc;

/// One move of a proof line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A stone on this point.
    Play(Point),
    /// A plain pass.
    Pass,
    /// A pass that lifts the passer's Art. 7.2 ban on retaking this ko point.
    PassFor(Point),
}

/// A node of a proof, with the attacker's or the defender's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofNode {
    /// The line is over and the target is gone for good: two passes with
    /// nothing of its owner on its home, [`HORIZON`] moves after its
    /// capture with the home still empty, an emptied home the defender
    /// can no longer play on (every point suicide), or a capture after
    /// which Benson's safety of the attacker's walls settles it.
    End,
    /// The attacker's turn: the move that keeps the capture, then the node after it.
    Attack(Step, Arc<ProofNode>),
    /// The defender's turn: every defence the search allows, each answered.
    Defend(Vec<(Step, Arc<ProofNode>)>),
}

/// A replayable proof that the target chain is captured for good by
/// Article 7's hypothetical play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    /// The points the defender may play on (the whole local area).
    pub moves: Vec<Point>,
    /// The points the attacker may play on from the start: some of
    /// `moves`; it may also play on any of `moves` within two steps of a
    /// defender's stone as the position stands (see `order`). Holding the
    /// attacker to fewer points only makes its capture harder to prove.
    pub attack: Vec<Point>,
    /// The stones of the chain proven dead.
    pub target: Vec<Point>,
    /// The proof tree, from the attacker's first move.
    pub tree: Arc<ProofNode>,
}

impl Capture {
    /// Replays the proof on `board`: every attacker move must be legal, every
    /// defence the search considers (every legal stone on the area's points
    /// that does not fill a one-chain eye of the defender, and every pass)
    /// must be answered, and every line must end with the target gone for
    /// good under Art. 7.1 and 7.2. The target must be a whole chain, and
    /// the defender's points all of its area as the position cuts it (see
    /// `region::static_area`), recomputed here rather than taken from the
    /// proof: a proof that holds the defender to fewer points proves
    /// nothing about the defences it leaves out. `Err` says what fails.
    pub fn verify(&self, board: &Board) -> Result<(), String> {
        self.covers_area(board)?;
        let problem = Problem {
            board,
            moves: &self.moves,
            attack: &self.attack,
            target: &self.target,
        };
        let Some((root, sides)) = super::root(&problem) else {
            return Err("the target holds no stone".to_string());
        };
        let mut checker = Checker {
            sides: &sides,
            seen: HashSet::new(),
        };
        checker.check(&root, &self.tree, sides.defender.opponent(), 0, 0)
    }
}

impl Capture {
    /// Whether the target is one whole chain and the defender may play on
    /// every point of its area.
    fn covers_area(&self, board: &Board) -> Result<(), String> {
        let size = board.size();
        let grid = Grid::new(board);
        let n = usize::from(size);
        let at = |p: &Point| usize::from(p.row) * n + usize::from(p.col);
        let Some(first) = self
            .target
            .iter()
            .find(|p| p.is_on(size) && board.get(**p).is_some())
        else {
            return Err("the target holds no stone".to_string());
        };
        let chain = grid.chain_of[at(first)];
        let whole = grid.chains[chain].len() == self.target.len()
            && self
                .target
                .iter()
                .all(|p| p.is_on(size) && grid.chain_of[at(p)] == chain);
        if !whole {
            return Err(format!(
                "the target is not the whole chain at {}",
                first.to_gtp(size)
            ));
        }
        let missing: Vec<String> = region::static_area(&grid, chain)
            .into_iter()
            .map(|i| grid.point(i))
            .filter(|p| !self.moves.contains(p))
            .map(|p| p.to_gtp(size))
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "the defender may not play on {} of the chain's area",
                missing.join(" ")
            ))
        }
    }
}

/// The step a search move stands for.
pub(super) fn step(s: &State, color: Color, mv: Move) -> Step {
    match mv {
        Move::Play(p) => Step::Play(p),
        Move::Pass(None) => Step::Pass,
        Move::Pass(Some(i)) => Step::PassFor(s.bans[color.index()][i]),
    }
}

/// The search move a step stands for in `s`, if it can be played there.
fn search_move(s: &State, color: Color, step: Step) -> Option<Move> {
    match step {
        Step::Play(p) => Some(Move::Play(p)),
        Step::Pass if s.bans[color.index()].is_empty() => Some(Move::Pass(None)),
        Step::Pass => None,
        Step::PassFor(q) => s.bans[color.index()]
            .iter()
            .position(|&b| b == q)
            .map(|i| Move::Pass(Some(i))),
    }
}

/// Whether `s` ends the hypothetical play for the attacker (see [`ProofNode::End`]).
pub(super) fn attacker_won(s: &State, defender: Color, passes: u8, ply: u16) -> bool {
    if s.occupied(defender) {
        return false;
    }
    passes >= 2
        || s.captured_at.is_some_and(|at| ply - at >= HORIZON)
        || sealed(s, defender)
        || (s.unsettled_capture && settled(s, defender) == Some(Res::Attacker))
}

/// Whether the defender can never play on its emptied home again: every
/// neighbour of every home point is an attacker stone, and no attacker
/// chain there is in atari. A stone on the home is then suicide, and after
/// the capture the defender may play nowhere else (see `order`), so nothing
/// of it will stand there: the line is over as after two passes.
fn sealed(s: &State, defender: Color) -> bool {
    let board = &s.board;
    let attacker = defender.opponent();
    s.home.iter().all(|&p| {
        board.get(p).is_none()
            && board
                .adjacent(p)
                .all(|n| board.get(n) == Some(attacker) && board.liberty_count(n) >= 2)
    })
}

struct Checker<'a> {
    sides: &'a Sides,
    /// Nodes already checked, by the proof node, the position key and ply,
    /// and the ply of the target's capture.
    seen: HashSet<(usize, u64, Option<u16>)>,
}

impl Checker<'_> {
    fn check(
        &mut self,
        s: &State,
        node: &Arc<ProofNode>,
        to_move: Color,
        passes: u8,
        ply: u16,
    ) -> Result<(), String> {
        let defender = self.sides.defender;
        let key = (
            Arc::as_ptr(node) as usize,
            s.key(to_move, passes) ^ u64::from(ply),
            s.captured_at,
        );
        if !self.seen.insert(key) {
            return Ok(());
        }
        let next = |mv: Move, step: Step| -> Result<(State, u8), String> {
            let played = s
                .after(to_move, mv, defender, ply)
                .ok_or_else(|| format!("{step:?} at ply {ply} is not legal"))?;
            let passes = match mv {
                Move::Pass(None) => passes + 1,
                _ => 0,
            };
            Ok((played, passes))
        };
        match node.as_ref() {
            ProofNode::End if attacker_won(s, defender, passes, ply) => Ok(()),
            ProofNode::End => Err(format!("a line ends at ply {ply} with the target standing")),
            ProofNode::Attack(..) | ProofNode::Defend(_) if passes >= 2 => {
                Err(format!("the line goes on after two passes at ply {ply}"))
            }
            ProofNode::Attack(step, child) => {
                if to_move == defender {
                    return Err(format!(
                        "an attacker move at ply {ply} on the defender's turn"
                    ));
                }
                let mv = search_move(s, to_move, *step)
                    .ok_or_else(|| format!("{step:?} at ply {ply} cannot be played"))?;
                if let Step::Play(p) = step
                    && !attack_points(s, defender, self.sides).contains(p)
                {
                    return Err(format!(
                        "{step:?} at ply {ply} is outside the attacker's points"
                    ));
                }
                let (after, passes) = next(mv, *step)?;
                self.check(&after, child, to_move.opponent(), passes, ply + 1)
            }
            ProofNode::Defend(replies) => {
                if to_move != defender {
                    return Err(format!("defences at ply {ply} on the attacker's turn"));
                }
                for mv in candidates(s, defender, defender, self.sides) {
                    let Some(played) = s.after(defender, mv, defender, ply) else {
                        continue;
                    };
                    let step = step(s, defender, mv);
                    let Some((_, child)) = replies.iter().find(|(r, _)| *r == step) else {
                        return Err(format!("the defence {step:?} at ply {ply} is not answered"));
                    };
                    let passes = match mv {
                        Move::Pass(None) => passes + 1,
                        _ => 0,
                    };
                    self.check(&played, child, defender.opponent(), passes, ply + 1)?;
                }
                Ok(())
            }
        }
    }
}
