//! Importing an SGF file as saved games: each game of the file (a
//! collection holds several) replayed under the rules and logged as a game
//! of its own, its whole tree kept beside the log, or refused on its own
//! with the reason. `kaisho games import` and the Saved games screen's
//! import share it, so both take and refuse the same games.

use crate::log::{GameHeader, GameStore, LogError, Player};
use crate::sgf::{self, Charset, Imported, ImportedGame, Place, Replaced, SgfFileError};
use crate::visible::visible;
use kaisho_core::{Color, Game, Outcome, ReplayError};
use std::path::{Path, PathBuf};

/// What became of an imported file.
#[derive(Debug)]
pub struct FileImport {
    /// Each game the file holds, in its order, with what became of it.
    pub games: Vec<GameImport>,
    /// The games past [`sgf::MAX_GAMES_PER_FILE`], left in the file.
    pub beyond: usize,
    pub charset: Charset,
    /// The bytes not valid in the character set, and where the first stands.
    pub replaced: Option<(Replaced, Option<Place>)>,
}

impl FileImport {
    /// How many games were made.
    #[must_use]
    pub fn made(&self) -> usize {
        self.games.iter().filter(|g| g.made.is_ok()).count()
    }
}

/// One game of the file: made, or refused and why.
#[derive(Debug)]
pub struct GameImport {
    /// Its number in the file, from 1.
    pub number: usize,
    pub made: Result<Made, Refused>,
}

/// A saved game made from a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    pub id: String,
    /// Moves replayed.
    pub moves: u32,
    /// How the game ended under the rules, if it did.
    pub outcome: Option<Outcome>,
    /// The result the record gives where the rules give none (a count
    /// under other rules, `Void`).
    pub recorded: Option<String>,
    /// Whether the whole tree was kept for the export, not the main line
    /// alone.
    pub whole: bool,
}

/// Why a game of the file was not imported; no file of it is left.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// The record cannot be read; the error names the file and the byte.
    #[error(transparent)]
    Sgf(SgfFileError),
    /// The record breaks the rules at some event.
    #[error("{}: {error}; only legal records can be imported", file.display())]
    Illegal {
        file: PathBuf,
        size: u8,
        error: ReplayError,
    },
    /// The game's log could not be written.
    #[error(transparent)]
    Log(LogError),
    /// The record's tree could not be kept beside the log.
    #[error("could not keep the record in {}: {source}; check the disk space and permissions of the folder", dir.display())]
    Keep {
        dir: PathBuf,
        source: std::io::Error,
    },
}

/// Imports every game of the SGF file at `path` into `store`, each a saved
/// game created at `now` (Unix seconds): finished when the record gives a
/// result (a resignation or loss on time logged as the event that ends
/// it), adjourned otherwise; a player the record does not name is called by
/// `fallback` (Black's, White's). A game's tree is kept before its log is
/// written, and taken back if the log cannot be, so no import leaves a log
/// without its record or half a game. An error here is the file's: none of
/// it could be read.
pub fn import_into(
    store: &GameStore,
    path: &Path,
    fallback: [&str; 2],
    now: i64,
) -> Result<FileImport, SgfFileError> {
    Ok(import_games(
        store,
        path,
        sgf::import_file(path)?,
        fallback,
        now,
    ))
}

/// Imports the games of `read`, the file at `path` as
/// [`sgf::import_file`] read it, as [`import_into`] does.
#[must_use]
pub fn import_games(
    store: &GameStore,
    path: &Path,
    read: Imported,
    fallback: [&str; 2],
    now: i64,
) -> FileImport {
    let games = read
        .games
        .into_iter()
        .enumerate()
        .map(|(index, game)| GameImport {
            number: index + 1,
            made: game
                .map_err(Refused::Sgf)
                .and_then(|game| make(store, path, game, fallback, now)),
        })
        .collect();
    FileImport {
        games,
        beyond: read.beyond,
        charset: read.charset,
        replaced: read.replaced,
    }
}

/// Replays one game and logs it as a new saved game.
fn make(
    store: &GameStore,
    path: &Path,
    game: ImportedGame,
    fallback: [&str; 2],
    now: i64,
) -> Result<Made, Refused> {
    let ImportedGame { record, tree } = game;
    let mut events = record.events();
    let mut replayed =
        Game::replay(record.settings.clone(), &events).map_err(|error| Refused::Illegal {
            file: path.to_path_buf(),
            size: record.settings.size.get(),
            error,
        })?;
    if let Some(ending) = record.ending()
        && replayed.apply(ending.clone()).is_ok()
    {
        events.push(ending);
    }
    let player = |name: &Option<String>, color: Color| Player {
        name: name.as_deref().map_or_else(
            || fallback[color.index()].to_string(),
            |n| visible(n).into_owned(),
        ),
        fingerprint: None,
    };
    let header = GameHeader {
        game_id: store.new_id(now),
        created_unix: now,
        black: player(&record.black, Color::Black),
        white: player(&record.white, Color::White),
        settings: record.settings.clone(),
        local_color: None,
        series: None,
        clock: None,
    };
    let id = header.game_id.clone();
    if let Some(tree) = &tree {
        store
            .keep_record(&id, tree)
            .map_err(|source| Refused::Keep {
                dir: store.dir().to_path_buf(),
                source,
            })?;
    }
    store.create_with(&header, &events).map_err(|e| {
        if tree.is_some() {
            let _ = store.forget_record(&id);
        }
        Refused::Log(e)
    })?;
    let outcome = replayed.outcome();
    Ok(Made {
        id,
        moves: replayed.move_number(),
        outcome,
        recorded: record.result.filter(|_| outcome.is_none()),
        whole: tree.is_some(),
    })
}
