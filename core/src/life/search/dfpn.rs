//! A depth-first proof-number search (df-pn, Nagai 2002; for tsume-go
//! Kishimoto and Müller 2005) of the hypothetical play, with the 1+ε
//! thresholds of Pawlewicz and Lew against thrashing.
//!
//! The attacker's turns are OR nodes (a capture needs one move that
//! keeps it), the defender's AND nodes (every defence must be answered).
//! Each node carries a proof number (how many leaves must still be shown
//! to be captures) and a disproof number; the search always follows the
//! most proving child, within thresholds that send it back up when a
//! sibling looks cheaper. The numbers live in a table by position key,
//! kept between the slices of a reading.
//!
//! The rules that depend on the line, not the position, stay sound:
//! - a position repeated on the current line is a win for the defender
//!   on that line only; a disproof resting on one is not stored;
//! - a line that reaches [`MAX_PLY`] is cut as the defender's on that line,
//!   and a root disproof resting on such a cut is [`Res::Unknown`];
//! - a proof never rests on either (both only disprove), so a proven
//!   position is proven wherever it stands. The proof tree is read out of
//!   the table afterwards, following at each attacker turn a move proven
//!   earlier than the position itself, so the tree is finite.

use super::closure::Closure;
use super::memo::LibertyCounts;
use super::order::{candidates, candidates_into};
use super::proof::{ProofNode, attacker_won, step};
use super::settle::{defender_unconditional, settled};
use super::state::{Move, State};
use super::{HORIZON, MAX_PLY, Res, Sides};
use crate::board::ChainLiberties;
use crate::color::Color;
use crate::point::Point;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// A proof or disproof number that is never reached: a node proven or
/// disproven has it as the other number.
const INF: u64 = 1 << 40;

/// What the table knows of a position.
#[derive(Clone, Copy)]
struct Entry {
    pn: u64,
    dn: u64,
    /// For a proven position, when it was proven: a proof read out of the
    /// table only follows positions proven before.
    stamp: u64,
}

/// The numbers of a node as a search of it returns them.
#[derive(Clone, Copy)]
struct Value {
    pn: u64,
    dn: u64,
    /// A disproof that rests on a repetition of the line or on the ply
    /// bound, so it holds on this line only.
    line: bool,
    /// A disproof that rests on the ply bound.
    cut: bool,
}

impl Value {
    const PROVEN: Value = Value {
        pn: 0,
        dn: INF,
        line: false,
        cut: false,
    };
    const DISPROVEN: Value = Value {
        pn: INF,
        dn: 0,
        line: false,
        cut: false,
    };
}

/// What the search of one question keeps between its slices.
#[derive(Default)]
pub(crate) struct Memory {
    /// By position key ([`node_key`]); the keys are Zobrist hashes, so a
    /// cheap hasher spreads them as well as a keyed one.
    table: FxHashMap<u64, Entry>,
    /// The next proof stamp.
    clock: u64,
    /// The nodes spent on the question over all calls, which a verdict
    /// left open reports: a later call with nothing left to spend adds
    /// nothing, so the figure is what was read, not the last call's share.
    pub spent: u64,
}

/// One child of a node being searched: the move that leads to it (its
/// position is played again when the search goes down, so that a node
/// keeps no board per move).
struct Child {
    mv: Move,
    passes: u8,
    value: Value,
}

/// One search in progress.
pub(super) struct Dfpn<'a> {
    sides: &'a Sides,
    pub nodes: u64,
    pub budget: u64,
    path: Vec<u64>,
    /// States whose buffers a node borrows to play its children into and
    /// gives back when it returns, so that nodes allocate no board.
    spare: Vec<State>,
    /// Child lists given back by nodes that returned, reused for the same
    /// reason.
    spare_children: Vec<Vec<Child>>,
    /// The buffers a node builds its move list in: free again once its
    /// children are keyed, before it searches any of them.
    moves: Vec<Move>,
    scored: Vec<(u8, Point)>,
    /// The buffers of Benson's test after a defender's stone.
    closure: Closure,
    /// The liberties of the chains of the node whose moves are being
    /// listed and whose children are being keyed.
    counts: LibertyCounts,
    pub memory: &'a mut Memory,
}

/// The table key of a node: the position with what the rules remember of
/// its line (see [`State::key`]), the moves since the capture, and whether
/// the last move's capture is to be settled statically.
fn node_key(s: &State, to_move: Color, passes: u8, ply: u16) -> u64 {
    key_of(s, s.key(to_move, passes), s.unsettled_capture, ply)
}

