//! A review's additions kept beside a game's record (`<id>.sgf`) in an
//! append-only journal, `<id>.review`, so that an addition costs what it
//! adds: one framed, checksummed record appended and flushed, never the
//! whole record read and written again. Every reader of the record applies
//! the journal on top of it; a fold writes the two as one record and
//! removes the journal.
//!
//! The layout is the game log's (`crate::log::frame`): a 12-byte preamble
//! (`KAISHO` `\0` `J`, the format version as a little-endian u16, two zero
//! bytes), then frames of a little-endian u32 length, a little-endian u32
//! CRC-32 and one bincode record ([`record::JournalRecordV1`]). The first
//! record names the record file the journal adds to by the SHA-256 of its
//! bytes; each addition's edits are kept as they applied to the record,
//! each at its node there, so they apply again in order wherever the
//! record is read. A fold first appends the SHA-256 of the record it
//! writes, then replaces the record, then removes the journal: a crash
//! between any two steps leaves a journal that applies to the record on
//! the disk (nothing lost) or one that names it as already folded in
//! (nothing doubled).

pub(crate) mod record;

use crate::atomic::{Access, write_atomically};
use crate::bounded::{ReadRefused, read_regular_from};
use crate::codec::{self, MAX_FRAME};
use crate::limits::{MAX_JOURNAL_BYTES, MAX_JOURNAL_EDITS};
use crate::log::frame::{self, Frame, PREAMBLE_LEN};
use crate::log::{LogError, TornTail};
use crate::sgf::{Applied, EditError, SgfTree};
use record::{EditV1, JournalRecordV1, RECORD_KINDS};
use sha2::{Digest, Sha256};
use std::fs::{File, Metadata, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::Path;
use std::time::SystemTime;

/// The extension of a game's review journal.
pub const EXTENSION: &str = "review";

/// The first eight bytes of a review journal.
const MAGIC: &[u8; 8] = b"KAISHO\0J";

/// The newest journal format this build reads and writes.
pub const FORMAT_VERSION: u16 = 1;

/// Why a review journal is not applied to its record; the files are left
/// as they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalProblem {
    /// The file does not start like a review journal.
    NotAJournal,
    /// A newer kaisho wrote it, in this format version.
    NewerVersion(u16),
    /// A record is damaged: a wrong checksum, a length no record has, a
    /// record out of its place, or bytes no crash could have left.
    Damaged {
        record: usize,
        offset: u64,
        reason: String,
    },
    /// It adds to another version of the record file than the one on the
    /// disk, which no fold of it wrote either.
    OtherRecord,
    /// The record file it adds to is not there.
    NoRecord,
    /// An addition it holds does not apply to the record.
    Misplaced { record: usize, error: EditError },
}

impl std::fmt::Display for JournalProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JournalProblem::NotAJournal => f.write_str("it is not a kaisho review journal"),
            JournalProblem::NewerVersion(version) => write!(
                f,
                "it is in review journal format {version}, which this kaisho does not know; use a newer kaisho"
            ),
            JournalProblem::Damaged {
                record,
                offset,
                reason,
            } => write!(
                f,
                "its record {record} (byte {offset}) is damaged: {reason}"
            ),
            JournalProblem::OtherRecord => f.write_str(
                "it adds to another version of the game's record than the one beside it",
            ),
            JournalProblem::NoRecord => f.write_str("the game's record it adds to is not there"),
            JournalProblem::Misplaced { record, error } => {
                write!(
                    f,
                    "its record {record} does not apply to the game's record: {error}"
                )
            }
        }
    }
}

/// A file as last seen: which file it is, and its length and time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stamp {
    file: (u64, u64),
    len: u64,
    modified: Option<SystemTime>,
}

