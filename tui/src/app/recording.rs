//! The saving of one local game: its log, appended and flushed before the
//! next input is taken, and what happens when the game ends (the SGF
//! export and, for a game of a series, the recorded result).

use super::series_words::{change_text, next_game_line, result_text};
use crate::words::{self, Lang};
use kaisho_core::clock::TimeControl;
use kaisho_core::series::{GameTerms, Series, SeriesResult};
use kaisho_core::{Event, Game, Settings};
use kaisho_saves::export;
use kaisho_saves::log::{GameHeader, GameLog, GameStore, LogError, Player, SavedGame};
use kaisho_saves::places::Places;
use kaisho_saves::series::{SeriesId, SeriesStore};
use std::path::{Path, PathBuf};

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

/// The open log of a game being played, and where its records go.
#[derive(Debug)]
pub struct Recording {
    log: GameLog,
    id: String,
    store: GameStore,
    exports: PathBuf,
    series_store: SeriesStore,
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

/// The seconds since the Unix epoch, for game ids and dates.
fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

fn player(name: &str) -> Player {
    Player {
        name: name.to_string(),
        fingerprint: None,
    }
}

/// Exports saved game `id` of `store` as SGF into `exports`; returns the
/// line that says where, or why it failed (the log itself stays safe).
pub fn export_saved(store: &GameStore, id: &str, exports: &Path, lang: Lang) -> String {
    let words = words::sgf_words(lang);
    match store.load(id) {
        Ok(saved) => match export::export_into(&saved, exports, &words) {
            Ok(path) => format!("SGF saved to {}", path.display()),
            Err(e) => format!(
                "the SGF export to {} failed: {e}; the game log {} is safe",
                exports.display(),
                saved.path.display()
            ),
        },
        Err(e) => format!("the SGF export failed: {e}"),
    }
}

impl Recording {
    /// Creates the log of a new game between `names` (Black, White).
    pub fn start(
        places: &Places,
        settings: &Settings,
        names: [&str; 2],
        series: Option<SeriesGame>,
        clock: TimeControl,
    ) -> Result<Recording, LogError> {
        let store = GameStore::new(places.games_dir());
        let created_unix = now();
        let mut header = GameHeader {
            game_id: store.new_id(created_unix),
            created_unix,
            black: player(names[0]),
            white: player(names[1]),
            settings: settings.clone(),
            local_color: None,
            series: series.as_ref().map(|s| s.id.to_string()),
            clock: Some(clock),
        };
        // Another kaisho may take the same id in the same minute: take the
        // next free one and try again, a few times.
        let mut attempts = 0;
        let log = loop {
            match store.create(&header) {
                Err(LogError::Exists { .. }) if attempts < 3 => {
                    attempts += 1;
                    header.game_id = store.new_id(created_unix);
                }
                other => break other?,
            }
        };
        Ok(Recording {
            log,
            id: header.game_id,
            store,
            exports: places.exports_dir(),
            series_store: SeriesStore::new(places),
            series,
        })
    }

    /// Reopens the log of an adjourned game. A game of a series finds its
    /// series again; if the series cannot be read the game goes on without
    /// it and the returned note says why.
    pub fn resume(
        places: &Places,
        id: &str,
    ) -> Result<(Recording, SavedGame, Option<String>), LogError> {
        let store = GameStore::new(places.games_dir());
        let (log, saved) = store.resume(id)?;
        let series_store = SeriesStore::new(places);
        let mut note = saved.notice();
        let series = match &saved.contents.header.series {
            None => None,
            Some(text) => match SeriesId::parse(text)
                .map_err(|e| e.to_string())
                .and_then(|sid| {
                    series_store
                        .load(&sid)
                        .map(|series| (sid, series))
                        .map_err(|e| e.to_string())
                }) {
                Ok((sid, series)) if still_next(&series, &saved) => Some(SeriesGame {
                    terms: series.next_game(),
                    id: sid,
                    series,
                }),
                Ok((sid, _)) => {
                    note = Some(format!(
                        "series {sid} has moved on since this game began, so its result \
                         will not be recorded there; record it with `kaisho series record`"
                    ));
                    None
                }
                Err(e) => {
                    note = Some(format!(
                        "the result will not be recorded in the series: {e}"
                    ));
                    None
                }
            },
        };
        let recording = Recording {
            log,
            id: id.to_string(),
            store,
            exports: places.exports_dir(),
            series_store,
            series,
        };
        Ok((recording, saved, note))
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

    /// Appends an accepted event with the time its move took; it is on
    /// the disk when this returns `Ok`.
    pub fn append(&mut self, event: &Event, time_used_ms: Option<u32>) -> Result<(), LogError> {
        self.log.append(event, time_used_ms).map(|_| ())
    }

    /// After the game ended: exports it as SGF and records the result in
    /// its series. Returns lines for the result screen, failures included.
    pub fn finish(&mut self, game: &Game, lang: Lang) -> Vec<String> {
        let mut lines = vec![self.export(lang)];
        if let Some(line) = self.record_in_series(game) {
            lines.push(line);
        }
        lines
    }

    /// Exports the game as it stands (finished or adjourned) to the exports
    /// folder; returns the line that says where, or why it failed.
    pub fn export(&self, lang: Lang) -> String {
        export_saved(&self.store, &self.id, &self.exports, lang)
    }

    fn record_in_series(&mut self, game: &Game) -> Option<String> {
        record_series(&self.series_store, self.series.as_mut()?, game)
    }
}

/// Records the result of ended `game` in its series and saves the series;
/// returns the line for the result screen (the step's change, the next
/// game, or why the series was not updated).
pub fn record_series(store: &SeriesStore, sg: &mut SeriesGame, game: &Game) -> Option<String> {
    let outcome = game.outcome()?;
    let Some(result) = SeriesResult::from_outcome(&outcome, &sg.terms) else {
        return Some("the series could not tell who played which colour".to_string());
    };
    let number = sg.terms.number;
    let change = match sg.series.record(result) {
        Ok(change) => change,
        Err(e) => return Some(format!("the series did not take the result: {e}")),
    };
    if let Err(e) = store.save(&sg.id, &sg.series) {
        return Some(format!("the series result was not saved: {e}"));
    }
    let head = format!(
        "Series {}, game {number}: {}.",
        sg.id,
        result_text(&sg.series, result)
    );
    let tail = match change {
        Some(change) => change_text(&sg.series, &change),
        None => next_game_line(&sg.series),
    };
    Some(format!("{head} {tail}"))
}
