//! Why the game refused an event.

use crate::board::IllegalMove;
use crate::color::Color;
use crate::game::Phase;
use crate::point::Point;
use std::fmt;

/// An event the game refused. The game is unchanged after any of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The stone breaks Art. 3–6 (occupied, suicide, ko, off the board).
    Illegal(IllegalMove),
    /// The move recreates an earlier position and no-result was declined
    /// (Net Kiin Art. 16).
    RepetitionRefused,
    /// Only the player on turn may play or pass.
    NotYourTurn { expected: Color },
    /// The event does not belong in the game's current phase.
    WrongPhase { phase: Phase, action: &'static str },
    /// No-result can be offered only after a whole-board repetition, and not after it was declined.
    NoRepetition,
    /// There is no no-result offer to accept.
    NoOffer,
    /// A no-result offer is already waiting for an answer.
    OfferOpen,
    /// A player cannot accept their own offer or proposal.
    OwnOffer,
    /// The proposal number does not exist.
    UnknownProposal { index: u32 },
    /// Only the latest proposal can be accepted.
    StaleProposal { index: u32, latest: u32 },
    /// A proposal names a point with no stone on it.
    NoStone { point: Point, name: String },
    /// A proposal names a point outside the board.
    OffBoard { point: Point },
    /// There is no move to take back.
    NothingToUndo,
    /// Only the player who made the last move may ask to take it back.
    NotYourMoveToUndo { last: Color },
    /// A request to take back a move waits for its answer.
    UndoOpen { by: Color },
    /// There is no request to take back a move to answer.
    NoUndoRequest,
}

impl From<IllegalMove> for GameError {
    fn from(e: IllegalMove) -> GameError {
        GameError::Illegal(e)
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Illegal(e) => write!(f, "{e}"),
            GameError::RepetitionRefused => f.write_str(
                "repetition: this move recreates an earlier position and no-result was declined",
            ),
            GameError::NotYourTurn { expected } => write!(f, "not your turn: {expected} to play"),
            GameError::WrongPhase { phase, action } => {
                write!(f, "cannot {action} while the game is {phase}")
            }
            GameError::NoRepetition => {
                f.write_str("no-result can only be offered after a whole-board repetition")
            }
            GameError::NoOffer => f.write_str("there is no no-result offer to answer"),
            GameError::OfferOpen => {
                f.write_str("a no-result offer is already waiting: accept or decline it")
            }
            GameError::OwnOffer => f.write_str("a player cannot accept their own offer"),
            GameError::UnknownProposal { index } => write!(f, "there is no proposal {index}"),
            GameError::StaleProposal { index, latest } => write!(
                f,
                "proposal {index} has been superseded; only proposal {latest} can be accepted"
            ),
            GameError::NoStone { name, .. } => {
                write!(f, "no stone stands at {name} to be marked dead")
            }
            GameError::OffBoard { point } => write!(
                f,
                "column {} row {} is off the board",
                point.col + 1,
                point.row + 1
            ),
            GameError::NothingToUndo => f.write_str("there is no move to take back"),
            GameError::NotYourMoveToUndo { last } => write!(
                f,
                "only {last}, who made the last move, can ask to take it back"
            ),
            GameError::UndoOpen { by } => write!(
                f,
                "{by} asks to take back the last move: accept or decline first"
            ),
            GameError::NoUndoRequest => {
                f.write_str("there is no request to take back a move to answer")
            }
        }
    }
}

impl std::error::Error for GameError {}
