//! The 1949 Nihon Ki-in handicap system (Art. 12–19): the three ladders of
//! handicap steps, nigiri, and the bookkeeping of a series of games
//! between two players that moves the handicap after a four-game lead.
//!
//! Everything here is a pure function of what the caller passes in: a
//! series is its [`SeriesSetup`] plus its [`SeriesEvent`]s, and
//! [`Series::replay`] rebuilds it exactly.

pub mod ladder;
pub mod nigiri;
pub mod setup;
pub mod state;
pub mod terms;

#[cfg(test)]
mod props;

pub use ladder::{LadderError, LadderKind, Step, Turn};
pub use nigiri::{Commitment, NigiriError, NigiriRole, Parity};
pub use setup::{DEFAULT_THRESHOLD, KomiPolicy, Player, Seat, SeriesSetup, SetupError};
pub use state::{Change, PlayedGame, Segment, Series, SeriesError, SeriesEvent, SeriesResult};
pub use terms::GameTerms;
