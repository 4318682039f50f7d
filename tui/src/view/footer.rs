//! The two bottom lines: the message (or open question) and the key hints.

use super::theme::Theme;
use crate::app::{Context, Session, State, Tone, bindings};
use crate::words::{self, Lang, Text};
use kaisho_core::Phase;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// Draws the message line and the hint line.
pub fn render(state: &State, theme: Theme, message: Rect, hints: Rect, buf: &mut Buffer) {
    // The style goes on the text, not the line: a styled line styles every
    // cell to the screen's edge, and the blanks past the text would be sent
    // again whenever the style changes.
    let line = match (&state.prompt, &state.message) {
        (Some(prompt), _) => Line::from(Span::styled(theme.text(&prompt.line()), theme.bold())),
        (None, Some(m)) => Line::from(Span::styled(
            theme.text(&m.text),
            match m.tone {
                Tone::Info => theme.plain(),
                Tone::Error => theme.error(),
            },
        )),
        (None, None) => Line::default(),
    };
    line.render(message, buf);
    Line::from(Span::styled(hint_text(Context::of(state)), theme.dim())).render(hints, buf);
}

/// The one line under a board with no room for its panel: the message or
/// the open question, else whose turn it is and the move number.
pub fn render_status(state: &State, session: &Session, theme: Theme, line: Rect, buf: &mut Buffer) {
    if state.prompt.is_some() || state.message.is_some() {
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
    let text = match game.phase() {
        Phase::Playing => format!(
            "{} to play · move {} · ? keys",
            game.to_move(),
            game.move_number()
        ),
        Phase::Ended => format!("{} · ? keys", outcome_line(game, theme.lang)),
        _ => format!("{} to decide the dead stones · ? keys", session.actor()),
    };
    Line::from(Span::styled(theme.text(&text), theme.plain())).render(line, buf);
}

/// The result of an ended game in words.
fn outcome_line(game: &kaisho_core::Game, lang: Lang) -> String {
    game.outcome().map_or_else(
        || Text::GameOver.get(lang).to_string(),
        |o| words::outcome(lang, o),
    )
}

/// The short hints of a context on one line.
fn hint_text(context: Context) -> String {
    let hints: Vec<&str> = bindings(context).filter_map(|b| b.hint).collect();
    hints.join("  ")
}
