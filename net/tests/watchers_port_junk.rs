//! Junk at the watchers' port before the watch code is proved: random
//! bytes, a frame of a hostile length, an undecodable frame, a valid frame
//! of the wrong kind, a stream opened and left silent, a frame cut short,
//! and a connection whose handshake never finishes. Each costs only its
//! own connection, closed by the host with a code within the attempt's
//! deadline, while a real watcher gets in beside them and follows the
//! game, and the players play on. The junk dials from 127.0.0.2 and the
//! real watcher from 127.0.0.1, as two machines on a LAN.

mod common;

use common::*;
use kaisho_core::{Color, Event};
use kaisho_net::admission::{IN_FLIGHT, PER_SOURCE};
use kaisho_net::host::ATTEMPT_DEADLINE;
use kaisho_net::watch::{MAX_WATCHERS, Seen};
use kaisho_net::wire::Message;
use kaisho_net::{Secret, close, frame, tls};
use kaisho_saves::identity::Identity;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::net::UdpSocket;

/// What one junk connection sends on its stream once connected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Junk {
    /// Bytes of a fixed pseudo-random run.
    RandomBytes,
    /// A length of 4 GiB, then a few bytes.
    HugeLength,
    /// A length within the cap, then bytes that decode to no frame.
    Undecodable,
    /// A valid frame, but a player's greeting in place of `Watch`.
    WrongKind,
    /// A stream opened and nothing written on it.
    Silent,
    /// Half a frame's length, then nothing.
    CutShort,
}

/// Each junk connection and the code the host closes it with.
const JUNK: [(Junk, u32); 6] = [
    (Junk::RandomBytes, close::PROTOCOL),
    (Junk::HugeLength, close::PROTOCOL),
    (Junk::Undecodable, close::PROTOCOL),
    (Junk::WrongKind, close::BUSY),
    (Junk::Silent, close::PROTOCOL),
    (Junk::CutShort, close::PROTOCOL),
];

/// A fixed run of pseudo-random bytes (xorshift), the same on every run.
fn random_bytes(n: usize) -> Vec<u8> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

fn bytes_of(junk: Junk, id: &Identity) -> Vec<u8> {
    match junk {
        Junk::RandomBytes => random_bytes(4096),
        Junk::HugeLength => [0xff, 0xff, 0xff, 0xff, 1, 2, 3].to_vec(),
        Junk::Undecodable => {
            let mut bytes = 200u32.to_be_bytes().to_vec();
            bytes.extend(std::iter::repeat_n(0xff, 200));
            bytes
        }
        Junk::WrongKind => frame::encode(&Message::Hello(kaisho_net::wire::Hello {
            protocol: kaisho_net::wire::PROTOCOL_VERSION,
            program: "0".into(),
            name: "Kitani".into(),
            fingerprint: id.fingerprint().0,
        }))
        .unwrap(),
        Junk::Silent => Vec::new(),
        Junk::CutShort => vec![0, 0],
    }
}

/// Dials the watchers' port at `to` from 127.0.0.2, sends `junk` and
/// waits for the host to close the connection: its close code and how
/// long it took.
async fn send_junk(
    junk: Junk,
    id: Identity,
    to: SocketAddr,
) -> (Junk, Result<u32, String>, Duration) {
    let mut endpoint = quinn::Endpoint::client("127.0.0.2:0".parse().unwrap()).unwrap();
    endpoint.set_default_client_config(tls::client_config(&id).unwrap());
    let connection = endpoint.connect(to, "kaisho").unwrap().await.unwrap();
    let start = Instant::now();
    let (mut send, _recv) = connection.open_bi().await.unwrap();
    let bytes = bytes_of(junk, &id);
    if !bytes.is_empty() {
        // The host may close before it has read everything: a failed
        // write is part of what is tested, not an error of the test.
        let _ = send.write_all(&bytes).await;
    }
    let closed = tokio::time::timeout(LIMIT, connection.closed()).await;
    let code = match closed {
        Ok(quinn::ConnectionError::ApplicationClosed(c)) => {
            u32::try_from(c.error_code.into_inner()).map_err(|e| e.to_string())
        }
        Ok(other) => Err(other.to_string()),
        Err(_) => Err("not closed within the limit".into()),
    };
    (junk, code, start.elapsed())
}

/// A connection whose handshake never finishes: its datagrams reach the
/// host through a relay on 127.0.0.2 that passes nothing back, for
/// `for_how_long`. Returns the relay's task.
async fn half_handshake(
    id: Identity,
    to: SocketAddr,
    for_how_long: Duration,
) -> tokio::task::JoinHandle<usize> {
    let relay = UdpSocket::bind("127.0.0.2:0").await.unwrap();
    let relay_addr = relay.local_addr().unwrap();
    let mut endpoint = quinn::Endpoint::client("127.0.0.2:0".parse().unwrap()).unwrap();
    endpoint.set_default_client_config(tls::client_config(&id).unwrap());
    let client = endpoint.local_addr().unwrap();
    let connecting = endpoint.connect(relay_addr, "kaisho").unwrap();
    tokio::spawn(async move {
        let _dialling = tokio::spawn(connecting);
        let mut passed = 0;
        let until = tokio::time::Instant::now() + for_how_long;
        let mut buf = vec![0u8; 2048];
        while let Ok(Ok((n, from))) =
            tokio::time::timeout_at(until, relay.recv_from(&mut buf)).await
        {
            // Only the client's datagrams go on; the host's answers stop here.
            if from == client && passed < 1000 {
                let _ = relay.send_to(&buf[..n], to).await;
                passed += 1;
            }
        }
        drop(endpoint);
        passed
    })
}

