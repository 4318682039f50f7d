//! Two real `kaisho` processes on loopback: host and join play a short
//! game from scripts; and a joiner killed mid-game comes back with
//! `--resume` and the game finishes with identical logs.

mod common;

use common::procs::{KAISHO, Proc, black_hosts_white, host_on_loopback, script};
use common::{aki_ben_series, ben_wins, english_lines};
use kaisho_core::{Color, Event, Point};
use kaisho_saves::log::read_log;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn game_log(home: &Path, id: &str) -> kaisho_saves::log::LogContents {
    read_log(&home.join("data/games").join(format!("{id}.kgl"))).unwrap()
}

#[test]
fn two_processes_play_a_short_game() {
    let dir = tempfile::tempdir().unwrap();
    let b = script(dir.path(), "b.txt", &["E5", "C3", "pass", "propose"]);
    let w = script(dir.path(), "w.txt", &["D4", "G7", "pass", "accept"]);
    let (_, events, joiner_saw) = lan_game(
        dir.path(),
        &["--color", "black", "--name", "Honinbo", "--script", &b],
        &["--name", "Kitani", "--script", &w],
    );
    let connected = joiner_saw.iter().find(|l| l.starts_with("connected to "));
    assert!(
        connected.is_some_and(|l| l.contains("Honinbo")),
        "{joiner_saw:?}"
    );
    assert_eq!(events.len(), 8);
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
    join.expect("event 3: move 3, Black C3");
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
    let (_, events) = both_end(&mut host, &mut again, [&hh, &jh], &id);
    assert_eq!(events.len(), 7);
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
    let (mut black, mut white, _) = plain_pair(&hh, &jh);
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

/// Two plain-mode players on loopback, the host in `hh` hosting a 9×9
/// game and the joiner in `jh` joining it: Black, White, and the watch
/// code the host printed.
fn plain_pair(hh: &Path, jh: &Path) -> (Proc, Proc, String) {
    let mut host = Proc::start(hh, &["--plain", "--listen", "127.0.0.1"]);
    host.expect("kaisho plain mode");
    host.say("host 9 6.5 0 0");
    // The join code first, the one read out to the partner.
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let watch = host.expect("watch: ")["watch: ".len()..].to_string();
    assert!(code.starts_with("127.0.0.1:"), "{code}");
    assert_ne!(watch, code);
    let mut join = Proc::start(jh, &["--plain"]);
    join.expect("kaisho plain mode");
    join.say(&format!("join {code}"));
    let joined = join.expect("game ");
    host.expect("game ");
    // Nigiri decided the colours: whoever has Black moves first.
    if joined.contains("you play Black") {
        (join, host, watch)
    } else {
        (host, join, watch)
    }
}

/// Plain mode watches too: `watch ADDRESS CODE` with the watch code a
/// plain host prints follows the game line by line, and `chat` kibitzes.
#[test]
fn a_plain_mode_watcher_follows_a_plain_mode_game() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh, wh) = (
        dir.path().join("host"),
        dir.path().join("joiner"),
        dir.path().join("watcher"),
    );
    let (mut black, mut white, watch) = plain_pair(&hh, &jh);
    let mut watcher = Proc::start(&wh, &["--plain"]);
    watcher.expect("kaisho plain mode");
    watcher.say(&format!("watch {watch}"));
    watcher.expect("watching game ");
    black.say("play E5");
    white.expect("move 1, Black E5");
    watcher.expect("move 1, Black E5");
    white.say("chat onegaishimasu");
    let said = watcher.expect("chat from ");
    assert!(said.ends_with("(White): onegaishimasu"), "{said}");
    watcher.say("chat thick shape");
    white.say("play D4");
    black.expect("move 2, White D4");
    watcher.expect("move 2, White D4");
    for side in [&mut black, &mut white, &mut watcher] {
        side.say("quit");
        assert_eq!(side.finish(), 0);
    }
}

/// Runs `kaisho join` to its end and returns its status and everything
/// it wrote, standard output then standard error.
fn join_to_end(home: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(KAISHO)
        .arg("--home")
        .arg(home)
        .arg("join")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn the_host_keeps_refusing_after_the_code_is_burned() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let b = script(dir.path(), "b.txt", &["E5"]);
    let mut host = host_on_loopback(&hh, &["--name", "Honinbo", "--script", &b]);
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let (addr, secret) = code.split_once(' ').unwrap();
    let wrong = if secret == "ash-0000-ash" {
        "bay-0000-bay"
    } else {
        "ash-0000-ash"
    };
    for tries_left in ["2 tries", "1 try"] {
        let (status, text) = join_to_end(&jh, &[addr, wrong]);
        assert_ne!(status, 0);
        assert!(
            text.contains(&format!("wrong join code ({tries_left} left)")),
            "{text}"
        );
        assert!(!text.contains("saved and can be resumed"), "{text}");
    }
    for code in [wrong, wrong, secret] {
        let (status, text) = join_to_end(&jh, &[addr, code]);
        assert_ne!(status, 0);
        assert!(text.contains("burned"), "{text}");
        assert!(!text.contains("saved and can be resumed"), "{text}");
    }
    assert!(host.child.try_wait().unwrap().is_none(), "the host stopped");
    assert!(
        !hh.join("data/games").exists()
            || std::fs::read_dir(hh.join("data/games"))
                .unwrap()
                .next()
                .is_none()
    );
}

