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
//! - A node budget and a depth bound keep the search finite; reaching either
//!   gives [`Outcome::Unknown`], never a guess.

use super::benson;
use super::grid::Grid;
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
use std::collections::HashMap;

/// Moves allowed after the target was captured before the attacker is
/// declared to have won for good.
pub const HORIZON: u16 = 6;
/// The longest line searched.
pub const MAX_PLY: u16 = 40;

/// One question for the search: can the target's opponent capture it for good?
pub struct Problem<'a> {
    /// The stopped position.
    pub board: &'a Board,
    /// The points where hypothetical stones may be played.
    pub moves: &'a [Point],
    /// The stones of the chain judged (all of one colour).
    pub target: &'a [Point],
}

/// What the hypothetical play shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The attacker, moving first with `first`, captures the target and
    /// nothing of its owner stays on its points. `ko` says whether a ko
    /// ban of Art. 7.2 arose in the search.
    Captured { first: Point, ko: bool },
    /// The target stands, or its owner re-established stones on its points.
    Holds,
    /// The budget or the depth bound was reached.
    Unknown,
}

/// The answer and the nodes it cost. Points off the board are ignored, and
/// so are target points that do not hold a stone of the target's colour (the
/// colour of its first stone); a target without stones holds trivially.
pub fn solve(problem: &Problem<'_>, budget: u64) -> (Outcome, u64) {
    let on_board = |p: &Point| p.is_on(problem.board.size());
    let moves: Vec<Point> = problem.moves.iter().copied().filter(on_board).collect();
    let Some(defender) = problem
        .target
        .iter()
        .filter(|p| on_board(p))
        .find_map(|&p| problem.board.get(p))
    else {
        return (Outcome::Holds, 0);
    };
    let target: Vec<Point> = problem
        .target
        .iter()
        .copied()
        .filter(|&p| on_board(&p) && problem.board.get(p) == Some(defender))
        .collect();
    let mut board = problem.board.clone();
    board.pass();
    let mut solver = Solver {
        moves: &moves,
        defender,
        nodes: 0,
        budget,
        path: Vec::new(),
        table: HashMap::new(),
        cycles: 0,
        ko: false,
        first: None,
    };
    let root = State {
        board,
        bans: [Vec::new(), Vec::new()],
        home: target,
        captured_at: None,
        unsettled_capture: false,
    };
    let result = solver.node(&root, defender.opponent(), 0, 0);
    let outcome = match (result, solver.first) {
        (Res::Attacker, Some(first)) => Outcome::Captured {
            first,
            ko: solver.ko,
        },
        (Res::Defender, _) => Outcome::Holds,
        _ => Outcome::Unknown,
    };
    (outcome, solver.nodes)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Res {
    Attacker,
    Defender,
    Unknown,
}

#[derive(Clone, Copy)]
enum Move {
    Play(Point),
    /// A pass, lifting the ban with this index if any.
    Pass(Option<usize>),
}

#[derive(Clone)]
struct State {
    board: Board,
    /// Ko points each colour may not retake (Art. 7.2), by colour index.
    bans: [Vec<Point>; 2],
    /// The target's points, and after its capture also the points of the
    /// attacker chains its owner took back next to them.
    home: Vec<Point>,
    /// The ply at which the target was first emptied.
    captured_at: Option<u16>,
    /// The last move captured enough to ask `Solver::settled`.
    unsettled_capture: bool,
}

struct Solver<'a> {
    moves: &'a [Point],
    defender: Color,
    nodes: u64,
    budget: u64,
    path: Vec<u64>,
    /// Settled results by position key; only results that did not rest
    /// on a repetition of the current line are kept.
    table: HashMap<u64, Res>,
    /// Repetitions met so far, to tell which results rest on one.
    cycles: u64,
    ko: bool,
    first: Option<Point>,
}

