//! Appending to a log. Each record is written whole and flushed to the disk
//! before `append` returns, so that an acknowledged event survives a crash.
//! Nothing is ever overwritten or cut off but a torn or failed last record:
//! taking an event back appends a withdrawal, so a crash leaves the log
//! with the event or without it, and loadable either way.

use super::error::LogError;
use super::frame::{
    self, FIRST_VERSION, KIBITZ_SINCE, PLAYOUT_SINCE, UNDO_SINCE, VERSION_AT, WITHDRAWALS_SINCE,
};
use super::header::GameHeader;
use super::reader::{LogContents, read_log};
use super::record::{ClockV2, EventV4, HeaderV1, RecordV5 as Record};
use crate::atomic::{Access, create_temp};
use crate::codec::{self, MAX_FRAME};
use crate::limits::{self, MAX_CHAT_CHARS, MAX_KIBITZ_LINES, MAX_NAME_CHARS};
use crate::sgf::KibitzLine;
use kaisho_core::clock::TimeControl;
use kaisho_core::{Color, Event};
use std::fs::{self, File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// An open game log, positioned at its end.
#[derive(Debug)]
pub struct GameLog {
    file: File,
    path: PathBuf,
    len: u64,
    next_seq: u32,
    /// The format version the file's preamble states.
    format: u16,
    /// The watchers' lines the log holds.
    kibitz: usize,
}

impl GameLog {
    /// Creates the log of a new game at `path`, refusing to replace any file.
    /// The header reaches the disk whole or not at all (written to a
    /// temporary file, flushed, then linked into place).
    pub fn create(path: &Path, header: &GameHeader) -> Result<GameLog, LogError> {
        GameLog::create_with(path, header, &[])
    }

    /// Creates the log of a game whose `events` are known at once (an
    /// imported record's, with no time used), as [`GameLog::create`] does
    /// the header: the whole game in one file flushed once, so it costs one
    /// flush, not one per event, and a crash leaves all of it or nothing.
    pub fn create_with(
        path: &Path,
        header: &GameHeader,
        events: &[Event],
    ) -> Result<GameLog, LogError> {
        if path.exists() {
            return Err(LogError::Exists {
                path: path.to_path_buf(),
            });
        }
        for (side, player) in [("Black", &header.black), ("White", &header.white)] {
            limits::check_length(&format!("name of {side}"), &player.name, MAX_NAME_CHARS)
                .map_err(|reason| refused(path, reason))?;
        }
        // A clock is a format-2 record; a log without one stays format 1.
        let clock = header.clock.filter(|&c| c != TimeControl::None);
        let format = events
            .iter()
            .map(format_of)
            .chain(clock.map(|_| WITHDRAWALS_SINCE))
            .fold(FIRST_VERSION, u16::max);
        let mut bytes = frame::preamble(format).to_vec();
        let records =
            std::iter::once(Record::Header(HeaderV1::from(header))).chain(clock.map(|c| {
                Record::Clock {
                    control: ClockV2::from(c),
                }
            }));
        for record in records {
            bytes.extend(framed(path, &record)?);
        }
        for (seq, event) in (1..).zip(events) {
            let record = Record::Event {
                seq,
                event: EventV4::from(event),
                time_used_ms: None,
            };
            bytes.extend(framed(path, &record)?);
        }
        // The temporary file is made afresh and never followed through a
        // link: two processes creating the same game id at once must not
        // remove each other's file; the link below then lets exactly one
        // of them win.
        let (mut f, temp) =
            create_temp(path, Access::Normal).map_err(|e| LogError::io(path, "create", e))?;
        let written = (|| {
            f.write_all(&bytes)?;
            f.sync_all()?;
            fs::hard_link(&temp, path)
        })();
        let _ = fs::remove_file(&temp);
        match written {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(LogError::Exists {
                    path: path.to_path_buf(),
                });
            }
            Err(e) => return Err(LogError::io(path, "create", e)),
        }
        sync_dir(path);
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| LogError::io(path, "open", e))?;
        Ok(GameLog {
            file,
            path: path.to_path_buf(),
            len: bytes.len() as u64,
            next_seq: events.len() as u32 + 1,
            format,
            kibitz: 0,
        })
    }

    /// Opens an existing log to go on with its game. A torn last record is
    /// cut off (it was never acknowledged); any other damage is an error and
    /// the file is left as it is.
    pub fn open(path: &Path) -> Result<(GameLog, LogContents), LogError> {
        let contents = read_log(path)?;
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| LogError::io(path, "open", e))?;
        if contents.torn.is_some() {
            file.set_len(contents.intact_len)
                .and_then(|()| file.sync_all())
                .map_err(|e| LogError::io(path, "cut the torn record from", e))?;
        }
        let log = GameLog {
            file,
            path: path.to_path_buf(),
            len: contents.intact_len,
            next_seq: contents.events.len() as u32 + 1,
            format: contents.format,
            kibitz: contents.kibitz.len(),
        };
        Ok((log, contents))
    }

    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The sequence number the next event will get.
    #[must_use]
    pub fn next_seq(&self) -> u32 {
        self.next_seq
    }

    /// Appends an event and flushes it to the disk; returns its sequence number.
    pub fn append(&mut self, event: &Event, time_used_ms: Option<u32>) -> Result<u32, LogError> {
        let seq = self.next_seq;
        self.raise_format(format_of(event))?;
        self.write(&Record::Event {
            seq,
            event: EventV4::from(event),
            time_used_ms,
        })?;
        self.next_seq += 1;
        Ok(seq)
    }

    /// Appends a chat line and flushes it to the disk.
    pub fn append_chat(&mut self, from: Color, text: &str) -> Result<(), LogError> {
        limits::check_length("chat line", text, MAX_CHAT_CHARS)
            .map_err(|reason| refused(&self.path, reason))?;
        self.write(&Record::Chat {
            from: from.into(),
            text: text.to_string(),
        })
    }

    /// Appends the watchers' `lines` (kibitz), once the players may see
    /// them, and flushes them to the disk together. A log of an older
    /// format is first marked as format 5. Lines past what a log keeps
    /// ([`MAX_KIBITZ_LINES`]) are left out; a line placed after more events
    /// than the log holds, or over the lengths a log reads back, is
    /// refused with nothing written.
    pub fn append_kibitz(&mut self, lines: &[KibitzLine]) -> Result<(), LogError> {
        let room = MAX_KIBITZ_LINES.saturating_sub(self.kibitz);
        let lines = &lines[..lines.len().min(room)];
        if lines.is_empty() {
            return Ok(());
        }
        let mut bytes = Vec::new();
        for line in lines {
            if line.after_event >= self.next_seq {
                return Err(refused(
                    &self.path,
                    format!(
                        "a watcher's line after event {}, where the log holds {}",
                        line.after_event,
                        self.next_seq - 1
                    ),
                ));
            }
            limits::check_length("watcher's name", &line.name, MAX_NAME_CHARS)
                .and_then(|()| limits::check_length("watcher's line", &line.text, MAX_CHAT_CHARS))
                .map_err(|reason| refused(&self.path, reason))?;
            bytes.extend(framed(
                &self.path,
                &Record::Kibitz {
                    after_event: line.after_event,
                    name: line.name.clone(),
                    text: line.text.clone(),
                },
            )?);
        }
        self.raise_format(KIBITZ_SINCE)?;
        self.write_bytes(&bytes)?;
        self.kibitz += lines.len();
        Ok(())
    }

    /// Takes back the last event logged, number `seq`, by appending a
    /// withdrawal flushed like any other record; the next event gets `seq`
    /// again. A log of format 1 is first marked as format 2, since format 1
    /// has no withdrawals.
    pub fn withdraw(&mut self, seq: u32) -> Result<(), LogError> {
        if seq == 0 || seq + 1 != self.next_seq {
            return Err(LogError::Invalid {
                path: self.path.clone(),
                record: seq as usize,
                reason: format!(
                    "only the last event, {}, can be withdrawn, not event {seq}",
                    self.next_seq - 1
                ),
            });
        }
        self.raise_format(WITHDRAWALS_SINCE)?;
        self.write(&Record::Withdraw { seq })?;
        self.next_seq = seq;
        Ok(())
    }

    /// Marks the log as format `version` at least (one byte of its
    /// preamble, flushed) before a record that older formats lack: a crash
    /// in between leaves a newer log without one, which loads the same.
    fn raise_format(&mut self, version: u16) -> Result<(), LogError> {
        if self.format >= version {
            return Ok(());
        }
        let marked = OpenOptions::new()
            .write(true)
            .open(&self.path)
            .and_then(|mut f| {
                f.seek(SeekFrom::Start(VERSION_AT))?;
                f.write_all(&version.to_le_bytes())?;
                f.sync_data()
            });
        marked.map_err(|e| LogError::io(&self.path, "mark the format of", e))?;
        self.format = version;
        Ok(())
    }

    fn write(&mut self, record: &Record) -> Result<(), LogError> {
        let bytes = framed(&self.path, record)?;
        self.write_bytes(&bytes)
    }

    /// Appends whole framed records and flushes them; on a failure the
    /// log is cut back to where it was.
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), LogError> {
        let result = self
            .file
            .write_all(bytes)
            .and_then(|()| self.file.sync_data());
        if let Err(e) = result {
            // Leave no partial record behind for the next append to follow.
            let _ = self.file.set_len(self.len);
            return Err(LogError::io(&self.path, "append to", e));
        }
        self.len += bytes.len() as u64;
        Ok(())
    }
}

/// The oldest format that holds `event`.
fn format_of(event: &Event) -> u16 {
    if event.is_playout() {
        PLAYOUT_SINCE
    } else if event.is_undo() {
        UNDO_SINCE
    } else {
        FIRST_VERSION
    }
}

/// A record framed for the log at `path`, refused when the reader would
/// refuse it: no record over [`MAX_FRAME`] bytes is ever written.
fn framed(path: &Path, record: &Record) -> Result<Vec<u8>, LogError> {
    let payload = codec::encode(record).map_err(|e| refused(path, e.to_string()))?;
    if payload.len() > MAX_FRAME {
        return Err(refused(
            path,
            format!(
                "the record would be {} bytes; a record holds at most {MAX_FRAME}",
                payload.len()
            ),
        ));
    }
    Ok(frame::frame(&payload))
}

fn refused(path: &Path, reason: String) -> LogError {
    LogError::Refused {
        path: path.to_path_buf(),
        reason,
    }
}

/// Flushes a directory entry so that a new or renamed file survives a power cut.
pub(crate) fn sync_dir(path: &Path) {
    if let Some(dir) = path.parent()
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
}
