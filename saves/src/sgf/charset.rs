//! The character set of an SGF file: `CA[]` in the root node, as FF\[4\] says.
//!
//! Go records from Chinese, Japanese and Korean servers are often written in
//! GB2312, Shift_JIS, EUC-JP or EUC-KR, and older European ones in
//! ISO-8859-1, many of them without `CA`; their names and comments must read
//! the same in every command. A byte-order mark names the encoding by
//! itself; without one and without `CA`, the set is the one `chardetng`
//! (Firefox's detector for pages that name none) finds the bytes written
//! in, UTF-8 when they are valid UTF-8. [`Decoded::charset`] says which set
//! was taken and why, so an import can tell the player. Bytes that are not
//! valid in that set are shown as U+FFFD rather than refused, so a record
//! with one damaged name still replays, and [`Decoded::replaced`] counts
//! them and says where the first one stood.

use super::error::{SgfError, SgfErrorKind};
use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{DecoderResult, Encoding};

/// An SGF file's text and the character set it was read in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    pub charset: Charset,
    /// The bytes that are not valid in that set, each shown as U+FFFD.
    pub replaced: Option<Replaced>,
}

/// The character set a file was read in, and how kaisho came to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Charset {
    /// The set's name as encoding_rs gives it (`UTF-8`, `Shift_JIS`, `GBK`…).
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
}

/// Bytes of a file that are not valid in the character set it was read in:
/// each malformed sequence is one U+FFFD in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replaced {
    /// How many bytes were replaced, all sequences together.
    pub bytes: usize,
    /// The offset of the first of them in the file, counted from 0.
    pub first_byte: usize,
    /// Where its U+FFFD stands in [`Decoded::text`], to name the property
    /// that holds it.
    pub first_in_text: usize,
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
            None => (detect(bytes), CharsetSource::Detected, 0),
        },
    };
    let (text, replaced) = decode_counting(encoding, &bytes[skip..], skip);
    Ok(Decoded {
        text,
        charset: Charset {
            name: encoding.name(),
            source,
        },
        replaced,
    })
}

/// The set `bytes` were most likely written in, as Firefox guesses it for
/// a page that names none: UTF-8 when they are valid UTF-8.
fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
    detector.feed(bytes, true);
    detector.guess(None, Utf8Detection::Allow)
}

/// `bytes` decoded in `encoding`, each malformed sequence as U+FFFD, and
/// the count and place of the bytes replaced; `skipped` bytes (a
/// byte-order mark) came before them in the file.
fn decode_counting(
    encoding: &'static Encoding,
    bytes: &[u8],
    skipped: usize,
) -> (String, Option<Replaced>) {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let room = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len());
    let mut text = String::with_capacity(room);
    let mut replaced: Option<Replaced> = None;
    let mut read = 0;
    loop {
        let (result, taken) =
            decoder.decode_to_string_without_replacement(&bytes[read..], &mut text, true);
        read += taken;
        match result {
            DecoderResult::InputEmpty => break,
            DecoderResult::OutputFull => text.reserve(bytes.len() - read + 16),
            DecoderResult::Malformed(bad, after) => {
                let bad = usize::from(bad);
                let at = read - usize::from(after) - bad;
                let counted = replaced.get_or_insert(Replaced {
                    bytes: 0,
                    first_byte: skipped + at,
                    first_in_text: text.len(),
                });
                counted.bytes += bad;
                text.push(char::REPLACEMENT_CHARACTER);
            }
        }
    }
    (text, replaced)
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
    fn files_without_a_charset_are_read_in_the_set_their_bytes_are_written_in() {
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
            ("windows-1252", CharsetSource::Detected)
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

    /// GB2312 and EUC-KR records without `CA`, as Chinese and Korean
    /// servers wrote them, read in their own set: a hand-made sniffer
    /// read GB2312's 黑先 as EUC-JP's 菜枠.
    #[test]
    fn gb2312_without_ca_is_read_as_gb2312() {
        let cases = [
            (
                encoding_rs::GBK,
                "(;GM[1]FF[4]SZ[19]GN[黑先]PB[柯洁]PW[申真谞]C[黑先白后，黑中盘胜。];B[pd]C[星位])",
            ),
            (
                encoding_rs::EUC_KR,
                "(;GM[1]FF[4]SZ[19]PB[이세돌]PW[박정환]C[흑 불계승];B[pd]C[화점])",
            ),
        ];
        for (encoding, text) in cases {
            let bytes = encoding.encode(text).0;
            let decoded = decode(&bytes).unwrap();
            assert_eq!(decoded.text, text, "{}", encoding.name());
            assert_eq!(
                decoded.charset,
                Charset {
                    name: encoding.name(),
                    source: CharsetSource::Detected
                }
            );
            assert_eq!(decoded.replaced, None);
        }
    }

    /// Bytes that are not valid in the set the record declares are each
    /// shown as U+FFFD, counted, and the first placed in the file and in
    /// the text.
    #[test]
    fn bytes_replaced_are_counted_and_placed() {
        let bytes = b"(;CA[UTF-8]PB[a\xff\xfeb];B[aa]C[x\xc3])";
        let decoded = decode(bytes).unwrap();
        assert_eq!(
            decoded.text,
            "(;CA[UTF-8]PB[a\u{fffd}\u{fffd}b];B[aa]C[x\u{fffd}])"
        );
        assert_eq!(
            decoded.replaced,
            Some(Replaced {
                bytes: 3,
                first_byte: 15,
                first_in_text: 15,
            })
        );
        let after_mark = decode(b"\xef\xbb\xbf(;C[\xff])").unwrap();
        assert_eq!(
            after_mark.replaced,
            Some(Replaced {
                bytes: 1,
                first_byte: 7,
                first_in_text: 4,
            }),
            "offsets in the file count the byte-order mark, in the text not"
        );
        assert_eq!(decode(b"(;C[fine])").unwrap().replaced, None);
    }
}
