//! The rules engine on 1,000 random legal 19×19 games, side by side with the
//! `goban` crate replaying the same games, on two pairs of paths:
//!
//! - a game move: kaisho's `Game::apply` (legality, captures, hash,
//!   repetition bookkeeping) against goban's `Game::try_play` (legality,
//!   captures, ko);
//! - a board move: kaisho's `Board::play` (legality, captures, ko, hash)
//!   against goban's unchecked `Game::play` (captures, ko), the cheapest
//!   public path goban has that removes captured stones.
//!
//! Both goban paths copy the whole board into a history set on every move
//! (`Game::play` does it for superko, which Japanese rules do not use); goban
//! has no public path without that copy, so part of the gap is that copy.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kaisho_core::playout::{XorShift, play_randomly};
use kaisho_core::{BoardSize, Event, Game, Komi, Settings};
use std::hint::black_box;
use std::time::Duration;

const GAMES: u64 = 1_000;

fn games() -> Vec<Vec<Event>> {
    let settings = Settings::even(BoardSize::NINETEEN, Komi::MODERN);
    (0..GAMES)
        .map(|seed| {
            let mut rng = XorShift::new(seed + 1);
            let mut game = Game::new(settings.clone()).expect("empty board");
            play_randomly(&mut game, 1_000, || rng.next_u64());
            game.events().to_vec()
        })
        .collect()
}

fn replay_kaisho(games: &[Vec<Event>]) -> u32 {
    let settings = Settings::even(BoardSize::NINETEEN, Komi::MODERN);
    let mut captured = 0;
    for events in games {
        let mut game = Game::new(settings.clone()).expect("empty board");
        for event in events {
            game.apply(event.clone()).expect("the games are legal");
        }
        captured += game.captures()[0];
    }
    captured
}

fn replay_goban(games: &[Vec<Event>]) -> u32 {
    use goban::rules::game::Game as GobanGame;
    use goban::rules::{GobanSizes, JAPANESE, Move};
    let mut captured = 0;
    for events in games {
        let mut game = GobanGame::new(GobanSizes::Nineteen, JAPANESE);
        for event in events {
            let play = match *event {
                Event::Play { point, .. } => Move::Play(point.row, point.col),
                Event::Pass { .. } => Move::Pass,
                _ => continue,
            };
            if game.try_play(play).is_err() {
                break;
            }
        }
        captured += game.prisoners().0;
    }
    captured
}

fn replay_kaisho_board(games: &[Vec<Event>]) -> u32 {
    use kaisho_core::{Board, Color};
    let mut captured = 0;
    for events in games {
        let mut board = Board::new(BoardSize::NINETEEN);
        for event in events {
            match *event {
                Event::Play { color, point } => {
                    board.play(color, point).expect("the games are legal");
                }
                Event::Pass { .. } => board.pass(),
                _ => {}
            }
        }
        captured += board.stone_counts()[Color::Black.index()];
    }
    captured
}

fn replay_goban_unchecked(games: &[Vec<Event>]) -> u32 {
    use goban::rules::game::Game as GobanGame;
    use goban::rules::{GobanSizes, JAPANESE, Move};
    let mut captured = 0;
    for events in games {
        let mut game = GobanGame::new(GobanSizes::Nineteen, JAPANESE);
        let mut passes = 0;
        for event in events {
            let play = match *event {
                Event::Play { point, .. } => Move::Play(point.row, point.col),
                Event::Pass { .. } => Move::Pass,
                _ => continue,
            };
            passes = if play == Move::Pass { passes + 1 } else { 0 };
            if passes == 2 {
                break;
            }
            game.play(play);
        }
        captured += game.prisoners().0;
    }
    captured
}

fn engine(c: &mut Criterion) {
    let games = games();
    let moves: usize = games.iter().map(Vec::len).sum();
    println!(
        "{GAMES} games, {moves} moves, {:.0} moves per game",
        moves as f64 / GAMES as f64
    );
    let mut group = c.benchmark_group("replay_1000_random_19x19_games");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("kaisho", |b| b.iter(|| replay_kaisho(black_box(&games))));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("goban", |b| b.iter(|| replay_goban(black_box(&games))));
    group.finish();
    let mut group = c.benchmark_group("board_moves_of_1000_random_19x19_games");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("kaisho Board::play", |b| {
        b.iter(|| replay_kaisho_board(black_box(&games)))
    });
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("goban Game::play unchecked", |b| {
        b.iter(|| replay_goban_unchecked(black_box(&games)))
    });
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
