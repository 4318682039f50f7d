//! The watchers' lines (kibitz) in a saved game's SGF: each a comment on
//! the node of the last move standing when it was said, `]` and `\`
//! escaped in the bytes written and read back as typed.

mod common;

use common::{header_with, kibitz_line as line, nine_by_nine, play};

use kaisho_core::{Color, Event};
use kaisho_saves::export::{add_kibitz, record_of, write_record};
use kaisho_saves::log::{GameHeader, GameLog, GameStore};
use kaisho_saves::sgf::{self, Note};

fn header() -> GameHeader {
    header_with("watched", ["Aki", "Ben"], nine_by_nine())
}

#[test]
fn kibitz_goes_on_the_node_it_was_said_at_escaped_and_reads_back_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let mut log = GameLog::create(&store.path_of("watched"), &header()).unwrap();
    for event in [
        play(Color::Black, "E5"),
        play(Color::White, "C3"),
        Event::RequestUndo { by: Color::White },
        Event::DeclineUndo { by: Color::Black },
        play(Color::Black, "G7"),
    ] {
        log.append(&event, None).unwrap();
    }
    drop(log);
    let saved = store.load("watched").unwrap();
    let words = |note: Note<'_>, _: u8| match note {
        Note::Kibitz { name, text } => format!("{name}: {text}"),
        other => format!("{other:?}"),
    };
    let mut record = record_of(&saved, &words);
    let kibitz = [
        line(0, "Chie", "a quiet start"),
        line(2, "Dai", r"C3]? a \slack/ move"),
        line(4, "Chie", "no take-back"),
        line(99, "Dai", "after the end"),
    ];
    add_kibitz(&mut record, &saved, &kibitz, &words);
    let path = dir.path().join("watched.sgf");
    write_record(&saved, &record, &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.contains("C[Chie: a quiet start]"), "{text}");
    // Both on White's C3 after the node's own notes, escaped; the second
    // was said after the declined request, with C3 still the last move.
    let c3 = text.split(";W[cg]C[").nth(1).expect("C3 has a comment");
    assert!(
        c3.contains("outcome: None }\nDai: C3\\]? a \\\\slack/ move\nChie: no take-back] ;B[gc]"),
        "on White's C3, escaped: {text}"
    );
    assert!(
        text.contains(";B[gc]C[Dai: after the end]"),
        "a count past the end goes on the last move: {text}"
    );
    let read = sgf::read_file(&path).unwrap();
    assert_eq!(read.root_comment.as_deref(), Some("Chie: a quiet start"));
    let c3 = read.moves[1].comment.as_deref().unwrap();
    assert!(
        c3.ends_with("\nDai: C3]? a \\slack/ move\nChie: no take-back"),
        "{c3}"
    );
    assert_eq!(read.moves[2].comment.as_deref(), Some("Dai: after the end"));
}

/// A clocked game's export says how it was timed, `TM` and `OT`, and each
/// player's time left after each move, `BL`/`WL` in main time and with
/// `OB`/`OW` the periods left in byo-yomi.
#[test]
fn a_clocked_game_exports_its_time_control() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let mut clocked = header();
    clocked.clock = Some(kaisho_core::clock::TimeControl::Byoyomi {
        main_ms: 600_000,
        periods: 3,
        period_ms: 30_000,
    });
    let mut log = GameLog::create(&store.path_of("watched"), &clocked).unwrap();
    log.append(&play(Color::Black, "E5"), Some(1_500)).unwrap();
    log.append(&play(Color::White, "C3"), Some(601_000))
        .unwrap();
    log.append(&play(Color::Black, "G7"), Some(598_500))
        .unwrap();
    drop(log);
    let saved = store.load("watched").unwrap();
    let words = |note: Note<'_>, _: u8| format!("{note:?}");
    let text = sgf::write(&record_of(&saved, &words));
    assert!(text.contains("TM[600]OT[3x30 byo-yomi]"), "{text}");
    assert!(text.contains(";B[ee]BL[598]"), "{text}");
    assert!(text.contains(";W[cg]WL[30]OW[3]"), "{text}");
    assert!(
        text.contains(";B[gc]BL[0]") || text.contains(";B[gc]BL[30]OB[3]"),
        "{text}"
    );
}
