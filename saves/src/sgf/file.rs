//! Reading an SGF file from disk the one way every command does: a regular
//! file of at most [`MAX_SGF_BYTES`], its text decoded by the character
//! set its `CA[]` names (UTF-8 when none is named and the bytes are UTF-8,
//! else ISO-8859-1, the SGF default), then parsed.

use super::error::SgfError;
use super::read::parse;
use super::record::SgfRecord;
use crate::bounded::{ReadRefused, read_regular};
use crate::limits::MAX_SGF_BYTES;
use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};
use std::fmt;
use std::path::{Path, PathBuf};

/// An SGF file that could not be read, named so the user can act.
#[derive(Debug)]
pub enum SgfFileError {
    /// The file could not be read, or was not read (not a regular file,
    /// over the size limit).
    Read { path: PathBuf, why: ReadRefused },
    /// `CA[]` names a character set kaisho does not know.
    UnknownCharset { path: PathBuf, label: String },
    /// The text is not a usable SGF record.
    Parse { path: PathBuf, error: SgfError },
}

impl fmt::Display for SgfFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfFileError::Read {
                path,
                why: ReadRefused::Io(e),
            } => write!(
                f,
                "cannot read {}: {e}; check the path and permissions",
                path.display()
            ),
            SgfFileError::Read { path, why } => write!(f, "cannot read {}: {why}", path.display()),
            SgfFileError::UnknownCharset { path, label } => write!(
                f,
                "{}: CA[{label}] names a character set kaisho does not know; \
                 convert the file to UTF-8 and write CA[UTF-8]",
                path.display()
            ),
            SgfFileError::Parse { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for SgfFileError {}

/// Reads and parses the SGF file at `path`.
pub fn read_file(path: &Path) -> Result<SgfRecord, SgfFileError> {
    let bytes = read_regular(path, MAX_SGF_BYTES).map_err(|why| SgfFileError::Read {
        path: path.to_path_buf(),
        why,
    })?;
    let text = decode(&bytes).map_err(|label| SgfFileError::UnknownCharset {
        path: path.to_path_buf(),
        label,
    })?;
    parse(&text).map_err(|error| SgfFileError::Parse {
        path: path.to_path_buf(),
        error,
    })
}

/// The text of an SGF file's bytes, decoded by its `CA[]`; the error is a
/// label no character set has.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    let label = charset_label(bytes).filter(|l| !l.trim_ascii().is_empty());
    let encoding = match label {
        Some(label) => {
            Encoding::for_label(label).ok_or_else(|| String::from_utf8_lossy(label).into_owned())?
        }
        None if std::str::from_utf8(bytes).is_ok() => UTF_8,
        None => WINDOWS_1252,
    };
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    Ok(encoding.decode_without_bom_handling(body).0.into_owned())
}

/// The value of the first `CA[...]`: the property names the file's
/// character set and its value is ASCII in every character set SGF uses.
fn charset_label(bytes: &[u8]) -> Option<&[u8]> {
    let at = bytes.windows(3).position(|w| w == b"CA[")? + 3;
    let len = bytes[at..].iter().position(|&b| b == b']')?;
    Some(&bytes[at..at + len])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_decoded_by_its_charset() {
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("本因坊");
        let file = [&b"(;CA[Shift_JIS]PB["[..], &sjis, b"])"].concat();
        assert_eq!(decode(&file).unwrap(), "(;CA[Shift_JIS]PB[本因坊])");
        assert_eq!(decode("(;PB[秀策])".as_bytes()).unwrap(), "(;PB[秀策])");
        assert_eq!(decode(b"(;PB[Jos\xe9])").unwrap(), "(;PB[José])");
        assert_eq!(decode(b"(;CA[klingon]PB[x])").unwrap_err(), "klingon");
        assert_eq!(decode(b"(;CA[ ]PB[x])").unwrap(), "(;CA[ ]PB[x])");
    }
}
