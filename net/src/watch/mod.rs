//! Watching a game (観戦): a separate watch code, watchers authenticated
//! like players but read-only, each fed through its own bounded queue by
//! the host and dropped when it falls behind, their number capped, and
//! their chat (kibitz) kept among themselves while the game goes on.

pub mod feed;
pub mod gallery;
pub mod hub;
pub mod watcher;

pub use hub::{Hub, MAX_WATCHERS, QUEUE};
pub use watcher::{Seen, Watcher, watch};
