//! 待った over the network: one side asks to take back its move, the
//! partner declines, then accepts; both logs and both boards stay the same,
//! the move and its withdrawal in both; the asker's limit is kept.

mod common;

use common::*;
use kaisho_core::{Color, Event};
use kaisho_net::NetError;
use kaisho_saves::log::read_log;

#[tokio::test]
async fn a_request_declined_then_accepted_leaves_identical_logs_and_boards() {
    let dir = tempfile::tempdir().unwrap();
    let (_host, mut h, mut j) = new_game(dir.path(), "u1").await;
    let (b, w) = (Color::Black, Color::White);
    play(&mut h, &mut j, stones(0, 2)).await;
    // White asks to take back G1; Black declines: the stone stays.
    step(&mut j, &mut h, Event::RequestUndo { by: w }).await;
    assert_eq!(h.game().undo_request(), Some(w));
    step(&mut h, &mut j, Event::DeclineUndo { by: b }).await;
    assert_eq!(h.game().board().get(pt("G1", 9)), Some(w));
    assert_eq!(j.game().board().get(pt("G1", 9)), Some(w));
    // Asked again, Black accepts: G1 is gone on both boards, White to play.
    step(&mut j, &mut h, Event::RequestUndo { by: w }).await;
    step(&mut h, &mut j, Event::AcceptUndo { by: b }).await;
    for s in [&h, &j] {
        assert_eq!(s.game().board().get(pt("G1", 9)), None);
        assert_eq!(s.game().to_move(), w);
        assert_eq!(s.game().move_number(), 1);
    }
    assert_eq!(h.game().state_hash(), j.game().state_hash());
    // Play goes on from there.
    step(
        &mut j,
        &mut h,
        Event::Play {
            color: w,
            point: pt("D4", 9),
        },
    )
    .await;
    assert_eq!(h.game().board(), j.game().board());
    same_logs(&h, &j);
    let log = read_log(h.log_path()).unwrap();
    assert_eq!(log.format, 3);
    let withdrawn = log
        .events
        .iter()
        .filter(|l| {
            l.event
                == Event::Play {
                    color: w,
                    point: pt("G1", 9),
                }
        })
        .count();
    assert_eq!(withdrawn, 1, "the withdrawn move stays in the log");
    assert!(
        log.events
            .iter()
            .any(|l| l.event == Event::AcceptUndo { by: b })
    );
}

#[tokio::test]
async fn a_request_beyond_the_limit_is_refused_before_it_is_sent() {
    let dir = tempfile::tempdir().unwrap();
    let (_host, mut h, mut j) = new_game(dir.path(), "u2").await;
    h.set_undo_limit(Some(1));
    play(&mut h, &mut j, stones(0, 1)).await;
    step(&mut h, &mut j, Event::RequestUndo { by: Color::Black }).await;
    step(&mut j, &mut h, Event::DeclineUndo { by: Color::White }).await;
    assert_eq!(h.undos_left(), Some(0));
    let refused = h.act(Event::RequestUndo { by: Color::Black }).await;
    assert!(matches!(refused, Err(NetError::NotNow(_))), "{refused:?}");
    assert_eq!(h.game().events().len(), 3);
    same_logs(&h, &j);
}

#[tokio::test]
async fn the_partner_cannot_take_back_a_move_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (_host, mut h, mut j) = new_game(dir.path(), "u3").await;
    play(&mut h, &mut j, stones(0, 1)).await;
    // Black cannot accept a request nobody made.
    let refused = h.act(Event::AcceptUndo { by: Color::Black }).await;
    assert!(matches!(refused, Err(NetError::Game(_))), "{refused:?}");
    assert_eq!(h.game().board().get(pt("C1", 9)), Some(Color::Black));
    let _ = &mut j;
}
