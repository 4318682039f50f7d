//! A second opinion from a real engine: the draft against GNU Go 3.8's
//! `final_status_list` on the committed self-play records of
//! `tests/corpus/life` (made by `tests/corpus/make_life_corpus.py`; no GNU
//! Go needed here). Ignored in the default debug run; `.ci/run` runs it in
//! release:
//! `cargo test -p kaisho-core --release --test life_gnugo -- --ignored --nocapture`.
//!
//! Finished games (records that stopped with an open area, an empty region
//! of more than 40 points bordered by living stones of both colours by GNU
//! Go's dead list, measured apart):
//! agreement of the complete draft over all chains, unsettled counted as
//! disagreeing, with the unsettled share beside it; the proven and the
//! estimated verdicts counted apart, and the contrary verdicts (dead where
//! GNU Go says alive, or the reverse) listed, proven ones first.
//! Games cut at a quarter and at half and stopped: no chain with two
//! liberties into an empty area of 25 points or more may be drafted dead.
//! `LIFE_GNUGO_REPORT` names a file for the disagreements and the
//! unsettled chains of the finished games; `LIFE_GNUGO_BUDGET_TIMES=N`
//! multiplies the node budgets; `LIFE_GNUGO_SLICES=N` reads each draft in
//! slices of N nodes, as the ending screen does, instead of at once; `LIFE_GNUGO_DIR` reads the records from
//! another directory (relative to the workspace), such as
//! `tests/corpus/life-holdout`, the held-out set made with another seed,
//! to check that a change measured on these records holds on games it was
//! not tuned on. A `READ_OUT.list` beside the records lists chains of the
//! finished positions read out by hand where the reference is wrong
//! (`tests/corpus/life-human`, whose reference is the players' own marks;
//! `tests/corpus/life-holdout`, where GNU Go's reading at a low level
//! differs from its reading at level 10); a proven verdict contrary to the
//! reference there is counted apart, and any other fails the run.

mod common;

use kaisho_core::life::{self, Limits, Status};
use kaisho_core::{Board, Point};
use std::fmt::Write as _;
use std::path::Path;

/// One stopped position of a record, with GNU Go's verdicts.
struct Position {
    game: String,
    stage: String,
    board: Board,
    dead: Vec<Point>,
}

/// The positions of one record file (see the generator's notes for the format).
fn read_record(text: &str) -> Vec<Position> {
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().expect("a game line").split(' ').collect();
    assert_eq!(head[0], "game", "{head:?}");
    let (game, size): (String, usize) = (head[1].to_string(), head[3].parse().unwrap());
    let mut out = Vec::new();
    while let Some(line) = lines.next() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], "position", "{line}");
        let rows: Vec<&str> = lines.by_ref().take(size).collect();
        let board = Board::from_rows(&rows).expect("a board");
        let mut dead = Vec::new();
        for _ in 0..2 {
            let list: Vec<&str> = lines.next().expect("a status list").split(' ').collect();
            if list[0] == "dead" {
                dead = list[1..]
                    .iter()
                    .map(|v| Point::parse_gtp(v, size as u8).unwrap())
                    .collect();
            }
        }
        out.push(Position {
            game: game.clone(),
            stage: words[1].to_string(),
            board,
            dead,
        });
    }
    out
}

/// The directory the records are read from.
fn corpus_dir() -> std::path::PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    match std::env::var_os("LIFE_GNUGO_DIR") {
        Some(dir) => workspace.join(dir),
        None => workspace.join("tests/corpus/life"),
    }
}

/// The chains of the corpus read out by hand where the reference's
/// verdict is the mistake (`READ_OUT.list` beside the records: a line
/// `GAME POINT reason`, `#` for a comment), by game and a point of the
/// chain. A proven verdict contrary to the reference on one of them is
/// counted apart; any other still fails the run.
fn read_out() -> Vec<(String, String)> {
    let Ok(text) = std::fs::read_to_string(corpus_dir().join("READ_OUT.list")) else {
        return Vec::new();
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut words = l.split_whitespace();
            let game = words.next().unwrap_or_default().to_string();
            let point = words.next().unwrap_or_default().to_string();
            (game, point)
        })
        .collect()
}

/// Whether the chain of `stones` in the finished position is one of
/// those read out by hand ([`read_out`]).
fn is_read_out(read_out: &[(String, String)], position: &Position, stones: &[Point]) -> bool {
    let size = position.board.size();
    read_out.iter().any(|(game, point)| {
        *game == position.game
            && position.stage == "finished"
            && Point::parse_gtp(point, size).is_ok_and(|p| stones.contains(&p))
    })
}

fn corpus() -> Vec<Position> {
    let dir = corpus_dir();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|f| read_record(&std::fs::read_to_string(f).unwrap()))
        .collect()
}

