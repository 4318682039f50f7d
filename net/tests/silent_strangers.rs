//! Silent strangers beside the partner: QUIC connections with a
//! certificate of their own that never say a word must not delay a join
//! by code or a dropped partner's rejoin. The strangers dial from
//! 127.0.0.2 and the partner from 127.0.0.1, as two machines on a LAN.

mod common;

use common::*;
use kaisho_net::{Host, tls};
use kaisho_saves::identity::Identity;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::task::JoinHandle;

/// How many strangers dial, and how often.
const STRANGERS: u32 = 12;
const EVERY: Duration = Duration::from_millis(300);

/// Within this the partner must be through, although every stranger
/// before it would hold a one-at-a-time host for 10 s.
const BOUND: Duration = Duration::from_secs(4);

/// Opens a stranger's connection to `host` every [`EVERY`], from
/// `from`, each with a fresh certificate, each kept open and silent
/// (no stream, no frame) for 15 s.
fn strangers(dir: &std::path::Path, host: SocketAddr, from: &str) -> JoinHandle<()> {
    let ids: Vec<Identity> = (0..STRANGERS)
        .map(|i| identity(dir, &format!("stranger{i}")))
        .collect();
    let from: SocketAddr = format!("{from}:0").parse().unwrap();
    tokio::spawn(async move {
        for id in ids {
            tokio::spawn(async move {
                let mut endpoint = quinn::Endpoint::client(from).unwrap();
                endpoint.set_default_client_config(tls::client_config(&id).unwrap());
                let connecting = endpoint.connect(host, "kaisho").unwrap();
                if let Ok(Ok(connection)) =
                    tokio::time::timeout(Duration::from_secs(15), connecting).await
                {
                    tokio::time::sleep(Duration::from_secs(15)).await;
                    drop(connection);
                }
            });
            tokio::time::sleep(EVERY).await;
        }
    })
}

#[tokio::test]
async fn silent_strangers_do_not_delay_a_join_by_code() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (host, code) = host(&hid, "Honinbo", 7);
    let noise = strangers(dir.path(), code.addr, "127.0.0.2");
    let waiting = accept_until_paired(host, None);
    tokio::time::sleep(EVERY * 3).await;
    let joined = tokio::time::timeout(BOUND, kaisho_net::join(&code, &jid, "Kitani")).await;
    let link = joined
        .expect("the join waited behind the strangers")
        .unwrap();
    assert_eq!(link.peer(), hid.fingerprint());
    let (_host, hosted) = tokio::time::timeout(LIMIT, waiting).await.unwrap().unwrap();
    assert_eq!(hosted.peer(), jid.fingerprint());
    assert_eq!(hosted.peer_name(), "Kitani");
    noise.abort();
}

#[tokio::test]
async fn silent_strangers_do_not_delay_a_rejoin_by_fingerprint() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let host = Host::bind(loopback(), &hid, "Honinbo").unwrap();
    let addr = host.local_addr().unwrap();
    let noise = strangers(dir.path(), addr, "127.0.0.2");
    let waiting = accept_until_paired(host, Some(jid.clone()));
    tokio::time::sleep(EVERY * 3).await;
    let rejoined = tokio::time::timeout(
        BOUND,
        kaisho_net::rejoin(addr, hid.fingerprint(), &jid, "Kitani"),
    )
    .await;
    let link = rejoined
        .expect("the rejoin waited behind the strangers")
        .unwrap();
    assert_eq!(link.peer(), hid.fingerprint());
    let (_host, hosted) = tokio::time::timeout(LIMIT, waiting).await.unwrap().unwrap();
    assert_eq!(hosted.peer(), jid.fingerprint());
    noise.abort();
}

#[tokio::test]
async fn one_address_gets_a_bounded_number_of_attempts() {
    let dir = tempfile::tempdir().unwrap();
    let hid = identity(dir.path(), "host");
    let (host, code) = host(&hid, "Honinbo", 8);
    let waiting = accept_until_paired(host, None);
    let from: SocketAddr = "127.0.0.2:0".parse().unwrap();
    let many = kaisho_net::admission::PER_SOURCE + 4;
    let mut dials = Dials::new();
    let mut endpoints = Vec::new();
    for i in 0..many {
        let id = identity(dir.path(), &format!("crowd{i}"));
        let mut endpoint = quinn::Endpoint::client(from).unwrap();
        endpoint.set_default_client_config(tls::client_config(&id).unwrap());
        let connecting = endpoint.connect(code.addr, "kaisho").unwrap();
        endpoints.push(endpoint);
        dials.spawn(async move { tokio::time::timeout(Duration::from_secs(2), connecting).await });
    }
    let (admitted, refused) = admitted_and_refused(dials).await;
    assert_eq!(admitted.len(), kaisho_net::admission::PER_SOURCE);
    assert_eq!(refused, 4);
    waiting.abort();
}
