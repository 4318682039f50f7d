//! Strangers are refused with a clear message on both ends: a wrong code,
//! a burned code, a wrong fingerprint, a relay in the middle that does not
//! know the code, a third connection; and a known name with a new certificate is met as
//! another player of that name, not refused.

mod common;

use common::*;
use kaisho_net::wire::Message;
use kaisho_net::{JoinCode, NetError, Secret, frame, tls};
use kaisho_saves::identity::Fingerprint;
use kaisho_saves::known_peers::{KnownPeers, PeerCheck};
use std::time::Duration;

/// Joins with `code` and returns why the join failed.
async fn join_refused(
    code: &JoinCode,
    id: &kaisho_saves::identity::Identity,
    name: &str,
) -> NetError {
    tokio::time::timeout(LIMIT, kaisho_net::join(code, id, name))
        .await
        .unwrap()
        .err()
        .unwrap()
}

fn wrong(code: &JoinCode, bits: u32) -> JoinCode {
    JoinCode {
        addr: code.addr,
        secret: Secret::from_random(bits),
    }
}

/// Both sides were told the code was wrong, with `left` tries left.
fn told_wrong(host: &NetError, joiner: &NetError, left: u32) {
    for e in [host, joiner] {
        assert!(
            matches!(e, NetError::WrongCode { left: l } if *l == left),
            "{e}"
        );
    }
    let text = joiner.to_string();
    let tries = if left == 1 { "try" } else { "tries" };
    assert!(
        text.contains(&format!("wrong join code ({left} {tries} left)")),
        "{text}"
    );
}

#[tokio::test]
async fn a_wrong_code_is_refused_and_three_burn_the_code() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (mut host, code) = host(&hid, "Honinbo", 1);
    let bad = wrong(&code, 2);
    for attempt in 1..=3 {
        let (h, j) = tokio::time::timeout(LIMIT, async {
            tokio::join!(host.accept(), kaisho_net::join(&bad, &jid, "x"))
        })
        .await
        .unwrap();
        let (h, j) = (h.err().unwrap(), j.err().unwrap());
        if attempt < 3 {
            told_wrong(&h, &j, 3 - attempt);
        } else {
            assert!(matches!(h, NetError::CodeBurned), "{h}");
            assert!(matches!(j, NetError::CodeBurned), "{j}");
        }
    }
    assert!(host.burned());
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&code, &jid, "x"))
    })
    .await
    .unwrap();
    assert!(matches!(h, Err(NetError::CodeBurned)));
    let j = j.err().unwrap();
    assert!(j.to_string().contains("burned"), "{j}");
}

#[tokio::test]
async fn a_third_connection_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let third = identity(dir.path(), "third");
    let (host, _h, _j) = pair(&hid, &jid).await;
    let code = JoinCode {
        addr: host.local_addr().unwrap(),
        secret: Secret::from_random(42),
    };
    let e = join_refused(&code, &third, "Third").await;
    assert!(e.to_string().contains("already has its two players"), "{e}");
}

#[tokio::test]
async fn a_wrong_fingerprint_is_refused_on_both_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let stranger = identity(dir.path(), "stranger");
    let mut host = kaisho_net::Host::bind(loopback(), &hid, "Honinbo").unwrap();
    let addr = host.local_addr().unwrap();

    // The joiner expects another host certificate.
    let e = tokio::time::timeout(
        LIMIT,
        kaisho_net::rejoin(addr, stranger.fingerprint(), &jid, "Kitani"),
    );
    let (h, j) = tokio::join!(
        tokio::time::timeout(
            std::time::Duration::from_secs(3),
            host.accept_known(jid.fingerprint())
        ),
        e
    );
    assert!(matches!(j.unwrap(), Err(NetError::WrongFingerprint { .. })));
    // The host saw the connection close before any rejoin arrived.
    if let Ok(h) = h {
        assert!(h.is_err());
    }

    // The host waits for the joiner; a stranger arrives.
    let (h, s) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            host.accept_known(jid.fingerprint()),
            kaisho_net::rejoin(addr, hid.fingerprint(), &stranger, "Kitani")
        )
    })
    .await
    .unwrap();
    assert!(
        matches!(h, Err(NetError::WrongFingerprint { found, .. }) if found == stranger.fingerprint())
    );
    let s = s.err().unwrap();
    assert!(
        s.to_string().contains("another player's certificate"),
        "{s}"
    );

    // The right partner gets in.
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            host.accept_known(jid.fingerprint()),
            kaisho_net::rejoin(addr, hid.fingerprint(), &jid, "Kitani")
        )
    })
    .await
    .unwrap();
    assert_eq!(h.unwrap().peer(), jid.fingerprint());
    assert_eq!(j.unwrap().peer(), hid.fingerprint());
}

