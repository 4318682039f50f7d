//! The two bottom lines: the message (or open question) and the key hints.

use super::text::{columns, fit, wrap};
use super::theme::Theme;
use crate::app::{MESSAGE_SECONDS, Message, State, Table, Tone, hints_here};
use crate::words::{self, Lang, Say, Text, say};
use kaisho_core::Phase;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

/// Rows a long message may take above its own line, so it is read whole
/// (a question names its own keys) while the hint line stays in view.
const SPILL: u16 = 2;

/// Draws the message line and the hint line; a message or question too
/// long for its line is wrapped at a word and rises over the rows above
/// it, up to `SPILL` of them (cut with `…` past that), never over the hint
/// line. A question left open after a refusal of what was typed in it (a
/// join code that cannot be read) has the refusal rising over it in the
/// same way while it is new, so Enter never passes unanswered.
pub fn render(state: &State, theme: Theme, message: Rect, hints: Rect, buf: &mut Buffer) {
    // The style goes on the text, not the line: a styled line styles every
    // cell to the screen's edge, and the blanks past the text would be sent
    // again whenever the style changes.
    let tone = |m: &Message| match m.tone {
        Tone::Info => theme.plain(),
        Tone::Error => theme.error(),
    };
    let (text, style) = match (&state.prompt, &state.message) {
        (Some(prompt), _) => (
            theme.text(&words::prompt_line(theme.lang, prompt)),
            theme.bold(),
        ),
        (None, Some(m)) => (theme.text(&m.text), tone(m)),
        (None, None) => (String::new(), theme.plain()),
    };
    let refused = match (&state.prompt, &state.message) {
        (Some(_), Some(m)) if m.tone == Tone::Error && m.age < MESSAGE_SECONDS => Some(m),
        _ => None,
    };
    let room = if hints.height > 0 {
        SPILL.min(message.y)
    } else {
        0
    };
    let used = rise(&text, style, message, room, buf);
    if let Some(m) = refused.filter(|_| message.y > used) {
        let above = Rect::new(message.x, message.y - used - 1, message.width, 1);
        rise(
            &theme.text(&m.text),
            tone(m),
            above,
            SPILL.min(above.y),
            buf,
        );
    }
    Line::from(Span::styled(hint_text(state, theme.lang), theme.dim())).render(hints, buf);
}

/// Draws `text` on the row `line`, wrapped at a word and rising over up
/// to `room` rows above it (cut with `…` past that); how many rows above
/// it took.
fn rise(text: &str, style: Style, line: Rect, room: u16, buf: &mut Buffer) -> u16 {
    let width = usize::from(line.width);
    if columns(text) <= width || room == 0 {
        Clear.render(line, buf);
        Line::from(Span::styled(text.to_string(), style)).render(line, buf);
        return 0;
    }
    let mut parts = wrap(text, width);
    let rows = usize::from(room) + 1;
    if parts.len() > rows {
        parts.truncate(rows);
        let last = &mut parts[rows - 1];
        *last = format!("{} …", fit(last, width.saturating_sub(2)).trim_end());
    }
    let above = parts.len() as u16 - 1;
    for (part, y) in parts.into_iter().zip(line.y - above..) {
        let row = Rect::new(line.x, y, line.width, 1);
        Clear.render(row, buf);
        Line::from(Span::styled(part, style)).render(row, buf);
    }
    above
}

/// The one line under a board with no room for its panel: the open
/// question or a refusal, which need an answer; else whose turn it is and
/// the move number, with the latest message after them, so the turn never
/// leaves the screen.
pub fn render_status(state: &State, session: &Table, theme: Theme, line: Rect, buf: &mut Buffer) {
    let needs_answer = state.prompt.is_some()
        || state
            .message
            .as_ref()
            .is_some_and(|m| m.tone == Tone::Error);
    if needs_answer {
        render(
            state,
            theme,
            line,
            Rect::new(line.x, line.y, line.width, 0),
            buf,
        );
        return;
    }
    let game = &session.game;
    let lang = theme.lang;
    let mut text = match (game.playout(), game.phase()) {
        (Some(scratch), _) => words::playout_status(lang, scratch.to_move()),
        // With a message to show, the turn alone: the message says the rest.
        (None, Phase::Playing) if state.message.is_some() => say(lang, Say::ToPlay(game.to_move())),
        (None, Phase::Playing) => say(lang, Say::StatusPlay(game.to_move(), game.move_number())),
        (None, Phase::Ended) => say(lang, Say::StatusEnded(&outcome_line(game, lang))),
        (None, _) => say(lang, Say::StatusDecide(session.actor())),
    };
    if let Some(message) = &state.message {
        text = format!("{text} · {}", message.text);
    }
    Line::from(Span::styled(theme.text(&text), theme.plain())).render(line, buf);
}

/// The result of an ended game in words.
fn outcome_line(game: &kaisho_core::Game, lang: Lang) -> String {
    game.outcome().map_or_else(
        || Text::GameOver.get(lang).to_string(),
        |o| words::outcome(lang, o),
    )
}

/// The short hints of the keys that act on the screen shown, on one line.
fn hint_text(state: &State, lang: Lang) -> String {
    let hints: Vec<&str> = hints_here(state)
        .filter_map(|b| b.hint)
        .map(|h| words::key_text(lang, h))
        .collect();
    hints.join("  ")
}
