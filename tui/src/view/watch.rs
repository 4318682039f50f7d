//! The Watch screen (観戦): the game followed on its board, and beside it
//! the players with their prisoners and clocks, the last move or the
//! result, why the watch ended when the host dropped it, and the talk:
//! the players' chat and the watchers' kibitz, each line marked by whose
//! it is.

use super::board::{BoardView, Verdicts};
use super::text::{fit, wrap};
use super::theme::Theme;
use crate::app::{Again, Follow, State, Talk, WatchScreen};
use crate::words::{Say, WatchLine, WatchSay, say, watch_line, watch_say};
use kaisho_core::{Color, Game, Move, Phase};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Draws the board of the game followed.
pub fn render_board(state: &State, game: &Game, theme: Theme, area: Rect, buf: &mut Buffer) {
    BoardView {
        game,
        naming: state.naming,
        theme,
        count: (game.phase() == Phase::Ended)
            .then(|| game.score())
            .flatten(),
        cursor: None,
        numbers: false,
        verdicts: Verdicts::default(),
    }
    .render(area, buf);
}

/// Draws the panel beside the board, or the whole body before the game
/// has come.
pub fn render_panel(
    state: &State,
    watch: &WatchScreen,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let lang = theme.lang;
    let width = usize::from(area.width);
    let mut lines = Vec::new();
    if let (Some(game), Some(watched)) = (&watch.game, &watch.watched) {
        lines.push(Line::styled(
            theme.text(&watch_say(lang, WatchSay::Following(&watched.game_id))),
            theme.bold(),
        ));
        lines.push(Line::from(say(lang, Say::Terms(game.settings()))));
        lines.push(Line::default());
        for color in [Color::Black, Color::White] {
            let name = &watched.names[color.index()];
            lines.push(Line::from(vec![
                Span::styled(theme.stone(color), theme.bold()),
                Span::raw(say(
                    lang,
                    Say::Prisoners {
                        who: &fit(&theme.text(name), 13),
                        count: game.captures()[color.index()],
                    },
                )),
            ]));
            let clock = watch
                .face()
                .map(|face| crate::words::dial(lang, face.shown(game, color), theme.ascii))
                .unwrap_or_default();
            lines.push(Line::from(format!("  {clock}")));
        }
        lines.push(Line::default());
        match game.outcome() {
            Some(outcome) => {
                lines.push(Line::styled(
                    crate::words::outcome(lang, outcome),
                    theme.marker(),
                ));
                lines.push(Line::from(say(
                    lang,
                    Say::Moves(u64::from(game.move_number())),
                )));
            }
            None => {
                lines.push(Line::from(say(lang, Say::ToPlay(game.to_move()))));
                let size = game.settings().size.get();
                let last = match game.last_move() {
                    Some(Move::Play(color, p)) => {
                        say(lang, Say::Played(color, &state.naming.name(p, size)))
                    }
                    Some(Move::Pass(color)) => say(lang, Say::Passed(color)),
                    None => "-".to_string(),
                };
                lines.push(Line::from(say(
                    lang,
                    Say::MoveAndPhase {
                        moves: game.move_number(),
                        phase: game.phase(),
                    },
                )));
                lines.push(Line::from(say(lang, Say::LastMove(&last))));
            }
        }
    } else {
        lines.push(Line::styled(watch_say(lang, WatchSay::Title), theme.bold()));
        lines.push(Line::default());
        if watch.follow == Follow::Dialling {
            for text in wrap(&watch_say(lang, WatchSay::Dialling(&watch.code)), width) {
                lines.push(Line::from(theme.text(&text)));
            }
        }
    }
    if let Follow::Dropped { why, again } = &watch.follow {
        lines.push(Line::default());
        for text in wrap(why, width) {
            lines.push(Line::styled(theme.text(&text), theme.error()));
        }
        let next = match again {
            Again::Dial => WatchSay::Again,
            Again::Never => WatchSay::ClosedForGood,
            Again::WhenResumed => WatchSay::WhenResumed,
        };
        for text in wrap(&watch_say(lang, next), width) {
            lines.push(Line::styled(text, theme.bold()));
        }
    }
    let room = usize::from(area.height).saturating_sub(lines.len() + 1);
    talk(watch, theme, width, room, &mut lines);
    Paragraph::new(lines).render(area, buf);
}

/// The last lines of talk that fit in `room` rows, under a blank line:
/// a player's chat marked by colour, a watcher's by the kibitz mark.
fn talk(
    watch: &WatchScreen,
    theme: Theme,
    width: usize,
    room: usize,
    lines: &mut Vec<Line<'static>>,
) {
    if room < 2 || watch.game.is_none() {
        return;
    }
    lines.push(Line::default());
    if watch.talk.is_empty() {
        let said = watch_say(theme.lang, WatchSay::NoTalk);
        lines.push(Line::styled(said, theme.dim()));
        return;
    }
    let worded: Vec<(String, bool)> = watch
        .talk
        .iter()
        .flat_map(|talk| {
            let (line, player) = match talk {
                Talk::Said { color, text } => (
                    WatchLine::Said {
                        color: *color,
                        name: watch.player(*color),
                        text,
                    },
                    true,
                ),
                Talk::Kibitz { name, text } => (WatchLine::Kibitz { name, text }, false),
            };
            let text = watch_line(theme.lang, line);
            wrap(&text, width).into_iter().map(move |t| (t, player))
        })
        .collect();
    let skip = worded.len().saturating_sub(room - 1);
    for (text, player) in worded.into_iter().skip(skip) {
        let style = if player { theme.plain() } else { theme.dim() };
        lines.push(Line::styled(theme.text(&text), style));
    }
}
