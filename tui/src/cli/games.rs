//! `kaisho games`: the saved games, finished and adjourned; their export as
//! SGF, and SGF records imported as saved games to review or play on.

use clap::{Args, Subcommand};
use kaisho::app::{games_status, moves_text};
use kaisho_core::Game;
use kaisho_saves::log::{GameHeader, GameStore, Player};
use kaisho_saves::places::Places;
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
pub fn run(args: GamesArgs, home: Option<&Path>, lang: kaisho::words::Lang) -> ExitCode {
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
        Some(GamesCommand::Import { file }) => match import(&store, &file) {
            Ok(message) => {
                println!("{}", visible(&message));
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("kaisho: error: {}", visible(&message));
                ExitCode::FAILURE
            }
        },
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
            let words = kaisho::words::sgf_words(lang);
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
                    eprintln!("kaisho: error: could not write the SGF file: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// Replays an SGF record under the rules and logs it as a new saved game.
fn import(store: &GameStore, file: &Path) -> Result<String, String> {
    let record = sgf::read_file(file).map_err(|e| e.to_string())?;
    let events = record.events();
    let game = Game::replay(record.settings.clone(), &events).map_err(|e| {
        format!(
            "{}: {e}; only legal records can be imported",
            file.display()
        )
    })?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let player = |name: &Option<String>, fallback: &str| Player {
        name: name
            .as_deref()
            .map_or_else(|| fallback.to_string(), |n| visible(n).into_owned()),
        fingerprint: None,
    };
    let header = GameHeader {
        game_id: store.new_id(now),
        created_unix: now,
        black: player(&record.black, "Black"),
        white: player(&record.white, "White"),
        settings: record.settings.clone(),
        local_color: None,
        series: None,
        clock: None,
    };
    let mut log = store.create(&header).map_err(|e| e.to_string())?;
    for event in &events {
        log.append(event, None).map_err(|e| e.to_string())?;
    }
    let state = match game.outcome() {
        Some(outcome) => format!("finished, {}", outcome.result_string()),
        None => "adjourned: resume it from Saved games to play on".to_string(),
    };
    Ok(format!(
        "imported {} as game {} ({}, {state})",
        file.display(),
        header.game_id,
        moves_text(game.move_number())
    ))
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
                "{:<26} {:>2}×{:<2} {:>10}  {} (B) v {} (W)  {}",
                visible(&g.id),
                g.size,
                g.size,
                moves_text(g.moves),
                visible(&g.black),
                visible(&g.white),
                games_status(g)
            );
        }
        if let Some(notice) = &g.notice {
            eprintln!("kaisho: warning: {}", visible(&notice.to_string()));
        }
    }
    for problem in &listing.problems {
        eprintln!("kaisho: warning: {}", visible(&problem.to_string()));
    }
    if listing.games.is_empty() && !as_json {
        println!("No saved games in {}.", store.dir().display());
    }
    ExitCode::SUCCESS
}
