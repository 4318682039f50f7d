//! What can go wrong with a game log, named by file so the player can act.

use crate::journal::JournalProblem;
use std::fmt;
use std::io;
use std::path::PathBuf;

/// A game log that could not be written or read. The file it names is never
/// changed or deleted because of the error.
#[derive(Debug)]
pub enum LogError {
    /// The operating system refused a read or write.
    Io {
        path: PathBuf,
        action: &'static str,
        source: io::Error,
    },
    /// The file does not start like a kaisho game log.
    NotALog { path: PathBuf },
    /// The log was written by a newer kaisho.
    UnsupportedVersion { path: PathBuf, version: u16 },
    /// A record is damaged: a wrong checksum, a length no record has, or
    /// bytes no crash could have left at the end of the file.
    Corrupt {
        path: PathBuf,
        record: usize,
        offset: u64,
        reason: String,
    },
    /// The records are intact but do not make a valid game.
    Invalid {
        path: PathBuf,
        record: usize,
        reason: String,
    },
    /// A game with this id already exists.
    Exists { path: PathBuf },
    /// No saved game has this id: a mistyped id, not a disk problem.
    NoSuchGame { id: String, path: PathBuf },
    /// The file was not read: it is not a regular file, or larger than any
    /// game log (see [`crate::limits::MAX_LOG_BYTES`]).
    Skipped { path: PathBuf, reason: String },
    /// A record was not written because it breaks a limit the reader
    /// holds to (see [`crate::limits`]); nothing was written.
    Refused { path: PathBuf, reason: String },
    /// The SGF record an imported game was made from, kept beside its log,
    /// is not a game tree any more.
    KeptRecord { path: PathBuf },
    /// The review journal kept beside a game's record cannot be applied to
    /// it.
    ReviewJournal {
        path: PathBuf,
        problem: JournalProblem,
    },
}

impl LogError {
    /// The file the error is about.
    #[must_use]
    pub fn path(&self) -> &std::path::Path {
        match self {
            LogError::Io { path, .. }
            | LogError::NotALog { path }
            | LogError::UnsupportedVersion { path, .. }
            | LogError::Corrupt { path, .. }
            | LogError::Invalid { path, .. }
            | LogError::Exists { path }
            | LogError::NoSuchGame { path, .. }
            | LogError::Skipped { path, .. }
            | LogError::Refused { path, .. }
            | LogError::KeptRecord { path }
            | LogError::ReviewJournal { path, .. } => path,
        }
    }

    pub(crate) fn io(path: &std::path::Path, action: &'static str, source: io::Error) -> LogError {
        LogError::Io {
            path: path.to_path_buf(),
            action,
            source,
        }
    }
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogError::Io {
                path,
                action,
                source,
            } => write!(
                f,
                "could not {action} the game log {}: {source}; check the disk space and permissions of its folder",
                path.display()
            ),
            LogError::NotALog { path } => write!(
                f,
                "{} is not a kaisho game log; it was left as it is",
                path.display()
            ),
            LogError::UnsupportedVersion { path, version } => write!(
                f,
                "{} uses game log format {version}, which this kaisho does not know; use a newer kaisho",
                path.display()
            ),
            LogError::Corrupt {
                path,
                record,
                offset,
                reason,
            } => write!(
                f,
                "the game log {} is corrupt at record {record} (byte {offset}): {reason}; the file was left untouched — restore it from a backup or move it aside",
                path.display()
            ),
            LogError::Invalid {
                path,
                record,
                reason,
            } => write!(
                f,
                "the game log {} does not replay at record {record}: {reason}; the file was left untouched",
                path.display()
            ),
            LogError::Exists { path } => write!(
                f,
                "a game log {} already exists; it was not overwritten",
                path.display()
            ),
            LogError::Skipped { path, reason } => write!(
                f,
                "{} was skipped: {reason}; it was left as it is",
                path.display()
            ),
            LogError::NoSuchGame { id, path } => write!(
                f,
                "there is no saved game '{id}' (no {}); `kaisho games` lists the saved games and their ids",
                path.display()
            ),
            LogError::Refused { path, reason } => write!(
                f,
                "nothing was written to the game log {}: {reason}",
                path.display()
            ),
            LogError::KeptRecord { path } => write!(
                f,
                "the imported record {} kept beside its game log is not an SGF game tree; \
                 it was left untouched: import the original file again to keep its \
                 variations and comments",
                path.display()
            ),
            LogError::ReviewJournal { path, problem } => write!(
                f,
                "the review journal {} beside the game's record was not applied: {problem}; \
                 both files were left untouched: move the journal aside to read the record without \
                 its additions",
                path.display()
            ),
        }
    }
}

impl std::error::Error for LogError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LogError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
