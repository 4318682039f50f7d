//! Property tests: the analysis never panics, covers every stone exactly
//! once, and keeps to its node budget, whatever the position.

use kaisho_core::life::{self, Limits, Reason, Status};
use kaisho_core::{Board, Color, Point};
use proptest::prelude::*;

/// A random position: each point black, white or empty; stones that would
/// have no liberty are skipped, so the board is one a game could show.
fn position() -> impl Strategy<Value = Board> {
    (5u8..=9).prop_flat_map(|n| {
        prop::collection::vec(0u8..3, usize::from(n) * usize::from(n)).prop_map(move |cells| {
            let mut board = Board::new(kaisho_core::BoardSize::new(u32::from(n)).unwrap());
            for (i, cell) in cells.into_iter().enumerate() {
                let p = Point::new((i % usize::from(n)) as u8, (i / usize::from(n)) as u8);
                let color = match cell {
                    0 => Color::Black,
                    1 => Color::White,
                    _ => continue,
                };
                if board.check(color, p).is_ok() {
                    let _ = board.play(color, p);
                }
            }
            board
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn analysis_covers_every_stone_and_respects_the_budget(board in position()) {
        let limits = Limits { nodes_per_chain: 300, nodes_total: 1_500, max_area: 40 };
        let analysis = life::analyse(&board, &limits);
        prop_assert!(analysis.nodes <= limits.nodes_total);
        let stones: Vec<Point> = board.points().filter(|&p| board.get(p).is_some()).collect();
        let covered: usize = analysis.chains.iter().map(|c| c.stones.len()).sum();
        prop_assert_eq!(covered, stones.len());
        for p in stones {
            let verdict = analysis.at(p).unwrap();
            prop_assert_eq!(Some(verdict.color), board.get(p));
            prop_assert_ne!(verdict.reason, Reason::NotJudged);
        }
        let dead = analysis.dead();
        prop_assert!(dead.iter().all(|&p| analysis.status(p) == Some(Status::Dead)));
        let findings = life::findings(&analysis, &board, &dead);
        prop_assert!(findings.iter().all(|f| !f.stones.is_empty()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn search_takes_any_points_without_panicking(
        board in position(),
        moves in prop::collection::vec((0u8..30, 0u8..30), 0..40),
        target in prop::collection::vec((0u8..30, 0u8..30), 0..6),
    ) {
        use kaisho_core::life::search::{self, Problem};
        let points = |v: Vec<(u8, u8)>| v.into_iter().map(|(c, r)| Point::new(c, r)).collect::<Vec<_>>();
        let (moves, target) = (points(moves), points(target));
        let (_, nodes) = search::solve(&Problem { board: &board, moves: &moves, attack: &moves, target: &target }, 200);
        prop_assert!(nodes <= 200);
    }
}
