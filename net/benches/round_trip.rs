//! The protocol's costs on loopback, reported as p50/p99:
//!
//! - a move's round trip (send → partner validates, logs, acknowledges →
//!   acknowledgement received), with the save logs on a disk with their
//!   fsync, and on tmpfs where the flush costs nothing (the protocol alone);
//! - the log's append-and-fsync alone on the same disk;
//! - a bare quinn echo of a move frame's size, the floor for the protocol;
//! - bytes on the wire per move (both directions, all QUIC overhead);
//! - connection set-up: rejoin with a pinned certificate, and join by code.
//!
//! `KAISHO_BENCH_MOVES` sets the number of measured moves (10,000 by
//! default). Criterion then times the tmpfs round trip for its own report.

use criterion::Criterion;
use kaisho_core::playout::{XorShift, play_randomly};
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Settings};
use kaisho_net::wire::{EventW, Message};
use kaisho_net::{Colors, Host, Link, Secret, Session, Terms, TimeW, Update, frame};
use kaisho_saves::identity::{self, Identity};
use kaisho_saves::log::{GameHeader, GameLog, GameStore, Player};
use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

fn moves_wanted() -> usize {
    std::env::var("KAISHO_BENCH_MOVES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

fn loopback() -> SocketAddr {
    "127.0.0.1:0".parse().unwrap()
}

/// Random legal 19×19 games, as event lists, until `moves` moves by Black.
fn games(moves: usize) -> Vec<Vec<Event>> {
    let mut rng = XorShift::new(1989);
    let mut out = Vec::new();
    let mut black = 0;
    while black < moves {
        let mut game = Game::new(Settings::even(BoardSize::NINETEEN, Komi::MODERN)).unwrap();
        play_randomly(&mut game, 600, || rng.next_u64());
        let events = game.events().to_vec();
        black += events.iter().filter(|e| e.actor() == Color::Black).count();
        out.push(events);
    }
    out
}

struct Stats {
    samples: Vec<Duration>,
}

impl Stats {
    fn new() -> Stats {
        Stats {
            samples: Vec::new(),
        }
    }

    fn pct(&mut self, p: f64) -> Duration {
        self.samples.sort_unstable();
        let i = ((self.samples.len() as f64 - 1.0) * p).round() as usize;
        self.samples[i]
    }

    fn line(&mut self, what: &str) {
        let n = self.samples.len();
        let (p50, p99) = (self.pct(0.50), self.pct(0.99));
        println!(
            "{what:<48} n={n:>6}  p50={:>9.1} µs  p99={:>9.1} µs",
            p50.as_secs_f64() * 1e6,
            p99.as_secs_f64() * 1e6
        );
    }
}

async fn pair(hid: &Identity, jid: &Identity, bits: u32) -> (Host, Link, Link) {
    let mut host = Host::bind(loopback(), hid, "Honinbo").unwrap();
    host.set_secret(Secret::from_random(bits));
    let code = host.code(None).unwrap().unwrap();
    let (h, j) = tokio::join!(host.accept(), kaisho_net::join(&code, jid, "Kitani"));
    (host, h.unwrap(), j.unwrap())
}

async fn sessions(hid: &Identity, jid: &Identity, dir: &Path, n: usize) -> (Session, Session) {
    let (_host, hl, jl) = pair(hid, jid, n as u32).await;
    let terms = Terms {
        game_id: format!("bench-{n}"),
        size: 19,
        komi_halves: 13,
        handicap: 0,
        time: TimeW::None,
        colors: Colors::HostBlack,
        series: None,
    };
    let (hs, js) = (GameStore::new(dir.join("h")), GameStore::new(dir.join("j")));
    let (h, j) = tokio::join!(
        kaisho_net::host_game(hl, terms.clone(), &hs),
        kaisho_net::join_game(jl, Some(&terms), true, &js)
    );
    (h.unwrap(), j.unwrap())
}

/// White's side: answers every Black move with the next scripted one,
/// until Black says goodbye.
async fn white_side(mut white: Session, events: Vec<Event>) -> Session {
    let mut script = events.into_iter().filter(|e| e.actor() == Color::White);
    while let Ok(update) = white.next().await {
        match update {
            Update::Remote { .. } if white.game().phase() == kaisho_core::Phase::Playing => {
                if let Some(e) = script.next() {
                    white.act(e).await.unwrap();
                }
            }
            Update::Bye(_) => break,
            _ => {}
        }
    }
    white
}

/// Plays the games; returns Black's round trips and bytes sent per event.
async fn play(dir: &Path, hid: &Identity, jid: &Identity, games: &[Vec<Event>]) -> (Stats, f64) {
    let mut stats = Stats::new();
    let (mut bytes, mut events) = (0u64, 0usize);
    for (n, events_of_game) in games.iter().enumerate() {
        let (mut black, white) = sessions(hid, jid, dir, n).await;
        let responder = tokio::spawn(white_side(white, events_of_game.clone()));
        for e in events_of_game.iter().filter(|e| e.actor() == Color::Black) {
            if black.game().phase() != kaisho_core::Phase::Playing
                || black.game().to_move() != Color::Black
            {
                break;
            }
            let t0 = Instant::now();
            let (seq, _) = black.act(e.clone()).await.unwrap();
            loop {
                if let Update::Acked { seq: s } = black.next().await.unwrap()
                    && s == seq
                {
                    break;
                }
            }
            stats.samples.push(t0.elapsed());
            if black.game().phase() != kaisho_core::Phase::Playing {
                break;
            }
            // Wait for White's answer before the next move.
            while !matches!(black.next().await.unwrap(), Update::Remote { .. }) {}
        }
        events += black.game().events().len();
        bytes += black.connection().stats().udp_tx.bytes;
        black.bye("done").await;
        let white = tokio::time::timeout(Duration::from_secs(10), responder)
            .await
            .unwrap()
            .unwrap();
        bytes += white.connection().stats().udp_tx.bytes;
    }
    (stats, bytes as f64 / events.max(1) as f64)
}

/// A bare quinn echo of `size` bytes on one stream, the protocol's floor.
async fn echo(hid: &Identity, jid: &Identity, size: usize, n: usize) -> Stats {
    let server =
        quinn::Endpoint::server(kaisho_net::tls::server_config(hid).unwrap(), loopback()).unwrap();
    let addr = server.local_addr().unwrap();
    let serve = tokio::spawn(async move {
        let conn = server.accept().await.unwrap().await.unwrap();
        let (mut s, mut r) = conn.accept_bi().await.unwrap();
        let mut buf = vec![0u8; size];
        while r.read_exact(&mut buf).await.is_ok() {
            if s.write_all(&buf).await.is_err() {
                break;
            }
        }
    });
    let mut client = quinn::Endpoint::client(loopback()).unwrap();
    client.set_default_client_config(kaisho_net::tls::client_config(jid).unwrap());
    let conn = client.connect(addr, "kaisho").unwrap().await.unwrap();
    let (mut s, mut r) = conn.open_bi().await.unwrap();
    let (out, mut back) = (vec![7u8; size], vec![0u8; size]);
    let mut stats = Stats::new();
    for _ in 0..n {
        let t0 = Instant::now();
        s.write_all(&out).await.unwrap();
        r.read_exact(&mut back).await.unwrap();
        stats.samples.push(t0.elapsed());
    }
    conn.close(0u32.into(), b"done");
    serve.abort();
    stats
}

/// The log's append with its fsync, alone.
fn fsync_alone(dir: &Path, n: usize) -> Stats {
    let header = GameHeader {
        game_id: "fsync".into(),
        created_unix: 0,
        black: Player {
            name: "B".into(),
            fingerprint: None,
        },
        white: Player {
            name: "W".into(),
            fingerprint: None,
        },
        settings: Settings::even(BoardSize::NINETEEN, Komi::MODERN),
        local_color: None,
        series: None,
        clock: None,
    };
    let mut log = GameLog::create(&dir.join("fsync.kgl"), &header).unwrap();
    let mut stats = Stats::new();
    for _ in 0..n {
        let t0 = Instant::now();
        log.append(
            &Event::Pass {
                color: Color::Black,
            },
            Some(1234),
        )
        .unwrap();
        stats.samples.push(t0.elapsed());
    }
    stats
}

async fn setup_times(hid: &Identity, jid: &Identity, n: usize) -> (Stats, Stats) {
    let (mut pinned, mut by_code) = (Stats::new(), Stats::new());
    let mut host = Host::bind(loopback(), hid, "Honinbo").unwrap();
    let addr = host.local_addr().unwrap();
    for i in 0..n {
        let t0 = Instant::now();
        let (h, j) = tokio::join!(
            host.accept_known(jid.fingerprint()),
            kaisho_net::rejoin(addr, hid.fingerprint(), jid, "Kitani")
        );
        pinned.samples.push(t0.elapsed());
        drop((h.unwrap(), j.unwrap()));

        host.set_secret(Secret::from_random(i as u32));
        let code = host.code(None).unwrap().unwrap();
        let t0 = Instant::now();
        let (h, j) = tokio::join!(host.accept(), kaisho_net::join(&code, jid, "Kitani"));
        by_code.samples.push(t0.elapsed());
        drop((h.unwrap(), j.unwrap()));
    }
    (pinned, by_code)
}

fn move_frame_len() -> usize {
    frame::encode(&Message::Event {
        seq: 150,
        event: EventW::from(&Event::Play {
            color: Color::Black,
            point: kaisho_core::Point::new(15, 3),
        }),
        time_used_ms: Some(12_345),
        state_hash: 0x9E37_79B9_7F4A_7C15,
    })
    .unwrap()
    .len()
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let keys = tempfile::tempdir().unwrap();
    let hid = identity::load_or_create(&keys.path().join("host")).unwrap();
    let jid = identity::load_or_create(&keys.path().join("joiner")).unwrap();
    let moves = moves_wanted();
    let games = games(moves);
    let size = move_frame_len();
    println!(
        "move frame: {size} bytes; {} games, {moves} measured moves by Black",
        games.len()
    );

    let disk = tempfile::tempdir_in(std::env::temp_dir()).unwrap();
    let shm = tempfile::tempdir_in("/dev/shm").unwrap_or_else(|_| tempfile::tempdir().unwrap());
    rt.block_on(async {
        let (mut s, bytes) = play(shm.path(), &hid, &jid, &games).await;
        s.line("round trip, log on tmpfs (protocol alone)");
        println!("{:<48} {bytes:.1} bytes per event, both directions", "wire");
        let mut e = echo(&hid, &jid, size, moves).await;
        e.line(&format!("bare quinn echo of {size} bytes"));
        let (mut s, _) = play(disk.path(), &hid, &jid, &games).await;
        s.line("round trip, log on disk with fsync");
        let (mut pinned, mut by_code) = setup_times(&hid, &jid, 200).await;
        pinned.line("set-up: rejoin, pinned certificate");
        by_code.line("set-up: join by code (SPAKE2)");
    });
    fsync_alone(disk.path(), moves).line("log append + fsync alone (disk)");

    let mut c = Criterion::default().configure_from_args().sample_size(10);
    let few = games[..1].to_vec();
    c.bench_function("one 19x19 game over loopback, log on tmpfs", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let dir = tempfile::tempdir_in("/dev/shm")
                    .unwrap_or_else(|_| tempfile::tempdir().unwrap());
                let t0 = Instant::now();
                rt.block_on(play(dir.path(), &hid, &jid, &few));
                total += t0.elapsed();
            }
            total
        });
    });
    c.final_summary();
}
