//! A review's addition the disk refused (full, or its folder unwritable)
//! is written once more when the review is left — by `quit` or at the
//! end of plain mode's input — and when that fails too, kaisho says what
//! is lost instead of losing it silently.

mod common;

use common::procs::Proc;
use kaisho_core::{BoardSize, Color, Event, Komi, Point, Settings};
use kaisho_saves::log::{GameHeader, GameStore, Player};
use kaisho_saves::places::Places;
use std::path::{Path, PathBuf};

const ID: &str = "g1";

/// A saved 9×9 game of two moves under `home`; its games folder.
fn saved_game(home: &Path) -> PathBuf {
    let games = Places::under(home).games_dir();
    let store = GameStore::new(&games);
    let player = |name: &str| Player {
        name: name.into(),
        fingerprint: None,
    };
    let header = GameHeader {
        game_id: ID.into(),
        created_unix: 1_795_000_000,
        black: player("Aki"),
        white: player("Ben"),
        settings: Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN),
        local_color: None,
        series: None,
        clock: None,
    };
    let mut log = store.create(&header).unwrap();
    for (color, point) in [
        (Color::Black, Point::new(4, 4)),
        (Color::White, Point::new(2, 2)),
    ] {
        log.append(&Event::Play { color, point }, None).unwrap();
    }
    games
}

/// Plain mode reviewing the game, with its record's lock file taken by a
/// folder so that the first addition cannot be written.
fn reviewing_with_a_refused_addition(home: &Path) -> (Proc, PathBuf) {
    let games = saved_game(home);
    let blocker = games.join(format!(".{ID}.sgf.lock"));
    std::fs::create_dir(&blocker).unwrap();
    let mut plain = Proc::start(home, &["--plain"]);
    plain.say(&format!("review {ID}"));
    plain.say("comment worth keeping");
    let said = plain.expect("not kept in the record");
    assert!(said.contains("written with the next addition"), "{said}");
    (plain, blocker)
}

fn kept_record(home: &Path) -> String {
    let path = Places::under(home).games_dir().join(format!("{ID}.sgf"));
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
fn an_addition_the_disk_refused_is_kept_at_quit_once_there_is_room() {
    for leave in ["quit", ""] {
        let home = tempfile::tempdir().unwrap();
        let (mut plain, blocker) = reviewing_with_a_refused_addition(home.path());
        std::fs::remove_dir(&blocker).unwrap();
        if leave.is_empty() {
            // The end of the input leaves as `quit` does.
            drop(plain.child.stdin.take());
        } else {
            plain.say(leave);
        }
        plain.expect(&format!("kept in the record of game {ID}"));
        assert_eq!(plain.finish(), 0);
        assert!(
            kept_record(home.path()).contains("C[worth keeping]"),
            "{leave:?}: {}",
            kept_record(home.path())
        );
    }
}

#[test]
fn an_addition_that_cannot_be_kept_at_quit_either_is_said_to_be_lost() {
    let home = tempfile::tempdir().unwrap();
    let (mut plain, _blocker) = reviewing_with_a_refused_addition(home.path());
    plain.say("quit");
    let said = plain.expect("1 addition of this review could not be kept");
    assert!(said.contains(&format!("record of game {ID}")), "{said}");
    assert_eq!(plain.finish(), 0);
    assert!(!kept_record(home.path()).contains("worth keeping"));
}
