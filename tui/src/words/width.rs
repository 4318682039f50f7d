//! Text measured and fitted by display width: a kanji or kana takes two
//! columns of a terminal, so `chars().count()` would cut Japanese lines or
//! run them into the next field.

use unicode_width::UnicodeWidthStr;

/// The columns `text` takes on a terminal.
#[must_use]
pub fn width(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// `text` padded with spaces on the right to `columns` columns.
#[must_use]
pub fn pad_right(text: &str, columns: usize) -> String {
    let w = width(text);
    format!("{text}{}", " ".repeat(columns.saturating_sub(w)))
}

/// `text` in exactly `columns` columns: padded on the right, or cut at a
/// character boundary with `…` when it is wider, so a wide name never
/// pushes the next field out of line.
#[must_use]
pub fn fit(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        return pad_right(text, columns);
    }
    let mut cut = String::new();
    for c in text.chars() {
        let next = width(&cut) + unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if next + 1 > columns {
            break;
        }
        cut.push(c);
    }
    cut.push('…');
    pad_right(&cut, columns)
}

/// `text` padded with spaces on the left to `columns` columns.
#[must_use]
pub fn pad_left(text: &str, columns: usize) -> String {
    let w = width(text);
    format!("{}{text}", " ".repeat(columns.saturating_sub(w)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_takes_exactly_its_columns_by_display_width() {
        assert_eq!(fit("Aki v Ben", 12), "Aki v Ben   ");
        let names = fit("山田太郎 v 佐藤花子", 12);
        assert_eq!(width(&names), 12, "{names:?}");
        assert!(names.ends_with('…') || names.ends_with("… "), "{names:?}");
        assert_eq!(width(&fit("山田", 3)), 3);
    }
}
