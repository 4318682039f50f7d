//! Counting under J1989 Art. 8 and 10 for given dead stones.

mod common;

use common::pt;
use kaisho_core::scoring::{PointStatus, count};
use kaisho_core::{Board, Color, Komi, Outcome, Point};

fn at(row: u8, col: u8) -> Point {
    Point::new(col, row)
}

/// The worked count of the COSUMI page (seeds/004) rebuilt as a 9×9
/// position: Black 20 points, White 18, one dame at E9; Black took 1
/// prisoner in play and White 2; three white stones lie dead in Black's
/// area and two black stones in White's; komi 6.5.
const COSUMI: [&str; 9] = [
    "...X.OO..",
    "...XXOO..",
    "..XXOOO..",
    "..XXOOO..",
    "OOXXOOO.X",
    "..XXOOO..",
    "O.XXOOOX.",
    "..XXOOO..",
    "..XXOOO..",
];

#[test]
fn cosumi_example_white_wins_by_four_and_a_half() {
    let board = Board::from_rows(&COSUMI).unwrap();
    let dead = [pt(9, "A5"), pt(9, "A3"), pt(9, "J5"), pt(9, "H3")];
    let score = count(&board, &dead, [1, 2], Komi::MODERN);
    assert_eq!(score.territory, [20, 18]);
    assert_eq!(score.captures, [1, 2]);
    assert_eq!(score.dead_lifted, [3, 2]);
    // 20 + 1 + 3 = 24 against 18 + 2 + 2 + 6.5 = 28.5.
    assert_eq!(score.total_halves(Color::Black), 48);
    assert_eq!(score.total_halves(Color::White), 57);
    assert_eq!(score.outcome().result_string(), "W+4.5");
    assert_eq!(score.at(pt(9, "E9")), PointStatus::Dame);
    assert_eq!(score.at(pt(9, "B5")), PointStatus::Lifted(Color::White));
    assert_eq!(score.at(pt(9, "J5")), PointStatus::Lifted(Color::Black));
    assert!(
        score
            .points_where(|s| matches!(s, PointStatus::Seki(_)))
            .is_empty()
    );
}

#[test]
fn dead_stones_are_taken_chain_by_chain() {
    let board = Board::from_rows(&COSUMI).unwrap();
    // Naming one stone of the A5-B5 pair marks both.
    let score = count(&board, &[pt(9, "A5"), pt(9, "A3")], [0, 0], Komi::ZERO);
    assert_eq!(score.dead_lifted, [3, 0]);
    assert_eq!(score.at(pt(9, "B5")), PointStatus::Lifted(Color::White));
}

#[test]
fn stones_not_marked_dead_keep_their_points_from_being_territory() {
    let board = Board::from_rows(&COSUMI).unwrap();
    let score = count(&board, &[], [0, 0], Komi::ZERO);
    // The live white stones inside Black's area make those regions dame-like:
    // Black keeps only the regions they do not touch.
    assert!(score.territory[0] < 20);
    assert_eq!(score.dead_lifted, [0, 0]);
}

/// A seki without eyes: the black chain A9 A8 A7 B7 and the white chain
/// C9 C8 C7 share the liberties B9 and B8 and have no other.
const SEKI_NO_EYES: [&str; 7] = [
    "X.OX...", "X.OX...", "XXOX...", "OOXXXXX", ".OX....", "OOX....", ".OX....",
];

#[test]
fn seki_with_shared_liberties_scores_nothing() {
    let board = Board::from_rows(&SEKI_NO_EYES).unwrap();
    let score = count(&board, &[], [0, 0], Komi::ZERO);
    assert_eq!(score.at(at(0, 1)), PointStatus::SharedLiberty);
    assert_eq!(score.at(at(1, 1)), PointStatus::SharedLiberty);
    assert_eq!(score.at(at(0, 0)), PointStatus::Seki(Color::Black));
    assert_eq!(score.at(at(0, 2)), PointStatus::Seki(Color::White));
    assert_eq!(score.at(at(3, 0)), PointStatus::Alive(Color::White));
    assert_eq!(score.at(at(0, 3)), PointStatus::Alive(Color::Black));
    // Black: the right side, 9 + 12; White: its two eyes at the bottom left.
    assert_eq!(score.territory, [21, 2]);
}

/// A seki with one eye each: black B9 A8 B8 C8 (eye A9) and white D9 D8 E8
/// F8 F9 (eye E9) share the liberty C9.
const SEKI_ONE_EYE_EACH: [&str; 9] = [
    ".X.O.OX..",
    "XXXOOOX..",
    "OOOXXXX..",
    ".OOX.....",
    "OOXX.....",
    ".OX......",
    "OOX......",
    ".OX......",
    "OOX......",
];

#[test]
fn seki_with_one_eye_each_its_eyes_score_zero() {
    let board = Board::from_rows(&SEKI_ONE_EYE_EACH).unwrap();
    let score = count(&board, &[], [0, 0], Komi::ZERO);
    assert_eq!(score.at(at(0, 2)), PointStatus::SharedLiberty);
    assert_eq!(score.at(at(0, 0)), PointStatus::SekiEye(Color::Black));
    assert_eq!(score.at(at(0, 4)), PointStatus::SekiEye(Color::White));
    assert_eq!(score.at(at(1, 1)), PointStatus::Seki(Color::Black));
    assert_eq!(score.at(at(1, 4)), PointStatus::Seki(Color::White));
    assert_eq!(score.at(at(2, 0)), PointStatus::Alive(Color::White));
    // Black: the right side (2 + 2 + 2 + 5 + 5 + 6×4 = 40); White: three eyes.
    assert_eq!(score.territory, [40, 3]);
}

