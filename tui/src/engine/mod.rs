//! A GTP engine as an opponent: the client that speaks to the child
//! process (`gtp`), its failures (`error`), the game's terms in GTP words
//! (`terms`) and the task that seats it at the network game's screen
//! (`seat`).

pub mod error;
pub mod gtp;
pub mod seat;
pub mod terms;

pub use error::EngineError;