#[derive(Default)]
struct Tally {
    positions: usize,
    chains: usize,
    agree: usize,
    unsettled: usize,
    /// Unsettled chains by the start of their reason.
    why_open: std::collections::BTreeMap<String, usize>,
    /// Chains dead for one side and alive for the other.
    contrary_chains: usize,
    /// Of those, chains whose verdict is proven.
    contrary_proven: usize,
    /// Proven verdicts contrary to the reference on chains read out by
    /// hand as the reference's mistakes ([`read_out`]).
    contrary_read_out: usize,
    /// Verdicts proven, and those of them GNU Go agrees with.
    proven: usize,
    proven_agree: usize,
    /// Verdicts estimated, and those of them GNU Go agrees with.
    estimated: usize,
    estimated_agree: usize,
    /// Estimated verdicts GNU Go disagrees with, by the draft's status.
    estimated_contrary: std::collections::BTreeMap<String, usize>,
    /// Chains alive with a proof of life by one answer
    /// ([`life::Proof::Lives`]), every one replayed.
    proven_alive: usize,
    /// Chains alive with a proof of life by two answers
    /// ([`life::Proof::LivesByTwo`]), every one replayed.
    proven_by_two: usize,
    /// The positions holding them, board and chains.
    contrary: Vec<String>,
    /// Positions whose every chain the draft marks as the reference does.
    wholly_right: usize,
    /// Positions whose count with the draft's dead stones names another
    /// winner than the count with the reference's, the board counted
    /// alone (prisoners left out on both sides, komi 6.5), and no other
    /// outcome the screen shows names it: neither end of the count
    /// (every unsettled chain alive, every one dead) nor the count with
    /// the doubtful chains turned against the winner.
    winner_silent: usize,
    /// Those positions, by game and stage.
    silent: Vec<String>,
    /// Positions where the screen shows another outcome beside the
    /// count's winner (an end, or the doubtful chains turned) and one of
    /// the outcomes shown is the reference's.
    winner_shown: usize,
    /// The positions holding unsettled chains, board and chains with
    /// GNU Go's verdict beside the draft's reason.
    open: Vec<String>,
    open_dead: Vec<String>,
}

impl Tally {
    fn summary(&self, label: &str) -> String {
        let why: Vec<String> = self
            .why_open
            .iter()
            .map(|(why, n)| format!("\n    {n:5} unsettled: {why}"))
            .collect();
        let share = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
        let contrary: Vec<String> = self
            .estimated_contrary
            .iter()
            .map(|(kind, n)| format!("\n    {n:5} estimated {kind}, GNU Go otherwise"))
            .collect();
        format!(
            "{label}: {} positions, {} chains; the complete draft agrees on {}/{} = {:.2} % of all chains; unsettled {} = {:.2} %; proven {} ({} agree, {} contrary, {} contrary where the reference was read out wrong), estimated {} ({} agree = {:.2} %); contrary verdicts {} chains in {} positions; alive with a proof of life by one answer {}, by two answers {}",
            self.positions,
            self.chains,
            self.agree,
            self.chains,
            share(self.agree, self.chains),
            self.unsettled,
            share(self.unsettled, self.chains),
            self.proven,
            self.proven_agree,
            self.contrary_proven,
            self.contrary_read_out,
            self.estimated,
            self.estimated_agree,
            share(self.estimated_agree, self.estimated),
            self.contrary_chains,
            self.contrary.len(),
            self.proven_alive,
            self.proven_by_two
        ) + &format!(
            "; drafts wholly right {}/{}; counts naming another winner than the reference's without showing it {}, with the other outcome shown {}",
            self.wholly_right, self.positions, self.winner_silent, self.winner_shown
        ) + &why.concat()
            + &contrary.concat()
    }
}

/// A number from the environment variable `name`, if it holds one.
fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The default limits, or their node budgets times
/// `LIFE_GNUGO_BUDGET_TIMES`, to see what more search would settle, with
/// `LIFE_GNUGO_UNSETTLED` nodes for the chains the draft leaves unsettled;
/// `LIFE_NODES_TOTAL=N` reads N nodes per position (half of them per chain)
/// instead of the default, as the life bench does, to weigh a budget.
fn limits() -> Limits {
    let times = env_number("LIFE_GNUGO_BUDGET_TIMES").unwrap_or(1);
    let mut base = Limits::default();
    if let Some(total) = env_number("LIFE_NODES_TOTAL") {
        base.nodes_total = total;
        base.nodes_per_chain = total / 2;
    }
    Limits {
        nodes_total: base.nodes_total * times,
        nodes_per_chain: base.nodes_per_chain * times,
        nodes_unsettled: env_number("LIFE_GNUGO_UNSETTLED").unwrap_or(base.nodes_unsettled),
        ..base
    }
}