#[tokio::test]
async fn a_known_name_with_a_new_certificate_is_another_player_not_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let mut peers = KnownPeers::load(&dir.path().join("known_peers.toml")).unwrap();
    let first = Fingerprint::of(b"the first Kitani");
    peers.remember("Kitani", first, 1);
    let (_host, h, _j) = pair(&hid, &jid).await;
    assert!(
        matches!(h.check_known(&mut peers, 2), PeerCheck::SameName { other } if other.fingerprint == first)
    );
    assert!(
        matches!(h.check_known(&mut peers, 3), PeerCheck::Known(p) if p.fingerprint == jid.fingerprint())
    );
    assert_eq!(peers.peers().len(), 2);
}

/// A relay that answers the joiner as a host with its own certificate,
/// dials the real host, and passes every frame through unchanged.
async fn relay(
    listen: quinn::Endpoint,
    relay_id: kaisho_saves::identity::Identity,
    host_addr: std::net::SocketAddr,
) {
    let Some(incoming) = listen.accept().await else {
        return;
    };
    let Ok(front) = incoming.await else { return };
    let Ok((mut fs, mut fr)) = front.accept_bi().await else {
        return;
    };
    let mut out = quinn::Endpoint::client(loopback()).unwrap();
    out.set_default_client_config(tls::client_config(&relay_id).unwrap());
    let Ok(back) = out.connect(host_addr, "kaisho").unwrap().await else {
        return;
    };
    let Ok((mut bs, mut br)) = back.open_bi().await else {
        return;
    };
    let forward = async {
        while let Ok(Some(m)) = frame::read(&mut fr).await {
            if frame::write(&mut bs, &m).await.is_err() {
                break;
            }
        }
    };
    let backward = async {
        while let Ok(Some(m)) = frame::read(&mut br).await {
            if frame::write(&mut fs, &m).await.is_err() {
                break;
            }
        }
    };
    tokio::select! {
        () = forward => {}
        () = backward => {}
    }
    front.close(0u32.into(), b"relay done");
}

#[tokio::test]
async fn a_relay_in_the_middle_fails_even_when_passing_the_code_exchange_through() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let rid = identity(dir.path(), "relay");
    let (mut host, code) = host(&hid, "Honinbo", 9);
    let front = quinn::Endpoint::server(tls::server_config(&rid).unwrap(), loopback()).unwrap();
    let relay_code = JoinCode {
        addr: front.local_addr().unwrap(),
        secret: code.secret.clone(),
    };
    let relay_task = tokio::spawn(relay(front, rid, code.addr));
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&relay_code, &jid, "Kitani"))
    })
    .await
    .unwrap();
    assert!(
        matches!(h, Err(NetError::WrongCode { .. })),
        "{:?}",
        h.err()
    );
    assert!(j.is_err());
    relay_task.abort();
}