impl Stamp {
    pub(crate) fn of(meta: &Metadata) -> Stamp {
        #[cfg(unix)]
        let file = {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let file = (0, 0);
        Stamp {
            file,
            len: meta.len(),
            modified: meta.modified().ok(),
        }
    }

    /// The file at `path` as it is now, `None` when there is none.
    pub(crate) fn at(path: &Path) -> io::Result<Option<Stamp>> {
        match std::fs::metadata(path) {
            Ok(meta) => Ok(Some(Stamp::of(&meta))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Whether `other` is the same file, grown or not.
    pub(crate) fn same_file(&self, other: &Stamp) -> bool {
        self.file == other.file
    }

    pub(crate) fn len(&self) -> u64 {
        self.len
    }
}

/// Where a journal ended when this copy last read or wrote it: an
/// addition reads only what was appended after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JournalAt {
    pub(crate) stamp: Stamp,
    /// Where its intact part ends.
    pub(crate) intact_len: u64,
    /// The edits it holds.
    pub(crate) edits: usize,
}

/// What a journal holds after the point it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Journal {
    /// The SHA-256 of the record file it adds to; `None` when read from a
    /// point past its first record.
    pub(crate) base: Option<[u8; 32]>,
    /// The additions' edits, in order, each at its node in the record.
    pub(crate) edits: Vec<Applied>,
    /// The SHA-256 of the record the last fold begun writes.
    pub(crate) folding: Option<[u8; 32]>,
    /// The file read.
    pub(crate) stamp: Stamp,
    /// Where its intact part ends: a torn last record starts there.
    pub(crate) intact_len: u64,
    /// A torn last record, dropped.
    pub(crate) torn: Option<TornTail>,
}

/// The SHA-256 of a record file's bytes.
pub(crate) fn digest(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// Reads the whole journal at `path`, within [`MAX_JOURNAL_BYTES`] and
/// [`MAX_JOURNAL_EDITS`]; `None` when there is none.
pub(crate) fn read(path: &Path) -> Result<Option<Journal>, LogError> {
    let Some((bytes, meta)) = read_bytes(path, 0)? else {
        return Ok(None);
    };
    let problem = |problem| LogError::ReviewJournal {
        path: path.to_path_buf(),
        problem,
    };
    match frame::read_preamble_of(&bytes, MAGIC) {
        None => return Err(problem(JournalProblem::NotAJournal)),
        Some(FORMAT_VERSION) => {}
        Some(version) => return Err(problem(JournalProblem::NewerVersion(version))),
    }
    parse(&bytes, PREAMBLE_LEN as u64, 0, Stamp::of(&meta))
        .map(Some)
        .map_err(problem)
}

/// Reads what was appended to the journal at `path` past `from`, where
/// the intact part of `known`, the journal as this copy last saw it,
/// ended after `edits` edits; `None` when the file is another than
/// `known` or no longer holds that part.
pub(crate) fn read_after(
    path: &Path,
    from: u64,
    edits: usize,
    known: &Stamp,
) -> Result<Option<Journal>, LogError> {
    let Some((bytes, meta)) = read_bytes(path, from)? else {
        return Ok(None);
    };
    let stamp = Stamp::of(&meta);
    if !stamp.same_file(known) || stamp.len < from {
        return Ok(None);
    }
    parse(&bytes, from, edits, stamp)
        .map(Some)
        .map_err(|problem| LogError::ReviewJournal {
            path: path.to_path_buf(),
            problem,
        })
}

fn read_bytes(path: &Path, from: u64) -> Result<Option<(Vec<u8>, Metadata)>, LogError> {
    match read_regular_from(path, from, MAX_JOURNAL_BYTES) {
        Ok(read) => Ok(Some(read)),
        Err(refused) if refused.is_missing() => Ok(None),
        Err(ReadRefused::Io(e)) => Err(LogError::io(path, "read", e)),
        Err(refused) => Err(LogError::Skipped {
            path: path.to_path_buf(),
            reason: refused.to_string(),
        }),
    }
}

/// The records of `bytes`, the journal's from byte `start` on, after
/// `edits` edits were read before them: at the journal's start, a base
/// first; after it, additions and folds only.
fn parse(bytes: &[u8], start: u64, edits: usize, stamp: Stamp) -> Result<Journal, JournalProblem> {
    let from_top = start == PREAMBLE_LEN as u64;
    let skip = if from_top { PREAMBLE_LEN } else { 0 };
    let mut journal = Journal {
        base: None,
        edits: Vec::new(),
        folding: None,
        stamp,
        intact_len: start,
        torn: None,
    };
    let mut at = skip;
    let mut record = 0;
    let mut count = edits;
    while at < bytes.len() {
        record += 1;
        let offset = start + (at - skip) as u64;
        let damaged = |reason: String| JournalProblem::Damaged {
            record,
            offset,
            reason,
        };
        let payload = match frame::read_frame(bytes, at, RECORD_KINDS) {
            Frame::Whole { payload, next } => {
                at = next;
                payload
            }
            Frame::Torn => {
                journal.torn = Some(TornTail {
                    offset,
                    bytes: (bytes.len() - at) as u64,
                });
                break;
            }
            Frame::Damaged { reason } => return Err(damaged(reason)),
        };
        let decoded = codec::decode::<JournalRecordV1>(payload)
            .map_err(|e| damaged(format!("undecodable record: {e}")))?;
        match decoded {
            JournalRecordV1::Base { sha256 } if from_top && record == 1 => {
                journal.base = Some(sha256);
            }
            JournalRecordV1::Base { .. } => {
                return Err(damaged("a second base record".into()));
            }
            _ if from_top && record == 1 => {
                return Err(damaged("the journal does not begin with its base".into()));
            }
            JournalRecordV1::Added { edits } => {
                count += edits.len();
                if count > MAX_JOURNAL_EDITS {
                    return Err(damaged(format!(
                        "the journal holds more than the {MAX_JOURNAL_EDITS} edits one holds"
                    )));
                }
                for edit in &edits {
                    journal.edits.push(edit.applied().map_err(damaged)?);
                }
            }
            JournalRecordV1::Folding { sha256 } => journal.folding = Some(sha256),
        }
        journal.intact_len = start + (at - skip) as u64;
    }
    if from_top && journal.base.is_none() && journal.torn.is_none() {
        return Err(JournalProblem::Damaged {
            record: 1,
            offset: PREAMBLE_LEN as u64,
            reason: "the base record is missing".into(),
        });
    }
    Ok(journal)
}

/// Applies `edits`, read from a journal, to `tree`, the record it adds
/// to with the edits before them: each must land where it landed when it
/// was kept. The record number is the edit's, from 1, for the message.
pub(crate) fn apply(tree: &mut SgfTree, edits: &[Applied]) -> Result<(), JournalProblem> {
    for (i, Applied { edit, landed }) in edits.iter().enumerate() {
        let misplaced = |error| JournalProblem::Misplaced {
            record: i + 1,
            error,
        };
        let here = tree.apply(edit).map_err(misplaced)?;
        if here != *landed {
            return Err(misplaced(EditError::NoSuchNode {
                path: landed.clone(),
            }));
        }
    }
    Ok(())
}

/// The frames of one kept addition: as many as its edits need, each
/// within the frame cap (the edits are at their nodes in the record, so
/// they apply one by one).
fn added_frames(edits: &[Applied]) -> io::Result<Vec<u8>> {
    let kept: Vec<EditV1> = edits.iter().map(EditV1::of).collect();
    let mut out = Vec::new();
    let mut start = 0;
    while start < kept.len() {
        let mut end = kept.len();
        let payload = loop {
            let record = JournalRecordV1::Added {
                edits: kept[start..end].to_vec(),
            };
            match codec::encode(&record) {
                Ok(payload) if payload.len() <= MAX_FRAME => break payload,
                _ if end - start > 1 => end = start + (end - start) / 2,
                Ok(_) | Err(_) => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        "one edit is larger than a journal record holds",
                    ));
                }
            }
        };
        out.extend(frame::frame(&payload));
        start = end;
    }
    Ok(out)
}

