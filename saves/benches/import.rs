//! What an import costs: a game of 4,999 moves, the longest main line
//! kaisho reads, logged as `kaisho games import` logs it, whole and with
//! one flush. A bench of its own, so that it runs without the saved-games
//! list's thousand games being made first.

mod common;

use common::header;
use criterion::{Criterion, criterion_group, criterion_main};
use kaisho_core::playout::XorShift;
use kaisho_core::{BoardSize, Event, Game, Komi, NoResultState, Phase, Point, Settings};
use kaisho_saves::log::GameStore;

/// A legal 19×19 game of `moves` moves: random points, a player's own eye
/// filled half the time so that captures go on, and never a move that
/// repeats a position.
fn long_game(moves: usize) -> Vec<Event> {
    let n = 19 * 19;
    for seed in 1.. {
        let mut rng = XorShift::new(seed);
        let mut game = Game::new(Settings::even(BoardSize::NINETEEN, Komi::MODERN)).expect("board");
        while game.events().len() < moves && game.phase() == Phase::Playing {
            let color = game.to_move();
            let start = rng.next_u64() as usize % n;
            let chosen = (0..n)
                .map(|k| (start + k) % n)
                .map(|i| Point::new((i % 19) as u8, (i / 19) as u8))
                .find(|&point| {
                    let board = game.board();
                    let eye = board.adjacent(point).all(|q| board.get(q) == Some(color));
                    let mut after = game.clone();
                    (!eye || rng.next_u64().is_multiple_of(2))
                        && after.apply(Event::Play { color, point }).is_ok()
                        && after.no_result() == NoResultState::Clear
                });
            let event = chosen.map_or(Event::Pass { color }, |point| Event::Play { color, point });
            if game.apply(event).is_err() {
                break;
            }
        }
        if game.events().len() == moves {
            return game.events().to_vec();
        }
    }
    unreachable!("some seed plays on")
}

fn import(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let store = GameStore::new(dir.path());
    let events = long_game(4_999);
    let mut n = 0u32;
    let mut group = c.benchmark_group("game_log");
    group.sample_size(20);
    group.bench_function("log_an_imported_game_of_4999_moves", |b| {
        b.iter(|| {
            n += 1;
            store
                .create_with(&header(&format!("import-{n}")), &events)
                .expect("logged")
        })
    });
    group.finish();
}

criterion_group!(benches, import);
criterion_main!(benches);
