//! The application state and the pure update that changes it.
//!
//! The state knows nothing about terminals: [`update`] takes a [`Msg`] and
//! returns [`Cmd`]s; the view and plain mode only read the state. That keeps
//! every flow testable by feeding messages and inspecting the result.

mod command;
mod count;
mod home;
mod keymap;
mod msg;
mod names;
mod narrate;
mod prompt;
mod session;
mod text;
mod update;

pub use command::{Ask, Command};
pub use count::ScoreRows;
pub use home::{Home, HomeItem, ITEMS as HOME_ITEMS};
pub use keymap::{Binding, Context, bindings, key_label};
pub use msg::{Cmd, Msg};
pub use names::{CoordStyle, Naming};
pub use narrate::{describe, outcome_text};
pub use prompt::Prompt;
pub use session::Session;
pub use text::{board_text, score_text};
pub use update::update;

/// How the terminal may be drawn on, from the command line and environment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Only ASCII characters: no box drawing, no wide characters.
    pub ascii: bool,
    /// Whether colours may be used (off under `NO_COLOR`).
    pub color: bool,
}

/// Which screen is showing.
#[derive(Clone, Debug)]
pub enum Screen {
    Home,
    /// A game, from the first move to its result; the phase decides whether
    /// the play, ending or result screen shows.
    Game(Box<Session>),
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
#[derive(Clone, Debug)]
pub struct State {
    pub options: Options,
    pub naming: Naming,
    pub home: Home,
    pub screen: Screen,
    /// A question or text prompt that takes the keys until it is closed.
    pub prompt: Option<Prompt>,
    /// Whether the help overlay is open.
    pub help: bool,
    pub message: Option<Message>,
    /// The terminal size in columns and rows: a click counts only when the
    /// board is on screen.
    pub viewport: (u16, u16),
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
            message: None,
            viewport,
        }
    }

    /// The game being shown, if any.
    #[must_use]
    pub fn session(&self) -> Option<&Session> {
        match &self.screen {
            Screen::Game(session) => Some(session),
            Screen::Home => None,
        }
    }
}
