//! Why a typed line is not a command: which command's usage it missed, or
//! which word of it could not be read. Worded by the catalog
//! (`words::usage_error`) in the player's language, which writes its
//! English `Display` too.

use kaisho_core::CoordError;
use kaisho_core::settings::KomiError;

/// A command typed with the wrong words; its usage is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Usage {
    Join,
    Watch,
    Review,
    Import,
    GoTo,
    Branch,
    Comment,
    Try,
    Clock,
    Look,
    Playout,
    Play,
    Resume,
    Chat,
    Series,
    Host,
    New,
    Engine,
}

/// A typed line that is not a command, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UsageError {
    /// The command's words do not fit its usage.
    Usage(Usage),
    /// The word is not a move number.
    NotMoveNumber(String),
    /// The word is not a port.
    NotPort(String),
    /// The word is not a board size.
    NotBoardSize(String),
    /// The word is not a number of handicap stones.
    NotHandicap(String),
    /// The word is not a komi.
    Komi(KomiError),
    /// The word is not a point on this board.
    Point(CoordError),
    /// A point was given before any game started.
    NoGameYet,
    /// No command has this name.
    Unknown(String),
    /// A script line that is neither a point nor a command.
    NotPointOrCommand(String),
    /// The chat line is `chars` characters long, over the limit.
    ChatTooLong { chars: usize },
    /// A line of the input passed
    /// [`kaisho_saves::limits::MAX_TYPED_LINE_BYTES`]; nothing more
    /// of the input is read.
    LineTooLong,
}

impl std::error::Error for UsageError {}
