//! Play across the internet beside the LAN, on loopback, in one run:
//!
//! - set-up: an internet host's endpoint reaching the in-process relay,
//!   and a joiner paired by the invitation (endpoint, dial, key exchange,
//!   greeting) through the relay alone and with direct addresses;
//! - a move's round trip (send → the partner checks, logs, acknowledges →
//!   the acknowledgement is back) over the LAN's quinn, over iroh direct,
//!   and over iroh through the relay alone (no direct path, as between two
//!   symmetric NATs); the logs on tmpfs where there is one, so the flush
//!   costs nothing.
//!
//! Each figure is p50/p99 over at least `KAISHO_BENCH_MOVES` moves (2,000
//! unless given; random legal 19×19 games, each played on the three paths
//! in turn, a pairing each) or `KAISHO_BENCH_PAIRINGS` pairings (20). The relay is iroh's
//! own test relay on 127.0.0.1; nothing leaves the machine.

use kaisho_core::playout::{XorShift, play_randomly};
use kaisho_core::{BoardSize, Event, Game, Komi, Settings};
use kaisho_net::code::Secret;
use kaisho_net::internet::{InternetHost, Invitation, Reach, join};
use kaisho_net::{Colors, Host, Link, Session, Terms, TimeW, Update};
use kaisho_saves::identity::{self, Identity};
use kaisho_saves::log::GameStore;
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

/// Every wait is bounded by this.
const LIMIT: Duration = Duration::from_secs(30);

fn count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(default, |n: usize| n.clamp(1, 100_000))
}

fn loopback() -> SocketAddr {
    "127.0.0.1:0".parse().expect("an address")
}

/// p50 and p99 of `samples`, in microseconds.
fn percentiles(mut samples: Vec<Duration>) -> (u128, u128) {
    samples.sort();
    let at = |q: usize| samples[(samples.len() * q / 100).min(samples.len() - 1)].as_micros();
    (at(50), at(99))
}

fn report(what: &str, samples: Vec<Duration>) {
    let n = samples.len();
    let (p50, p99) = percentiles(samples);
    println!("{what}: p50 {p50} µs, p99 {p99} µs ({n} samples)");
}

/// The moves of random legal 19×19 game number `k`, at most `n` of them.
fn moves(k: u64, n: usize) -> Vec<Event> {
    let mut rng = XorShift::new(20_261_128 + k);
    let mut game = Game::new(Settings::even(BoardSize::NINETEEN, Komi::MODERN)).expect("a game");
    play_randomly(&mut game, n, || rng.next_u64());
    game.events().to_vec()
}

fn terms(id: &str) -> Terms {
    Terms {
        game_id: id.into(),
        size: 19,
        komi_halves: 13,
        handicap: 0,
        // A club's clock: 30 minutes and five periods of 30 seconds.
        time: TimeW::Byoyomi {
            main_ms: 30 * 60 * 1000,
            periods: 5,
            period_ms: 30_000,
        },
        colors: Colors::HostBlack,
        series: None,
    }
}

/// Where the logs go: tmpfs when there is one.
fn logs(dir: &Path) -> std::path::PathBuf {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        tempfile::tempdir_in(shm).expect("a folder on tmpfs").keep()
    } else {
        dir.to_path_buf()
    }
}

/// Plays `events` over the two links and returns each move's round trip.
async fn round_trips(dir: &Path, (host, joiner): (Link, Link), events: &[Event]) -> Vec<Duration> {
    let base = logs(dir);
    let (hs, js) = (
        GameStore::new(base.join("h")),
        GameStore::new(base.join("j")),
    );
    let terms = terms("g1");
    let (h, j) = tokio::join!(
        kaisho_net::host_game(host, terms.clone(), &hs),
        kaisho_net::join_game(joiner, Some(&terms), true, &js)
    );
    let (mut h, mut j): (Session, Session) = (h.expect("host"), j.expect("joiner"));
    let mut times = Vec::new();
    for event in events {
        let (actor, other) = if h.local_color() == event.actor() {
            (&mut h, &mut j)
        } else {
            (&mut j, &mut h)
        };
        let started = Instant::now();
        let (seq, _) = actor.act(event.clone()).await.expect("the move is sent");
        let got = tokio::time::timeout(LIMIT, other.next())
            .await
            .expect("in time");
        assert!(matches!(got, Ok(Update::Remote { .. })), "{got:?}");
        let acked = tokio::time::timeout(LIMIT, actor.next())
            .await
            .expect("in time");
        assert!(
            matches!(acked, Ok(Update::Acked { seq: s }) if s == seq),
            "{acked:?}"
        );
        times.push(started.elapsed());
    }
    let _ = std::fs::remove_dir_all(&base);
    times
}

