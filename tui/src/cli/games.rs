//! `kaisho games`: the saved games, finished and adjourned; their export as
//! SGF, and SGF records imported as saved games to review or play on.

use clap::{Args, Subcommand};
use kaisho::words::{self, Failure, Lang, Report, Say, report};
use kaisho_core::Color;
use kaisho_saves::log::GameStore;
use kaisho_saves::places::Places;
use kaisho_saves::visible::visible;
use kaisho_saves::{export, import};
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
    /// Make saved games from an SGF file, one for each game it holds, to review or play on.
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
        Some(GamesCommand::Import { file }) => import(&store, &file, lang),
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

/// Imports every game of the SGF file at `file` as saved games and says
/// what became of each: the games made on standard output, the refusals
/// as warnings when some game was made and as errors, failing, when none
/// was (a file of one game that cannot be taken fails as it always has).
fn import(store: &GameStore, file: &Path, lang: Lang) -> ExitCode {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let fallback = [Color::Black, Color::White].map(|c| words::color(lang, c));
    let done = match import::import_into(store, file, fallback, now) {
        Ok(done) => done,
        Err(e) => {
            error(lang, &words::failure(lang, Failure::Sgf(&e)));
            return ExitCode::FAILURE;
        }
    };
    let said = words::import_said(lang, &file.display().to_string(), &done);
    for line in &said.made {
        println!("{}", visible(line));
    }
    let none = done.made() == 0;
    for line in &said.refused {
        if none {
            error(lang, line);
        } else {
            warning(lang, line);
        }
    }
    if none {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
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
