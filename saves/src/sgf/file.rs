//! Reading an SGF file from disk with bounded work: one size cap for every
//! command that reads one, checked before the file is read.

use super::charset::{Charset, Decoded, decode};
use super::error::SgfError;
use super::read::parse;
use super::record::SgfRecord;
use super::tree::SgfTree;
use crate::bounded::{ReadRefused, read_regular};
use std::fmt;
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

/// Reads the first game of the SGF file at `path`, decoded by its `CA[]`.
/// Only a regular file of at most [`MAX_SGF_BYTES`] is opened and read;
/// memory stays within a few times the file's size.
pub fn read_file(path: &Path) -> Result<SgfRecord, SgfFileError> {
    read_text(path).map(|(_, record)| record)
}

/// An SGF file as an import takes it: the record to replay, the whole tree
/// to keep, and the character set it was read in.
#[derive(Clone, Debug)]
pub struct Imported {
    pub record: SgfRecord,
    /// The first game tree, every node and property, when sgf-parse reads
    /// the whole file (see [`SgfTree::parse`]).
    pub tree: Option<SgfTree>,
    pub charset: Charset,
    /// The games of a collection after the first, which an import does not
    /// take: the player is told how many.
    pub others: usize,
}

/// Reads the SGF file at `path` as [`read_file`] does, keeping its tree
/// (when it is read and written within [`super::tree::MAX_TREE_BYTES`], so
/// that the kept record reads back) and the character set it was read in.
pub fn import_file(path: &Path) -> Result<Imported, SgfFileError> {
    let (decoded, record) = read_text(path)?;
    Ok(Imported {
        record,
        tree: SgfTree::parse(&decoded.text).filter(SgfTree::fits),
        charset: decoded.charset,
        others: super::scan::games_after_first(&decoded.text),
    })
}

/// The decoded text of the SGF file at `path` and its main line's record.
fn read_text(path: &Path) -> Result<(Decoded, SgfRecord), SgfFileError> {
    let error = |kind| SgfFileError {
        path: path.to_path_buf(),
        kind,
    };
    let bytes = read_bounded(path).map_err(error)?;
    let decoded = decode(&bytes).map_err(|e| error(SgfFileErrorKind::Sgf(e)))?;
    let record = parse(&decoded.text).map_err(|e| error(SgfFileErrorKind::Sgf(e)))?;
    Ok((decoded, record))
}

fn read_bounded(path: &Path) -> Result<Vec<u8>, SgfFileErrorKind> {
    read_regular(path, MAX_SGF_BYTES).map_err(|refused| match refused {
        ReadRefused::NotRegular { .. } => SgfFileErrorKind::NotAFile,
        ReadRefused::TooLarge { size, .. } => SgfFileErrorKind::TooLarge { size },
        ReadRefused::Io(e) => SgfFileErrorKind::Io(e),
    })
}
