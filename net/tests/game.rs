//! Two peers on loopback play a whole game: moves, stoppage, a proposal, a
//! counter-proposal, a resume request in the ending, stoppage again and
//! agreement; both logs and results are identical.

mod common;

use common::*;
use kaisho_core::{Color, Event, Phase};
use kaisho_net::Colors;
use kaisho_saves::log::{GameStore, read_log};

#[tokio::test]
async fn a_whole_game_with_identical_logs() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (_host, hl, jl) = pair(&hid, &jid).await;
    assert_eq!(hl.peer(), jid.fingerprint());
    assert_eq!(jl.peer(), hid.fingerprint());
    assert_eq!(hl.peer_name(), "Kitani");
    assert_eq!(jl.peer_name(), "Honinbo");
    let (hs, js) = (
        GameStore::new(dir.path().join("h")),
        GameStore::new(dir.path().join("j")),
    );
    let terms = terms("g1", 9, Colors::HostBlack);
    let (mut h, mut j) = sessions(hl, jl, &terms, &hs, &js).await;
    assert_eq!(h.local_color(), Color::Black);
    assert_eq!(j.local_color(), Color::White);

    let mut script = Vec::new();
    for row in 1..=9 {
        script.push(Event::Play {
            color: Color::Black,
            point: pt(&format!("E{row}"), 9),
        });
        script.push(Event::Play {
            color: Color::White,
            point: pt(&format!("F{row}"), 9),
        });
    }
    script.push(Event::Pass {
        color: Color::Black,
    });
    script.push(Event::Play {
        color: Color::White,
        point: pt("B5", 9),
    });
    script.push(Event::Pass {
        color: Color::Black,
    });
    script.push(Event::Pass {
        color: Color::White,
    });
    for e in script {
        let (a, b) = by_color(&mut h, &mut j, e.actor());
        step(a, b, e).await;
    }
    assert_eq!(h.game().phase(), Phase::Stopped);

    let b5 = pt("B5", 9);
    let ending = [
        Event::Propose {
            by: Color::Black,
            dead: vec![b5],
        },
        Event::Propose {
            by: Color::White,
            dead: vec![],
        },
        Event::RequestResume { by: Color::Black },
        Event::Pass {
            color: Color::White,
        },
        Event::Pass {
            color: Color::Black,
        },
        Event::Propose {
            by: Color::Black,
            dead: vec![b5],
        },
        Event::Accept {
            by: Color::White,
            proposal: 2,
        },
    ];
    for e in ending {
        let (a, b) = by_color(&mut h, &mut j, e.actor());
        step(a, b, e).await;
    }
    h.chat("arigatou gozaimashita").await.unwrap();
    assert_eq!(
        j.next().await.unwrap(),
        kaisho_net::Update::Chat("arigatou gozaimashita".into())
    );

    assert_eq!(h.game().phase(), Phase::Ended);
    assert_eq!(h.game().outcome(), j.game().outcome());
    assert_eq!(h.game().outcome().unwrap().winner(), Some(Color::Black));
    assert_eq!(h.game().state_hash(), j.game().state_hash());

    let (hp, jp) = (h.log_path().to_path_buf(), j.log_path().to_path_buf());
    h.bye("game over").await;
    let _ = tokio::time::timeout(LIMIT, j.next()).await.unwrap();
    let (hl, jl) = (read_log(&hp).unwrap(), read_log(&jp).unwrap());
    assert_eq!(hl.events, jl.events);
    assert_eq!(hl.events.len(), 29);
    assert_eq!(hl.chat, jl.chat);
    assert_eq!(hl.header.black, jl.header.black);
    assert_eq!(hl.header.white, jl.header.white);
    assert_eq!(hl.header.local_color, Some(Color::Black));
    assert_eq!(jl.header.local_color, Some(Color::White));
    assert_eq!(
        hl.header.black.fingerprint.as_deref(),
        Some(hid.fingerprint().grouped().as_str())
    );
}
