//! `kaisho games`: the saved games, finished and adjourned; their export as
//! SGF, and SGF records imported as saved games to review or play on.

use clap::{Args, Subcommand};
use kaisho::words::{self, Failure, Lang, Report, Say, report};
use kaisho_core::{Color, Game, ReplayError};
use kaisho_saves::log::{GameHeader, GameStore, LogError, Player};
use kaisho_saves::places::Places;
use kaisho_saves::sgf::SgfFileError;
use kaisho_saves::visible::visible;
use kaisho_saves::{export, sgf};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct GamesArgs {
    #[command(subcommand)]
    pub command: Option<GamesCommand>,
    /// Print one JSON object per game instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum GamesCommand {
    /// Make a saved game from an SGF record, to review it or go on playing it.
    Import {
        /// The SGF file.
        file: PathBuf,
    },
    /// Write a saved game as SGF (to the exports folder unless --to is given).
    Export {
        /// The game's id, as `kaisho games` lists it.
        id: String,
        /// Where to write the SGF file.
        #[arg(long, value_name = "FILE")]
        to: Option<PathBuf>,
    },
}

/// Lists the saved games or exports one; unreadable files are warnings.
pub fn run(args: GamesArgs, home: Option<&Path>, lang: Lang) -> ExitCode {
    let places = match Places::locate(home) {
        Ok(p) => p,
        Err(e) => {
            error(lang, &words::failure(lang, Failure::NoHome(&e)));
            return ExitCode::FAILURE;
        }
    };
    let store = GameStore::new(places.games_dir());
    match args.command {
        None => list(&store, args.json, lang),
        Some(GamesCommand::Import { file }) => match import(&store, &file, lang) {
            Ok(message) => {
                println!("{}", visible(&message));
                ExitCode::SUCCESS
            }
            Err(e) => {
                error(lang, &e.told(lang));
                ExitCode::FAILURE
            }
        },
        Some(GamesCommand::Export { id, to }) => {
            let saved = match store.load(&id) {
                Ok(saved) => saved,
                Err(e) => {
                    error(lang, &words::failure(lang, Failure::Log(&e)));
                    return ExitCode::FAILURE;
                }
            };
            if let Some(notice) = saved.notice() {
                warning(lang, &notice.to_string());
            }
            let words = words::sgf_words(lang);
            let written = match &to {
                Some(path) => export::export_to(&saved, path, &words).map(|()| path.clone()),
                None => export::export_into(&saved, &places.exports_dir(), &words),
            };
            match written {
                Ok(path) => {
                    println!("{}", path.display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    error(lang, &report(lang, Report::ExportFailed(&e.to_string())));
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// `kaisho: error: …` on standard error, control characters made visible.
fn error(lang: Lang, why: &str) {
    eprintln!("{}", visible(&report(lang, Report::Error(why))));
}

/// `kaisho: warning: …` on standard error, control characters made visible.
fn warning(lang: Lang, notice: &str) {
    eprintln!("{}", visible(&report(lang, Report::Warning(notice))));
}

/// Why an SGF record could not be imported. Its `Display` is for logs: a
/// player is told [`ImportError::told`].
#[derive(Debug, thiserror::Error)]
enum ImportError {
    #[error(transparent)]
    File(#[from] SgfFileError),
    /// The record breaks the rules at some move.
    #[error("{}: {error}; only legal records can be imported", file.display())]
    Illegal {
        file: PathBuf,
        size: u8,
        error: ReplayError,
    },
    #[error(transparent)]
    Log(#[from] LogError),
    /// The record's tree could not be kept beside the log; no game was made.
    #[error("could not keep the record in {}: {source}; check the disk space and permissions of the folder", path.display())]
    Keep {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl ImportError {
    fn told(&self, lang: Lang) -> String {
        match self {
            ImportError::File(e) => words::failure(lang, Failure::Sgf(e)),
            ImportError::Illegal { file, size, error } => {
                let reason = words::refusal(&error.error, words::naming_for(lang), *size);
                let illegal = Report::NotImportable {
                    file: &file.display().to_string(),
                    event: error.index + 1,
                    reason: &reason,
                };
                report(lang, illegal)
            }
            ImportError::Log(e) => words::failure(lang, Failure::Log(e)),
            ImportError::Keep { path, source } => report(
                lang,
                Report::NotKept {
                    dir: &path.display().to_string(),
                    reason: &source.to_string(),
                },
            ),
        }
    }
}

/// Replays an SGF record under the rules and logs it as a new saved game:
/// finished when the record gives a result (a resignation or loss on time
/// as the event that ends it), adjourned otherwise. The record's whole
/// tree is kept beside the log, written before it, so that no import
/// leaves a log without its record; the log is written whole with one
/// flush, so no import leaves half a game either.
fn import(store: &GameStore, file: &Path, lang: Lang) -> Result<String, ImportError> {
    let sgf::Imported {
        record,
        tree,
        charset,
        others,
    } = sgf::import_file(file)?;
    let mut events = record.events();
    let mut game =
        Game::replay(record.settings.clone(), &events).map_err(|error| ImportError::Illegal {
            file: file.to_path_buf(),
            size: record.settings.size.get(),
            error,
        })?;
    if let Some(ending) = record.ending()
        && game.apply(ending.clone()).is_ok()
    {
        events.push(ending);
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let player = |name: &Option<String>, fallback: Color| Player {
        name: name.as_deref().map_or_else(
            || words::color(lang, fallback).to_string(),
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
    let id = &header.game_id;
    if let Some(tree) = &tree {
        store.keep_record(id, tree).map_err(|e| ImportError::Keep {
            path: store.dir().to_path_buf(),
            source: e,
        })?;
    }
    store.create_with(&header, &events).inspect_err(|_| {
        let _ = store.forget_record(id);
    })?;
    let recorded = record
        .result
        .as_deref()
        .filter(|_| game.outcome().is_none());
    let imported = Report::Imported {
        file: &file.display().to_string(),
        id,
        moves: game.move_number(),
        outcome: game.outcome(),
        recorded,
        charset,
        whole: tree.is_some(),
        others,
    };
    Ok(report(lang, imported))
}

fn list(store: &GameStore, as_json: bool, lang: Lang) -> ExitCode {
    let listing = store.list();
    for g in &listing.games {
        if as_json {
            println!(
                "{}",
                json!({
                    "id": g.id,
                    "black": g.black,
                    "white": g.white,
                    "size": g.size,
                    "moves": g.moves,
                    "created_unix": g.created_unix,
                    "date": g.date,
                    "result": g.result(),
                    "adjourned": g.is_adjourned(),
                })
            );
        } else {
            let moves = words::say(lang, Say::Moves(g.moves.into()));
            let status = match &g.recorded_result {
                Some(result) if g.outcome.is_none() => visible(result).into_owned(),
                _ => report(lang, Report::Status(g.outcome)),
            };
            println!(
                "{:<26} {:<10} {:>2}x{:<2} {}  {}  {}",
                visible(&g.id),
                visible(g.date.as_deref().unwrap_or("-")),
                g.size,
                g.size,
                words::pad_left(&moves, 10),
                words::say(
                    lang,
                    Say::Pairing {
                        black: &visible(&g.black),
                        white: &visible(&g.white),
                    }
                ),
                status
            );
        }
        if let Some(notice) = &g.notice {
            warning(lang, &notice.to_string());
        }
    }
    for problem in &listing.problems {
        warning(lang, &words::failure(lang, Failure::Log(problem)));
    }
    if listing.games.is_empty() && !as_json {
        let dir = store.dir().display().to_string();
        println!("{}", report(lang, Report::NoGames { dir: &dir }));
    }
    ExitCode::SUCCESS
}
