//! `kaisho games` and `kaisho export`: the saved games, finished and
//! adjourned, and their SGF records.

use clap::{Args, Subcommand};
use kaisho_saves::export;
use kaisho_saves::log::{GameStore, GameSummary};
use kaisho_saves::places::Places;
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
pub fn run(args: GamesArgs, home: Option<&Path>) -> ExitCode {
    let places = match Places::locate(home) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("kaisho: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let store = GameStore::new(places.games_dir());
    match args.command {
        None => list(&store, args.json),
        Some(GamesCommand::Export { id, to }) => {
            let saved = match store.load(&id) {
                Ok(saved) => saved,
                Err(e) => {
                    eprintln!("kaisho: error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            if let Some(notice) = saved.notice() {
                eprintln!("kaisho: warning: {notice}");
            }
            let written = match &to {
                Some(path) => export::export_to(&saved, path).map(|()| path.clone()),
                None => export::export_into(&saved, &places.exports_dir()),
            };
            match written {
                Ok(path) => {
                    println!("{}", path.display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("kaisho: error: could not write the SGF file: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

fn state(g: &GameSummary) -> String {
    match g.outcome {
        Some(o) => o.result_string(),
        None => "adjourned".to_string(),
    }
}

fn list(store: &GameStore, as_json: bool) -> ExitCode {
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
                    "result": g.outcome.map(|o| o.result_string()),
                    "adjourned": g.is_adjourned(),
                })
            );
        } else {
            println!(
                "{:<20} {:>2}×{:<2} {:>4} moves  {} (B) v {} (W)  {}",
                g.id,
                g.size,
                g.size,
                g.moves,
                g.black,
                g.white,
                state(g)
            );
        }
        if let Some(notice) = &g.notice {
            eprintln!("kaisho: warning: {notice}");
        }
    }
    for problem in &listing.problems {
        eprintln!("kaisho: warning: {problem}");
    }
    if listing.games.is_empty() && !as_json {
        println!("No saved games in {}.", store.dir().display());
    }
    ExitCode::SUCCESS
}
