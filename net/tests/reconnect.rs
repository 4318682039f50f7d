//! Connections drop: a partner that vanishes is noticed within 10 s; a
//! killed partner comes back with the same identity and both go on from
//! the last acknowledged event, nothing lost and nothing applied twice; a
//! game nobody comes back to stays adjourned and either side can host it.

mod common;

use common::*;
use kaisho_core::clock::TimeControl;
use kaisho_core::{Color, Event, Phase};
use kaisho_net::{Colors, Host, Session};
use kaisho_saves::identity::Identity;
use kaisho_saves::log::{GameStore, read_log};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::net::UdpSocket;

fn stones(from: usize, to: usize) -> Vec<Event> {
    // Black on column C, White on column G, row by row.
    (from..to)
        .map(|i| {
            let row = i / 2 + 1;
            let (color, col) = if i % 2 == 0 {
                (Color::Black, "C")
            } else {
                (Color::White, "G")
            };
            Event::Play {
                color,
                point: pt(&format!("{col}{row}"), 9),
            }
        })
        .collect()
}

async fn play(a: &mut Session, b: &mut Session, events: Vec<Event>) {
    for e in events {
        let (x, y) = by_color(a, b, e.actor());
        step(x, y, e).await;
    }
}

async fn finish(a: &mut Session, b: &mut Session) {
    play(
        a,
        b,
        vec![
            Event::Pass {
                color: a.game().to_move(),
            },
            Event::Pass {
                color: a.game().to_move().opponent(),
            },
            Event::Propose {
                by: Color::Black,
                dead: vec![],
            },
            Event::Accept {
                by: Color::White,
                proposal: 0,
            },
        ],
    )
    .await;
    assert_eq!(a.game().phase(), Phase::Ended);
}

async fn resumed(
    host: &mut Host,
    host_store: &GameStore,
    joiner_id: &Identity,
    host_id: &Identity,
    joiner_store: &GameStore,
    addr: SocketAddr,
) -> (Session, Session) {
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            host.accept_known(joiner_id.fingerprint()),
            kaisho_net::rejoin(addr, host_id.fingerprint(), joiner_id, "Kitani")
        )
    })
    .await
    .unwrap();
    host.refuse_others();
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::resume(h.unwrap(), Some("g"), host_store, TimeControl::None),
            kaisho_net::resume(j.unwrap(), None, joiner_store, TimeControl::None)
        )
    })
    .await
    .unwrap();
    (h.unwrap(), j.unwrap())
}

fn same_logs(a: &Session, b: &Session) {
    let (x, y) = (
        read_log(a.log_path()).unwrap(),
        read_log(b.log_path()).unwrap(),
    );
    assert_eq!(x.events, y.events);
    let seqs: Vec<u32> = x.events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=x.events.len() as u32).collect::<Vec<_>>());
}

#[tokio::test]
async fn a_killed_partner_returns_and_the_game_finishes_with_identical_logs() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (mut host, hl, jl) = pair(&hid, &jid).await;
    let addr = host.local_addr().unwrap();
    let (hs, js) = (
        GameStore::new(dir.path().join("h")),
        GameStore::new(dir.path().join("j")),
    );
    let (mut h, mut j) = sessions(hl, jl, &terms("g", 9, Colors::HostBlack), &hs, &js).await;
    play(&mut h, &mut j, stones(0, 6)).await;

    // White moves; the host logs and acknowledges it; White is killed
    // before it reads the acknowledgement, so its own log misses the move.
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
    assert_eq!(js.load("g").unwrap().game.events().len(), 7);

    let (mut h, mut j) = resumed(&mut host, &hs, &jid, &hid, &js, addr).await;
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
    let mut new_host = Host::bind(loopback(), &jid, "Kitani").unwrap();
    let addr = new_host.local_addr().unwrap();
    let (a, b) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            new_host.accept_known(hid.fingerprint()),
            kaisho_net::rejoin(addr, jid.fingerprint(), &hid, "Honinbo")
        )
    })
    .await
    .unwrap();
    let (a, b) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::resume(a.unwrap(), Some("g"), &js, TimeControl::None),
            kaisho_net::resume(b.unwrap(), None, &hs, TimeControl::None)
        )
    })
    .await
    .unwrap();
    let (mut a, mut b) = (a.unwrap(), b.unwrap());
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
