//! A series in English words, for `kaisho series` and the series screen:
//! the catalog's words (`words::series_*`) in English, so that all of them
//! say the same thing the same way.

use super::{Lang, series_change, series_komi, series_result, step_with_weaker};
use kaisho_core::Komi;
use kaisho_core::series::{Change, Seat, Series, SeriesResult, Step};

/// A player's name.
#[must_use]
pub fn player_name(series: &Series, seat: Seat) -> &str {
    &series.setup().player(seat).name
}

/// A step's name: Japanese, or romanised where only ASCII may be drawn.
#[must_use]
pub fn step_name(step: Step, ascii: bool) -> String {
    if ascii {
        step.romaji()
    } else {
        step.japanese().to_string()
    }
}

/// A result in a few words: `Ben wins`, `持碁 (jigo), a draw`.
#[must_use]
pub fn result_text(series: &Series, result: SeriesResult) -> String {
    series_result(Lang::En, series, result)
}

/// A step with its weaker player: `先相先 (Aki weaker)`.
#[must_use]
pub fn step_and_weaker(series: &Series, step: Step, weaker: Option<Seat>) -> String {
    step_with_weaker(Lang::En, series, step, weaker)
}

/// Komi, or `none`.
#[must_use]
pub fn komi_text(komi: Komi) -> String {
    series_komi(Lang::En, komi)
}

/// What a step change means for the next game: "four-game lead for Aki:
/// the next game is 先 instead of 先相先 …".
#[must_use]
pub fn change_text(series: &Series, change: &Change) -> String {
    series_change(Lang::En, series, change)
}
