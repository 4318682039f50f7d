//! Helpers shared by the core's integration tests.
#![allow(dead_code)]

use kaisho_core::{Board, BoardSize, Color, Event, Game, Komi, Point, Settings};
use std::collections::HashSet;

/// テーマ1 A (3図): the white corner can never play inside (either inner
/// point is self-atari), while Black, at any time, plays C9 in atari, lets
/// White capture four at B8, and starts a ko that Art. 7.2 lets White
/// never retake. White's six stones have exactly the two inner liberties
/// B8 and C9; Black's three inner stones have the same two.
pub const BENT_FOUR: [&str; 9] = [
    "XX.OX....",
    "X.OOX....",
    "OOOXX....",
    "XXXX.....",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
];

/// テーマ2 A (万年コウ): the lone white stone A9 can be taken at B9; the
/// white block C9–B8–C8 and the black group around it share D9 and D8.
pub const MANNEN_KO: [&str; 9] = [
    "O.O.XO...",
    "XOO.XO...",
    "XXXXXO...",
    "OOOOOO...",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
];

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

/// The point `p` seen in one of the board's eight symmetries.
pub fn turn(p: Point, size: u8, symmetry: u8) -> Point {
    let last = size - 1;
    let (mut c, mut r) = (p.col, p.row);
    if symmetry & 1 != 0 {
        c = last - c;
    }
    if symmetry & 2 != 0 {
        r = last - r;
    }
    if symmetry & 4 != 0 {
        std::mem::swap(&mut c, &mut r);
    }
    Point::new(c, r)
}

/// The board of `rows` (top first, `X` Black, `O` White) seen in
/// `symmetry`, with the colours swapped when `swap`.
pub fn board_from_rows(rows: &[&str], symmetry: u8, swap: bool) -> Board {
    let size = rows.len() as u8;
    let mut board = Board::new(BoardSize::new(u32::from(size)).unwrap());
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let color = match ch {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            let color = if swap { color.opponent() } else { color };
            let at = turn(Point::new(c as u8, r as u8), size, symmetry);
            assert!(board.set_up(color, at), "{color} at {at:?} is taken");
        }
    }
    board
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

/// A random legal game on an empty board of `size`, reproducible from `seed`.
pub fn random_game(size: u8, seed: u64, max_moves: usize) -> Game {
    let mut rng = kaisho_core::playout::XorShift::new(seed);
    let mut game = Game::new(Settings::even(
        BoardSize::new(u32::from(size)).unwrap(),
        Komi::MODERN,
    ))
    .unwrap();
    kaisho_core::playout::play_randomly(&mut game, max_moves, || rng.next_u64());
    game
}

/// The smallest empty region where a chain with two liberties in it is
/// never drafted dead: an area still open, where its owner may yet live.
pub const WIDE: usize = 25;

/// The size of the largest empty region where the chain of `stones` has
/// two or more liberties. A chain with one liberty there is in atari: the
/// opponent, moving first, takes it at once, open area or not, so it does
/// not count as open (the same rule as the analysis's open walls).
pub fn widest_open_region(board: &Board, stones: &[Point]) -> usize {
    let liberties: HashSet<Point> = stones.iter().flat_map(|&s| board.liberties(s)).collect();
    let mut widest = 0;
    let mut seen: HashSet<Point> = HashSet::new();
    for &start in &liberties {
        if !seen.insert(start) {
            continue;
        }
        let mut region = vec![start];
        let mut k = 0;
        while k < region.len() {
            for n in board.adjacent(region[k]).collect::<Vec<_>>() {
                if board.get(n).is_none() && seen.insert(n) {
                    region.push(n);
                }
            }
            k += 1;
        }
        let reached = region.iter().filter(|p| liberties.contains(p)).count();
        if reached >= 2 {
            widest = widest.max(region.len());
        }
    }
    widest
}

/// Whether a record stopped with an open area: an empty region of more than
/// 40 points bordered by living stones of both colours (stones in `dead`,
/// the reference's dead list, do not count: an invader left in a territory
/// does not open it). Play had not ended there, so such a record is
/// measured apart from the finished games.
pub fn has_open_area(board: &Board, dead: &[Point]) -> bool {
    let mut seen: HashSet<Point> = HashSet::new();
    for start in board.points() {
        if board.get(start).is_some() || !seen.insert(start) {
            continue;
        }
        let mut region = vec![start];
        let mut colours = [false; 2];
        let mut k = 0;
        while k < region.len() {
            for n in board.adjacent(region[k]).collect::<Vec<_>>() {
                match board.get(n) {
                    Some(_) if dead.contains(&n) => {}
                    Some(c) => colours[c.index()] = true,
                    None if seen.insert(n) => region.push(n),
                    None => {}
                }
            }
            k += 1;
        }
        if region.len() > 40 && colours[0] && colours[1] {
            return true;
        }
    }
    false
}
