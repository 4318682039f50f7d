//! Two real `kaisho` processes play across the "internet" of this machine:
//! the host prints an invitation, the joiner pastes it, and the game runs
//! from scripts to its agreed end with identical logs on both sides. No
//! relay (`--relay none`): the ticket names the host's loopback address,
//! and the joiner, traced, sends to 127.0.0.1 alone. A pasted invitation
//! with a wrong code is refused and saves nothing. A LAN game, traced the
//! same way, contacts its partner alone and no relay.

mod common;

use common::procs::{Proc, script};
use kaisho_saves::log::read_log;
use std::path::Path;

/// The host's invitation, as printed after `invitation: `.
fn host_internet(home: &Path, args: &[&str]) -> (Proc, String) {
    let base = ["--relay", "none"];
    let (mut host, relay) = host_with(home, &base.iter().chain(args).copied().collect::<Vec<_>>());
    assert!(relay.starts_with("no relay: "), "{relay}");
    assert!(relay.contains("--relay n0"), "{relay}");
    let invitation = host.expect("invitation: ")["invitation: ".len()..].to_string();
    (host, invitation)
}

/// `kaisho host --internet` on loopback with `args`, and the line that
/// says its relay.
fn host_with(home: &Path, args: &[&str]) -> (Proc, String) {
    let base = ["host", "--internet", "--bind", "127.0.0.1", "--size", "9"];
    let all: Vec<&str> = base.iter().chain(args).copied().collect();
    let mut host = Proc::start(home, &all);
    let relay = host.expect("");
    (host, relay)
}

/// The relay of config.toml is used unless `--relay` says another; here a
/// club relay on loopback that is not running, which the host names and
/// then goes on without.
#[test]
fn the_relay_of_config_toml_is_used_unless_relay_says_another() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("host");
    std::fs::create_dir_all(home.join("config")).unwrap();
    let club = "http://127.0.0.1:9";
    let text = format!("[network]\nrelay = \"{club}\"\n");
    std::fs::write(home.join("config/config.toml"), text).unwrap();
    let (mut host, relay) = host_with(&home, &[]);
    assert_eq!(
        relay,
        format!(
            "relay: {club}, your club's, which carries the game encrypted and sees only who plays whom"
        )
    );
    host.expect("invitation: ");
    drop(host);
    let (_, relay) = host_with(&home, &["--relay", "none"]);
    assert!(relay.starts_with("no relay: "), "{relay}");
}

#[test]
fn two_members_play_a_game_from_an_invitation() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let b = script(dir.path(), "b.txt", &["E5", "C3", "pass", "propose"]);
    let w = script(dir.path(), "w.txt", &["D4", "G7", "pass", "accept"]);
    let (mut host, invitation) = host_internet(
        &hh,
        &["--color", "black", "--name", "Honinbo", "--script", &b],
    );
    assert!(invitation.starts_with("kaisho1"), "{invitation}");
    let trace = dir.path().join("join.trace");
    let out = traced(&trace, &jh)
        .arg("join")
        .args(invitation.split_whitespace())
        .args(["--relay", "none", "--name", "Kitani", "--script", &w])
        .output()
        .expect("strace runs (.ci/install-strace installs it)");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = |prefix: &str| {
        said.lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_default()
    };
    assert!(line("connected to ").contains("Honinbo"), "{said}");
    let id = line("game ")["game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    assert_eq!(host.expect("result: "), line("result: "));
    assert_eq!(host.finish(), 0);
    // Only the host's loopback address is sent to (iroh connects an
    // unsent UDP socket to other addresses to learn its routes).
    let sent = addresses(&trace, &["send"]);
    assert!(!sent.is_empty(), "the trace shows the host's address");
    assert!(
        sent.iter().all(|a| a == "127.0.0.1"),
        "sent beyond the host: {sent:?}"
    );
    let log = |home: &Path| read_log(&home.join("data/games").join(format!("{id}.kgl"))).unwrap();
    let (hl, jl) = (log(&hh), log(&jh));
    assert_eq!(hl.events, jl.events);
    assert_eq!(hl.events.len(), 8);
}

