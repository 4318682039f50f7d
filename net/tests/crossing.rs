//! Both players act at once with the same event number: the host's event
//! wins, the joiner's is withdrawn (from its log too, and its player told),
//! and both logs hold the same events.

mod common;

use common::*;
use kaisho_net::{Colors, Update};
use kaisho_saves::log::GameStore;

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
    assert_eq!(
        jb.0,
        Update::Withdrawn {
            event: joiners.clone()
        }
    );
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
