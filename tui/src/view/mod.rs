//! Drawing the state. `view` reads the state and never changes it; what is
//! drawn depends only on the state and the frame's size.

mod board;
mod footer;
mod games;
mod help;
mod home;
mod join;
mod lobby;
mod moves;
mod panel;
mod review;
mod series;
mod settings;
mod step_chart;
mod table;
mod text;
mod theme;
mod watch;

pub use board::{BoardView, Verdicts};
pub use theme::Theme;

use crate::app::{Screen, State};
use crate::layout::{Areas, BoardLayout, MIN_SCREEN};
use kaisho_core::Phase;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// Draws the whole screen for `state`.
pub fn view(state: &State, frame: &mut Frame) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let theme = Theme::new(state.options, state.naming.lang);
    match &state.screen {
        Screen::Game(session) => {
            let layout = BoardLayout::new(session.game.settings().size.get(), state.naming);
            let (layout, areas) = layout.on_screen(area, session.look.numbers);
            let Some(areas) = areas else {
                too_small(area, layout.min_compact_screen(), theme, buf);
                return;
            };
            let phase = session.game.phase();
            let count = match phase {
                _ if session.game.playout().is_some() => None,
                Phase::Playing => None,
                Phase::Stopped | Phase::Ending => session.count.as_ref(),
                Phase::Ended => session.game.score(),
            };
            let looked = session.look.back.as_ref().map(|(_, game)| game);
            BoardView {
                game: looked.unwrap_or(&session.game),
                naming: state.naming,
                theme,
                count: count.filter(|_| looked.is_none()),
                cursor: (phase != Phase::Ended && looked.is_none()).then_some(session.cursor),
                numbers: session.look.numbers,
                verdicts: match (&session.draft, looked) {
                    _ if session.game.playout().is_some() => Verdicts::default(),
                    (Some(draft), None) => Verdicts {
                        unsettled: session.open_chains().map(|c| c.stones[0]).collect(),
                        estimated: draft
                            .marked_estimates(&session.marks)
                            .map(|c| c.stones[0])
                            .collect(),
                    },
                    _ => Verdicts::default(),
                },
            }
            .render(areas.board, buf);
            if areas.compact {
                footer::render_status(state, session, theme, areas.message, buf);
            } else {
                panel::render(state, session, theme, areas.panel, buf);
                moves::render(state, session, theme, areas.panel, buf);
                footer::render(state, theme, areas.message, areas.hints, buf);
            }
        }
        Screen::Watch(watch) if watch.review.is_some() => {
            if let Some(review) = &watch.review {
                render_review(state, review, theme, area, buf);
            }
        }
        Screen::Watch(watch) if watch.game.is_some() => {
            let Some(game) = &watch.game else {
                return;
            };
            let layout = BoardLayout::new(game.settings().size.get(), state.naming);
            let Some(areas) = Areas::new(area, layout) else {
                too_small(area, layout.min_compact_screen(), theme, buf);
                return;
            };
            watch::render_board(state, game, theme, areas.board, buf);
            if areas.compact {
                let none = Rect::new(area.x, areas.message.y, area.width, 0);
                footer::render(state, theme, areas.message, none, buf);
            } else {
                watch::render_panel(state, watch, theme, areas.panel, buf);
                footer::render(state, theme, areas.message, areas.hints, buf);
            }
        }
        Screen::Review(review) => render_review(state, review, theme, area, buf),
        screen => {
            let (w, h) = MIN_SCREEN;
            if area.width < w || area.height < h {
                too_small(area, (w, h), theme, buf);
                return;
            }
            let body = Rect::new(area.x, area.y, area.width, area.height - 2);
            match screen {
                Screen::Games(list) => games::render(state, list, theme, body, buf),
                Screen::Series(screen) => series::render(state, screen, theme, body, buf),
                Screen::Settings(form) => settings::render(form, theme, body, buf),
                Screen::HostForm(form) => lobby::render_form(form, theme, body, buf),
                Screen::Lobby(l) => lobby::render_lobby(l, theme, body, buf),
                Screen::Join(j) => join::render(j, theme, body, buf),
                Screen::Watch(w) => {
                    let inset = Rect::new(
                        body.x + 2,
                        body.y + 1,
                        body.width.saturating_sub(4),
                        body.height.saturating_sub(1),
                    );
                    watch::render_panel(state, w, theme, inset, buf);
                }
                _ => home::render(state, theme, body, buf),
            }
            let bottom = area.y + area.height - 2;
            footer::render(
                state,
                theme,
                Rect::new(area.x, bottom, area.width, 1),
                Rect::new(area.x, bottom + 1, area.width, 1),
                buf,
            );
        }
    }
    if state.help {
        help::render(state, theme, area, buf);
    }
}

/// A review on the whole screen: a saved game's or a file's, or the
/// players' review together that a watcher follows.
fn render_review(
    state: &State,
    review: &crate::app::Review,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let layout = BoardLayout::new(review.game.settings().size.get(), state.naming);
    let Some(areas) = Areas::full(area, layout) else {
        too_small(area, layout.min_screen(), theme, buf);
        return;
    };
    review::render(state, review, theme, areas, buf);
}

/// The message shown instead of a layout that would not fit.
fn too_small(area: Rect, need: (u16, u16), theme: Theme, buf: &mut Buffer) {
    let text = crate::words::say(
        theme.lang,
        crate::words::Say::TooSmall {
            need,
            have: (area.width, area.height),
        },
    );
    let top = area.height / 2;
    let rest = Rect::new(area.x, area.y + top, area.width, area.height - top);
    Paragraph::new(Line::from(text))
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(rest, buf);
}
