//! The watchers' lines (kibitz) in the game log (format 5): written once
//! the players may see them, read back in order with their places, kept by
//! every record made of the log later (an export, a review's kept record),
//! and refused when they do not fit the game they are logged in.

mod common;

use common::{header_with, kibitz_line as line, nine_by_nine, play};

use kaisho_core::Color;
use kaisho_saves::export::record_of;
use kaisho_saves::log::{GameHeader, GameLog, GameStore, LogError, read_log};
use kaisho_saves::sgf::{self, KibitzLine, Note};
use std::fs;
use std::path::Path;

const GOLDEN_V5: &str = "tests/golden/game-v5.kgl";

fn header() -> GameHeader {
    header_with("watched", ["Aki", "Ben"], nine_by_nine())
}

fn lines() -> Vec<KibitzLine> {
    vec![
        line(0, "Chie", "a quiet start"),
        line(2, "Dai", "C3 is slow"),
    ]
}

/// Two moves, then the watchers' lines: the game of the golden file.
fn golden_v5_game(path: &Path) {
    let mut log = GameLog::create(path, &header()).unwrap();
    log.append(&play(Color::Black, "E5"), None).unwrap();
    log.append(&play(Color::White, "C3"), None).unwrap();
    log.append_kibitz(&lines()).unwrap();
}

#[test]
#[ignore = "writes the golden file of format version 5"]
fn write_golden_v5_log() {
    let _ = fs::remove_file(GOLDEN_V5);
    golden_v5_game(Path::new(GOLDEN_V5));
}

/// Format version 5 as first released must load forever.
#[test]
fn golden_v5_log_loads_with_its_watchers_lines() {
    let contents = read_log(Path::new(GOLDEN_V5)).unwrap();
    assert_eq!(contents.format, 5);
    assert_eq!(contents.events.len(), 2);
    assert_eq!(contents.kibitz, lines());
}

#[test]
fn this_build_writes_watchers_lines_exactly_as_the_v5_golden_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("again.kgl");
    golden_v5_game(&path);
    assert_eq!(fs::read(&path).unwrap(), fs::read(GOLDEN_V5).unwrap());
}

/// A log stays the format it was until its first watcher's line, which
/// marks it format 5; an older build then refuses it by its version, not
/// as damage.
#[test]
fn the_first_watchers_line_raises_the_log_to_format_5() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.kgl");
    let mut log = GameLog::create(&path, &header()).unwrap();
    log.append(&play(Color::Black, "E5"), None).unwrap();
    log.append_kibitz(&[]).unwrap();
    assert_eq!(read_log(&path).unwrap().format, 1, "nothing to keep");
    log.append_kibitz(&lines()[..1]).unwrap();
    assert_eq!(read_log(&path).unwrap().format, 5);
    assert_eq!(fs::read(&path).unwrap()[8], 5);
}

/// A line placed after more events than the log holds is refused with
/// nothing written, as is one over the lengths a log reads back.
#[test]
fn a_watchers_line_that_does_not_fit_the_log_is_refused_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.kgl");
    let mut log = GameLog::create(&path, &header()).unwrap();
    log.append(&play(Color::Black, "E5"), None).unwrap();
    let before = fs::read(&path).unwrap();
    let late = [
        line(0, "Chie", "fine"),
        line(2, "Dai", "after no event yet"),
    ];
    assert!(matches!(
        log.append_kibitz(&late),
        Err(LogError::Refused { .. })
    ));
    let long = [line(1, "Dai", &"x".repeat(501))];
    assert!(matches!(
        log.append_kibitz(&long),
        Err(LogError::Refused { .. })
    ));
    assert_eq!(fs::read(&path).unwrap(), before, "nothing written");
}

/// The report: kibitz shown to both players was in neither export, and
/// after a review together it was gone from every copy (`games export`
/// too). A record made of the log now keeps the lines where they were said.
#[test]
fn every_record_made_of_the_log_keeps_the_watchers_lines() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    golden_v5_game(&store.path_of("watched"));
    let saved = store.load("watched").unwrap();
    let words = |note: Note<'_>, _: u8| match note {
        Note::Kibitz { name, text } => format!("{name}: {text}"),
        other => format!("{other:?}"),
    };
    let text = sgf::write(&record_of(&saved, &words));
    assert!(text.contains("C[Chie: a quiet start]"), "{text}");
    assert!(text.contains(";W[cg]C[Dai: C3 is slow]"), "{text}");
}
