//! Small pieces shared by the text screens: a selectable line and a
//! message wrapped to the width it is drawn in.

use super::theme::Theme;
use ratatui::text::Line;

/// A line of a list or menu, reversed when selected.
pub fn choice(text: String, selected: bool, theme: Theme) -> Line<'static> {
    let pointer = if selected { ">" } else { " " };
    let style = if selected {
        theme.cursor()
    } else {
        theme.plain()
    };
    Line::styled(theme.text(&format!("  {pointer} {text}")), style)
}

/// The columns a terminal draws `text` in: kanji, kana and other wide
/// characters take two (unicode-width).
pub fn columns(text: &str) -> usize {
    crate::words::width(text)
}

fn char_columns(c: char) -> usize {
    unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)
}

/// `text` padded with spaces to `width` columns, counting the kanji of step
/// names and results as two columns each, as terminals draw them.
pub fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(columns(text))))
}

/// `text` cut to at most `width` columns and padded to exactly `width`, so
/// that what follows it never runs into it.
pub fn fit(text: &str, width: usize) -> String {
    let mut used = 0;
    let cut: String = text
        .chars()
        .take_while(|&c| {
            used += char_columns(c);
            used <= width
        })
        .collect();
    pad(&cut, width)
}

/// The marks a line may not begin with: Japanese closing punctuation.
const NO_LINE_START: [char; 10] = ['。', '、', '」', '』', '）', '】', '〉', '》', '！', '？'];

/// `text` broken into lines of at most `width` columns, at spaces where it
/// can be, for messages too long for one line (paths, file problems); a
/// closing mark never begins a line.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(2);
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            let mut word = word.to_string();
            while columns(&word) > width {
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                let mut used = 0;
                let mut cut = word
                    .char_indices()
                    .find(|&(_, c)| {
                        used += char_columns(c);
                        used > width
                    })
                    .map_or(word.len(), |(i, _)| i);
                // A line never begins with a closing mark (禁則): the
                // character before it goes down with it.
                if word[cut..].starts_with(NO_LINE_START)
                    && let Some((before, _)) = word[..cut].char_indices().next_back()
                    && before > 0
                {
                    cut = before;
                }
                lines.push(word[..cut].to_string());
                word = word[cut..].to_string();
            }
            let needed = columns(&line) + usize::from(!line.is_empty()) + columns(&word);
            if needed > width && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_wrapped_line_begins_with_a_closing_mark() {
        assert_eq!(wrap("あいうえお。かきく", 10), ["あいうえ", "お。かきく"]);
        assert_eq!(wrap("あいうえお、か", 10), ["あいうえ", "お、か"]);
        for width in 4..30 {
            let text = "対局は保存してあります。相手が戻れば、続きを打てます。「検討」もできます。";
            for line in wrap(text, width) {
                assert!(!line.starts_with(NO_LINE_START), "{width}: {line}");
                assert!(columns(&line) <= width, "{width}: {line}");
            }
        }
    }

    #[test]
    fn padding_counts_kanji_as_two_columns() {
        assert_eq!(pad("先相先", 8), "先相先  ");
        assert_eq!(pad("sen", 5), "sen  ");
        assert_eq!(pad("toolong", 3), "toolong");
    }

    #[test]
    fn wrapping_counts_kanji_as_two_columns() {
        let lines = wrap("adjourned (打ち掛け): resume it", 12);
        assert!(lines.iter().all(|l| columns(l) <= 12), "{lines:?}");
        assert_eq!(
            lines.concat().replace(' ', ""),
            "adjourned(打ち掛け):resumeit"
        );
    }

    #[test]
    fn wrapping_keeps_every_character_within_the_width() {
        let text = "a /very/long/path/that/does/not/fit/anywhere.sgf and some words";
        for width in [2, 5, 12, 80] {
            let lines = wrap(text, width);
            assert!(lines.iter().all(|l| columns(l) <= width), "{lines:?}");
            let joined: String = lines.concat().split_whitespace().collect();
            let original: String = text.split_whitespace().collect();
            assert_eq!(joined, original);
        }
    }
}
