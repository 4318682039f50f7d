//! Connections drop: a partner that vanishes is noticed within 10 s; a
//! killed partner comes back with the same identity and both go on from
//! the last acknowledged event, nothing lost and nothing applied twice; a
//! game nobody comes back to stays adjourned and either side can host it.

mod common;

use common::*;
use kaisho_core::Color;
use kaisho_net::Colors;
use kaisho_saves::log::{GameStore, read_log};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::net::UdpSocket;

#[tokio::test]
async fn a_killed_partner_returns_and_the_game_finishes_with_identical_logs() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (_host, hl, jl) = pair(&hid, &jid).await;
    let (hs, js) = (
        GameStore::new(dir.path().join("h")),
        GameStore::new(dir.path().join("j")),
    );
    let (mut h, mut j) = sessions(hl, jl, &terms("g", 9, Colors::HostBlack), &hs, &js).await;
    play(&mut h, &mut j, stones(0, 6)).await;

    // White moves (written to its own log before it is sent); the host
    // logs and acknowledges it; White is killed before it reads the
    // acknowledgement: the acknowledgement is lost, the move is in both logs.
    let e = stones(6, 8).pop().unwrap();
    let (black, white) = by_color(&mut h, &mut j, Color::Black);
    black.act(stones(6, 7).pop().unwrap()).await.unwrap();
    white.next().await.unwrap();
    black.next().await.unwrap();
    white.act(e.clone()).await.unwrap();
    black.next().await.unwrap();
    drop(j);
    let lost = tokio::time::timeout(LIMIT, h.next()).await.unwrap();
    assert!(lost.is_err());
    assert_eq!(read_log(h.log_path()).unwrap().events.len(), 8);
    drop(h);
    assert_eq!(js.load("g").unwrap().game.events().len(), 8);

    let (mut h, mut j) = resume_game((&hid, &hs), (&jid, &js), "g").await;
    assert_eq!(h.game().state_hash(), j.game().state_hash());
    assert_eq!(j.game().events().len(), 8);
    same_logs(&h, &j);
    play(&mut h, &mut j, stones(8, 12)).await;
    finish(&mut h, &mut j).await;
    same_logs(&h, &j);
    assert_eq!(read_log(h.log_path()).unwrap().events.len(), 16);
}

#[tokio::test]
async fn an_adjourned_game_is_resumed_with_the_roles_swapped() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (host, hl, jl) = pair(&hid, &jid).await;
    let (hs, js) = (
        GameStore::new(dir.path().join("h")),
        GameStore::new(dir.path().join("j")),
    );
    let (mut h, mut j) = sessions(hl, jl, &terms("g", 9, Colors::HostWhite), &hs, &js).await;
    play(&mut h, &mut j, stones(0, 4)).await;
    h.bye("adjourned until tomorrow").await;
    let said = tokio::time::timeout(LIMIT, j.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        said,
        kaisho_net::Update::Bye("adjourned until tomorrow".into())
    );
    drop((j, host));
    for store in [&hs, &js] {
        let listing = store.list();
        assert_eq!(listing.games.len(), 1);
        assert!(listing.games[0].is_adjourned());
    }

    // The former joiner hosts now; the former host rejoins by fingerprint.
    let (mut a, mut b) = resume_game((&jid, &js), (&hid, &hs), "g").await;
    assert_eq!(a.local_color(), Color::Black);
    assert_eq!(b.local_color(), Color::White);
    play(&mut a, &mut b, stones(4, 8)).await;
    finish(&mut a, &mut b).await;
    same_logs(&a, &b);
}

/// A UDP relay between the joiner and the host that can go silent, like a
/// pulled cable.
async fn cable(host: SocketAddr, cut: Arc<AtomicBool>) -> SocketAddr {
    let front = UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let back = UdpSocket::bind("127.0.0.1:0").await.unwrap();
    back.connect(host).await.unwrap();
    let addr = front.local_addr().unwrap();
    tokio::spawn(async move {
        let mut client = None;
        let (mut a, mut b) = ([0u8; 2048], [0u8; 2048]);
        loop {
            tokio::select! {
                Ok((n, from)) = front.recv_from(&mut a) => {
                    client = Some(from);
                    if !cut.load(Ordering::Relaxed) {
                        let _ = back.send(&a[..n]).await;
                    }
                }
                Ok(n) = back.recv(&mut b) => {
                    if let (Some(c), false) = (client, cut.load(Ordering::Relaxed)) {
                        let _ = front.send_to(&b[..n], c).await;
                    }
                }
                () = tokio::time::sleep(Duration::from_secs(30)) => break,
            }
        }
    });
    addr
}

#[tokio::test]
async fn a_silent_partner_is_noticed_within_ten_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (mut host, code) = host(&hid, "Honinbo", 3);
    let cut = Arc::new(AtomicBool::new(false));
    let via = kaisho_net::JoinCode {
        addr: cable(code.addr, cut.clone()).await,
        secret: code.secret.clone(),
    };
    let (hl, jl) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&via, &jid, "Kitani"))
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
        &terms("g", 9, Colors::HostBlack),
        &hs,
        &js,
    )
    .await;
    play(&mut h, &mut j, stones(0, 2)).await;

    // A long think with the cable in: keep-alives hold the connection.
    let quiet = tokio::time::timeout(Duration::from_secs(3), h.next()).await;
    assert!(quiet.is_err(), "nothing should arrive, nor a drop");

    cut.store(true, Ordering::Relaxed);
    let start = Instant::now();
    let (a, b) = tokio::join!(
        tokio::time::timeout(Duration::from_secs(12), h.next()),
        tokio::time::timeout(Duration::from_secs(12), j.next())
    );
    assert!(a.unwrap().is_err() && b.unwrap().is_err());
    assert!(
        start.elapsed() <= Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
}
