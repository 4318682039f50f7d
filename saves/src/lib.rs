//! kaisho-saves: everything kaisho keeps on disk or reads from it, with
//! formats owned here and converted to and from kaisho-core's types, so a
//! save written today loads in every later version.

pub mod atomic;
pub mod bounded;
pub mod codec;
pub mod config;
pub mod export;
pub mod identity;
pub mod import;
pub mod journal;
pub mod kept_review;
pub mod known_peers;
pub mod limits;
mod lock;
pub mod log;
pub mod places;
pub mod series;
pub mod sgf;
pub mod visible;

pub use export::ExportFailure;
