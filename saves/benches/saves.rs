//! The cost of durability and of the saved-games list: one event appended
//! and flushed to the disk, and 1,000 saved games listed and loaded.

mod common;

use common::header;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use kaisho_core::playout::{XorShift, play_randomly};
use kaisho_core::{Color, Event, Game, Point};
use kaisho_saves::log::GameStore;
use std::time::Duration;

fn append(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let store = GameStore::new(dir.path());
    let mut log = store.create(&header("append")).expect("new log");
    let event = Event::Play {
        color: Color::Black,
        point: Point::new(3, 3),
    };
    let mut group = c.benchmark_group("game_log");
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("append_and_fsync_one_event", |b| {
        b.iter(|| log.append(&event, Some(1234)).expect("append"))
    });
    group.finish();
}

fn list_and_load(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let store = GameStore::new(dir.path());
    for n in 0..1_000u64 {
        let id = format!("game-{n:04}");
        let mut log = store.create(&header(&id)).expect("new log");
        let mut game = Game::new(header(&id).settings).expect("empty board");
        let mut rng = XorShift::new(n + 1);
        play_randomly(&mut game, 250, || rng.next_u64());
        for e in game.events() {
            log.append(e, Some(5000)).expect("append");
        }
    }
    let mut group = c.benchmark_group("saved_games");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("list_1000_games_250_moves_each", |b| {
        b.iter(|| {
            let listing = store.list();
            assert_eq!(listing.games.len(), 1_000);
            listing
        })
    });
    group.bench_function("load_one_game", |b| {
        b.iter_batched(
            || "game-0500",
            |id| store.load(id).expect("load"),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, append, list_and_load);
criterion_main!(benches);
