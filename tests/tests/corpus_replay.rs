//! Replays the GNU Go corpus (tests/corpus/, made by make_corpus.py) and
//! checks kaisho against an engine it shares no code with: no move GNU Go
//! accepted may be refused, every empty point GNU Go refused (suicide, ko)
//! must be refused too, and the final board and the captures must equal
//! what GNU Go reported at the end of each game.

use kaisho_core::{Color, Event, Game, GameError, IllegalMove, Point};
use kaisho_saves::sgf;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Fewer records than this means the corpus is missing, not that it passed.
const EXPECTED_RECORDS: usize = 2000;

fn records() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files = Vec::new();
    for kind in ["random", "selfplay"] {
        let dir = root.join(kind);
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}; run make_corpus.py", dir.display()));
        files.extend(
            entries
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "sgf")),
        );
    }
    files.sort();
    files
}

/// What one record exercised.
#[derive(Default)]
struct Tally {
    moves: u64,
    refusals: u64,
}

/// Checks that kaisho refuses `entry` ([move number, colour, SGF point]),
/// which GNU Go refused on an empty point, as suicide or ko.
fn check_refusal(game: &Game, entry: &Value) -> Result<(), String> {
    let size = game.settings().size.get();
    let color = if entry[1] == "B" {
        Color::Black
    } else {
        Color::White
    };
    let point =
        Point::parse_sgf(entry[2].as_str().unwrap_or(""), size).map_err(|e| e.to_string())?;
    match game.check_play(color, point) {
        Err(GameError::Illegal(IllegalMove::Suicide | IllegalMove::Ko)) => Ok(()),
        other => Err(format!(
            "move {}: GNU Go refuses {color} {} but kaisho answers {other:?}",
            entry[0],
            point.to_gtp(size)
        )),
    }
}

/// Replays one record; returns what it exercised, or what went wrong.
fn check(path: &Path) -> Result<Tally, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let expected: Value = serde_json::from_str(
        &std::fs::read_to_string(path.with_extension("json")).map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let record = sgf::parse(&text).map_err(|e| e.to_string())?;
    let mut game = Game::new(record.settings.clone()).map_err(|e| e.to_string())?;
    let mut tally = Tally::default();
    let no_refusals = Vec::new();
    let refused = expected["refused"].as_array().unwrap_or(&no_refusals);
    let mut refused = refused.iter().peekable();
    for event in record.events() {
        if matches!(event, Event::Play { .. } | Event::Pass { .. }) {
            let next = u64::from(game.move_number()) + 1;
            while let Some(entry) = refused.next_if(|e| e[0] == next) {
                check_refusal(&game, entry)?;
                tally.refusals += 1;
            }
        }
        game.apply(event.clone())
            .map_err(|e| format!("move {} {event:?} refused: {e}", game.move_number() + 1))?;
    }
    let board = game.board().rows();
    if serde_json::to_value(&board).unwrap() != expected["board"] {
        return Err(format!(
            "final board differs\nkaisho:\n{}\nGNU Go:\n{}",
            board.join("\n"),
            expected["board"]
        ));
    }
    let [black, white] = game.captures();
    if expected["captures"]["B"] != black || expected["captures"]["W"] != white {
        return Err(format!(
            "captures differ: kaisho B {black} W {white}, GNU Go {}",
            expected["captures"]
        ));
    }
    if expected["moves"] != game.move_number() {
        return Err(format!(
            "kaisho replayed {} moves, the record has {}",
            game.move_number(),
            expected["moves"]
        ));
    }
    if let Some(entry) = refused.next() {
        return Err(format!("refusal {entry} lies beyond the last move"));
    }
    tally.moves = u64::from(game.move_number());
    Ok(tally)
}

#[test]
fn every_gnugo_game_replays_to_gnugos_final_position() {
    let started = Instant::now();
    let files = records();
    assert!(
        files.len() >= EXPECTED_RECORDS,
        "only {} records in tests/corpus; regenerate with make_corpus.py",
        files.len()
    );
    let mut total = Tally::default();
    let mut failures = Vec::new();
    for path in &files {
        match check(path) {
            Ok(t) => {
                total.moves += t.moves;
                total.refusals += t.refusals;
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    eprintln!(
        "corpus: {} records, {} moves replayed, {} refusals checked, in {:.2?}",
        files.len(),
        total.moves,
        total.refusals,
        started.elapsed()
    );
    assert!(
        failures.is_empty(),
        "{} of {} records disagree with GNU Go:\n{}",
        failures.len(),
        files.len(),
        failures[..failures.len().min(10)].join("\n")
    );
    assert!(
        total.refusals > 0,
        "the corpus has no refused points to check"
    );
}
