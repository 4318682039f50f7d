//! How far the hypothetical play reaches within the default budget: groups
//! from the committed GNU Go records that a club player settles at a glance.

mod common;

use kaisho_core::Board;
use kaisho_core::life::{self, Limits, Status};

/// g053-9 of `tests/corpus/life`, finished: White's top group has eyes at
/// D7, C6 and D5 and the two black stones D8 E8 inside it, which GNU Go
/// calls dead. A search that follows the first line it tries down to
/// forty moves spent the whole budget on it; the shallow lines settle it.
const EYES_AROUND_DEAD_STONES: [&str; 9] = [
    "OOO..OOOO",
    "XXOXXOXXX",
    "XXO..OOX.",
    "XO.OOOXX.",
    "XOO.OOOX.",
    "XXXOOOX..",
    "...XXXX..",
    ".........",
    ".........",
];

#[test]
fn a_group_with_eyes_around_dead_stones_is_alive_within_the_default_budget() {
    let board = Board::from_rows(&EYES_AROUND_DEAD_STONES).unwrap();
    let analysis = life::analyse(&board, &Limits::default());
    let status = |p: &str| analysis.status(common::pt(9, p)).unwrap();
    assert_eq!(
        status("D6"),
        Status::Alive,
        "{:?}",
        analysis.at(common::pt(9, "D6"))
    );
    assert_eq!(
        status("B6"),
        Status::Alive,
        "{:?}",
        analysis.at(common::pt(9, "B6"))
    );
    assert_eq!(status("D8"), Status::Dead);
    for chain in analysis.chains.iter().filter(|c| c.status == Status::Dead) {
        let proof = chain.proof.as_ref().expect("a dead chain has a proof");
        proof.verify(&board).unwrap();
    }
}
