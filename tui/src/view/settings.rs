//! The settings screen: one line per setting, the selected one reversed.

use super::text::choice;
use super::theme::Theme;
use crate::app::{SettingsForm, SettingsItem};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

fn label(item: SettingsItem) -> &'static str {
    match item {
        SettingsItem::Name => "your name",
        SettingsItem::BoardSize => "board size",
        SettingsItem::Komi => "komi",
        SettingsItem::Clock => "clock",
        SettingsItem::Coordinates => "point names",
        SettingsItem::Ascii => "ASCII only",
        SettingsItem::UndoLimit => "undo limit",
        SettingsItem::Bell => "bell",
        SettingsItem::Save => "Save to the config file",
    }
}

/// Draws the form above the footer.
pub fn render(form: &SettingsForm, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = vec![
        Line::default(),
        Line::styled("  Settings", theme.bold()),
        Line::from("  The defaults of new games and how the board is drawn."),
        Line::default(),
    ];
    for (i, &item) in crate::app::SETTINGS_ITEMS.iter().enumerate() {
        let text = match form.value(item) {
            Some(value) => format!("    {:<14}{value}", label(item)),
            None => label(item).to_string(),
        };
        lines.push(choice(text, i == form.selected, theme));
    }
    Paragraph::new(lines).render(area, buf);
}
