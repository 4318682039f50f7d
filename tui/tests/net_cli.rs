//! Two real `kaisho` processes on loopback: host and join play a short
//! game from scripts; and a joiner killed mid-game comes back with
//! `--resume` and the game finishes with identical logs.

mod common;

use common::{aki_ben_series, ben_wins};
use kaisho_core::{Color, Event, Point};
use kaisho_saves::log::read_log;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

const KAISHO: &str = env!("CARGO_BIN_EXE_kaisho");

/// Every wait for a line is bounded by this.
const LIMIT: Duration = Duration::from_secs(40);

struct Proc {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Proc {
    fn start(home: &Path, args: &[&str]) -> Proc {
        let mut child = Command::new(KAISHO)
            .arg("--home")
            .arg(home)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let out: ChildStdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Proc {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for a line starting with `prefix` and returns it.
    fn expect(&mut self, prefix: &str) -> String {
        loop {
            match self.lines.recv_timeout(LIMIT) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.starts_with(prefix) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no line '{prefix}…' after {:?}; saw {:#?}",
                    LIMIT, self.seen
                ),
            }
        }
    }

    fn say(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    fn finish(&mut self) -> i32 {
        drop(self.child.stdin.take());
        for _ in 0..400 {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().unwrap_or(-1);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        panic!("the process did not exit; saw {:#?}", self.seen);
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `kaisho host` on a free loopback port with a 9×9 board and `args`.
fn host_on_loopback(home: &Path, args: &[&str]) -> Proc {
    let base = ["host", "--bind", "127.0.0.1", "--port", "0", "--size", "9"];
    let all: Vec<&str> = base.iter().chain(args).copied().collect();
    Proc::start(home, &all)
}

fn script(dir: &Path, name: &str, lines: &[&str]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.to_string_lossy().into_owned()
}

fn game_log(home: &Path, id: &str) -> kaisho_saves::log::LogContents {
    read_log(&home.join("data/games").join(format!("{id}.kgl"))).unwrap()
}

#[test]
fn two_processes_play_a_short_game() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let b = script(dir.path(), "b.txt", &["E5", "C3", "pass", "propose"]);
    let w = script(dir.path(), "w.txt", &["D4", "G7", "pass", "accept"]);
    let mut host = host_on_loopback(
        &hh,
        &["--color", "black", "--name", "Honinbo", "--script", &b],
    );
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let mut join = Proc::start(&jh, &["join", &code, "--name", "Kitani", "--script", &w]);
    assert!(join.expect("connected to ").contains("Honinbo"));
    let id = join.expect("game ")["game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let (hl, jl) = (game_log(&hh, &id), game_log(&jh, &id));
    assert_eq!(hl.events, jl.events);
    assert_eq!(hl.events.len(), 8);
}

#[test]
fn a_killed_joiner_rejoins_and_the_game_finishes() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let b = script(dir.path(), "b.txt", &["E5", "C3", "pass", "propose"]);
    let mut host = host_on_loopback(
        &hh,
        &[
            "--color", "black", "--name", "Honinbo", "--script", &b, "--wait", "30",
        ],
    );
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let addr = code.split(' ').next().unwrap().to_string();
    let mut join = Proc::start(&jh, &["join", &code, "--name", "Kitani", "--script", "-"]);
    let id = join.expect("game ")["game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    join.say("D4");
    join.expect("event 3: Black C3");
    join.child.kill().unwrap();
    join.child.wait().unwrap();

    let mut again = Proc::start(
        &jh,
        &[
            "join", &addr, "--resume", &id, "--name", "Kitani", "--script", "-", "--wait", "30",
        ],
    );
    host.expect("the partner is back");
    again.expect("game ");
    again.say("pass");
    again.say("accept");
    let result = again.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(again.finish(), 0);
    assert_eq!(host.finish(), 0);
    let (hl, jl) = (game_log(&hh, &id), game_log(&jh, &id));
    assert_eq!(hl.events, jl.events);
    assert_eq!(hl.events.len(), 7);
}

#[test]
fn a_series_game_between_two_processes_is_recorded_on_both_sides() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    aki_ben_series(&hh, &ben_wins(3));
    aki_ben_series(&jh, &ben_wins(3));
    // Game 4: Aki, the weaker, has Black at 先相先 and resigns.
    let b = script(dir.path(), "b.txt", &["resign"]);
    let mut host = host_on_loopback(
        &hh,
        &["--name", "Aki", "--series", "aki-ben", "--script", &b],
    );
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let mut join = Proc::start(
        &jh,
        &[
            "join", &code, "--name", "Ben", "--series", "aki-ben", "--script", "-",
        ],
    );
    assert_eq!(
        join.expect("game ").split(": ").nth(1),
        Some("you play White")
    );
    assert_eq!(join.expect("result: "), "result: W+R");
    for proc in [&mut host, &mut join] {
        let line = proc.expect("Series aki-ben, game 4");
        assert!(line.contains("Ben"), "{line}");
    }
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let load = |home: &Path| {
        kaisho_saves::series::SeriesStore::new(&kaisho_saves::places::Places::under(home))
            .load(&kaisho_saves::series::SeriesId::parse("aki-ben").unwrap())
            .unwrap()
    };
    assert_eq!(load(&hh), load(&jh));
    assert_eq!(load(&hh).games().len(), 4);
}

/// Plain mode plays over the LAN as well: the same update and network
/// task as the screen, one line per event, commands typed as lines.
#[test]
fn two_plain_mode_players_play_a_game_over_the_lan() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let mut host = Proc::start(&hh, &["--plain", "--listen", "127.0.0.1"]);
    host.expect("kaisho plain mode");
    host.say("host 9 6.5 0 0");
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    assert!(code.starts_with("127.0.0.1:"), "{code}");
    let mut join = Proc::start(&jh, &["--plain"]);
    join.expect("kaisho plain mode");
    join.say(&format!("join {code}"));
    let joined = join.expect("game ");
    host.expect("game ");
    // Nigiri decided the colours: whoever has Black moves first.
    let (mut black, mut white) = if joined.contains("you play Black") {
        (join, host)
    } else {
        (host, join)
    };
    black.say("play E5");
    white.expect("move 1, Black E5");
    white.say("chat good game");
    black.expect("Player: good game");
    white.say("play D4");
    black.expect("move 2, White D4");
    black.say("pass");
    white.expect("move 3, Black passes");
    white.say("pass");
    black.expect("the game is stopped");
    black.say("propose dead");
    white.expect("proposal 1 by Black");
    white.say("accept");
    for side in [&mut black, &mut white] {
        let line = side.expect("White accepts proposal 1");
        assert!(line.contains("W+6.5"), "{line}");
        side.say("quit");
        assert_eq!(side.finish(), 0);
    }
}

/// 待った between two processes: Black asks twice, White declines then
/// accepts; both logs hold the same events, the withdrawn move included.
#[test]
fn two_processes_take_a_move_back_by_consent() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let b = script(
        dir.path(),
        "b.txt",
        &["E5", "undo", "undo", "G7", "pass", "propose"],
    );
    let w = script(
        dir.path(),
        "w.txt",
        &["decline-undo", "accept-undo", "C3", "pass", "accept"],
    );
    let mut host = host_on_loopback(
        &hh,
        &["--color", "black", "--name", "Honinbo", "--script", &b],
    );
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let mut join = Proc::start(&jh, &["join", &code, "--name", "Kitani", "--script", &w]);
    let id = join.expect("game ")["game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let (hl, jl) = (game_log(&hh, &id), game_log(&jh, &id));
    assert_eq!(hl.events, jl.events);
    let events: Vec<Event> = hl.events.iter().map(|l| l.event.clone()).collect();
    let (b, w) = (Color::Black, Color::White);
    let at = |name: &str| Point::parse_gtp(name, 9).unwrap();
    assert_eq!(
        events,
        [
            Event::Play {
                color: b,
                point: at("E5")
            },
            Event::RequestUndo { by: b },
            Event::DeclineUndo { by: w },
            Event::RequestUndo { by: b },
            Event::AcceptUndo { by: w },
            Event::Play {
                color: b,
                point: at("G7")
            },
            Event::Play {
                color: w,
                point: at("C3")
            },
            Event::Pass { color: b },
            Event::Pass { color: w },
            Event::Propose {
                by: b,
                dead: vec![]
            },
            Event::Accept { by: w, proposal: 0 },
        ]
    );
}
