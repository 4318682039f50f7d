//! Property tests: any sequence of results keeps the series consistent.

use super::*;
use proptest::prelude::*;

fn setups() -> impl Strategy<Value = SeriesSetup> {
    (
        prop::sample::select(LadderKind::ALL.to_vec()),
        any::<prop::sample::Index>(),
        any::<bool>(),
        1u32..=6,
    )
        .prop_map(|(ladder, index, first_weaker, threshold)| {
            let start = *index.get(ladder.steps());
            let weaker = (start != Step::Even).then_some(if first_weaker {
                Seat::First
            } else {
                Seat::Second
            });
            SeriesSetup {
                players: [
                    Player {
                        id: "a".into(),
                        name: "A".into(),
                    },
                    Player {
                        id: "b".into(),
                        name: "B".into(),
                    },
                ],
                ladder,
                start,
                weaker,
                threshold,
                komi: KomiPolicy::default(),
            }
        })
}

fn results() -> impl Strategy<Value = Vec<SeriesResult>> {
    let one = prop_oneof![
        4 => Just(SeriesResult::Win(Seat::First)),
        4 => Just(SeriesResult::Win(Seat::Second)),
        1 => Just(SeriesResult::Jigo),
        1 => Just(SeriesResult::NoResult),
        1 => Just(SeriesResult::BothLose),
    ];
    prop::collection::vec(one, 0..200)
}

/// Plays the results, holding a nigiri (alternating winners) whenever one is due.
fn play(setup: SeriesSetup, results: &[SeriesResult]) -> (Series, Vec<Option<Change>>) {
    let mut series = Series::new(setup).unwrap();
    let mut changes = Vec::new();
    for (i, result) in results.iter().enumerate() {
        if series.next_game().black.is_none() {
            let black = if i % 2 == 0 {
                Seat::First
            } else {
                Seat::Second
            };
            series.nigiri(black).unwrap();
        }
        changes.push(series.record(*result).unwrap());
    }
    (series, changes)
}

proptest! {
    #[test]
    fn step_stays_inside_the_ladder(setup in setups(), results in results()) {
        let ladder = setup.ladder;
        let (series, _) = play(setup, &results);
        for seg in series.history() {
            prop_assert!(ladder.index_of(seg.step).is_ok());
            prop_assert_eq!(seg.weaker.is_none(), seg.step == Step::Even);
        }
        for game in series.games() {
            prop_assert!(ladder.index_of(game.terms.step).is_ok());
            prop_assert!(game.terms.black.is_some());
        }
    }

    #[test]
    fn the_lead_resets_at_each_change(setup in setups(), results in results()) {
        let threshold = setup.threshold;
        let (series, changes) = play(setup, &results);
        let history = series.history();
        let closed = &history[..history.len() - 1];
        prop_assert_eq!(closed.len(), changes.iter().flatten().count());
        for seg in closed {
            prop_assert_eq!(seg.lead().map(|(_, n)| n), Some(threshold));
            prop_assert!(seg.end.is_some());
        }
        for pair in history.windows(2) {
            prop_assert_eq!(pair[1].first_game, pair[0].first_game + pair[0].games);
        }
        let current = series.current();
        prop_assert!(current.lead().map_or(0, |(_, n)| n) < threshold);
        prop_assert!(current.end.is_none());
        let played: u32 = history.iter().map(|s| s.games).sum();
        prop_assert_eq!(played as usize, results.len());
    }

    #[test]
    fn replaying_the_record_reproduces_the_series(setup in setups(), results in results()) {
        let (series, _) = play(setup.clone(), &results);
        let again = Series::replay(setup, series.events()).unwrap();
        prop_assert_eq!(&again, &series);
        prop_assert_eq!(again.next_game(), series.next_game());
    }
}
