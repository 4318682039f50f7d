//! Confirmation by play (確認): the scratch board of the ending, played out
//! as the booklet's rulings play them (簡明 日本囲碁規約, テーマ1–2).

mod common;

use common::{BENT_FOUR, MANNEN_KO, game_from_rows, play_all, pt};
use kaisho_core::confirm::{Ban, Marks, Scratch, ScratchError, Step, Verdict};
use kaisho_core::{Board, Color, IllegalMove, Komi, Point};

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).expect("a fixture board")
}

fn p(name: &str) -> Point {
    pt(9, name)
}

fn points(names: &[&str]) -> Vec<Point> {
    let mut out: Vec<Point> = names.iter().map(|n| p(n)).collect();
    out.sort_unstable();
    out
}

/// Plays `moves` (GTP points or `"pass"`) from the side to move.
fn play(scratch: &mut Scratch, moves: &[&str]) {
    for m in moves {
        let color = scratch.to_move();
        let done = if *m == "pass" {
            scratch.pass(color)
        } else {
            scratch.play(color, p(m))
        };
        done.unwrap_or_else(|e| panic!("{color} {m} refused on the scratch board: {e}"));
    }
}

/// 10図–11図: Black 1 throws in at C9, White 2 takes four at B8, Black 3
/// B9, White 4 A9, Black 5 takes the ko at A8; White may not retake (Art.
/// 7.2) and passes for it; Black 7 takes the seven white stones at C9.
#[test]
fn bent_four_in_the_corner_is_captured_when_played_out() {
    let start = board(&BENT_FOUR);
    let mut scratch = Scratch::open(&start, &[p("D9")]).unwrap();
    assert_eq!(scratch.attacker(), Color::Black);
    assert_eq!(scratch.to_move(), Color::Black, "the attacker moves first");
    let white = points(&["D9", "C8", "D8", "A7", "B7", "C7"]);
    assert_eq!(scratch.disputed(), white.as_slice());

    play(&mut scratch, &["C9", "B8"]);
    assert_eq!(scratch.captures(), [0, 4], "White takes four at B8");
    play(&mut scratch, &["B9", "A9", "A8"]);
    assert_eq!(scratch.captures(), [1, 4], "Black takes the ko at A8");
    assert_eq!(
        scratch.bans(),
        &[Ban {
            color: Color::White,
            at: p("A9"),
            taker: p("A8"),
        }]
    );
    assert_eq!(
        scratch.play(Color::White, p("A9")),
        Err(ScratchError::Illegal(IllegalMove::Ko))
    );
    let pass = scratch.pass(Color::White).unwrap();
    assert!(matches!(pass, Step::Pass { lifted: Some(ban), .. } if ban.taker == p("A8")));
    let take = scratch.play(Color::Black, p("C9")).unwrap();
    assert!(matches!(take, Step::Play { captured: 7, .. }), "{take:?}");
    assert!(white.iter().all(|&s| scratch.board().get(s).is_none()));
    assert_eq!(start, board(&BENT_FOUR), "the game's board is a copy");

    let verdict = scratch.close();
    assert_eq!(
        verdict,
        Verdict::Captured {
            reestablished: Vec::new()
        }
    );
    assert_eq!(
        verdict.marks(&white),
        Some(Marks {
            dead: white.clone(),
            alive: Vec::new(),
        })
    );
}

