//! The saved-games screen: one line per game, the selected one reversed,
//! and the files that could not be read below them.

use super::text::{choice, wrap};
use super::theme::Theme;
use crate::app::games_status_in;
use crate::app::{GamesList, State};
use crate::words::{Lang, Note, fit, note, pad_left, pad_right, width};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// The game id's column at least: ids are a date and time
/// (`20261127-101530`) with a suffix when two games start in one second,
/// and a random tag in the ids made today.
const ID_COLUMNS: usize = 18;

/// Rows kept for the problems when there are some.
const PROBLEM_ROWS: u16 = 6;

/// Draws the list above the footer.
pub fn render(state: &State, list: &GamesList, theme: Theme, area: Rect, buf: &mut Buffer) {
    let ja = theme.lang == Lang::Ja;
    let (title, head) = if ja {
        (
            "  保存した対局 (新しい順)",
            ["対局", "碁盤", "手数", "黒 対 白", "結果"],
        )
    } else {
        (
            "  Saved games, newest first",
            ["game", "board", "moves", "Black v White", "result"],
        )
    };
    // Ids made today are longer than the column's least width: the column
    // is as wide as the longest, so the header stands over its column.
    let id_columns = list
        .games
        .iter()
        .map(|g| width(&g.id))
        .max()
        .unwrap_or(0)
        .max(ID_COLUMNS);
    let mut lines = vec![
        Line::styled(title, theme.bold()),
        Line::styled(
            format!(
                "    {} {} {}  {} {}",
                pad_right(head[0], id_columns),
                pad_left(head[1], 5),
                pad_left(head[2], 5),
                pad_right(head[3], 24),
                head[4]
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
        let players = fit(&note(theme.lang, Note::Versus([&g.black, &g.white])), 24);
        let row = format!(
            "{} {:>5} {:>5}  {players} ",
            pad_right(&g.id, id_columns),
            format!("{0}x{0}", g.size),
            g.moves,
        );
        // The result takes what the row leaves of the screen, after the
        // pointer's four columns.
        let left = usize::from(area.width).saturating_sub(4 + width(&row));
        let text = format!("{row}{}", fit(&games_status_in(g, theme.lang), left));
        lines.push(choice(text, i == list.selected, theme));
    }
    if list.games.is_empty() {
        let dir = state
            .places
            .as_ref()
            .map(|p| p.games_dir().display().to_string())
            .unwrap_or_default();
        let (none, hint) = if ja {
            (
                format!("    {dir} に保存した対局はありません。"),
                "    ホーム画面から対局するか、i でSGFファイルを並べ直せます。",
            )
        } else {
            (
                format!("    No saved games in {dir}."),
                "    Play a game from the home screen, or press i to review an SGF file.",
            )
        };
        lines.push(Line::from(theme.text(&none)));
        lines.push(Line::from(hint));
    }
    Paragraph::new(lines).render(area, buf);
    if problem_rows > 0 {
        let y = area.bottom() - problem_rows;
        let width = usize::from(area.width.saturating_sub(2));
        let mut lines = vec![Line::styled(
            if ja {
                format!("  {}個のファイルを読めませんでした:", list.problems.len())
            } else {
                format!("  {} file(s) could not be read:", list.problems.len())
            },
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
