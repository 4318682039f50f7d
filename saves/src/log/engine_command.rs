//! The engine a game was played against, kept in a small file beside the
//! game's log (`<id>.engine`, its command line as text) so that resuming
//! the adjourned game starts the same engine. The log's format is
//! untouched: a game without the file is no engine game.

use super::store::GameStore;
use crate::atomic::{Access, write_atomically};
use crate::bounded::read_regular;
use std::io;
use std::path::PathBuf;

/// The extension of the file holding a game's engine command.
const ENGINE_EXTENSION: &str = "engine";
/// The most an engine file is read: a command line with its options.
const ENGINE_FILE_CAP: u64 = 4096;

impl GameStore {
    fn engine_path(&self, id: &str) -> PathBuf {
        self.dir().join(format!("{id}.{ENGINE_EXTENSION}"))
    }

    /// Records that game `id` is played against the engine `command`.
    pub fn remember_engine(&self, id: &str, command: &str) -> io::Result<()> {
        write_atomically(
            &self.engine_path(id),
            format!("{command}\n").as_bytes(),
            Access::Normal,
        )
    }

    /// The engine command game `id` was played against, if one was
    /// recorded and reads as one line of text.
    #[must_use]
    pub fn engine_of(&self, id: &str) -> Option<String> {
        let bytes = read_regular(&self.engine_path(id), ENGINE_FILE_CAP).ok()?;
        let text = std::str::from_utf8(&bytes).ok()?.trim();
        (!text.is_empty() && !text.contains('\n')).then(|| text.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_command_is_kept_beside_the_log() {
        let dir = tempfile::tempdir().unwrap();
        let store = GameStore::new(dir.path());
        assert_eq!(store.engine_of("g1"), None, "no engine recorded");
        store
            .remember_engine("g1", "gnugo --mode gtp --level 3")
            .unwrap();
        assert_eq!(
            store.engine_of("g1").as_deref(),
            Some("gnugo --mode gtp --level 3")
        );
        std::fs::write(dir.path().join("g2.engine"), b"\xff\xfe").unwrap();
        assert_eq!(store.engine_of("g2"), None, "not text");
        std::fs::write(dir.path().join("g3.engine"), b"a\nb\n").unwrap();
        assert_eq!(store.engine_of("g3"), None, "not one line");
    }
}
