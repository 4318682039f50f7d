//! A flood of handshakes leaves a host's memory where it was: once the
//! flood is over and its connections have drained, the memory they freed
//! is given back to the system. Measured as the resident memory of this
//! process (`VmRSS` of /proc/self/status), the flooding endpoints on
//! sixteen loopback addresses included, so this file holds this one test
//! alone. The flood is bounded in count and in time.

mod common;

use common::*;
use kaisho_net::{NetError, tls};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::task::JoinSet;
use tokio::time::Instant;

/// The flooding addresses, 127.0.0.2–17.
const ADDRESSES: u8 = 16;

/// New connections a second, and for how long: 500 for 4 s, or as
/// `KAISHO_FLOOD_RATE` and `KAISHO_FLOOD_SECONDS` say, within 5,000 a
/// second for a minute (`BENCHMARKS.md` has 1,500 for 20 s).
fn rate_and_seconds() -> (u32, u32) {
    let given = |name: &str, default: u32, most: u32| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .map_or(default, |v: u32| v.clamp(1, most))
    };
    (
        given("KAISHO_FLOOD_RATE", 500, 5_000),
        given("KAISHO_FLOOD_SECONDS", 4, 60),
    )
}

/// How far above its size before the flood the process may stay once the
/// flood is over, in kB: the live memory the flood leaves (the tables that
/// grew to hold its connections) and what the allocator keeps at hand.
const KEPT_KB: u64 = 12 * 1024;

/// Within this of the flood's end the memory must be back.
const BACK_WITHIN: Duration = Duration::from_secs(20);

fn resident_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("procfs");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS in kB")
}

/// Full handshakes from the `endpoints` at [`rate_and_seconds`], each
/// connection held until the host closes it (at most [`LIMIT`]); returns
/// once every one has ended and the endpoints have closed, with the most
/// resident memory seen while they were sent.
async fn flood(endpoints: Vec<quinn::Endpoint>, host: SocketAddr) -> u64 {
    let (rate, seconds) = rate_and_seconds();
    let mut held = JoinSet::new();
    let mut every = tokio::time::interval(Duration::from_secs(1) / rate);
    let mut peak = 0;
    for i in 0..rate * seconds {
        every.tick().await;
        if i % (rate / 10).max(1) == 0 {
            peak = peak.max(resident_kb());
        }
        let Ok(connecting) = endpoints[i as usize % endpoints.len()].connect(host, "kaisho") else {
            continue;
        };
        held.spawn(async move {
            if let Ok(Ok(connection)) = tokio::time::timeout(LIMIT, connecting).await {
                let _ = tokio::time::timeout(LIMIT, connection.closed()).await;
            }
        });
    }
    while held.join_next().await.is_some() {}
    for endpoint in &endpoints {
        endpoint.close(0u32.into(), b"");
    }
    for endpoint in &endpoints {
        let _ = tokio::time::timeout(LIMIT, endpoint.wait_idle()).await;
    }
    peak.max(resident_kb())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_memory_a_handshake_flood_took_is_given_back_once_it_is_over() {
    let dir = tempfile::tempdir().unwrap();
    let (mut host, code) = host(&identity(dir.path(), "host"), "Honinbo", 7);
    let serving = tokio::spawn(async move {
        loop {
            if let Err(NetError::Setup(e)) = host.accept().await {
                panic!("{e}");
            }
        }
    });
    let mut endpoints = Vec::new();
    for n in 0..ADDRESSES {
        let id = identity(dir.path(), &format!("crowd{n}"));
        let from: SocketAddr = format!("127.0.0.{}:0", n + 2).parse().unwrap();
        let mut endpoint = quinn::Endpoint::client(from).unwrap();
        endpoint.set_default_client_config(tls::client_config(&id).unwrap());
        endpoints.push(endpoint);
    }
    let before = resident_kb();
    let peak = tokio::time::timeout(LIMIT * 5, flood(endpoints, code.addr))
        .await
        .expect("the flood ends");
    assert!(
        peak > before + KEPT_KB,
        "the flood took {} kB, too little to tell",
        peak.saturating_sub(before)
    );
    let deadline = Instant::now() + BACK_WITHIN;
    let mut now = resident_kb();
    while now > before + KEPT_KB && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(250)).await;
        now = resident_kb();
    }
    serving.abort();
    eprintln!(
        "resident: {before} kB before the flood, at most {peak} kB in it, {now} kB once over"
    );
    assert!(
        now <= before + KEPT_KB,
        "{before} kB before the flood, at most {peak} kB in it, {now} kB {} s after it",
        BACK_WITHIN.as_secs()
    );
}