/// テーマ2 7図–8図: Black takes at B9 first; White may not retake and
/// passes for the ko; Black fills D9; White, having passed once for that
/// ko, retakes at A9; Black may not retake and passes; White takes the
/// black group at D8. The white stones are not captured: held, alive (seki
/// with the black ones, which White cannot take moving first either).
#[test]
fn mannen_ko_played_out_holds_the_white_stones() {
    let mut scratch = Scratch::open(&board(&MANNEN_KO), &[p("C9"), p("A9")]).unwrap();
    assert_eq!(scratch.attacker(), Color::Black);
    play(&mut scratch, &["B9"]);
    assert_eq!(scratch.captures(), [1, 0]);
    assert_eq!(
        scratch.play(Color::White, p("A9")),
        Err(ScratchError::Illegal(IllegalMove::Ko))
    );
    play(&mut scratch, &["pass", "D9", "A9"]);
    assert_eq!(scratch.board().get(p("A9")), Some(Color::White));
    assert_eq!(scratch.board().get(p("B9")), None, "White took B9 back");
    assert_eq!(
        scratch.bans(),
        &[Ban {
            color: Color::Black,
            at: p("B9"),
            taker: p("A9"),
        }]
    );
    play(&mut scratch, &["pass", "D8"]);
    assert_eq!(scratch.captures(), [1, 10], "White takes the black group");
    assert!(!scratch.captured());
    play(&mut scratch, &["pass", "pass"]);
    let disputed = scratch.disputed().to_vec();
    assert_eq!(scratch.close(), Verdict::Held);
    assert_eq!(
        Verdict::Held.marks(&disputed),
        Some(Marks {
            dead: Vec::new(),
            alive: disputed.clone(),
        })
    );
}

/// Art. 7.2: a ko taken may not be retaken in that ko, even after moves
/// elsewhere, until the side that lost it passes once for it; then it may.
#[test]
fn a_ko_under_7_2_is_retaken_only_after_a_pass_for_it() {
    let mut scratch = Scratch::open(&board(&MANNEN_KO), &[p("C9")]).unwrap();
    play(&mut scratch, &["B9", "J1", "A1"]);
    let ban = Ban {
        color: Color::White,
        at: p("A9"),
        taker: p("B9"),
    };
    assert_eq!(
        scratch.play(Color::White, p("A9")),
        Err(ScratchError::Banned(ban))
    );
    assert_eq!(
        scratch.check(Color::White, p("A9")),
        Err(ScratchError::Banned(ban))
    );
    assert!(
        ScratchError::Banned(ban).to_string().contains("Art. 7.2"),
        "the refusal names its rule"
    );
    assert_eq!(
        scratch.pass(Color::White),
        Ok(Step::Pass {
            color: Color::White,
            lifted: Some(ban),
        })
    );
    play(&mut scratch, &["B1", "A9"]);
    assert_eq!(scratch.board().get(p("A9")), Some(Color::White));
    assert_eq!(scratch.captures(), [1, 1]);
}

/// A play-out closed half-way gives nothing, and the game it was opened
/// on is exactly as before: its events, its hash, its board.
#[test]
fn an_abandoned_play_out_leaves_the_game_as_it_was() {
    let mut game = game_from_rows(&BENT_FOUR, Color::Black, Komi::MODERN);
    play_all(&mut game, &["pass", "pass"]);
    let (events, hash, rows) = (
        game.events().to_vec(),
        game.state_hash(),
        game.board().rows(),
    );
    let mut scratch = Scratch::open(game.board(), &[p("D9")]).unwrap();
    play(&mut scratch, &["C9", "B8", "B9"]);
    assert_ne!(scratch.board().rows(), rows);
    assert_eq!(scratch.close(), Verdict::GivenUp);
    assert_eq!(Verdict::GivenUp.marks(&[p("D9")]), None);
    assert_eq!(game.events(), events.as_slice());
    assert_eq!(game.state_hash(), hash);
    assert_eq!(game.board().rows(), rows);
}

