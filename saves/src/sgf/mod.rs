//! SGF FF\[4\] records: import of game records from other programs for
//! review and replay, and export of kaisho's games.
//!
//! Files are read with [`read_file`]: regular files of at most
//! [`MAX_SGF_BYTES`], decoded by their `CA[]` ([`decode`]). The text is
//! parsed by the `sgf-parse` crate, which is given the main line only for
//! the record kaisho plays ([`SgfRecord`]); an import also keeps the whole
//! tree of a record of at most [`MAX_TREE_BYTES`] ([`SgfTree`]), to give it
//! back in its export. Its errors carry no position,
//! so a light scan of the text ([`scan`]) runs first and places every
//! structural problem at a byte offset a user can find. The record type
//! holds kaisho-core values ([`kaisho_core::Settings`], [`kaisho_core::Event`]),
//! so a record replays under the rules with [`SgfRecord::events`] and
//! [`kaisho_core::Game::replay`].
//!
//! ```
//! use kaisho_core::Game;
//! use kaisho_saves::sgf;
//!
//! let record = sgf::parse("(;GM[1]SZ[9]KM[6.5];B[ee];W[cc];B[])").unwrap();
//! let game = Game::replay(record.settings.clone(), &record.events()).unwrap();
//! assert_eq!(game.move_number(), 3);
//! assert!(sgf::write(&record).starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]"));
//!
//! let err = sgf::parse("(;SZ[9];B[ee").unwrap_err();
//! assert_eq!(err.offset, 9);
//! ```

mod additions;
mod charset;
mod ending;
mod error;
mod file;
mod place;
mod read;
mod record;
mod review_tree;
mod scan;
mod soft_breaks;
mod tally;
mod tree;
mod values;
mod words;
mod write;

pub use charset::{Charset, CharsetSource, Decoded, Replaced, decode};
pub use error::{SgfError, SgfErrorKind};
pub use file::{
    Imported, ImportedGame, MAX_SGF_BYTES, SgfFileError, SgfFileErrorKind, import_file, read_file,
};
pub use place::Place;
pub use read::parse;
pub use record::{SgfMove, SgfProperty, SgfRecord, SgfVariation, TimeLeft};
pub use review_tree::{Applied, EditError, Moved, NodePath, TreeEdit, review_comment};
pub use scan::MAX_GAMES_PER_FILE;
pub use tree::{MAX_TREE_BYTES, SgfTree};
pub use words::{KibitzLine, Note, Words};
pub use write::write;

pub(crate) use scan::MAX_DEPTH;