#[test]
fn a_wrong_address_says_no_host_answered_and_saves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let jh = dir.path().join("joiner");
    let unused = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let addr = unused.local_addr().unwrap().to_string();
    let (status, text) = join_to_end(&jh, &[&addr, "tide-4821-oak"]);
    assert_ne!(status, 0);
    assert!(
        text.contains(&format!("no host answered at {addr}")),
        "{text}"
    );
    assert!(!text.contains("can be resumed"), "{text}");
    let games = jh.join("data/games");
    assert!(!games.exists() || std::fs::read_dir(&games).unwrap().next().is_none());
}

/// The failures of `kaisho join` and `kaisho host` before any game are
/// told in the player's language: no host at the address, a code that
/// cannot be read, a colour that is none, all on loopback only.
#[test]
fn failures_before_a_game_are_told_in_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let jh = dir.path().join("joiner");
    let unused = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let addr = unused.local_addr().unwrap().to_string();
    let ja = ["--lang", "ja"];
    let args: Vec<&str> = ja
        .iter()
        .copied()
        .chain([addr.as_str(), "tide-4821-oak"])
        .collect();
    let (status, text) = join_to_end(&jh, &args);
    assert_ne!(status, 0);
    assert!(
        text.contains(&format!("{addr} に応答する主催者がいません")),
        "{text}"
    );
    let (status, text) = join_to_end(&jh, &["--lang", "ja", "nonsense"]);
    assert_ne!(status, 0);
    assert!(
        text.starts_with("kaisho join: 参加コードが読めません"),
        "{text}"
    );
    let host = Command::new(KAISHO)
        .args(["--home", &jh.display().to_string(), "--lang", "ja", "host"])
        .args(["--bind", "127.0.0.1", "--port", "0", "--color", "purple"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!host.status.success());
    let said = String::from_utf8_lossy(&host.stderr);
    assert!(
        said.contains("--color purple: black (黒)、white (白)、nigiri (ニギリ)"),
        "{said}"
    );
}

#[test]
fn two_members_with_the_default_name_both_play_one_host_named_by_its_config() {
    let dir = tempfile::tempdir().unwrap();
    let hh = dir.path().join("host");
    std::fs::create_dir_all(hh.join("config")).unwrap();
    std::fs::write(hh.join("config/config.toml"), "[player]\nname = \"Aki\"\n").unwrap();
    let b = script(dir.path(), "b.txt", &["E5", "pass", "propose"]);
    let w = script(dir.path(), "w.txt", &["D4", "pass", "accept"]);
    for member in ["first", "second"] {
        let jh = dir.path().join(member);
        let mut host = host_on_loopback(&hh, &["--color", "black", "--script", &b]);
        let code = host.expect("join code: ")["join code: ".len()..].to_string();
        let mut join = Proc::start(&jh, &["join", &code, "--script", &w]);
        assert!(
            join.expect("connected to ")
                .starts_with("connected to Aki ")
        );
        let met = host.expect("connected to ");
        assert!(met.starts_with("connected to Player "), "{met}");
        if member == "second" {
            assert!(met.contains("another player of the same name"), "{met}");
        }
        let result = join.expect("result: ");
        assert_eq!(host.expect("result: "), result);
        assert_eq!(join.finish(), 0);
        assert_eq!(host.finish(), 0);
    }
}

/// A host playing Black with E5, pass, propose on 9×9 under `dir`, and a
/// joiner named `name` playing White from `white`.
fn short_game(dir: &Path, name: &str, white: &[&str]) -> (Proc, Proc) {
    let (host, code) = short_host(dir);
    let w = script(dir, "w.txt", white);
    let args = ["join", &code, "--name", name, "--script", &w];
    let join = Proc::start(&dir.join("joiner"), &args);
    (host, join)
}

/// The host of [`short_game`] and its join code, no joiner yet.
fn short_host(dir: &Path) -> (Proc, String) {
    let b = script(dir, "b.txt", &["E5", "pass", "propose"]);
    let mut host = host_on_loopback(
        &dir.join("host"),
        &["--color", "black", "--name", "Honinbo", "--script", &b],
    );
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    (host, code)
}

