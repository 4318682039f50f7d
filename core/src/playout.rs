//! Random legal games, for property tests, benchmarks and corpora.
//!
//! The caller supplies the random numbers, so the core stays free of any
//! source of randomness and a seed reproduces a game exactly.

use crate::color::Color;
use crate::event::Event;
use crate::game::{Game, Phase};
use crate::point::Point;
use crate::repetition::NoResultState;

/// Whether `p` is a one-point eye of `color`: every neighbour on the board is `color`.
#[must_use]
pub fn is_own_eye(game: &Game, color: Color, p: Point) -> bool {
    game.board()
        .adjacent(p)
        .all(|n| game.board().get(n) == Some(color))
}

/// Plays random legal moves that never fill a one-point eye of the mover,
/// passing when none is left, until the game stops or `max_moves` is
/// reached. `random` is asked for one number per move. When a position
/// repeats, the side to move declines no-result, so that the game cannot
/// cycle for ever (repeating moves are refused from then on).
pub fn play_randomly(game: &mut Game, max_moves: usize, mut random: impl FnMut() -> u64) {
    let size = usize::from(game.settings().size.get());
    let n = size * size;
    for _ in 0..max_moves {
        if game.phase() != Phase::Playing {
            break;
        }
        let color = game.to_move();
        if matches!(game.no_result(), NoResultState::Repeated { .. })
            && game.apply(Event::DeclineNoResult { by: color }).is_err()
        {
            break;
        }
        let start = (random() % n as u64) as usize;
        let chosen = (0..n)
            .map(|k| {
                let i = (start + k) % n;
                Point::new((i % size) as u8, (i / size) as u8)
            })
            .find(|&p| game.check_play(color, p).is_ok() && !is_own_eye(game, color, p));
        let event = match chosen {
            Some(point) => Event::Play { color, point },
            None => Event::Pass { color },
        };
        if game.apply(event).is_err() {
            break;
        }
    }
}

/// A small deterministic generator (xorshift64*) for callers that need one.
#[derive(Clone, Debug)]
pub struct XorShift(u64);

impl XorShift {
    /// A generator from a seed (any value; zero is replaced).
    #[must_use]
    pub fn new(seed: u64) -> XorShift {
        XorShift(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}