/// Captured stones whose owner builds stones on their points that stand
/// when the play-out closes are alive (Art. 7.1, 取られても新たに取られない
/// 石を生じうる石): the verdict names them and offers no dead mark.
#[test]
fn stones_re_established_after_a_capture_are_offered_alive() {
    let verdict = Verdict::Captured {
        reestablished: vec![p("A9")],
    };
    assert_eq!(
        verdict.marks(&[p("A9"), p("B9")]),
        Some(Marks {
            dead: Vec::new(),
            alive: vec![p("A9"), p("B9")],
        })
    );
    let mut scratch = Scratch::open(&board(&MANNEN_KO), &[p("A9")]).unwrap();
    play(&mut scratch, &["B9", "pass", "D9", "A9"]);
    assert_eq!(
        scratch.verdict(),
        Verdict::Captured {
            reestablished: vec![p("A9")]
        }
    );
}

#[test]
fn illegal_scratch_moves_are_refused_with_their_reason() {
    let mut scratch = Scratch::open(&board(&BENT_FOUR), &[p("D9")]).unwrap();
    assert_eq!(
        scratch.play(Color::Black, p("A9")),
        Err(ScratchError::Illegal(IllegalMove::Occupied))
    );
    assert_eq!(
        scratch.play(Color::White, p("F1")),
        Err(ScratchError::NotYourTurn {
            expected: Color::Black
        })
    );
    assert!(scratch.steps().is_empty(), "refused moves leave no step");
    let corner = board(&[".O...", "O....", ".....", ".....", "....."]);
    let mut scratch = Scratch::open(&corner, &[pt(5, "B5")]).unwrap();
    assert_eq!(
        scratch.play(Color::Black, pt(5, "A5")),
        Err(ScratchError::Illegal(IllegalMove::Suicide))
    );
}

#[test]
fn a_play_out_opens_only_on_stones_of_one_colour() {
    let start = board(&BENT_FOUR);
    assert_eq!(
        Scratch::open(&start, &[]).unwrap_err(),
        ScratchError::NoArea
    );
    assert_eq!(
        Scratch::open(&start, &[p("C9")]).unwrap_err(),
        ScratchError::NoStone { point: p("C9") }
    );
    assert_eq!(
        Scratch::open(&start, &[p("D9"), p("A9")]).unwrap_err(),
        ScratchError::MixedColours
    );
    assert_eq!(
        Scratch::open(&start, &[Point::new(9, 0)]).unwrap_err(),
        ScratchError::OffBoard {
            point: Point::new(9, 0)
        }
    );
}

/// The play-out as events: the game keeps them, replays them, and its
/// position, phase and captures stay as the stoppage left them.
#[test]
fn a_play_out_in_events_leaves_the_position_and_replays() {
    use kaisho_core::{Event, GameError, Phase};
    let mut game = game_from_rows(&BENT_FOUR, Color::Black, Komi::MODERN);
    play_all(&mut game, &["pass", "pass"]);
    let (rows, key, captures) = (game.board().rows(), game.position_key(), game.captures());
    let open = Event::OpenPlayout {
        by: Color::White,
        area: vec![p("D9")],
    };
    assert_eq!(
        game.apply(Event::PlayoutPass {
            color: Color::Black
        }),
        Err(GameError::NoPlayout)
    );
    game.apply(open.clone()).unwrap();
    assert_eq!(game.apply(open), Err(GameError::PlayoutOpen));
    let moves = [
        (Color::Black, "C9"),
        (Color::White, "B8"),
        (Color::Black, "B9"),
        (Color::White, "A9"),
        (Color::Black, "A8"),
    ];
    for (color, m) in moves {
        game.apply(Event::PlayoutPlay { color, point: p(m) })
            .unwrap();
    }
    assert_eq!(
        game.apply(Event::PlayoutPlay {
            color: Color::White,
            point: p("A9")
        }),
        Err(GameError::Playout(ScratchError::Illegal(IllegalMove::Ko)))
    );
    assert_eq!(
        game.apply(Event::Propose {
            by: Color::Black,
            dead: vec![p("D9")]
        }),
        Err(GameError::PlayoutOpen),
        "no proposal while the scratch board is out"
    );
    game.apply(Event::PlayoutPass {
        color: Color::White,
    })
    .unwrap();
    game.apply(Event::PlayoutPlay {
        color: Color::Black,
        point: p("C9"),
    })
    .unwrap();
    assert_eq!(game.playout().map(|s| s.captures()), Some([8, 4]));
    assert_eq!(game.board().rows(), rows, "the game's board is untouched");
    game.apply(Event::ClosePlayout { by: Color::Black })
        .unwrap();
    assert!(game.playout().is_none());
    assert_eq!(game.board().rows(), rows);
    assert_eq!(game.position_key(), key);
    assert_eq!(game.captures(), captures);
    assert_eq!(game.phase(), Phase::Stopped);
    let confirmed = &game.confirmed()[0];
    assert_eq!(confirmed.attacker, Color::Black);
    assert_eq!(
        confirmed.verdict,
        Verdict::Captured {
            reestablished: Vec::new()
        }
    );
    let replayed = kaisho_core::Game::replay(game.settings().clone(), game.events()).unwrap();
    assert_eq!(replayed.confirmed(), game.confirmed());
    assert_eq!(replayed.state_hash(), game.state_hash());
}