/// The draft of `board`: the complete draft within [`limits`], as `kaisho
/// score` reads it, or, with `LIFE_GNUGO_SLICES=N`, the draft read in
/// slices of N nodes up to the same totals, as the ending screen reads it
/// (`tui::app::SLICE_NODES`), starting from a first look with no search.
fn draft(board: &Board) -> life::Analysis {
    let limits = limits();
    let Some(quota) = env_number("LIFE_GNUGO_SLICES").filter(|&q| q > 0) else {
        return life::complete(board, &limits);
    };
    let mut reading = life::Reading::new(board, Limits::first_look());
    let mut spent = 0;
    while !reading.done() && spent < limits.nodes_total {
        let slice = quota.min(limits.nodes_total - spent);
        reading.step(slice);
        spent += slice;
    }
    let mut deeper = 0;
    while reading.analysis().unsettled().next().is_some() && deeper < limits.nodes_unsettled {
        let slice = quota.min(limits.nodes_unsettled - deeper);
        reading.step_unsettled(slice);
        deeper += slice;
    }
    reading.analysis().clone()
}

/// The winner measures of [`Tally`] for one position, against the
/// reference's dead stones with the chains read out by hand
/// ([`read_out`]) turned to the verdict read.
fn winners(
    position: &Position,
    read_out: &[(String, String)],
    analysis: &life::Analysis,
    tally: &mut Tally,
) {
    let board = &position.board;
    let winner = |dead: &[Point]| {
        kaisho_core::scoring::count(board, dead, [0, 0], kaisho_core::Komi::MODERN)
            .outcome()
            .winner()
    };
    let mut theirs = position.dead.clone();
    for chain in &analysis.chains {
        if !is_read_out(read_out, position, &chain.stones) {
            continue;
        }
        if chain.stones.iter().any(|p| theirs.contains(p)) {
            theirs.retain(|p| !chain.stones.contains(p));
        } else {
            theirs.extend(chain.stones.iter().copied());
        }
    }
    let agree = |chain: &life::ChainVerdict| {
        let dead = chain.stones.iter().any(|p| theirs.contains(p));
        chain.status != Status::Unsettled && (chain.status == Status::Dead) == dead
    };
    tally.wholly_right += usize::from(analysis.chains.iter().all(agree));
    let reference = winner(&theirs);
    let dead = analysis.dead();
    let mut all_dead = dead.clone();
    all_dead.extend(analysis.unsettled().flat_map(|c| c.stones.iter().copied()));
    let ends = [winner(&dead), winner(&all_dead)];
    // The other outcome the screen shows where doubtful chains decide the
    // winner (kaisho::app::doubt): every unsettled chain and doubtful
    // estimate turned against the winner of the count as drafted.
    let leader = ends[0];
    let mut turned = dead.clone();
    for chain in analysis.unsettled().chain(analysis.doubtful()) {
        turned.retain(|p| !chain.stones.contains(p));
        if Some(chain.color) == leader {
            turned.extend(chain.stones.iter().copied());
        }
    }
    let shown = [ends[0], ends[1], winner(&turned)];
    if !shown.contains(&reference) {
        tally.winner_silent += 1;
        tally.silent.push(format!(
            "{} {}: the reference's dead give {reference:?}, the draft's {:?} (with every unsettled chain dead {:?})",
            position.game, position.stage, ends[0], ends[1]
        ));
    } else if shown.iter().any(|&w| w != leader) {
        tally.winner_shown += 1;
    }
}

