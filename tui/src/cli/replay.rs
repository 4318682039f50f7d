//! `kaisho replay FILE.sgf…`: replays records under the rules and reports
//! the first illegal move or the final position and prisoners.

use clap::Args;
use kaisho::words::{self, Failure, Lang, Report};
use kaisho_core::GameError;
use kaisho_core::{Color, Event, Game, Point};
use kaisho_saves::sgf::{self, SgfFileError, SgfRecord};
use kaisho_saves::visible::visible;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Replay SGF records under the Japanese rules of 1989.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The SGF files to replay.
    #[arg(required = true, value_name = "FILE.sgf")]
    pub files: Vec<PathBuf>,
    /// Print one JSON object per file, one per line, with the keys `file`,
    /// `size`, `board` (rows, top first: `X` Black, `O` White, `.` empty),
    /// `captures` (`B`, `W`: stones each side captured), `moves` (moves
    /// replayed) and `error` (null, or why the file failed).
    #[arg(long)]
    pub json: bool,
}

/// A move the rules refused while replaying a record.
#[derive(Debug)]
pub(crate) struct Illegal {
    /// The move's number, from 1.
    pub number: u32,
    pub color: Color,
    /// The point, or `None` for a pass or another event.
    pub point: Option<Point>,
    /// Why the rules refused it.
    pub error: GameError,
}

impl Illegal {
    /// `move 57 (White D4) is illegal: …`, 「57手目 (白 D4) は打てません: …」.
    pub(crate) fn message(&self, size: u8, lang: Lang) -> String {
        let reason = words::refusal(&self.error, words::naming_for(lang), size);
        words::report(
            lang,
            Report::Illegal {
                number: self.number,
                color: self.color,
                point: self.point,
                size,
                reason: &reason,
            },
        )
    }
}

/// A record replayed as far as the rules allow.
pub(crate) struct Replayed {
    /// The game after the last move accepted.
    pub game: Game,
    /// The first move refused, if any.
    pub illegal: Option<Illegal>,
}

/// Why a record could not be replayed at all; each message names the file.
/// Its `Display` is for logs: a player is told [`RecordError::told`].
#[derive(Debug, thiserror::Error)]
pub(crate) enum RecordError {
    /// The file could not be read or is not SGF kaisho takes (the error
    /// names the file and where).
    #[error("{0}")]
    File(#[from] SgfFileError),
    /// The set-up stones break the rules (a stone without liberties).
    #[error("{path}: the set-up stones cannot be placed: {error}; fix the AB/AW properties")]
    Setup {
        path: String,
        size: u8,
        error: GameError,
    },
}

impl RecordError {
    /// The failure in `lang`, naming the file.
    pub(crate) fn told(&self, lang: Lang) -> String {
        match self {
            RecordError::File(e) => words::failure(lang, Failure::Sgf(e)),
            RecordError::Setup { path, size, error } => {
                let reason = words::refusal(error, words::naming_for(lang), *size);
                words::report(
                    lang,
                    Report::SetupBroken {
                        file: path,
                        reason: &reason,
                    },
                )
            }
        }
    }
}

/// Reads one SGF file and replays it; every message names the file.
pub(crate) fn load_and_replay(path: &Path) -> Result<Replayed, RecordError> {
    let record = sgf::read_file(path)?;
    replay(&record).map_err(|error| RecordError::Setup {
        path: path.display().to_string(),
        size: record.settings.size.get(),
        error,
    })
}

/// Replays a record event by event, stopping at the first the rules refuse.
fn replay(record: &SgfRecord) -> Result<Replayed, GameError> {
    let mut game = Game::new(record.settings.clone())?;
    for event in record.events() {
        if let Err(error) = game.apply(event.clone()) {
            let point = match event {
                Event::Play { point, .. } => Some(point),
                _ => None,
            };
            let illegal = Illegal {
                number: game.move_number() + 1,
                color: event.actor(),
                point,
                error,
            };
            return Ok(Replayed {
                game,
                illegal: Some(illegal),
            });
        }
    }
    Ok(Replayed {
        game,
        illegal: None,
    })
}

/// Replays every file and prints a report for each; fails if any file does.
pub fn run(args: &ReplayArgs, lang: Lang) -> ExitCode {
    let mut all_ok = true;
    for path in &args.files {
        let outcome = load_and_replay(path);
        all_ok &= matches!(outcome, Ok(Replayed { illegal: None, .. }));
        if args.json {
            println!("{}", report_json(path, &outcome, lang));
        } else {
            print_text(path, &outcome, lang);
        }
    }
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn print_text(path: &Path, outcome: &Result<Replayed, RecordError>, lang: Lang) {
    let name = visible(&path.display().to_string()).into_owned();
    match outcome {
        Err(error) => eprintln!("{}", visible(&error.told(lang))),
        Ok(Replayed { game, illegal }) => {
            let size = game.settings().size.get();
            match illegal {
                Some(illegal) => println!("{name}: {}", illegal.message(size, lang)),
                None => {
                    let [black, white] = game.captures();
                    let moves = game.move_number();
                    let replayed = Report::Replayed {
                        name: &name,
                        size,
                        moves,
                    };
                    println!("{}", words::report(lang, replayed));
                    for row in game.board().rows() {
                        println!("{row}");
                    }
                    println!(
                        "{}",
                        words::report(lang, Report::Prisoners { black, white })
                    );
                }
            }
        }
    }
}

fn report_json(path: &Path, outcome: &Result<Replayed, RecordError>, lang: Lang) -> Value {
    let file = path.display().to_string();
    match outcome {
        Err(error) => json!({
            "file": file, "size": null, "board": null, "captures": null,
            "moves": 0, "error": error.told(lang),
        }),
        Ok(Replayed { game, illegal }) => {
            let size = game.settings().size.get();
            let [black, white] = game.captures();
            json!({
                "file": file,
                "size": size,
                "board": game.board().rows(),
                "captures": { "B": black, "W": white },
                "moves": game.move_number(),
                "error": illegal.as_ref().map(|i| i.message(size, lang)),
            })
        }
    }
}
