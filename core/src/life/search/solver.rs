//! The game tree: the sides alternate from the attacker's first move, with
//! a node budget, a transposition table, the repetition rule, and a killer
//! move per ply (the move that last won at that depth is tried first).

use super::order::candidates;
use super::settle::settled;
use super::state::{Move, State};
use super::{HORIZON, MAX_PLY, Res};
use crate::color::Color;
use crate::point::Point;
use std::collections::HashMap;

/// One search in progress.
pub(super) struct Solver<'a> {
    /// The area's points, where stones may be played.
    moves: &'a [Point],
    defender: Color,
    /// Nodes searched so far, and the most allowed.
    pub nodes: u64,
    budget: u64,
    /// The keys of the positions on the current line.
    path: Vec<u64>,
    /// Settled results by position key; only results that did not rest
    /// on a repetition of the current line are kept.
    table: HashMap<u64, Res>,
    /// Repetitions met so far, to tell which results rest on one.
    cycles: u64,
    /// Whether a ko capture arose anywhere in the search.
    pub ko: bool,
    /// The attacker's first move of a winning line.
    pub first: Option<Point>,
    /// By ply, the last move that won there: the same reply often refutes
    /// the sibling lines too, so it is tried first.
    killers: Vec<Option<Point>>,
}

impl<'a> Solver<'a> {
    pub fn new(moves: &'a [Point], defender: Color, budget: u64) -> Solver<'a> {
        Solver {
            moves,
            defender,
            nodes: 0,
            budget,
            path: Vec::new(),
            table: HashMap::new(),
            cycles: 0,
            ko: false,
            first: None,
            killers: vec![None; usize::from(MAX_PLY)],
        }
    }

    /// Who wins from `s` with `to_move` to play, after `passes` plain
    /// passes in a row, at depth `ply`.
    pub fn node(&mut self, s: &State, to_move: Color, passes: u8, ply: u16) -> Res {
        let occupied = s.occupied(self.defender);
        if passes >= 2 {
            return if occupied {
                Res::Defender
            } else {
                Res::Attacker
            };
        }
        if !occupied && s.captured_at.is_some_and(|at| ply - at >= HORIZON) {
            return Res::Attacker;
        }
        if ply >= MAX_PLY || self.nodes >= self.budget {
            return Res::Unknown;
        }
        let since = s.captured_at.map_or(0, |at| 1 + (ply - at).min(HORIZON));
        let key = s.key(to_move, passes) ^ u64::from(since).wrapping_mul(0xA24B_AED4_963E_E407);
        if let Some(&known) = self.table.get(&key) {
            return known;
        }
        if self.path.contains(&key) {
            self.cycles += 1;
            return Res::Defender;
        }
        if s.unsettled_capture {
            if let Some(result) = settled(s, self.defender) {
                self.table.insert(key, result);
                return result;
            }
        }
        self.nodes += 1;
        let cycles_before = self.cycles;
        self.path.push(key);
        let mover_wins = if to_move == self.defender {
            Res::Defender
        } else {
            Res::Attacker
        };
        let mut unknown = false;
        let mut won = false;
        let mut order = candidates(s, to_move, self.defender, self.moves);
        if let Some(killer) = self.killers[usize::from(ply)] {
            if let Some(i) = order
                .iter()
                .position(|m| matches!(m, Move::Play(p) if *p == killer))
            {
                order[..=i].rotate_right(1);
            }
        }
        for mv in order {
            let Some(played) = s.after(to_move, mv, self.defender, ply) else {
                continue;
            };
            self.ko |= played.ko;
            let next_passes = match mv {
                Move::Play(_) | Move::Pass(Some(_)) => 0,
                Move::Pass(None) => passes + 1,
            };
            match self.node(&played.state, to_move.opponent(), next_passes, ply + 1) {
                r if r == mover_wins => {
                    if let Move::Play(p) = mv {
                        self.killers[usize::from(ply)] = Some(p);
                        if ply == 0 {
                            self.first = Some(p);
                        }
                    }
                    won = true;
                    break;
                }
                Res::Unknown => unknown = true,
                _ => {}
            }
        }
        self.path.pop();
        let result = match (won, unknown) {
            (true, _) => mover_wins,
            (false, true) => Res::Unknown,
            (false, false) if mover_wins == Res::Defender => Res::Attacker,
            (false, false) => Res::Defender,
        };
        if result != Res::Unknown && self.cycles == cycles_before {
            self.table.insert(key, result);
        }
        result
    }
}