/// [`node_key`] from the state's key and its unsettled capture.
fn key_of(s: &State, key: u64, unsettled_capture: bool, ply: u16) -> u64 {
    let since = s.captured_at.map_or(0, |at| 1 + (ply - at).min(HORIZON));
    key ^ u64::from(since).wrapping_mul(0xA24B_AED4_963E_E407)
        ^ u64::from(unsettled_capture).wrapping_mul(0x5851_F42D_4C95_7F2D)
}

/// The home's first defender's chain in a node, with its liberties read
/// once for all the node's children.
struct Standing {
    /// Its place in the home's list of points.
    at: usize,
    liberties: ChainLiberties,
}

impl Standing {
    fn of(s: &State, defender: Color) -> Option<Standing> {
        let at = s
            .home
            .iter()
            .position(|&h| s.board.get(h) == Some(defender))?;
        let liberties = s.board.chain_liberties(s.home[at])?;
        Some(Standing { at, liberties })
    }
}

/// The key and fresh numbers of the child after `color` puts a stone on
/// `p` that captures nothing, read off `s` without playing it: such a
/// stone changes only the stones (no ban, no ko, no home taken back, and
/// the home keeps a defender's stone, so the capture's ply stays), and the
/// fresh numbers need only the liberties of the home's first defender's
/// chain, `standing`. `None` where the child must be played (a capture, an
/// illegal move, an emptied home, or a defender's stone that becomes the
/// home's first).
fn quiet_child(
    s: &State,
    color: Color,
    p: Point,
    (defender, standing): (Color, Option<&Standing>),
    ply: u16,
    counts: &mut LibertyCounts,
) -> Option<(u64, (u64, u64))> {
    let standing = standing?;
    if color == defender && s.home[..standing.at].contains(&p) {
        return None;
    }
    let (stones, libs) = s
        .board
        .quiet_stone(color, p, &standing.liberties, |chain| {
            counts.has(&s.board, chain, 1)
        })?;
    let key = key_of(s, s.key_with(stones, color.opponent(), 0), false, ply + 1);
    Some((key, fresh_numbers(libs as u64)))
}

