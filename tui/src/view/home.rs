//! The home screen: the title and the menu, drawn from the menu's items.

use super::footer;
use super::theme::Theme;
use crate::app::{HomeItem, State};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// The smallest terminal the home screen is drawn in.
pub const MIN_SCREEN: (u16, u16) = (50, 14);

fn label(item: HomeItem) -> &'static str {
    match item {
        HomeItem::PlayLocal => "Play a local game (two players, one keyboard)",
        HomeItem::BoardSize => "board size",
        HomeItem::Komi => "komi",
        HomeItem::Handicap => "handicap",
        HomeItem::Quit => "Quit",
    }
}

/// Draws the home screen.
pub fn render(state: &State, theme: Theme, area: Rect, buf: &mut Buffer) {
    let title = if theme.ascii {
        "kaisho - a Go club in the terminal"
    } else {
        "kaisho 碁会所 - a Go club in the terminal"
    };
    let mut lines = vec![
        Line::default(),
        Line::styled(format!("  {title}"), theme.bold()),
        Line::from("  Japanese Go Rules of 1989"),
        Line::default(),
    ];
    let home = &state.home;
    let (left, right) = if theme.ascii {
        ("<", ">")
    } else {
        ("‹", "›")
    };
    for (i, &item) in crate::app::HOME_ITEMS.iter().enumerate() {
        let selected = i == home.selected;
        let pointer = if selected { ">" } else { " " };
        let text = match home.value(item) {
            Some(value) => format!("  {pointer}     {:<12}{left} {value} {right}", label(item)),
            None => format!("  {pointer} {}", label(item)),
        };
        let style = if selected {
            theme.cursor()
        } else {
            theme.plain()
        };
        lines.push(Line::styled(text, style));
    }
    let body = Rect::new(area.x, area.y, area.width, area.height.saturating_sub(2));
    Paragraph::new(lines).render(body, buf);
    let bottom = area.y + area.height.saturating_sub(2);
    footer::render(
        state,
        theme,
        Rect::new(area.x, bottom, area.width, 1),
        Rect::new(area.x, bottom + 1, area.width, 1),
        buf,
    );
}
