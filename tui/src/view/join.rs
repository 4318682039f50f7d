//! The Join screen: the games found on the local network, live, above
//! the join prompt; the chosen one's address is already in the prompt.

use super::text::{choice, fit};
use super::theme::Theme;
use crate::app::JoinScreen;
use crate::words::{Finding, finding, found_line};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// Draws the Join screen above the footer.
pub fn render(join: &JoinScreen, theme: Theme, area: Rect, buf: &mut Buffer) {
    let lang = theme.lang;
    let mut lines = vec![
        Line::default(),
        Line::styled(format!("  {}", finding(lang, Finding::Title)), theme.bold()),
        Line::from(format!("  {}", finding(lang, Finding::Help))),
        Line::default(),
    ];
    // The pointer and its indent take four columns.
    let width = usize::from(area.width).saturating_sub(4);
    let games = join.found.games();
    let room = usize::from(area.height).saturating_sub(lines.len() + 3);
    for (i, game) in games.iter().enumerate().take(room) {
        let text = fit(&found_line(lang, game), width);
        lines.push(choice(text, join.chosen == Some(i), theme));
    }
    if games.is_empty() {
        let said = match (&join.failed, join.off) {
            (Some(why), _) => finding(lang, Finding::Failed(why)),
            (None, true) => finding(lang, Finding::Off),
            (None, false) => finding(lang, Finding::Looking),
        };
        lines.push(Line::from(format!("    {said}")));
    }
    lines.push(Line::default());
    lines.push(Line::from(format!("  {}", finding(lang, Finding::ByHand))));
    Paragraph::new(lines).render(area, buf);
}
