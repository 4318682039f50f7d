//! The data folder's work, carried out for the update: game logs (the one
//! open log of the game at this keyboard among them), SGF files, series
//! and the config file. Each [`Job`] gets its [`Done`], failures included.

use crate::app::{Done, Job, Resumed, SeriesGame, SeriesUnread, SgfRead, ToReview};
use crate::words::{self, Lang};
use kaisho_core::clock::TimeControl;
use kaisho_core::{Color, Event, Settings};
use kaisho_saves::config;
use kaisho_saves::export;
use kaisho_saves::export::ExportFailure;
use kaisho_saves::import;
use kaisho_saves::kept_review::{RecordKeeper, adopt_record};
use kaisho_saves::log::{GameHeader, GameLog, GameStore, LogError, Player, SavedGame};
use kaisho_saves::places::Places;
use kaisho_saves::series::{SeriesId, SeriesStore};
use kaisho_saves::sgf;
use kaisho_saves::sgf::{KibitzLine, SgfFileError, SgfTree};
use std::path::{Path, PathBuf};

/// The data folder, the log of the game being played at this keyboard,
/// and the record a review adds to.
#[derive(Debug, Default)]
pub struct Disk {
    /// The open log and its game's id.
    log: Option<(String, GameLog)>,
    /// The saved game whose record the review adds to, as last written,
    /// so that an addition reads and writes only what it adds.
    keeper: Option<RecordKeeper>,
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

/// Exports saved game `id` as SGF into the exports folder of `places`,
/// with the watchers' lines `kibitz` as comments where its log does not
/// hold them yet.
pub fn export(
    places: &Places,
    id: &str,
    lang: Lang,
    kibitz: &[KibitzLine],
) -> Result<PathBuf, ExportFailure> {
    let saved = GameStore::new(places.games_dir())
        .load(id)
        .map_err(ExportFailure::Load)?;
    let exports = places.exports_dir();
    let words = words::sgf_words(lang);
    let mut record = export::record_of(&saved, &words);
    let unlogged: Vec<KibitzLine> = kibitz
        .iter()
        .filter(|line| !saved.contents.kibitz.contains(line))
        .cloned()
        .collect();
    export::add_kibitz(&mut record, &saved, &unlogged, &words);
    let path = export::path_in(&saved, &exports);
    match export::write_record(&saved, &record, &path) {
        Ok(()) => Ok(path),
        Err(error) => Err(ExportFailure::Write {
            exports,
            log: saved.path.clone(),
            error,
        }),
    }
}

/// The SGF file at `path` read: its first game to review or, for `collect`
/// and a file of several games, every game imported into `store`.
fn read_sgf(
    store: &GameStore,
    path: &Path,
    lang: Lang,
    collect: bool,
) -> Result<SgfRead, SgfFileError> {
    let read = sgf::import_file(path)?;
    let others = read.games.len() - 1 + read.beyond;
    if collect && others > 0 {
        let fallback = [Color::Black, Color::White].map(|c| words::color(lang, c));
        let done = import::import_games(store, path, read, fallback, now());
        return Ok(SgfRead::Imported(Box::new(done)));
    }
    let charset = read.charset;
    let replaced = read.replaced.clone();
    let first = read.into_first()?;
    let tree = first.tree.or_else(|| SgfTree::of_main_line(&first.record));
    Ok(SgfRead::Review(Box::new(ToReview {
        record: first.record,
        tree,
        charset,
        replaced,
        others,
    })))
}

/// The series a game's log names, as this side's copy holds it: read, or
/// why it could not be.
fn series_named(
    places: &Places,
    text: &str,
) -> Result<(SeriesId, kaisho_core::series::Series), SeriesUnread> {
    let id = SeriesId::parse(text)?;
    let series = SeriesStore::new(places).load(&id)?;
    Ok((id, series))
}

/// The series game a network game's log names, with its next game's terms,
/// when this side's copy can be read.
pub fn series_game(places: &Places, text: Option<&str>) -> Option<SeriesGame> {
    let (id, series) = series_named(places, text?).ok()?;
    let terms = series.next_game();
    Some(SeriesGame { id, series, terms })
}

impl Disk {
    /// Carries out `job` on the data folder of `places`.
    pub fn carry_out(&mut self, places: &Places, job: Job) -> Done {
        let games = GameStore::new(places.games_dir());
        match job {
            Job::StartLog {
                settings,
                names,
                series,
                clock,
            } => Done::LogStarted(self.start(&games, settings, &names, series, clock)),
            Job::Append {
                game,
                event,
                time_used_ms,
            } => Done::Appended(self.append(&games, &game, &event, time_used_ms)),
            Job::ResumeLog { game } => self.resume(places, &games, &game),
            Job::LoadGame { game, lang } => Done::Loaded(games.load(&game).map(|saved| {
                let record = export::record_of(&saved, &words::sgf_words(lang));
                let tree =
                    export::tree_of(&saved, &record).or_else(|| SgfTree::of_main_line(&record));
                Box::new((saved, record, tree))
            })),
            Job::HostOf { game } => Done::HostOf(games.host_of(&game)),
            Job::ListGames => Done::Games(games.list()),
            Job::ReadSgf {
                path,
                lang,
                collect,
            } => Done::Sgf(read_sgf(&games, &path, lang, collect)),
            Job::KeepReview { game, lang, edits } => {
                let keeper = self.keeper_of(&games, &game);
                Done::ReviewKept(keeper.keep(&words::sgf_words(lang), &edits).map(Box::new))
            }
            Job::FoldReview { game } => {
                let folded = self.keeper_of(&games, &game).fold();
                self.keeper = None;
                Done::Folded(folded)
            }
            Job::AdoptRecord { game, lang, tree } => {
                Done::Adopted(adopt_record(&games, &game, &tree, &words::sgf_words(lang)))
            }
            Job::Export { game, lang, kibitz } => {
                Done::Exported(export(places, &game, lang, &kibitz))
            }
            Job::ListSeries => Done::SeriesList(SeriesStore::new(places).list()),
            Job::LoadSeries { id } => {
                Done::Series(SeriesStore::new(places).load(&id).map(Box::new))
            }
            Job::CreateSeries { series } => {
                let store = SeriesStore::new(places);
                let names =
                    kaisho_core::series::Seat::BOTH.map(|s| series.setup().player(s).name.clone());
                let id = store.new_id([&names[0], &names[1]]);
                Done::SeriesCreated(store.create(&id, &series).map(|()| id))
            }
            Job::SaveSeries { id, base, series } => {
                Done::SeriesSaved(SeriesStore::new(places).save(&id, &base, &series))
            }
            Job::SaveConfig(config) => {
                let path = places.config_file();
                Done::ConfigSaved(config::save(&path, &config).map(|()| path))
            }
            Job::SaveEngine(command) => {
                let path = places.config_file();
                Done::ConfigSaved(config::save_engine_command(&path, &command).map(|()| path))
            }
        }
    }

