//! The dead-stone draft as a player waits for it: each stopped 19×19,
//! 13×13 and 9×9 position of the committed GNU Go records
//! (`tests/corpus/life`), and each finished 19×19 human game
//! (`tests/corpus/life-human`), set up as a game, stopped with two passes through the update, and read
//! the way the drawn event loop reads it (a tick every `READ_SLICE`,
//! `Shell::read_for` for `READ_BURST` at each, a frame of 80×24 drawn
//! after each tick), timed from the second pass to the frame in which the
//! draft is complete. Run beside it in the same sitting: the same loop
//! reading one slice a tick, without the bursts. Criterion cannot
//! time a span paced by the loop's own ticks, so this bench runs its own
//! loop and prints the median, the 95th percentile and the worst.

#[path = "../tests/common/mod.rs"]
mod common;

#[path = "../../tests/corpus/boards.rs"]
mod boards;

use common::{pass_twice, set_up};
use kaisho::app::{READ_BURST, READ_SLICE};
use kaisho::view::view;
use kaisho_core::Board;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::time::{Duration, Instant};

/// From the second pass to the frame that shows the whole draft, reading
/// for `burst` at each tick; the longest tick, the longest a key waits
/// behind the reading; and the first frame, which shows what is proven at
/// once and the estimate for the rest.
async fn wait_for_draft(board: &Board, burst: Duration) -> (Duration, Duration, Duration) {
    let mut front = set_up(board);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
    let mut read = tokio::time::interval(READ_SLICE);
    let start = Instant::now();
    pass_twice(&mut front);
    terminal
        .draw(|frame| view(&front.state, frame))
        .expect("a frame");
    let first = start.elapsed();
    let mut longest = Duration::ZERO;
    while front.state.reading() {
        read.tick().await;
        let tick = Instant::now();
        front.shell.read_for(&mut front.state, burst);
        terminal
            .draw(|frame| view(&front.state, frame))
            .expect("a frame");
        longest = longest.max(tick.elapsed());
    }
    (start.elapsed(), longest, first)
}

fn summary(label: &str, size: usize, mut times: Vec<Duration>) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{label}, over {} stopped {size}x{size} positions: median {:.0} ms, p95 {:.0} ms, max {:.0} ms",
        times.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.95).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3
    );
}

fn main() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    for (set, size) in [("life", 19), ("life", 13), ("life", 9), ("life-human", 19)] {
        let boards = boards::stopped(env!("CARGO_MANIFEST_DIR"), set, size);
        let (mut bursts, mut slices, mut ticks, mut firsts) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for board in &boards {
            let (time, longest, first) = runtime.block_on(wait_for_draft(board, READ_BURST));
            bursts.push(time);
            ticks.push(longest);
            firsts.push(first);
            slices.push(runtime.block_on(wait_for_draft(board, Duration::ZERO)).0);
        }
        let summary = |label: &str, times| summary(&format!("{set}: {label}"), size, times);
        summary(
            "the first frame of the ending: proofs at once and the estimate",
            firsts,
        );
        summary(
            "the draft complete on screen, reading in bursts (the loop now)",
            bursts,
        );
        summary(
            "the longest tick of reading and drawing (a key waits behind it)",
            ticks,
        );
        summary(
            "the draft complete on screen, one slice a tick (no bursts)",
            slices,
        );
    }
}
