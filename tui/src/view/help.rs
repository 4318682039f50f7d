//! The help overlay: every key of the current screen, from its key table.

use super::theme::Theme;
use crate::app::{Context, State, bindings_here, key_label};
use crate::words::{Lang, Text, key_text, pad_right};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// Draws the overlay in the middle of `area`.
pub fn render(state: &State, theme: Theme, area: Rect, buf: &mut Buffer) {
    let context = Context::of(state);
    let mut lines: Vec<Line> = bindings_here(state)
        .map(|b| {
            let keys: Vec<String> = b.keys.iter().map(|&k| key_label(k)).collect();
            let keys = pad_right(&keys.join(" "), 12);
            Line::from(format!("{keys} {}", key_text(theme.lang, b.what)))
        })
        .collect();
    lines.push(Line::default());
    lines.push(Line::styled(
        Text::AnyKeyClosesHelp.get(theme.lang),
        theme.dim(),
    ));
    let width = area.width.min(76);
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
    Paragraph::new(lines)
        .block(block)
        .wrap(Wrap { trim: false })
        .render(popup, buf);
}
