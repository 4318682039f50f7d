//! The application state and the pure update that changes it.
//!
//! The state knows nothing about terminals or disks: [`update`] takes a
//! [`Msg`] and returns [`Cmd`]s, the disk work and network requests among
//! them, which the shell carries out and answers with
//! messages; the view and plain mode only read the state. That keeps every
//! flow testable by feeding messages and inspecting the result.

mod at_hand;
mod command;
mod count;
mod cursor;
mod discover;
mod disk;
mod doubt;
mod draft;
mod engine_ask;
mod engine_choice;
mod engine_game;
mod engine_view;
mod finding;
mod fits;
mod games;
mod hinge;
mod home;
mod keymap;
mod lobby;
mod local;
mod look;
mod msg;
mod narrate;
mod net;
mod netgame;
mod out;
mod playout;
mod prompt;
mod recording;
mod review;
mod review_together;
mod seat;
mod series;
mod series_net;
mod series_typed;
mod settings;
mod speech;
mod strength;
mod table;
mod text;
mod timer;
mod title;
mod undo;
mod update;
mod watch;

pub use crate::words::{CoordStyle, Naming};
pub use command::{Ask, Command};
pub use count::ScoreRows;
pub use discover::{Discovering, DiscoveryRequest, Found, JoinScreen};
pub use disk::{Done, Job, Resumed, SgfRead, Then, ToReview};
pub use doubt::{Doubt, doubt, headline};
pub use draft::{DraftReading, READ_BURST, READ_SLICE, SLICE_NODES};
pub use engine_ask::{Asked, EngineAsk, EngineSaw};
pub use games::{GamesList, status as games_status, status_in as games_status_in};
pub use hinge::{Ends, Hinge, ends, hinges};
pub use home::{Home, HomeItem};
pub use keymap::{Binding, Context, bindings, bindings_here, hints_here, key_label};
pub use lobby::{DEFAULT_PORT, HOST_ITEMS, HostForm, HostItem, Lobby};
pub use look::{Look, move_words, stone_numbers};
pub use msg::{Cmd, Msg};
pub use narrate::{describe, shown};
pub use net::{
    Again, ClockFace, EngineGame, EngineTerms, NetNews, NetRequest, Plan, ReviewPlan, Started,
    Watched,
};
pub use prompt::{Field, Prompt};
pub use recording::{
    Recording, SeriesGame, SeriesStep, SeriesUnread, record_series, series_unsaved,
};
pub use review::{Keeping, Review, Shared, following_words};
pub use seat::{LinkState, NetSeat, WatchDoor};
pub use series::SeriesScreen;
pub use series_net::{SeriesTerms, record_network_game};
pub use series_typed::{
    correct_in, corrected, result_named, result_word, seat_named, setup_from_line, two_names,
};
pub use settings::{SETTINGS_ITEMS, SettingsForm, SettingsItem};
pub use strength::{GNUGO_LEVELS, Strength, program_name, strength};
pub use table::Table;
pub use text::{board_text, doubt_line, moves_text, provisional_lines, score_text};
pub use timer::{CLOCKS, NotAClock, Timer, parse_clock};
pub use title::Title;
pub use update::{MESSAGE_SECONDS, update};
pub use watch::{Follow, Talk, WatchScreen};

use kaisho_saves::config::{Config, CoordinateStyle, LoadedConfig};
use kaisho_saves::places::Places;

/// How the terminal may be drawn on, from the command line and environment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Only ASCII characters: no box drawing, no wide characters.
    pub ascii: bool,
    /// Whether colours may be used (off under `NO_COLOR`).
    pub color: bool,
}

/// Which screen is showing.
#[derive(Debug)]
pub enum Screen {
    Home,
    /// A game, from the first move to its result; the phase decides whether
    /// the play, ending or result screen shows.
    Game(Box<Table>),
    /// The saved and adjourned games, to resume or review.
    Games(GamesList),
    /// A finished game or an imported SGF record, stepped through.
    Review(Box<Review>),
    /// The series kept in the data folder.
    Series(SeriesScreen),
    /// The settings of `config.toml`.
    Settings(SettingsForm),
    /// The terms a host offers, before it listens.
    HostForm(Box<HostForm>),
    /// Waiting for the partner: the join code, or the progress of joining.
    Lobby(Box<Lobby>),
    /// Joining: the games found on the local network, and the join prompt.
    Join(Box<JoinScreen>),
    /// Watching a game (観戦): the game followed, its talk, and whether
    /// the host still feeds it.
    Watch(Box<WatchScreen>),
}

/// What an open text prompt will be used for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// The host's address, to resume this adjourned network game.
    Resume(String),
    /// The join code, to play this series' next game.
    JoinSeries(Box<(SeriesTerms, SeriesGame)>),
}

