//! The move list beside the board: the moves that stand, numbered and read
//! down the columns as a kifu is, ending at the latest move or at the move
//! looked back to, which is highlighted. It covers the lower part of the
//! panel, so the players' names and clocks stay in view.

use super::theme::Theme;
use crate::app::{State, Table, move_words};
use crate::words::{Say, pad_right, say, width};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

/// The most rows the list takes, its border included.
const HEIGHT: u16 = 9;

/// Draws the list when it is asked for or the game is being looked back at.
pub fn render(state: &State, session: &Table, theme: Theme, panel: Rect, buf: &mut Buffer) {
    let look = &session.look;
    if !look.moves && look.back.is_none() {
        return;
    }
    let height = HEIGHT.min(panel.height);
    if height < 3 || panel.width < 12 {
        return;
    }
    let area = Rect::new(
        panel.x,
        panel.y + panel.height - height,
        panel.width,
        height,
    );
    let size = session.game.settings().size.get();
    let words = move_words(&session.game, theme.lang, |p| state.naming.name(p, size));
    let last = words.len();
    let focus = look.back.as_ref().map_or(last, |(at, _)| *at);
    let title = match &look.back {
        Some(_) => say(theme.lang, Say::MoveOf { focus, last }),
        None => say(theme.lang, Say::MovesTitle(last)),
    };
    let inner_w = usize::from(area.width - 2);
    let rows = usize::from(height - 2);
    let widest = words.iter().map(|w| width(w)).max().unwrap_or(0);
    let column = widest + 2;
    let columns = (inner_w / column.max(1)).max(1);
    // The window of moves shown ends with the focus.
    let shown_to = focus.max(1).min(last);
    let capacity = rows * columns;
    let first = shown_to.saturating_sub(capacity);
    let window: Vec<(usize, &String)> = words
        .iter()
        .enumerate()
        .skip(first)
        .take(capacity)
        .collect();
    let lines: Vec<Line> = (0..rows)
        .map(|r| {
            let spans: Vec<Span> = (0..columns)
                .filter_map(|c| window.get(c * rows + r))
                .map(|&(i, w)| {
                    let text = pad_right(&theme.text(w), column);
                    if i + 1 == focus {
                        Span::styled(text, theme.cursor())
                    } else {
                        Span::raw(text)
                    }
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    Clear.render(area, buf);
    Paragraph::new(lines)
        .block(Block::bordered().border_set(theme.border()).title(title))
        .render(area, buf);
}
