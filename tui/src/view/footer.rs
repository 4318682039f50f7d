//! The two bottom lines: the message (or open question) and the key hints.

use super::theme::Theme;
use crate::app::{Context, State, Tone, bindings};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

/// Draws the message line and the hint line.
pub fn render(state: &State, theme: Theme, message: Rect, hints: Rect, buf: &mut Buffer) {
    let line = match (&state.prompt, &state.message) {
        (Some(prompt), _) => Line::styled(theme.text(&prompt.line()), theme.bold()),
        (None, Some(m)) => Line::styled(
            theme.text(&m.text),
            match m.tone {
                Tone::Info => theme.plain(),
                Tone::Error => theme.error(),
            },
        ),
        (None, None) => Line::default(),
    };
    line.render(message, buf);
    hint_line(Context::of(state))
        .style(theme.dim())
        .render(hints, buf);
}

/// The short hints of a context on one line.
fn hint_line(context: Context) -> Line<'static> {
    let hints: Vec<&str> = bindings(context).filter_map(|b| b.hint).collect();
    Line::from(hints.join("  "))
}
