//! Reading a log back: every intact record, a torn last record dropped with
//! a notice, damage anywhere else reported with its record number. Only
//! what a crash can leave counts as torn (see `frame::Frame::Torn`): a
//! damaged length field or bytes appended to a log are damage, so that no
//! whole record is ever dropped. A
//! withdrawal takes its event back out of the list.

use super::error::LogError;
use super::frame::{
    self, FIRST_VERSION, FORMAT_VERSION, Frame, KIBITZ_SINCE, PLAYOUT_SINCE, PREAMBLE_LEN,
    UNDO_SINCE,
};
use super::header::GameHeader;
use super::record::{RecordV1, RecordV2, RecordV3, RecordV4, RecordV5 as Record};
use crate::bounded::{ReadRefused, read_regular};
use crate::codec;
use crate::limits::{MAX_KIBITZ_LINES, MAX_LOG_BYTES};
use crate::sgf::KibitzLine;
use kaisho_core::{Color, Event};
use std::path::Path;

/// One event as logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedEvent {
    /// The event's sequence number, from 1.
    pub seq: u32,
    pub event: Event,
    /// Milliseconds its player used, when clocks run.
    pub time_used_ms: Option<u32>,
}

/// A chat line, placed among the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// How many events came before it.
    pub after_event: u32,
    pub from: Color,
    pub text: String,
}

/// A torn last record: the crash happened while it was being written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TornTail {
    /// Where the torn record starts; everything before it is intact.
    pub offset: u64,
    /// How many bytes it left.
    pub bytes: u64,
}

/// Everything an intact log holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogContents {
    pub header: GameHeader,
    pub events: Vec<LoggedEvent>,
    pub chat: Vec<ChatLine>,
    /// The watchers' lines (kibitz), in the order said, each with the
    /// events before it: kept once the players could see them.
    pub kibitz: Vec<KibitzLine>,
    /// Events that were logged and then withdrawn, in the order withdrawn
    /// (not in `events`).
    pub withdrawn: Vec<LoggedEvent>,
    /// The file's format version.
    pub format: u16,
    /// A torn last record that was dropped, if any.
    pub torn: Option<TornTail>,
    /// The length of the intact part of the file.
    pub intact_len: u64,
}

/// Reads and checks a whole log file.
pub fn read_log(path: &Path) -> Result<LogContents, LogError> {
    let bytes = read_regular(path, MAX_LOG_BYTES).map_err(|e| match e {
        ReadRefused::Io(e) => LogError::io(path, "read", e),
        refused => LogError::Skipped {
            path: path.to_path_buf(),
            reason: refused.to_string(),
        },
    })?;
    parse_log(path, &bytes)
}

