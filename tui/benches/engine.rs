//! An engine's move to the screen: from our move sent to a fake GTP engine
//! that answers `genmove` at once, through the engine's seat (its answer
//! read, checked and logged with an fsync) and the update, to the frame
//! that shows its stone, drawn at 80×24 on a 19×19 board; and the last
//! step alone, the report taken by the update and drawn.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{Front, home_in, open_from_home, run};
use criterion::{Criterion, criterion_group, criterion_main};
use kaisho::app::{Command, HomeItem, Msg, NetNews};
use kaisho::shell::Shell;
use kaisho::view::view;
use kaisho_core::{Color, Event, Phase, Point};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::Path;
use std::time::{Duration, Instant};

/// Moves each side makes in one game before a fresh one is started: the
/// stones stand apart on a diagonal lattice, so nothing is ever captured.
const MOVES: usize = 80;

/// The points of the lattice `(x + y) % 4 == offset` on 19×19.
fn lattice(offset: u8) -> Vec<Point> {
    (0..19u8)
        .flat_map(|x| (0..19u8).map(move |y| (x, y)))
        .filter(|(x, y)| (x + y) % 4 == offset)
        .map(|(x, y)| Point::new(x, y))
        .take(MOVES)
        .collect()
}

/// A fake engine answering each `genmove` at once with the next point of
/// the lattice at offset 2.
fn fake(dir: &Path) -> String {
    let points: Vec<String> = lattice(2).iter().map(|p| p.to_gtp(19)).collect();
    let script = dir.join("instant.py");
    let body = format!(
        "import sys\nmoves = {points:?}\nn = 0\nfor line in sys.stdin:\n    w = line.split()\n    if not w:\n        continue\n    if w[0] == 'genmove':\n        sys.stdout.write('= ' + moves[n] + '\\n\\n'); n += 1\n    elif w[0] == 'quit':\n        sys.stdout.write('=\\n\\n'); sys.stdout.flush(); break\n    else:\n        sys.stdout.write('=\\n\\n')\n    sys.stdout.flush()\n"
    );
    std::fs::write(&script, body).expect("script");
    format!("python3 {}", script.display())
}

/// Takes reports into the front end until `done` holds.
async fn until(front: &mut Front, done: impl Fn(&NetNews) -> bool) {
    loop {
        let news = tokio::time::timeout(Duration::from_secs(10), front.shell.next())
            .await
            .expect("a report");
        let last = done(&news);
        front.shell.step(&mut front.state, Msg::Net(news));
        if last {
            return;
        }
    }
}

/// A new 19×19 game against the fake engine, the player Black.
async fn new_game(dir: &Path) -> Front {
    let mut front = home_in(dir);
    front.shell = Shell::default();
    front.state.engine = Some(fake(dir));
    front.state.home.size = 19;
    open_from_home(&mut front, HomeItem::PlayEngine);
    until(&mut front, |n| matches!(n, NetNews::Started(_))).await;
    front
}

fn engine_move_to_frame(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let dir = tempfile::tempdir().expect("a home");
    let ours = lattice(0);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    c.bench_function(
        "our move to the frame showing a fake engine's answer (19x19, 80x24)",
        |b| {
            b.iter_custom(|iters| {
                runtime.block_on(async {
                    let mut total = Duration::ZERO;
                    let mut front = new_game(dir.path()).await;
                    let mut played = 0;
                    for _ in 0..iters {
                        if played == MOVES {
                            run(&mut front, Command::Adjourn);
                            front = new_game(dir.path()).await;
                            played = 0;
                        }
                        let start = Instant::now();
                        run(&mut front, Command::At(ours[played]));
                        until(&mut front, |n| matches!(n, NetNews::Remote { .. })).await;
                        terminal
                            .draw(|frame| view(&front.state, frame))
                            .expect("draw");
                        total += start.elapsed();
                        played += 1;
                        let game = &front.state.table().expect("the game").game;
                        assert_eq!(game.move_number() as usize, 2 * played);
                        assert_eq!(game.phase(), Phase::Playing);
                    }
                    run(&mut front, Command::Adjourn);
                    total
                })
            });
        },
    );
    // The last step alone: the engine's report taken by the update and
    // drawn, on the position of a game 40 moves in.
    let mut game = kaisho_core::Game::new(kaisho_core::Settings::even(
        kaisho_core::BoardSize::NINETEEN,
        kaisho_core::Komi::MODERN,
    ))
    .expect("a game");
    for (black, white) in lattice(0).into_iter().zip(lattice(2)).take(20) {
        for (color, point) in [(Color::Black, black), (Color::White, white)] {
            game.apply(Event::Play { color, point }).expect("legal");
        }
    }
    game.apply(Event::Play {
        color: Color::Black,
        point: lattice(0)[20],
    })
    .expect("legal");
    let event = Event::Play {
        color: Color::White,
        point: lattice(2)[20],
    };
    let mut after = game.clone();
    after.apply(event.clone()).expect("legal");
    let hash = after.state_hash();
    c.bench_function("the engine's report to its frame (19x19, 80x24)", |b| {
        b.iter_batched(
            || {
                let mut front = common::home();
                common::start_network_game(&mut front, game.clone(), Color::Black);
                front
            },
            |mut front| {
                let news = NetNews::Remote {
                    event: event.clone(),
                    hash,
                };
                front.shell.step(&mut front.state, Msg::Net(news));
                terminal
                    .draw(|frame| view(&front.state, frame))
                    .expect("draw");
                front
            },
            criterion::BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, engine_move_to_frame);
criterion_main!(benches);
