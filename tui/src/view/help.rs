//! The help overlay: every key of the current screen, from its key table.

use super::theme::Theme;
use crate::app::{Context, State, bindings, key_label};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::symbols::border;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

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
        .border_set(if theme.ascii {
            ASCII_BORDER
        } else {
            border::PLAIN
        })
        .title(format!(" keys of the {} screen ", context.title()));
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .block(block)
        .wrap(Wrap { trim: false })
        .render(popup, buf);
}
