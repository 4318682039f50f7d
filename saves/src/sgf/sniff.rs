//! Which character set a file that names none was written in: UTF-8, or
//! one of the two sets Japanese Go servers and programs wrote before it.
//! Many such records carry no `CA`, and reading them as ISO-8859-1, the
//! FF\[4\] default, turns every name into mojibake.

use encoding_rs::{EUC_JP, Encoding, SHIFT_JIS, UTF_8};

/// Less like Japanese than this and a text is not taken as Japanese: one
/// accented letter of ISO-8859-1 before `]` (`Jos\xe9]`) decodes as one
/// Shift_JIS kanji, while a name in Japanese has at least two characters.
const LEAST_LIKENESS: i64 = 2;

/// UTF-8 when the bytes are valid UTF-8; otherwise Shift_JIS or EUC-JP,
/// whichever decodes them without an error and reads more like Japanese
/// (kana and kanji count for it, half-width katakana, which Shift_JIS makes
/// of EUC-JP bytes, against it); `None` when neither decodes them or
/// neither reads enough like Japanese.
pub(crate) fn sniff(bytes: &[u8]) -> Option<&'static Encoding> {
    if std::str::from_utf8(bytes).is_ok() {
        return Some(UTF_8);
    }
    [SHIFT_JIS, EUC_JP]
        .into_iter()
        .filter_map(|encoding| {
            let text = encoding.decode_without_bom_handling_and_without_replacement(bytes)?;
            let score = likeness(&text);
            (score >= LEAST_LIKENESS).then_some((score, encoding))
        })
        .fold(
            None,
            |best: Option<(i64, &'static Encoding)>, (score, encoding)| match best {
                Some((top, _)) if top >= score => best,
                _ => Some((score, encoding)),
            },
        )
        .map(|(_, encoding)| encoding)
}

/// How much `text` reads like Japanese: one for each kana, kanji or
/// full-width sign, minus two for each half-width katakana or private-use
/// character, which real records hardly hold.
fn likeness(text: &str) -> i64 {
    text.chars()
        .map(|c| match u32::from(c) {
            0x3000..=0x30FF | 0x4E00..=0x9FFF | 0xFF01..=0xFF60 => 1,
            0xFF61..=0xFF9F | 0xE000..=0xF8FF => -2,
            _ => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_no_japanese_set_reads_are_left_to_the_default() {
        assert_eq!(sniff(b"(;PB[\xff\xff\xff])"), None);
        assert_eq!(sniff("(;PB[碁])".as_bytes()), Some(UTF_8));
    }
}
