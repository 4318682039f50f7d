//! Questions and the typed-point prompt, which take the keys while open.

use super::command::{Ask, Command};
use crossterm::event::{KeyCode, KeyEvent};
use kaisho_core::Color;

/// What the message line is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// A yes/no question before an action that cannot be undone.
    Confirm(Ask),
    /// A point name being typed after `:`.
    Point(String),
    /// A move recreated an earlier position: the side to move may offer
    /// no-result or decline it (J1989 Art. 12).
    NoResultOffer { to_move: Color },
    /// `by` offered no-result; the partner answers.
    NoResultAnswer { by: Color },
}

/// What a key did to an open prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The prompt stays open (maybe with new text).
    Stay,
    /// The prompt closes without doing anything.
    Close,
    /// The prompt closes and the command runs.
    Run(Command),
    /// The typed text is submitted.
    Submit(String),
}

impl Prompt {
    /// The text of the message line while the prompt is open.
    #[must_use]
    pub fn line(&self) -> String {
        match self {
            Prompt::Confirm(ask) => format!("{} y yes, n no", ask.question()),
            Prompt::Point(text) => format!("Point: {text}_   (Enter chooses, Esc cancels)"),
            Prompt::NoResultOffer { to_move } => format!(
                "Position repeated (Art. 12). {to_move}: o offer no-result, d decline, Esc play on"
            ),
            Prompt::NoResultAnswer { by } => format!(
                "{by} offers no-result. {}: a accept, d decline",
                by.opponent()
            ),
        }
    }

    /// Handles one key.
    pub fn key(&mut self, key: KeyEvent) -> Reply {
        match self {
            Prompt::Confirm(ask) => match key.code {
                KeyCode::Char('y' | 'Y') => Reply::Run(ask.command()),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => Reply::Close,
                _ => Reply::Stay,
            },
            Prompt::Point(text) => match key.code {
                KeyCode::Enter => Reply::Submit(std::mem::take(text)),
                KeyCode::Esc => Reply::Close,
                KeyCode::Backspace => {
                    text.pop();
                    Reply::Stay
                }
                KeyCode::Char(c) if text.chars().count() < 12 => {
                    text.push(c);
                    Reply::Stay
                }
                _ => Reply::Stay,
            },
            Prompt::NoResultOffer { .. } => match key.code {
                KeyCode::Char('o') => Reply::Run(Command::OfferNoResult),
                KeyCode::Char('d') => Reply::Run(Command::DeclineNoResult),
                KeyCode::Esc => Reply::Close,
                _ => Reply::Stay,
            },
            Prompt::NoResultAnswer { .. } => match key.code {
                KeyCode::Char('a') => Reply::Run(Command::Accept),
                KeyCode::Char('d') => Reply::Run(Command::DeclineNoResult),
                _ => Reply::Stay,
            },
        }
    }
}
