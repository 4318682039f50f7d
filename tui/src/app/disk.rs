//! What the update asks of the data folder, and what comes back. The update
//! never touches a file: it returns a [`Job`] with a [`Then`], the shell
//! carries the job out before the next message is taken and answers with
//! [`Msg::Disk`](super::msg::Msg::Disk), a [`Done`] and the same `Then`,
//! which says what the answer is for.

use super::recording::{SeriesGame, SeriesUnread};
use crate::words::Lang;
use kaisho_core::clock::TimeControl;
use kaisho_core::series::{Seat, Series};
use kaisho_core::{Event, Settings};
use kaisho_saves::ExportFailure;
use kaisho_saves::config::{Config, ConfigProblem};
use kaisho_saves::import::FileImport;
use kaisho_saves::kept_review::{Adopted, KeepError, Kept};
use kaisho_saves::log::{self, LogError, SavedGame};
use kaisho_saves::series::{self as saved_series, SeriesId, StoreError};
use kaisho_saves::sgf::KibitzLine;
use kaisho_saves::sgf::{Applied, Charset, Place, Replaced, SgfFileError, SgfRecord, SgfTree};
use std::net::SocketAddr;
use std::path::PathBuf;

/// One piece of work on the data folder.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// Create the log of a new game at this keyboard between `names`
    /// (Black, White); the answer is its id.
    StartLog {
        settings: Settings,
        names: [String; 2],
        series: Option<SeriesId>,
        clock: TimeControl,
    },
    /// Append an accepted event of game `game`, with the time its move
    /// took, to its open log; it is on the disk when the answer is `Ok`.
    Append {
        game: String,
        event: Event,
        time_used_ms: Option<u32>,
    },
    /// Reopen adjourned game `game`'s log to play on, with its series;
    /// a network game's log is left closed ([`Done::Networked`]), and
    /// an engine game's too ([`Done::EngineGame`]).
    ResumeLog { game: String },
    /// Read saved game `game` and its SGF record, for review, its
    /// comments in `lang`.
    LoadGame { game: String, lang: Lang },
    /// The address a joined game's host answered at.
    HostOf { game: String },
    /// List the saved games.
    ListGames,
    /// Read an SGF file, with its tree; with `collect` (the import of
    /// Saved games), a file of several games is imported whole, each game
    /// a saved game, the players a record does not name called in `lang`.
    ReadSgf {
        path: PathBuf,
        lang: Lang,
        collect: bool,
    },
    /// Add a review's `edits` to saved game `game`'s kept record as the
    /// file holds it (made from its export, comments in `lang`, when it has
    /// none yet), under the record's lock.
    KeepReview {
        game: String,
        lang: Lang,
        edits: Vec<Applied>,
    },
    /// Fold the journal of saved game `game`'s review additions into its
    /// record: the review has ended.
    FoldReview { game: String },
    /// Take `tree`, the record a partner's review together of saved game
    /// `game` starts from, into this side's kept record of it (its own
    /// made from its export, comments in `lang`, when it has none yet).
    AdoptRecord {
        game: String,
        lang: Lang,
        tree: Box<SgfTree>,
    },
    /// Export saved game `game` as SGF into the exports folder, its
    /// comments in `lang`, with the watchers' lines `kibitz` (a network
    /// game's, given by its network task on either side) among them.
    Export {
        game: String,
        lang: Lang,
        kibitz: Vec<KibitzLine>,
    },
    /// List the series.
    ListSeries,
    /// Read one series.
    LoadSeries { id: SeriesId },
    /// Save a new series under a fresh id.
    CreateSeries { series: Box<Series> },
    /// Save series `id` as it now stands, in place of `base`, the copy
    /// the change was made from; refused when the file holds another.
    SaveSeries {
        id: SeriesId,
        base: Box<Series>,
        series: Box<Series>,
    },
    /// Write `config.toml`.
    SaveConfig(Box<Config>),
    /// Set `[engine] command` in `config.toml`, leaving the rest of the
    /// file as it is on the disk.
    SaveEngine(String),
}

/// The answer to a [`Job`], success or failure, as typed data.
#[derive(Debug)]
pub enum Done {
    LogStarted(Result<String, LogError>),
    Appended(Result<(), LogError>),
    Resumed(Result<Box<Resumed>, LogError>),
    /// The game to resume is a network game: it resumes with its partner.
    Networked,
    /// The game to resume was played against the engine with this
    /// command line: the engine's seat reopens it.
    EngineGame(String),
    /// A saved game with its record and its tree (`None` for a record too
    /// large to review).
    Loaded(Result<Box<(SavedGame, SgfRecord, Option<SgfTree>)>, LogError>),
    HostOf(Option<SocketAddr>),
    Games(log::Listing),
    /// An SGF file read for review, or imported game by game.
    Sgf(Result<SgfRead, SgfFileError>),
    /// A review's additions kept: the record as written when it is not
    /// the review's own copy with them, and where they landed in it.
    ReviewKept(Result<Box<Kept>, KeepError>),
    /// A review's journal folded into its record, or why not (the
    /// additions stay in the journal, read with the record).
    Folded(Result<(), KeepError>),
    /// The partner's record taken as this side's, or why not.
    Adopted(Result<Adopted, KeepError>),
    Exported(Result<PathBuf, ExportFailure>),
    SeriesList(Result<saved_series::Listing, StoreError>),
    Series(Result<Box<Series>, StoreError>),
    SeriesCreated(Result<SeriesId, StoreError>),
    SeriesSaved(Result<(), StoreError>),
    /// The config file written, and where.
    ConfigSaved(Result<PathBuf, ConfigProblem>),
}

