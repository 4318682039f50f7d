//! The help overlay: every key of the current screen, from its key table.

use super::theme::Theme;
use crate::app::{Context, State, bindings, key_label};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// Draws the overlay in the middle of `area`.
pub fn render(state: &State, theme: Theme, area: Rect, buf: &mut Buffer) {
    let context = Context::of(state);
    let mut lines: Vec<Line> = bindings(context)
        .map(|b| {
            let keys: Vec<String> = b.keys.iter().map(|&k| key_label(k)).collect();
            Line::from(format!("{:<12} {}", keys.join(" "), b.what))
        })
        .collect();
    lines.push(Line::default());
    lines.push(Line::styled("any key closes this help", theme.dim()));
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
        .title(format!(" keys of the {} screen ", context.title()));
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .block(block)
        .wrap(Wrap { trim: false })
        .render(popup, buf);
}
