//! The character set of an SGF file: `CA[]` in the root node, as FF\[4\] says.
//!
//! Go records from Japanese, Chinese and Korean servers are often written in
//! Shift_JIS, EUC-JP, GB2312 or EUC-KR, and older European ones in
//! ISO-8859-1; their names and comments must read the same in every command.
//! A file without `CA` is read as UTF-8 when it is valid UTF-8; otherwise
//! its bytes are tried as Shift_JIS and as EUC-JP, the sets Japanese
//! servers wrote before UTF-8 ([`super::sniff`]); only when neither reads
//! is it taken as ISO-8859-1, the default FF\[4\] gives. A byte-order mark
//! names the encoding by itself. [`Decoded::charset`] says which set was
//! taken and why, so an import can tell the player. Bytes that are not valid in the named set are shown
//! as U+FFFD rather than refused, so a record with one damaged name still
//! replays.

use super::error::{SgfError, SgfErrorKind};
use super::sniff::sniff;
use encoding_rs::Encoding;

/// An SGF file's text and the character set it was read in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    pub charset: Charset,
}

/// The character set a file was read in, and how kaisho came to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Charset {
    /// The set's name as encoding_rs gives it (`UTF-8`, `Shift_JIS`…).
    pub name: &'static str,
    pub source: CharsetSource,
}

/// How the character set of a file was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CharsetSource {
    /// The file names it: `CA[]` or a byte-order mark.
    Declared,
    /// The file names none and its bytes read as this set.
    Detected,
    /// The file names none and its bytes read as no set tried: the FF\[4\]
    /// default, ISO-8859-1, was taken.
    Assumed,
}

/// The text of an SGF file, decoded by its `CA[]` or, without one, by the
/// set its bytes read in; a `CA` naming a set that is not known is refused.
pub fn decode(bytes: &[u8]) -> Result<Decoded, SgfError> {
    let (encoding, source, skip) = match Encoding::for_bom(bytes) {
        Some((encoding, bom)) => (encoding, CharsetSource::Declared, bom),
        None => match declared(bytes) {
            Some((offset, name)) => {
                let encoding = Encoding::for_label(name).ok_or_else(|| {
                    SgfError::at(
                        offset,
                        SgfErrorKind::UnknownCharset {
                            name: String::from_utf8_lossy(name).into_owned(),
                        },
                    )
                })?;
                (encoding, CharsetSource::Declared, 0)
            }
            None => match sniff(bytes) {
                Some(encoding) => (encoding, CharsetSource::Detected, 0),
                None => (encoding_rs::WINDOWS_1252, CharsetSource::Assumed, 0),
            },
        },
    };
    let text = encoding
        .decode_without_bom_handling(&bytes[skip..])
        .0
        .into_owned();
    let name = match source {
        CharsetSource::Assumed => "ISO-8859-1",
        _ => encoding.name(),
    };
    Ok(Decoded {
        text,
        charset: Charset { name, source },
    })
}

/// The value of `CA` in the root node and the offset of the property. The
/// walk is by bytes, and exact only up to the first byte beyond ASCII: in
/// Shift_JIS a character's second byte can be `]` or `\`, so the root's
/// values cannot be delimited once such a character has been seen. Most
/// writers put `CA` before any name or comment; for the others, the rest of
/// the text is searched for the first `CA[` that stands where a property
/// can start and holds a charset-like name.
fn declared(bytes: &[u8]) -> Option<(usize, &[u8])> {
    let mut pos = bytes.iter().position(|&b| b == b'(')? + 1;
    let mut seen_node = false;
    let mut identifier = Vec::new();
    let mut start = pos;
    while let Some(&byte) = bytes.get(pos) {
        match byte {
            b';' if !seen_node => seen_node = true,
            b';' | b'(' | b')' => return None,
            b'[' => {
                let value_start = pos + 1;
                let mut end = value_start;
                loop {
                    match *bytes.get(end)? {
                        b']' => break,
                        b'\\' => end += 2,
                        b if !b.is_ascii() => return searched(bytes, pos),
                        _ => end += 1,
                    }
                }
                let value = &bytes[value_start..end];
                if identifier == b"CA" {
                    return Some((start, value));
                }
                pos = end;
            }
            b if b.is_ascii_uppercase() => {
                if identifier.is_empty() || bytes[pos - 1] == b']' {
                    identifier.clear();
                    start = pos;
                }
                identifier.push(b);
            }
            b if !b.is_ascii() => return searched(bytes, pos),
            _ => {}
        }
        pos += 1;
    }
    None
}