#[test]
fn a_joiner_with_a_name_over_the_limit_is_refused_and_the_host_waits_for_its_partner() {
    let dir = tempfile::tempdir().unwrap();
    let (mut host, code) = short_host(dir.path());
    // A rogue with the code and a 65-character name comes first.
    let long = "n".repeat(65);
    let mut rogue = Proc::start_reading_errors(
        &dir.path().join("rogue"),
        &["join", &code, "--name", &long, "--script", "-"],
    );
    assert_ne!(rogue.finish(), 0, "the rogue gets no game");
    let w = script(dir.path(), "w2.txt", &["D4", "pass", "accept"]);
    let mut join = Proc::start(
        &dir.path().join("joiner"),
        &["join", &code, "--name", "Kitani", "--script", &w],
    );
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
}

#[test]
fn a_partners_escape_sequences_never_reach_the_hosts_output() {
    let dir = tempfile::tempdir().unwrap();
    let white = ["chat hi\u{1b}]0;x\u{7}", "D4", "pass", "accept"];
    let (mut host, mut join) = short_game(dir.path(), "Ev\u{1b}[2J\nresult: B+R", &white);
    let met = host.expect("connected to ");
    assert!(
        met.starts_with("connected to Ev␛[2J␊result: B+R ("),
        "{met}"
    );
    assert!(host.expect("chat: ").ends_with("hi␛]0;x␇"));
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let all: Vec<String> = host
        .seen
        .iter()
        .cloned()
        .chain(host.lines.try_iter())
        .collect();
    for line in &all {
        assert!(!line.contains(['\u{1b}', '\u{7}']), "{line:?}");
    }
    let results = all.iter().filter(|l| l.starts_with("result: ")).count();
    assert_eq!(results, 1, "{all:#?}");
}

#[test]
fn a_chat_line_over_the_limit_is_refused_where_typed_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let long = format!("chat {}", "c".repeat(501));
    let white = [long.as_str(), "D4", "pass", "accept"];
    let (mut host, mut join) = short_game(dir.path(), "Kitani", &white);
    let refused = join.expect("refused: ");
    assert!(
        refused.contains("the chat line is 501 characters long; at most 500"),
        "{refused}"
    );
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    assert!(
        !host.seen.iter().any(|l| l.contains("ccccc")),
        "{:#?}",
        host.seen
    );
}

#[test]
fn board_and_help_show_the_position_and_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let white = ["D4", "board", "help", "pass", "accept"];
    let (mut host, mut join) = short_game(dir.path(), "Kitani", &white);
    assert_eq!(join.expect("    A"), "    A B C D E F G H J");
    // Black's pass may arrive before White's script reads `board`: the
    // board then shows the position after it.
    let passed = join
        .seen
        .iter()
        .any(|l| l.starts_with("move 3, ") && l.contains("passes"));
    assert_eq!(join.expect(" 5"), " 5  . . . . X . . . .");
    assert_eq!(join.expect(" 4"), " 4  . . . O . . . . .");
    let (status, turn) = if passed {
        ("move 3;", "White (you) to play")
    } else {
        ("move 2;", "Black (partner) to play")
    };
    let line = join.expect(status);
    assert!(line.ends_with(turn), "{line}");
    assert!(join.expect("commands: ").contains("board, help"));
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
}

