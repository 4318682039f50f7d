//! Why the scratch board refused to open or to take a move.

use super::bans::Ban;
use crate::board::IllegalMove;
use crate::color::Color;
use crate::point::Point;
use std::fmt;

/// A refused opening or move of a play-out; the scratch board is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScratchError {
    /// No point was named as disputed.
    NoArea,
    /// A disputed point lies outside the board.
    OffBoard { point: Point },
    /// A disputed point holds no stone.
    NoStone { point: Point },
    /// The disputed stones are of both colours: one side's stones are in
    /// question at a time (Art. 7.1, the opponent moving first).
    MixedColours,
    /// The stone breaks Art. 3–6: occupied, suicide, a basic ko retake.
    Illegal(IllegalMove),
    /// The move retakes a ko its side lost and has not passed for (Art. 7.2).
    Banned(Ban),
    /// Only the side on turn on the scratch board moves.
    NotYourTurn { expected: Color },
}

impl From<IllegalMove> for ScratchError {
    fn from(e: IllegalMove) -> ScratchError {
        ScratchError::Illegal(e)
    }
}

impl fmt::Display for ScratchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScratchError::NoArea => f.write_str("name the stones in dispute to play them out"),
            ScratchError::OffBoard { point } => write!(
                f,
                "column {} row {} is off the board",
                point.col + 1,
                point.row + 1
            ),
            ScratchError::NoStone { point } => write!(
                f,
                "no stone stands at column {} row {} to be played out",
                point.col + 1,
                point.row + 1
            ),
            ScratchError::MixedColours => {
                f.write_str("the stones in dispute must be of one colour")
            }
            ScratchError::Illegal(e) => write!(f, "{e}"),
            ScratchError::Banned(ban) => write!(
                f,
                "{} may not retake the ko taken at column {} row {} before passing once for it (Art. 7.2)",
                ban.color,
                ban.taker.col + 1,
                ban.taker.row + 1
            ),
            ScratchError::NotYourTurn { expected } => {
                write!(f, "not your turn on the scratch board: {expected} to play")
            }
        }
    }
}

impl std::error::Error for ScratchError {}
