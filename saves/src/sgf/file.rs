//! Reading an SGF file from disk with bounded work: one size cap for every
//! command that reads one, checked before the file is read.

use super::charset::{Charset, Replaced, decode};
use super::error::{SgfError, SgfErrorKind};
use super::place::{Place, place};
use super::read::parse;
use super::record::SgfRecord;
use super::scan::games;
use super::tree::SgfTree;
use crate::bounded::{ReadRefused, read_regular};
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The largest SGF file kaisho reads: 16 MiB. The longest real records, with
/// every variation and comment of a commented professional game, are a few
/// hundred kilobytes; a joseki dictionary a few megabytes.
pub const MAX_SGF_BYTES: u64 = 16 * 1024 * 1024;

/// Why an SGF file could not be read; the message names the file.
#[derive(Debug)]
pub struct SgfFileError {
    /// The file as it was given.
    pub path: PathBuf,
    /// What went wrong.
    pub kind: SgfFileErrorKind,
}

/// What went wrong reading an SGF file.
#[derive(Debug)]
pub enum SgfFileErrorKind {
    /// The file could not be opened or read.
    Io(std::io::Error),
    /// The path names a directory, a pipe, a device or another file that
    /// is not a regular file, which could block or never end.
    NotAFile,
    /// The file is larger than [`MAX_SGF_BYTES`]; `size` is what the file
    /// system reports, or at least what was read from it.
    TooLarge { size: u64 },
    /// The text is not an SGF record kaisho can read.
    Sgf(SgfError),
}

impl fmt::Display for SgfFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        match &self.kind {
            SgfFileErrorKind::Io(e) => {
                write!(f, "cannot read {path}: {e}; check the path and permissions")
            }
            SgfFileErrorKind::NotAFile => write!(
                f,
                "{path} is not a regular file; give the path of an SGF file"
            ),
            SgfFileErrorKind::TooLarge { size } => write!(
                f,
                "{path} is {size} bytes, larger than the {MAX_SGF_BYTES} bytes kaisho reads \
                 from an SGF file; remove the variations it does not need"
            ),
            SgfFileErrorKind::Sgf(e) => write!(f, "{path}: {e}"),
        }
    }
}

impl std::error::Error for SgfFileError {}

/// Reads the first game of the SGF file at `path`, decoded by its `CA[]`
/// (or, without one, in the set its bytes are written in).
/// Only a regular file of at most [`MAX_SGF_BYTES`] is opened and read;
/// memory stays within a few times the file's size.
pub fn read_file(path: &Path) -> Result<SgfRecord, SgfFileError> {
    let error = |kind| SgfFileError {
        path: path.to_path_buf(),
        kind,
    };
    let bytes = read_bounded(path).map_err(error)?;
    let decoded = decode(&bytes).map_err(|e| error(SgfFileErrorKind::Sgf(e)))?;
    parse(&decoded.text).map_err(|e| error(SgfFileErrorKind::Sgf(e)))
}

/// An SGF file as an import takes it: each game of it, with the record to
/// replay and the whole tree to keep, and the character set it was read in.
#[derive(Debug)]
pub struct Imported {
    /// Each game of the file in its order, at most [`MAX_GAMES_PER_FILE`](super::MAX_GAMES_PER_FILE):
    /// read, or why it cannot be (the error naming the file, its offset
    /// counted in the whole text).
    pub games: Vec<Result<ImportedGame, SgfFileError>>,
    /// The games past [`MAX_GAMES_PER_FILE`](super::MAX_GAMES_PER_FILE), counted and not read.
    pub beyond: usize,
    pub charset: Charset,
    /// The bytes not valid in that set, shown as U+FFFD, and where the
    /// first of them stands in the records.
    pub replaced: Option<(Replaced, Option<Place>)>,
}

impl Imported {
    /// The file's first game, or why it cannot be read: what a review of
    /// the file shows.
    pub fn into_first(self) -> Result<ImportedGame, SgfFileError> {
        self.games
            .into_iter()
            .next()
            .expect("a file without a game tree is refused when it is read")
    }
}

/// One game of an imported file.
#[derive(Clone, Debug)]
pub struct ImportedGame {
    pub record: SgfRecord,
    /// The game's tree, every node and property, when sgf-parse reads it
    /// whole (see [`SgfTree::parse`]) and it is written back within
    /// [`super::tree::MAX_TREE_BYTES`], so that the kept record reads back.
    pub tree: Option<SgfTree>,
}

/// Reads every game of the SGF file at `path` (a collection holds
/// several), each read on its own as [`read_file`] reads the first: one
/// that cannot be read does not keep the others out. Only a regular file
/// of at most [`MAX_SGF_BYTES`] is opened; memory stays within a few times
/// its size, since each game's tree is built from its own text.
pub fn import_file(path: &Path) -> Result<Imported, SgfFileError> {
    let error = |kind| SgfFileError {
        path: path.to_path_buf(),
        kind,
    };
    let bytes = read_bounded(path).map_err(error)?;
    let decoded = decode(&bytes).map_err(|e| error(SgfFileErrorKind::Sgf(e)))?;
    let text = decoded.text.as_str();
    let found = games(text);
    if found.trees.is_empty() {
        return Err(error(SgfFileErrorKind::Sgf(SgfError::at(
            0,
            SgfErrorKind::NoGameTree,
        ))));
    }
    let read_game = |tree: &Result<Range<usize>, SgfError>| {
        let range = tree.clone().map_err(|e| error(SgfFileErrorKind::Sgf(e)))?;
        let game = &text[range.clone()];
        let record = parse(game).map_err(|mut e| {
            e.offset += range.start;
            error(SgfFileErrorKind::Sgf(e))
        })?;
        Ok(ImportedGame {
            record,
            tree: SgfTree::parse(game).filter(SgfTree::fits),
        })
    };
    Ok(Imported {
        games: found.trees.iter().map(read_game).collect(),
        beyond: found.beyond,
        charset: decoded.charset,
        replaced: decoded
            .replaced
            .map(|r| (r, place(text, &found, r.first_in_text))),
    })
}

fn read_bounded(path: &Path) -> Result<Vec<u8>, SgfFileErrorKind> {
    read_regular(path, MAX_SGF_BYTES).map_err(|refused| match refused {
        ReadRefused::NotRegular { .. } => SgfFileErrorKind::NotAFile,
        ReadRefused::TooLarge { size, .. } => SgfFileErrorKind::TooLarge { size },
        ReadRefused::Io(e) => SgfFileErrorKind::Io(e),
    })
}
