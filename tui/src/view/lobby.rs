//! The host's form and the lobby: the join code in large letters for
//! reading aloud, and what has happened while waiting.

use super::text::{choice, wrap};
use super::theme::Theme;
use crate::app::{HOST_ITEMS, HostForm, HostItem, Lobby};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

fn label(item: HostItem) -> &'static str {
    match item {
        HostItem::BoardSize => "board size",
        HostItem::Komi => "komi",
        HostItem::Handicap => "handicap",
        HostItem::Colors => "colours",
        HostItem::Clock => "clock",
        HostItem::Port => "port",
        HostItem::Start => "Start hosting: show the join code",
    }
}

/// Draws the host's form above the footer.
pub fn render_form(form: &HostForm, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = vec![
        Line::default(),
        Line::styled("  Host a game on the local network", theme.bold()),
        Line::from("  Your partner joins with the code shown next."),
        Line::default(),
    ];
    for (i, &item) in HOST_ITEMS.iter().enumerate() {
        let text = match form.value(item) {
            Some(value) => format!("    {:<12}{value}", label(item)),
            None => label(item).to_string(),
        };
        lines.push(choice(text, i == form.selected, theme));
    }
    Paragraph::new(lines).render(area, buf);
}

/// Draws the lobby above the footer.
pub fn render_lobby(lobby: &Lobby, theme: Theme, area: Rect, buf: &mut Buffer) {
    let width = usize::from(area.width.saturating_sub(4));
    let mut lines = vec![
        Line::default(),
        Line::styled(format!("  {}", theme.text(&lobby.title)), theme.bold()),
        Line::default(),
    ];
    if let Some(code) = &lobby.code {
        lines.push(Line::from("  Read this code to your partner:"));
        lines.push(Line::default());
        lines.push(Line::styled(format!("      {code}"), theme.marker()));
        lines.push(Line::default());
        lines.push(Line::from(
            "  They choose \"Join a game\" and type it (or run kaisho join CODE).",
        ));
        lines.push(Line::default());
    }
    let status = if lobby.closed {
        "Nothing is running: Esc goes back."
    } else {
        "Waiting for the partner..."
    };
    lines.push(Line::from(format!("  {status}")));
    for line in lobby.lines.iter().rev().take(6).rev() {
        for text in wrap(line, width) {
            lines.push(Line::from(format!("  {}", theme.text(&text))));
        }
    }
    Paragraph::new(lines).render(area, buf);
}