#[tokio::test]
async fn garbage_in_place_of_a_code_exchange_is_refused_without_burning() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (mut host, code) = host(&hid, "Honinbo", 5);
    let mut ep = quinn::Endpoint::client(loopback()).unwrap();
    ep.set_default_client_config(tls::client_config(&jid).unwrap());
    let garbage = async {
        let conn = ep.connect(code.addr, "kaisho").unwrap().await.unwrap();
        let (mut s, _r) = conn.open_bi().await.unwrap();
        frame::write(&mut s, &Message::Spake { msg: vec![1, 2, 3] })
            .await
            .unwrap();
        frame::write(&mut s, &Message::Confirm { mac: [0; 32] })
            .await
            .unwrap();
        conn.closed().await
    };
    let (h, closed) = tokio::time::timeout(LIMIT, async { tokio::join!(host.accept(), garbage) })
        .await
        .unwrap();
    assert!(
        matches!(closed, quinn::ConnectionError::ApplicationClosed(_)),
        "{closed}"
    );
    assert!(matches!(h, Err(NetError::Protocol(_))), "{:?}", h.err());
    assert!(!host.burned());
}

#[tokio::test]
async fn wrong_guesses_are_told_as_wrong_codes_never_as_a_lost_game() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (mut host, code) = host(&hid, "Honinbo", 1);
    for guess in 0..15u32 {
        if guess % 3 == 0 {
            host.set_secret(Secret::from_random(1));
        }
        let bad = wrong(&code, 100 + guess);
        let (h, j) = tokio::time::timeout(LIMIT, async {
            tokio::join!(host.accept(), kaisho_net::join(&bad, &jid, "x"))
        })
        .await
        .unwrap();
        let (h, j) = (h.err().unwrap(), j.err().unwrap());
        let left = 2 - guess % 3;
        if left > 0 {
            told_wrong(&h, &j, left);
        } else {
            assert!(matches!(h, NetError::CodeBurned), "guess {guess}: {h}");
            assert!(matches!(j, NetError::CodeBurned), "guess {guess}: {j}");
        }
        for text in [h.to_string(), j.to_string()] {
            assert!(!text.contains("saved"), "guess {guess}: {text}");
        }
    }
}

#[tokio::test]
async fn a_wrong_address_says_no_host_answered_there() {
    let dir = tempfile::tempdir().unwrap();
    let jid = identity(dir.path(), "joiner");
    let unused = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let addr = unused.local_addr().unwrap();
    let code = JoinCode {
        addr,
        secret: Secret::from_random(5),
    };
    let e = join_refused(&code, &jid, "Kitani").await;
    assert!(matches!(e, NetError::NoHost { .. }), "{e}");
    let text = e.to_string();
    assert!(
        text.contains(&format!("no host answered at {addr}")),
        "{text}"
    );
    assert!(!text.contains("resumed"), "{text}");
}

/// A host that ends its stream at once and closes the connection with a
/// wrong-code reason only `delay` later, as a close can arrive after the
/// end of the stream.
async fn late_closer(
    id: &kaisho_saves::identity::Identity,
    delay: Duration,
) -> std::net::SocketAddr {
    let endpoint = quinn::Endpoint::server(tls::server_config(id).unwrap(), loopback()).unwrap();
    let addr = endpoint.local_addr().unwrap();
    tokio::spawn(async move {
        let connection = endpoint.accept().await.unwrap().await.unwrap();
        let (mut send, _recv) = connection.accept_bi().await.unwrap();
        send.finish().unwrap();
        tokio::time::sleep(delay).await;
        connection.close(1u32.into(), b"wrong join code (2 tries left)");
        tokio::time::sleep(Duration::from_secs(2)).await;
    });
    addr
}

#[tokio::test]
async fn a_close_arriving_after_the_end_of_the_stream_is_still_the_reason_given() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let code = JoinCode {
        addr: late_closer(&hid, Duration::from_millis(300)).await,
        secret: Secret::from_random(9),
    };
    let e = join_refused(&code, &jid, "Kitani").await;
    assert!(matches!(e, NetError::WrongCode { left: 2 }), "{e}");
    assert!(!e.to_string().contains("saved"), "{e}");
}
