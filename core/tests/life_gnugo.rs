//! A second opinion from a real engine: GNU Go plays finished games against
//! itself over GTP, and its `final_status_list dead` is compared with the
//! draft chain by chain. Ignored by default (it needs `/usr/games/gnugo`,
//! see `.ci/install-gnugo`); run it with
//! `cargo test -p kaisho-core --release --test life_gnugo -- --ignored --nocapture`.
//! Settings by environment: `LIFE_GNUGO_GAMES9`, `LIFE_GNUGO_GAMES19`
//! (games per size), `LIFE_GNUGO_REPORT` (where the disagreements are
//! written), `LIFE_GNUGO_POSITIONS` (where finished 19×19 positions are
//! written for the benchmark).

use kaisho_core::life::{self, Limits, Status};
use kaisho_core::{Board, BoardSize, Color, Point};
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const GNUGO: &str = "/usr/games/gnugo";

struct Gtp {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    fn start(seed: u64) -> Gtp {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp", "--level", "1", "--seed", &seed.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("GNU Go runs (install it with .ci/install-gnugo)");
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        Gtp {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}").expect("GNU Go reads commands");
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).expect("GNU Go answers") == 0 {
                return Err(format!("GNU Go closed on {command}"));
            }
            if line.trim().is_empty() && !reply.is_empty() {
                break;
            }
            reply.push_str(&line);
        }
        let text = reply.trim().to_string();
        match text.strip_prefix('=') {
            Some(ok) => Ok(ok.trim().to_string()),
            None => Err(text),
        }
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// A small deterministic generator for the opening moves that make the
/// games differ.
fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

/// Plays one game to two passes; returns the final board and the stones
/// GNU Go calls dead, or `None` if the game did not stop by two passes
/// (a resignation or the move limit): Article 7 only speaks of stopped games.
fn self_play(size: u8, seed: u64) -> Option<(Board, Vec<Point>)> {
    let mut gtp = Gtp::start(seed);
    gtp.send(&format!("boardsize {size}")).unwrap();
    gtp.send("clear_board").unwrap();
    gtp.send("komi 6.5").unwrap();
    let mut board = Board::new(BoardSize::new(u32::from(size)).unwrap());
    let mut color = Color::Black;
    let mut state = seed;
    let opening = if size == 9 { 4 } else { 10 };
    let mut placed = 0;
    while placed < opening {
        let p = Point::new(
            (next(&mut state) % u64::from(size)) as u8,
            (next(&mut state) % u64::from(size)) as u8,
        );
        if board.check(color, p).is_ok() {
            board.play(color, p).unwrap();
            gtp.send(&format!("play {} {}", color.letter(), p.to_gtp(size)))
                .unwrap();
            color = color.opponent();
            placed += 1;
        }
    }
    let mut passes = 0;
    let limit = usize::from(size) * usize::from(size) * 2;
    for _ in 0..limit {
        let mv = gtp.send(&format!("genmove {}", color.letter())).unwrap();
        match mv.to_ascii_lowercase().as_str() {
            "pass" => {
                passes += 1;
                board.pass();
            }
            "resign" => break,
            name => {
                passes = 0;
                let p = Point::parse_gtp(name, size).unwrap();
                board.play(color, p).unwrap();
            }
        }
        if passes >= 2 {
            break;
        }
        color = color.opponent();
    }
    if passes < 2 {
        return None;
    }
    board.pass();
    let dead = gtp.send("final_status_list dead").unwrap();
    let engine_dead: Vec<Point> = dead
        .split_whitespace()
        .map(|v| Point::parse_gtp(v, size).unwrap())
        .collect();
    Some((board, engine_dead))
}

#[derive(Default)]
struct Tally {
    chains: usize,
    agree: usize,
    unsettled: usize,
    skipped: usize,
    report: String,
    positions: String,
}

fn compare(size: u8, games: u64, tally: &mut Tally) {
    for g in 0..games {
        let seed = 1000 * u64::from(size) + g;
        let Some((board, engine_dead)) = self_play(size, seed) else {
            println!("{size}x{size} game {g} (seed {seed}) did not stop by two passes; skipped");
            tally.skipped += 1;
            continue;
        };
        let start = std::time::Instant::now();
        let analysis = life::analyse(&board, &Limits::default());
        let elapsed = start.elapsed();
        let mut lines = String::new();
        for chain in &analysis.chains {
            tally.chains += 1;
            let theirs = chain.stones.iter().any(|p| engine_dead.contains(p));
            let ours = chain.status == Status::Dead;
            if chain.status == Status::Unsettled {
                tally.unsettled += 1;
            }
            if theirs == ours {
                tally.agree += 1;
            } else {
                writeln!(
                    lines,
                    "  {} chain at {} ({} stones): GNU Go {}, draft {:?} — {}",
                    chain.color,
                    chain.stones[0].to_gtp(size),
                    chain.stones.len(),
                    if theirs { "dead" } else { "alive" },
                    chain.status,
                    chain.reason
                )
                .unwrap();
            }
        }
        println!(
            "{size}x{size} game {g} (seed {seed}): {} chains, {} nodes, {:?}",
            analysis.chains.len(),
            analysis.nodes,
            elapsed
        );
        if !lines.is_empty() {
            writeln!(tally.report, "{size}x{size} seed {seed}:").unwrap();
            for row in board.rows() {
                writeln!(tally.report, "    {row}").unwrap();
            }
            tally.report.push_str(&lines);
        }
        if size == 19 {
            for row in board.rows() {
                writeln!(tally.positions, "{row}").unwrap();
            }
            tally.positions.push('\n');
        }
    }
}

#[test]
#[ignore = "needs GNU Go; run with --ignored"]
fn draft_agrees_with_gnugo() {
    let games = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let mut tally = Tally::default();
    compare(9, games("LIFE_GNUGO_GAMES9", 30), &mut tally);
    compare(19, games("LIFE_GNUGO_GAMES19", 6), &mut tally);
    let share = tally.agree as f64 / tally.chains.max(1) as f64;
    println!(
        "agreement: {}/{} chains = {:.2} % ({} unsettled; {} games skipped)",
        tally.agree,
        tally.chains,
        100.0 * share,
        tally.unsettled,
        tally.skipped
    );
    if let Ok(path) = std::env::var("LIFE_GNUGO_REPORT") {
        std::fs::write(path, &tally.report).unwrap();
    } else {
        print!("{}", tally.report);
    }
    if let Ok(path) = std::env::var("LIFE_GNUGO_POSITIONS") {
        std::fs::write(path, &tally.positions).unwrap();
    }
    assert!(
        share >= 0.98,
        "agreement {:.2} % is under 98 %",
        100.0 * share
    );
}
