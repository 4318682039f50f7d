//! The saved-games screen: one line per game, the selected one reversed,
//! and the files that could not be read below them.

use super::text::{choice, wrap};
use super::theme::Theme;
use crate::app::games_status as status;
use crate::app::{GamesList, State};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// Rows kept for the problems when there are some.
const PROBLEM_ROWS: u16 = 6;

/// Draws the list above the footer.
pub fn render(state: &State, list: &GamesList, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = vec![
        Line::styled("  Saved games, newest first", theme.bold()),
        Line::styled(
            format!(
                "    {:<26} {:>5} {:>5}  {:<24} {}",
                "game", "board", "moves", "Black v White", "result"
            ),
            theme.dim(),
        ),
    ];
    let problem_rows = if list.problems.is_empty() {
        0
    } else {
        PROBLEM_ROWS.min(area.height / 3)
    };
    let rows = usize::from(area.height.saturating_sub(2 + problem_rows));
    // Scroll so that the selection stays on screen.
    let first = (list.selected + 1).saturating_sub(rows);
    for (i, g) in list.games.iter().enumerate().skip(first).take(rows) {
        let players: String = format!("{} v {}", g.black, g.white)
            .chars()
            .take(24)
            .collect();
        let text = format!(
            "{:<26} {:>5} {:>5}  {players:<24} {}",
            g.id,
            format!("{0}x{0}", g.size),
            g.moves,
            status(g)
        );
        lines.push(choice(text, i == list.selected, theme));
    }
    if list.games.is_empty() {
        let dir = state
            .places
            .as_ref()
            .map(|p| p.games_dir().display().to_string())
            .unwrap_or_default();
        lines.push(Line::from(
            theme.text(&format!("    No saved games in {dir}.")),
        ));
        lines.push(Line::from(
            "    Play a game from the home screen, or press i to review an SGF file.",
        ));
    }
    Paragraph::new(lines).render(area, buf);
    if problem_rows > 0 {
        let y = area.bottom() - problem_rows;
        let width = usize::from(area.width.saturating_sub(2));
        let mut lines = vec![Line::styled(
            format!("  {} file(s) could not be read:", list.problems.len()),
            theme.error(),
        )];
        for problem in &list.problems {
            for text in wrap(problem, width) {
                lines.push(Line::from(format!("  {}", theme.text(&text))));
            }
        }
        Paragraph::new(lines).render(Rect::new(area.x, y, area.width, problem_rows), buf);
    }
}