#[test]
fn an_invitation_with_a_wrong_code_is_refused_and_saves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let (host, invitation) = host_internet(&hh, &["--name", "Honinbo"]);
    let (ticket, _) = invitation.split_once(' ').unwrap();
    let mut join = Proc::start_reading_errors(
        &jh,
        &[
            "join",
            ticket,
            "wave-0000-elm",
            "--relay",
            "none",
            "--name",
            "Kitani",
        ],
    );
    let said = join.expect("kaisho join: ");
    assert!(said.contains("wrong join code"), "{said}");
    assert_ne!(join.finish(), 0);
    let games = jh.join("data/games");
    let saved = std::fs::read_dir(&games).map_or(0, |d| d.count());
    assert_eq!(saved, 0, "nothing saved in {}", games.display());
    drop(host);
}

/// `kaisho --home HOME` under strace, its network calls written to
/// `trace`.
fn traced(trace: &Path, home: &Path) -> std::process::Command {
    let mut command = std::process::Command::new("strace");
    command
        .args([
            "-f",
            "-qq",
            "-e",
            "trace=connect,sendto,sendmsg,sendmmsg",
            "-o",
        ])
        .arg(trace)
        .arg(common::procs::KAISHO)
        .arg("--home")
        .arg(home)
        .stdin(std::process::Stdio::null());
    command
}

/// Every internet address a socket is connected or sent to in the calls
/// strace saw in `trace` whose name starts one of `calls` (the address of
/// the socket, not the source a packet's control data names).
fn addresses(trace: &Path, calls: &[&str]) -> Vec<String> {
    let text = std::fs::read_to_string(trace).unwrap();
    let mut found = Vec::new();
    let called = |line: &str| {
        let call = line.split_whitespace().nth(1).unwrap_or_default();
        calls.iter().any(|c| call.starts_with(c))
    };
    for line in text.lines().filter(|l| called(l)) {
        for marker in ["sin_addr=inet_addr(\"", "sin6_addr=inet_pton(AF_INET6, \""] {
            let mut rest = line;
            while let Some(at) = rest.find(marker) {
                rest = &rest[at + marker.len()..];
                let end = rest.find('"').unwrap_or(rest.len());
                found.push(rest[..end].to_string());
            }
        }
    }
    found
}

/// A LAN game needs nothing outside the room: the joiner's process, traced
/// from start to end, sends to and connects with its partner's loopback
/// address alone; no relay, no name lookup, no other address.
#[test]
fn a_lan_game_talks_to_its_partner_alone_and_to_no_relay() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let b = script(dir.path(), "b.txt", &["E5", "C3", "pass", "propose"]);
    let w = script(dir.path(), "w.txt", &["D4", "G7", "pass", "accept"]);
    let mut host = common::procs::host_on_loopback(
        &hh,
        &["--color", "black", "--name", "Honinbo", "--script", &b],
    );
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let trace = dir.path().join("join.trace");
    let out = traced(&trace, &jh)
        .arg("join")
        .args(code.split_whitespace())
        .args(["--name", "Kitani", "--script", &w])
        .output()
        .expect("strace runs (.ci/install-strace installs it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(host.expect("result: ").starts_with("result: "));
    assert_eq!(host.finish(), 0);
    let seen = addresses(&trace, &["connect(", "send"]);
    assert!(!seen.is_empty(), "the trace shows the partner's address");
    let elsewhere: Vec<&String> = seen
        .iter()
        .filter(|a| *a != "127.0.0.1" && *a != "::1" && *a != "0.0.0.0" && *a != "::")
        .collect();
    assert!(
        elsewhere.is_empty(),
        "addresses beyond the partner: {elsewhere:?}"
    );
}

/// An option a game across the internet does not take yet is refused
/// before anything is dialled, never dropped in silence: a series game
/// would otherwise be played and not recorded in the series.
#[test]
fn a_series_game_from_an_invitation_is_refused_before_dialling() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let (host, invitation) = host_internet(&hh, &["--name", "Honinbo"]);
    let mut args = vec!["join"];
    args.extend(invitation.split_whitespace());
    args.extend(["--relay", "none", "--series", "aki-ben"]);
    let mut join = Proc::start_reading_errors(&jh, &args);
    let said = join.expect("kaisho join: ");
    assert!(said.contains("--series is for games on the LAN"), "{said}");
    assert_ne!(join.finish(), 0);
    drop(host);
}
