//! Text from outside made safe to show: every control character a
//! terminal would act on (escape sequences, a bell, a newline that fakes a
//! line of output, C1 controls) and every bidirectional override that
//! would reorder what is read is replaced by a visible stand-in. Names,
//! chat, close reasons, SGF properties, file names and names from the
//! config all pass through [`visible`] before they reach a terminal, on
//! the drawn screen, in plain mode and in the headless commands.

use std::borrow::Cow;

/// `text` with its control and bidirectional-override characters made
/// visible: C0 controls as their control pictures (ESC as `␛`, a newline
/// as `␊`), DEL as `␡`, C1 controls and bidi controls as `\u{…}`.
/// Text without them is returned as it is, without a copy.
#[must_use]
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_showing) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\u{0}'..='\u{1f}' => {
                out.push(char::from_u32(0x2400 + u32::from(c)).unwrap_or('?'));
            }
            '\u{7f}' => out.push('␡'),
            c if needs_showing(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// [`visible`] into an owned string.
#[must_use]
pub fn visible_owned(text: String) -> String {
    match visible(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(shown) => shown,
    }
}

/// Whether a character must not reach a terminal as it is.
fn needs_showing(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_bells_and_newlines_are_shown_not_obeyed() {
        assert_eq!(visible("Ev\u{1b}[2J\nresult: B+R"), "Ev␛[2J␊result: B+R");
        assert_eq!(visible("\u{1b}]0;x\u{7}"), "␛]0;x␇");
        assert_eq!(visible("a\rb\tc\u{7f}"), "a␍b␉c␡");
        assert_eq!(visible("\u{9b}2J"), "\\u{9b}2J");
        assert_eq!(visible("abc\u{202e}fed"), "abc\\u{202e}fed");
    }

    #[test]
    fn ordinary_text_is_left_alone() {
        for text in ["Honinbo Shusaku", "本因坊秀策", "", "16の四 ☗"] {
            assert!(matches!(visible(text), Cow::Borrowed(t) if t == text));
        }
    }

    #[test]
    fn nothing_shown_holds_a_control_character() {
        let every: String = (0..0x3000u32).filter_map(char::from_u32).collect();
        let shown = visible(&every);
        assert!(!shown.chars().any(needs_showing));
        assert_eq!(visible(&shown), shown);
    }
}