fn compare(position: &Position, read_out: &[(String, String)], tally: &mut Tally) {
    if let Ok(g) = std::env::var("GAME")
        && (g != position.game || position.stage != "finished")
    {
        return;
    }
    let board = &position.board;
    let size = board.size();
    let analysis = draft(board);
    tally.positions += 1;
    winners(position, read_out, &analysis, tally);
    let mut lines = String::new();
    let mut open = String::new();
    for chain in &analysis.chains {
        tally.chains += 1;
        if let Some(proof) = &chain.proof {
            proof.verify(board).unwrap_or_else(|e| {
                panic!("{} {}: {e}", position.game, position.stage);
            });
            tally.proven_alive += usize::from(matches!(proof, life::Proof::Lives(_)));
            tally.proven_by_two += usize::from(matches!(proof, life::Proof::LivesByTwo(_)));
        }
        let theirs = chain.stones.iter().any(|p| position.dead.contains(p));
        let named = format!(
            "  {} chain at {} ({} stones): GNU Go {}",
            chain.color,
            chain.stones[0].to_gtp(size),
            chain.stones.len(),
            if theirs { "dead" } else { "alive" }
        );
        let ours = match chain.status {
            Status::Unsettled => {
                tally.unsettled += 1;
                let reason = format!("{:?}", chain.reason);
                let head = reason.split([' ', '{']).next().unwrap_or("");
                let why: Vec<&str> = head
                    .split_whitespace()
                    .map(|w| if w.parse::<u32>().is_ok() { "N" } else { w })
                    .collect();
                *tally.why_open.entry(why.join(" ")).or_default() += 1;
                writeln!(open, "{named} — {:?}", chain.reason).unwrap();
                continue;
            }
            status => status == Status::Dead,
        };
        let proven = chain.is_proven();
        if proven {
            tally.proven += 1;
        } else {
            tally.estimated += 1;
        }
        if ours == theirs {
            tally.agree += 1;
            if proven {
                tally.proven_agree += 1;
            } else {
                tally.estimated_agree += 1;
            }
        } else {
            tally.contrary_chains += 1;
            let known = is_read_out(read_out, position, &chain.stones);
            if proven && known {
                tally.contrary_read_out += 1;
            } else if proven {
                tally.contrary_proven += 1;
            } else {
                *tally
                    .estimated_contrary
                    .entry(format!("{:?}", chain.status).to_lowercase())
                    .or_default() += 1;
            }
            writeln!(
                lines,
                "{named}, draft {:?} — {:?}",
                chain.status, chain.reason
            )
            .unwrap();
        }
        if ours && common::widest_open_region(board, &chain.stones) >= common::WIDE {
            tally.open_dead.push(format!(
                "{} {}: {} chain at {} drafted dead facing an open area: {:?}",
                position.game,
                position.stage,
                chain.color,
                chain.stones[0].to_gtp(size),
                chain.reason
            ));
        }
    }
    for (list, into) in [(lines, &mut tally.contrary), (open, &mut tally.open)] {
        if !list.is_empty() {
            let mut entry = format!("{} {}:\n", position.game, position.stage);
            for row in board.rows() {
                writeln!(entry, "    {row}").unwrap();
            }
            entry.push_str(&list);
            into.push(entry);
        }
    }
}

#[test]
#[ignore = "slow in a debug build; .ci/run runs it in release"]
fn draft_against_gnugo_on_the_committed_records() {
    let positions = corpus();
    assert!(!positions.is_empty(), "no records in tests/corpus/life");
    let read_out = read_out();
    let (mut finished, mut open_area, mut unfinished) =
        (Tally::default(), Tally::default(), Tally::default());
    for position in &positions {
        let tally = match position.stage.as_str() {
            "finished" if common::has_open_area(&position.board, &position.dead) => &mut open_area,
            "finished" => &mut finished,
            _ => &mut unfinished,
        };
        compare(position, &read_out, tally);
    }
    let mut report = String::new();
    writeln!(report, "{}", finished.summary("finished games")).unwrap();
    writeln!(
        report,
        "{}",
        open_area.summary("finished records that stopped with an open area")
    )
    .unwrap();
    writeln!(
        report,
        "{}",
        unfinished.summary("games cut at 1/4 and 1/2 and stopped")
    )
    .unwrap();
    writeln!(
        report,
        "unfinished: chains drafted dead with two liberties into an empty area of {} points or more: {}",
        common::WIDE,
        unfinished.open_dead.len()
    )
    .unwrap();
    writeln!(report, "\ncontrary verdicts in finished games:").unwrap();
    for entry in &finished.contrary {
        report.push_str(entry);
    }
    writeln!(report, "\ncontrary verdicts in unfinished games:").unwrap();
    for entry in &unfinished.contrary {
        report.push_str(entry);
    }
    writeln!(
        report,
        "\ncounts naming another winner than the reference's, not showing it:"
    )
    .unwrap();
    for line in finished.silent.iter().chain(&unfinished.silent) {
        writeln!(report, "  {line}").unwrap();
    }
    writeln!(report, "\nunsettled chains in finished games:").unwrap();
    for entry in &finished.open {
        report.push_str(entry);
    }
    for line in &unfinished.open_dead {
        writeln!(report, "{line}").unwrap();
    }
    match std::env::var("LIFE_GNUGO_REPORT") {
        Ok(path) => std::fs::write(path, &report).unwrap(),
        Err(_) => print!("{report}"),
    }
    println!("{}", finished.summary("finished games"));
    println!(
        "{}",
        open_area.summary("finished records that stopped with an open area")
    );
    println!(
        "{}",
        unfinished.summary("games cut at 1/4 and 1/2 and stopped")
    );
    assert_eq!(finished.contrary_proven, 0, "contrary proven verdicts");
    assert!(
        finished.unsettled * 200 <= finished.chains,
        "more than 0.5 % of the chains unsettled: {}",
        finished.summary("finished games")
    );
    assert!(
        finished.agree * 100 >= finished.chains * 99,
        "the complete draft agrees on less than 99 % of the chains: {}",
        finished.summary("finished games")
    );
    assert!(
        unfinished.open_dead.is_empty(),
        "{}",
        unfinished.open_dead.join("\n")
    );
}
