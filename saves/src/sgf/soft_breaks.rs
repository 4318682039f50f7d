//! Soft line breaks: FF\[4\] writes a long line of text over several lines
//! of the file with a `\` before each break that is not the text's own.
//! Such a break is no part of the value (SGF FF\[4\], "Text" and
//! "SimpleText"), so it is removed before sgf-parse reads the values: its
//! lexer would keep the break and drop the `\`, turning the writer's
//! wrapping into the text's own line breaks.

use std::borrow::Cow;

/// `text` with every soft line break inside a property value removed: a
/// `\` followed by `\n`, `\r`, `\r\n` or `\n\r`. A `\\` is an escaped
/// backslash, so the break after it stays; text outside the values is
/// left as it is.
pub(crate) fn without_soft_breaks(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    if !bytes
        .windows(2)
        .any(|pair| pair[0] == b'\\' && matches!(pair[1], b'\n' | b'\r'))
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut kept_from = 0;
    let mut in_value = false;
    let mut at = 0;
    while at < bytes.len() {
        match (in_value, bytes[at]) {
            (false, b'[') => in_value = true,
            (true, b']') => in_value = false,
            (true, b'\\') => {
                let after = at + 1;
                let end = match (bytes.get(after), bytes.get(after + 1)) {
                    (Some(b'\n'), Some(b'\r')) | (Some(b'\r'), Some(b'\n')) => after + 2,
                    (Some(b'\n' | b'\r'), _) => after + 1,
                    _ => {
                        at += 2;
                        continue;
                    }
                };
                out.push_str(&text[kept_from..at]);
                kept_from = end;
                at = end;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    out.push_str(&text[kept_from.min(text.len())..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_soft_break_is_removed_and_nothing_else() {
        assert_eq!(without_soft_breaks("(;C[a\\\nb])"), "(;C[ab])");
        assert_eq!(without_soft_breaks("(;C[a\\\r\nb])"), "(;C[ab])");
        assert_eq!(without_soft_breaks("(;C[a\\\n\rb])"), "(;C[ab])");
        assert_eq!(without_soft_breaks("(;C[a\\\rb])"), "(;C[ab])");
        assert_eq!(
            without_soft_breaks("(;C[a\\\\\nb])"),
            "(;C[a\\\\\nb])",
            "an escaped backslash, then a hard break"
        );
        assert_eq!(without_soft_breaks("(;C[a\\]\\\nb])"), "(;C[a\\]b])");
        assert!(matches!(
            without_soft_breaks("(;C[a\nb])"),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            without_soft_breaks("(;C[x]\\\n;B[aa])"),
            "(;C[x]\\\n;B[aa])",
            "outside a value there is nothing to remove"
        );
        assert_eq!(without_soft_breaks("(;C[a\\"), "(;C[a\\");
    }
}
