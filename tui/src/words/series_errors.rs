//! Why typed words do not make or correct a series, and why a series is
//! not the player's, in the player's language; and the English `Display`
//! of each of those failures (typed in `errors`), kept for logs. The
//! core's reasons are quoted as they are.

use super::{Lang, SeriesNote, series_note};
use crate::errors::{NamesProblem, NotYourSeries, SeriesLineError, SeriesWordError};
use std::fmt;

/// `problem` in `lang`.
#[must_use]
pub fn names_problem(lang: Lang, problem: &NamesProblem) -> String {
    series_note(lang, SeriesNote::Names(problem))
}

/// `error` in `lang`.
#[must_use]
pub fn series_word_error(lang: Lang, error: &SeriesWordError) -> String {
    match error {
        SeriesWordError::UnknownPlayer { given, names } => {
            let [a, b] = names;
            let note = SeriesNote::UnknownPlayer {
                given,
                names: [a, b],
            };
            series_note(lang, note)
        }
        SeriesWordError::Players(problem) => names_problem(lang, problem),
    }
}

/// `error` in `lang`.
#[must_use]
pub fn series_line_error(lang: Lang, error: &SeriesLineError) -> String {
    match error {
        SeriesLineError::Usage => series_note(lang, SeriesNote::LineUsage),
        SeriesLineError::NothingRecorded => series_note(lang, SeriesNote::NothingRecorded),
        SeriesLineError::NotACorrection(e) => series_note(
            lang,
            SeriesNote::NotACorrection(&series_word_error(lang, e)),
        ),
        SeriesLineError::Words(e) => series_word_error(lang, e),
        SeriesLineError::Names(e) => names_problem(lang, e),
        SeriesLineError::Ladder(e) => e.to_string(),
        SeriesLineError::Setup(e) => e.to_string(),
        SeriesLineError::Series(e) => e.to_string(),
    }
}

/// `refusal` in `lang`.
#[must_use]
pub fn not_your_series(lang: Lang, refusal: &NotYourSeries) -> String {
    let [a, b] = &refusal.names;
    let note = SeriesNote::NotYourSeries {
        me: &refusal.me,
        id: &refusal.id,
        names: [a, b],
    };
    series_note(lang, note)
}

/// Each failure's `Display`: its English words, for logs.
macro_rules! english {
    ($($failure:ty => $words:ident),* $(,)?) => {$(
        impl fmt::Display for $failure {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&$words(Lang::En, self))
            }
        }
    )*};
}

english!(
    NamesProblem => names_problem,
    SeriesWordError => series_word_error,
    SeriesLineError => series_line_error,
    NotYourSeries => not_your_series,
);
