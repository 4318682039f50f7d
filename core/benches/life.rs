//! The automatic draft on finished 19×19 positions (GNU Go self-play games,
//! stored in `life_positions.txt`, one board per paragraph). Prints the
//! p50/p95/max of one analysis over the positions, then lets criterion time
//! the whole set: `cargo bench -p kaisho-core --bench life`.

use criterion::{Criterion, criterion_group, criterion_main};
use kaisho_core::Board;
use kaisho_core::life::{self, Limits};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn positions() -> Vec<Board> {
    include_str!("life_positions.txt")
        .split("\n\n")
        .map(|block| {
            block
                .lines()
                .filter(|l| !l.trim().is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|rows| !rows.is_empty())
        .map(|rows: Vec<&str>| Board::from_rows(&rows).expect("a stored 19×19 position"))
        .collect()
}

fn percentiles(boards: &[Board]) {
    const RUNS: usize = 5;
    let mut times: Vec<Duration> = boards
        .iter()
        .map(|board| {
            let mut runs: Vec<Duration> = (0..RUNS)
                .map(|_| {
                    let start = Instant::now();
                    black_box(life::analyse(board, &Limits::default()));
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
        "life draft over {} finished 19x19 positions: p50 {:?}, p95 {:?}, max {:?}",
        times.len(),
        at(0.5),
        at(0.95),
        times[times.len() - 1]
    );
}

fn draft(c: &mut Criterion) {
    let boards = positions();
    percentiles(&boards);
    c.bench_function("life/draft_19x19_all_positions", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(life::analyse(board, &Limits::default()));
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
