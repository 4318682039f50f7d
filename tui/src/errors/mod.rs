//! The front end's typed failures as plain data: what went wrong with an
//! engine, with network play, a series, a typed line or the log file. They
//! sit below the catalog and import nothing of the crate but each other, so
//! `words` can word them without reaching up to the modules that raise
//! them (a test reads the source for it). Where a failure's `Display` is a
//! sentence of the catalog's, `words` writes that `impl` too.

mod engine;
mod netplay;
mod series;
mod terms;
mod unlogged;
mod usage;

pub use engine::{EngineError, Overlong};
pub use netplay::NetplayError;
pub use series::{NamesProblem, NotYourSeries, SeriesLineError, SeriesWordError};
pub use terms::TermsError;
pub use unlogged::Unlogged;
pub use usage::{Usage, UsageError};
