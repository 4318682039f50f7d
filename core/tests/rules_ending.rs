//! Repetition (Art. 12, Net Kiin Art. 16), stoppage and the agreement that
//! ends the game (Art. 9, 13; Net Kiin Art. 12–13, 15, 17).

mod common;

use common::{game_from_rows, play_all, pt};
use kaisho_core::{Color, Event, Game, GameError, Komi, NoResultState, Outcome, Phase, WinBy};

/// Three basic kos on a 13×13 board: A (around row 11) and C (around row 3)
/// with a white stone in the ko, B (around row 7) with a black one. Black to move.
const TRIPLE_KO: [&str; 13] = [
    ".............",
    "....XO.......",
    "...XO.O......",
    "....XO.......",
    ".............",
    "....XO.......",
    "...X.XO......",
    "....XO.......",
    ".............",
    "....XO.......",
    "...XO.O......",
    "....XO.......",
    ".............",
];

// Black takes A at F11, White takes B at E7, Black takes C at F3, White
// retakes A at E11, Black retakes B at F7, White retakes C at E3: the
// starting position with Black to move again.
const CYCLE: [&str; 6] = ["F11", "E7", "F3", "E11", "F7", "E3"];

fn triple_ko() -> Game {
    game_from_rows(&TRIPLE_KO, Color::Black, Komi::ZERO)
}

fn cycle_once(game: &mut Game) -> Vec<bool> {
    CYCLE
        .iter()
        .map(|m| {
            let color = game.to_move();
            game.apply(Event::Play {
                color,
                point: pt(13, m),
            })
            .unwrap_or_else(|e| panic!("{m}: {e}"))
            .repetition
        })
        .collect()
}

#[test]
fn triple_ko_cycle_is_a_repetition_after_six_moves() {
    let mut g = triple_ko();
    let start = g.board().rows();
    let flags = cycle_once(&mut g);
    assert_eq!(flags, [false, false, false, false, false, true]);
    assert_eq!(g.board().rows(), start);
    assert_eq!(g.no_result(), NoResultState::Repeated { at_move: 6 });
    assert_eq!(g.captures(), [3, 3]);
}

#[test]
fn triple_ko_offer_and_decline_then_the_repeating_move_is_refused() {
    let mut g = triple_ko();
    cycle_once(&mut g);
    g.apply(Event::OfferNoResult { by: Color::White }).unwrap();
    g.apply(Event::DeclineNoResult { by: Color::Black })
        .unwrap();
    assert_eq!(g.no_result(), NoResultState::Declined);
    let before = g.state_hash();
    assert_eq!(
        g.apply(Event::Play {
            color: Color::Black,
            point: pt(13, "F11")
        }),
        Err(GameError::RepetitionRefused)
    );
    assert_eq!(g.state_hash(), before, "a refused move changes nothing");
    assert_eq!(
        g.check_play(Color::Black, pt(13, "F11")),
        Err(GameError::RepetitionRefused)
    );
    // A move that makes a new position is still fine.
    g.apply(Event::Play {
        color: Color::Black,
        point: pt(13, "K2"),
    })
    .unwrap();
    assert_eq!(
        g.apply(Event::OfferNoResult { by: Color::White }),
        Err(GameError::NoRepetition)
    );
}

#[test]
fn triple_ko_offer_accepted_is_no_result() {
    let mut g = triple_ko();
    cycle_once(&mut g);
    assert_eq!(
        g.apply(Event::AcceptNoResult { by: Color::Black }),
        Err(GameError::NoOffer)
    );
    g.apply(Event::OfferNoResult { by: Color::Black }).unwrap();
    assert_eq!(
        g.apply(Event::AcceptNoResult { by: Color::Black }),
        Err(GameError::OwnOffer)
    );
    let effect = g.apply(Event::AcceptNoResult { by: Color::White }).unwrap();
    assert!(effect.ended);
    assert_eq!(g.outcome(), Some(Outcome::NoResult));
    assert_eq!(g.outcome().unwrap().result_string(), "Void");
    assert_eq!(g.phase(), Phase::Ended);
}

#[test]
fn no_result_cannot_be_offered_without_a_repetition() {
    let mut g = triple_ko();
    assert_eq!(
        g.apply(Event::OfferNoResult { by: Color::Black }),
        Err(GameError::NoRepetition)
    );
    assert_eq!(
        g.apply(Event::DeclineNoResult { by: Color::Black }),
        Err(GameError::NoRepetition)
    );
}

/// A finished 7×7 game: Black owns the left, White the right; a dead white
/// stone sits at B6 in Black's area.
const FINISHED: [&str; 7] = [
    "...XO..", ".O.XO..", "...XO..", "...XO..", "...XO..", "...XO..", "...XO..",
];

fn stopped() -> Game {
    let mut g = game_from_rows(&FINISHED, Color::Black, Komi::from_halves(1));
    play_all(&mut g, &["pass", "pass"]);
    assert_eq!(g.phase(), Phase::Stopped);
    g
}

