//! One playout of the estimate: both sides play on from a stopped
//! position until neither has a move left, and the points each owns at the
//! end are counted.
//!
//! The moves are random but not blind, in the manner of the playout
//! policies of Monte Carlo programs (Pachi's and Fuego's dead-stone lists
//! come from such playouts): a side never fills its own real eye, never
//! puts a chain of two or more stones into atari (so a seki stays a seki,
//! neither side filling a shared liberty), and answers the last two moves first
//! when they left a chain in atari next to them, capturing or running.

use super::random::Random;
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// How often the urgent answer (capture or escape next to the last move)
/// is played when there is one, per thousand.
const URGENT_PER_MILLE: u64 = 900;

/// The reusable buffers of a run of playouts.
pub(super) struct Playouts {
    scratch: Board,
    empties: Vec<Point>,
    /// Where each point (row-major) stands in `empties`.
    slot: Vec<usize>,
}

impl Playouts {
    pub fn new(start: &Board) -> Playouts {
        let size = usize::from(start.size());
        Playouts {
            scratch: start.clone(),
            empties: Vec::new(),
            slot: vec![0; size * size],
        }
    }

    /// Plays `start` out with `first` to move and calls `owned` with each
    /// point's owner at the end: its stone, or the one colour around an
    /// empty point; `None` for a point that touches both.
    pub fn run(
        &mut self,
        start: &Board,
        first: Color,
        random: &mut Random,
        mut owned: impl FnMut(Point, Option<Color>),
    ) {
        self.scratch.clone_from(start);
        self.scratch.pass();
        self.refill();
        let size = usize::from(start.size());
        let mut to_move = first;
        let mut passes = 0;
        let mut recent: [Option<Point>; 2] = [None, None];
        for _ in 0..3 * size * size {
            let urgent = recent
                .iter()
                .flatten()
                .filter(|_| random.chance(URGENT_PER_MILLE))
                .find_map(|&p| self.urgent(to_move, p));
            match urgent.or_else(|| self.any_move(to_move, random)) {
                Some(p) => {
                    let placed = self.scratch.play(to_move, p).expect("the move was checked");
                    if placed.captured > 0 {
                        self.refill();
                    } else {
                        self.take(p);
                    }
                    passes = 0;
                    recent = [Some(p), recent[0]];
                }
                None => {
                    self.scratch.pass();
                    passes += 1;
                    recent = [None, recent[0]];
                    if passes == 2 {
                        break;
                    }
                }
            }
            to_move = to_move.opponent();
        }
        for p in start.points() {
            owned(p, owner(&self.scratch, p));
        }
    }

    fn refill(&mut self) {
        self.empties.clear();
        let board = &self.scratch;
        self.empties
            .extend(board.points().filter(|&p| board.get(p).is_none()));
        let size = usize::from(board.size());
        for (k, p) in self.empties.iter().enumerate() {
            self.slot[dense(size, *p)] = k;
        }
    }

    /// Takes `p`, just played, out of the empty points.
    fn take(&mut self, p: Point) {
        let size = usize::from(self.scratch.size());
        let k = self.slot[dense(size, p)];
        self.empties.swap_remove(k);
        if let Some(&moved) = self.empties.get(k) {
            self.slot[dense(size, moved)] = k;
        }
    }

    /// A capture of a chain the last move left in atari, or an escape of
    /// one of ours it put there.
    fn urgent(&self, color: Color, last: Point) -> Option<Point> {
        let board = &self.scratch;
        for q in board.adjacent(last).chain([last]) {
            let Some(owner) = board.get(q) else {
                continue;
            };
            if !board.may_be_in_atari(q) || board.liberty_count(q) != 1 {
                continue;
            }
            let liberties = board.liberties(q);
            let [liberty] = liberties[..] else {
                continue;
            };
            if board.check(color, liberty).is_err() {
                continue;
            }
            if owner != color || !board.self_atari(color, liberty) {
                return Some(liberty);
            }
        }
        None
    }

    /// A random acceptable move: legal, not into an own real eye, not a
    /// self-atari of two or more stones.
    fn any_move(&self, color: Color, random: &mut Random) -> Option<Point> {
        let board = &self.scratch;
        let len = self.empties.len();
        if len == 0 {
            return None;
        }
        let start = random.below(len);
        (0..len)
            .map(|k| self.empties[(start + k) % len])
            .find(|&p| {
                board.check(color, p).is_ok()
                    && !real_eye(board, color, p)
                    && !board.self_atari(color, p)
            })
    }
}

fn dense(size: usize, p: Point) -> usize {
    usize::from(p.row) * size + usize::from(p.col)
}

/// The owner of `p` at the end of a playout.
fn owner(board: &Board, p: Point) -> Option<Color> {
    if let Some(c) = board.get(p) {
        return Some(c);
    }
    let mut around = board.adjacent(p).map(|n| board.get(n));
    let first = around.next().flatten()?;
    around.all(|c| c == Some(first)).then_some(first)
}

/// Whether `p` is a real eye of `color`: every neighbour is `color`, and
/// the opponent holds at most one diagonal (none on the edge).
fn real_eye(board: &Board, color: Color, p: Point) -> bool {
    let mut neighbours = 0;
    for n in board.adjacent(p) {
        if board.get(n) != Some(color) {
            return false;
        }
        neighbours += 1;
    }
    let size = i16::from(board.size());
    let mut enemies = 0;
    for (dc, dr) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        let (c, r) = (i16::from(p.col) + dc, i16::from(p.row) + dr);
        if (0..size).contains(&c) && (0..size).contains(&r) {
            let d = Point::new(c as u8, r as u8);
            enemies += usize::from(board.get(d) == Some(color.opponent()));
        }
    }
    enemies <= usize::from(neighbours == 4)
}
