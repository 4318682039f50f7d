//! The booklet's rulings (簡明 日本囲碁規約, seeds/002) and plain cases, as
//! ASCII fixtures: `X` Black, `O` White, `.` empty, top row first. Points
//! in the assertions are GTP names (row 1 at the bottom).

use kaisho_core::life::{self, Analysis, Limits, Status};
use kaisho_core::{Board, Point};

fn analyse(rows: &[&str]) -> (Board, Analysis) {
    let board = Board::from_rows(rows).unwrap();
    let analysis = life::analyse(&board, &Limits::default());
    (board, analysis)
}

fn status(board: &Board, analysis: &Analysis, gtp: &str) -> Status {
    let p = Point::parse_gtp(gtp, board.size()).unwrap();
    let v = analysis
        .at(p)
        .unwrap_or_else(|| panic!("no stone at {gtp}"));
    println!("{gtp}: {:?} — {}", v.status, v.reason);
    v.status
}

fn expect(rows: &[&str], cases: &[(&str, Status)]) -> (Board, Analysis) {
    let (board, analysis) = analyse(rows);
    let got: Vec<Status> = cases
        .iter()
        .map(|(p, _)| status(&board, &analysis, p))
        .collect();
    let want: Vec<Status> = cases.iter().map(|c| c.1).collect();
    assert_eq!(
        got,
        want,
        "for {:?}",
        cases.iter().map(|c| c.0).collect::<Vec<_>>()
    );
    (board, analysis)
}

/// テーマ1 A (3図): the white corner can never play inside (either inner
/// point is self-atari), while Black, at any time, plays C9 in atari, lets
/// White capture four at B8, and starts a ko that Art. 7.2 lets White
/// never retake. White's six stones have exactly the two inner liberties
/// B8 and C9; Black's three inner stones have the same two.
const BENT_FOUR: [&str; 9] = [
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

#[test]
fn bent_four_in_corner_is_dead() {
    expect(
        &BENT_FOUR,
        &[
            ("D9", Status::Dead),
            ("A9", Status::Alive),
            ("E9", Status::Alive),
        ],
    );
}
