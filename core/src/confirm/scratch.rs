//! The scratch board of one play-out: a copy of the stopped position, the
//! disputed stones and who attacks them, and the moves played on it.

use super::bans::{Ban, Bans};
use super::error::ScratchError;
use super::verdict::Verdict;
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// A move of the play-out, with what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A stone, and how many stones it took.
    Play {
        color: Color,
        point: Point,
        captured: u32,
    },
    /// A pass, and the ko it was for, whose ban it lifted.
    Pass { color: Color, lifted: Option<Ban> },
}

/// A play-out in progress. Opened on a copy of the game's board, it never
/// reaches back into the game: closing it only gives its [`Verdict`].
#[derive(Clone, Debug)]
pub struct Scratch {
    board: Board,
    attacker: Color,
    /// The point the play-out was opened on, to name it by.
    at: Point,
    disputed: Vec<Point>,
    /// The disputed points emptied at least once.
    emptied: Vec<bool>,
    to_move: Color,
    bans: Bans,
    captures: [u32; 2],
    passes: u8,
    steps: Vec<Step>,
}

impl Scratch {
    /// Opens a play-out on a copy of `board` over the chains through
    /// `area`, which must hold stones of one colour; their opponent attacks
    /// and moves first (Art. 7.1: 相手方の着手により).
    pub fn open(board: &Board, area: &[Point]) -> Result<Scratch, ScratchError> {
        let size = board.size();
        let mut disputed: Vec<Point> = Vec::new();
        let mut defender = None;
        for &point in area {
            if !point.is_on(size) {
                return Err(ScratchError::OffBoard { point });
            }
            let color = board.get(point).ok_or(ScratchError::NoStone { point })?;
            if *defender.get_or_insert(color) != color {
                return Err(ScratchError::MixedColours);
            }
            if !disputed.contains(&point) {
                disputed.extend(board.chain(point));
            }
        }
        let attacker = defender.ok_or(ScratchError::NoArea)?.opponent();
        let at = area[0];
        disputed.sort_unstable();
        disputed.dedup();
        let mut board = board.clone();
        board.pass();
        Ok(Scratch {
            emptied: vec![false; disputed.len()],
            board,
            attacker,
            at,
            disputed,
            to_move: attacker,
            bans: Bans::default(),
            captures: [0; 2],
            passes: 0,
            steps: Vec::new(),
        })
    }

    /// The scratch position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side trying to capture the disputed stones, who moved first.
    #[must_use]
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The first point named when it was opened: a stone of the disputed
    /// chains, to name them by.
    #[must_use]
    pub fn at(&self) -> Point {
        self.at
    }

    /// The stones in question, whole chains, sorted.
    #[must_use]
    pub fn disputed(&self) -> &[Point] {
        &self.disputed
    }

    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Stones each side took on the scratch board (`[by black, by white]`).
    #[must_use]
    pub fn captures(&self) -> [u32; 2] {
        self.captures
    }

    /// The Art. 7.2 bans in force.
    #[must_use]
    pub fn bans(&self) -> &[Ban] {
        self.bans.all()
    }

    /// The moves played so far.
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The last stone played on the scratch board, for its marker.
    #[must_use]
    pub fn last_stone(&self) -> Option<Point> {
        self.steps.iter().rev().find_map(|step| match *step {
            Step::Play { point, .. } => Some(point),
            Step::Pass { .. } => None,
        })
    }

    /// Whether every disputed stone has been taken off at some point.
    #[must_use]
    pub fn captured(&self) -> bool {
        self.emptied.iter().all(|&e| e)
    }

    /// Whether `color` could play `point` now, without changing anything.
    pub fn check(&self, color: Color, point: Point) -> Result<(), ScratchError> {
        let mut probe = self.board.clone();
        self.try_play(&mut probe, color, point).map(|_| ())
    }

    fn try_play(&self, board: &mut Board, color: Color, point: Point) -> Result<u32, ScratchError> {
        if color != self.to_move {
            return Err(ScratchError::NotYourTurn {
                expected: self.to_move,
            });
        }
        let placed = board.play(color, point)?;
        if placed.captured > 0
            && let Some(ban) = self.bans.forbidding(color, point)
        {
            return Err(ScratchError::Banned(ban));
        }
        Ok(placed.captured)
    }

    /// `color` plays `point` under Art. 3–6 and the Art. 7.2 bans.
    pub fn play(&mut self, color: Color, point: Point) -> Result<Step, ScratchError> {
        let mut board = self.board.clone();
        let captured = self.try_play(&mut board, color, point)?;
        if let Some(at) = board.ko() {
            self.bans.take(color.opponent(), at, point);
        }
        self.board = board;
        for (i, p) in self.disputed.iter().enumerate() {
            if self.board.get(*p).is_none() {
                self.emptied[i] = true;
            }
        }
        self.captures[color.index()] += captured;
        Ok(self.advance(Step::Play {
            color,
            point,
            captured,
        }))
    }

    /// `color` passes; the pass counts for the oldest ko it may not retake.
    pub fn pass(&mut self, color: Color) -> Result<Step, ScratchError> {
        if color != self.to_move {
            return Err(ScratchError::NotYourTurn {
                expected: self.to_move,
            });
        }
        self.board.pass();
        let lifted = self.bans.pass(color);
        Ok(self.advance(Step::Pass { color, lifted }))
    }

    fn advance(&mut self, step: Step) -> Step {
        self.passes = match step {
            Step::Pass { .. } => self.passes.saturating_add(1),
            Step::Play { .. } => 0,
        };
        self.to_move = self.to_move.opponent();
        self.steps.push(step);
        step
    }

    /// What the play has shown so far, as closing now would give it.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        if self.captured() {
            let defender = self.attacker.opponent();
            Verdict::Captured {
                reestablished: self
                    .disputed
                    .iter()
                    .copied()
                    .filter(|&p| self.board.get(p) == Some(defender))
                    .collect(),
            }
        } else if self.passes >= 2 {
            Verdict::Held
        } else {
            Verdict::GivenUp
        }
    }

    /// Ends the play-out: the scratch board is dropped and its verdict given.
    #[must_use]
    pub fn close(self) -> Verdict {
        self.verdict()
    }
}