/// The first `CA[name]` from `from` on that follows `]`, `;` or white space
/// and whose name is made of letters, digits, `-`, `_`, `.` and `:` only.
fn searched(bytes: &[u8], from: usize) -> Option<(usize, &[u8])> {
    let charset_byte = |b: &u8| b.is_ascii_alphanumeric() || b"-_.:".contains(b);
    (from.max(1)..bytes.len().saturating_sub(3)).find_map(|at| {
        let after_property =
            matches!(bytes[at - 1], b']' | b';') || bytes[at - 1].is_ascii_whitespace();
        if !after_property || &bytes[at..at + 3] != b"CA[" {
            return None;
        }
        let value = &bytes[at + 3..];
        let end = value.iter().position(|&b| b == b']')?;
        let name = &value[..end];
        (!name.is_empty() && name.iter().all(charset_byte)).then_some((at, name))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_charset_is_found_before_any_character_beyond_ascii() {
        assert_eq!(
            declared(b"(;GM[1]CA[Shift_JIS]PB[x])"),
            Some((7, &b"Shift_JIS"[..]))
        );
        assert_eq!(declared(b"(;GM[1]C[CA[x]]PB[x])"), None);
        assert_eq!(declared(b"(;GM[1]C[a\\]CA[x]])"), None);
        assert_eq!(declared(b"(;GM[1];CA[UTF-8])"), None);
        assert_eq!(
            declared(b"(;PB[\x96\x5d]CA[Shift_JIS])"),
            Some((8, &b"Shift_JIS"[..])),
            "after a name in Shift_JIS, CA is searched for"
        );
        assert_eq!(declared(b"(;PB[\x96\x5d]C[see CA[x y]])"), None);
        assert_eq!(declared(b"(;CA[UTF-8"), None);
    }

    #[test]
    fn files_without_a_charset_are_utf8_japanese_or_latin1() {
        let text = |bytes: &[u8]| decode(bytes).unwrap().text;
        assert_eq!(text("(;PB[碁])".as_bytes()), "(;PB[碁])");
        assert_eq!(text(b"(;PB[Jos\xe9])"), "(;PB[José])");
        assert_eq!(
            text(b"\xef\xbb\xbf(;PB[x])"),
            "(;PB[x])",
            "a byte-order mark is dropped"
        );
        let utf8 = decode(b"\xef\xbb\xbf(;PB[x])").unwrap().charset;
        assert_eq!(utf8.source, CharsetSource::Declared);
        let latin = decode(b"(;PB[Jos\xe9])").unwrap().charset;
        assert_eq!(
            (latin.name, latin.source),
            ("ISO-8859-1", CharsetSource::Assumed)
        );
    }

    #[test]
    fn a_japanese_record_without_a_charset_is_read_in_the_set_it_was_written_in() {
        let names = "(;PB[本因坊秀策]PW[井上幻庵因碩]C[ヨセの手順])";
        for encoding in [encoding_rs::SHIFT_JIS, encoding_rs::EUC_JP] {
            let bytes = encoding.encode(names).0;
            let decoded = decode(&bytes).unwrap();
            assert_eq!(decoded.text, names, "{}", encoding.name());
            assert_eq!(
                decoded.charset,
                Charset {
                    name: encoding.name(),
                    source: CharsetSource::Detected
                }
            );
        }
    }
}
