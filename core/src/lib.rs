//! kaisho-core: the rules of Go under the Japanese Go Rules of 1989 and the
//! 1949 Nihon Ki-in handicap system, as a pure state machine.
//!
//! Nothing here does IO, reads a clock, starts a thread or draws random
//! numbers: a game is [`Settings`] plus a list of [`Event`]s, and
//! [`Game::replay`] rebuilds it exactly. Formats live in kaisho-saves and
//! kaisho-net, which convert to and from these types.

pub mod board;
pub mod clock;
pub mod color;
pub mod confirm;
mod dense;
pub mod error;
pub mod event;
pub mod game;
pub mod handicap;
pub mod life;
pub mod outcome;
pub mod playout;
pub mod point;
pub mod repetition;
pub mod scoring;
pub mod series;
pub mod settings;
mod zobrist;

pub use board::{Board, IllegalMove, Placed};
pub use color::Color;
pub use error::{Action, Article, GameError};
pub use event::Event;
pub use game::{Confirmed, Effect, Game, Move, Phase, Proposal, ReplayError};
pub use outcome::{Outcome, WinBy};
pub use point::{BoardSize, CoordError, Point};
pub use repetition::NoResultState;
pub use scoring::{PointStatus, Score};
pub use settings::{Komi, Settings};
