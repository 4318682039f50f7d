//! Both players act at once with the same event number: the host's event
//! wins, the joiner's is withdrawn (from its log too, and its player told),
//! and both logs hold the same events.

mod common;

use common::*;
use kaisho_core::{Color, Event};
use kaisho_net::{Colors, Update};

#[tokio::test]
async fn crossing_proposals_keep_the_hosts() {
    let dir = tempfile::tempdir().unwrap();
    let (_host, mut h, mut j) = new_game(dir.path(), "x").await;
    let (hosts, joiners) = crossed_proposals(&mut h, &mut j).await;

    let (ha, jb) = tokio::time::timeout(LIMIT, async {
        tokio::join!(h.next(), async {
            let first = j.next().await.unwrap();
            (first, j.next().await.unwrap())
        })
    })
    .await
    .unwrap();
    let ha = ha.unwrap();
    assert_eq!(ha, Update::Acked { seq: 4 });
    assert_eq!(jb.0, withdrawn_before(&h, &joiners));
    assert_eq!(
        jb.1,
        Update::Remote {
            seq: 4,
            event: hosts
        }
    );
    assert_eq!(h.game().state_hash(), j.game().state_hash());
    // The joiner had written its proposal before sending it; its log now
    // withdraws it, and the host's never held it.
    gave_way(&h, &j, &joiners);
    accept_to_the_end(&mut j, &mut h).await;
}

/// The report: host `C3`, joiner `E5` then `resign` at once; the joiner's
/// resignation crossed the host's C3, was withdrawn, and the game was left
/// adjourned. A resignation stands whatever the partner played: it is made
/// again after the host's move, and both sides end with White's win.
#[tokio::test]
async fn a_resignation_that_crosses_the_hosts_move_stands_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_host, mut h, mut j) = new_game_with(dir.path(), "x", Colors::HostWhite).await;
    let e5 = Event::Play {
        color: Color::Black,
        point: pt("E5", 9),
    };
    step(&mut j, &mut h, e5).await;
    let c3 = Event::Play {
        color: Color::White,
        point: pt("C3", 9),
    };
    let resign = Event::Resign {
        color: Color::Black,
    };
    let (a, b) = tokio::join!(h.act(c3.clone()), j.act(resign.clone()));
    assert_eq!((a.unwrap().0, b.unwrap().0), (2, 2), "both sent event 2");
    let told = tokio::time::timeout(LIMIT, async {
        let mut told = Vec::new();
        for _ in 0..3 {
            told.push(j.next().await.unwrap());
        }
        told
    })
    .await
    .unwrap();
    // The resignation stood after move 1, and is made again.
    assert!(
        matches!(
            told[0],
            Update::Withdrawn {
                moves: 1,
                again: true,
                ..
            }
        ),
        "{told:?}"
    );
    assert_eq!(
        told,
        [
            withdrawn_before(&h, &resign),
            Update::Remote { seq: 2, event: c3 },
            Update::Again {
                seq: 3,
                event: resign.clone()
            }
        ]
    );
    let at_host = tokio::time::timeout(LIMIT, async {
        loop {
            if let Update::Remote { seq, event } = h.next().await.unwrap() {
                return (seq, event);
            }
        }
    })
    .await
    .unwrap();
    assert_eq!(at_host, (3, resign));
    let ended = |s: &kaisho_net::Session| s.game().outcome().map(|o| o.result_string());
    assert_eq!(ended(&h), Some("W+R".to_string()));
    assert_eq!(ended(&h), ended(&j));
    same_logs(&h, &j);
}
