//! One review's additions to a saved game's record, each costing what it
//! adds: the record as this copy last wrote it is held in memory with where
//! its files stood then, so that an addition, under the record's lock,
//! reads only what another copy appended to the journal since, applies
//! this review's edits on top, and appends them to the journal with one
//! flush. The record file is written only on a review's first addition (a
//! game of kaisho's own gets its record from its export), when the journal
//! grows past [`JOURNAL_FOLD_BYTES`], and when the review ends
//! ([`RecordKeeper::fold`]).

use super::{KeepError, hold_lock};
use crate::export;
use crate::journal::{self, JournalAt, Stamp};
use crate::limits::JOURNAL_FOLD_BYTES;
use crate::log::{GameStore, KeptFiles, LogError};
use crate::sgf::{Applied, Moved, SgfTree, Words};
use std::path::PathBuf;

/// What keeping a review's additions gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// The record as now written, when it is not simply the copy the
    /// additions were made on with them: another copy of kaisho added to
    /// it meanwhile, or this copy read it afresh. `None` when the review's
    /// own copy, with its additions, is the record.
    pub tree: Option<SgfTree>,
    /// Where the additions' new nodes landed in the record.
    pub moved: Moved,
}

/// Where a fold stops short, as a crash would stop it: for the tests that
/// a crash between any two of its steps loses and doubles nothing.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// After the journal is marked with the record the fold writes.
    Marked,
    /// After the record is written, before the journal is removed.
    Written,
}

/// A review's hold on one saved game's kept record: the record as this
/// copy last read or wrote it, so that the next addition reads only what
/// was appended since.
#[derive(Debug)]
pub struct RecordKeeper {
    store: GameStore,
    id: String,
    held: Option<Held>,
}

/// The record as this copy last saw it on the disk.
#[derive(Debug)]
struct Held {
    /// The record with the journal's additions.
    tree: SgfTree,
    /// The record file, and the SHA-256 of its bytes.
    record: Stamp,
    digest: [u8; 32],
    /// The journal, when there is one.
    journal: Option<JournalAt>,
}

impl RecordKeeper {
    /// A keeper of game `id`'s record in `store`, holding nothing yet.
    #[must_use]
    pub fn new(store: GameStore, id: &str) -> RecordKeeper {
        RecordKeeper {
            store,
            id: id.to_string(),
            held: None,
        }
    }

    /// The game whose record this keeps.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Adds `edits`, made by a review on its copy of the game's tree, to
    /// the record on the disk: applied on top of whatever another copy
    /// added meanwhile and appended to the journal, flushed. The record's
    /// comments are in `words` when it is made from the game's export.
    ///
    /// # Errors
    /// The lock, the game, its record or its journal cannot be read or
    /// written, or an edit does not fit the record; nothing is kept then.
    pub fn keep(&mut self, words: Words<'_>, edits: &[Applied]) -> Result<Kept, KeepError> {
        let _lock = hold_lock(&self.store, &self.id)?;
        let (mut held, fresh) = match self.held.take() {
            Some(held) => match self.caught_up(held)? {
                Some(caught) => caught,
                None => (self.afresh(words)?, true),
            },
            None => (self.afresh(words)?, true),
        };
        let (moved, here) = held
            .tree
            .replay_here(edits)
            .map_err(|error| KeepError::Refused {
                path: self.store.record_path(&self.id),
                error,
            })?;
        let path = self.store.journal_path(&self.id);
        let written = match held.journal {
            Some(at) => journal::append(&path, &at.stamp, (at.intact_len, at.edits), &here)
                .map(|stamp| (stamp, at.edits)),
            None => journal::create(&path, held.digest, &here).map(|stamp| (stamp, 0)),
        };
        let (stamp, before) = written.map_err(|source| KeepError::Write { path, source })?;
        let at = JournalAt {
            stamp,
            intact_len: stamp.len(),
            edits: before + here.len(),
        };
        held.journal = Some(at);
        let tree = (fresh || !moved.is_empty()).then(|| held.tree.clone());
        // The additions are on the disk: a fold that fails leaves them in
        // the journal, and the next addition reads the files afresh.
        self.held = if at.intact_len > JOURNAL_FOLD_BYTES {
            self.folded(held, None).ok().flatten()
        } else {
            Some(held)
        };
        Ok(Kept { tree, moved })
    }

    /// Folds the journal into the record file, as at the end of a review:
    /// the record written whole with every addition, then the journal
    /// removed. Nothing to do when there is no journal.
    ///
    /// # Errors
    /// The lock, the record or its journal cannot be read or written;
    /// the additions stay in the journal then, read with the record.
    pub fn fold(&mut self) -> Result<(), KeepError> {
        self.fold_until(None)
    }

    /// [`RecordKeeper::fold`] stopped short after `stop`, as a crash would
    /// stop it, when given.
    #[doc(hidden)]
    pub fn fold_until(&mut self, stop: Option<Stop>) -> Result<(), KeepError> {
        let _lock = hold_lock(&self.store, &self.id)?;
        let held = match self.held.take() {
            Some(held) => self.caught_up(held)?.map(|(held, _)| held),
            None => None,
        };
        let held = match held {
            Some(held) => held,
            None => match self.store.read_kept(&self.id).map_err(KeepError::Load)? {
                Some(files) => Held::from(files),
                None => return Ok(()),
            },
        };
        if held.journal.is_none() {
            self.held = Some(held);
            return Ok(());
        }
        self.held = self.folded(held, stop)?;
        Ok(())
    }

