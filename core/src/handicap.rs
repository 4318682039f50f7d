//! Where handicap stones go (1949 Art. 21).
//!
//! On 19×19 the stars are numbered as Art. 9.4 numbers them (第1星 16の四,
//! 第2星 4の十六, 第3星 16の十六, 第4星 4の四, 第5星 16の十, 第6星 4の十,
//! 第7星 10の四, 第8星 10の十六, 第9星 天元) and Art. 21 takes them in that
//! order, putting 天元 in fifth or seventh place for an odd count of five or
//! seven. The figure Art. 21.2 cites for 10 stones and more is not in the
//! text we have, so stones 10 to 25 go on the other points of the lattice of
//! lines 4, 7, 10, 13 and 16, in pairs that map onto each other under a
//! half-turn of the board, so that every odd count is symmetric:
//!
//! | stones | points (1949 names) |
//! |---|---|
//! | 10, 11 | 13の七, 7の十三 |
//! | 12, 13 | 7の七, 13の十三 |
//! | 14, 15 | 10の七, 10の十三 |
//! | 16, 17 | 7の十, 13の十 |
//! | 18, 19 | 16の七, 4の十三 |
//! | 20, 21 | 4の七, 16の十三 |
//! | 22, 23 | 13の四, 7の十六 |
//! | 24, 25 | 7の四, 13の十六 |
//!
//! Other boards use their own stars: the corner stars on line 2 (5×5, 6×6),
//! line 3 (7×7 to 11×11) or line 4 (12×12 and up); side stars and 天元 only
//! on odd boards, side stars only from 9×9. The same order applies, so a
//! 13×13 board takes up to 9 stones, 7×7 up to 5, an even board up to 4.

use crate::point::{BoardSize, Point};

/// A handicap that cannot be placed on the board asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandicapError {
    pub stones: u8,
    pub size: u8,
    pub max: u8,
}

impl std::fmt::Display for HandicapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} handicap stones cannot be placed on a {}×{} board; choose 2 to {}",
            self.stones, self.size, self.size, self.max
        )
    }
}

impl std::error::Error for HandicapError {}

/// Stones 10–25 on 19×19, as 1949-style (column, row) pairs counted from 1.
const BEYOND_NINE: [(u8, u8); 16] = [
    (13, 7),
    (7, 13),
    (7, 7),
    (13, 13),
    (10, 7),
    (10, 13),
    (7, 10),
    (13, 10),
    (16, 7),
    (4, 13),
    (4, 7),
    (16, 13),
    (13, 4),
    (7, 16),
    (7, 4),
    (13, 16),
];

/// The star points of a board in the order of 1949 Art. 9.4 (第1星 first).
#[must_use]
pub fn stars(size: BoardSize) -> Vec<Point> {
    let n = size.get();
    let line = match n {
        5 | 6 => 2,
        7..=11 => 3,
        _ => 4,
    };
    let (near, far) = (line - 1, n - line);
    let mut out = vec![
        Point::new(far, near),
        Point::new(near, far),
        Point::new(far, far),
        Point::new(near, near),
    ];
    if n % 2 == 1 {
        let mid = n / 2;
        if n >= 9 {
            out.extend([
                Point::new(far, mid),
                Point::new(near, mid),
                Point::new(mid, near),
                Point::new(mid, far),
            ]);
        }
        out.push(Point::new(mid, mid));
    }
    out
}

/// The star points a board marks with a dot, as boards are commonly made:
/// the corner stars and 天元 on every board, the side stars only from 15×15
/// up. A 9×9 board marks five points (3-3, 7-7, 3-7, 7-3 and 5-5) and a 13×13
/// five, though handicap stones may also go on the unmarked side stars.
#[must_use]
pub fn marked_stars(size: BoardSize) -> Vec<Point> {
    let all = stars(size);
    if size.get() >= 15 || all.len() < 9 {
        return all;
    }
    let mut marked = all[..4].to_vec();
    marked.push(all[8]);
    marked
}

/// The most handicap stones a board of this size takes.
#[must_use]
pub fn max_stones(size: BoardSize) -> u8 {
    if size.get() == 19 {
        25
    } else {
        stars(size).len() as u8
    }
}

