//! Helpers shared by the core's integration tests.
#![allow(dead_code)]

use kaisho_core::{BoardSize, Color, Event, Game, Komi, Point, Settings};

/// A GTP point on a board of `size`.
pub fn pt(size: u8, name: &str) -> Point {
    Point::parse_gtp(name, size).unwrap_or_else(|e| panic!("{e}"))
}

/// A game whose board starts as the given rows (top first), `first` to move.
pub fn game_from_rows(rows: &[&str], first: Color, komi: Komi) -> Game {
    let size = rows.len() as u8;
    let mut setup = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let color = match ch {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            setup.push((color, Point::new(c as u8, r as u8)));
        }
    }
    Game::new(Settings {
        size: BoardSize::new(u32::from(size)).unwrap(),
        komi,
        handicap: 0,
        setup,
        first,
    })
    .unwrap()
}

/// Plays a list of GTP moves (`"pass"` for a pass), alternating from the side to move.
pub fn play_all(game: &mut Game, moves: &[&str]) {
    let size = game.settings().size.get();
    for m in moves {
        let color = game.to_move();
        let event = if *m == "pass" {
            Event::Pass { color }
        } else {
            Event::Play {
                color,
                point: pt(size, m),
            }
        };
        game.apply(event)
            .unwrap_or_else(|e| panic!("{color} {m} refused: {e}"));
    }
}

/// A deterministic generator for random games (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Whether `p` is a one-point eye of `color`: every neighbour is `color`.
pub fn is_own_eye(game: &Game, color: Color, p: Point) -> bool {
    game.board()
        .adjacent(p)
        .all(|n| game.board().get(n) == Some(color))
}

/// Plays random legal moves (never filling a one-point eye) until the game
/// stops or `max_moves` is reached.
pub fn random_game(size: u8, seed: u64, max_moves: usize) -> Game {
    let mut rng = Rng(seed | 1);
    let mut game = Game::new(Settings::even(
        BoardSize::new(u32::from(size)).unwrap(),
        Komi::MODERN,
    ))
    .unwrap();
    let n = usize::from(size) * usize::from(size);
    for _ in 0..max_moves {
        if game.phase() != kaisho_core::Phase::Playing {
            break;
        }
        let color = game.to_move();
        let start = (rng.next() % n as u64) as usize;
        let chosen = (0..n)
            .map(|k| {
                let i = (start + k) % n;
                Point::new((i % usize::from(size)) as u8, (i / usize::from(size)) as u8)
            })
            .find(|&p| game.check_play(color, p).is_ok() && !is_own_eye(&game, color, p));
        let event = match chosen {
            Some(point) => Event::Play { color, point },
            None => Event::Pass { color },
        };
        game.apply(event).unwrap();
    }
    game
}
