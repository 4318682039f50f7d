//! What an import costs the disk: `kaisho games import` flushes the same
//! few times for a record of 30 moves as for one of 300, not once per move.
//! The flushes are counted with strace (`.ci/install-strace`), not timed.

use kaisho_core::playout::{XorShift, play_randomly};
use kaisho_core::{BoardSize, Event, Game, Komi, Settings};
use std::path::Path;
use std::process::Command;

/// A random legal 19×19 game of `moves` moves as SGF.
fn record(moves: usize) -> String {
    let mut game = Game::new(Settings::even(BoardSize::NINETEEN, Komi::MODERN)).unwrap();
    let mut rng = XorShift::new(7);
    play_randomly(&mut game, moves, || rng.next_u64());
    let mut text = String::from("(;GM[1]FF[4]SZ[19]KM[6.5]");
    for event in game.events() {
        let Event::Play { color, point } = event else {
            panic!("a random game of {moves} moves is all plays, not {event:?}");
        };
        text.push_str(&format!(";{}[{}]", color.letter(), point.to_sgf()));
    }
    assert_eq!(game.events().len(), moves);
    text + ")"
}

/// Imports a record of `moves` moves into a fresh home under strace: the
/// flushes (`fsync`, `fdatasync`) the import made.
fn flushes_to_import(dir: &Path, moves: usize) -> usize {
    let (sgf, home, trace) = (
        dir.join(format!("{moves}.sgf")),
        dir.join(format!("home-{moves}")),
        dir.join(format!("{moves}.trace")),
    );
    std::fs::write(&sgf, record(moves)).unwrap();
    let out = Command::new("strace")
        .args(["-f", "-qq", "-e", "trace=fsync,fdatasync", "-o"])
        .arg(&trace)
        .arg(env!("CARGO_BIN_EXE_kaisho"))
        .arg("--home")
        .arg(&home)
        .args(["games", "import"])
        .arg(&sgf)
        .output()
        .expect("strace runs (.ci/install-strace installs it)");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.contains(&format!("{moves} moves")),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&trace)
        .unwrap()
        .lines()
        .filter(|line| line.contains("fsync(") || line.contains("fdatasync("))
        .count()
}

#[test]
fn an_import_flushes_as_often_for_300_moves_as_for_30() {
    let dir = tempfile::tempdir().unwrap();
    let short = flushes_to_import(dir.path(), 30);
    let long = flushes_to_import(dir.path(), 300);
    assert_eq!(
        long, short,
        "300 moves flushed {long} times, 30 moves {short}"
    );
    assert!(short <= 6, "{short} flushes for one import");
}