/// The points of an `stones`-stone handicap, in the order they are placed.
/// Zero stones is an even game or 先 (no stones); one stone is not a handicap.
pub fn placement(size: BoardSize, stones: u8) -> Result<Vec<Point>, HandicapError> {
    let err = HandicapError {
        stones,
        size: size.get(),
        max: max_stones(size),
    };
    if stones == 0 {
        return Ok(Vec::new());
    }
    if stones == 1 || stones > err.max {
        return Err(err);
    }
    let star = stars(size);
    let centre = (star.len() % 2 == 1).then(|| star[star.len() - 1]);
    let corners_and_sides = &star[..star.len() - usize::from(centre.is_some())];
    let mut out: Vec<Point> = match (stones, centre) {
        (5 | 7, Some(c)) => {
            let mut v = corners_and_sides[..usize::from(stones) - 1].to_vec();
            v.push(c);
            v
        }
        (s, _) if usize::from(s) <= star.len() => star[..usize::from(s)].to_vec(),
        _ => star.clone(),
    };
    if stones > 9 {
        out.extend(
            BEYOND_NINE[..usize::from(stones) - 9]
                .iter()
                .map(|&(c, r)| Point::new(c - 1, r - 1)),
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(stones: u8) -> Vec<String> {
        placement(BoardSize::NINETEEN, stones)
            .unwrap()
            .into_iter()
            .map(Point::to_kanji)
            .collect()
    }

    #[test]
    fn two_stones_on_first_and_second_star() {
        assert_eq!(named(2), ["16の四", "4の十六"]);
    }

    #[test]
    fn three_stones_on_stars_one_to_three() {
        assert_eq!(named(3), ["16の四", "4の十六", "16の十六"]);
    }

    #[test]
    fn four_stones_on_stars_one_to_four() {
        assert_eq!(named(4), ["16の四", "4の十六", "16の十六", "4の四"]);
    }

    #[test]
    fn five_stones_add_tengen() {
        assert_eq!(
            named(5),
            ["16の四", "4の十六", "16の十六", "4の四", "10の十"]
        );
    }

    #[test]
    fn six_stones_on_stars_one_to_six() {
        assert_eq!(
            named(6),
            ["16の四", "4の十六", "16の十六", "4の四", "16の十", "4の十"]
        );
    }

    #[test]
    fn seven_stones_add_tengen_to_six() {
        assert_eq!(
            named(7),
            [
                "16の四",
                "4の十六",
                "16の十六",
                "4の四",
                "16の十",
                "4の十",
                "10の十"
            ]
        );
    }

    #[test]
    fn eight_stones_on_stars_one_to_eight() {
        assert_eq!(
            named(8),
            [
                "16の四",
                "4の十六",
                "16の十六",
                "4の四",
                "16の十",
                "4の十",
                "10の四",
                "10の十六"
            ]
        );
    }

    #[test]
    fn nine_stones_on_all_nine_stars() {
        assert_eq!(
            named(9),
            [
                "16の四",
                "4の十六",
                "16の十六",
                "4の四",
                "16の十",
                "4の十",
                "10の四",
                "10の十六",
                "10の十"
            ]
        );
    }

    #[test]
    fn first_star_is_q16_in_gtp_terms() {
        let p = placement(BoardSize::NINETEEN, 2).unwrap();
        assert_eq!(p[0].to_gtp(19), "Q16");
        assert_eq!(p[1].to_gtp(19), "D4");
    }

    #[test]
    fn twenty_five_stones_fill_the_lattice_without_repeats() {
        let mut p = placement(BoardSize::NINETEEN, 25).unwrap();
        p.sort();
        p.dedup();
        assert_eq!(p.len(), 25);
        assert!(
            p.iter()
                .all(|q| [3, 6, 9, 12, 15].contains(&q.col) && [3, 6, 9, 12, 15].contains(&q.row))
        );
    }

    #[test]
    fn odd_counts_beyond_nine_are_symmetric_under_a_half_turn() {
        for stones in (11..=25).step_by(2) {
            let p = placement(BoardSize::NINETEEN, stones).unwrap();
            for q in &p[9..] {
                assert!(
                    p.contains(&Point::new(18 - q.col, 18 - q.row)),
                    "{stones}: {q:?}"
                );
            }
        }
    }

    #[test]
    fn nine_by_nine_marks_five_stars() {
        let marked: Vec<String> = marked_stars(BoardSize::new(9).unwrap())
            .iter()
            .map(|q| q.to_gtp(9))
            .collect();
        assert_eq!(marked, ["G7", "C3", "G3", "C7", "E5"]);
    }

    #[test]
    fn side_stars_are_marked_from_fifteen_up() {
        let count = |n| marked_stars(BoardSize::new(n).unwrap()).len();
        assert_eq!([5, 6, 7, 9, 11, 13].map(count), [5, 4, 5, 5, 5, 5]);
        assert_eq!([8, 10, 12, 14, 16, 18].map(count), [4; 6]);
        assert_eq!([15, 17, 19].map(count), [9; 3]);
    }

    #[test]
    fn small_boards_use_their_own_stars() {
        let nine = BoardSize::new(9).unwrap();
        let p: Vec<String> = placement(nine, 5)
            .unwrap()
            .iter()
            .map(|q| q.to_gtp(9))
            .collect();
        assert_eq!(p, ["G7", "C3", "G3", "C7", "E5"]);
        let thirteen = BoardSize::new(13).unwrap();
        let p: Vec<String> = placement(thirteen, 2)
            .unwrap()
            .iter()
            .map(|q| q.to_gtp(13))
            .collect();
        assert_eq!(p, ["K10", "D4"]);
        assert_eq!(max_stones(thirteen), 9);
        assert!(placement(BoardSize::new(8).unwrap(), 5).is_err());
        assert!(placement(BoardSize::NINETEEN, 1).is_err());
        assert!(placement(BoardSize::NINETEEN, 26).is_err());
    }
}
