//! Two real `kaisho` processes play across the "internet" of this machine:
//! the host prints an invitation, the joiner pastes it, and the game runs
//! from scripts to its agreed end with identical logs on both sides. No
//! relay (`--relay none`): the ticket names the host's loopback address,
//! and nothing leaves 127.0.0.1. A pasted invitation with a wrong code is
//! refused and saves nothing.

mod common;

use common::procs::{Proc, script};
use kaisho_saves::log::read_log;
use std::path::Path;

/// The host's invitation, as printed after `invitation: `.
fn host_internet(home: &Path, args: &[&str]) -> (Proc, String) {
    let base = [
        "host",
        "--internet",
        "--relay",
        "none",
        "--bind",
        "127.0.0.1",
        "--size",
        "9",
    ];
    let all: Vec<&str> = base.iter().chain(args).copied().collect();
    let mut host = Proc::start(home, &all);
    let relay = host.expect("no relay: ");
    assert!(relay.contains("--relay n0"), "{relay}");
    let invitation = host.expect("invitation: ")["invitation: ".len()..].to_string();
    (host, invitation)
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
    let mut args = vec!["join"];
    args.extend(invitation.split_whitespace());
    args.extend(["--relay", "none", "--name", "Kitani", "--script", &w]);
    let mut join = Proc::start(&jh, &args);
    let connected = join.expect("connected to ");
    assert!(connected.contains("Honinbo"), "{connected}");
    let id = join.expect("game ")["game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
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
