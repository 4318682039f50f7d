//! What a user means to do, whatever the input device: keys, the mouse and
//! typed plain-mode lines all become these before the state changes.

pub use crate::words::Ask;
use kaisho_core::series::Seat;
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
    /// Start a game against the GTP engine.
    StartEngine(super::net::EngineGame),
    /// GNU Go's level this many steps up (or down) from the one in force.
    StepEngineLevel(i32),
    /// GNU Go's level set (plain mode's `engine level N`).
    SetEngineLevel(u8),
    /// Open the prompt for the engine's command.
    AskEngine,
    /// Play this engine command from now on (plain mode's `engine command`).
    SetEngine(String),
    /// Send the marked stones as a proposal (or counter-proposal).
    Propose,
    /// In the ending, play the chain at this point out on a scratch board
    /// (確認); `None` for the chain at the cursor.
    OpenPlayout(Option<Point>),
    /// Close the play-out: the board is put back, its verdict offered as marks.
    ClosePlayout,
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
    /// 待った: take back the last move (at once at one keyboard; a request
    /// to the partner over the network).
    Undo,
    /// Agree to the partner's request to take back their move.
    AcceptUndo,
    /// Refuse it: the move stands.
    DeclineUndo,
    /// Before a series game, take the partner's last result into this
    /// side's copy (or keep this side's: no game).
    TakeLastResult(bool),
    /// Show or hide the move list beside the board.
    ToggleMoves,
    /// Show or hide move numbers on the stones.
    ToggleNumbers,
    /// Look back through the game in play without leaving it.
    LookBack,
    /// Back from looking back to the game as it stands.
    EndLook,
    /// List the moves as text (plain mode's `moves`).
    ShowMoves,
    /// Print the board after this many moves of the game in play (plain
    /// mode's `look N`).
    ShowPosition(u32),
    /// Open the prompt for a clock typed freely.
    AskClock,
    /// Use this clock, typed freely (plain mode's `clock`), for the next
    /// game or the host's form.
    SetClock(String),
    /// Leave a finished game for the home screen.
    Home,
    /// Describe the board as text (plain mode).
    ShowBoard,
    /// Describe the count as text (plain mode).
    ShowScore,
    /// Leave a game in play for the home screen; its log keeps it
    /// adjourned (打ち掛け) for later.
    Adjourn,
    /// Open the host's form for a LAN game.
    OpenHost,
    /// Host a LAN game at once with these terms, colours by nigiri, and
    /// the home menu's clock (plain mode's `host`).
    HostNow {
        size: u8,
        komi: Komi,
        handicap: u8,
        port: u16,
    },
    /// Join the LAN game of this code (plain mode's `join`).
    JoinNow(String),
    /// Send this chat line to the partner (plain mode's `chat`).
    Chat(String),
    /// Ask for the join code of a LAN game.
    AskJoin,
    /// Open the Watch screen: the games open to watchers and the prompt
    /// for a watch code.
    AskWatch,
    /// Watch the game at this watch code at once (plain mode).
    WatchNow(String),
    /// Watch the same game again after the watch was dropped.
    WatchAgain,
    /// The players close watching: the watchers are dropped and told so.
    CloseWatching,
    /// Open the prompt for a chat line to the partner.
    AskChat,
    /// Resume the adjourned network game with this id: wait here for the
    /// partner to dial in.
    HostResume(String),
    /// Host the saved game reviewed for a partner to review together (検討).
    HostReview,
    /// Once a network game has ended: offer the partner to review it
    /// together.
    OfferReview,
    /// The answer to the partner's offer to review the game together.
    AnswerReview(bool),
    /// Open the prompt for the code of a review together to join.
    AskReviewCode,
    /// Join the review together at this code at once (plain mode).
    JoinReview(String),
    /// A fresh join code in place of one three wrong tries burned: the
    /// host asks for it, so a guesser never gets more than three tries at
    /// a code the host did not choose to renew.
    NewCode,
    /// Resume the adjourned network game with this id: type the host's
    /// address and dial it.
    AskRejoin(String),
    /// Open the saved games, the series, or the settings.
    OpenGames,
    OpenSeries,
    OpenSettings,
    /// Leave the screen for the one it was opened from.
    Back,
    /// Open the prompt for the path of an SGF file to review.
    AskImport,
    /// Review the SGF file at this path.
    Import(String),
    /// List the saved games as text (plain mode).
    ListGames,
    /// Resume the adjourned game with this id.
    ResumeSaved(String),
    /// On Saved games: go on playing the selected adjourned game, an
    /// imported record without a result too (Enter reviews that).
    PlayOn,
    /// Review the saved game with this id.
    ReviewSaved(String),
    /// In review: the first and last positions, and a chosen move.
    First,
    Last,
    AskMove,
    GoTo(u32),
    /// In review: back to the nearest node above with more than one move
    /// after it.
    BranchPoint,
    /// In review: list the moves that may follow the node (plain mode).
    Variations,
    /// In review: step into the node's variation with this number, from 1.
    Branch(usize),
    /// In review: open the prompt for a comment on the node.
    AskComment,
    /// In review: add this text to the node's comment.
    Comment(String),
    /// In review: put the cursor on the board to try moves, or take it off.
    ToggleTry,
    /// In review: try this move (a pass when `None`) after the node; a
    /// move off the line makes a new variation.
    Try(Option<Point>),
    /// In review: ask the engine in force for its move and its estimate
    /// of the score at the node.
    ConsultEngine,
    /// In review: add the move the engine gave for the node as a
    /// variation, marked as the engine's.
    AddEngineMove,
    /// In an open series: host its next game on the LAN, or join the
    /// partner's offer of it.
    HostSeries,
    JoinSeries,
    /// Open the prompt for a new series' terms.
    AskNewSeries,
    /// Start the series these typed terms describe (plain mode's `series
    /// new`).
    NewSeries(String),
    /// In an open series: open the prompt to correct its last result.
    AskCorrection,
    /// Correct the last result of the series with this id (or the open
    /// one) to what the word names, or strike it out.
    CorrectSeries {
        id: Option<String>,
        word: String,
    },
    /// Record who takes Black after a nigiri held at the board.
    Nigiri(Seat),
    /// On the settings screen: write the settings to the config file.
    SaveSettings,
    /// Leave the settings screen, dropping the changes not saved.
    DiscardSettings,
    Quit,
}

impl Ask {
    /// The command a yes carries out.
    #[must_use]
    pub fn command(self) -> Command {
        match self {
            Ask::Resign => Command::Resign,
            Ask::Adjourn => Command::Adjourn,
            Ask::Resume => Command::Resume,
            Ask::DeclareBothLose => Command::DeclareBothLose,
            Ask::DiscardSettings => Command::DiscardSettings,
            Ask::Quit => Command::Quit,
            Ask::CloseWatching => Command::CloseWatching,
        }
    }
}
