//! A review's additions kept in its saved game's record (`<id>.sgf`, the
//! kept tree an export writes). Two copies of kaisho may review one game at
//! once, so an addition is never written from the tree a review holds: the
//! record is read again under its lock, this review's edits applied on top
//! of whatever the other copy wrote, and the result written atomically.
//! A game of kaisho's own gets its kept tree on its first addition, made
//! from its export.

use crate::atomic::{Access, write_atomically};
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

/// Takes `tree`, the record a partner's review together of game `id`
/// starts from, as this side's kept record of the game, so that both
/// sides add the same steps to the same record. A kept record of this
/// side's own that differs is first copied to `<id>.before-review.sgf`,
/// so nothing written before is lost.
///
/// # Errors
/// The lock cannot be held, this side has no saved game `id`, or a file
/// cannot be read or written; nothing is replaced then.
pub fn adopt_record(store: &GameStore, id: &str, tree: &SgfTree) -> Result<(), KeepError> {
    let path = store.record_path(id);
    let _lock = hold_lock(store, id)?;
    store.load(id).map_err(KeepError::Load)?;
    if let Some(own) = store.kept_record(id).map_err(KeepError::Load)?
        && own.write() != tree.write()
    {
        let before = store.dir().join(format!("{id}.before-review.sgf"));
        write_atomically(&before, own.write().as_bytes(), Access::Normal).map_err(|source| {
            KeepError::Write {
                path: before,
                source,
            }
        })?;
    }
    store
        .keep_record(id, tree)
        .map_err(|source| KeepError::Write { path, source })
}

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
    let _lock = hold_lock(store, id)?;
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

/// Holds game `id`'s record lock (`.<id>.sgf.lock`) until dropped.
fn hold_lock(store: &GameStore, id: &str) -> Result<lock::FileLock, KeepError> {
    let path = store.dir().join(format!(".{id}.sgf.lock"));
    lock::hold(&path).map_err(|(action, source)| KeepError::Lock {
        path: path.clone(),
        action,
        source,
    })
}
