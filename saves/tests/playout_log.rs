//! The play-out (確認) in the saves: a log of format 4 keeps its opening,
//! scratch moves and closing; older logs still load; the SGF export writes
//! it as a variation beside the main line, which still replays to the game.

mod common;

use common::{header_with, p};

use kaisho_core::confirm::Verdict;
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Point, Settings};
use kaisho_saves::export::record_of;
use kaisho_saves::log::{GameHeader, GameLog, GameStore, read_log};
use kaisho_saves::sgf::{self, Note};
use std::fs;
use std::path::Path;

const GOLDEN_V4: &str = "tests/golden/game-v4.kgl";

/// The bent four in the corner (簡明 日本囲碁規約 テーマ1 A).
const BENT_FOUR: [&str; 9] = [
    "XX.OX....",
    "X.OOX....",
    "OOOXX....",
    "XXXX.....",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
];

fn settings() -> Settings {
    let mut setup = Vec::new();
    for (row, line) in BENT_FOUR.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            let color = match c {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            setup.push((color, Point::new(col as u8, row as u8)));
        }
    }
    Settings {
        setup,
        ..Settings::even(BoardSize::new(9).unwrap(), Komi::from_halves(13))
    }
}

fn header(id: &str) -> GameHeader {
    header_with(id, ["Honinbo", "Yasui"], settings())
}

/// Black plays F5, White F3; both pass; White opens a play-out on D9 and
/// it goes as テーマ1 10–11図; Black closes it; White proposes D9 dead.
fn events() -> Vec<Event> {
    use Color::{Black as B, White as W};
    let play = |color, name| Event::Play {
        color,
        point: p(name),
    };
    let scratch = |color, name| Event::PlayoutPlay {
        color,
        point: p(name),
    };
    vec![
        play(B, "F5"),
        play(W, "F3"),
        Event::Pass { color: B },
        Event::Pass { color: W },
        Event::OpenPlayout {
            by: W,
            area: vec![p("D9")],
        },
        scratch(B, "C9"),
        scratch(W, "B8"),
        scratch(B, "B9"),
        scratch(W, "A9"),
        scratch(B, "A8"),
        Event::PlayoutPass { color: W },
        scratch(B, "C9"),
        Event::ClosePlayout { by: B },
        Event::Propose {
            by: W,
            dead: vec![p("D9")],
        },
    ]
}

/// The golden game of format version 4, written by this build at `path`.
fn golden_v4_game(path: &Path) {
    let mut log = GameLog::create(path, &header("golden-v4")).unwrap();
    for e in events() {
        log.append(&e, None).unwrap();
    }
}

/// Writes the golden file; run by hand only when a format version is first released.
#[test]
#[ignore = "writes the golden file of format version 4"]
fn write_golden_v4_log() {
    let _ = fs::remove_file(GOLDEN_V4);
    golden_v4_game(Path::new(GOLDEN_V4));
}

/// Format version 4 as first released must load forever.
#[test]
fn golden_v4_log_loads_with_its_play_out() {
    let contents = read_log(Path::new(GOLDEN_V4)).unwrap();
    assert_eq!(contents.format, 4);
    let logged: Vec<Event> = contents.events.iter().map(|l| l.event.clone()).collect();
    assert_eq!(logged, events());
    let game = Game::replay(contents.header.settings.clone(), &logged).unwrap();
    assert_eq!(game.move_number(), 4);
    assert_eq!(
        game.confirmed()[0].verdict,
        Verdict::Captured {
            reestablished: Vec::new()
        }
    );
    assert_eq!(game.board().get(p("D9")), Some(Color::White));
}

#[test]
fn this_build_writes_play_outs_exactly_as_the_v4_golden_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("again.kgl");
    golden_v4_game(&path);
    assert_eq!(fs::read(&path).unwrap(), fs::read(GOLDEN_V4).unwrap());
}

/// A log stays format 1 until its play-out opens, which marks it format 4.
#[test]
fn the_first_play_out_raises_the_log_to_format_4() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.kgl");
    let mut log = GameLog::create(&path, &header("g")).unwrap();
    let events = events();
    for e in &events[..4] {
        log.append(e, None).unwrap();
    }
    assert_eq!(read_log(&path).unwrap().format, 1);
    log.append(&events[4], None).unwrap();
    assert_eq!(read_log(&path).unwrap().format, 4);
    assert_eq!(fs::read(&path).unwrap()[8], 4);
}

#[test]
fn older_golden_logs_still_load_in_this_build() {
    for (file, format) in [
        ("tests/golden/game-v1.kgl", 1),
        ("tests/golden/game-v2.kgl", 2),
        ("tests/golden/game-v3.kgl", 3),
    ] {
        let contents = read_log(Path::new(file)).unwrap();
        assert_eq!(contents.format, format, "{file}");
        assert!(!contents.events.is_empty(), "{file}");
    }
}

/// The SGF keeps the scratch moves as a variation beside the last pass,
/// which it repeats, the main line first and ending on the last pass with
/// no empty node; read back, the main line is the game.
#[test]
fn the_sgf_writes_the_play_out_as_a_variation() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    golden_v4_game(&store.path_of("golden-v4"));
    let saved = store.load("golden-v4").unwrap();
    let facts = |note: Note<'_>, _size: u8| match note {
        Note::Event {
            event: Event::OpenPlayout { by, .. },
            ..
        } => format!("play-out opened by {by:?}"),
        Note::Event {
            event: Event::ClosePlayout { by },
            ..
        } => format!("play-out closed by {by:?}"),
        other => format!("{other:?}"),
    };
    let record = record_of(&saved, &facts);
    assert_eq!(record.variations.len(), 1);
    assert_eq!(record.variations[0].after, 4);
    let text = sgf::write(&record);
    assert!(
        text.contains("\n(;W[] ;B[ca]C[play-out opened by White] ;W[bb]"),
        "{text}"
    );
    assert!(!text.contains("(;)"), "no empty node: {text}");
    assert!(
        text.contains(
            ";W[] ;B[ca]C[play-out closed by Black\nVerdict(Captured { reestablished: [\\] })])"
        ),
        "{text}"
    );
    let trees = sgf_parse::go::parse(&text).expect("the whole tree is valid SGF");
    let branch = trees[0]
        .main_variation()
        .nth(3)
        .expect("the node before the last pass");
    assert_eq!(
        branch.children().count(),
        2,
        "the main line and the play-out"
    );
    let main: Vec<_> = trees[0].main_variation().collect();
    assert_eq!(main.len(), 5, "the root and four moves, nothing after");
    assert!(
        main[4].get_move().is_some(),
        "the last node is the last pass"
    );
    let read = sgf::parse(&text).unwrap();
    assert_eq!(
        read.moves.len(),
        4,
        "the scratch moves are not on the main line"
    );
    let replayed = Game::replay(read.settings.clone(), &read.events()).unwrap();
    assert_eq!(replayed.board(), saved.game.board());
}
