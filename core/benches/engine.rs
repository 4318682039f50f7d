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
//! Both of those goban paths copy the whole board into a history set on
//! every move (`Game::play` does it for superko, which Japanese rules do not
//! use), so most of that gap is the copy. The fair anchor is goban's board
//! itself, `Goban`, driven through its public API with no history: a board
//! move is `Goban::push` and the removal of the chains it leaves without
//! liberties; a game move adds the checks a game needs (occupied point,
//! suicide, the basic ko) from the liberties goban keeps. Those are the
//! figures to compare kaisho against; the history paths are kept to show
//! what the copy costs.

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

/// Whether goban's chain `chain` has an empty neighbour other than `except`.
/// goban keeps each chain's liberties but does not make them public, so this
/// walks the chain's stones: a cost goban's own game paths do not pay.
fn goban_chain_breathes(
    board: &goban::pieces::goban::Goban,
    chain: usize,
    except: Option<(u8, u8)>,
) -> bool {
    board.chain_stones(chain).any(|stone| {
        board
            .get_liberties(stone.coord)
            .any(|at| Some(at) != except)
    })
}

/// One move on goban's own board with no history: `checked` refuses an
/// occupied point, suicide and a ko retake first, the way a game move must.
/// Returns the stones captured, or `None` for a refused move.
fn goban_board_move(
    board: &mut goban::pieces::goban::Goban,
    ko: &mut Option<(u8, u8)>,
    at: (u8, u8),
    color: goban::pieces::stones::Color,
    checked: bool,
) -> Option<u32> {
    if checked {
        if board.get_color(at).is_some() || *ko == Some(at) {
            return None;
        }
        let breathes = board.has_liberties(at)
            || board.get_connected_groups_idx(at).into_iter().any(|chain| {
                let own = board.chain_stones(chain).next().map(|s| s.color) == Some(color);
                own == goban_chain_breathes(board, chain, Some(at))
            });
        if !breathes {
            return None;
        }
    }
    board.push(at, color);
    let mut captured = 0;
    let mut single = None;
    for chain in board.get_connected_groups_idx(at) {
        let Some(stone) = board.chain_stones(chain).next() else {
            continue;
        };
        if stone.color != color && !goban_chain_breathes(board, chain, None) {
            let size = board.chain_stones(chain).count() as u32;
            single = (size == 1).then_some(stone.coord);
            captured += size;
            board.remove_chain(chain);
        }
    }
    let alone = board
        .get_connected_points(at)
        .all(|point| point.color != Some(color));
    let in_atari = board.get_liberties(at).take(2).count() == 1;
    *ko = single.filter(|_| captured == 1 && alone && in_atari);
    Some(captured)
}

/// A replay on goban's board with no history, checked (a game move) or not
/// (a board move).
fn replay_goban_board(games: &[Vec<Event>], checked: bool) -> u32 {
    use goban::pieces::goban::Goban;
    use goban::pieces::stones::Color as GobanColor;
    let mut captured = 0;
    for events in games {
        let mut board = Goban::new((19, 19));
        let mut ko = None;
        for event in events {
            match *event {
                Event::Play { color, point } => {
                    let color = match color {
                        kaisho_core::Color::Black => GobanColor::Black,
                        kaisho_core::Color::White => GobanColor::White,
                    };
                    let at = (point.row, point.col);
                    match goban_board_move(&mut board, &mut ko, at, color, checked) {
                        Some(stones) => captured += stones,
                        None => panic!("goban refused a legal move at {at:?}"),
                    }
                }
                Event::Pass { .. } => ko = None,
                _ => {}
            }
        }
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
    let settings = Settings::even(BoardSize::NINETEEN, Komi::MODERN);
    let kaisho_captures: u32 = games
        .iter()
        .map(|events| {
            let game = Game::replay(settings.clone(), events).expect("legal games");
            game.captures().iter().sum::<u32>()
        })
        .sum();
    for checked in [true, false] {
        assert_eq!(
            replay_goban_board(&games, checked),
            kaisho_captures,
            "goban's board must capture what kaisho captures (checked: {checked})"
        );
    }
    let mut group = c.benchmark_group("replay_1000_random_19x19_games");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("kaisho", |b| b.iter(|| replay_kaisho(black_box(&games))));
    group.bench_function("goban Goban, no history, checked", |b| {
        b.iter(|| replay_goban_board(black_box(&games), true))
    });
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
    group.bench_function("goban Goban::push, no history", |b| {
        b.iter(|| replay_goban_board(black_box(&games), false))
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
