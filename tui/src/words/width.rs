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

/// `text` padded with spaces on the left to `columns` columns.
#[must_use]
pub fn pad_left(text: &str, columns: usize) -> String {
    let w = width(text);
    format!("{}{text}", " ".repeat(columns.saturating_sub(w)))
}