impl Solver<'_> {
    fn occupied(&self, s: &State) -> bool {
        s.home
            .iter()
            .any(|&p| s.board.get(p) == Some(self.defender))
    }

    fn node(&mut self, s: &State, to_move: Color, passes: u8, ply: u16) -> Res {
        let occupied = self.occupied(s);
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
        let key = key(s, to_move, passes) ^ u64::from(since).wrapping_mul(0xA24B_AED4_963E_E407);
        if let Some(&known) = self.table.get(&key) {
            return known;
        }
        if self.path.contains(&key) {
            self.cycles += 1;
            return Res::Defender;
        }
        if s.unsettled_capture {
            if let Some(settled) = self.settled(s) {
                self.table.insert(key, settled);
                return settled;
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
        for mv in self.candidates(s, to_move) {
            let Some(child) = self.child(s, to_move, mv, ply) else {
                continue;
            };
            let next_passes = match mv {
                Move::Play(_) | Move::Pass(Some(_)) => 0,
                Move::Pass(None) => passes + 1,
            };
            match self.node(&child, to_move.opponent(), next_passes, ply + 1) {
                r if r == mover_wins => {
                    if ply == 0 {
                        if let Move::Play(p) = mv {
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

    /// The state after `mv`, or `None` if the move is illegal here.
    fn child(&mut self, s: &State, color: Color, mv: Move, ply: u16) -> Option<State> {
        let mut next = s.clone();
        next.unsettled_capture = false;
        match mv {
            Move::Pass(lift) => {
                next.board.pass();
                if let Some(i) = lift {
                    next.bans[color.index()].swap_remove(i);
                }
            }
            Move::Play(p) => {
                let around: Vec<Point> = next
                    .board
                    .adjacent(p)
                    .filter(|&n| next.board.get(n) == Some(color.opponent()))
                    .collect();
                let placed = next.board.play(color, p).ok()?;
                if placed.captured > 0 && s.bans[color.index()].contains(&p) {
                    return None;
                }
                if let Some(q) = placed.ko {
                    let theirs = &mut next.bans[color.opponent().index()];
                    if !theirs.contains(&q) {
                        theirs.push(q);
                    }
                    self.ko = true;
                }
                if color == self.defender && placed.captured > 0 && next.captured_at.is_some() {
                    self.take_home(&mut next, s, &around);
                }
                if next.captured_at.is_none() && !self.occupied(&next) {
                    next.captured_at = Some(ply + 1);
                }
                let emptied = next.captured_at == Some(ply + 1);
                let big_capture = color == self.defender && placed.captured >= 3;
                next.unsettled_capture = emptied || big_capture;
            }
        }
        Some(next)
    }

    /// After the target's capture, an attacker chain its owner takes back
    /// next to the target's points (or next to points taken back before)
    /// becomes part of the home: new stones standing there arise from the
    /// capture (取られても新たに取られない石を生じうる).
    fn take_home(&self, next: &mut State, before: &State, around: &[Point]) {
        let mut taken: Vec<Vec<Point>> = Vec::new();
        for &n in around {
            if next.board.get(n).is_none() && !taken.iter().any(|c| c.contains(&n)) {
                taken.push(before.board.chain(n));
            }
        }
        let mut grew = true;
        while grew {
            grew = false;
            taken.retain(|chain| {
                let touches = chain.iter().any(|&c| {
                    next.home.contains(&c)
                        || before.board.adjacent(c).any(|a| next.home.contains(&a))
                });
                if touches {
                    for &c in chain {
                        if !next.home.contains(&c) {
                            next.home.push(c);
                        }
                    }
                    grew = true;
                }
                !touches
            });
        }
    }

    /// Whether a capture (of the whole target, or of three or more attacker
    /// stones) settled the question, judged by the static
    /// safety of [`super::benson`]: the defender wins once a chain on the
    /// home is safe; the attacker wins once nothing of the defender stands
    /// there and every attacker chain around the home is safe, for then any
    /// stone its owner puts back stands in a safe enclosure and is taken.
    fn settled(&self, s: &State) -> Option<Res> {
        let board = &s.board;
        let attacker = self.defender.opponent();
        let standing = s
            .home
            .iter()
            .find(|&&p| board.get(p) == Some(self.defender));
        match standing {
            Some(&p) if liberties(board, p).len() < 2 => return None,
            None if s.home.iter().any(|&t| {
                board
                    .adjacent(t)
                    .any(|n| board.get(n) == Some(self.defender))
            }) =>
            {
                return None;
            }
            _ => {}
        }
        let grid = Grid::new(board);
        let at = |p: &Point| usize::from(p.row) * grid.n + usize::from(p.col);
        if standing.is_some() {
            let safe = benson::safe_chains(&grid, self.defender);
            let defender_safe = s.home.iter().any(|p| {
                let c = grid.chain_of[at(p)];
                grid.cells[at(p)] == Some(self.defender) && safe[c]
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

    /// The moves to try, most promising first: captures and escapes
    /// (`hot_points`), then the target's liberties, then points next to
    /// stones. A defender with two or more liberties tries passing right
    /// after its captures: standing pat refutes most attacks, but a capture
    /// on offer (a ko to take, a chain in atari) comes first, since passing
    /// instead can cost a long detour to the same result.
    fn candidates(&self, s: &State, color: Color) -> Vec<Move> {
        let board = &s.board;
        let gone = s.captured_at.is_some() && !self.occupied(s);
        let allowed: &[Point] = if gone && color == self.defender {
            &s.home
        } else {
            self.moves
        };
        let (urgent, target_libs) = self.hot_points(s);
        let mut scored: Vec<(u8, Point)> = allowed
            .iter()
            .copied()
            .filter(|&p| {
                board.get(p).is_none() && board.check(color, p).is_ok() && !own_eye(board, color, p)
            })
            .map(|p| {
                let score = if urgent.contains(&p) {
                    4
                } else if color == self.defender && ataris(board, color, p) {
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
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        let captures = scored.iter().take_while(|&&(score, _)| score >= 3).count();
        let mut out: Vec<Move> = scored.into_iter().map(|(_, p)| Move::Play(p)).collect();
        let bans = &s.bans[color.index()];
        let passes: Vec<Move> = if bans.is_empty() {
            vec![Move::Pass(None)]
        } else {
            (0..bans.len()).map(|i| Move::Pass(Some(i))).collect()
        };
        let defender_at_ease = color == self.defender && !gone && target_libs.len() >= 2;
        if defender_at_ease {
            out.splice(captures..captures, passes);
        } else {
            out.extend(passes);
        }
        out
    }

    /// The target's liberties, and, while the target is short of
    /// liberties, the liberties of chains touching it that are in atari
    /// (captures and escapes come first).
    fn hot_points(&self, s: &State) -> (Vec<Point>, Vec<Point>) {
        let board = &s.board;
        let Some(&stone) = s
            .home
            .iter()
            .find(|&&p| board.get(p) == Some(self.defender))
        else {
            return (Vec::new(), Vec::new());
        };
        let target_libs = liberties(board, stone);
        let mut urgent = Vec::new();
        if target_libs.len() > 3 {
            return (urgent, target_libs);
        }
        let chain = board.chain(stone);
        let mut seen: Vec<Point> = Vec::new();
        for n in chain
            .iter()
            .flat_map(|&c| board.adjacent(c).collect::<Vec<_>>())
        {
            if board.get(n).is_none() || seen.contains(&n) {
                continue;
            }
            let libs = liberties(board, n);
            if libs.len() == 1 {
                urgent.extend(libs);
            }
            seen.extend(board.chain(n));
        }
        if target_libs.len() == 1 {
            urgent.extend(target_libs.iter().copied());
        }
        (urgent, target_libs)
    }
}

/// The distinct liberties of the chain through `p`, with fewer allocations
/// than [`Board::liberties`] (this runs at every node): a bit set on the
/// stack remembers the points already counted.
fn liberties(board: &Board, p: Point) -> Vec<Point> {
    let n = usize::from(board.size());
    let mut seen = [0u64; 10];
    let mut out = Vec::new();
    for s in board.chain(p) {
        for q in board.adjacent(s) {
            let i = usize::from(q.row) * n + usize::from(q.col);
            if board.get(q).is_none() && seen[i / 64] & (1 << (i % 64)) == 0 {
                seen[i / 64] |= 1 << (i % 64);
                out.push(q);
            }
        }
    }
    out
}

/// Whether `color` playing `p` leaves an opponent chain next to it with a
/// single liberty.
fn ataris(board: &Board, color: Color, p: Point) -> bool {
    board.adjacent(p).any(|n| {
        board.get(n) == Some(color.opponent()) && {
            let libs = liberties(board, n);
            libs.len() == 2 && libs.contains(&p)
        }
    })
}

/// Whether `p` is an eye of a single chain of `color`: filling it captures
/// nothing, joins nothing and only takes a liberty away, so it is not
/// tried. A point surrounded by two or more of `color`'s chains is a
/// connection (filling a ko just taken, joining a cut stone to its group)
/// and is tried.
fn own_eye(board: &Board, color: Color, p: Point) -> bool {
    let mut around = board.adjacent(p);
    let Some(first) = around.next() else {
        return false;
    };
    if board.get(first) != Some(color) {
        return false;
    }
    let chain = board.chain(first);
    around.all(|n| chain.contains(&n))
}

/// The position key of a node: stones, bans, side to move and passes.
fn key(s: &State, to_move: Color, passes: u8) -> u64 {
    let mut h = s.board.hash() ^ (u64::from(passes) << 1) ^ to_move.index() as u64;
    for p in &s.home {
        let v = (u64::from(p.row) << 8 | u64::from(p.col)) + 4096;
        h ^= v.wrapping_mul(0xD6E8_FEB8_6659_FD93).rotate_left(29);
    }
    for (c, bans) in s.bans.iter().enumerate() {
        for p in bans {
            let v = (u64::from(p.row) << 8 | u64::from(p.col)) + 1 + (c as u64) * 1024;
            h ^= v.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17);
        }
    }
    h
}