#[test]
fn jigo_with_komi_zero() {
    let rows = ["..XO.."; 6];
    let board = Board::from_rows(&rows).unwrap();
    let score = count(&board, &[], [3, 3], Komi::ZERO);
    assert_eq!(score.territory, [12, 12]);
    assert_eq!(score.outcome(), Outcome::Jigo);
    assert_eq!(score.outcome().result_string(), "0");
}

#[test]
fn a_region_with_dead_stones_of_both_colours_is_nobodys() {
    let rows = ["X.XO..", ".OXO..", "..XO..", "..XO..", "..XO..", "..XO.."];
    let board = Board::from_rows(&rows).unwrap();
    let score = count(&board, &[at(0, 0), at(1, 1)], [0, 0], Komi::ZERO);
    assert_eq!(score.territory, [0, 12]);
    assert_eq!(score.dead_lifted, [0, 0]);
    assert_eq!(score.at(at(0, 0)), PointStatus::DeadStays(Color::Black));
    assert_eq!(score.at(at(1, 1)), PointStatus::DeadStays(Color::White));
    assert_eq!(score.at(at(0, 1)), PointStatus::Neutral);
}

#[test]
fn harmless_dame_counts_for_nobody_and_makes_no_seki() {
    // E5 is dame between two live groups with plenty of liberties: filling it
    // is harmless, so it counts for nobody and makes nobody seki.
    let rows = [
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
        "...X.O...",
        "...XO....",
        "...XO....",
        "...XO....",
        "...XO....",
    ];
    let board = Board::from_rows(&rows).unwrap();
    let score = count(&board, &[], [0, 0], Komi::MODERN);
    assert_eq!(score.at(at(4, 4)), PointStatus::Dame);
    assert_eq!(score.territory, [27, 35]);
    assert!(
        score
            .points_where(|s| matches!(s, PointStatus::Seki(_)))
            .is_empty()
    );
}

/// The board of `rows`, with the colours swapped when `swap` is set.
fn board_of(rows: &[&str], swap: bool) -> Board {
    let rows: Vec<String> = rows
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    'X' if swap => 'O',
                    'O' if swap => 'X',
                    c => c,
                })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    Board::from_rows(&rows).unwrap()
}

/// `color`, or its opponent when the colours are swapped.
fn as_played(color: Color, swap: bool) -> Color {
    if swap { color.opponent() } else { color }
}

/// Black's A4 has two liberties, A5 inside Black's corner and A3, a dame
/// only White can fill. Once White fills it, A4 is in atari and Black must
/// connect at A5 (手入れ, the 1949 rules Art. 40; Net Kiin Art. 12.1.2
/// fills it as a provisional move): A5 is not Black's territory. KGS and
/// the players of the amateur corpus count such points this way.
const TEIRE_AFTER_DAME: [&str; 9] = [
    "...XO....",
    "...XO....",
    "...XO....",
    "XXXXO....",
    ".XOOO....",
    "XO.......",
    ".O.......",
    "OO.......",
    ".........",
];

#[test]
fn a_point_a_filled_dame_leaves_in_atari_is_a_teire_not_territory() {
    for swap in [false, true] {
        let owner = as_played(Color::Black, swap);
        let other = owner.opponent();
        let board = board_of(&TEIRE_AFTER_DAME, swap);
        let score = count(&board, &[], [0, 0], Komi::ZERO);
        assert_eq!(
            score.at(pt(9, "A5")),
            PointStatus::Teire(owner),
            "swap {swap}"
        );
        assert_eq!(score.at(pt(9, "A3")), PointStatus::Dame, "swap {swap}");
        assert_eq!(
            score.at(pt(9, "A4")),
            PointStatus::Alive(owner),
            "swap {swap}"
        );
        assert_eq!(score.territory[owner.index()], 9, "swap {swap}");
        assert_eq!(
            score.at(pt(9, "C4")),
            PointStatus::Territory(other),
            "swap {swap}"
        );
    }
}

/// White's F5 is a ko stone: in atari at F4, inside White's tiger's mouth.
/// Black could take it there, so White connects at F4 before the count,
/// and F4 is not territory; the rest of White's area is.
const KO_STONE_TEIRE: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    "XXXXXXXXX",
    "OOOOXOXOO",
    "....O.O..",
    ".....O...",
    ".........",
    ".........",
];

#[test]
fn a_ko_stones_point_is_connected_not_counted() {
    for swap in [false, true] {
        let owner = as_played(Color::White, swap);
        let other = owner.opponent();
        let board = board_of(&KO_STONE_TEIRE, swap);
        let score = count(&board, &[], [0, 0], Komi::ZERO);
        assert_eq!(
            score.at(pt(9, "F4")),
            PointStatus::Teire(owner),
            "swap {swap}"
        );
        assert_eq!(score.territory[owner.index()], 32, "swap {swap}");
        assert_eq!(score.territory[other.index()], 27, "swap {swap}");
    }
}
