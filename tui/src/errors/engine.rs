//! What can go wrong with an engine, typed here and worded by the catalog
//! (`words::engine_error`); the `Display` stays English, for logs. Every
//! one of them adjourns the game it happens in, with the engine killed and
//! reaped.

use kaisho_core::GameError;
use kaisho_saves::limits::{
    MAX_ENGINE_ANSWER_BYTES, MAX_ENGINE_ANSWER_LINES, MAX_ENGINE_LINE_BYTES,
};
use std::time::Duration;

/// A failure of a GTP engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The command line could not be started (or split into words).
    #[error("cannot start the engine `{command}`: {why}")]
    Start { command: String, why: String },
    /// The engine ended; its exit status as the system reports it.
    #[error("the engine stopped ({status})")]
    Died { status: String },
    /// A line that is no GTP answer, with its control characters made
    /// visible.
    #[error("the engine answered `{command}` with something that is not GTP: {line}")]
    Garbage { command: String, line: String },
    /// The engine's move is one the rules refuse (its text made visible).
    #[error("the engine played {answer}, which the rules refuse: {error}")]
    Illegal { answer: String, error: GameError },
    /// The engine refused a command the game needs (`? …`).
    #[error("the engine refused `{command}`: {answer}")]
    Refused { command: String, answer: String },
    /// The engine's board is not the game's: the black stones it lists
    /// after the handicap was placed.
    #[error("the engine's board differs from the game's: it has black stones at {stones}")]
    Board { stones: String },
    /// No answer within the limit.
    #[error("the engine gave no answer to `{command}` within {} s", limit.as_secs())]
    TimedOut { command: String, limit: Duration },
    /// An answer longer than kaisho reads; nothing more of it was read.
    #[error("the engine's answer to `{command}` is longer than kaisho reads: {over}")]
    Overlong { command: String, over: Overlong },
}

/// Which bound an engine's answer passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlong {
    /// One line of more than [`MAX_ENGINE_LINE_BYTES`] bytes.
    Line,
    /// More than [`MAX_ENGINE_ANSWER_LINES`] lines.
    Lines,
    /// More than [`MAX_ENGINE_ANSWER_BYTES`] bytes in all.
    Bytes,
}

impl std::fmt::Display for Overlong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Overlong::Line => write!(f, "a line of more than {MAX_ENGINE_LINE_BYTES} bytes"),
            Overlong::Lines => write!(f, "more than {MAX_ENGINE_ANSWER_LINES} lines"),
            Overlong::Bytes => write!(f, "more than {MAX_ENGINE_ANSWER_BYTES} bytes"),
        }
    }
}
