//! What can go wrong with an engine: typed here, worded by the catalog
//! (`words::engine_error`). Every one of them adjourns the game it happens
//! in, with the engine killed and reaped.

use kaisho_core::GameError;
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
}
