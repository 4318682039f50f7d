//! The whole tree of an imported SGF record, kept in a file beside the
//! game's log (`<id>.sgf`, UTF-8 text as [`SgfTree::write`] gives it), so
//! that an export gives back every property, comment and variation the
//! record held, and the list shows the result and date it gives. The log
//! keeps holding the settings and events alone; its format is unchanged.

use super::error::LogError;
use super::store::GameStore;
use crate::atomic::{Access, write_atomically};
use crate::bounded::read_regular;
use crate::sgf::{MAX_SGF_BYTES, MAX_TREE_BYTES, SgfTree};
use std::io;
use std::path::PathBuf;

/// The extension of the file holding an imported record's tree.
const RECORD_EXTENSION: &str = "sgf";

impl GameStore {
    /// The file holding game `id`'s kept record, when it has one.
    #[must_use]
    pub fn record_path(&self, id: &str) -> PathBuf {
        self.dir().join(format!("{id}.{RECORD_EXTENSION}"))
    }

    /// Keeps `tree`, the record game `id` was imported from, written
    /// atomically before the game's log so that no log of an import lacks it.
    /// A tree written larger than kaisho reads back is refused: nothing is
    /// kept that [`GameStore::kept_record`] would then refuse.
    pub fn keep_record(&self, id: &str, tree: &SgfTree) -> io::Result<()> {
        let text = tree.write();
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

    /// The record game `id` was imported from, `None` for a game played in
    /// kaisho; read within [`MAX_SGF_BYTES`]. A file that is there but
    /// cannot be read as a record is an error naming it, never skipped, so
    /// no export quietly drops what the record held.
    pub fn kept_record(&self, id: &str) -> Result<Option<SgfTree>, LogError> {
        let path = self.record_path(id);
        let bytes = match read_regular(&path, MAX_SGF_BYTES) {
            Ok(bytes) => bytes,
            Err(refused) if refused.is_missing() => return Ok(None),
            Err(refused) => {
                return Err(LogError::Skipped {
                    path,
                    reason: refused.to_string(),
                });
            }
        };
        std::str::from_utf8(&bytes)
            .ok()
            .and_then(SgfTree::parse)
            .map(Some)
            .ok_or(LogError::KeptRecord { path })
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
