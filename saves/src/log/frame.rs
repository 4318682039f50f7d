//! The byte layout of a log file: a 12-byte preamble (`KAISHO` `\0` `L`,
//! the format version as a little-endian u16 at byte 8, two reserved zero
//! bytes), then frames of a little-endian u32 payload length, a
//! little-endian u32 CRC-32 of the payload, and the payload (one
//! bincode-encoded record).

use crate::codec::MAX_FRAME;

pub(crate) const MAGIC: &[u8; 8] = b"KAISHO\0L";
pub(crate) const PREAMBLE_LEN: usize = 12;
pub(crate) const FRAME_HEAD: usize = 8;
/// The newest format version this build reads and writes. Version 2 adds
/// the withdrawal of an event and the game's clock to version 1's records;
/// version 3 adds the request to take back a move and its answers. A log
/// is written as the oldest version that holds its records, so that older
/// builds still read every log that has nothing newer.
pub const FORMAT_VERSION: u16 = 3;
/// The oldest format version, which every new log starts as.
pub(crate) const FIRST_VERSION: u16 = 1;
/// The first format version with withdrawals.
pub(crate) const WITHDRAWALS_SINCE: u16 = 2;
/// The first format version with requests to take back a move.
pub(crate) const UNDO_SINCE: u16 = 3;
/// Where the version stands in the preamble.
pub(crate) const VERSION_AT: u64 = 8;

pub(crate) fn preamble(version: u16) -> [u8; PREAMBLE_LEN] {
    let mut out = [0; PREAMBLE_LEN];
    out[..8].copy_from_slice(MAGIC);
    out[8..10].copy_from_slice(&version.to_le_bytes());
    out
}

/// Reads the preamble's version, or `None` when the bytes are not a log.
pub(crate) fn read_preamble(bytes: &[u8]) -> Option<u16> {
    if bytes.len() < PREAMBLE_LEN || &bytes[..8] != MAGIC {
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
    /// The file ends inside this frame.
    Truncated,
    /// The frame is complete but its checksum or length is wrong.
    Damaged { reason: String, next: usize },
}

pub(crate) fn read_frame(bytes: &[u8], at: usize) -> Frame<'_> {
    let rest = &bytes[at..];
    if rest.len() < FRAME_HEAD {
        return Frame::Truncated;
    }
    let len = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]) as usize;
    let crc = u32::from_le_bytes([rest[4], rest[5], rest[6], rest[7]]);
    if len > MAX_FRAME {
        return Frame::Damaged {
            reason: format!("a record claims {len} bytes, more than the {MAX_FRAME} allowed"),
            next: bytes.len(),
        };
    }
    if rest.len() < FRAME_HEAD + len {
        return Frame::Truncated;
    }
    let payload = &rest[FRAME_HEAD..FRAME_HEAD + len];
    let next = at + FRAME_HEAD + len;
    if crc32fast::hash(payload) == crc {
        Frame::Whole { payload, next }
    } else {
        Frame::Damaged {
            reason: "checksum mismatch".to_string(),
            next,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_read_back_and_damage_is_seen() {
        let mut bytes = frame(b"hello");
        bytes.extend(frame(b"world"));
        assert_eq!(
            read_frame(&bytes, 0),
            Frame::Whole {
                payload: b"hello",
                next: 13
            }
        );
        assert!(matches!(
            read_frame(&bytes, 13),
            Frame::Whole {
                payload: b"world",
                ..
            }
        ));
        assert_eq!(read_frame(&bytes[..20], 13), Frame::Truncated);
        bytes[10] ^= 1;
        assert!(matches!(
            read_frame(&bytes, 0),
            Frame::Damaged { next: 13, .. }
        ));
        assert_eq!(read_preamble(&preamble(1)), Some(1));
        assert_eq!(read_preamble(b"not a log file"), None);
    }
}
