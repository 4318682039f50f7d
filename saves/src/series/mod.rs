//! Series files: one human-readable TOML file per series in the data
//! directory's `series/` folder, named by the series' id, written
//! atomically, and read back through a versioned record type.

pub mod id;
pub mod record;
pub mod store;

pub use id::{IdError, SeriesId};
pub use record::{FORMAT_VERSION, RecordError, SeriesRecord};
pub use store::{Listing, SeriesStore, StoreError};
