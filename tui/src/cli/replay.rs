//! `kaisho replay FILE.sgf…`: replays records under the rules and reports
//! the first illegal move or the final position and prisoners.

use clap::Args;
use kaisho_core::{Color, Event, Game, Point};
use kaisho_saves::sgf::{self, SgfRecord};
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
    pub reason: String,
}

impl Illegal {
    /// `move 57 (White D4) is illegal: …`.
    pub(crate) fn message(&self, size: u8) -> String {
        let what = match self.point {
            Some(p) if p.is_on(size) => format!("{} {}", self.color, p.to_gtp(size)),
            Some(p) => format!("{} at [{}], off the board", self.color, p.to_sgf()),
            None => format!("{} pass", self.color),
        };
        format!("move {} ({what}) is illegal: {}", self.number, self.reason)
    }
}

/// A record replayed as far as the rules allow.
pub(crate) struct Replayed {
    /// The game after the last move accepted.
    pub game: Game,
    /// The first move refused, if any.
    pub illegal: Option<Illegal>,
}

/// Reads one SGF file and replays it; every message names the file.
pub(crate) fn load_and_replay(path: &Path) -> Result<Replayed, String> {
    let record = load(path)?;
    replay(&record).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads and parses one SGF file; the message names the file and the problem.
fn load(path: &Path) -> Result<SgfRecord, String> {
    sgf::read_file(path).map_err(|e| e.to_string())
}

/// Replays a record event by event, stopping at the first the rules refuse.
fn replay(record: &SgfRecord) -> Result<Replayed, String> {
    let mut game = Game::new(record.settings.clone())
        .map_err(|e| format!("the set-up stones cannot be placed: {e}"))?;
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
                reason: error.to_string(),
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
pub fn run(args: &ReplayArgs) -> ExitCode {
    let mut all_ok = true;
    for path in &args.files {
        let outcome = load_and_replay(path);
        all_ok &= matches!(outcome, Ok(Replayed { illegal: None, .. }));
        if args.json {
            println!("{}", report_json(path, &outcome));
        } else {
            print_text(path, &outcome);
        }
    }
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn print_text(path: &Path, outcome: &Result<Replayed, String>) {
    let name = path.display();
    match outcome {
        Err(message) => eprintln!("{message}"),
        Ok(Replayed { game, illegal }) => {
            let size = game.settings().size.get();
            match illegal {
                Some(illegal) => println!("{name}: {}", illegal.message(size)),
                None => {
                    let [black, white] = game.captures();
                    let moves = game.move_number();
                    let noun = if moves == 1 { "move" } else { "moves" };
                    println!("{name}: {size}x{size}, {moves} {noun}");
                    for row in game.board().rows() {
                        println!("{row}");
                    }
                    println!("prisoners: Black took {black}, White took {white}");
                }
            }
        }
    }
}

fn report_json(path: &Path, outcome: &Result<Replayed, String>) -> Value {
    let file = path.display().to_string();
    match outcome {
        Err(message) => json!({
            "file": file, "size": null, "board": null, "captures": null,
            "moves": 0, "error": message,
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
                "error": illegal.as_ref().map(|i| i.message(size)),
            })
        }
    }
}
