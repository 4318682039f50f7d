//! The whole tree of an imported SGF record, kept in a file beside the
//! game's log (`<id>.sgf`, UTF-8 text as [`SgfTree::write`] gives it), so
//! that an export gives back every property, comment and variation the
//! record held, and the list shows the result and date it gives. A
//! review's additions go into a journal beside it (`<id>.review`,
//! `crate::journal`), which every read applies on top. The log keeps
//! holding the settings and events alone; its format is unchanged.

use super::error::LogError;
use super::reader::TornTail;
use super::store::GameStore;
use crate::atomic::{Access, write_atomically};
use crate::bounded::read_regular_from;
use crate::journal::{self, JournalAt, JournalProblem, Stamp};
use crate::lock::{self, FileLock};
use crate::sgf::{MAX_SGF_BYTES, MAX_TREE_BYTES, SgfTree};
use std::io;
use std::path::PathBuf;

/// The extension of the file holding an imported record's tree.
const RECORD_EXTENSION: &str = "sgf";

/// A game's kept record as its file and its journal hold it, with what an
/// addition needs to go on from them.
#[derive(Clone, Debug)]
pub(crate) struct KeptFiles {
    /// The record with the journal's additions.
    pub(crate) tree: SgfTree,
    /// The record file as read, and the SHA-256 of its bytes.
    pub(crate) record: Stamp,
    pub(crate) digest: [u8; 32],
    /// The journal that adds to it, as read.
    pub(crate) journal: Option<JournalAt>,
    /// A torn last record of the journal, left out.
    pub(crate) torn: Option<TornTail>,
    /// A journal is there that a fold already wrote into the record (the
    /// fold was cut short before it removed it); it is not applied.
    pub(crate) folded: bool,
}

impl GameStore {
    /// The file holding game `id`'s kept record, when it has one.
    #[must_use]
    pub fn record_path(&self, id: &str) -> PathBuf {
        self.dir().join(format!("{id}.{RECORD_EXTENSION}"))
    }

    /// The journal of a review's additions to game `id`'s kept record,
    /// when one has not been folded into it yet.
    #[must_use]
    pub fn journal_path(&self, id: &str) -> PathBuf {
        self.dir().join(format!("{id}.{}", journal::EXTENSION))
    }

    /// The lock file two copies of kaisho changing game `id`'s record take
    /// turns on (`.<id>.sgf.lock`).
    pub(crate) fn record_lock_path(&self, id: &str) -> PathBuf {
        self.dir().join(format!(".{id}.{RECORD_EXTENSION}.lock"))
    }

    /// Keeps `tree`, the record game `id` was imported from, written
    /// atomically before the game's log so that no log of an import lacks it.
    /// A tree written larger than kaisho reads back is refused: nothing is
    /// kept that [`GameStore::kept_record`] would then refuse.
    pub fn keep_record(&self, id: &str, tree: &SgfTree) -> io::Result<()> {
        self.write_record(id, &tree.write())
    }

    /// Writes `text` as game `id`'s record file, atomically, when it is
    /// read back within [`MAX_TREE_BYTES`].
    pub(crate) fn write_record(&self, id: &str, text: &str) -> io::Result<()> {
        if text.len() > MAX_TREE_BYTES {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "the record would be {} bytes, over the {MAX_TREE_BYTES} kaisho reads back",
                    text.len()
                ),
            ));
        }
        std::fs::create_dir_all(self.dir())?;
        write_atomically(&self.record_path(id), text.as_bytes(), Access::Normal)
    }

    /// Removes the kept record of game `id` whose log could not be made.
    pub fn forget_record(&self, id: &str) -> io::Result<()> {
        std::fs::remove_file(self.record_path(id))
    }

    /// The record game `id` was imported from, or made from its export on
    /// a review's first addition, with the additions of its journal;
    /// `None` for a game played in kaisho and never added to. Read within
    /// [`MAX_SGF_BYTES`], the journal within its own bounds. A file that is
    /// there but cannot be read as a record, or a journal that does not
    /// apply to it, is an error naming it, never skipped, so no export
    /// quietly drops what the record held.
    pub fn kept_record(&self, id: &str) -> Result<Option<SgfTree>, LogError> {
        let _turn = self.reading_turn(id);
        Ok(self.read_kept(id)?.map(|kept| kept.tree))
    }

    /// A shared hold on game `id`'s record lock while a journal is there,
    /// so that a read sees no addition half appended nor a fold half
    /// done; `None` when there is no journal or the lock cannot be had
    /// (the read goes on unlocked).
    pub(crate) fn reading_turn(&self, id: &str) -> Option<FileLock> {
        std::fs::symlink_metadata(self.journal_path(id)).ok()?;
        lock::hold_shared(&self.record_lock_path(id))
    }

    /// [`GameStore::kept_record`] with what an addition goes on from,
    /// read by a caller that holds the record's lock.
    pub(crate) fn read_kept(&self, id: &str) -> Result<Option<KeptFiles>, LogError> {
        let path = self.record_path(id);
        let journal_path = self.journal_path(id);
        let journal = journal::read(&journal_path)?;
        let problem = |problem| LogError::ReviewJournal {
            path: journal_path.clone(),
            problem,
        };
        let (bytes, meta) = match read_regular_from(&path, 0, MAX_SGF_BYTES) {
            Ok(read) => read,
            Err(refused) if refused.is_missing() => {
                return match journal {
                    None => Ok(None),
                    Some(_) => Err(problem(JournalProblem::NoRecord)),
                };
            }
            Err(refused) => {
                return Err(LogError::Skipped {
                    path,
                    reason: refused.to_string(),
                });
            }
        };
        let tree = std::str::from_utf8(&bytes)
            .ok()
            .and_then(SgfTree::parse)
            .ok_or_else(|| LogError::KeptRecord { path: path.clone() })?;
        let mut kept = KeptFiles {
            tree,
            record: Stamp::of(&meta),
            digest: journal::digest(&bytes),
            journal: None,
            torn: None,
            folded: false,
        };
        let Some(read) = journal else {
            return Ok(Some(kept));
        };
        if read.base == Some(kept.digest) {
            journal::apply(&mut kept.tree, &read.edits).map_err(problem)?;
            kept.journal = Some(JournalAt {
                stamp: read.stamp,
                intact_len: read.intact_len,
                edits: read.edits.len(),
            });
            kept.torn = read.torn;
        } else if read.folding == Some(kept.digest) {
            kept.folded = true;
        } else {
            return Err(problem(JournalProblem::OtherRecord));
        }
        Ok(Some(kept))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_kept_beside_the_log_and_read_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = GameStore::new(dir.path().join("games"));
        assert!(store.kept_record("g1").unwrap().is_none(), "none kept");
        let tree =
            SgfTree::parse("(;GM[1]CA[UTF-8]SZ[9]RE[B+R]XX[kept];B[ee]C[a](;W[cc])(;W[gg]))")
                .unwrap();
        store.keep_record("g1", &tree).unwrap();
        assert_eq!(store.kept_record("g1").unwrap(), Some(tree));
        std::fs::write(dir.path().join("games/g2.sgf"), b"not a record").unwrap();
        let err = store.kept_record("g2").unwrap_err();
        assert!(err.to_string().contains("g2.sgf"), "{err}");
    }
}
