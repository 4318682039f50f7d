//! The binary encoding of kaisho's records on disk and on the wire: bincode 2
//! with a size limit, behind one pair of functions so the rest of the code
//! never names bincode.

use serde::{Serialize, de::DeserializeOwned};

/// The largest record either side of a connection, or a save file, accepts.
pub const MAX_FRAME: usize = 64 * 1024;

/// A record that could not be encoded or decoded.
#[derive(Debug)]
pub struct DecodeError(pub String);

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "malformed record: {}", self.0)
    }
}

impl std::error::Error for DecodeError {}

fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<MAX_FRAME>()
}

/// Encodes a record.
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, DecodeError> {
    bincode::serde::encode_to_vec(value, config()).map_err(|e| DecodeError(e.to_string()))
}

/// Decodes a record, refusing trailing bytes and anything over [`MAX_FRAME`].
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, DecodeError> {
    if bytes.len() > MAX_FRAME {
        return Err(DecodeError(format!(
            "{} bytes is over the {MAX_FRAME}-byte limit",
            bytes.len()
        )));
    }
    let (value, used) = bincode::serde::decode_from_slice(bytes, config())
        .map_err(|e| DecodeError(e.to_string()))?;
    if used != bytes.len() {
        return Err(DecodeError(format!(
            "{} trailing bytes after the record",
            bytes.len() - used
        )));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        let v: (u32, String) = (7, "kaisho".into());
        let bytes = encode(&v).unwrap();
        assert_eq!(decode::<(u32, String)>(&bytes).unwrap(), v);
        assert!(decode::<(u32, String)>(&bytes[..bytes.len() - 1]).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode::<(u32, String)>(&longer).is_err());
        assert!(decode::<Vec<u8>>(&vec![0xff; MAX_FRAME + 1]).is_err());
    }
}