/// Waits for both sides' SGF lines and exit statuses, and checks that
/// each side's exports folder holds one SGF file containing `holds`.
fn both_exported(dir: &Path, mut host: Proc, mut join: Proc, status: i32, holds: &str) {
    assert!(join.expect("SGF saved to ").ends_with(".sgf"));
    assert!(host.expect("SGF saved to ").ends_with(".sgf"));
    assert_eq!(join.finish(), status);
    assert_eq!(host.finish(), status);
    for home in ["host", "joiner"] {
        let files: Vec<_> = std::fs::read_dir(dir.join(home).join("data/exports"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(files.len(), 1, "{home}: {files:?}");
        let sgf = std::fs::read_to_string(&files[0]).unwrap();
        assert!(sgf.contains(holds), "{home}: {sgf}");
    }
}

#[test]
fn finished_and_adjourned_games_get_their_sgf_on_both_sides() {
    let dir = tempfile::tempdir().unwrap();
    let (host, mut join) = short_game(dir.path(), "Kitani", &["D4", "pass", "accept"]);
    let result = join.expect("result: ")["result: ".len()..].to_string();
    both_exported(dir.path(), host, join, 0, &format!("RE[{result}]"));

    let dir = tempfile::tempdir().unwrap();
    let (mut host, mut join) = short_game(dir.path(), "Kitani", &["D4", "bye"]);
    assert!(join.expect("adjourned (").contains("we left"));
    assert!(host.expect("adjourned (").contains("the partner left"));
    both_exported(dir.path(), host, join, 2, ";W[df]");
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
    let (mut host, mut join, id) = black_hosts_white(&hh, &jh, &b, &w);
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

/// Writes `text` as the config.toml under `home`.
fn config(home: &Path, text: &str) {
    std::fs::create_dir_all(home.join("config")).unwrap();
    std::fs::write(home.join("config/config.toml"), text).unwrap();
}

/// The undo limit in config.toml holds in `kaisho host` and `join`: Black
/// (limit 1) asks once and is declined, and its second request is refused
/// at home; White (limit 0) may not ask at all. Neither refused request
/// reaches the partner's log.
#[test]
fn host_and_join_refuse_a_request_past_the_configured_undo_limit() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    config(&hh, "[game]\nundo_limit = 1\n");
    config(&jh, "[game]\nundo_limit = 0\n");
    let b = script(
        dir.path(),
        "b.txt",
        &["E5", "undo", "undo", "G7", "pass", "propose"],
    );
    let w = script(
        dir.path(),
        "w.txt",
        &["decline-undo", "D4", "undo", "pass", "accept"],
    );
    let (mut host, mut join, id) = black_hosts_white(&hh, &jh, &b, &w);
    let past = "refused: not yet: no requests to take back a move are left in this game";
    let says_where = "undo_limit under [game] in config.toml";
    assert!(host.expect(past).contains(says_where));
    assert!(join.expect(past).contains(says_where));
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let (hl, jl) = (game_log(&hh, &id), game_log(&jh, &id));
    assert_eq!(hl.events, jl.events);
    let requests: Vec<Event> = hl
        .events
        .iter()
        .map(|l| l.event.clone())
        .filter(|e| matches!(e, Event::RequestUndo { .. }))
        .collect();
    assert_eq!(requests, [Event::RequestUndo { by: Color::Black }]);
}

/// Who corrected game 3 of the series, or takes the partner's copy.
#[derive(Clone, Copy, PartialEq)]
enum Who {
    Host,
    Joiner,
}

/// Aki and Ben's series after Ben's three wins on both sides, with game 3
/// corrected to a draw by `kaisho series correct` on one side
/// (`corrected`); a series game between them, with `--take-correction`
/// given to the side `taker` names, if any.
fn series_with_a_correction(
    dir: &Path,
    corrected: Who,
    taker: Option<Who>,
) -> (Proc, Proc, [PathBuf; 2]) {
    let (hh, jh) = (dir.join("host"), dir.join("joiner"));
    aki_ben_series(&hh, &ben_wins(3));
    aki_ben_series(&jh, &ben_wins(3));
    let fixed = if corrected == Who::Host { &hh } else { &jh };
    let mut fix = Proc::start(fixed, &["series", "correct", "aki-ben", "--winner", "draw"]);
    assert_eq!(fix.finish(), 0);
    let b = script(dir, "b.txt", &["resign"]);
    let mut args = vec![
        "host",
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
        "--size",
        "9",
        "--name",
        "Aki",
        "--series",
        "aki-ben",
        "--script",
        &b,
    ];
    if taker == Some(Who::Host) {
        args.push("--take-correction");
    }
    let mut host = Proc::start_reading_errors(&hh, &args);
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let mut args = vec![
        "join", &code, "--name", "Ben", "--series", "aki-ben", "--script", "-",
    ];
    if taker == Some(Who::Joiner) {
        args.push("--take-correction");
    }
    let join = Proc::start_reading_errors(&jh, &args);
    let file = |home: &Path| {
        kaisho_saves::series::SeriesStore::new(&kaisho_saves::places::Places::under(home))
            .path_of(&kaisho_saves::series::SeriesId::parse("aki-ben").unwrap())
    };
    (host, join, [file(&hh), file(&jh)])
}

/// The two series files after the game: byte-identical, holding Ben's two
/// wins, the corrected draw and the game just played.
fn assert_identical_with_the_draw(files: [PathBuf; 2]) {
    let [h, j] = files.map(|f| std::fs::read(&f).unwrap_or_else(|e| panic!("{f:?}: {e}")));
    assert_eq!(String::from_utf8_lossy(&h), String::from_utf8_lossy(&j));
    let series = kaisho_saves::series::SeriesRecord::from_toml(&String::from_utf8(h).unwrap())
        .unwrap()
        .to_series()
        .unwrap();
    let results: Vec<_> = series.games().iter().map(|g| g.result).collect();
    let (ben, draw) = (
        kaisho_core::series::SeriesResult::Win(kaisho_core::series::Seat::Second),
        kaisho_core::series::SeriesResult::Jigo,
    );
    assert_eq!(results[..3], [ben, ben, draw]);
    assert_eq!(results.len(), 4);
}

/// A correction made on the host's copy is offered to the joiner with the
/// next game; taken, both copies hold the same corrected record, and the
/// game is recorded on both.
/// A series game after a correction on side `corrected`, taken by the
/// other side with --take-correction: the taker says so with `taken`, the
/// game is played, and both copies end identical.
fn a_correction_taken(corrected: Who, taken: &str) {
    let dir = tempfile::tempdir().unwrap();
    let taker = if corrected == Who::Host {
        Who::Joiner
    } else {
        Who::Host
    };
    let (mut host, mut join, files) = series_with_a_correction(dir.path(), corrected, Some(taker));
    let line = if taker == Who::Host {
        host.expect(taken)
    } else {
        join.expect(taken)
    };
    assert!(line.contains("game 3 corrected"), "{line}");
    join.expect("result: ");
    host.expect("result: ");
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    assert_identical_with_the_draw(files);
}

/// A correction made on the host's copy is offered to the joiner with the
/// next game; taken, both copies hold the same corrected record, and the
/// game is recorded on both.
#[test]
fn a_series_correction_taken_by_the_joiner_leaves_both_copies_identical() {
    a_correction_taken(Who::Host, "series aki-ben: the host's correction taken");
}

/// A correction made on the joiner's copy reaches the host: the joiner
/// answers the host's offer with its record, the host (with
/// --take-correction) takes it and offers the game again, and both copies
/// end identical.
#[test]
fn a_series_correction_made_by_the_joiner_is_taken_by_the_host() {
    a_correction_taken(
        Who::Joiner,
        "series aki-ben: the joiner's last result taken",
    );
}

/// Declined (no --take-correction on either side), the game is refused
/// with the difference named on both sides, and neither copy changes,
/// whichever side made the correction.
#[test]
fn a_series_correction_declined_refuses_the_game_and_changes_neither_copy() {
    for corrected in [Who::Host, Who::Joiner] {
        let dir = tempfile::tempdir().unwrap();
        let (mut host, mut join, files) = series_with_a_correction(dir.path(), corrected, None);
        let before = files.clone().map(|f| std::fs::read(f).unwrap());
        let why = "differ in the last result only, and neither side took the other's";
        let refusal = join.expect("kaisho join: ");
        assert!(refusal.contains(why), "{refusal}");
        assert!(refusal.contains("join --take-correction"), "{refusal}");
        assert!(refusal.contains("host --take-correction"), "{refusal}");
        let refused = host.expect("kaisho host: ");
        assert!(refused.contains(why), "{refused}");
        assert_ne!(join.finish(), 0);
        assert_ne!(host.finish(), 0);
        let after = files.map(|f| std::fs::read(f).unwrap());
        assert_eq!(before, after);
    }
}

/// The fingerprint in a "connected" line: the grouped text in brackets.
fn fingerprint_of(line: &str) -> String {
    line.rsplit_once('(')
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(fp, _)| fp.to_string())
        .unwrap_or_default()
}

/// Both sides run under `LANG=ja_JP.UTF-8` and play a whole game on
/// loopback: pairing, moves, the board, stoppage by two passes, a
/// proposal with a dead stone and its acceptance, the count and the
/// result. Every line either player is told is Japanese.
#[test]
fn two_japanese_players_play_a_whole_lan_game_in_japanese() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let b = script(
        dir.path(),
        "b.txt",
        &["E5", "C3", "D6", "pass", "propose dead G7"],
    );
    let w = script(
        dir.path(),
        "w.txt",
        &["D4", "G7", "board", "pass", "accept"],
    );
    let ja = "ja_JP.UTF-8";
    let base = ["host", "--bind", "127.0.0.1", "--port", "0", "--size", "9"];
    let args: Vec<&str> = base
        .iter()
        .copied()
        .chain(["--color", "black", "--name", "Honinbo", "--script", &b])
        .collect();
    let mut host = Proc::start_in_locale(&hh, &args, ja);
    let code = host.expect("参加コード: ")["参加コード: ".len()..].to_string();
    let join_args = ["join", &code, "--name", "Kitani", "--script", &w];
    let mut join = Proc::start_in_locale(&jh, &join_args, ja);
    let met = join.expect("接続: ");
    assert!(met.contains("Honinbo"), "{met}");
    let id = join.expect("対局 ")["対局 ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    assert!(join.expect("記録8: ").contains("死に石 G7"));
    let result = join.expect("結果: ");
    assert_eq!(host.expect("結果: "), result);
    assert!(join.expect("棋譜 (SGF) の保存先: ").ends_with(".sgf"));
    assert!(host.expect("棋譜 (SGF) の保存先: ").ends_with(".sgf"));
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let told = |p: &mut Proc| -> Vec<String> {
        let mut all = p.seen.clone();
        all.extend(p.lines.try_iter());
        all
    };
    let (host_lines, join_lines) = (told(&mut host), told(&mut join));
    let met_host = host_lines.iter().find(|l| l.starts_with("接続: ")).unwrap();
    let (fp_h, fp_j) = (fingerprint_of(met_host), fingerprint_of(&met));
    let exports = |home: &Path| home.join("data/exports").to_string_lossy().into_owned();
    let (he, je) = (exports(&hh), exports(&jh));
    let values = [
        he.as_str(),
        je.as_str(),
        code.as_str(),
        id.as_str(),
        "Honinbo",
        "Kitani",
        &fp_h,
        &fp_j,
        ".sgf",
        // The words typed after the game, which stay as they are typed.
        "review-offer",
        "chat",
        "leave",
    ];
    for lines in [&host_lines, &join_lines] {
        assert!(lines.len() >= 13, "{lines:#?}");
        let english = english_lines(lines, &values);
        assert!(english.is_empty(), "English told: {english:#?}");
    }
    assert!(join_lines.iter().any(|l| l.contains("アゲハマ")));
    let log = game_log(&hh, &id);
    assert_eq!(log.events, game_log(&jh, &id).events);
    let dead = Point::parse_gtp("G7", 9).unwrap();
    assert!(log.events.iter().any(
        |e| matches!(&e.event, Event::Propose { by: Color::Black, dead: d } if *d == vec![dead])
    ));
}

#[test]
fn the_japanese_check_finds_an_english_line() {
    let lines = ["結果: W+6.5".to_string(), "result: W+6.5".to_string()];
    assert_eq!(
        english_lines(&lines, &[]),
        vec!["result: W+6.5".to_string()]
    );
}

/// A LAN game between a host run with `host_args` and a joiner with
/// `join_args`, to its result: the result line both print, the events of
/// the host's log, which the joiner's equals, and the joiner's lines.
fn lan_game(
    dir: &Path,
    host_args: &[&str],
    join_args: &[&str],
) -> (String, Vec<Event>, Vec<String>) {
    let (hh, jh) = (dir.join("host"), dir.join("joiner"));
    let mut host = host_on_loopback(&hh, host_args);
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let args: Vec<&str> = ["join", code.as_str()]
        .iter()
        .chain(join_args)
        .copied()
        .collect();
    let mut join = Proc::start(&jh, &args);
    let id = join.expect("game ")["game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    let (result, events) = both_end(&mut host, &mut join, [&hh, &jh], &id);
    (result, events, join.seen.clone())
}

/// Both processes print the same result and exit cleanly, and the logs
/// under both homes hold the same events of game `id`: the result and the
/// events.
fn both_end(host: &mut Proc, join: &mut Proc, homes: [&Path; 2], id: &str) -> (String, Vec<Event>) {
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let (hl, jl) = (game_log(homes[0], id), game_log(homes[1], id));
    assert_eq!(hl.events, jl.events);
    (result, hl.events.into_iter().map(|e| e.event).collect())
}

/// `kaisho join --engine`: GNU Go takes the joiner's seat (White) and
/// plays against a scripted host over loopback until the host resigns;
/// both logs hold the same game, GNU Go's answers in it. (The host's
/// events win a crossing, so the scripted side is the host.)
#[test]
fn an_engine_joins_a_lan_game_against_a_scripted_player() {
    let gnugo = common::engine::GNUGO;
    assert!(
        Path::new(gnugo).exists(),
        "GNU Go is not installed at {gnugo}"
    );
    let dir = tempfile::tempdir().unwrap();
    let engine = format!("{gnugo} --mode gtp --level 1");
    // C3 waits for GNU Go's first answer; the resignation follows it.
    let b = script(dir.path(), "b.txt", &["E5", "C3", "resign"]);
    let (result, events, _) = lan_game(
        dir.path(),
        &["--color", "black", "--script", &b],
        &["--engine", &engine],
    );
    assert!(result.contains("W+R"), "{result}");
    assert!(
        matches!(
            events[1],
            Event::Play {
                color: Color::White,
                ..
            }
        ),
        "GNU Go answered the first move: {events:?}"
    );
}

/// `kaisho host --engine`: an engine that passes takes the host's seat;
/// at the stoppage it proposes its `final_status_list dead` (none), which
/// the scripted joiner accepts, and the game is counted on both sides.
#[test]
fn an_engine_hosts_a_lan_game_and_proposes_its_dead_stones() {
    let dir = tempfile::tempdir().unwrap();
    let engine = common::engine::fake_engine(dir.path(), "passer");
    let w = script(dir.path(), "w.txt", &["E5", "pass", "accept"]);
    let (result, events, _) = lan_game(
        dir.path(),
        &["--color", "black", "--engine", &engine],
        &["--script", &w],
    );
    assert!(result.contains("W+"), "{result}");
    let proposal = Event::Propose {
        by: Color::Black,
        dead: Vec::new(),
    };
    assert!(
        events.contains(&proposal),
        "the engine proposed: {events:?}"
    );
}

/// `kaisho join --engine` holds its ground as the seat at the screen
/// does: the host's proposal marking the engine's own G7 dead (which
/// kaisho leaves unsettled on this open board) is refused and the
/// engine's list proposed again; the host then accepts it. (The host's
/// events win a crossing, so the scripted side is the host.)
#[test]
fn an_engine_refuses_a_lan_proposal_that_marks_its_stones_dead() {
    let dir = tempfile::tempdir().unwrap();
    let engine = common::engine::fake_engine_with(dir.path(), "passer", "", "G7", "");
    let b = script(dir.path(), "b.txt", &["C3", "pass", "propose G7", "accept"]);
    let (result, events, _) = lan_game(
        dir.path(),
        &["--color", "black", "--script", &b],
        &["--engine", &engine],
    );
    assert!(result.contains('+'), "{result}");
    let theirs = Event::Propose {
        by: Color::Black,
        dead: vec![Point::parse_gtp("G7", 9).unwrap()],
    };
    let at = events
        .iter()
        .position(|e| *e == theirs)
        .unwrap_or_else(|| panic!("proposed: {events:?}"));
    assert_eq!(
        events[at + 1],
        Event::Propose {
            by: Color::White,
            dead: Vec::new()
        },
        "{events:?}"
    );
    assert!(
        matches!(
            events.last(),
            Some(Event::Accept {
                by: Color::Black,
                ..
            })
        ),
        "{events:?}"
    );
}

/// The players adjourn (the report: the watcher said only "watch ended:
/// goodbye"): the watcher process says the game was adjourned and ends.
#[test]
fn a_watcher_process_is_told_the_players_adjourned_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh, wh) = (
        dir.path().join("host"),
        dir.path().join("joiner"),
        dir.path().join("watcher"),
    );
    let args = ["--color", "black", "--script", "-", "--watchers"];
    let mut host = host_on_loopback(&hh, &args);
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let watch_code = host.expect("watch code: ")["watch code: ".len()..].to_string();
    let mut join = Proc::start(&jh, &["join", &code, "--script", "-"]);
    host.expect("game ");
    join.expect("game ");
    let mut watcher = Proc::start(&wh, &["watch", &watch_code, "--name", "Aki"]);
    watcher.expect("watching game ");
    host.say("E5");
    watcher.expect("move 1, Black E5");
    join.say("bye");
    host.expect("adjourned (");
    let ended = watcher.expect("watch ended: ");
    assert!(ended.contains("the players adjourned the game"), "{ended}");
    assert_eq!(watcher.finish(), 0);
    // An adjourned game ends both players' processes with 2.
    assert_eq!((join.finish(), host.finish()), (2, 2));
}