/// Whether a message reports progress or a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Error,
}

/// The text of the message line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
    /// Seconds shown so far; old messages give way to a clean line.
    pub age: u8,
}

/// Everything the front end shows.
#[derive(Debug)]
pub struct State {
    pub options: Options,
    pub naming: Naming,
    pub home: Home,
    pub screen: Screen,
    /// A question or text prompt that takes the keys until it is closed.
    pub prompt: Option<Prompt>,
    /// Whether the help overlay is open.
    pub help: bool,
    /// The help's first line shown: on a terminal too short for every
    /// key, `j`/`k` scroll it.
    pub help_scroll: u16,
    pub message: Option<Message>,
    /// The terminal size in columns and rows: a click counts only when the
    /// board is on screen.
    pub viewport: (u16, u16),
    /// Where games, series and settings are kept; `None` when no folder
    /// could be found, and then nothing is saved (the home menu says so by
    /// leaving out what needs it).
    pub places: Option<Places>,
    /// The settings in force.
    pub config: Config,
    /// Why `config.toml` was not used, shown on the home screen until it
    /// is fixed.
    pub config_problem: Option<String>,
    /// What a text prompt being typed is for, beyond its field.
    pub pending: Option<Pending>,
    /// The address games hosted from here listen on.
    pub listen: std::net::IpAddr,
    /// What the shell announces and browses on the local network.
    pub discovering: Discovering,
    /// The command line of the GTP engine to play (`--engine`,
    /// `[engine] command`, or GNU Go where it is installed); `None` when
    /// there is none, and then the home menu's engine item says so.
    pub engine: Option<String>,
    /// The saved game whose review has added to its journal since it was
    /// last folded into the record: folded once its review is left.
    pub journaled: Option<String>,
}

impl State {
    /// The home screen in a terminal of `viewport` columns and rows.
    #[must_use]
    pub fn new(options: Options, viewport: (u16, u16)) -> State {
        State {
            options,
            naming: Naming {
                ascii: options.ascii,
                ..Naming::default()
            },
            home: Home::default(),
            screen: Screen::Home,
            prompt: None,
            help: false,
            help_scroll: 0,
            message: None,
            viewport,
            places: None,
            config: Config::default(),
            config_problem: None,
            pending: None,
            listen: std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED),
            discovering: Discovering::default(),
            engine: None,
            journaled: None,
        }
    }

    /// The home screen with games saved under `places` and the settings
    /// of its config file applied.
    #[must_use]
    pub fn with_places(
        options: Options,
        viewport: (u16, u16),
        places: Places,
        loaded: LoadedConfig,
    ) -> State {
        let mut state = State::new(options, viewport);
        state.home = Home::with_saves();
        state.places = Some(places);
        state.config_problem = loaded.problem.map(|p| p.to_string());
        state.apply_config(loaded.config);
        state.options.ascii |= options.ascii;
        state.naming.ascii = state.options.ascii;
        state
    }

    /// Puts settings into force: point names, ASCII mode, and the board
    /// size, komi and clock the home menu offers.
    pub fn apply_config(&mut self, config: Config) {
        self.naming.style = match config.coordinates {
            CoordinateStyle::Gtp => CoordStyle::Gtp,
            CoordinateStyle::Rules1949 => CoordStyle::Japanese,
        };
        self.options.ascii = config.ascii;
        self.naming.ascii = config.ascii;
        self.home.size = config.board_size.get();
        self.home.komi = config.komi;
        self.home.even_komi = config.komi;
        self.home.handicap = 0;
        self.home.set_time_control(config.time_control.into());
        self.config = config;
    }

    /// Whether a tick changes what is drawn: a message fades, or the clock
    /// of a game at this keyboard runs.
    #[must_use]
    pub fn ticks_visibly(&self) -> bool {
        self.message.is_some()
            || matches!(&self.screen, Screen::Watch(w) if w.running())
            || self
                .table()
                .is_some_and(|s| s.timer.is_some() && s.game.phase() == kaisho_core::Phase::Playing)
    }

    /// Whether a dead-stone draft is still being read: the loop then sends
    /// [`Msg::Read`] often, one node quota each.
    #[must_use]
    pub fn reading(&self) -> bool {
        self.table()
            .and_then(|s| s.draft.as_ref())
            .is_some_and(draft::DraftReading::open)
    }

    /// Whether the review shown holds additions a failed write left out
    /// of its saved game's record: leaving it tries them once more.
    #[must_use]
    pub fn unkept_additions(&self) -> bool {
        matches!(&self.screen, Screen::Review(review) if review.unkept())
    }

    /// The game being shown, if any.
    #[must_use]
    pub fn table(&self) -> Option<&Table> {
        match &self.screen {
            Screen::Game(session) => Some(session),
            _ => None,
        }
    }
}
