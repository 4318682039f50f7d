//! Both players act at once with the same event number: the host's event
//! wins, the joiner's is withdrawn (and its player told), and both logs stay
//! identical.

mod common;

use common::*;
use kaisho_core::{Color, Event};
use kaisho_net::{Colors, Update};
use kaisho_saves::log::{GameStore, read_log};

#[tokio::test]
async fn crossing_proposals_keep_the_hosts() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (_host, hl, jl) = pair(&hid, &jid).await;
    let (hs, js) = (
        GameStore::new(dir.path().join("h")),
        GameStore::new(dir.path().join("j")),
    );
    let (mut h, mut j) = sessions(hl, jl, &terms("x", 9, Colors::HostBlack), &hs, &js).await;
    step(
        &mut h,
        &mut j,
        Event::Play {
            color: Color::Black,
            point: pt("E5", 9),
        },
    )
    .await;
    step(
        &mut j,
        &mut h,
        Event::Pass {
            color: Color::White,
        },
    )
    .await;
    step(
        &mut h,
        &mut j,
        Event::Pass {
            color: Color::Black,
        },
    )
    .await;

    let hosts = Event::Propose {
        by: Color::Black,
        dead: vec![],
    };
    let joiners = Event::Propose {
        by: Color::White,
        dead: vec![pt("E5", 9)],
    };
    let (a, b) = tokio::join!(h.act(hosts.clone()), j.act(joiners.clone()));
    assert_eq!(a.unwrap().0, 4);
    assert_eq!(b.unwrap().0, 4);

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
    assert_eq!(jb.0, Update::Withdrawn { event: joiners });
    assert_eq!(
        jb.1,
        Update::Remote {
            seq: 4,
            event: hosts
        }
    );
    assert_eq!(h.game().state_hash(), j.game().state_hash());
    step(
        &mut j,
        &mut h,
        Event::Accept {
            by: Color::White,
            proposal: 0,
        },
    )
    .await;
    assert_eq!(h.game().outcome(), j.game().outcome());
    assert_eq!(
        read_log(h.log_path()).unwrap().events,
        read_log(j.log_path()).unwrap().events
    );
}
