//! The byte layout of a log file: a 12-byte preamble (`KAISHO` `\0` `L`,
//! the format version as a little-endian u16 at byte 8, two reserved zero
//! bytes), then frames of a little-endian u32 payload length, a
//! little-endian u32 CRC-32 of the payload, and the payload (one
//! bincode-encoded record). A review's journal (`crate::journal`) is laid
//! out the same way under a magic of its own.

use crate::codec::MAX_FRAME;

pub(crate) const MAGIC: &[u8; 8] = b"KAISHO\0L";
pub(crate) const PREAMBLE_LEN: usize = 12;
pub(crate) const FRAME_HEAD: usize = 8;
/// The newest format version this build reads and writes. Version 2 adds
/// the withdrawal of an event and the game's clock to version 1's records;
/// version 3 adds the request to take back a move and its answers; version
/// 4 the play-out (確認) of the ending; version 5 the watchers' lines
/// (kibitz), kept once the players may see them. A log
/// is written as the oldest version that holds its records, so that older
/// builds still read every log that has nothing newer.
pub const FORMAT_VERSION: u16 = 5;
/// The oldest format version, which every new log starts as.
pub(crate) const FIRST_VERSION: u16 = 1;
/// The first format version with withdrawals.
pub(crate) const WITHDRAWALS_SINCE: u16 = 2;
/// The first format version with requests to take back a move.
pub(crate) const UNDO_SINCE: u16 = 3;
/// The first format version with play-outs.
pub(crate) const PLAYOUT_SINCE: u16 = 4;
/// The first format version with the watchers' lines.
pub(crate) const KIBITZ_SINCE: u16 = 5;
/// Where the version stands in the preamble.
pub(crate) const VERSION_AT: u64 = 8;

pub(crate) fn preamble(version: u16) -> [u8; PREAMBLE_LEN] {
    preamble_of(MAGIC, version)
}

/// The preamble of a file whose first eight bytes are `magic`.
pub(crate) fn preamble_of(magic: &[u8; 8], version: u16) -> [u8; PREAMBLE_LEN] {
    let mut out = [0; PREAMBLE_LEN];
    out[..8].copy_from_slice(magic);
    out[8..10].copy_from_slice(&version.to_le_bytes());
    out
}

/// Reads the preamble's version, or `None` when the bytes are not a log.
pub(crate) fn read_preamble(bytes: &[u8]) -> Option<u16> {
    read_preamble_of(bytes, MAGIC)
}

/// Reads the version of a preamble that starts with `magic`, or `None`
/// when the bytes do not.
pub(crate) fn read_preamble_of(bytes: &[u8], magic: &[u8; 8]) -> Option<u16> {
    if bytes.len() < PREAMBLE_LEN || &bytes[..8] != magic {
        return None;
    }
    Some(u16::from_le_bytes([bytes[8], bytes[9]]))
}

pub(crate) fn frame(payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(FRAME_HEAD + payload.len());
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// What the bytes at one offset hold.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Frame<'a> {
    /// A whole frame whose checksum matches; `next` is the offset after it.
    Whole { payload: &'a [u8], next: usize },
    /// The file ends inside this frame, and what is there could be the
    /// start of a record that a crash cut short: the last thing in the file,
    /// shorter than it claims, and hiding no whole record.
    Torn,
    /// The frame cannot be a record, whole or cut short: a wrong checksum,
    /// a length no record has, or a length that runs past the end of the
    /// file over whole records.
    Damaged { reason: String },
}

/// How many kinds of record a log has: a payload starts with its kind, so a
/// torn record's first byte is below this.
pub(crate) const RECORD_KINDS: u8 = 5;

/// What the bytes at `at` hold, in a file whose payloads start with one of
/// `kinds` kinds of record.
pub(crate) fn read_frame(bytes: &[u8], at: usize, kinds: u8) -> Frame<'_> {
    let Some((len, crc)) = read_frame_head(bytes, at) else {
        return Frame::Torn;
    };
    let rest = &bytes[at..];
    if len == 0 || len > MAX_FRAME {
        return Frame::Damaged {
            reason: format!("a record claims {len} bytes; a record holds 1 to {MAX_FRAME}"),
        };
    }
    if rest.len() < FRAME_HEAD + len {
        return cut_short(&rest[FRAME_HEAD..], len, crc, kinds);
    }
    let payload = &rest[FRAME_HEAD..FRAME_HEAD + len];
    if crc32fast::hash(payload) == crc {
        Frame::Whole {
            payload,
            next: at + FRAME_HEAD + len,
        }
    } else {
        Frame::Damaged {
            reason: "checksum mismatch".to_string(),
        }
    }
}

/// Tells a record cut short by a crash from damage, given what follows the
/// head of a frame that claims `len` bytes past the end of the file. A
/// crash leaves a prefix of one record; a damaged length field leaves a
/// whole record (its checksum matches a prefix of the bytes) or whole
/// records after it.
fn cut_short(body: &[u8], len: usize, crc: u32, kinds: u8) -> Frame<'static> {
    let damaged = |reason: String| Frame::Damaged {
        reason: format!(
            "a record claims {len} bytes, past the end of the file, but {reason}; its length is damaged"
        ),
    };
    if body.first().is_some_and(|&kind| kind >= kinds) {
        return damaged(format!("its first byte, {}, starts no record", body[0]));
    }
    let mut hasher = crc32fast::Hasher::new();
    for (i, &byte) in body.iter().enumerate() {
        hasher.update(&[byte]);
        if hasher.clone().finalize() == crc {
            return damaged(format!("its first {} bytes are a whole record", i + 1));
        }
    }
    if let Some(k) = (0..body.len()).find(|&k| whole_frame_at(body, k)) {
        return damaged(format!("a whole record follows {k} bytes into it"));
    }
    Frame::Torn
}

/// Whether a whole frame with a matching checksum starts at `at`.
fn whole_frame_at(bytes: &[u8], at: usize) -> bool {
    matches!(read_frame_head(bytes, at), Some((len, crc))
        if (1..=MAX_FRAME).contains(&len)
            && bytes.len() - at - FRAME_HEAD >= len
            && crc32fast::hash(&bytes[at + FRAME_HEAD..at + FRAME_HEAD + len]) == crc)
}

/// The claimed payload length and checksum of the frame at `at`, if the
/// bytes hold its whole head.
fn read_frame_head(bytes: &[u8], at: usize) -> Option<(usize, u32)> {
    let head = bytes.get(at..at + FRAME_HEAD)?;
    let len = u32::from_le_bytes([head[0], head[1], head[2], head[3]]) as usize;
    let crc = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
    Some((len, crc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_read_back_and_damage_is_seen() {
        let mut bytes = frame(b"hello");
        bytes.extend(frame(b"world"));
        assert_eq!(
            read_frame(&bytes, 0, RECORD_KINDS),
            Frame::Whole {
                payload: b"hello",
                next: 13
            }
        );
        assert!(matches!(
            read_frame(&bytes, 13, RECORD_KINDS),
            Frame::Whole {
                payload: b"world",
                ..
            }
        ));
        assert_eq!(read_frame(&bytes[..20], 13, RECORD_KINDS), Frame::Torn);
        bytes[10] ^= 1;
        assert!(matches!(
            read_frame(&bytes, 0, RECORD_KINDS),
            Frame::Damaged { .. }
        ));
        assert_eq!(read_preamble(&preamble(1)), Some(1));
        assert_eq!(read_preamble(b"not a log file"), None);
    }
}
