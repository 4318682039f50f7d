//! The saving of one local game as the update sees it: which log holds it
//! (the shell keeps the log open and appends to it), its series, and the
//! words for what happens when the game ends (the SGF export and, for a
//! game of a series, the recorded result).

use super::series_typed::result_word;
use crate::words::{
    Failure, Lang, SeriesNote, failure, next_game, series_change, series_note, series_result,
};
use kaisho_core::Game;
use kaisho_core::series::{GameTerms, Series, SeriesResult};
use kaisho_saves::log::SavedGame;
use kaisho_saves::series::{IdError, SeriesId, StoreError};

/// Why the series a game's log names could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SeriesUnread {
    #[error(transparent)]
    Id(#[from] IdError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A game of a series, and the terms it is played under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesGame {
    /// The series' id, also its file name.
    pub id: SeriesId,
    /// The series as it stood when the game began; the result is recorded
    /// into it and the whole is saved.
    pub series: Series,
    /// Who plays which colour, the handicap and komi of this game.
    pub terms: GameTerms,
}

/// The log a game at this keyboard is recorded in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recording {
    id: String,
    series: Option<SeriesGame>,
}

/// Whether an adjourned game is still the series' next game: the same
/// players in the same colours with the same handicap. Otherwise another
/// game was recorded meanwhile, and its terms would credit the wrong seat.
fn still_next(series: &Series, saved: &SavedGame) -> bool {
    let terms = series.next_game();
    let header = &saved.contents.header;
    let name = |seat| series.setup().player(seat).name.as_str();
    terms.black.map(name) == Some(header.black.name.as_str())
        && terms.white().map(name) == Some(header.white.name.as_str())
        && terms.handicap == header.settings.handicap
}

impl Recording {
    /// The log of game `id`, of `series` when it is a series game.
    #[must_use]
    pub fn new(id: String, series: Option<SeriesGame>) -> Recording {
        Recording { id, series }
    }

    /// An adjourned game's log reopened, with the series named in it as it
    /// was found. A series that has moved on, or cannot be read, leaves the
    /// game without it, and the returned note says why in `lang`.
    #[must_use]
    pub fn resumed(
        lang: Lang,
        id: &str,
        saved: &SavedGame,
        series: Option<Result<(SeriesId, Series), SeriesUnread>>,
    ) -> (Recording, Option<String>) {
        let mut note = saved.notice();
        let series = match series {
            None => None,
            Some(Ok((sid, series))) if still_next(&series, saved) => Some(SeriesGame {
                terms: series.next_game(),
                id: sid,
                series,
            }),
            Some(Ok((sid, _))) => {
                let sid = sid.to_string();
                note = Some(series_note(lang, SeriesNote::MovedOn(&sid)));
                None
            }
            Some(Err(e)) => {
                let e = e.to_string();
                note = Some(series_note(lang, SeriesNote::NotRecorded(&e)));
                None
            }
        };
        (Recording::new(id.to_string(), series), note)
    }

    /// The game's id, also its file name.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The series game this is, if any.
    #[must_use]
    pub fn series(&self) -> Option<&SeriesGame> {
        self.series.as_ref()
    }

    /// The series game this is, to record a result into.
    pub fn series_mut(&mut self) -> Option<&mut SeriesGame> {
        self.series.as_mut()
    }
}

/// What recording an ended game's result in its series comes to.
#[derive(Debug, PartialEq, Eq)]
pub enum SeriesStep {
    /// The series took the result: save it, then say `line`.
    Save(String),
    /// The series did not take it, and why; there is nothing to save.
    Refused(String),
}

/// Records the result of ended `game` in its series (`sg` changes), with
/// the line in `lang` for the result screen once it is saved (the step's
/// change or the next game), or why the series did not take it.
pub fn record_series(lang: Lang, sg: &mut SeriesGame, game: &Game) -> Option<SeriesStep> {
    let outcome = game.outcome()?;
    let Some(result) = SeriesResult::from_outcome(&outcome, &sg.terms) else {
        return Some(SeriesStep::Refused(series_note(
            lang,
            SeriesNote::ColoursUnknown,
        )));
    };
    let number = sg.terms.number;
    let change = match sg.series.record(result) {
        Ok(change) => change,
        Err(e) => {
            let e = e.to_string();
            return Some(SeriesStep::Refused(series_note(
                lang,
                SeriesNote::NotTaken(&e),
            )));
        }
    };
    let then = match change {
        Some(change) => series_change(lang, &sg.series, &change),
        None => next_game(lang, &sg.series),
    };
    let line = series_note(
        lang,
        SeriesNote::Recorded {
            id: &sg.id.to_string(),
            number,
            result: &series_result(lang, &sg.series, result),
            then: &then,
        },
    );
    Some(SeriesStep::Save(line))
}

/// The line in `lang` for the result of `game` (its series with the
/// result recorded) that could not be saved, with the command that records
/// it once the player has looked at the series as it now is.
#[must_use]
pub fn series_unsaved(lang: Lang, e: &StoreError, game: &SeriesGame) -> String {
    let why = failure(lang, Failure::Series(e));
    let later = game.series.games().last().map_or_else(String::new, |last| {
        let word = result_word(&game.series, last.result);
        let word = shlex::try_quote(&word).map_or_else(|_| word.clone(), |q| q.into_owned());
        format!("kaisho series record {} --winner {word}", game.id)
    });
    series_note(
        lang,
        SeriesNote::Unsaved {
            why: &why,
            later: &later,
        },
    )
}
