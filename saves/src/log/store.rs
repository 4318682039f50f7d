//! The folder of game logs: creating games, listing them (finished and
//! adjourned), loading one to review or resume.

use super::error::LogError;
use super::header::GameHeader;
use super::kept_record::KeptFiles;
use super::reader::{LogContents, TornTail, read_log};
use super::writer::GameLog;
use crate::sgf::SgfTree;
use kaisho_core::{Event, Game, Outcome};
use std::path::{Path, PathBuf};

/// The file name ending of game logs.
pub const EXTENSION: &str = "kgl";

/// A saved game replayed under the rules.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub contents: LogContents,
    pub game: Game,
    pub path: PathBuf,
    /// The whole SGF record an imported game was made from, or a review
    /// made of its export, with the additions of its review journal;
    /// `None` for a game played in kaisho and never added to.
    pub kept: Option<SgfTree>,
    /// A torn last record of the review journal, left out.
    pub journal_torn: Option<TornTail>,
}

impl SavedGame {
    /// The notice to show when a torn last record was dropped, of the log
    /// or of the review journal.
    #[must_use]
    pub fn notice(&self) -> Option<String> {
        let log = self.contents.torn.map(|t| torn_notice(&self.path, t));
        let journal = self.journal_torn.map(|t| {
            let path = self.path.with_extension(crate::journal::EXTENSION);
            format!(
                "{}: the last addition was cut short by a crash ({} bytes at byte {}) and was left out; every earlier addition is in the record",
                path.display(),
                t.bytes,
                t.offset
            )
        });
        match (log, journal) {
            (Some(log), Some(journal)) => Some(format!("{log}; {journal}")),
            (log, journal) => log.or(journal),
        }
    }
}

fn torn_notice(path: &Path, torn: TornTail) -> String {
    format!(
        "{}: the last record was cut short by a crash ({} bytes at byte {}) and was dropped; every earlier move is intact",
        path.display(),
        torn.bytes,
        torn.offset
    )
}

/// One line of the saved-games list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    pub id: String,
    pub path: PathBuf,
    pub black: String,
    pub white: String,
    pub size: u8,
    /// Stones played and passes.
    pub moves: u32,
    pub created_unix: i64,
    /// The day the game was played: an imported record's `DT` as written
    /// (`None` when it names none: the day of the import is not the day
    /// of the game), otherwise the day its log was made (`2026-11-27`).
    pub date: Option<String>,
    /// How the game ended under the rules; `None` while it goes on.
    pub outcome: Option<Outcome>,
    /// The result an imported record gives (`RE`) where its moves end
    /// without one under the rules: a count under other rules, `Void`, `?`.
    pub recorded_result: Option<String>,
    /// Set when a torn last record was dropped.
    pub notice: Option<String>,
    /// Whether the game was made from an SGF record (`kaisho games
    /// import`): its record is kept beside its log, and no seat, clock or
    /// series of a game played in kaisho is logged with it.
    pub imported: bool,
}

impl GameSummary {
    /// Whether the game stopped without a result and can be resumed: an
    /// imported record that gives a result is finished, to be reviewed.
    #[must_use]
    pub fn is_adjourned(&self) -> bool {
        self.outcome.is_none() && self.recorded_result.is_none()
    }

    /// The result as SGF writes it (`B+R`, `W+3.5`), from the rules or,
    /// for an imported record, as the record gives it.
    #[must_use]
    pub fn result(&self) -> Option<String> {
        self.outcome
            .map(|o| o.result_string())
            .or_else(|| self.recorded_result.clone())
    }
}

/// The saved games: the readable ones, and a problem for each file that is not.
#[derive(Debug, Default)]
pub struct Listing {
    pub games: Vec<GameSummary>,
    pub problems: Vec<LogError>,
}

/// A folder of game logs.
#[derive(Clone, Debug)]
pub struct GameStore {
    dir: PathBuf,
}

impl GameStore {
    /// The store in `dir` (created when the first game is saved).
    #[must_use]
    pub fn new(dir: impl Into<PathBuf>) -> GameStore {
        GameStore { dir: dir.into() }
    }

    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of the log of game `id`.
    #[must_use]
    pub fn path_of(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.{EXTENSION}"))
    }

