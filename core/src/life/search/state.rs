//! A node of the hypothetical play and the move that leaves it: captures,
//! the Art. 7.2 bans, and the target's home.

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// A move of the hypothetical play.
#[derive(Clone, Copy)]
pub(super) enum Move {
    Play(Point),
    /// A pass, lifting the ban with this index if any.
    Pass(Option<usize>),
}

/// A position of the hypothetical play with what the rules remember of
/// the line that led to it.
pub(super) struct State {
    pub board: Board,
    /// Ko points each colour may not retake (Art. 7.2), by colour index.
    pub bans: [Vec<Point>; 2],
    /// The target's points, and after its capture also the points of the
    /// attacker chains its owner took back next to them.
    pub home: Vec<Point>,
    /// The ply at which the target was first emptied.
    pub captured_at: Option<u16>,
    /// The last move captured enough to ask whether the question is settled.
    pub unsettled_capture: bool,
    /// The last move was a defender's stone: the home may now hold an
    /// unconditionally alive chain.
    pub defender_played: bool,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            board: self.board.clone(),
            bans: self.bans.clone(),
            home: self.home.clone(),
            captured_at: self.captured_at,
            unsettled_capture: self.unsettled_capture,
            defender_played: self.defender_played,
        }
    }

    /// Reuses the buffers already held (see [`Board`]'s `clone_from`).
    fn clone_from(&mut self, source: &State) {
        self.board.clone_from(&source.board);
        self.bans.clone_from(&source.bans);
        self.home.clone_from(&source.home);
        self.captured_at = source.captured_at;
        self.unsettled_capture = source.unsettled_capture;
        self.defender_played = source.defender_played;
    }
}

impl State {
    /// The root: the stopped position, its target, no bans.
    pub fn new(board: Board, target: Vec<Point>) -> State {
        State {
            board,
            bans: [Vec::new(), Vec::new()],
            home: target,
            captured_at: None,
            unsettled_capture: false,
            defender_played: false,
        }
    }

    /// Whether a stone of `defender` stands on the home.
    pub fn occupied(&self, defender: Color) -> bool {
        self.home
            .iter()
            .any(|&p| self.board.get(p) == Some(defender))
    }

    /// The state after `color` plays `mv` at ply `ply` of a search for
    /// `defender`'s target, or `None` if the move is illegal: on an occupied
    /// point, suicide, a basic ko retake, or a retake Art. 7.2 bars.
    pub fn after(&self, color: Color, mv: Move, defender: Color, ply: u16) -> Option<State> {
        let mut state = self.clone();
        self.after_into(color, mv, defender, ply, &mut state)?;
        Some(state)
    }

    /// [`State::after`] written into `next`, whose buffers are reused;
    /// `None` if the move is illegal (`next` then holds no meaningful
    /// position).
    pub fn after_into(
        &self,
        color: Color,
        mv: Move,
        defender: Color,
        ply: u16,
        next: &mut State,
    ) -> Option<()> {
        next.clone_from(self);
        next.unsettled_capture = false;
        next.defender_played = false;
        match mv {
            Move::Pass(lift) => {
                next.board.pass();
                if let Some(i) = lift {
                    next.bans[color.index()].swap_remove(i);
                }
            }
            Move::Play(p) => {
                let placed = next.board.play(color, p).ok()?;
                if placed.captured > 0 && self.bans[color.index()].contains(&p) {
                    return None;
                }
                if let Some(q) = placed.ko {
                    let theirs = &mut next.bans[color.opponent().index()];
                    if !theirs.contains(&q) {
                        theirs.push(q);
                    }
                }
                if color == defender && placed.captured > 0 && next.captured_at.is_some() {
                    next.take_home(self, p, color.opponent());
                }
                if next.captured_at.is_none() && !next.occupied(defender) {
                    next.captured_at = Some(ply + 1);
                }
                let emptied = next.captured_at == Some(ply + 1);
                let big_capture = color == defender && placed.captured >= 3;
                next.unsettled_capture = emptied || big_capture;
                next.defender_played = color == defender;
            }
        }
        Some(())
    }

    /// After the target's capture, an attacker chain its owner takes back
    /// next to the target's points (or next to points taken back before)
    /// becomes part of the home: new stones standing there arise from the
    /// capture (取られても新たに取られない石を生じうる). The defender's
    /// stone now stands on `p`: the stones of `attacker` next to it
    /// `before` the move are those it may have taken.
    fn take_home(&mut self, before: &State, p: Point, attacker: Color) {
        let mut taken: Vec<Vec<Point>> = Vec::new();
        for n in before.board.adjacent(p) {
            if before.board.get(n) == Some(attacker)
                && self.board.get(n).is_none()
                && !taken.iter().any(|c| c.contains(&n))
            {
                taken.push(before.board.chain(n));
            }
        }
        let mut grew = true;
        while grew {
            grew = false;
            taken.retain(|chain| {
                let touches = chain.iter().any(|&c| {
                    self.home.contains(&c)
                        || before.board.adjacent(c).any(|a| self.home.contains(&a))
                });
                if touches {
                    for &c in chain {
                        if !self.home.contains(&c) {
                            self.home.push(c);
                        }
                    }
                    grew = true;
                }
                !touches
            });
        }
    }

    /// The position key: stones, home, bans, side to move and passes.
    pub fn key(&self, to_move: Color, passes: u8) -> u64 {
        self.key_with(self.board.hash(), to_move, passes)
    }

    /// [`State::key`] with `stones` for the hash of the board's stones: the
    /// key of a child that differs from this state only in its stones.
    pub fn key_with(&self, stones: u64, to_move: Color, passes: u8) -> u64 {
        let mut h = stones ^ (u64::from(passes) << 1) ^ to_move.index() as u64;
        for p in &self.home {
            let v = (u64::from(p.row) << 8 | u64::from(p.col)) + 4096;
            h ^= v.wrapping_mul(0xD6E8_FEB8_6659_FD93).rotate_left(29);
        }
        for (c, bans) in self.bans.iter().enumerate() {
            for p in bans {
                let v = (u64::from(p.row) << 8 | u64::from(p.col)) + 1 + (c as u64) * 1024;
                h ^= v.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17);
            }
        }
        h
    }
}
