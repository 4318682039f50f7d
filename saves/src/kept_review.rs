//! A review's additions kept in its saved game's record (`<id>.sgf`, the
//! kept tree an export writes). Two copies of kaisho may review one game at
//! once, so an addition is never written from the tree a review holds: the
//! record is read again under its lock, this review's edits applied on top
//! of whatever the other copy wrote, and the result written atomically.
//! A game of kaisho's own gets its kept tree on its first addition, made
//! from its export.

use crate::export;
use crate::lock;
use crate::log::{GameStore, LogError};
use crate::sgf::{Applied, EditError, Moved, SgfTree, Words};
use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why a review's additions were not kept; the record on the disk is as it
/// was.
#[derive(Debug)]
pub enum KeepError {
    /// The record's lock file could not be held.
    Lock {
        path: PathBuf,
        action: &'static str,
        source: io::Error,
    },
    /// The saved game (its log or its kept record) could not be read.
    Load(LogError),
    /// The game's record is larger than a tree kaisho reads.
    NoTree { path: PathBuf },
    /// An addition does not fit the record as the file now holds it.
    Refused { path: PathBuf, error: EditError },
    /// The record could not be written.
    Write { path: PathBuf, source: io::Error },
}

impl fmt::Display for KeepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeepError::Lock {
                path,
                action,
                source,
            } => write!(
                f,
                "could not {action} the lock file {}: {source}; check its folder's permissions",
                path.display()
            ),
            KeepError::Load(e) => write!(f, "{e}"),
            KeepError::NoTree { path } => write!(
                f,
                "the record {} is too large to add to; export it and go on in another program",
                path.display()
            ),
            KeepError::Refused { path, error } => {
                write!(f, "not added to {}: {error}", path.display())
            }
            KeepError::Write { path, source } => write!(
                f,
                "could not write {}: {source}; check the disk space and permissions of its folder",
                path.display()
            ),
        }
    }
}

impl std::error::Error for KeepError {}

/// Adds `edits`, made by a review on its copy of game `id`'s tree, to the
/// record on the disk, and gives the record as now written with where the
/// review's new nodes landed in it. The game's comments are in `words`
/// when its record is made from its export.
///
/// # Errors
/// The lock, the game or its record cannot be read or written, or an edit
/// does not fit the record; nothing is written then.
pub fn keep_review(
    store: &GameStore,
    id: &str,
    words: Words<'_>,
    edits: &[Applied],
) -> Result<(SgfTree, Moved), KeepError> {
    let path = store.record_path(id);
    let lock_path = store.dir().join(format!(".{id}.sgf.lock"));
    let _lock = lock::hold(&lock_path).map_err(|(action, source)| KeepError::Lock {
        path: lock_path.clone(),
        action,
        source,
    })?;
    let saved = store.load(id).map_err(KeepError::Load)?;
    let record = export::record_of(&saved, words);
    let mut tree =
        export::tree_of(&saved, &record).ok_or_else(|| KeepError::NoTree { path: path.clone() })?;
    let moved = tree.replay(edits).map_err(|error| KeepError::Refused {
        path: path.clone(),
        error,
    })?;
    store
        .keep_record(id, &tree)
        .map_err(|source| KeepError::Write { path, source })?;
    Ok((tree, moved))
}