    /// A fresh game id: the creation time to the second, how many games
    /// this store already holds from that second plus one, and a random tag
    /// (`20261122-033805-1-7f3a09c1` style), unused in this store. The count
    /// keeps games of one second in the order they were made; the tag keeps
    /// ids apart across machines, since a network game takes the host's id
    /// on both sides and the joiner may have made a game in the same second.
    #[must_use]
    pub fn new_id(&self, created_unix: i64) -> String {
        let stamp = time::OffsetDateTime::from_unix_timestamp(created_unix)
            .map(|t| {
                format!(
                    "{:04}{:02}{:02}-{:02}{:02}{:02}",
                    t.year(),
                    u8::from(t.month()),
                    t.day(),
                    t.hour(),
                    t.minute(),
                    t.second()
                )
            })
            .unwrap_or_else(|_| created_unix.to_string());
        let same_second = std::fs::read_dir(&self.dir).map_or(0, |entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| {
                    e.file_name()
                        .to_string_lossy()
                        .starts_with(&format!("{stamp}-"))
                })
                .count()
        });
        let prefix = format!("{stamp}-{}", same_second + 1);
        std::iter::repeat_with(|| format!("{prefix}-{:08x}", random_tag()))
            .take(64)
            .find(|id| !self.path_of(id).exists())
            .unwrap_or_else(|| format!("{prefix}-{:016x}", random_u64()))
    }

    /// Starts the log of a new game.
    pub fn create(&self, header: &GameHeader) -> Result<GameLog, LogError> {
        self.create_with(header, &[])
    }

    /// Logs a game whose `events` are known at once, an imported record's,
    /// whole or not at all and with one flush ([`GameLog::create_with`]).
    pub fn create_with(&self, header: &GameHeader, events: &[Event]) -> Result<GameLog, LogError> {
        std::fs::create_dir_all(&self.dir)
            .map_err(|e| LogError::io(&self.dir, "create the folder of", e))?;
        GameLog::create_with(&self.path_of(&header.game_id), header, events)
    }

    /// Loads and replays game `id`.
    pub fn load(&self, id: &str) -> Result<SavedGame, LogError> {
        let _turn = self.reading_turn(id);
        self.load_held(id).map(|(saved, _)| saved)
    }

    /// [`GameStore::load`] with what a review's addition goes on from, by
    /// a caller that holds the record's lock.
    pub(crate) fn load_held(&self, id: &str) -> Result<(SavedGame, Option<KeptFiles>), LogError> {
        let path = self.existing(id)?;
        let contents = read_log(&path)?;
        let kept = self.read_kept(id)?;
        let saved = replay(path, contents, kept.as_ref())?;
        Ok((saved, kept))
    }

    /// Reopens game `id` to go on playing it.
    pub fn resume(&self, id: &str) -> Result<(GameLog, SavedGame), LogError> {
        let path = self.existing(id)?;
        let (log, contents) = GameLog::open(&path)?;
        let _turn = self.reading_turn(id);
        let kept = self.read_kept(id)?;
        Ok((log, replay(path, contents, kept.as_ref())?))
    }

    /// The file of game `id`, or why there is none: an id nobody saved is
    /// told apart from a disk that refused.
    fn existing(&self, id: &str) -> Result<std::path::PathBuf, LogError> {
        let path = self.path_of(id);
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(LogError::NoSuchGame {
                id: id.to_string(),
                path,
            }),
            _ => Ok(path),
        }
    }

    /// Every saved game, newest first, and a problem for each unreadable
    /// file; the temporary files of copies killed mid-write are cleared.
    #[must_use]
    pub fn list(&self) -> Listing {
        let mut listing = Listing::default();
        crate::atomic::clear_stale(&self.dir);
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return listing,
            Err(e) => {
                listing
                    .problems
                    .push(LogError::io(&self.dir, "list the folder of", e));
                return listing;
            }
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some(EXTENSION) {
                continue;
            }
            let id = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let turn = self.reading_turn(&id);
            let saved = self
                .read_kept(&id)
                .and_then(|kept| replay(path.clone(), read_log(&path)?, kept.as_ref()));
            drop(turn);
            match saved {
                Ok(saved) => listing.games.push(summary(&saved)),
                Err(e) => listing.problems.push(e),
            }
        }
        listing.games.sort_by(|a, b| {
            b.created_unix
                .cmp(&a.created_unix)
                .then_with(|| b.id.cmp(&a.id))
        });
        listing
    }
}

fn replay(
    path: PathBuf,
    contents: LogContents,
    kept: Option<&KeptFiles>,
) -> Result<SavedGame, LogError> {
    let mut game = Game::new(contents.header.settings.clone()).map_err(|e| LogError::Invalid {
        path: path.clone(),
        record: 1,
        reason: e.to_string(),
    })?;
    for logged in &contents.events {
        game.apply(logged.event.clone())
            .map_err(|e| LogError::Invalid {
                path: path.clone(),
                record: logged.seq as usize + 1,
                reason: format!("event {} was refused: {e}", logged.seq),
            })?;
    }
    Ok(SavedGame {
        contents,
        game,
        path,
        kept: kept.map(|k| k.tree.clone()),
        journal_torn: kept.and_then(|k| k.torn),
    })
}

fn summary(saved: &SavedGame) -> GameSummary {
    let h = &saved.contents.header;
    let outcome = saved.game.outcome();
    let kept = saved.kept.as_ref();
    let kept_result = kept.and_then(SgfTree::result).map(str::to_string);
    GameSummary {
        id: h.game_id.clone(),
        path: saved.path.clone(),
        black: h.black.name.clone(),
        white: h.white.name.clone(),
        size: h.settings.size.get(),
        moves: saved.game.move_number(),
        created_unix: h.created_unix,
        date: match kept {
            Some(tree) => tree.date().map(str::to_string),
            None => Some(day_of(h.created_unix)),
        },
        outcome,
        recorded_result: kept_result.filter(|_| outcome.is_none()),
        notice: saved.notice(),
        imported: kept.is_some()
            && h.local_color.is_none()
            && h.clock.is_none()
            && h.series.is_none(),
    }
}

/// The day of a Unix time, as SGF's `DT` writes it (`2026-11-27`).
#[must_use]
pub fn day_of(unix: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(unix)
        .map(|t| t.date().to_string())
        .unwrap_or_default()
}

/// Thirty-two random bits for a game id.
fn random_tag() -> u32 {
    (random_u64() >> 32) as u32
}

/// A random number from the standard library's per-process random hash
/// keys, which are drawn from the system's random source.
fn random_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
    );
    h.finish()
}