/// An SGF file read: its first game to review, or all its games imported.
#[derive(Debug)]
pub enum SgfRead {
    Review(Box<ToReview>),
    /// A collection, each game made a saved game or refused.
    Imported(Box<FileImport>),
}

/// The first game of an SGF file, to review.
#[derive(Debug)]
pub struct ToReview {
    pub record: SgfRecord,
    /// Its tree; `None` for one too large to review.
    pub tree: Option<SgfTree>,
    pub charset: Charset,
    /// The bytes not valid in the charset, and where the first stands.
    pub replaced: Option<(Replaced, Option<Place>)>,
    /// The games of the file after the first, not shown.
    pub others: usize,
}

/// An adjourned game reopened, and its series as found.
#[derive(Debug)]
pub struct Resumed {
    pub saved: SavedGame,
    /// The series named in the log: read, or why it could not be.
    pub series: Option<Result<(SeriesId, Series), SeriesUnread>>,
}

/// How a review with additions not yet kept is being left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaving {
    /// Quitting kaisho (`q`, `quit`, the end of plain mode's input).
    Quit,
    /// Going back from the review (Esc, `leave`).
    Back,
}

/// What the series screen does with a series once it has read it again
/// and found it as the screen showed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeriesAct {
    /// Enter: play the next game at this keyboard.
    Play,
    /// `H`/`J`: host the next game on the LAN, or join the partner's.
    OverLan { hosting: bool },
    /// `c`: correct the last result by `word`.
    Correct { word: String },
    /// The nigiri: `seat` takes Black.
    Nigiri { seat: Seat },
}

/// What an answer is for: the update's next step, handed back unchanged.
#[derive(Clone, Debug, PartialEq)]
pub enum Then {
    /// The log of the game just begun; `said` is the opening line.
    Begin {
        series: Option<Box<SeriesGame>>,
        said: String,
    },
    /// An event of the game at this keyboard, staged until it is stored.
    Store,
    /// The adjourned game `id` to play on.
    Resume { id: String },
    /// Saved game `id` to review, opened from the saved-games list or not.
    Review { id: String, from_games: bool },
    /// An SGF file to review, by its name.
    Import { name: String, from_games: bool },
    /// A review's additions to saved game `game`'s record.
    ReviewKept { game: String },
    /// The additions a failed write left out, tried once more before the
    /// review is left (`leaving`).
    KeptBeforeLeaving {
        game: String,
        additions: usize,
        leaving: Leaving,
    },
    /// A review together's record taken for saved game `game`.
    Adopted { game: String },
    /// The journal of saved game `game`'s review folded into its record.
    Folded { game: String },
    /// The host's address to offer for rejoining network game `id`.
    AskRejoin { id: String },
    /// The saved-games screen.
    OpenGames,
    /// The saved games as lines, for plain mode.
    ListGames,
    /// The saved-games screen, back from a review.
    BackToGames,
    /// The export of a game that has just ended: a line for its result.
    Finished,
    /// The export of local game `id`, adjourned.
    Adjourned { id: String },
    /// A game's result recorded in its series; `line` says so once saved.
    SeriesResult { line: String, game: Box<SeriesGame> },
    /// The series screen, with series `select` open when given.
    OpenSeries { select: Option<SeriesId> },
    /// A new series saved.
    Created { series: Box<Series> },
    /// Series `id` read, to correct its last result by `word`.
    Correct { id: SeriesId, word: String },
    /// Series `id` read again before the screen acts on it (`act`): the
    /// screen showed it as `shown`.
    Fresh {
        id: SeriesId,
        shown: Box<Series>,
        act: SeriesAct,
    },
    /// Series `id` read again after a write another copy had got ahead of:
    /// the screen shows it as it now is.
    Reread { id: SeriesId },
    /// Series `id` saved corrected; `said` is what changed.
    Corrected {
        id: SeriesId,
        series: Box<Series>,
        said: String,
    },
    /// The nigiri's result saved: `seat` takes Black in game `number`.
    Nigiri { id: SeriesId, seat: Seat },
    /// The settings form saved.
    Settings { config: Box<Config> },
    /// The engine chosen on the home menu or in plain mode.
    Engine,
}
