//! 待った in the saves: a log of format 3 keeps the request, the answer and
//! the withdrawn move; older logs still load; the SGF export keeps the
//! withdrawn move as a comment and replays to the same position.

mod common;

use common::{header_with, nine_by_nine, play};

use kaisho_core::{Color, Event, Game, Point};
use kaisho_saves::export::record_of;
use kaisho_saves::log::{GameHeader, GameLog, GameStore, read_log};
use kaisho_saves::sgf::{self, Note};
use std::fs;
use std::path::Path;

const GOLDEN_V3: &str = "tests/golden/game-v3.kgl";

fn header(id: &str) -> GameHeader {
    header_with(id, ["Honinbo", "Yasui"], nine_by_nine())
}

/// Black E5, White C3, White asks to take it back, Black declines, Black
/// G7, Black asks, White agrees (G7 withdrawn), Black G3, White D4.
fn events() -> Vec<Event> {
    use Color::{Black as B, White as W};
    vec![
        play(B, "E5"),
        play(W, "C3"),
        Event::RequestUndo { by: W },
        Event::DeclineUndo { by: B },
        play(B, "G7"),
        Event::RequestUndo { by: B },
        Event::AcceptUndo { by: W },
        play(B, "G3"),
        play(W, "D4"),
    ]
}

/// The golden game of format version 3, written by this build at `path`:
/// the first two moves, a chat line, then the rest with the undos.
fn golden_v3_game(path: &Path) {
    let mut log = GameLog::create(path, &header("golden-v3")).unwrap();
    for e in events() {
        log.append(&e, None).unwrap();
        if e == play(Color::Black, "G7") {
            log.append_chat(Color::Black, "chotto matte").unwrap();
        }
    }
}

/// Writes the golden file; run by hand only when a format version is first released.
#[test]
#[ignore = "writes the golden file of format version 3"]
fn write_golden_v3_log() {
    let _ = fs::remove_file(GOLDEN_V3);
    golden_v3_game(Path::new(GOLDEN_V3));
}

/// Format version 3 as first released must load forever.
#[test]
fn golden_v3_log_loads_with_its_undos() {
    let contents = read_log(Path::new(GOLDEN_V3)).unwrap();
    assert_eq!(contents.format, 3);
    let logged: Vec<Event> = contents.events.iter().map(|l| l.event.clone()).collect();
    assert_eq!(logged, events());
    let game = Game::replay(contents.header.settings.clone(), &logged).unwrap();
    assert_eq!(game.move_number(), 4);
    assert_eq!(game.board().get(Point::parse_gtp("G7", 9).unwrap()), None);
}

#[test]
fn this_build_writes_undos_exactly_as_the_v3_golden_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("again.kgl");
    golden_v3_game(&path);
    assert_eq!(fs::read(&path).unwrap(), fs::read(GOLDEN_V3).unwrap());
}

/// A log stays format 1 until its first undo, which marks it format 3.
#[test]
fn the_first_undo_raises_the_log_to_format_3() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.kgl");
    let mut log = GameLog::create(&path, &header("g")).unwrap();
    let events = events();
    for e in &events[..2] {
        log.append(e, None).unwrap();
    }
    assert_eq!(read_log(&path).unwrap().format, 1);
    log.append(&events[2], None).unwrap();
    assert_eq!(read_log(&path).unwrap().format, 3);
    assert_eq!(fs::read(&path).unwrap()[8], 3);
}

#[test]
fn older_golden_logs_still_load() {
    for (file, format) in [
        ("tests/golden/game-v1.kgl", 1),
        ("tests/golden/game-v2.kgl", 2),
    ] {
        let contents = read_log(Path::new(file)).unwrap();
        assert_eq!(contents.format, format, "{file}");
        assert_eq!(contents.events.len(), 12, "{file}");
    }
}

/// The SGF's main line is the moves that stand; the withdrawn one is named
/// in a comment on the node before it, and the file replays to the game.
#[test]
fn the_sgf_keeps_the_withdrawn_move_as_a_comment() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    golden_v3_game(&store.path_of("golden-v3"));
    let saved = store.load("golden-v3").unwrap();
    let facts = |note: Note<'_>, size: u8| match note {
        Note::Withdrawn {
            event: Event::Play { color, point },
            by,
        } => format!("withdrawn {color:?} {} by {by:?}", point.to_gtp(size)),
        other => format!("{other:?}"),
    };
    let record = record_of(&saved, &facts);
    let text = sgf::write(&record);
    assert!(text.contains("withdrawn Black G7 by White"), "{text}");
    assert!(text.contains("RequestUndo { by: White }"), "{text}");
    assert!(text.contains("DeclineUndo { by: Black }"), "{text}");
    assert!(text.contains("chotto matte"), "{text}");
    assert!(
        !text.contains(";B[gc]"),
        "G7 is not on the main line: {text}"
    );
    let read = sgf::parse(&text).unwrap();
    let replayed = Game::replay(read.settings.clone(), &read.events()).unwrap();
    assert_eq!(replayed.board(), saved.game.board());
    assert_eq!(replayed.move_number(), 4);
}
