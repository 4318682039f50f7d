//! Game logs survive a killed process and a full disk: every event the
//! writer reported durable is there afterwards, and the file loads.

use kaisho_core::playout::XorShift;
use kaisho_saves::log::GameStore;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const WRITER: &str = env!("CARGO_BIN_EXE_log_writer");

/// Starts the writer, lets it run for `run_for`, kills it with SIGKILL and
/// returns the highest sequence number it reported durable.
fn run_and_kill(dir: &std::path::Path, run_for: Duration) -> u32 {
    let mut child = Command::new(WRITER)
        .args([dir.to_str().unwrap(), "g", "100000"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(seq) = line.strip_prefix("durable ") {
                let _ = tx.send(seq.parse::<u32>().unwrap());
            } else {
                panic!("writer said: {line}");
            }
        }
    });
    std::thread::sleep(run_for);
    child.kill().unwrap();
    child.wait().unwrap();
    reader.join().unwrap();
    rx.try_iter().max().unwrap_or(0)
}

#[test]
fn kill_9_at_random_moments_loses_nothing_reported_durable() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let mut rng = XorShift::new(2026);
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut kills = 0;
    let mut torn = 0;
    let mut durable_total = 0;
    while kills < 200 && Instant::now() < deadline {
        let pause = Duration::from_micros(rng.next_u64() % 15_000);
        let durable = run_and_kill(dir.path(), pause);
        kills += 1;
        if !store.path_of("g").exists() {
            continue;
        }
        let saved = store
            .load("g")
            .unwrap_or_else(|e| panic!("after kill {kills}: {e}"));
        let logged = saved.contents.events.len() as u32;
        assert!(
            logged >= durable,
            "kill {kills}: {durable} reported durable, {logged} on disk"
        );
        torn += usize::from(saved.contents.torn.is_some());
        durable_total = durable_total.max(durable);
    }
    assert_eq!(kills, 200, "the test ran out of time after {kills} kills");
    assert!(durable_total > 0, "the writer never got to write");
    println!("200 kills, {torn} left a torn record, {durable_total} events at the end");
}

#[test]
fn a_full_disk_fails_the_append_and_damages_nothing() {
    let dir = tempfile::tempdir().unwrap();
    // Under a 4 KiB file-size limit the log soon cannot grow; SIGXFSZ is
    // ignored so that the write fails with an error instead.
    let script = format!(
        "trap '' XFSZ; ulimit -f 4; exec {WRITER} {} g 100000",
        dir.path().display()
    );
    let output = Command::new("bash").args(["-c", &script]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!output.status.success());
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("error: could not append to the game log"),
        "{last}"
    );
    let durable = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("durable "))
        .filter_map(|s| s.parse::<u32>().ok())
        .max()
        .unwrap();
    let saved = GameStore::new(dir.path()).load("g").unwrap();
    assert_eq!(saved.contents.events.len() as u32, durable);
    assert!(
        saved.contents.torn.is_none(),
        "the failed append left no partial record"
    );
}

#[test]
fn a_folder_that_cannot_be_created_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("games");
    std::fs::write(&blocker, b"a file where the folder should be").unwrap();
    let output = Command::new(WRITER)
        .args([blocker.join("sub").to_str().unwrap(), "g", "3"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("could not create the folder"), "{stdout}");
    assert_eq!(
        std::fs::read(&blocker).unwrap(),
        b"a file where the folder should be"
    );
}

/// Lifts `chattr +i` again when the test ends, pass or fail, so the
/// temporary folder can be removed.
struct Immutable(Vec<std::path::PathBuf>);

impl Drop for Immutable {
    fn drop(&mut self) {
        for path in &self.0 {
            let _ = Command::new("chattr").arg("-i").arg(path).status();
        }
    }
}

#[test]
fn a_read_only_folder_refuses_new_games_and_damages_none() {
    let dir = tempfile::tempdir().unwrap();
    let writer = |id: &str| {
        Command::new(WRITER)
            .args([dir.path().to_str().unwrap(), id, "3"])
            .output()
            .unwrap()
    };
    assert!(writer("g").status.success());
    let log = GameStore::new(dir.path()).path_of("g");
    let before = std::fs::read(&log).unwrap();
    // Root ignores permission bits, so the folder and the log are made
    // immutable instead; file systems without attributes skip the test.
    let targets = vec![dir.path().to_path_buf(), log.clone()];
    let made = targets.iter().all(|t| {
        Command::new("chattr")
            .arg("+i")
            .arg(t)
            .status()
            .is_ok_and(|s| s.success())
    });
    let _guard = Immutable(targets);
    if !made {
        eprintln!("chattr +i is not available here; the read-only case was not exercised");
        return;
    }
    for id in ["h", "g"] {
        let output = writer(id);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(!output.status.success(), "{id}: {stdout}");
        assert!(stdout.starts_with("error: could not"), "{id}: {stdout}");
    }
    assert_eq!(
        std::fs::read(&log).unwrap(),
        before,
        "the good log is untouched"
    );
    let saved = GameStore::new(dir.path()).load("g").unwrap();
    assert_eq!(saved.contents.events.len(), 3);
}
