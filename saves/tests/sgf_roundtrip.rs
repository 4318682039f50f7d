//! Writing and reading back: a record survives the trip unchanged, and a
//! game exported from kaisho replays to the same position.

use kaisho_core::{BoardSize, Color, Event, Game, Komi, Point, Settings};
use kaisho_saves::sgf::{SgfMove, SgfProperty, SgfRecord, parse, write};
use proptest::prelude::*;

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn point(size: u8) -> impl Strategy<Value = Point> {
    (0..size, 0..size).prop_map(|(c, r)| Point::new(c, r))
}

fn points(size: u8) -> impl Strategy<Value = Vec<Point>> {
    prop::collection::btree_set(point(size), 0..6).prop_map(|s| s.into_iter().collect())
}

fn text() -> impl Strategy<Value = Option<String>> {
    prop::option::of(any::<String>())
}

fn record() -> impl Strategy<Value = SgfRecord> {
    (5u8..=25)
        .prop_flat_map(|size| {
            let setup = prop::collection::btree_map(point(size), color(), 0..8)
                .prop_map(|m| m.into_iter().map(|(p, c)| (c, p)).collect::<Vec<_>>());
            let moves =
                prop::collection::vec((color(), prop::option::of(point(size)), text()), 0..40);
            let extra = prop::collection::vec(
                ("X[A-Z]{1,2}", prop::collection::vec(any::<String>(), 1..3)),
                0..3,
            );
            (
                (Just(size), -20i32..40, 0u8..10, setup, color()),
                (text(), text(), text(), text(), text(), text(), text()),
                moves,
                (points(size), points(size)),
                extra,
            )
        })
        .prop_map(
            |(
                (size, komi, handicap, mut setup, first),
                (black, white, date, result, rules, game_comment, root_comment),
                moves,
                (tb, tw),
                extra,
            )| {
                setup.sort_unstable();
                let has_black = setup.iter().any(|&(c, _)| c == Color::Black);
                let settings = Settings {
                    size: BoardSize::new(u32::from(size)).unwrap(),
                    komi: Komi::from_halves(komi),
                    handicap: if has_black { handicap } else { handicap.min(1) },
                    setup,
                    first,
                };
                let mut r = SgfRecord::new(settings);
                (r.black, r.white, r.date, r.result) = (black, white, date, result);
                (r.rules, r.game_comment, r.root_comment) = (rules, game_comment, root_comment);
                r.moves = moves
                    .into_iter()
                    .map(|(color, point, comment)| SgfMove {
                        event: match point {
                            Some(point) => Event::Play { color, point },
                            None => Event::Pass { color },
                        },
                        comment,
                        time_left: None,
                    })
                    .collect();
                r.territory = [tb, tw];
                r.extra = extra
                    .into_iter()
                    .map(|(identifier, values)| SgfProperty { identifier, values })
                    .collect();
                r
            },
        )
}

/// Whether every chain of the record's set-up stones has a liberty: the
/// reader refuses a set-up no game can reach, so such records are not
/// written ones to read back.
fn every_set_up_chain_has_a_liberty(r: &SgfRecord) -> bool {
    let n = r.settings.size.get() as i32;
    let at = |c: i32, w: i32| {
        r.settings
            .setup
            .iter()
            .find(|(_, p)| i32::from(p.col) == c && i32::from(p.row) == w)
            .map(|(color, _)| *color)
    };
    r.settings.setup.iter().all(|&(color, p)| {
        let mut seen = vec![(i32::from(p.col), i32::from(p.row))];
        let mut k = 0;
        while k < seen.len() {
            let (c, w) = seen[k];
            for (dc, dw) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (nc, nw) = (c + dc, w + dw);
                if nc < 0 || nw < 0 || nc >= n || nw >= n {
                    continue;
                }
                match at(nc, nw) {
                    None => return true,
                    Some(other) if other == color && !seen.contains(&(nc, nw)) => {
                        seen.push((nc, nw));
                    }
                    _ => {}
                }
            }
            k += 1;
        }
        false
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_written_record_reads_back_unchanged(r in record()) {
        prop_assume!(every_set_up_chain_has_a_liberty(&r));
        let text = write(&r);
        let back = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back, r, "{}", text);
    }
}

#[test]
fn an_exported_game_replays_to_the_same_position_and_result() {
    let size = BoardSize::new(9).unwrap();
    let settings = Settings::handicap(size, 2, Komi::from_halves(1)).unwrap();
    let mut game = Game::new(settings).unwrap();
    // Two walls: Black on column D, White on column F; the handicap stone on
    // G7 is left dead inside White's area.
    for row in 1..=9 {
        for (color, column) in [(Color::White, 'F'), (Color::Black, 'D')] {
            let point = Point::parse_gtp(&format!("{column}{row}"), 9).unwrap();
            game.apply(Event::Play { color, point }).unwrap();
        }
    }
    for color in [Color::White, Color::Black] {
        game.apply(Event::Pass { color }).unwrap();
    }
    let dead = Point::parse_gtp("G7", 9).unwrap();
    game.apply(Event::Propose {
        by: Color::White,
        dead: vec![dead],
    })
    .unwrap();
    game.apply(Event::Accept {
        by: Color::Black,
        proposal: 0,
    })
    .unwrap();
    assert_eq!(game.outcome().unwrap().result_string(), "W+2.5");
    let record = SgfRecord::from_game(&game, "Kitani", "Go Seigen", "1933-10-16", &|note, _| {
        format!("{note:?}")
    });
    let text = write(&record);
    assert!(
        text.starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[0.5]HA[2]RU[Japanese]"),
        "{text}"
    );
    assert!(
        text.contains("PB[Kitani]PW[Go Seigen]DT[1933-10-16]"),
        "{text}"
    );
    assert!(text.contains("AB[cg][gc]"), "{text}");
    assert!(
        !text.contains("PL["),
        "White's first move is implied: {text}"
    );
    let result = game.outcome().unwrap().result_string();
    assert!(text.contains(&format!("RE[{result}]")), "{text}");
    assert!(text.contains("TB[") && text.contains("TW["), "{text}");

    let back = parse(&text).unwrap();
    assert_eq!(back, record);
    let replayed = Game::replay(back.settings.clone(), &back.events()).unwrap();
    assert_eq!(replayed.board(), game.board());
    assert_eq!(replayed.captures(), game.captures());
    let score = game.score().unwrap();
    assert_eq!(back.territory[0].len() as u32, score.territory[0]);
    assert_eq!(back.territory[1].len() as u32, score.territory[1]);
    assert!(
        back.territory[1].contains(&dead),
        "the dead stone's point is White's"
    );
}

#[test]
fn text_values_are_escaped() {
    let mut r = SgfRecord::new(Settings::even(BoardSize::NINETEEN, Komi::MODERN));
    r.black = Some(r"a]b\c".to_string());
    r.moves.push(SgfMove {
        event: Event::Pass {
            color: Color::Black,
        },
        comment: Some("x]\n\\".to_string()),
        time_left: None,
    });
    let text = write(&r);
    assert!(text.contains(r"PB[a\]b\\c]"), "{text}");
    assert!(text.contains(";B[]C[x\\]\n\\\\]"), "{text}");
    assert_eq!(parse(&text).unwrap(), r);
}