fn record_frame(record: &JournalRecordV1) -> io::Result<Vec<u8>> {
    codec::encode(record)
        .map(|payload| frame::frame(&payload))
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))
}

/// Makes the journal at `path` for the record file whose bytes hash to
/// `base`, holding `edits`: written whole to a temporary file, flushed and
/// renamed into place, so it is there whole or not at all.
pub(crate) fn create(path: &Path, base: [u8; 32], edits: &[Applied]) -> io::Result<Stamp> {
    let mut bytes = frame::preamble_of(MAGIC, FORMAT_VERSION).to_vec();
    bytes.extend(record_frame(&JournalRecordV1::Base { sha256: base })?);
    bytes.extend(added_frames(edits)?);
    within_bounds(bytes.len() as u64, edits.len())?;
    write_atomically(path, &bytes, Access::Normal)?;
    Stamp::at(path)?.ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
}

/// Appends `edits` as one addition to the journal `known` at `path`,
/// whose intact part ends at `intact_len` after `count` edits: a torn
/// record left by a crash is cut off first. On the disk (`fdatasync`)
/// when this returns; the journal as it now is.
pub(crate) fn append(
    path: &Path,
    known: &Stamp,
    (intact_len, count): (u64, usize),
    edits: &[Applied],
) -> io::Result<Stamp> {
    let bytes = added_frames(edits)?;
    within_bounds(intact_len + bytes.len() as u64, count + edits.len())?;
    write_at_end(path, known, intact_len, &bytes)
}

