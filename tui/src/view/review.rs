//! The review screen: the board at the position reviewed, with the last
//! move marked (and the cursor while moves are tried), and a panel with the
//! move number, the variation and the moves that may follow, the captures
//! so far, the result and the comment of the node.

use super::board::{BoardView, Verdicts};
use super::footer;
use super::text::{fit, wrap};
use super::theme::Theme;

use crate::app::{Review, Shared, State, following_words};
use crate::layout::Areas;
use crate::words::{Say, say};
use kaisho_core::{Color, Move};
use kaisho_saves::visible::visible;
use ratatui::buffer::Buffer;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Draws the board, the panel and the footer.
pub fn render(state: &State, review: &Review, theme: Theme, areas: Areas, buf: &mut Buffer) {
    let game = review.shown();
    BoardView {
        game,
        naming: state.naming,
        theme,
        count: game.score(),
        cursor: review.cursor,
        numbers: false,
        verdicts: Verdicts::default(),
    }
    .render(areas.board, buf);
    let width = usize::from(areas.panel.width);
    let size = game.settings().size.get();
    let record = &review.record;
    let mut lines = Vec::new();
    let lang = theme.lang;
    for text in wrap(&say(lang, Say::ReviewTitle(&review.title)), width)
        .into_iter()
        .take(2)
    {
        lines.push(Line::styled(theme.text(&text), theme.bold()));
    }
    lines.push(Line::from(say(lang, Say::Terms(game.settings()))));
    let [black, white] = game.captures();
    let names = [&record.black, &record.white];
    let player = |color: Color, prisoners: u32| {
        let shown = names[color.index()]
            .as_deref()
            .unwrap_or(crate::words::color(lang, color));
        let who = fit(&theme.text(&visible(shown)), 13);
        Line::from(vec![
            Span::styled(theme.stone(color), theme.bold()),
            Span::raw(say(
                lang,
                Say::Prisoners {
                    who: &who,
                    count: prisoners,
                },
            )),
        ])
    };
    lines.push(player(Color::Black, black));
    lines.push(player(Color::White, white));
    if let Some(shared) = &review.shared {
        let said = match shared {
            Shared::Hosting { code: Some(code) } => say(lang, Say::ReviewHostedCode(code)),
            Shared::Hosting { code: None } => say(lang, Say::ReviewHostedCode("...")),
            Shared::With { partner } => say(lang, Say::ReviewSharedWith(partner)),
        };
        for text in wrap(&said, width).into_iter().take(2) {
            lines.push(Line::styled(theme.text(&text), theme.marker()));
        }
    }
    lines.push(Line::default());
    lines.push(Line::styled(
        say(
            lang,
            Say::ReviewAt {
                at: review.at,
                moves: review.moves(),
            },
        ),
        theme.bold(),
    ));
    if let Some((number, count)) = review.variation().filter(|&(_, count)| count > 1) {
        lines.push(Line::from(say(lang, Say::Variation { number, count })));
    }
    if review.following().len() > 1 {
        let moves = following_words(review, state.naming);
        for text in wrap(&say(lang, Say::Following(&moves)), width) {
            lines.push(Line::from(theme.text(&text)));
        }
    }
    let last = match game.last_move() {
        Some(Move::Play(color, p)) => say(lang, Say::Played(color, &state.naming.name(p, size))),
        Some(Move::Pass(color)) => say(lang, Say::Passed(color)),
        None => "-".to_string(),
    };
    lines.push(Line::from(theme.text(&say(lang, Say::LastMove(&last)))));
    let result = record.result.as_deref().unwrap_or("-");
    lines.push(Line::from(theme.text(&say(lang, Say::ResultLine(result)))));
    if let Some(why) = review.refusal_said(state.naming) {
        for text in wrap(&why, width).into_iter().take(3) {
            lines.push(Line::styled(theme.text(&text), theme.error()));
        }
    }
    if let Some(comment) = review.comment() {
        lines.push(Line::default());
        for text in wrap(&comment, width) {
            lines.push(Line::from(theme.text(&text)));
        }
    }
    Paragraph::new(lines).render(areas.panel, buf);
    footer::render(state, theme, areas.message, areas.hints, buf);
}
