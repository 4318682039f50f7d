//! A play-out (確認) over the network: each side sends its own colour's
//! scratch moves, both cores check them, both scratch boards stay the same,
//! and closing leaves both games and logs as they were apart from the
//! play-out's events.

mod common;

use common::*;
use kaisho_core::confirm::{ScratchError, Verdict};
use kaisho_core::{Color, Event, GameError};
use kaisho_net::NetError;
use kaisho_saves::log::read_log;

#[tokio::test]
async fn a_play_out_over_the_network_keeps_both_scratch_boards_alike() {
    let dir = tempfile::tempdir().unwrap();
    let (_host, mut h, mut j) = new_game(dir.path(), "p1").await;
    let (b, w) = (Color::Black, Color::White);
    let at = |name| pt(name, 9);
    play(
        &mut h,
        &mut j,
        vec![
            Event::Play {
                color: b,
                point: at("E5"),
            },
            Event::Pass { color: w },
            Event::Pass { color: b },
        ],
    )
    .await;
    let before = h.game().board().clone();
    // White doubts the lone black stone: White attacks and moves first.
    step(
        &mut j,
        &mut h,
        Event::OpenPlayout {
            by: w,
            area: vec![at("E5")],
        },
    )
    .await;
    let refused = h
        .act(Event::PlayoutPlay {
            color: b,
            point: at("E4"),
        })
        .await;
    assert!(
        matches!(
            refused,
            Err(NetError::Game(GameError::Playout(ScratchError::NotYourTurn { expected }))) if expected == w
        ),
        "{refused:?}"
    );
    for name in ["E4", "D5", "E6", "F5"] {
        step(
            &mut j,
            &mut h,
            Event::PlayoutPlay {
                color: w,
                point: at(name),
            },
        )
        .await;
        if name != "F5" {
            step(&mut h, &mut j, Event::PlayoutPass { color: b }).await;
        }
    }
    for s in [&h, &j] {
        let scratch = s
            .game()
            .playout()
            .expect("the play-out is open on both sides");
        assert_eq!(scratch.board().get(at("E5")), None);
        assert_eq!(scratch.captures(), [0, 1]);
    }
    step(&mut h, &mut j, Event::ClosePlayout { by: b }).await;
    for s in [&h, &j] {
        assert_eq!(s.game().board(), &before, "the game is as it was");
        assert_eq!(
            s.game().confirmed()[0].verdict,
            Verdict::Captured {
                reestablished: Vec::new()
            }
        );
    }
    assert_eq!(h.game().state_hash(), j.game().state_hash());
    same_logs(&h, &j);
    assert_eq!(read_log(h.log_path()).unwrap().format, 4);
}
