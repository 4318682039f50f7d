//! The home screen: the title and the menu, drawn from the menu's items,
//! and the problem with the config file when there is one.

use super::text::{choice, wrap};
use super::theme::Theme;
use crate::app::{HomeItem, State};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

fn label(item: HomeItem) -> &'static str {
    match item {
        HomeItem::PlayLocal => "Play a local game (two players, one keyboard)",
        HomeItem::HostLan => "Host a game on the local network",
        HomeItem::JoinLan => "Join a game on the local network (type its code)",
        HomeItem::BoardSize => "board size",
        HomeItem::Komi => "komi",
        HomeItem::Handicap => "handicap",
        HomeItem::Clock => "clock",
        HomeItem::Games => "Saved games: resume, review, import SGF",
        HomeItem::Series => "Series: handicap ladder, next game",
        HomeItem::Settings => "Settings",
        HomeItem::Quit => "Quit",
    }
}

/// Draws the home screen above the footer.
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
    for (i, &item) in home.items.iter().enumerate() {
        let text = match home.value(item) {
            Some(value) => format!("    {:<12}{left} {value} {right}", label(item)),
            None => label(item).to_string(),
        };
        lines.push(choice(text, i == home.selected, theme));
    }
    if let Some(problem) = &state.config_problem {
        lines.push(Line::default());
        let width = usize::from(area.width.saturating_sub(2));
        for text in wrap(&format!("Settings: {problem}"), width) {
            lines.push(Line::styled(
                format!("  {}", theme.text(&text)),
                theme.error(),
            ));
        }
    }
    Paragraph::new(lines).render(area, buf);
}
