//! Lone invaders: a few stones dropped into a territory of 25 to 40
//! points closed by one wall are dead, in every symmetry and both
//! colours (the J1989 commentary on Art. 7.1 and 10.1: stones left in a
//! territory that cannot live are taken off at the count).

mod common;

use kaisho_core::life::{self, Limits, Status};
use kaisho_core::{Board, Color, Point};

/// A 9×9 board with Black's wall on column `wall` (0-based), White's on
/// the next, and White's `invaders` inside Black's territory (the columns
/// left of the wall), all seen in `symmetry`, colours swapped when `swap`.
fn walled(wall: u8, invaders: &[(u8, u8)], symmetry: u8, swap: bool) -> Board {
    let mut rows = vec![vec!['.'; 9]; 9];
    for row in &mut rows {
        row[usize::from(wall)] = 'X';
        row[usize::from(wall) + 1] = 'O';
    }
    for &(col, row) in invaders {
        rows[usize::from(row)][usize::from(col)] = 'O';
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    common::board_from_rows(&rows, symmetry, swap)
}

/// Invaders of the family: single stones apart, a two-stone chain with a
/// single stone, on the first line and in the middle, near the wall and
/// far from it; (column, row from the top).
const PLACEMENTS: [&[(u8, u8)]; 6] = [
    &[(1, 4)],
    &[(2, 2), (1, 6)],
    &[(2, 6), (2, 7), (1, 4)],
    &[(0, 2), (2, 3), (2, 5)],
    &[(1, 1), (1, 7), (2, 4)],
    &[(0, 6), (0, 7), (2, 1)],
];

#[test]
fn up_to_three_lone_invaders_in_a_territory_closed_by_one_wall_are_dead() {
    let mut wrong = Vec::new();
    for wall in [3u8, 4] {
        for invaders in PLACEMENTS {
            for symmetry in 0..8 {
                for swap in [false, true] {
                    let board = walled(wall, invaders, symmetry, swap);
                    let draft = life::complete(&board, &Limits::default());
                    let owner = if swap { Color::Black } else { Color::White };
                    for &(col, row) in invaders {
                        let at = common::turn(Point::new(col, row), 9, symmetry);
                        let v = draft.at(at).expect("an invader stands there");
                        assert_eq!(v.color, owner);
                        if v.status != Status::Dead {
                            wrong.push(format!(
                                "{} points, {invaders:?}, symmetry {symmetry}, swap {swap}: {} {:?} {:?}",
                                9 * u32::from(wall),
                                at.to_gtp(9),
                                v.status,
                                v.reason
                            ));
                        }
                    }
                    assert_eq!(draft.unsettled().count(), 0, "{}", board.rows().join("\n"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} not dead:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
