//! The series' step by game: one labelled row for each step of the ladder
//! near the series' steps, one column for each game, a mark in the row of
//! the step that game was played at and the next game's mark last. A step
//! is read off its row's label and is drawn on the same row whatever the
//! screen's size, which a bar chart scaled to its height could not give.

use super::text::{columns, pad};
use super::theme::Theme;
use crate::words::step_name;
use crate::words::{Lang, pad_left};
use kaisho_core::series::Series;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// Columns each game takes: a blank and a mark two columns wide, room for
/// its number under it.
const GAME: usize = 3;

/// Draws the chart: a title, the steps' rows (the ladder's later steps
/// on top) and the games' numbers under them.
pub fn render(series: &Series, theme: Theme, area: Rect, buf: &mut Buffer) {
    let steps = series.setup().ladder.steps();
    let place = |step| steps.iter().position(|&s| s == step).unwrap_or(0);
    let next = series.next_game();
    let mut games: Vec<(u32, usize)> = series
        .games()
        .iter()
        .map(|g| (g.terms.number, place(g.terms.step)))
        .collect();
    games.push((next.number, place(next.step)));
    let rows = shown_steps(
        &games,
        steps.len(),
        usize::from(area.height.saturating_sub(2)),
    );
    let names: Vec<String> = steps.iter().map(|&s| step_name(s, theme.ascii)).collect();
    let label = rows.clone().map(|i| columns(&names[i])).max().unwrap_or(0);
    let fit = (usize::from(area.width).saturating_sub(label + 1) / GAME).max(1);
    let games = &games[games.len().saturating_sub(fit)..];
    let (played, coming) = if theme.ascii {
        ("*", "o")
    } else {
        ("●", "○")
    };
    let title = match theme.lang {
        Lang::En => format!("step by game ({coming} next)"),
        Lang::Ja => format!("局ごとの手合割 ({coming} 次局)"),
    };
    let mut lines = vec![Line::styled(theme.text(&title), theme.bold())];
    for i in rows.rev() {
        let mut row = pad(&theme.text(&names[i]), label);
        for (k, &(_, at)) in games.iter().enumerate() {
            let mark = match (at == i, k + 1 == games.len()) {
                (false, _) => " ",
                (true, false) => played,
                (true, true) => coming,
            };
            row.push_str(&pad_left(mark, GAME));
        }
        lines.push(Line::from(row));
    }
    let numbers: String = games
        .iter()
        .map(|&(number, _)| pad_left(&number.to_string(), GAME))
        .collect();
    lines.push(Line::styled(
        format!("{}{numbers}", " ".repeat(label)),
        theme.dim(),
    ));
    Paragraph::new(lines).render(area, buf);
}

/// The places on the ladder to give a row: one step either side of the
/// games' own, as many as `room` holds, keeping the next game's in view.
fn shown_steps(games: &[(u32, usize)], ladder: usize, room: usize) -> std::ops::Range<usize> {
    let low = games.iter().map(|&(_, i)| i).min().unwrap_or(0);
    let high = games.iter().map(|&(_, i)| i).max().unwrap_or(0);
    let (mut low, mut high) = (low.saturating_sub(1), (high + 2).min(ladder));
    let room = room.max(1);
    if high - low > room {
        let next = games.last().map_or(0, |&(_, i)| i);
        low = next.saturating_sub(room / 2).max(low).min(high - room);
        high = low + room;
    }
    low..high
}

#[cfg(test)]
mod tests {
    use super::shown_steps;

    #[test]
    fn the_rows_hold_the_games_steps_and_one_either_side() {
        assert_eq!(shown_steps(&[(1, 3), (2, 4), (3, 4)], 9, 10), 2..6);
        assert_eq!(shown_steps(&[(1, 0)], 9, 10), 0..2);
        assert_eq!(shown_steps(&[(1, 8)], 9, 10), 7..9);
        // Too little room: the next game's step stays in view.
        assert_eq!(shown_steps(&[(1, 0), (2, 8)], 9, 3), 6..9);
    }
}