#[test]
fn proposal_counter_proposal_and_acceptance_end_the_game() {
    let mut g = stopped();
    // White first claims its stone lives; Black counters; White accepts.
    g.apply(Event::Propose {
        by: Color::White,
        dead: vec![],
    })
    .unwrap();
    assert_eq!(g.phase(), Phase::Ending);
    assert_eq!(g.open_proposal(), Some(0));
    assert_eq!(
        g.apply(Event::Accept {
            by: Color::White,
            proposal: 0
        }),
        Err(GameError::OwnOffer)
    );
    g.apply(Event::Propose {
        by: Color::Black,
        dead: vec![pt(7, "B6")],
    })
    .unwrap();
    assert_eq!(
        g.apply(Event::Accept {
            by: Color::Black,
            proposal: 0
        }),
        Err(GameError::StaleProposal {
            index: 0,
            latest: 1
        })
    );
    assert_eq!(
        g.apply(Event::Accept {
            by: Color::White,
            proposal: 7
        }),
        Err(GameError::UnknownProposal { index: 7 })
    );
    let effect = g
        .apply(Event::Accept {
            by: Color::White,
            proposal: 1,
        })
        .unwrap();
    assert!(effect.ended);
    assert_eq!(g.proposals().len(), 2, "every proposal stays in the record");
    let score = g.score().unwrap();
    // Black: columns A–C, 21 points with B6 among them (lifted).
    // White: columns F–G, 14 points.
    assert_eq!(score.territory, [21, 14]);
    assert_eq!(score.dead_lifted, [1, 0]);
    // 21 + 1 = 22 against 14 + 0.5: Black by 7.5.
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            by: WinBy::Points(15)
        })
    );
    assert_eq!(g.outcome().unwrap().result_string(), "B+7.5");
}

#[test]
fn a_proposal_must_name_stones() {
    let mut g = stopped();
    assert!(matches!(
        g.apply(Event::Propose {
            by: Color::Black,
            dead: vec![pt(7, "A1")],
        }),
        Err(GameError::NoStone { .. })
    ));
    assert!(g.proposals().is_empty());
}

#[test]
fn proposals_are_refused_during_play() {
    let mut g = game_from_rows(&FINISHED, Color::Black, Komi::ZERO);
    assert!(matches!(
        g.apply(Event::Propose {
            by: Color::Black,
            dead: vec![],
        }),
        Err(GameError::WrongPhase {
            phase: Phase::Playing,
            ..
        })
    ));
}

#[test]
fn resume_gives_the_requesters_opponent_the_first_move() {
    let mut g = stopped();
    g.apply(Event::Propose {
        by: Color::White,
        dead: vec![],
    })
    .unwrap();
    g.apply(Event::RequestResume { by: Color::White }).unwrap();
    assert_eq!(g.phase(), Phase::Playing);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.open_proposal(), None, "resumption withdraws the proposal");
    play_all(&mut g, &["C6", "pass", "pass"]);
    assert_eq!(g.phase(), Phase::Stopped, "two passes stop it again");

    let mut g = stopped();
    g.apply(Event::RequestResume { by: Color::Black }).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert!(
        g.apply(Event::Pass {
            color: Color::Black
        })
        .is_err()
    );
}

#[test]
fn resume_is_refused_during_play() {
    let mut g = game_from_rows(&FINISHED, Color::Black, Komi::ZERO);
    assert!(matches!(
        g.apply(Event::RequestResume { by: Color::White }),
        Err(GameError::WrongPhase { .. })
    ));
}

#[test]
fn unresolvable_dispute_means_both_lose() {
    let mut g = stopped();
    g.apply(Event::Propose {
        by: Color::Black,
        dead: vec![pt(7, "B6")],
    })
    .unwrap();
    g.apply(Event::DeclareBothLose { by: Color::White })
        .unwrap();
    assert_eq!(g.outcome(), Some(Outcome::BothLose));
    assert_eq!(g.phase(), Phase::Ended);
    assert!(g.apply(Event::RequestResume { by: Color::Black }).is_err());
}

#[test]
fn both_lose_only_after_stoppage() {
    let mut g = game_from_rows(&FINISHED, Color::Black, Komi::ZERO);
    assert!(
        g.apply(Event::DeclareBothLose { by: Color::White })
            .is_err()
    );
}

#[test]
fn resignation_at_any_time_gives_the_opponent_the_win() {
    let mut g = game_from_rows(&FINISHED, Color::Black, Komi::ZERO);
    // Either player may resign, on turn or not.
    g.apply(Event::Resign {
        color: Color::White,
    })
    .unwrap();
    assert_eq!(g.outcome().unwrap().result_string(), "B+R");
    assert!(
        g.apply(Event::Resign {
            color: Color::Black
        })
        .is_err(),
        "nothing follows the end"
    );

    let mut g = stopped();
    g.apply(Event::Resign {
        color: Color::Black,
    })
    .unwrap();
    assert_eq!(g.outcome().unwrap().result_string(), "W+R");
}

#[test]
fn loss_on_time_is_recorded_as_such() {
    let mut g = game_from_rows(&FINISHED, Color::Black, Komi::ZERO);
    g.apply(Event::TimeLoss {
        color: Color::Black,
    })
    .unwrap();
    assert_eq!(g.outcome().unwrap().result_string(), "W+T");
}

#[test]
fn replay_reproduces_an_ended_game() {
    let mut g = stopped();
    g.apply(Event::Propose {
        by: Color::Black,
        dead: vec![pt(7, "B6")],
    })
    .unwrap();
    g.apply(Event::Accept {
        by: Color::White,
        proposal: 0,
    })
    .unwrap();
    let again = Game::replay(g.settings().clone(), g.events()).unwrap();
    assert_eq!(again.state_hash(), g.state_hash());
    assert_eq!(again.outcome(), g.outcome());
    assert_eq!(again.score(), g.score());
}

#[test]
fn replay_reports_the_first_refused_event() {
    let g = stopped();
    let mut events = g.events().to_vec();
    events.push(Event::Play {
        color: Color::Black,
        point: pt(7, "A1"),
    });
    let err = Game::replay(g.settings().clone(), &events).unwrap_err();
    assert_eq!(err.index, 2);
    assert!(matches!(err.error, GameError::WrongPhase { .. }));
}
