//! Saved games exported as SGF: kaisho reads them back exactly, and an
//! independent reader (Python's sgfmill) sees the same game.

use kaisho_core::playout::{XorShift, play_randomly};
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Phase, Point, Settings};
use kaisho_saves::export;
use kaisho_saves::log::{GameHeader, GameStore, Player, SavedGame};
use kaisho_saves::sgf::{self, Note};
use std::process::Command;

/// The comments as their facts, so that these tests check where each note
/// goes; the words themselves are the front end's (its catalog's tests).
fn facts(note: Note<'_>, _size: u8) -> String {
    format!("{note:?}")
}

fn header(id: &str, settings: Settings) -> GameHeader {
    let player = |name: &str| Player {
        name: name.into(),
        fingerprint: None,
    };
    GameHeader {
        game_id: id.into(),
        created_unix: 1_795_000_000,
        black: player("Kitani"),
        white: player("Go Seigen"),
        settings,
        local_color: None,
        series: None,
        clock: None,
    }
}

/// A logged game: random play to stoppage, a chat line, a proposal, a
/// counter-proposal marking one black chain dead, and acceptance.
fn finished_game(store: &GameStore, seed: u64, size: u32, handicap: u8) -> SavedGame {
    let size = BoardSize::new(size).unwrap();
    let settings = if handicap > 0 {
        Settings::handicap(size, handicap, Komi::ZERO).unwrap()
    } else {
        Settings::even(size, Komi::MODERN)
    };
    let id = format!("game-{seed}");
    let mut log = store.create(&header(&id, settings.clone())).unwrap();
    let mut game = Game::new(settings).unwrap();
    let mut rng = XorShift::new(seed);
    play_randomly(&mut game, 20_000, || rng.next_u64());
    assert_eq!(game.phase(), Phase::Stopped, "random play ran to stoppage");
    let black_stone = game
        .board()
        .points()
        .find(|&p| game.board().get(p) == Some(Color::Black))
        .unwrap();
    let ending = [
        Event::Propose {
            by: Color::Black,
            dead: vec![],
        },
        Event::Propose {
            by: Color::White,
            dead: vec![black_stone],
        },
        Event::Accept {
            by: Color::Black,
            proposal: 1,
        },
    ];
    for e in ending {
        game.apply(e).unwrap();
    }
    for (i, e) in game.events().iter().enumerate() {
        log.append(e, None).unwrap();
        if i == 3 {
            log.append_chat(Color::White, "yoroshiku").unwrap();
        }
    }
    store.load(&id).unwrap()
}

#[test]
fn an_exported_game_reads_back_with_its_ending_as_comments() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path().join("games"));
    let saved = finished_game(&store, 7, 9, 0);
    let path = export::export_into(&saved, &dir.path().join("exports"), &facts).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let record = sgf::parse(&text).unwrap();
    assert_eq!(
        record.result.as_deref(),
        Some(saved.game.outcome().unwrap().result_string().as_str())
    );
    assert_eq!(record.date.as_deref(), Some("2026-11-18"));
    assert_eq!(record.rules.as_deref(), Some("Japanese"));
    let replayed = Game::replay(record.settings.clone(), &record.events()).unwrap();
    assert_eq!(replayed.board().rows(), saved.game.board().rows());
    let comments: Vec<&str> = record
        .moves
        .iter()
        .filter_map(|m| m.comment.as_deref())
        .collect();
    assert!(
        comments[0].contains("[Go Seigen] yoroshiku"),
        "{comments:?}"
    );
    let last = comments.last().unwrap();
    assert!(last.contains("Propose { by: White"), "{last}");
    assert!(last.contains("proposal: 2"), "{last}");
    assert!(last.contains("Accept { by: Black, proposal: 1 }"), "{last}");
    let score = saved.game.score().unwrap();
    assert_eq!(record.territory[0].len() as u32, score.territory[0]);
    assert_eq!(record.territory[1].len() as u32, score.territory[1]);
}

#[test]
fn adjourned_and_both_lose_games_export_without_a_false_result() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let settings = Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN);
    let mut log = store.create(&header("adj", settings.clone())).unwrap();
    let events = [
        Event::Play {
            color: Color::Black,
            point: Point::new(4, 4),
        },
        Event::Pass {
            color: Color::White,
        },
        Event::Pass {
            color: Color::Black,
        },
    ];
    for e in &events {
        log.append(e, None).unwrap();
    }
    let adjourned = store.load("adj").unwrap();
    let record = export::record_of(&adjourned, &facts);
    assert_eq!(record.result, None);

    log.append(&Event::DeclareBothLose { by: Color::White }, None)
        .unwrap();
    let both_lose = store.load("adj").unwrap();
    let text = sgf::write(&export::record_of(&both_lose, &facts));
    assert!(!text.contains("RE["), "{text}");
    assert!(text.contains("GC[BothLose]"), "{text}");
    assert!(text.contains("DeclareBothLose { by: White }"), "{text}");
}

/// Reads an SGF file with sgfmill and prints what it saw, as JSON.
const SGFMILL_READER: &str = r#"
import json, sys
from sgfmill import sgf, sgf_moves
game = sgf.Sgf_game.from_bytes(open(sys.argv[1], "rb").read())
board, plays = sgf_moves.get_setup_and_moves(game)
for colour, move in plays:
    if move is not None:
        row, col = move
        board.play(row, col, colour)
size = game.get_size()
rows = []
for row in range(size - 1, -1, -1):
    rows.append("".join({"b": "X", "w": "O", None: "."}[board.get(row, col)] for col in range(size)))
root = game.get_root()
print(json.dumps({
    "size": size,
    "komi": game.get_komi(),
    "handicap": game.get_handicap(),
    "result": root.get("RE") if root.has_property("RE") else None,
    "black": game.get_player_name("b"),
    "white": game.get_player_name("w"),
    "moves": len(plays),
    "rows": rows,
}))
"#;

fn sgfmill_available() -> bool {
    Command::new("python3")
        .args(["-c", "import sgfmill"])
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn sgfmill_reads_kaishos_exports_as_the_same_game() {
    if !sgfmill_available() {
        assert!(
            std::env::var_os("CI").is_none(),
            "sgfmill must be installed under CI (.ci/install-sgfmill)"
        );
        eprintln!("sgfmill is not installed: run .ci/install-sgfmill to check against it");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path().join("games"));
    for (seed, size, handicap) in [(1, 9, 0), (2, 13, 0), (3, 19, 4), (4, 9, 2), (5, 19, 9)] {
        let saved = finished_game(&store, seed, size, handicap);
        let path = export::export_into(&saved, &dir.path().join("exports"), &facts).unwrap();
        let output = Command::new("python3")
            .args(["-c", SGFMILL_READER, path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "sgfmill failed on {}: {}",
            path.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        let seen: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(seen["size"], size);
        assert_eq!(
            seen["handicap"],
            if handicap > 0 {
                handicap.into()
            } else {
                serde_json::Value::Null
            }
        );
        assert_eq!(
            seen["komi"].as_f64().unwrap() * 2.0,
            f64::from(saved.game.settings().komi.halves())
        );
        assert_eq!(
            seen["result"].as_str(),
            Some(saved.game.outcome().unwrap().result_string().as_str())
        );
        assert_eq!(seen["black"], "Kitani");
        assert_eq!(seen["white"], "Go Seigen");
        assert_eq!(seen["moves"], saved.game.move_number());
        let rows: Vec<String> = seen["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        assert_eq!(rows, saved.game.board().rows(), "seed {seed}");
    }
}