    /// The keeper of saved game `id`'s record: the one held when it is
    /// that game's, else a new one.
    fn keeper_of(&mut self, store: &GameStore, id: &str) -> &mut RecordKeeper {
        if self.keeper.as_ref().is_some_and(|k| k.id() != id) {
            self.keeper = None;
        }
        self.keeper
            .get_or_insert_with(|| RecordKeeper::new(store.clone(), id))
    }

    /// Creates the log of a new game and keeps it open. Another kaisho may
    /// take the same id in the same minute: the next free one is taken and
    /// tried again, a few times.
    fn start(
        &mut self,
        store: &GameStore,
        settings: Settings,
        names: &[String; 2],
        series: Option<SeriesId>,
        clock: TimeControl,
    ) -> Result<String, LogError> {
        self.log = None;
        let created_unix = now();
        let mut header = GameHeader {
            game_id: store.new_id(created_unix),
            created_unix,
            black: player(&names[0]),
            white: player(&names[1]),
            settings,
            local_color: None,
            series: series.map(|s| s.to_string()),
            clock: Some(clock),
        };
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
        self.log = Some((header.game_id.clone(), log));
        Ok(header.game_id)
    }

    /// Appends an event to the open log of game `id`; it is on the disk
    /// when this returns `Ok`.
    fn append(
        &mut self,
        store: &GameStore,
        id: &str,
        event: &Event,
        time_used_ms: Option<u32>,
    ) -> Result<(), LogError> {
        match &mut self.log {
            Some((open, log)) if open == id => log.append(event, time_used_ms).map(|_| ()),
            _ => Err(LogError::Refused {
                path: store.path_of(id),
                reason: "its log is not open here".to_string(),
            }),
        }
    }

    /// Reopens adjourned game `id`'s log with its series; a network game's
    /// log stays closed, for the network task to resume, and an engine
    /// game's for the engine's seat.
    fn resume(&mut self, places: &Places, store: &GameStore, id: &str) -> Done {
        self.log = None;
        if let Some(command) = store.engine_of(id) {
            return Done::EngineGame(command);
        }
        let networked = store
            .load(id)
            .is_ok_and(|saved| saved.contents.header.local_color.is_some());
        if networked {
            return Done::Networked;
        }
        Done::Resumed(store.resume(id).map(|(log, saved): (GameLog, SavedGame)| {
            self.log = Some((id.to_string(), log));
            let series = saved
                .contents
                .header
                .series
                .as_deref()
                .map(|text| series_named(places, text));
            Box::new(Resumed { saved, series })
        }))
    }
}