#[test]
fn a_play_out_opens_only_in_the_ending() {
    use kaisho_core::{Action, Event, GameError, Phase};
    let mut game = game_from_rows(&BENT_FOUR, Color::Black, Komi::MODERN);
    assert_eq!(
        game.apply(Event::OpenPlayout {
            by: Color::Black,
            area: vec![p("D9")]
        }),
        Err(GameError::WrongPhase {
            phase: Phase::Playing,
            action: Action::OpenPlayout
        })
    );
}

mod random {
    use super::common::random_game;
    use kaisho_core::confirm::Verdict;
    use kaisho_core::{Event, Game, Point};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// A play-out of random scratch moves on any chain of a stopped
        /// random game never panics, leaves the game's board, prisoners and
        /// phase as they were, and replays to the same verdict.
        #[test]
        fn random_play_outs_leave_the_game_and_replay(
            size in 5u8..=13,
            seed in any::<u64>(),
            chain in any::<prop::sample::Index>(),
            moves in prop::collection::vec((0u8..13, 0u8..13, any::<bool>()), 0..60),
        ) {
            let mut game = random_game(size, seed, usize::from(size) * usize::from(size));
            for _ in 0..2 {
                let color = game.to_move();
                let _ = game.apply(Event::Pass { color });
            }
            let stones: Vec<Point> = game.board().points().filter(|&p| game.board().get(p).is_some()).collect();
            prop_assume!(game.phase() == kaisho_core::Phase::Stopped && !stones.is_empty());
            let (board, captures) = (game.board().clone(), game.captures());
            let at = stones[chain.index(stones.len())];
            game.apply(Event::OpenPlayout { by: game.to_move(), area: vec![at] }).unwrap();
            for (col, row, pass) in moves {
                let color = game.playout().unwrap().to_move();
                let event = if pass {
                    Event::PlayoutPass { color }
                } else {
                    Event::PlayoutPlay { color, point: Point::new(col, row) }
                };
                let before = game.state_hash();
                if game.apply(event).is_err() {
                    prop_assert_eq!(game.state_hash(), before, "a refused scratch move changes nothing");
                }
            }
            game.apply(Event::ClosePlayout { by: game.to_move() }).unwrap();
            prop_assert_eq!(game.board(), &board);
            prop_assert_eq!(game.captures(), captures);
            prop_assert_eq!(game.phase(), kaisho_core::Phase::Stopped);
            let replayed = Game::replay(game.settings().clone(), game.events()).unwrap();
            prop_assert_eq!(replayed.confirmed(), game.confirmed());
            let verdict = &game.confirmed()[0].verdict;
            if let Verdict::Captured { reestablished } = verdict {
                prop_assert!(reestablished.iter().all(|p| game.confirmed()[0].disputed.contains(p)));
            }
        }
    }
}