/// Appends the mark of a fold that writes the record file hashing to
/// `sha256`, as [`append`] appends.
pub(crate) fn mark_folding(
    path: &Path,
    known: &Stamp,
    intact_len: u64,
    sha256: [u8; 32],
) -> io::Result<Stamp> {
    let bytes = record_frame(&JournalRecordV1::Folding { sha256 })?;
    write_at_end(path, known, intact_len, &bytes)
}

/// Refuses a journal that would be read back over its bounds.
fn within_bounds(bytes: u64, edits: usize) -> io::Result<()> {
    if bytes > MAX_JOURNAL_BYTES || edits > MAX_JOURNAL_EDITS {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the review journal would hold {bytes} bytes and {edits} edits, over the \
                 {MAX_JOURNAL_BYTES} bytes and {MAX_JOURNAL_EDITS} edits one is read within; \
                 leave the review to fold it into the record"
            ),
        ));
    }
    Ok(())
}

fn write_at_end(path: &Path, known: &Stamp, intact_len: u64, bytes: &[u8]) -> io::Result<Stamp> {
    let mut file = open_for_append(path)?;
    let now = Stamp::of(&file.metadata()?);
    if !now.same_file(known) {
        return Err(io::Error::other(
            "the review journal was replaced meanwhile; the addition is tried again with the next",
        ));
    }
    if now.len != intact_len {
        file.set_len(intact_len)?;
    }
    file.seek(SeekFrom::Start(intact_len))?;
    file.write_all(bytes)?;
    file.sync_data()?;
    Ok(Stamp::of(&file.metadata()?))
}

fn open_for_append(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true);
    // Never through a link, nor waiting on a FIFO left in its place.
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other("it is not a regular file; move it away"));
    }
    Ok(file)
}

/// Removes the journal at `path` once folded, and flushes its folder so
/// the removal stands.
pub(crate) fn remove(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        File::open(dir)?.sync_all()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::{NodePath, TreeEdit};

    fn comment(text: &str) -> Applied {
        Applied {
            edit: TreeEdit::Comment {
                at: NodePath::root(),
                text: text.into(),
            },
            landed: NodePath::root(),
        }
    }

    #[test]
    fn a_journal_reads_back_what_was_appended_and_from_where_it_was_left() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.review");
        let base = digest(b"(;GM[1])");
        let stamp = create(&path, base, &[comment("one")]).unwrap();
        let first = read(&path).unwrap().unwrap();
        assert_eq!(first.base, Some(base));
        assert_eq!(first.edits, [comment("one")]);
        let grown = append(&path, &stamp, (first.intact_len, 1), &[comment("two")]).unwrap();
        let after = read_after(&path, first.intact_len, 1, &stamp)
            .unwrap()
            .unwrap();
        assert_eq!(after.edits, [comment("two")]);
        assert_eq!(after.intact_len, grown.len());
        let whole = read(&path).unwrap().unwrap();
        assert_eq!(whole.edits, [comment("one"), comment("two")]);
    }

    #[test]
    fn an_addition_larger_than_a_frame_goes_in_several() {
        let many: Vec<Applied> = (0..40)
            .map(|i| comment(&format!("{i}{}", "x".repeat(1990))))
            .collect();
        let bytes = added_frames(&many).unwrap();
        assert!(bytes.len() > MAX_FRAME);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.review");
        create(&path, digest(b""), &many).unwrap();
        assert_eq!(read(&path).unwrap().unwrap().edits, many);
    }
}