#[test]
fn a_watcher_process_follows_a_game_and_its_kibitz_reaches_both_players_only_after_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh, wh) = (
        dir.path().join("host"),
        dir.path().join("joiner"),
        dir.path().join("watcher"),
    );
    let ow = dir.path().join("other");
    let mut host = host_on_loopback(
        &hh,
        &[
            "--color",
            "black",
            "--name",
            "Honinbo",
            "--script",
            "-",
            "--watchers",
        ],
    );
    // The join code comes first, so the host reads out the right one.
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let watch_code = host.expect("watch code: ")["watch code: ".len()..].to_string();
    assert_ne!(watch_code, code);
    let mut join = Proc::start(&jh, &["join", &code, "--name", "Kitani", "--script", "-"]);
    host.expect("game ");
    join.expect("game ");
    let mut watcher = Proc::start(&wh, &["watch", &watch_code, "--name", "Aki"]);
    watcher.expect("watching game ");
    host.say("E5");
    join.expect("event 1: move 1, Black E5");
    watcher.expect("move 1, Black E5");
    let mut other = Proc::start(&ow, &["watch", &watch_code, "--name", "Ben"]);
    other.expect("move 1, Black E5");
    // A line over the limit is refused where it is typed; the watcher
    // stays, and its next line is sent.
    watcher.say(&"k".repeat(501));
    let refused = watcher.expect("the chat line is ");
    assert!(refused.contains("501 characters long"), "{refused}");
    watcher.say("black is thick");
    other.expect("kibitz from Aki: black is thick");
    join.say("D4");
    host.expect("event 2: move 2, White D4");
    watcher.expect("move 2, White D4");
    host.say("chat onegaishimasu");
    watcher.expect("chat from Honinbo (Black): onegaishimasu");
    host.say("resign");
    watcher.expect("Black resigns");
    for player in [&mut host, &mut join] {
        player.expect("result: ");
        let before_the_end = player.seen.len();
        player.expect("kibitz from Aki: black is thick");
        assert!(
            !player.seen[..before_the_end]
                .iter()
                .any(|l| l.contains("black is thick")),
            "{:#?}",
            player.seen
        );
    }
    // The players stay on after the game, for a review together, until
    // they leave: then the watch ends.
    assert_eq!(host.finish(), 0);
    assert_eq!(join.finish(), 0);
    watcher.expect("watch ended: ");
    assert_eq!(watcher.finish(), 0);
    // Both players' SGF keep the line on the move it was said after.
    let sgf = |player: &Proc| {
        player
            .seen
            .iter()
            .find_map(|l| l.strip_prefix("SGF saved to "))
            .map(|path| std::fs::read_to_string(path).unwrap())
            .expect("each player says where its SGF went")
    };
    let (at_host, at_joiner) = (sgf(&host), sgf(&join));
    assert!(
        at_host.contains(";B[ee]C[[kibitz from Aki: black is thick\\]]"),
        "{at_host}"
    );
    assert_eq!(at_joiner, at_host);
}

