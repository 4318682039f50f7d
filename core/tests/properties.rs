//! Properties of random games: no panic, exact replay, conservation of stones,
//! refused events change nothing, and a count's parts add up.

mod common;

use common::random_game;
use kaisho_core::scoring::PointStatus;
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Point, Settings};
use proptest::prelude::*;

fn color(b: bool) -> Color {
    if b { Color::Black } else { Color::White }
}

/// Any event at all, legal or not, on a board of up to 25 lines.
fn any_event() -> impl Strategy<Value = Event> {
    let point = (0u8..27, 0u8..27).prop_map(|(c, r)| Point::new(c, r));
    prop_oneof![
        8 => (any::<bool>(), point.clone()).prop_map(|(b, point)| Event::Play { color: color(b), point }),
        3 => any::<bool>().prop_map(|b| Event::Pass { color: color(b) }),
        1 => any::<bool>().prop_map(|b| Event::Resign { color: color(b) }),
        1 => any::<bool>().prop_map(|b| Event::TimeLoss { color: color(b) }),
        1 => any::<bool>().prop_map(|b| Event::OfferNoResult { by: color(b) }),
        1 => any::<bool>().prop_map(|b| Event::AcceptNoResult { by: color(b) }),
        1 => any::<bool>().prop_map(|b| Event::DeclineNoResult { by: color(b) }),
        2 => (any::<bool>(), prop::collection::vec(point, 0..6))
            .prop_map(|(b, dead)| Event::Propose { by: color(b), dead }),
        2 => (any::<bool>(), 0u32..4).prop_map(|(b, proposal)| Event::Accept { by: color(b), proposal }),
        1 => any::<bool>().prop_map(|b| Event::RequestResume { by: color(b) }),
        1 => any::<bool>().prop_map(|b| Event::DeclareBothLose { by: color(b) }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_replay_exactly_and_conserve_stones(size in 5u8..=19, seed in any::<u64>()) {
        let game = random_game(size, seed, 2 * usize::from(size) * usize::from(size));
        let replayed = Game::replay(game.settings().clone(), game.events()).unwrap();
        prop_assert_eq!(replayed.board().rows(), game.board().rows());
        prop_assert_eq!(replayed.state_hash(), game.state_hash());
        prop_assert_eq!(replayed.position_key(), game.position_key());
        prop_assert_eq!(replayed.captures(), game.captures());
        prop_assert_eq!(replayed.to_move(), game.to_move());
        prop_assert_eq!(replayed.phase(), game.phase());

        let played = |c: Color| game.events().iter().filter(|e| matches!(e, Event::Play { color, .. } if *color == c)).count() as u32;
        let on_board = game.board().stone_counts();
        let captured = game.captures();
        // Stones of a colour on the board plus those the opponent captured
        // equal the stones that colour played.
        prop_assert_eq!(on_board[0] + captured[1], played(Color::Black));
        prop_assert_eq!(on_board[1] + captured[0], played(Color::White));
    }

    #[test]
    fn any_event_sequence_never_panics_and_refusals_change_nothing(
        size in 5u32..=25,
        events in prop::collection::vec(any_event(), 0..200),
    ) {
        let mut game = Game::new(Settings::even(BoardSize::new(size).unwrap(), Komi::MODERN)).unwrap();
        let mut accepted = Vec::new();
        for event in events {
            let before = (game.state_hash(), game.events().len(), game.board().rows());
            match game.apply(event.clone()) {
                Ok(_) => accepted.push(event),
                Err(_) => {
                    prop_assert_eq!(before, (game.state_hash(), game.events().len(), game.board().rows()));
                }
            }
        }
        let replayed = Game::replay(game.settings().clone(), &accepted).unwrap();
        prop_assert_eq!(replayed.state_hash(), game.state_hash());
        prop_assert_eq!(replayed.outcome(), game.outcome());
    }

    #[test]
    fn a_counts_parts_add_up(size in 5u8..=13, seed in any::<u64>(), pick in any::<u64>()) {
        let game = random_game(size, seed, 3 * usize::from(size) * usize::from(size));
        // Mark a pseudo-random subset of stones dead.
        let dead: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.board().get(p).is_some())
            .filter(|p| (pick >> ((p.col as u32 * 7 + p.row as u32 * 3) % 64)) & 1 == 1)
            .collect();
        let score = game.count_with(&dead).unwrap();
        let n = usize::from(size) * usize::from(size);
        prop_assert_eq!(score.map.len(), n);
        for c in [Color::Black, Color::White] {
            let territory = score.map.iter().filter(|&&s| s == PointStatus::Territory(c) || s == PointStatus::Lifted(c.opponent())).count() as u32;
            prop_assert_eq!(territory, score.territory[c.index()]);
            let lifted = score.map.iter().filter(|&&s| s == PointStatus::Lifted(c.opponent())).count() as u32;
            prop_assert_eq!(lifted, score.dead_lifted[c.index()]);
        }
        let stones = score.map.iter().filter(|s| matches!(s, PointStatus::Alive(_) | PointStatus::Seki(_) | PointStatus::Lifted(_) | PointStatus::DeadStays(_))).count() as u32;
        let on_board = game.board().stone_counts();
        prop_assert_eq!(stones, on_board[0] + on_board[1]);
        let m = score.margin_halves();
        prop_assert_eq!(m, score.total_halves(Color::Black) - score.total_halves(Color::White));
        prop_assert_eq!(score.outcome().winner(), match m.signum() { 1 => Some(Color::Black), -1 => Some(Color::White), _ => None });
    }
}