impl<'a> Dfpn<'a> {
    pub fn new(sides: &'a Sides, budget: u64, memory: &'a mut Memory) -> Dfpn<'a> {
        Dfpn {
            sides,
            nodes: 0,
            budget,
            path: Vec::new(),
            spare: Vec::new(),
            spare_children: Vec::new(),
            moves: Vec::new(),
            scored: Vec::new(),
            closure: Closure::default(),
            counts: LibertyCounts::default(),
            memory,
        }
    }

    /// Searches from the root until it is proven, disproven, or the
    /// budget is spent; the proof tree when the attacker wins, with
    /// whether it rests on the Art. 7.2 ko rule.
    pub fn run(&mut self, root: &State) -> (Res, Option<(Arc<ProofNode>, bool)>) {
        let attacker = self.sides.defender.opponent();
        let value = self.mid(root, attacker, 0, 0, INF, INF);
        if value.pn == 0 {
            let mut out = Extraction::default();
            match self.extract(root, attacker, 0, 0, &mut out) {
                Some(tree) => (Res::Attacker, Some((tree, out.ko))),
                None => (Res::Unknown, None),
            }
        } else if value.dn == 0 && !value.cut {
            (Res::Defender, None)
        } else {
            (Res::Unknown, None)
        }
    }

    /// The static end of a node, if it has one: two passes, the horizon after a capture, a
    /// capture Benson's safety settles, a defender's chain unconditionally alive.
    fn terminal(&mut self, s: &State, passes: u8, ply: u16) -> Option<Res> {
        let defender = self.sides.defender;
        if attacker_won(s, defender, passes, ply) {
            return Some(Res::Attacker);
        }
        if passes >= 2 {
            return Some(Res::Defender);
        }
        if s.unsettled_capture && settled(s, defender) == Some(Res::Defender) {
            return Some(Res::Defender);
        }
        if s.defender_played && defender_unconditional(s, defender, &mut self.closure) {
            return Some(Res::Defender);
        }
        None
    }

    fn store(&mut self, key: u64, value: Value) {
        if value.dn == 0 && value.line {
            return;
        }
        let stamp = if value.pn == 0 {
            self.memory.clock += 1;
            self.memory.clock
        } else {
            0
        };
        self.memory.table.insert(
            key,
            Entry {
                pn: value.pn,
                dn: value.dn,
                stamp,
            },
        );
    }

    /// The multiple-iterative-deepening step: searches `s` until its proof
    /// number reaches `th_pn` or its disproof number `th_dn`.
    fn mid(
        &mut self,
        s: &State,
        to_move: Color,
        passes: u8,
        ply: u16,
        th_pn: u64,
        th_dn: u64,
    ) -> Value {
        let key = node_key(s, to_move, passes, ply);
        match self.memory.table.get(&key) {
            Some(e) if e.pn == 0 => return Value::PROVEN,
            Some(e) if e.dn == 0 => return Value::DISPROVEN,
            Some(_) => {}
            None => match self.terminal(s, passes, ply) {
                Some(Res::Attacker) => {
                    self.store(key, Value::PROVEN);
                    return Value::PROVEN;
                }
                Some(_) => {
                    self.store(key, Value::DISPROVEN);
                    return Value::DISPROVEN;
                }
                None => {}
            },
        }
        if self.path.contains(&key) {
            return Value {
                line: true,
                ..Value::DISPROVEN
            };
        }
        if ply >= MAX_PLY {
            return Value {
                line: true,
                cut: true,
                ..Value::DISPROVEN
            };
        }
        if self.nodes >= self.budget {
            return self.known(key, (1, 1));
        }
        self.nodes += 1;
        let defender = self.sides.defender;
        let or = to_move != defender;
        let mut moves = std::mem::take(&mut self.moves);
        candidates_into(
            s,
            to_move,
            defender,
            self.sides,
            (&mut self.scored, &mut self.counts),
            &mut moves,
        );
        let mut children = self.spare_children.pop().unwrap_or_default();
        children.clear();
        let mut next = self.spare.pop().unwrap_or_else(|| s.clone());
        let standing = Standing::of(s, defender);
        for &mv in &moves {
            let quiet = match mv {
                Move::Play(p) => quiet_child(
                    s,
                    to_move,
                    p,
                    (defender, standing.as_ref()),
                    ply,
                    &mut self.counts,
                ),
                Move::Pass(_) => None,
            };
            let passes = match mv {
                Move::Pass(None) => passes + 1,
                _ => 0,
            };
            let (key, fresh) = match quiet {
                Some(known) => known,
                None => {
                    if s.after_into(to_move, mv, defender, ply, &mut next)
                        .is_none()
                    {
                        continue;
                    }
                    let key = node_key(&next, to_move.opponent(), passes, ply + 1);
                    (key, fresh(&next, defender))
                }
            };
            let value = self.known(key, fresh);
            children.push(Child { mv, passes, value });
        }
        self.moves = moves;
        self.path.push(key);
        let mut value;
        loop {
            value = combine(&children, or);
            if value.pn >= th_pn || value.dn >= th_dn || self.nodes >= self.budget {
                break;
            }
            let (best, second) = pick(&children, or);
            let c = &children[best];
            let (cpn, cdn) = if or {
                (
                    th_pn.min(second.saturating_add(1 + second / 4)),
                    (th_dn - value.dn).saturating_add(c.value.dn).min(INF),
                )
            } else {
                (
                    (th_pn - value.pn).saturating_add(c.value.pn).min(INF),
                    th_dn.min(second.saturating_add(1 + second / 4)),
                )
            };
            let (mv, child_passes) = (children[best].mv, children[best].passes);
            if s.after_into(to_move, mv, defender, ply, &mut next)
                .is_none()
            {
                children[best].value = Value::DISPROVEN;
                continue;
            }
            let value = self.mid(&next, to_move.opponent(), child_passes, ply + 1, cpn, cdn);
            children[best].value = value;
        }
        self.path.pop();
        self.spare.push(next);
        self.spare_children.push(children);
        self.store(key, value);
        value
    }

    /// The numbers the table holds for `key`, or those of a fresh leaf.
    fn known(&self, key: u64, fresh: (u64, u64)) -> Value {
        let (pn, dn) = self.memory.table.get(&key).map_or(fresh, |e| (e.pn, e.dn));
        Value {
            pn,
            dn,
            line: false,
            cut: false,
        }
    }

    /// The proof tree of a proven node, read out of the table: at the
    /// attacker's turn the first move whose position ends the play or was
    /// proven before this one, at the defender's every defence.
    fn extract(
        &self,
        s: &State,
        to_move: Color,
        passes: u8,
        ply: u16,
        out: &mut Extraction,
    ) -> Option<Arc<ProofNode>> {
        let defender = self.sides.defender;
        if attacker_won(s, defender, passes, ply) {
            return Some(Arc::new(ProofNode::End));
        }
        let key = node_key(s, to_move, passes, ply);
        if let Some(tree) = out.seen.get(&key) {
            return Some(tree.clone());
        }
        let entry = self.memory.table.get(&key).filter(|e| e.pn == 0)?;
        let mut replies = Vec::new();
        for mv in candidates(s, to_move, defender, self.sides) {
            let Some(played) = s.after(to_move, mv, defender, ply) else {
                continue;
            };
            let passes = match mv {
                Move::Pass(None) => passes + 1,
                _ => 0,
            };
            let (next, next_ply) = (&played, ply + 1);
            let child_key = node_key(next, to_move.opponent(), passes, next_ply);
            let earlier = attacker_won(next, defender, passes, next_ply)
                || self
                    .memory
                    .table
                    .get(&child_key)
                    .is_some_and(|e| e.pn == 0 && e.stamp < entry.stamp);
            if to_move == defender {
                let tree = self.extract(next, to_move.opponent(), passes, next_ply, out)?;
                out.ko |= matches!(mv, Move::Pass(Some(_)));
                replies.push((step(s, to_move, mv), tree));
            } else if earlier {
                let tree = self.extract(next, to_move.opponent(), passes, next_ply, out)?;
                out.ko |= matches!(mv, Move::Pass(Some(_)));
                let node = Arc::new(ProofNode::Attack(step(s, to_move, mv), tree));
                out.seen.insert(key, node.clone());
                return Some(node);
            }
        }
        if to_move != defender {
            return None;
        }
        let node = Arc::new(ProofNode::Defend(replies));
        out.seen.insert(key, node.clone());
        Some(node)
    }
}