    /// `held` written into the record file with its journal removed, or
    /// `None` when stopped short after `stop`.
    fn folded(&self, held: Held, stop: Option<Stop>) -> Result<Option<Held>, KeepError> {
        let Some((record, digest)) =
            replace_record(&self.store, &self.id, &held.tree, held.journal, stop)?
        else {
            return Ok(None);
        };
        Ok(Some(Held {
            record,
            digest,
            journal: None,
            ..held
        }))
    }

    /// `held` brought up to the files as they are now: what another copy
    /// appended to the journal since applied, and whether there was any;
    /// `None` when the files were replaced (a fold, another copy's first
    /// addition) and must be read afresh.
    fn caught_up(&self, mut held: Held) -> Result<Option<(Held, bool)>, KeepError> {
        let stamp = |path: PathBuf| {
            Stamp::at(&path).map_err(|e| KeepError::Load(LogError::io(&path, "inspect", e)))
        };
        if stamp(self.store.record_path(&self.id))? != Some(held.record) {
            return Ok(None);
        }
        let path = self.store.journal_path(&self.id);
        let now = stamp(path.clone())?;
        let at = match (held.journal, now) {
            (None, None) => return Ok(Some((held, false))),
            (Some(at), Some(now)) if now == at.stamp => return Ok(Some((held, false))),
            (Some(at), Some(_)) => at,
            _ => return Ok(None),
        };
        let Some(tail) = journal::read_after(&path, at.intact_len, at.edits, &at.stamp)
            .map_err(KeepError::Load)?
        else {
            return Ok(None);
        };
        journal::apply(&mut held.tree, &tail.edits).map_err(|problem| {
            KeepError::Load(LogError::ReviewJournal {
                path: path.clone(),
                problem,
            })
        })?;
        held.journal = Some(JournalAt {
            stamp: tail.stamp,
            intact_len: tail.intact_len,
            edits: at.edits + tail.edits.len(),
        });
        Ok(Some((held, !tail.edits.is_empty())))
    }

    /// The record read afresh under the lock, as the game's export gives
    /// it: when the files hold less (a game of kaisho's own, or moves
    /// played since the record was written), the export is written as
    /// the record first, with the journal's additions in it.
    fn afresh(&self, words: Words<'_>) -> Result<Held, KeepError> {
        let path = self.store.record_path(&self.id);
        let (saved, files) = self.store.load_held(&self.id).map_err(KeepError::Load)?;
        let record = export::record_of(&saved, words);
        let tree = export::tree_of(&saved, &record).ok_or(KeepError::NoTree { path })?;
        let journal = match files.map(Held::from) {
            Some(held) if held.tree == tree => return Ok(held),
            held => held.and_then(|held| held.journal),
        };
        let (record, digest) = replace_record(&self.store, &self.id, &tree, journal, None)?.ok_or(
            KeepError::NoTree {
                path: self.store.record_path(&self.id),
            },
        )?;
        Ok(Held {
            tree,
            record,
            digest,
            journal: None,
        })
    }
}

impl From<KeptFiles> for Held {
    fn from(files: KeptFiles) -> Held {
        Held {
            tree: files.tree,
            record: files.record,
            digest: files.digest,
            journal: files.journal,
        }
    }
}

/// Writes `tree` as game `id`'s record file in place of the record and
/// `journal`, by a caller holding the record's lock: the journal marked
/// with the SHA-256 of the record written (a journal not applied, one a
/// fold already wrote in, removed instead), the record written
/// atomically, the journal removed. A crash between any two steps leaves
/// the journal applying to the record on the disk, or marked as folded
/// into it. The record file as written and its SHA-256, or `None` when
/// stopped short after `stop`.
pub(super) fn replace_record(
    store: &GameStore,
    id: &str,
    tree: &SgfTree,
    journal: Option<JournalAt>,
    stop: Option<Stop>,
) -> Result<Option<(Stamp, [u8; 32])>, KeepError> {
    let text = tree.write();
    let digest = journal::digest(text.as_bytes());
    let journal_path = store.journal_path(id);
    let journal_error = |source| KeepError::Write {
        path: store.journal_path(id),
        source,
    };
    match journal {
        Some(at) => journal::mark_folding(&journal_path, &at.stamp, at.intact_len, digest)
            .map(|_| ())
            .map_err(journal_error)?,
        None => journal::remove(&journal_path).map_err(journal_error)?,
    }
    if stop == Some(Stop::Marked) {
        return Ok(None);
    }
    let path = store.record_path(id);
    store
        .write_record(id, &text)
        .map_err(|source| KeepError::Write {
            path: path.clone(),
            source,
        })?;
    if stop == Some(Stop::Written) {
        return Ok(None);
    }
    journal::remove(&journal_path).map_err(journal_error)?;
    let stamp = Stamp::at(&path)
        .map_err(|e| KeepError::Load(LogError::io(&path, "inspect", e)))?
        .ok_or(KeepError::NoTree { path })?;
    Ok(Some((stamp, digest)))
}
