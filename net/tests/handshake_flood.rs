//! Handshake floods from many addresses: the partner still gets in.
//!
//! Sixteen loopback addresses (127.0.0.2–17, as sixteen machines on a LAN)
//! flood the host while the partner joins by code from 127.0.0.1. Each
//! flood is bounded in count and in time.

mod common;

use common::*;
use kaisho_net::tls;
use std::collections::HashSet;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::UdpSocket;
use tokio::task::JoinSet;

/// The flooding addresses.
const ADDRESSES: u8 = 16;

/// How long each flood goes on, and when the partner dials within it.
const FLOOD: Duration = Duration::from_secs(3);
const PARTNER_AT: Duration = Duration::from_secs(1);

/// Within this the partner must be paired, flood or not.
const BOUND: Duration = Duration::from_secs(3);

fn flooder(n: u8) -> SocketAddr {
    format!("127.0.0.{}:0", n + 2).parse().unwrap()
}

/// `n` distinct client Initials (each a ClientHello of its own, under a
/// connection id of its own), caught on a socket standing in for a host.
async fn initials(dir: &std::path::Path, n: usize) -> Vec<Vec<u8>> {
    let sink = UdpSocket::bind(loopback()).await.unwrap();
    let mut endpoint = quinn::Endpoint::client(loopback()).unwrap();
    let id = identity(dir, "flood");
    endpoint.set_default_client_config(tls::client_config(&id).unwrap());
    let to = sink.local_addr().unwrap();
    let dials: Vec<_> = (0..n)
        .map(|_| endpoint.connect(to, "kaisho").unwrap())
        .collect();
    let mut ids = HashSet::new();
    let mut caught = Vec::new();
    let mut buf = vec![0u8; 2048];
    let deadline = tokio::time::Instant::now() + LIMIT;
    while caught.len() < n {
        let (len, _) = tokio::time::timeout_at(deadline, sink.recv_from(&mut buf))
            .await
            .expect("the Initials arrive")
            .unwrap();
        // A long header: flags, version, the destination id's length, the id.
        let id_len = usize::from(buf[5]);
        if ids.insert(buf[6..6 + id_len].to_vec()) {
            caught.push(buf[..len].to_vec());
        }
    }
    drop(dials);
    caught
}

/// Joins by code at [`PARTNER_AT`] into a flood and checks both sides
/// are paired within [`BOUND`].
async fn partner_joins_through(dir: &std::path::Path, flood: impl FnOnce(SocketAddr)) {
    let (hid, jid) = (identity(dir, "host"), identity(dir, "joiner"));
    let (host, code) = host(&hid, "Honinbo", 7);
    let waiting = accept_until_paired(host, None);
    flood(code.addr);
    tokio::time::sleep(PARTNER_AT).await;
    let joined = tokio::time::timeout(BOUND, kaisho_net::join(&code, &jid, "Kitani")).await;
    let link = joined
        .expect("the join waited behind the flood")
        .expect("the host let the partner in");
    assert_eq!(link.peer(), hid.fingerprint());
    let (_host, hosted) = tokio::time::timeout(BOUND, waiting).await.unwrap().unwrap();
    assert_eq!(hosted.peer(), jid.fingerprint());
    assert_eq!(hosted.peer_name(), "Kitani");
}

/// The attack as reported, faster: valid ClientHello Initials sent blind,
/// round-robin from sixteen addresses, 200 a second (the report needed 30).
#[tokio::test]
async fn blind_initials_from_sixteen_addresses_do_not_shut_the_partner_out() {
    let dir = tempfile::tempdir().unwrap();
    const RATE: u32 = 200;
    let count = (RATE * FLOOD.as_secs() as u32) as usize;
    let initials = initials(dir.path(), count).await;
    let mut sockets = Vec::new();
    for n in 0..ADDRESSES {
        sockets.push(UdpSocket::bind(flooder(n)).await.unwrap());
    }
    let mut flood = JoinSet::new();
    partner_joins_through(dir.path(), |host| {
        flood.spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(1) / RATE);
            for (i, initial) in initials.iter().enumerate() {
                every.tick().await;
                let _ = sockets[i % sockets.len()].send_to(initial, host).await;
            }
        });
    })
    .await;
    flood.abort_all();
}

/// Sixteen addresses that answer the Retry, complete their handshakes and
/// then stay silent, 100 new connections a second for [`FLOOD`]: more than
/// the host's places, each held as long as the host allows.
#[tokio::test]
async fn silent_handshakes_from_sixteen_addresses_do_not_shut_the_partner_out() {
    let dir = tempfile::tempdir().unwrap();
    const RATE: u32 = 100;
    let mut endpoints = Vec::new();
    for n in 0..ADDRESSES {
        let id = identity(dir.path(), &format!("crowd{n}"));
        let mut endpoint = quinn::Endpoint::client(flooder(n)).unwrap();
        endpoint.set_default_client_config(tls::client_config(&id).unwrap());
        endpoints.push(endpoint);
    }
    let mut flood = JoinSet::new();
    partner_joins_through(dir.path(), |host| {
        flood.spawn(async move {
            let mut held = JoinSet::new();
            let mut every = tokio::time::interval(Duration::from_secs(1) / RATE);
            for i in 0..RATE * FLOOD.as_secs() as u32 {
                every.tick().await;
                let connecting = endpoints[i as usize % endpoints.len()]
                    .connect(host, "kaisho")
                    .unwrap();
                held.spawn(async move {
                    if let Ok(Ok(connection)) = tokio::time::timeout(LIMIT, connecting).await {
                        let _ = tokio::time::timeout(LIMIT, connection.closed()).await;
                    }
                });
            }
            while held.join_next().await.is_some() {}
        });
    })
    .await;
    flood.abort_all();
}

/// A connection's first Initial is answered with a Retry, which costs the
/// host no state: an address that never reads it holds no place.
#[tokio::test]
async fn a_first_initial_is_answered_with_a_retry() {
    let dir = tempfile::tempdir().unwrap();
    let hid = identity(dir.path(), "host");
    let (host, code) = host(&hid, "Honinbo", 7);
    let waiting = accept_until_paired(host, None);
    let initial = initials(dir.path(), 1).await.remove(0);
    let socket = UdpSocket::bind(flooder(0)).await.unwrap();
    socket.send_to(&initial, code.addr).await.unwrap();
    let mut buf = vec![0u8; 2048];
    let (len, _) = tokio::time::timeout(BOUND, socket.recv_from(&mut buf))
        .await
        .expect("the host answers")
        .unwrap();
    // A long header (0x80) of type Retry (0x30).
    assert!(len > 0);
    assert_eq!(buf[0] & 0xb0, 0xb0, "first byte {:#04x}", buf[0]);
    waiting.abort();
}