#[tokio::test]
async fn junk_before_the_watch_code_costs_only_its_connection() {
    let w = watched(MAX_WATCHERS).await;
    let dir = w.dir().to_path_buf();
    let Watched {
        hub,
        watch_code,
        mut h,
        mut j,
        ..
    } = w;
    play(&mut h, &mut j, stones(0, 2)).await;

    let port = watch_code.addr;
    let handshake = half_handshake(
        identity(&dir, "half"),
        port,
        ATTEMPT_DEADLINE + Duration::from_secs(1),
    )
    .await;
    let mut junk = tokio::task::JoinSet::new();
    for (i, (kind, _)) in JUNK.iter().enumerate() {
        let id = identity(&dir, &format!("junk{i}"));
        junk.spawn(send_junk(*kind, id, port));
    }

    // While the junk is in flight, a real watcher gets in and follows.
    let wid = identity(&dir, "watcher");
    let mut watcher = tokio::time::timeout(LIMIT, kaisho_net::watch(&watch_code, &wid, "Aki"))
        .await
        .expect("the watcher waited behind the junk")
        .unwrap();
    play(&mut h, &mut j, stones(2, 4)).await;

    let mut ended = Vec::new();
    while let Some(one) = junk.join_next().await {
        ended.push(one.unwrap());
    }
    for (kind, got, took) in &ended {
        eprintln!("{kind:?}: closed with {got:?} after {took:?}");
    }
    for (kind, want) in JUNK {
        let (_, got, took) = ended.iter().find(|(k, ..)| *k == kind).unwrap();
        assert_eq!(got, &Ok(want), "{kind:?}");
        assert!(
            *took <= ATTEMPT_DEADLINE + Duration::from_secs(1),
            "{kind:?} held its connection for {took:?}"
        );
    }
    let passed = handshake.await.unwrap();
    assert!(passed > 0, "the half handshake reached the host");

    // After all of it, the players play on and both watchers follow.
    let mut late = tokio::time::timeout(LIMIT, kaisho_net::watch(&watch_code, &wid, "Ban"))
        .await
        .unwrap()
        .unwrap();
    play(
        &mut h,
        &mut j,
        vec![Event::Pass {
            color: Color::Black,
        }],
    )
    .await;
    same_logs(&h, &j);
    let played = h.game().events().to_vec();
    for w in [&mut watcher, &mut late] {
        let mut seen = Vec::new();
        tokio::time::timeout(LIMIT, async {
            while seen.len() < played.len() {
                if let Seen::Event { event, .. } = w.next().await.unwrap() {
                    seen.push(event);
                }
            }
        })
        .await
        .unwrap();
        assert_eq!(seen, played);
    }
    assert_eq!(hub.watchers(), 2);
}

/// Connections to the watchers' port from more addresses than its places
/// allow, each holding its attempt open in silence: no more than
/// [`IN_FLIGHT`] stay open in all, and the places are shared fairly, so the
/// address that came last holds as many as the others.
#[tokio::test]
async fn the_watchers_port_shares_its_places_fairly_between_addresses() {
    let dir = tempfile::tempdir().unwrap();
    let hid = identity(dir.path(), "host");
    let (mut host, _) = host(&hid, "Honinbo", 42);
    host.allow_watching(Secret::from_random(4242), MAX_WATCHERS)
        .unwrap();
    let port = host.watch_code(None).unwrap().unwrap().addr;
    let addresses = IN_FLIGHT / PER_SOURCE + 1;
    let mut crowd = Vec::new();
    let started = Instant::now();
    for a in 0..addresses {
        let from: SocketAddr = format!("127.0.0.{}:0", a + 2).parse().unwrap();
        let id = identity(dir.path(), &format!("crowd{a}"));
        let mut endpoint = quinn::Endpoint::client(from).unwrap();
        endpoint.set_default_client_config(tls::client_config(&id).unwrap());
        let mut dials = Dials::new();
        for _ in 0..PER_SOURCE {
            let connecting = endpoint.connect(port, "kaisho").unwrap();
            dials.spawn(async move { tokio::time::timeout(LIMIT, connecting).await });
        }
        crowd.push((from, endpoint, dials));
    }
    let mut held = Vec::new();
    for (from, _endpoint, dials) in crowd {
        let (admitted, refused) = admitted_and_refused(dials).await;
        assert_eq!(admitted.len() + refused, PER_SOURCE);
        held.push((from, admitted));
    }
    // Places taken from a crowded address close their connections at once.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        started.elapsed() < ATTEMPT_DEADLINE,
        "the dials took {:?}, past the attempts' deadline",
        started.elapsed()
    );
    let open = |admitted: &[quinn::Connection]| {
        admitted
            .iter()
            .filter(|c| c.close_reason().is_none())
            .count()
    };
    let total: usize = held.iter().map(|(_, admitted)| open(admitted)).sum();
    assert_eq!(total, IN_FLIGHT);
    for (from, admitted) in &held {
        let n = open(admitted);
        assert!(
            (IN_FLIGHT / addresses..=PER_SOURCE).contains(&n),
            "{from} holds {n} of the {IN_FLIGHT} places"
        );
    }
}