/// The moves of Black (`b`) and White (`w`) that build テーマ1 A, the bent
/// four in the corner (`tui/tests/playout.rs`), White passing while Black
/// closes the ring, then both passing: 23 events.
const BENT_FOUR_B: [&str; 12] = [
    "A6", "B6", "C6", "D6", "D7", "E7", "E8", "E9", "A9", "B9", "A8", "pass",
];
const BENT_FOUR_W: [&str; 11] = [
    "A7", "B7", "C7", "C8", "D8", "D9", "pass", "pass", "pass", "pass", "pass",
];

/// The play-out (確認) over the LAN from typed scripts, as 10図–11図 play
/// it: Black opens it on the bent four, White's scratch move out of turn is
/// refused in White's words (Japanese), the white stones are taken, Black
/// closes it, proposes them dead and White accepts. Both logs hold the
/// play-out's events, and the count takes the six white stones as dead.
#[test]
fn a_bent_four_is_played_out_between_two_scripts_and_the_game_ends_with_it_dead() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let mut host = host_on_loopback(
        &hh,
        &["--color", "black", "--name", "Honinbo", "--script", "-"],
    );
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let mut join = Proc::start(
        &jh,
        &[
            "join", "--lang", "ja", &code, "--name", "Kitani", "--script", "-",
        ],
    );
    let id = join.expect("対局 ")["対局 ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    for line in BENT_FOUR_W {
        join.say(line);
    }
    for line in BENT_FOUR_B.iter().chain(&["playout D9"]) {
        host.say(line);
    }
    host.expect("event 24: Black opens a play-out on D9");
    join.expect("記録24: ");
    // White moves before the attacker has: refused, and nothing sent.
    join.say("B8");
    assert_eq!(
        join.expect("拒否: "),
        "拒否: 確認の手番ではありません: 黒の番 (日本囲碁規約 第七条)"
    );
    host.say("C9");
    join.expect("記録25: ");
    // From here each side's step waits for the other's answer.
    for line in ["B8", "A9", "pass"] {
        join.say(line);
    }
    for line in ["B9", "A8", "C9", "board", "close", "propose dead D9"] {
        host.say(line);
    }
    host.expect("event 31: play-out: Black C9");
    let empty_corner = host.expect(" 9 ");
    assert_eq!(empty_corner, " 9  . X X . X . . . .", "the scratch board");
    let closed = host.expect("event 32: Black closes the play-out");
    assert!(
        closed.ends_with("(play-out: the stones were captured)"),
        "{closed}"
    );
    let closed = join.expect("記録32: ");
    assert!(closed.ends_with("(確認: 石は取られました)"), "{closed}");
    join.expect("記録33: ");
    join.say("accept");
    assert_eq!(join.expect("結果: "), "結果: B+69.5");
    // 70 points of territory with the six dead stones as prisoners, against
    // White's komi alone.
    assert_eq!(host.expect("result: "), "result: B+69.5");
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let (hl, jl) = (game_log(&hh, &id), game_log(&jh, &id));
    assert_eq!(hl.events, jl.events);
    let events: Vec<Event> = hl.events.into_iter().map(|e| e.event).collect();
    let (b, w) = (Color::Black, Color::White);
    let at = |name: &str| Point::parse_gtp(name, 9).unwrap();
    assert_eq!(events.len(), 34);
    assert_eq!(
        events[23],
        Event::OpenPlayout {
            by: b,
            area: vec![at("D9")]
        }
    );
    let steps = [
        (b, "C9"),
        (w, "B8"),
        (b, "B9"),
        (w, "A9"),
        (b, "A8"),
        (w, "pass"),
        (b, "C9"),
    ];
    for (event, (color, point)) in events[24..31].iter().zip(steps) {
        let expected = match point {
            "pass" => Event::PlayoutPass { color },
            _ => Event::PlayoutPlay {
                color,
                point: at(point),
            },
        };
        assert_eq!(*event, expected);
    }
    assert_eq!(events[31], Event::ClosePlayout { by: b });
    assert_eq!(
        events[32],
        Event::Propose {
            by: b,
            dead: vec![at("D9")]
        }
    );
    assert_eq!(events[33], Event::Accept { by: w, proposal: 0 });
}

/// A host resuming an adjourned game waits for the partner by the name
/// the members know, not by a certificate's fingerprint.
#[test]
fn a_host_resuming_waits_for_the_partner_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let (mut host, mut join) = short_game(dir.path(), "Kitani", &["D4", "bye"]);
    let id = join.expect("game ")["game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    join.expect("adjourned (");
    host.expect("adjourned (");
    host.finish();
    join.finish();

    let mut again = host_on_loopback(
        &dir.path().join("host"),
        &["--resume", &id, "--script", "-", "--wait", "1"],
    );
    let waiting = again.expect("waiting for ");
    assert!(
        waiting.starts_with("waiting for Kitani to rejoin on 127.0.0.1:"),
        "{waiting}"
    );
    again.finish();
}
