//! What a user means to do, whatever the input device: keys, the mouse and
//! typed plain-mode lines all become these before the state changes.

use kaisho_core::{Komi, Point};

/// An intention of the user. Keys map to these through the key map; plain
/// mode parses lines into them; [`super::update`] carries them out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Move the board cursor or the menu selection.
    Up,
    Down,
    Left,
    Right,
    /// Enter or Space: activate the menu item, play at the cursor, or mark
    /// the chain at the cursor dead or alive during the ending.
    Select,
    /// Move the cursor to a point and select it (a mouse click or a typed name).
    At(Point),
    /// Play a stone (plain mode's `play D4`).
    Play(Point),
    Pass,
    Resign,
    /// Ask before doing something that cannot be undone.
    Ask(Ask),
    /// Open the prompt to type a point name.
    TypePoint,
    /// Switch between GTP and 1949 point names.
    ToggleNames,
    Help,
    /// Start a local hot-seat game.
    StartLocal {
        size: u8,
        komi: Komi,
        handicap: u8,
    },
    /// Send the marked stones as a proposal (or counter-proposal).
    Propose,
    /// Mark exactly these chains dead and propose them (plain mode).
    ProposeDead(Vec<Point>),
    /// Accept the partner's proposal or no-result offer.
    Accept,
    /// Ask to resume play after stoppage; the partner moves first.
    Resume,
    /// Declare the stopped game unresolvable: both lose.
    DeclareBothLose,
    /// After a repetition, offer no-result.
    OfferNoResult,
    /// Refuse no-result; repeating moves are refused from then on.
    DeclineNoResult,
    /// Leave a finished game for the home screen.
    Home,
    /// Describe the board as text (plain mode).
    ShowBoard,
    /// Describe the count as text (plain mode).
    ShowScore,
    Quit,
}

/// The actions that need a yes before they happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Resign,
    Quit,
    Resume,
    DeclareBothLose,
}

impl Ask {
    /// The question shown in the message line.
    #[must_use]
    pub fn question(self) -> &'static str {
        match self {
            Ask::Resign => "Resign this game?",
            Ask::Quit => "Quit kaisho? The game is not saved.",
            Ask::Resume => "Resume play? Your partner moves first.",
            Ask::DeclareBothLose => "Declare the game unresolvable? Both players lose.",
        }
    }

    /// The command a yes carries out.
    #[must_use]
    pub fn command(self) -> Command {
        match self {
            Ask::Resign => Command::Resign,
            Ask::Quit => Command::Quit,
            Ask::Resume => Command::Resume,
            Ask::DeclareBothLose => Command::DeclareBothLose,
        }
    }
}
