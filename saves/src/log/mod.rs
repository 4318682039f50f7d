//! Game logs: one append-only file per game, a header with the settings and
//! then one framed, checksummed record per event, each flushed to the disk
//! before the event counts as made; an event taken back is withdrawn by a
//! record of its own. See `frame` for the byte layout.

mod engine_command;
mod error;
pub(crate) mod frame;
mod header;
mod host_address;
mod kept_record;
mod reader;
pub(crate) mod record;
mod store;
mod writer;

pub use error::LogError;
pub use frame::FORMAT_VERSION;
pub use header::{GameHeader, Player};
pub(crate) use kept_record::KeptFiles;
pub use reader::{ChatLine, LogContents, LoggedEvent, TornTail, read_log};
pub use store::{EXTENSION, GameStore, GameSummary, Listing, SavedGame, day_of};
pub use writer::GameLog;
