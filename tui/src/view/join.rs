//! The Join screen: the games found on the local network, live, above
//! the join prompt; the chosen one's address is already in the prompt.

use super::text::{choice, fit};
use super::theme::Theme;
use crate::app::JoinScreen;
use crate::words::{Finding, WatchSay, finding, found_line, watch_say};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// Draws the Join screen above the footer.
pub fn render(join: &JoinScreen, theme: Theme, area: Rect, buf: &mut Buffer) {
    let lang = theme.lang;
    // The Watch screen's prompt says its own words over the same list.
    let say = |find: Finding, watch: WatchSay| match join.watching {
        false => finding(lang, find),
        true => watch_say(lang, watch),
    };
    let mut lines = vec![
        Line::default(),
        Line::styled(
            format!("  {}", say(Finding::Title, WatchSay::Title)),
            theme.bold(),
        ),
        Line::from(format!("  {}", say(Finding::Help, WatchSay::Help))),
        Line::default(),
    ];
    // The pointer and its indent take four columns.
    let width = usize::from(area.width).saturating_sub(4);
    let games = join.listed();
    let hidden = join.found.hidden();
    let room = usize::from(area.height).saturating_sub(lines.len() + 3 + usize::from(hidden.any()));
    for (i, game) in games.iter().enumerate().take(room) {
        let text = fit(&found_line(lang, game), width);
        lines.push(choice(text, join.chosen == Some(i), theme));
    }
    // Said, so a flood of announcements cannot hide games silently.
    if hidden.any() {
        let text = fit(&finding(lang, Finding::Hidden(hidden)), width);
        lines.push(Line::from(format!("    {text}")));
    }
    if games.is_empty() {
        let said = match (&join.failed, join.off) {
            (Some(why), _) => finding(lang, Finding::Failed(why)),
            (None, true) => finding(lang, Finding::Off),
            (None, false) => say(Finding::Looking, WatchSay::Looking),
        };
        lines.push(Line::from(format!("    {said}")));
    }
    lines.push(Line::default());
    lines.push(Line::from(format!(
        "  {}",
        say(Finding::ByHand, WatchSay::ByHand)
    )));
    Paragraph::new(lines).render(area, buf);
}
