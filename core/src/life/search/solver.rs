//! The game tree: the sides alternate from the attacker's first move, with
//! a node budget, a transposition table, the repetition rule, and a killer
//! move per ply (the move that last won at that depth is tried first).

use super::order::candidates;
use super::proof::{ProofNode, step};
use super::settle::{defender_unconditional, settled};
use super::state::{Move, State};
use super::{HORIZON, MAX_PLY, Res, Sides};
use crate::color::Color;
use crate::point::Point;
use std::collections::HashMap;
use std::sync::Arc;

/// A node's result, with the proof tree when the attacker wins.
pub(super) type Found = (Res, Option<Arc<ProofNode>>);

/// What a search of one question keeps between its calls, so that a
/// question given more nodes later goes on from where it stopped instead
/// of searching again what it settled.
pub(crate) struct Memory {
    /// Settled results by position key; only results that did not rest
    /// on a repetition of the current line are kept.
    table: HashMap<u64, Found>,
    /// By ply, the last move that won there: the same reply often refutes
    /// the sibling lines too, so it is tried first.
    killers: Vec<Option<Point>>,
    /// Whether a ko capture arose anywhere in the search.
    pub ko: bool,
    /// The deepening iteration reached (an index into the plan of
    /// `super::solve_with`), and the nodes it has spent: a later call
    /// goes on with it instead of searching the shallower bounds again.
    pub iteration: usize,
    pub spent: u64,
}

impl Default for Memory {
    fn default() -> Memory {
        Memory {
            table: HashMap::new(),
            killers: vec![None; usize::from(MAX_PLY)],
            ko: false,
            iteration: 0,
            spent: 0,
        }
    }
}

/// One search in progress.
pub(super) struct Solver<'a> {
    /// Where each side may play, and who defends.
    sides: &'a Sides,
    /// Nodes searched so far, and the most allowed.
    pub nodes: u64,
    pub budget: u64,
    /// The keys of the positions on the current line.
    path: Vec<u64>,
    /// The table and killers, kept from earlier calls on the same question.
    pub memory: &'a mut Memory,
    /// Repetitions met so far, to tell which results rest on one.
    cycles: u64,
    /// The attacker's first move of a winning line.
    pub first: Option<Point>,
    /// The deepest ply of the current iteration.
    pub depth: u16,
}

impl<'a> Solver<'a> {
    pub fn new(sides: &'a Sides, budget: u64, memory: &'a mut Memory) -> Solver<'a> {
        Solver {
            sides,
            nodes: 0,
            budget,
            path: Vec::new(),
            memory,
            cycles: 0,
            first: None,
            depth: MAX_PLY,
        }
    }

    /// Who wins from `s` with `to_move` to play, after `passes` plain
    /// passes in a row, at depth `ply`, and the proof when the attacker does.
    pub fn node(&mut self, s: &State, to_move: Color, passes: u8, ply: u16) -> Found {
        let defender = self.sides.defender;
        let end = || (Res::Attacker, Some(Arc::new(ProofNode::End)));
        let occupied = s.occupied(defender);
        if passes >= 2 {
            return if occupied {
                (Res::Defender, None)
            } else {
                end()
            };
        }
        if !occupied && s.captured_at.is_some_and(|at| ply - at >= HORIZON) {
            return end();
        }
        if ply >= self.depth || self.nodes >= self.budget {
            return (Res::Unknown, None);
        }
        let since = s.captured_at.map_or(0, |at| 1 + (ply - at).min(HORIZON));
        let key = s.key(to_move, passes) ^ u64::from(since).wrapping_mul(0xA24B_AED4_963E_E407);
        if let Some(known) = self.memory.table.get(&key) {
            return known.clone();
        }
        if self.path.contains(&key) {
            self.cycles += 1;
            return (Res::Defender, None);
        }
        if s.unsettled_capture {
            if let Some(result) = settled(s, defender) {
                let found = match result {
                    Res::Attacker => end(),
                    _ => (result, None),
                };
                self.memory.table.insert(key, found.clone());
                return found;
            }
        }
        if s.defender_played && defender_unconditional(s, defender) {
            self.memory.table.insert(key, (Res::Defender, None));
            return (Res::Defender, None);
        }
        self.nodes += 1;
        let cycles_before = self.cycles;
        self.path.push(key);
        let mover_wins = if to_move == defender {
            Res::Defender
        } else {
            Res::Attacker
        };
        let mut unknown = false;
        let mut won = None;
        let mut answered = Vec::new();
        let mut order = candidates(s, to_move, defender, self.sides);
        if let Some(killer) = self.memory.killers[usize::from(ply)] {
            if let Some(i) = order
                .iter()
                .position(|m| matches!(m, Move::Play(p) if *p == killer))
            {
                order[..=i].rotate_right(1);
            }
        }
        for mv in order {
            let Some(played) = s.after(to_move, mv, defender, ply) else {
                continue;
            };
            self.memory.ko |= played.ko;
            let next_passes = match mv {
                Move::Play(_) | Move::Pass(Some(_)) => 0,
                Move::Pass(None) => passes + 1,
            };
            match self.node(&played.state, to_move.opponent(), next_passes, ply + 1) {
                (r, proof) if r == mover_wins => {
                    if let Move::Play(p) = mv {
                        self.memory.killers[usize::from(ply)] = Some(p);
                        if ply == 0 {
                            self.first = Some(p);
                        }
                    }
                    won = Some((step(s, to_move, mv), proof));
                    break;
                }
                (Res::Unknown, _) => unknown = true,
                (_, proof) => {
                    if let Some(proof) = proof {
                        answered.push((step(s, to_move, mv), proof));
                    }
                }
            }
        }
        self.path.pop();
        let found = match (won, unknown) {
            (Some((step, Some(proof))), _) => (
                Res::Attacker,
                Some(Arc::new(ProofNode::Attack(step, proof))),
            ),
            (Some(_), _) => (mover_wins, None),
            (None, true) => (Res::Unknown, None),
            (None, false) if mover_wins == Res::Defender => {
                (Res::Attacker, Some(Arc::new(ProofNode::Defend(answered))))
            }
            (None, false) => (Res::Defender, None),
        };
        if found.0 != Res::Unknown && self.cycles == cycles_before {
            self.memory.table.insert(key, found.clone());
        }
        found
    }
}
