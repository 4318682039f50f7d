//! A hold is only as good as what it rests on. The search cannot take a
//! chain outside its area, so a chain that holds only by joining such a
//! chain, or sharing its liberties, is proven alive only when that chain
//! is.

mod common;

use common::board_from_rows;
use kaisho_core::life::{self, Limits, Reason, Status};
use kaisho_core::{Board, Color, Point};
use proptest::prelude::*;

/// Black's B3–C3 has two liberties, B4 and C4, each a way of joining the
/// wall A5–E5–E4, which faces the open top of the board; White's wall
/// below faces the open bottom and right. Whatever White plays first,
/// Black joins the wall: a hold the search finds, that says nothing while
/// the wall itself may die.
const ON_AN_OPEN_WALL: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    ".........",
    "XXXXX....",
    "O..OX....",
    "OXXOO....",
    "OOOO.....",
    ".........",
];

/// The same shape under a wall that lives unconditionally (two eyes at
/// A9 and C9): there the hold is a proof.
const ON_A_LIVING_WALL: [&str; 9] = [
    ".X.X.....",
    "XXXX.....",
    "X........",
    "X........",
    "XXXXX....",
    "O..OX....",
    "OXXOO....",
    "OOOO.....",
    ".........",
];

/// The verdict on the chain through `p` (given unturned) of `board`.
fn verdict_at(
    board: &Board,
    analysis: &life::Analysis,
    p: Point,
    symmetry: u8,
) -> life::ChainVerdict {
    let at = common::turn(p, board.size(), symmetry);
    analysis.at(at).expect("a stone stands there").clone()
}

#[test]
fn a_hold_that_joins_an_unsettled_wall_is_not_proven_alive() {
    for symmetry in 0..8 {
        for swap in [false, true] {
            let board = board_from_rows(&ON_AN_OPEN_WALL, symmetry, swap);
            let wall = verdict_at(
                &board,
                &life::analyse(&board, &Limits::default()),
                common::pt(9, "A5"),
                symmetry,
            );
            assert_eq!(
                wall.status,
                Status::Unsettled,
                "the wall (symmetry {symmetry}, swap {swap})"
            );
            for analysis in [
                life::analyse(&board, &Limits::default()),
                life::complete(&board, &Limits::default()),
            ] {
                let pair = verdict_at(&board, &analysis, common::pt(9, "B3"), symmetry);
                let owner = if swap { Color::White } else { Color::Black };
                assert_eq!(pair.color, owner);
                assert!(
                    !(pair.is_proven() && pair.status == Status::Alive),
                    "symmetry {symmetry}, swap {swap}: B3–C3 is proven alive ({:?}) on a wall nothing proves",
                    pair.reason
                );
            }
            let proven = life::analyse(&board, &Limits::default());
            let pair = verdict_at(&board, &proven, common::pt(9, "B3"), symmetry);
            let wall_at = common::turn(common::pt(9, "A5"), 9, symmetry);
            assert!(
                matches!(pair.reason, Reason::LeansOn { wall, .. } if proven.at(wall).is_some_and(|w| w.stones.contains(&wall_at))),
                "symmetry {symmetry}, swap {swap}: the reason names the wall: {:?}",
                pair.reason
            );
        }
    }
}

#[test]
fn a_hold_that_joins_a_living_wall_is_proven_alive() {
    for symmetry in 0..8 {
        for swap in [false, true] {
            let board = board_from_rows(&ON_A_LIVING_WALL, symmetry, swap);
            let analysis = life::analyse(&board, &Limits::default());
            let wall = verdict_at(&board, &analysis, common::pt(9, "A5"), symmetry);
            assert_eq!(
                wall.reason,
                Reason::Benson,
                "symmetry {symmetry}, swap {swap}"
            );
            let pair = verdict_at(&board, &analysis, common::pt(9, "B3"), symmetry);
            assert_eq!(
                (pair.status, pair.is_proven()),
                (Status::Alive, true),
                "symmetry {symmetry}, swap {swap}: {:?}",
                pair.reason
            );
        }
    }
}

