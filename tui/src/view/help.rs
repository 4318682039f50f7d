//! The help overlay: every key of the current screen, from its key table.

use super::text::wrap;
use super::theme::Theme;
use crate::app::{Context, State, bindings_here, key_label};
use crate::words::{Lang, Text, key_text, pad_right};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

/// Draws the overlay in the middle of `area`. On a terminal too short
/// for every key it shows a window of them from `help_scroll`, and its last
/// line says how to scroll.
pub fn render(state: &State, theme: Theme, area: Rect, buf: &mut Buffer) {
    let context = Context::of(state);
    let width = area.width.min(76);
    let inner = usize::from(width.saturating_sub(2)).max(1);
    let mut rows: Vec<Line> = bindings_here(state)
        .flat_map(|b| {
            let keys: Vec<String> = b.keys.iter().map(|&k| key_label(theme.lang, k)).collect();
            let keys = pad_right(&keys.join(" "), 12);
            // An ASCII terminal reads the club's terms in romaji.
            let what = theme.text(key_text(theme.lang, b.what));
            wrap(&format!("{keys} {what}"), inner)
        })
        .map(Line::from)
        .collect();
    rows.push(Line::default());
    let visible = usize::from(area.height.saturating_sub(2)).max(1);
    let fits = rows.len() < visible;
    let last = if fits {
        Text::AnyKeyClosesHelp
    } else {
        Text::ScrollHelp
    };
    let shown: Vec<Line> = if fits {
        rows
    } else {
        let window = visible - 1;
        let skip = usize::from(state.help_scroll).min(rows.len().saturating_sub(window));
        rows.into_iter().skip(skip).take(window).collect()
    };
    let mut lines = shown;
    lines.push(Line::styled(last.get(theme.lang), theme.dim()));
    let height = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    let block = Block::bordered()
        .border_set(theme.border())
        .title(match theme.lang {
            Lang::En => format!(" keys of the {} screen ", context.title()),
            Lang::Ja => format!(" {}画面のキー ", key_text(theme.lang, context.title())),
        });
    Clear.render(popup, buf);
    Paragraph::new(lines).block(block).render(popup, buf);
}
