//! The count table as lines for a panel.

use super::theme::Theme;
use crate::app::ScoreRows;
use kaisho_core::Score;
use ratatui::text::Line;

/// The club's count table, its header and result in bold.
pub fn score_lines(score: &Score, theme: Theme) -> Vec<Line<'static>> {
    let rows = ScoreRows::of(score, theme.lang);
    let mut lines: Vec<Line> = rows.table().into_iter().map(Line::from).collect();
    if let Some(header) = lines.first_mut() {
        header.style = theme.bold();
    }
    lines.push(Line::styled(rows.result, theme.bold()));
    lines
}