/// Whether every liberty of `chain` on `board` joins it to a chain of
/// its colour (not in atari) that `analysis` marks dead without a proof,
/// and to no chain it holds alive: a chain whose every way out is joining
/// stones held dead, as in the position of the report, whose two
/// liberties were two ways of joining a wall estimated dead.
fn joins_only_stones_estimated_dead(
    board: &Board,
    analysis: &life::Analysis,
    chain: &life::ChainVerdict,
) -> bool {
    let joins_only_estimated_dead = |l: Point| {
        let others: Vec<&life::ChainVerdict> = board
            .adjacent(l)
            .filter(|&n| board.get(n) == Some(chain.color) && !chain.stones.contains(&n))
            .filter_map(|n| analysis.at(n))
            .collect();
        !others.is_empty()
            && others.iter().all(|other| {
                other.status == Status::Dead
                    && !other.is_proven()
                    && board.liberties(other.stones[0]).len() > 1
            })
    };
    let liberties: Vec<Point> = chain
        .stones
        .iter()
        .flat_map(|&s| board.liberties(s))
        .collect();
    !liberties.is_empty() && liberties.into_iter().all(joins_only_estimated_dead)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Over random games stopped anywhere from the opening to the end: no
    /// chain the draft holds proven alive lives only by joining stones it
    /// estimates dead, and every proof it gives replays on the board. (A chain proven alive may well share a liberty with one
    /// marked dead: the opponent may take that liberty first, and a
    /// capture proven was read against every defence, joining included.)
    #[test]
    fn no_chain_is_proven_alive_only_by_joining_stones_estimated_dead(
        size in prop::sample::select(vec![9u8, 13]),
        seed in any::<u64>(),
        share in 5usize..150,
    ) {
        let moves = usize::from(size) * usize::from(size) * share / 100;
        let mut board = common::random_game(size, seed, moves).board().clone();
        board.pass();
        let analysis = life::complete(&board, &Limits::default());
        for chain in &analysis.chains {
            if let Some(proof) = &chain.proof {
                let replayed = proof.verify(&board);
                prop_assert!(replayed.is_ok(), "{} chain at {}: {:?}\n{}", chain.color, chain.stones[0].to_gtp(size), replayed, board.rows().join("\n"));
            }
            let alive = chain.is_proven() && matches!(chain.status, Status::Alive | Status::Seki);
            if !alive {
                continue;
            }
            prop_assert!(
                !joins_only_stones_estimated_dead(&board, &analysis, chain),
                "{} chain at {} is proven alive ({:?}) but its every liberty joins stones estimated dead\n{}",
                chain.color,
                chain.stones[0].to_gtp(size),
                chain.reason,
                board.rows().join("\n")
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The report's family: the shape of [`ON_AN_OPEN_WALL`] in any
    /// symmetry and colour, with up to six stones of either colour more
    /// in the open area. The pair is proven alive only where its wall is.
    #[test]
    fn a_pair_leaning_on_a_wall_is_proven_alive_only_with_its_wall(
        symmetry in 0u8..8,
        swap in any::<bool>(),
        extra in prop::collection::vec((0u8..9, 0u8..4, any::<bool>()), 0..6),
    ) {
        let mut board = board_from_rows(&ON_AN_OPEN_WALL, symmetry, swap);
        for (col, row, black) in extra {
            let at = common::turn(Point::new(col, row), 9, symmetry);
            let color = if black { Color::Black } else { Color::White };
            if board.check(color, at).is_ok() {
                board.play(color, at).unwrap();
            }
        }
        for analysis in [
            life::analyse(&board, &Limits::default()),
            life::complete(&board, &Limits::default()),
        ] {
            let pair = verdict_at(&board, &analysis, common::pt(9, "B3"), symmetry);
            let wall = verdict_at(&board, &analysis, common::pt(9, "A5"), symmetry);
            let proven_alive = |v: &life::ChainVerdict| {
                v.is_proven() && matches!(v.status, Status::Alive | Status::Seki)
            };
            prop_assert!(
                !proven_alive(&pair) || proven_alive(&wall),
                "the pair is proven alive ({:?}) on a wall that is not ({:?}, {:?})\n{}",
                pair.reason,
                wall.status,
                wall.reason,
                board.rows().join("\n")
            );
        }
    }
}
