//! A review's additions kept in its saved game's record (`<id>.sgf`, the
//! kept tree an export writes, with its journal `<id>.review`). Two copies
//! of kaisho may review one game at once, so an addition is never written
//! from the tree a review holds: under the record's lock, what another
//! copy appended since is read and this review's edits applied on top of
//! it, then appended to the journal ([`RecordKeeper`]). A game of kaisho's
//! own gets its kept tree on its first addition, made from its export.

mod keeper;

pub use keeper::{Kept, RecordKeeper, Stop};

use crate::export;
use crate::lock;
use crate::log::{GameStore, LogError};
use crate::sgf::{EditError, SgfRecord, SgfTree, Words};
use crate::visible::visible;
use kaisho_core::Color;
use std::fmt;
use std::fs::OpenOptions;
use std::io::{self, Write};
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
    /// A partner's record of the game is not this side's: its main line,
    /// result, players or set-up differ from this side's log.
    Differs { id: String, difference: Difference },
}

/// Where a partner's record of a game first differs from this side's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// kaisho's reader cannot read its main line.
    Unreadable,
    /// The board, komi, handicap or set-up stones.
    Settings,
    /// The main line's move `number` (1-based), or its length.
    Moves { number: usize },
    /// `RE`.
    Result {
        ours: Option<String>,
        theirs: Option<String>,
    },
    /// `PB` or `PW`.
    Players,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |r: &Option<String>| {
            r.as_deref()
                .map_or_else(|| "none".to_string(), |r| visible(r).into_owned())
        };
        match self {
            Difference::Unreadable => write!(f, "its main line cannot be read"),
            Difference::Settings => write!(f, "its board, komi or set-up differ"),
            Difference::Moves { number } => write!(f, "its move {number} differs"),
            Difference::Result { ours, theirs } => write!(
                f,
                "its result is {} where this side's is {}",
                shown(theirs),
                shown(ours)
            ),
            Difference::Players => write!(f, "its players differ"),
        }
    }
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
            KeepError::Differs { id, difference } => write!(
                f,
                "the partner's record of game {id} is not yours ({difference})"
            ),
        }
    }
}

impl std::error::Error for KeepError {}

/// What taking a partner's record did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adopted {
    /// Where this side's record was kept aside, when the two could not be
    /// merged (the merge would outgrow what a record holds).
    pub aside: Option<PathBuf>,
}

/// Takes `tree`, the record a partner's review together of game `id`
/// starts from, into this side's kept record of the game, so that both
/// sides add the same steps to nodes of the same names: only when its main
/// line, result, players and set-up are those of this side's log, and
/// then only its additions (variations, comment paragraphs) are taken,
/// merged with this side's own ([`SgfTree::with_additions_of`]). Where
/// the merge would outgrow a record, this side's record is first kept
/// aside in a file of its own (`<id>.before-review-N.sgf`, never
/// overwritten). Nothing this side wrote is lost. `words` word the comments
/// of this side's record when it is made from its export.
///
/// # Errors
/// The partner's record is not this side's ([`KeepError::Differs`]), the
/// lock cannot be held, this side has no saved game `id`, or a file
/// cannot be read or written; nothing is replaced then.
pub fn adopt_record(
    store: &GameStore,
    id: &str,
    tree: &SgfTree,
    words: Words<'_>,
) -> Result<Adopted, KeepError> {
    let path = store.record_path(id);
    let _lock = hold_lock(store, id)?;
    let (saved, files) = store.load_held(id).map_err(KeepError::Load)?;
    let record = export::record_of(&saved, words);
    let own =
        export::tree_of(&saved, &record).ok_or_else(|| KeepError::NoTree { path: path.clone() })?;
    // This side's record as its export gives it (an imported game's result
    // as the record gives it), read back the way the partner's is read.
    let ours = own
        .record()
        .ok_or_else(|| KeepError::NoTree { path: path.clone() })?;
    if let Some(difference) = difference(&ours, tree) {
        return Err(KeepError::Differs {
            id: id.to_string(),
            difference,
        });
    }
    let (kept, aside) = match tree.with_additions_of(&own) {
        Some(merged) => (merged, None),
        None => (tree.clone(), Some(keep_aside(store, id, &own)?)),
    };
    keeper::replace_record(store, id, &kept, files.and_then(|f| f.journal), None)?;
    Ok(Adopted { aside })
}

/// Where `theirs` first differs from `ours`, this side's record of the
/// game as its export gives it, in what a partner may not change.
fn difference(ours: &SgfRecord, theirs: &SgfTree) -> Option<Difference> {
    let Some(theirs) = theirs.record() else {
        return Some(Difference::Unreadable);
    };
    let settings = |r: &SgfRecord| {
        let s = &r.settings;
        let mut setup = s.setup.clone();
        setup.sort_by_key(|&(color, point)| (color == Color::White, point.row, point.col));
        (s.size, s.komi, s.handicap, s.first, setup)
    };
    if settings(ours) != settings(&theirs) {
        return Some(Difference::Settings);
    }
    let moves = ours.moves.len().max(theirs.moves.len());
    if let Some(number) = (0..moves)
        .find(|&i| ours.moves.get(i).map(|m| &m.event) != theirs.moves.get(i).map(|m| &m.event))
    {
        return Some(Difference::Moves { number: number + 1 });
    }
    if ours.result != theirs.result {
        return Some(Difference::Result {
            ours: ours.result.clone(),
            theirs: theirs.result,
        });
    }
    if (&ours.black, &ours.white) != (&theirs.black, &theirs.white) {
        return Some(Difference::Players);
    }
    None
}

/// Writes `own` to the first free `<id>.before-review-N.sgf`, created
/// afresh so that no earlier copy is overwritten.
fn keep_aside(store: &GameStore, id: &str, own: &SgfTree) -> Result<PathBuf, KeepError> {
    let text = own.write();
    let mut last = None;
    for n in 1..=MAX_COPIES_ASIDE {
        let path = store.dir().join(format!("{id}.before-review-{n}.sgf"));
        let written = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .and_then(|mut file| {
                file.write_all(text.as_bytes())?;
                file.sync_all()
            });
        match written {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(path),
            Err(source) => {
                let _ = std::fs::remove_file(&path);
                return Err(KeepError::Write { path, source });
            }
        }
    }
    Err(KeepError::Write {
        path: last.unwrap_or_else(|| store.dir().to_path_buf()),
        source: io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{MAX_COPIES_ASIDE} copies are kept aside already; move them elsewhere"),
        ),
    })
}

/// The most copies of one game's record kept aside.
const MAX_COPIES_ASIDE: u32 = 1000;

/// Holds game `id`'s record lock (`.<id>.sgf.lock`) until dropped.
fn hold_lock(store: &GameStore, id: &str) -> Result<lock::FileLock, KeepError> {
    let path = store.record_lock_path(id);
    lock::hold(&path).map_err(|(action, source)| KeepError::Lock {
        path: path.clone(),
        action,
        source,
    })
}