/// A LAN pair on loopback.
async fn lan(hid: &Identity, jid: &Identity) -> (Link, Link) {
    let mut host = Host::bind(loopback(), hid, "Honinbo").expect("a host");
    host.set_secret(Secret::from_random(7));
    let code = host.code(None).expect("an address").expect("a code");
    let (h, j) = tokio::join!(host.accept(), kaisho_net::join(&code, jid, "Kitani"));
    drop(host);
    (h.expect("the host's link"), j.expect("the joiner's link"))
}

/// An internet pair by invitation, `reach` for both sides; with
/// `relay_only` the ticket keeps the relay alone. The time from the
/// joiner's start to its link.
async fn internet(
    hid: &Identity,
    jid: &Identity,
    reach: &Reach,
    relay_only: bool,
) -> (Link, Link, Duration) {
    let mut host = InternetHost::bind(hid, "Honinbo", reach)
        .await
        .expect("a host");
    host.set_secret(Secret::from_random(7));
    let text = host.invitation().expect("a code").to_string();
    let mut invitation = Invitation::parse(&text).expect("an invitation");
    if relay_only {
        invitation.ticket.keep_relays_only();
    }
    let started = Instant::now();
    let (h, j) = tokio::join!(host.accept(), async {
        let j = join(&invitation, jid, "Kitani", reach).await;
        (j, started.elapsed())
    });
    drop(host);
    let (j, took) = j;
    (
        h.expect("the host's link"),
        j.expect("the joiner's link"),
        took,
    )
}

fn without_time((host, joiner, _): (Link, Link, Duration)) -> (Link, Link) {
    (host, joiner)
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let dir = tempfile::tempdir().expect("a folder");
    let id = |name: &str| {
        identity::load_or_create(&dir.path().join(format!("{name}.identity"))).expect("an id")
    };
    let (hid, jid) = (id("host"), id("joiner"));
    let n = count("KAISHO_BENCH_MOVES", 2_000);
    let pairings = count("KAISHO_BENCH_PAIRINGS", 20);
    runtime.block_on(async {
        let (map, _url, _relay) = iroh::test_utils::run_relay_server().await.expect("a relay");
        let via = |relay_only: bool| Reach {
            relays: iroh::RelayMode::Custom(map.clone()),
            bind: Some(loopback()),
            relay_only,
            insecure_relay_tls: true,
        };

        let mut online = Vec::new();
        for _ in 0..pairings.min(5) {
            let started = Instant::now();
            let host = InternetHost::bind(&hid, "Honinbo", &via(false))
                .await
                .expect("a host");
            online.push(started.elapsed());
            host.close().await;
        }
        report("internet host: endpoint bound and at its relay", online);

        for (what, relay_only, ticket_relay_only) in [
            ("paired by invitation through the relay alone", true, true),
            (
                "paired by invitation, direct addresses in the ticket",
                false,
                false,
            ),
        ] {
            let mut took = Vec::new();
            for _ in 0..pairings {
                let (h, j, t) = internet(&hid, &jid, &via(relay_only), ticket_relay_only).await;
                took.push(t);
                drop((h, j));
            }
            report(what, took);
        }

        // The three paths in turn, a game each, until each has n moves.
        let paths = ["LAN (quinn)", "iroh direct", "iroh through the relay alone"];
        let mut times: [Vec<Duration>; 3] = Default::default();
        let mut k = 0;
        while times.iter().any(|t| t.len() < n) {
            let events = moves(k, 400);
            k += 1;
            for (path, samples) in times.iter_mut().enumerate() {
                let links = match path {
                    0 => lan(&hid, &jid).await,
                    1 => without_time(internet(&hid, &jid, &via(false), false).await),
                    _ => without_time(internet(&hid, &jid, &via(true), true).await),
                };
                samples.extend(round_trips(dir.path(), links, &events).await);
            }
        }
        for (path, samples) in paths.iter().zip(times) {
            report(&format!("a move's round trip, {path}"), samples);
        }
    });
}
