//! One step of a review together (検討) between two sides over loopback,
//! reported as p50/p99:
//!
//! - the host's step reaching the joiner (the host sends it numbered, the
//!   joiner has it checked and ready to apply);
//! - the joiner's step coming back to it in the host's order (asked, then
//!   ordered by the host and sent back): what a player waits for between
//!   pressing a key and seeing the step on both screens.
//!
//! Each step is a comment added to a node of a 19×19 record, the largest
//! kind. `KAISHO_BENCH_STEPS` sets the number of measured steps (2,000 by
//! default). Criterion then times the joiner's step for its own report.

use criterion::Criterion;
use kaisho_net::review::{ReviewNews, ReviewStep};
use kaisho_net::{Host, ReviewSession, Secret, host_review, join_review};
use kaisho_saves::identity::{self, Identity};
use kaisho_saves::sgf::{NodePath, TreeEdit};
use std::time::{Duration, Instant};

const RECORD: &str = "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5];B[pd];W[dp];B[pp];W[dd])";

fn identity(dir: &std::path::Path, name: &str) -> Identity {
    identity::load_or_create(&dir.join(format!("{name}.identity"))).unwrap()
}

async fn reviewing(dir: &std::path::Path) -> (ReviewSession, ReviewSession) {
    let (hid, jid) = (identity(dir, "host"), identity(dir, "joiner"));
    let mut host = Host::bind("127.0.0.1:0".parse().unwrap(), &hid, "Honinbo").unwrap();
    host.set_secret(Secret::from_random(7));
    let code = host.code(None).unwrap().unwrap();
    let (h, j) = tokio::join!(host.accept(), kaisho_net::join(&code, &jid, "Kitani"));
    let (h, j) = tokio::join!(
        host_review(h.unwrap(), "g1", RECORD),
        join_review(j.unwrap())
    );
    (h.unwrap(), j.unwrap().0)
}

fn comment(n: usize) -> ReviewStep {
    ReviewStep::Edit(TreeEdit::Comment {
        at: NodePath::from_indices(vec![0, 0, 0]),
        text: format!("step {n}: the shape after move 3 is thin on the left"),
    })
}

/// The host's step, until the joiner has it.
async fn host_step(h: &mut ReviewSession, j: &mut ReviewSession, n: usize) -> Duration {
    let start = Instant::now();
    h.act(comment(n)).await.unwrap();
    let ReviewNews::Step(_) = j.next().await.unwrap() else {
        panic!("the joiner expected a step")
    };
    start.elapsed()
}

/// The joiner's step, until it comes back in the host's order.
async fn joiner_step(h: &mut ReviewSession, j: &mut ReviewSession, n: usize) -> Duration {
    let start = Instant::now();
    j.act(comment(n)).await.unwrap();
    let ReviewNews::Asked(step) = h.next().await.unwrap() else {
        panic!("the host expected an ask")
    };
    h.act(step).await.unwrap();
    let ReviewNews::Step(_) = j.next().await.unwrap() else {
        panic!("the joiner expected its step back")
    };
    start.elapsed()
}

fn percentiles(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    (at(0.5), at(0.99))
}

fn main() {
    let steps: usize = std::env::var("KAISHO_BENCH_STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut j) = runtime.block_on(reviewing(dir.path()));
    let (hosts, joiners) = runtime.block_on(async {
        let (mut hosts, mut joiners) = (Vec::new(), Vec::new());
        for n in 0..steps {
            hosts.push(host_step(&mut h, &mut j, n).await);
            joiners.push(joiner_step(&mut h, &mut j, n).await);
        }
        (hosts, joiners)
    });
    for (what, times) in [
        ("host's step reaches the joiner", hosts),
        ("joiner's step back in the host's order", joiners),
    ] {
        let (p50, p99) = percentiles(times);
        println!(
            "review step, {what}: p50 {:.0} µs, p99 {:.0} µs ({steps} steps)",
            p50.as_secs_f64() * 1e6,
            p99.as_secs_f64() * 1e6
        );
    }
    let mut criterion = Criterion::default().configure_from_args();
    criterion.bench_function("review step: the joiner's, back in order", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                for n in 0..iters {
                    total += joiner_step(&mut h, &mut j, n as usize).await;
                }
                total
            })
        });
    });
    criterion.final_summary();
}
