//! Who owns each point at the end of many playouts from one position.

use super::playout::Playouts;
use super::random::Random;
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// Per point, how many playouts ended with it Black's, White's or nobody's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ownership {
    size: u8,
    playouts: u32,
    /// Playouts that ended with the point Black's and White's.
    owned: [Vec<u32>; 2],
}

impl Ownership {
    /// Plays `playouts` games out from `board` (half of them with each
    /// side first) with random numbers drawn from `seed`: one position and
    /// one seed give the same ownership on every machine.
    #[must_use]
    pub fn read(board: &Board, seed: u64, playouts: u32) -> Ownership {
        let size = board.size();
        let n = usize::from(size) * usize::from(size);
        let mut owned = [vec![0; n], vec![0; n]];
        let mut random = Random::new(seed);
        let mut runs = Playouts::new(board);
        for k in 0..playouts {
            let first = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            runs.run(board, first, &mut random, |p, owner| {
                if let Some(c) = owner {
                    owned[c.index()][index(size, p)] += 1;
                }
            });
        }
        Ownership {
            size,
            playouts,
            owned,
        }
    }

    /// The draft's ownership of `board` (the position its playouts start
    /// from, `super::settled`): [`super::playouts`] playouts seeded with
    /// the position's Zobrist key, so that both sides of a
    /// network game, and every later reading of the same position, draw
    /// the same estimate.
    #[must_use]
    pub fn of(board: &Board) -> Ownership {
        Ownership::read(board, board.hash(), super::playouts(board.size()))
    }

    /// How many playouts were read.
    #[must_use]
    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// The share of playouts, in thousandths, that ended with `p` owned
    /// by `color`.
    #[must_use]
    pub fn share(&self, p: Point, color: Color) -> u32 {
        let count = self.owned[color.index()][index(self.size, p)];
        count * 1000 / self.playouts.max(1)
    }

    /// The mean share, in thousandths, over `points` owned by `color`.
    #[must_use]
    pub fn mean_share(&self, points: &[Point], color: Color) -> u32 {
        let total: u32 = points.iter().map(|&p| self.share(p, color)).sum();
        total / u32::try_from(points.len().max(1)).unwrap_or(u32::MAX)
    }
}

fn index(size: u8, p: Point) -> usize {
    usize::from(p.row) * usize::from(size) + usize::from(p.col)
}
