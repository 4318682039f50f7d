//! Why the game refused an event.

use crate::board::IllegalMove;
use crate::color::Color;
use crate::confirm::ScratchError;
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
    WrongPhase { phase: Phase, action: Action },
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
    /// Only a player with a move to take back may ask: the last move, or the
    /// one before the opponent's reply; `last` made the last move.
    NotYourMoveToUndo { last: Color },
    /// A request to take back a move waits for its answer.
    UndoOpen { by: Color },
    /// There is no request to take back a move to answer.
    NoUndoRequest,
    /// The play-out refused to open or to take the move (Art. 7).
    Playout(ScratchError),
    /// There is no play-out open to move on or close.
    NoPlayout,
    /// A play-out is open: close it before proposing, accepting, resuming
    /// or opening another.
    PlayoutOpen,
}

/// What a player tried when the phase refused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play a stone.
    Play,
    /// Pass.
    Pass,
    /// Resign.
    Resign,
    /// Lose on time.
    LoseOnTime,
    /// Ask to resume play after stoppage.
    Resume,
    /// Declare that no agreement is possible (both lose).
    DeclareBothLose,
    /// Offer no-result after a repetition.
    OfferNoResult,
    /// Accept a no-result offer.
    AcceptNoResult,
    /// Decline a no-result offer.
    DeclineNoResult,
    /// Propose dead stones.
    Propose,
    /// Accept a proposal.
    AcceptProposal,
    /// Take back a move (待った).
    Undo,
    /// Open a play-out (確認).
    OpenPlayout,
}

/// The article of a rule text that a refusal rests on, for the front end
/// to cite in the player's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Article {
    /// 日本囲碁規約 (1989), the article and, where it matters, its clause.
    J1989 { article: u8, clause: Option<u8> },
    /// ネット棋院囲碁ルール, the article.
    NetKiin(u8),
}

impl GameError {
    /// The rule the refusal rests on; `None` for the club's own conventions
    /// (待った by consent) that no rule text names.
    #[must_use]
    pub fn article(&self) -> Option<Article> {
        let j = |article, clause| Some(Article::J1989 { article, clause });
        match self {
            GameError::Illegal(IllegalMove::OffBoard | IllegalMove::Occupied) => j(3, None),
            GameError::Illegal(IllegalMove::Suicide) => j(4, None),
            GameError::Illegal(IllegalMove::Ko) => j(6, None),
            GameError::RepetitionRefused => Some(Article::NetKiin(16)),
            GameError::NotYourTurn { .. } => j(2, None),
            GameError::WrongPhase { .. } => j(9, None),
            GameError::NoRepetition | GameError::NoOffer | GameError::OfferOpen => j(12, None),
            GameError::OwnOffer => j(9, Some(2)),
            GameError::UnknownProposal { .. }
            | GameError::StaleProposal { .. }
            | GameError::NoStone { .. }
            | GameError::OffBoard { .. } => Some(Article::NetKiin(12)),
            GameError::NothingToUndo
            | GameError::NotYourMoveToUndo { .. }
            | GameError::UndoOpen { .. }
            | GameError::NoUndoRequest => None,
            GameError::Playout(ScratchError::Illegal(e)) => GameError::Illegal(*e).article(),
            GameError::Playout(ScratchError::Banned(_)) => j(7, Some(2)),
            GameError::Playout(_) | GameError::NoPlayout | GameError::PlayoutOpen => j(7, None),
        }
    }
}

impl From<ScratchError> for GameError {
    fn from(e: ScratchError) -> GameError {
        GameError::Playout(e)
    }
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
                write!(f, "cannot {action:?} while the game is {phase}")
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
            GameError::UndoOpen { by } => {
                write!(f, "{by} asks for a take-back: accept or decline first")
            }
            GameError::NoUndoRequest => {
                f.write_str("there is no request to take back a move to answer")
            }
            GameError::Playout(e) => write!(f, "play-out: {e}"),
            GameError::NoPlayout => f.write_str("no play-out is open"),
            GameError::PlayoutOpen => f.write_str("a play-out is open: close it first"),
        }
    }
}

impl std::error::Error for GameError {}
