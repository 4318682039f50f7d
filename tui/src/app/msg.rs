//! Messages into the update function and commands out of it.

use super::command::Command;
use crossterm::event::{Event as TermEvent, KeyEvent, KeyEventKind, MouseEvent};
use kaisho_core::Event;

/// Everything that can change the state: terminal input, the timer, or a
/// command already decoded (plain mode). Network messages join here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    Key(KeyEvent),
    Mouse(MouseEvent),
    /// The terminal is now this many columns and rows.
    Resize(u16, u16),
    /// One second passed.
    Tick,
    Command(Command),
}

impl Msg {
    /// The message for a terminal event, if it matters to kaisho. Key
    /// releases (reported by some terminals) are dropped so a key acts once.
    #[must_use]
    pub fn from_terminal(event: TermEvent) -> Option<Msg> {
        match event {
            TermEvent::Key(key) if key.kind != KeyEventKind::Release => Some(Msg::Key(key)),
            TermEvent::Mouse(mouse) => Some(Msg::Mouse(mouse)),
            TermEvent::Resize(w, h) => Some(Msg::Resize(w, h)),
            _ => None,
        }
    }
}

/// What the update asks the outside world to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cmd {
    /// Leave kaisho.
    Quit,
    /// A line for the user: plain mode prints it; the screen already shows it.
    Say(String),
    /// The game accepted this event: the event log records it, and saves and
    /// the network will take it from here.
    Applied(Event),
}
