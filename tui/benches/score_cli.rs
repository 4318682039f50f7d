//! The dead-stone draft as a member meets it from the command line,
//! beside the engine a club would otherwise ask: the finished position of
//! every 19×19 game of the committed GNU Go records (`tests/corpus/life`)
//! and of every 19×19 human game (`tests/corpus/life-human`), written
//! as an SGF of set-up stones, then timed from outside, process start to
//! exit, as `kaisho score --dead auto --json FILE` and, in the same
//! sitting, as GNU Go 3.8 asked `loadsgf FILE` and `final_status_list
//! dead` over GTP (its start-up, loading and reading, as kaisho's). Each
//! figure is the median of `KAISHO_BENCH_RUNS` runs (3 unless set) per
//! position; the bench prints the median, the 95th percentile and the
//! worst over the positions, how many positions the two mark the same
//! stones dead, and in how many kaisho leaves a chain unsettled. Without
//! GNU Go (`.ci/install-gnugo`) it times kaisho alone and says so. The
//! games cut after a quarter of their moves are left out: GNU Go reads
//! one of them for 108 s where kaisho takes under a second.
//! `cargo bench -p kaisho --bench score_cli`.

#[path = "../tests/common/mod.rs"]
mod common;

#[path = "../../tests/corpus/boards.rs"]
mod boards;

use common::engine::GNUGO;
use common::game_set_up;
use kaisho_saves::sgf::{SgfRecord, write};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest one run may take before it is killed and the bench stops.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The most of a run's output read.
const OUTPUT_LIMIT: u64 = 1 << 20;

/// One run of `program` with `args`, `input` written to its standard
/// input: its wall time from spawn to exit and what it printed.
fn run(program: &str, args: &[&str], input: &str) -> (Duration, String) {
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    let mut stdin = child.stdin.take().expect("a piped stdin");
    stdin
        .write_all(input.as_bytes())
        .unwrap_or_else(|e| panic!("cannot write to {program}: {e}"));
    drop(stdin);
    let stdout = child.stdout.take().expect("a piped stdout");
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.take(OUTPUT_LIMIT).read_to_string(&mut out);
        out
    });
    loop {
        match child.try_wait().expect("the child's state") {
            Some(status) if status.success() => break,
            Some(status) => panic!("{program} {args:?} ended with {status}"),
            None if start.elapsed() > TIMEOUT => {
                let _ = child.kill();
                panic!("{program} {args:?} took more than {TIMEOUT:?} on {input}");
            }
            None => std::thread::sleep(Duration::from_micros(200)),
        }
    }
    let elapsed = start.elapsed();
    (elapsed, reader.join().expect("the output"))
}

/// The median time of `runs` runs, and the output of the last.
fn median_of(runs: usize, mut once: impl FnMut() -> (Duration, String)) -> (Duration, String) {
    let mut times = Vec::with_capacity(runs);
    let mut out = String::new();
    for _ in 0..runs {
        let (time, printed) = once();
        times.push(time);
        out = printed;
    }
    times.sort_unstable();
    (times[runs / 2], out)
}

/// The points `kaisho score --json` marks dead, sorted, and whether it
/// leaves any chain unsettled.
fn kaisho_dead(json: &str) -> (Vec<String>, bool) {
    let value: serde_json::Value = serde_json::from_str(json).expect("kaisho's JSON");
    let list = |key: &str| {
        value[key]
            .as_array()
            .unwrap_or_else(|| panic!("a list `{key}`"))
    };
    let mut dead: Vec<String> = list("dead")
        .iter()
        .map(|p| p.as_str().expect("a point").to_owned())
        .collect();
    dead.sort();
    (dead, !list("unsettled").is_empty())
}

/// The points of GNU Go's answer to `final_status_list dead` (the second
/// answer of the session), sorted.
fn gnugo_dead(gtp: &str) -> Vec<String> {
    let answer = gtp.split("\n\n").nth(1).expect("an answer to the list");
    let mut dead: Vec<String> = answer
        .trim_start_matches('=')
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    dead.sort();
    dead
}

fn percentiles(times: &mut [Duration]) -> String {
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let ms = |d: Duration| d.as_millis();
    format!(
        "p50 {} ms, p95 {} ms, max {} ms",
        ms(at(0.5)),
        ms(at(0.95)),
        ms(times[times.len() - 1])
    )
}

fn main() {
    let runs: usize = std::env::var("KAISHO_BENCH_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(3);
    let gnugo = Path::new(GNUGO).exists();
    if !gnugo {
        println!("GNU Go is not at {GNUGO} (.ci/install-gnugo): timing kaisho alone");
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let home = dir.path().join("home");
    let home = home.to_str().expect("a UTF-8 path");
    for (label, set) in [("GNU Go records'", "life"), ("human games'", "life-human")] {
        let boards = boards::finished_games(env!("CARGO_MANIFEST_DIR"), set, 19);
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let (mut same, mut undecided) = (0, 0);
        for (k, board) in boards.iter().enumerate() {
            let file = dir.path().join(format!("{set}-{k}.sgf"));
            let record = SgfRecord::new(game_set_up(board).settings().clone());
            std::fs::write(&file, write(&record)).expect("the SGF written");
            let file = file.to_str().expect("a UTF-8 path");
            let (time, json) = median_of(runs, || {
                run(
                    env!("CARGO_BIN_EXE_kaisho"),
                    &["score", "--dead", "auto", "--json", "--home", home, file],
                    "",
                )
            });
            ours.push(time);
            let (dead, open) = kaisho_dead(&json);
            undecided += usize::from(open);
            if gnugo {
                let input = format!("loadsgf {file}\nfinal_status_list dead\nquit\n");
                let (time, gtp) =
                    median_of(runs, || run(GNUGO, &["--mode", "gtp", "--quiet"], &input));
                theirs.push(time);
                same += usize::from(dead == gnugo_dead(&gtp));
            }
        }
        println!(
            "{} {label} finished 19x19 positions, median of {runs} runs each: kaisho score --dead auto {}; chains left unsettled in {undecided}",
            boards.len(),
            percentiles(&mut ours)
        );
        if gnugo {
            println!(
                "    GNU Go final_status_list dead, same positions, same sitting: {}; the same dead stones in {same} of {}",
                percentiles(&mut theirs),
                boards.len()
            );
        }
    }
}
