//! The same pairing and play over IPv6 loopback (`::1`), with the join
//! code written as `[::1]:PORT word-0000-word`.

mod common;

use common::*;
use kaisho_core::{Color, Event};
use kaisho_net::{Colors, Host, JoinCode, Secret};
use kaisho_saves::log::{GameStore, read_log};

#[tokio::test]
async fn a_game_over_ipv6_loopback() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let mut host = Host::bind("[::1]:0".parse().unwrap(), &hid, "Honinbo").unwrap();
    host.set_secret(Secret::from_random(77));
    let text = host.code(None).unwrap().unwrap().to_string();
    assert!(text.starts_with("[::1]:"), "{text}");
    let code = JoinCode::parse(&text).unwrap();
    let (hl, jl) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&code, &jid, "Kitani"))
    })
    .await
    .unwrap();
    let (hs, js) = (
        GameStore::new(dir.path().join("h")),
        GameStore::new(dir.path().join("j")),
    );
    let (mut h, mut j) = sessions(
        hl.unwrap(),
        jl.unwrap(),
        &terms("v6", 9, Colors::HostBlack),
        &hs,
        &js,
    )
    .await;
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
        Event::Resign {
            color: Color::White,
        },
    )
    .await;
    assert_eq!(h.game().outcome().unwrap().result_string(), "B+R");
    assert_eq!(
        read_log(h.log_path()).unwrap().events,
        read_log(j.log_path()).unwrap().events
    );
}
