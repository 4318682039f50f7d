//! The automatic draft on the stopped 19×19 positions of the committed GNU
//! Go records (`tests/corpus/life/*-19.txt`: each finished game, and the
//! same game cut after a quarter and after half of its moves). Prints the
//! p50/p95/max over the positions of the complete draft (proofs and the
//! estimate), the same on the finished games alone, on the finished human
//! games of `tests/corpus/life-human` and on those of
//! `tests/corpus/life-human-amateur`, never tuned on, the search nodes the
//! draft reads on each of the four sets (the work, which no busy machine moves), of the
//! proofs alone and of the estimate's playouts alone, then lets criterion
//! time the whole set: `cargo bench -p kaisho-core --bench life`. With
//! `LIFE_NODES_TOTAL=N` the draft reads N nodes per position (half of them
//! per chain) instead of the default, to time a budget before choosing it.

#[path = "../../tests/corpus/boards.rs"]
mod boards;

use criterion::{Criterion, criterion_group, criterion_main};
use kaisho_core::Board;
use kaisho_core::life::estimate::Ownership;
use kaisho_core::life::{self, Limits};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The default limits, or with `LIFE_NODES_TOTAL=N` a budget of N nodes
/// per position and half of it per chain.
fn limits() -> Limits {
    let base = Limits::default();
    match std::env::var("LIFE_NODES_TOTAL")
        .ok()
        .and_then(|n| n.parse().ok())
    {
        Some(total) => Limits {
            nodes_total: total,
            nodes_per_chain: total / 2,
            ..base
        },
        None => base,
    }
}

fn percentiles(label: &str, boards: &[Board], work: impl Fn(&Board)) {
    const RUNS: usize = 5;
    let mut times: Vec<Duration> = boards
        .iter()
        .map(|board| {
            let mut runs: Vec<Duration> = (0..RUNS)
                .map(|_| {
                    let start = Instant::now();
                    work(board);
                    start.elapsed()
                })
                .collect();
            runs.sort_unstable();
            runs[RUNS / 2]
        })
        .collect();
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{label} over {} stopped 19x19 positions: p50 {:?}, p95 {:?}, max {:?}",
        times.len(),
        at(0.5),
        at(0.95),
        times[times.len() - 1]
    );
}

/// The search nodes the complete draft reads per position: the same on
/// every machine and every run, so that a change of the time can be told
/// apart from a change of the work (a busy machine moves the time alone).
fn nodes(label: &str, boards: &[Board]) {
    let mut nodes: Vec<u64> = boards
        .iter()
        .map(|board| life::complete(board, &limits()).nodes)
        .collect();
    nodes.sort_unstable();
    let at = |q: f64| nodes[((nodes.len() - 1) as f64 * q).round() as usize];
    println!(
        "{label}: search nodes per position p50 {}, p95 {}, max {}, in all {}",
        at(0.5),
        at(0.95),
        nodes[nodes.len() - 1],
        nodes.iter().sum::<u64>()
    );
}

fn draft(c: &mut Criterion) {
    let boards = boards::stopped(env!("CARGO_MANIFEST_DIR"), "life", 19);
    percentiles("complete draft", &boards, |board| {
        black_box(life::complete(board, &limits()));
    });
    let finished = boards::finished_games(env!("CARGO_MANIFEST_DIR"), "life", 19);
    percentiles(
        "complete draft, finished games alone,",
        &finished,
        |board| {
            black_box(life::complete(board, &limits()));
        },
    );
    let human = boards::stopped(env!("CARGO_MANIFEST_DIR"), "life-human", 19);
    percentiles("complete draft, human games,", &human, |board| {
        black_box(life::complete(board, &limits()));
    });
    let amateur = boards::stopped(env!("CARGO_MANIFEST_DIR"), "life-human-amateur", 19);
    percentiles("complete draft, amateur games,", &amateur, |board| {
        black_box(life::complete(board, &limits()));
    });
    nodes("complete draft, stopped positions", &boards);
    nodes("complete draft, finished games alone", &finished);
    nodes("complete draft, human games", &human);
    nodes("complete draft, amateur games", &amateur);
    percentiles("proofs alone", &boards, |board| {
        black_box(life::analyse(board, &limits()));
    });
    percentiles("estimate's playouts alone", &boards, |board| {
        black_box(Ownership::of(board));
    });
    c.bench_function("life/draft_19x19_all_positions", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(life::complete(board, &limits()));
            }
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = draft
}
criterion_main!(benches);
