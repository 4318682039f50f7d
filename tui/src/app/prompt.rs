//! Questions and the typed-point prompt, which take the keys while open.

use super::command::Command;
pub use crate::words::{Field, Prompt};
use crossterm::event::{KeyCode, KeyEvent};
use kaisho_core::series::Seat;

impl Field {
    /// The longest text worth typing, in characters.
    fn limit(self) -> usize {
        match self {
            Field::Point => 12,
            Field::SgfPath => 400,
            Field::MoveNumber => 5,
            Field::Comment => kaisho_saves::limits::MAX_REVIEW_COMMENT_CHARS,
            Field::Name => 32,
            Field::JoinCode | Field::WatchCode | Field::ReviewCode => 80,
            Field::Port => 5,
            Field::Chat => 200,
            Field::HostAddress => 60,
            Field::Clock => 24,
            Field::NewSeries => 120,
            Field::Correction => 40,
            Field::EngineCommand => 400,
        }
    }
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
    Submit(Field, String),
}

impl Prompt {
    /// Handles one key.
    pub fn key(&mut self, key: KeyEvent) -> Reply {
        match self {
            Prompt::Confirm(ask) => match key.code {
                KeyCode::Char('y' | 'Y') => Reply::Run(ask.command()),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => Reply::Close,
                _ => Reply::Stay,
            },
            Prompt::Text(field, text) => match key.code {
                KeyCode::Enter => Reply::Submit(*field, std::mem::take(text)),
                KeyCode::Esc => Reply::Close,
                KeyCode::Backspace => {
                    text.pop();
                    Reply::Stay
                }
                KeyCode::Char(c) if text.chars().count() < field.limit() => {
                    text.push(c);
                    Reply::Stay
                }
                _ => Reply::Stay,
            },
            Prompt::Nigiri { .. } => match key.code {
                KeyCode::Char('1') => Reply::Run(Command::Nigiri(Seat::First)),
                KeyCode::Char('2') => Reply::Run(Command::Nigiri(Seat::Second)),
                KeyCode::Esc => Reply::Close,
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
            Prompt::UndoAnswer { .. } => match key.code {
                KeyCode::Char('y' | 'Y') => Reply::Run(Command::AcceptUndo),
                KeyCode::Char('n' | 'N') => Reply::Run(Command::DeclineUndo),
                _ => Reply::Stay,
            },
            Prompt::TakeLastResult { .. } => match key.code {
                KeyCode::Char('y' | 'Y') => Reply::Run(Command::TakeLastResult(true)),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => {
                    Reply::Run(Command::TakeLastResult(false))
                }
                _ => Reply::Stay,
            },
            Prompt::ReviewOffer { .. } => match key.code {
                KeyCode::Char('y' | 'Y') => Reply::Run(Command::AnswerReview(true)),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => Reply::Run(Command::AnswerReview(false)),
                _ => Reply::Stay,
            },
            Prompt::NetResume { id } => match key.code {
                KeyCode::Char('w') => Reply::Run(Command::HostResume(id.clone())),
                KeyCode::Char('d') => Reply::Run(Command::AskRejoin(id.clone())),
                KeyCode::Esc => Reply::Close,
                _ => Reply::Stay,
            },
        }
    }
}
