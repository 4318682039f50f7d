//! Messages into the update function and commands out of it.

use super::command::Command;
use super::discover::{DiscoveryRequest, Found};
use super::disk::{Done, Job, Then};
use super::engine_ask::{EngineAsk, EngineSaw};
use super::net::{NetNews, NetRequest};
use crate::engine::EngineError;
use crossterm::event::{
    Event as TermEvent, KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind,
};
use kaisho_core::Event;

/// Everything that can change the state: terminal input, the timer, or a
/// command already decoded (plain mode), a report of the network task, or
/// the answer to a job on the data folder.
#[derive(Debug)]
pub enum Msg {
    Key(KeyEvent),
    Mouse(MouseEvent),
    /// The terminal is now this many columns and rows.
    Resize(u16, u16),
    /// One second passed.
    Tick,
    /// A slice of the dead-stone draft is due (sent often while it reads).
    Read,
    Command(Command),
    Net(NetNews),
    /// The shell's answer to a [`Cmd::Disk`], with what it is for.
    Disk(Done, Then),
    /// A change of the games found on the local network, or a failure to
    /// look for them.
    Found(Found),
    /// The engine's answer to a [`Cmd::AskEngine`].
    Engine(Result<EngineSaw, EngineError>),
}

impl Msg {
    /// The message for a terminal event, if it matters to kaisho. Key
    /// releases (reported by some terminals) are dropped so a key acts once,
    /// and mouse motion is dropped so that moving the mouse costs no frames.
    #[must_use]
    pub fn from_terminal(event: TermEvent) -> Option<Msg> {
        match event {
            TermEvent::Key(key) if key.kind != KeyEventKind::Release => Some(Msg::Key(key)),
            TermEvent::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                Some(Msg::Mouse(mouse))
            }
            TermEvent::Resize(w, h) => Some(Msg::Resize(w, h)),
            _ => None,
        }
    }
}

/// What the update asks the outside world to do. The shell carries each
/// out, in order, before the next message is taken.
#[derive(Clone, Debug, PartialEq)]
pub enum Cmd {
    /// Leave kaisho.
    Quit,
    /// A line for the user: plain mode prints it; the screen already shows it.
    Say(String),
    /// The game accepted this event; the log records it.
    Applied(Event),
    /// Something for the network task to do.
    Net(NetRequest),
    /// Work on the data folder; the answer comes back as [`Msg::Disk`].
    Disk(Job, Then),
    /// Announce, withdraw or look for games on the local network.
    Discover(DiscoveryRequest),
    /// Ask an engine about a review's position, on a task of its own; the
    /// answer comes back as [`Msg::Engine`].
    AskEngine(Box<EngineAsk>),
    /// Ring the terminal bell (BEL): the bell setting is on and the partner
    /// moved or the clock warns.
    Bell,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyModifiers};

    #[test]
    fn only_presses_and_left_clicks_become_messages() {
        let mouse = |kind| {
            TermEvent::Mouse(MouseEvent {
                kind,
                column: 3,
                row: 1,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert!(Msg::from_terminal(mouse(MouseEventKind::Moved)).is_none());
        assert!(Msg::from_terminal(mouse(MouseEventKind::Up(MouseButton::Left))).is_none());
        assert!(Msg::from_terminal(mouse(MouseEventKind::Down(MouseButton::Left))).is_some());
        let mut release = KeyEvent::new(KeyCode::Char('p'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert!(Msg::from_terminal(TermEvent::Key(release)).is_none());
        assert!(matches!(
            Msg::from_terminal(TermEvent::Resize(80, 24)),
            Some(Msg::Resize(80, 24))
        ));
    }
}
