//! Whether the screen shown fits the terminal. Where it does not, the view
//! draws only a request for a larger terminal, and the update takes no key
//! but Control-C, so nothing acts unseen.

use super::{Screen, State};
use crate::layout::{Areas, BoardLayout, MIN_SCREEN};
use ratatui::layout::Rect;

/// The smallest terminal the screen shown needs, when the terminal is
/// smaller; the same measures as the view's.
#[must_use]
pub fn hidden(state: &State) -> Option<(u16, u16)> {
    let (w, h) = state.viewport;
    let screen = Rect::new(0, 0, w, h);
    let board = |size: u8| BoardLayout::new(size, state.naming);
    // A review fills the screen with its board, panel and footer.
    let full = |size: u8| {
        let layout = board(size);
        Areas::full(screen, layout)
            .is_none()
            .then(|| layout.min_screen())
    };
    match &state.screen {
        Screen::Game(session) => {
            let layout = board(session.game.settings().size.get());
            let (layout, areas) = layout.on_screen(screen, session.look.numbers);
            areas.is_none().then(|| layout.min_compact_screen())
        }
        Screen::Review(review) => full(review.size()),
        Screen::Watch(watch) => match (&watch.review, &watch.game) {
            (Some(review), _) => full(review.size()),
            (None, Some(game)) => {
                let layout = board(game.settings().size.get());
                Areas::new(screen, layout)
                    .is_none()
                    .then(|| layout.min_compact_screen())
            }
            (None, None) => smaller_than(MIN_SCREEN, (w, h)),
        },
        _ => smaller_than(MIN_SCREEN, (w, h)),
    }
}

/// `need` when `size` is smaller in either direction.
fn smaller_than(need: (u16, u16), size: (u16, u16)) -> Option<(u16, u16)> {
    (size.0 < need.0 || size.1 < need.1).then_some(need)
}