pub(crate) fn parse_log(path: &Path, bytes: &[u8]) -> Result<LogContents, LogError> {
    let version = frame::read_preamble(bytes).ok_or_else(|| LogError::NotALog {
        path: path.to_path_buf(),
    })?;
    if !(FIRST_VERSION..=FORMAT_VERSION).contains(&version) {
        return Err(LogError::UnsupportedVersion {
            path: path.to_path_buf(),
            version,
        });
    }
    let corrupt = |record: usize, offset: usize, reason: String| LogError::Corrupt {
        path: path.to_path_buf(),
        record,
        offset: offset as u64,
        reason,
    };
    let mut at = PREAMBLE_LEN;
    let mut header = None;
    let mut events = Vec::new();
    let mut chat: Vec<ChatLine> = Vec::new();
    let mut kibitz: Vec<KibitzLine> = Vec::new();
    let mut withdrawn = Vec::new();
    let mut torn = None;
    let mut record = 0;
    while at < bytes.len() {
        record += 1;
        let payload = match frame::read_frame(bytes, at, frame::RECORD_KINDS) {
            Frame::Whole { payload, next } => {
                let start = at;
                at = next;
                (payload, start)
            }
            Frame::Torn => {
                torn = Some(TornTail {
                    offset: at as u64,
                    bytes: (bytes.len() - at) as u64,
                });
                break;
            }
            Frame::Damaged { reason, .. } => return Err(corrupt(record, at, reason)),
        };
        let (payload, start) = payload;
        let decoded = if version == FIRST_VERSION {
            codec::decode::<RecordV1>(payload)
                .map(|r| Record::from(RecordV4::from(RecordV3::from(RecordV2::from(r)))))
        } else if version < UNDO_SINCE {
            codec::decode::<RecordV2>(payload)
                .map(|r| Record::from(RecordV4::from(RecordV3::from(r))))
        } else if version < PLAYOUT_SINCE {
            codec::decode::<RecordV3>(payload).map(|r| Record::from(RecordV4::from(r)))
        } else if version < KIBITZ_SINCE {
            codec::decode::<RecordV4>(payload).map(Record::from)
        } else {
            codec::decode::<Record>(payload)
        }
        .map_err(|e| corrupt(record, start, format!("undecodable record: {e}")))?;
        match (decoded, &mut header) {
            (Record::Header(h), None) => {
                let h = GameHeader::try_from(&h).map_err(|reason| LogError::Invalid {
                    path: path.to_path_buf(),
                    record,
                    reason,
                })?;
                header = Some(h);
            }
            (_, None) => {
                return Err(corrupt(
                    record,
                    start,
                    "the log does not begin with its header".into(),
                ));
            }
            (Record::Header(_), Some(_)) => {
                return Err(corrupt(record, start, "a second header".into()));
            }
            (
                Record::Event {
                    seq,
                    event,
                    time_used_ms,
                },
                Some(_),
            ) => {
                let expected = events.len() as u32 + 1;
                if seq != expected {
                    return Err(corrupt(
                        record,
                        start,
                        format!("event {seq} where event {expected} was expected"),
                    ));
                }
                events.push(LoggedEvent {
                    seq,
                    event: Event::from(&event),
                    time_used_ms,
                });
            }
            (Record::Clock { control }, Some(h)) => {
                if h.clock.is_some() || !events.is_empty() || !chat.is_empty() {
                    return Err(corrupt(
                        record,
                        start,
                        "a clock record away from the header".into(),
                    ));
                }
                h.clock = Some(control.into());
            }
            (Record::Chat { from, text }, Some(_)) => chat.push(ChatLine {
                after_event: events.len() as u32,
                from: from.into(),
                text,
            }),
            (Record::Withdraw { seq }, Some(_)) => {
                if seq == 0 || seq as usize != events.len() {
                    return Err(corrupt(
                        record,
                        start,
                        format!(
                            "a withdrawal of event {seq} where the last event is {}",
                            events.len()
                        ),
                    ));
                }
                withdrawn.extend(events.pop());
                // A line said after the withdrawn event now follows the one before it.
                for line in chat.iter_mut().filter(|l| l.after_event == seq) {
                    line.after_event = seq - 1;
                }
            }
            (
                Record::Kibitz {
                    after_event,
                    name,
                    text,
                },
                Some(_),
            ) => {
                if after_event as usize > events.len() || kibitz.len() >= MAX_KIBITZ_LINES {
                    return Err(corrupt(
                        record,
                        start,
                        format!(
                            "a watcher's line after event {after_event} (the log holds {} events, {} lines)",
                            events.len(),
                            kibitz.len()
                        ),
                    ));
                }
                kibitz.push(KibitzLine {
                    after_event,
                    name,
                    text,
                });
            }
        }
    }
    let header = header.ok_or_else(|| corrupt(1, PREAMBLE_LEN, "the header is missing".into()))?;
    let intact_len = torn.map_or(bytes.len() as u64, |t| t.offset);
    Ok(LogContents {
        header,
        events,
        chat,
        kibitz,
        withdrawn,
        format: version,
        torn,
        intact_len,
    })
}