/// What reading a proof out of the table gathers besides the tree.
#[derive(Default)]
struct Extraction {
    /// The subtrees read so far, by position key.
    seen: FxHashMap<u64, Arc<ProofNode>>,
    /// Whether the proof holds a pass for a ko (Art. 7.2): the attacker
    /// took a ko that the defender may retake only after passing, or waited
    /// out a ko the defender took. A ko taken elsewhere in the search, or
    /// taken by the defender in a line the attacker wins without waiting,
    /// does not count: the capture does not rest on the ko rule there.
    ko: bool,
}

/// The proof and disproof numbers of a position not searched yet, from
/// the target's liberties: a chain short of liberties is closer to
/// capture and further from a proof that it holds.
fn fresh(s: &State, defender: Color) -> (u64, u64) {
    let libs = s
        .home
        .iter()
        .find(|&&p| s.board.get(p) == Some(defender))
        .map_or(0, |&p| s.board.liberty_count(p) as u64);
    fresh_numbers(libs)
}

/// The fresh numbers of a target with `libs` liberties.
fn fresh_numbers(libs: u64) -> (u64, u64) {
    (libs.max(1), 4u64.saturating_sub(libs).max(1))
}

/// A node's numbers from its children's: at an OR node the least proof
/// number and the sum of the disproof numbers, at an AND node the reverse.
/// A disproof holds on this line only if one of the disproofs it rests on does.
fn combine(children: &[Child], or: bool) -> Value {
    let sum = |f: &dyn Fn(&Value) -> u64| {
        children
            .iter()
            .map(|c| f(&c.value))
            .fold(0u64, |a, b| a.saturating_add(b))
            .min(INF)
    };
    let least =
        |f: &dyn Fn(&Value) -> u64| children.iter().map(|c| f(&c.value)).min().unwrap_or(INF);
    let (pn, dn) = if or {
        (least(&|v| v.pn), sum(&|v| v.dn))
    } else {
        (sum(&|v| v.pn), least(&|v| v.dn))
    };
    let (pn, dn) = match (pn, dn) {
        (0, _) => (0, INF),
        (_, 0) => (INF, 0),
        (pn, dn) => (pn.min(INF - 1), dn.min(INF - 1)),
    };
    let disproofs = children.iter().filter(|c| c.value.dn == 0);
    let (line, cut) = if dn != 0 {
        (false, false)
    } else if or {
        let all: Vec<&Child> = disproofs.collect();
        (
            all.iter().any(|c| c.value.line),
            all.iter().any(|c| c.value.cut),
        )
    } else {
        let firm = disproofs.clone().find(|c| !c.value.line);
        match firm.or_else(|| disproofs.clone().find(|c| !c.value.cut)) {
            Some(c) => (c.value.line, c.value.cut),
            None => (true, true),
        }
    };
    Value { pn, dn, line, cut }
}

/// The child to search next (least proof number at an OR node, least
/// disproof number at an AND node; the first in move order on a tie) and
/// the second least number, which bounds how far it may go.
fn pick(children: &[Child], or: bool) -> (usize, u64) {
    let num = |c: &Child| if or { c.value.pn } else { c.value.dn };
    let mut best = 0;
    let mut second = INF;
    for (i, c) in children.iter().enumerate().skip(1) {
        if num(c) < num(&children[best]) {
            second = num(&children[best]);
            best = i;
        } else if num(c) < second {
            second = num(c);
        }
    }
    (best, second)
}
