//! The protocol's costs on loopback, reported as p50/p99:
//!
//! - a move's round trip (send → partner validates, logs, acknowledges →
//!   acknowledgement received), with the save logs on a disk with their
//!   fsync, and on tmpfs where the flush costs nothing (the protocol alone);
//!   the sender writes its own move to its log before it sends it, so that
//!   flush is not in the round trip; it is in the time from making the move
//!   to its acknowledgement, reported beside it;
//! - the log's append-and-fsync alone on the same disk, timed between the
//!   games of the round trips on it (as many flushes as round trips) so
//!   that both meet the disk in the same moods;
//! - a bare quinn echo of a move frame's size, the floor for the protocol;
//! - bytes on the wire per move (both directions, all QUIC overhead);
//! - connection set-up: rejoin with a pinned certificate, and join by code;
//! - the round trip again with 16 watchers following every game, and a
//!   watcher's receive latency (Black's send → the watcher has checked
//!   the event). The watchers' own side (16 connections, each checking
//!   every event with its own core) runs in a child process of this bench,
//!   as in a club each watcher is a machine of its own; it still shares the
//!   two cores with the players here. Rounds without and with watchers
//!   alternate, so that both meet the machine in the same moods, and each
//!   round's figures are printed for the spread; one more round runs the
//!   watchers inside this process, on the players' runtime, and a last
//!   pair runs them in a child at the lowest priority, which leaves the
//!   host's own cost of its watchers.
//!
//! The child is this binary again, with `KAISHO_BENCH_WATCH` set to the
//! watch code (see [`watchers_child`]).
//!
//! `KAISHO_BENCH_MOVES` sets the number of measured moves (10,000 by
//! default). Criterion then times the tmpfs round trip for its own report.

use criterion::Criterion;
use kaisho_core::playout::{XorShift, play_randomly};
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Settings};
use kaisho_net::watch::{MAX_WATCHERS, Seen, Watcher};
use kaisho_net::wire::{EventW, Message};
use kaisho_net::{Colors, Host, JoinCode, Link, Secret, Session, Terms, TimeW, Update, frame};
use kaisho_saves::identity::{self, Identity};
use kaisho_saves::log::{GameHeader, GameLog, GameStore, Player};
use std::net::SocketAddr;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncBufReadExt, BufReader, Lines};
use tokio::process::{Child, ChildStdout};

/// The child's environment: the watch code to follow, the identity file
/// its watchers use, and how many of them.
const WATCH_ENV: &str = "KAISHO_BENCH_WATCH";
const KEY_ENV: &str = "KAISHO_BENCH_WATCH_KEY";
const COUNT_ENV: &str = "KAISHO_BENCH_WATCHERS";
const YIELD_ENV: &str = "KAISHO_BENCH_WATCH_YIELDING";

/// Where the watchers' own side runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Seats {
    /// Tasks on the players' runtime, in this process.
    Here,
    /// A child process of its own; with `yielding`, at the lowest
    /// scheduling priority (nice 19), so that it takes the cores only when
    /// the players leave them: what is left is the host's own cost, as with
    /// watchers on machines of their own.
    Apart { yielding: bool },
}

/// Who follows the games, and how long Black thinks before each move.
#[derive(Clone, Copy)]
struct Room {
    watchers: usize,
    seats: Seats,
    /// Black's thinking time before each move (not in the round trip): at
    /// zero the moves follow each other back to back, which leaves the
    /// watchers' share of each move no time of its own on the 2 cores; a
    /// few milliseconds is still far faster than any game at a board.
    think: Duration,
}

/// Two players and nobody watching, moves back to back.
const ALONE: Room = Room {
    watchers: 0,
    seats: Seats::Here,
    think: Duration::ZERO,
};

/// Black's thinking time in the paced rounds.
const THINK: Duration = Duration::from_millis(2);

impl Room {
    fn watched(seats: Seats, think: Duration) -> Room {
        Room {
            watchers: MAX_WATCHERS,
            seats,
            think,
        }
    }
}

/// The machine's clock in nanoseconds, comparable between processes.
fn wall() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_nanos()
}

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

    /// The share of samples in each band of milliseconds, to see where a
    /// tail comes from.
    fn bands(&self, what: &str) {
        let edges = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0];
        let mut counts = [0usize; 7];
        for d in &self.samples {
            let ms = d.as_secs_f64() * 1e3;
            counts[edges.iter().take_while(|&&e| ms >= e).count()] += 1;
        }
        let n = self.samples.len().max(1) as f64;
        let names = ["<.25", ".25-.5", ".5-1", "1-2", "2-4", "4-8", "≥8"];
        let shares: Vec<String> = names
            .iter()
            .zip(counts)
            .map(|(name, c)| format!("{name} {:.1}%", 100.0 * c as f64 / n))
            .collect();
        println!("{what:<48} ms: {}", shares.join("  "));
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

/// The two sessions of game `n`, with `watchers` watchers following it
/// where `seats` says, all of them in before the game starts.
async fn sessions(
    (hid, jid): (&Identity, &Identity),
    dir: &Path,
    n: usize,
    Room {
        watchers, seats, ..
    }: Room,
) -> (Session, Session, Following) {
    let (mut host, hl, jl) = pair(hid, jid, n as u32).await;
    let hub = (watchers > 0).then(|| {
        host.allow_watching(Secret::from_random(!(n as u32)), watchers)
            .unwrap()
    });
    host.refuse_others();
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
    let mut h = h.unwrap();
    let mut following = Following::Tasks(Vec::new());
    if let Some(hub) = hub {
        h.share(hub).unwrap();
        let code = host.watch_code(None).unwrap().unwrap();
        following = match seats {
            Seats::Here => {
                let mut tasks = Vec::new();
                for _ in 0..watchers {
                    let watcher = kaisho_net::watch(&code, jid, "Watcher").await.unwrap();
                    tasks.push(tokio::spawn(follow(watcher)));
                }
                Following::Tasks(tasks)
            }
            Seats::Apart { yielding } => {
                apart(&code, &dir.join("watcher.key"), watchers, yielding).await
            }
        };
    }
    (h, j.unwrap(), following)
}

/// The watchers of one game: when each had each event, by number (the
/// machine's clock in nanoseconds).
enum Following {
    Tasks(Vec<tokio::task::JoinHandle<Vec<(u32, u128)>>>),
    Child(Box<(Child, Lines<BufReader<ChildStdout>>)>),
}

impl Following {
    /// Waits for every watcher to see the game to its end.
    async fn had(self) -> Vec<Vec<(u32, u128)>> {
        let limit = Duration::from_secs(30);
        match self {
            Following::Tasks(tasks) => {
                let mut all = Vec::new();
                for task in tasks {
                    all.push(tokio::time::timeout(limit, task).await.unwrap().unwrap());
                }
                all
            }
            Following::Child(child) => {
                let (mut child, mut lines) = *child;
                let mut all = Vec::new();
                while let Some(line) = tokio::time::timeout(limit, lines.next_line())
                    .await
                    .unwrap()
                    .unwrap()
                {
                    let had = line
                        .split_whitespace()
                        .map(|pair| {
                            let (seq, at) = pair.split_once('@').unwrap();
                            (seq.parse().unwrap(), at.parse().unwrap())
                        })
                        .collect();
                    all.push(had);
                }
                assert!(child.wait().await.unwrap().success());
                all
            }
        }
    }
}

/// Starts the child process with `watchers` watchers of the game at
/// `code`, and waits until they are all in.
async fn apart(code: &JoinCode, key: &Path, watchers: usize, yielding: bool) -> Following {
    let mut child = tokio::process::Command::new(std::env::current_exe().unwrap())
        .env(WATCH_ENV, code.to_string())
        .env(YIELD_ENV, if yielding { "1" } else { "0" })
        .env(KEY_ENV, key)
        .env(COUNT_ENV, watchers.to_string())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let ready = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(ready.as_deref(), Some("ready"));
    Following::Child(Box::new((child, lines)))
}

/// The child process: its watchers follow the game at the watch code in
/// `KAISHO_BENCH_WATCH`; it prints `ready` once they are all in, then, when
/// the game has ended, one line per watcher of `seq@nanoseconds` pairs.
fn watchers_child(code: &str) {
    let code = JoinCode::parse(code).unwrap();
    let key = std::env::var_os(KEY_ENV).unwrap();
    let count: usize = std::env::var(COUNT_ENV).unwrap().parse().unwrap();
    if std::env::var(YIELD_ENV).as_deref() == Ok("1") {
        // SAFETY: setpriority on this process (its one thread so far, which
        // the runtime's threads inherit from) only changes its nice value.
        let done = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 19) };
        assert_eq!(done, 0, "cannot lower the watchers' priority");
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let id = identity::load_or_create(Path::new(&key)).unwrap();
    rt.block_on(async {
        let mut tasks = Vec::new();
        for _ in 0..count {
            let watcher = kaisho_net::watch(&code, &id, "Watcher").await.unwrap();
            tasks.push(tokio::spawn(follow(watcher)));
        }
        println!("ready");
        for task in tasks {
            let had = task.await.unwrap();
            let pairs: Vec<String> = had.iter().map(|(seq, at)| format!("{seq}@{at}")).collect();
            println!("{}", pairs.join(" "));
        }
    });
}

/// Follows the game to its end (the host's goodbye).
async fn follow(mut watcher: Watcher) -> Vec<(u32, u128)> {
    let mut had = Vec::new();
    while let Ok(seen) = watcher.next().await {
        match seen {
            Seen::Event { seq, .. } => had.push((seq, wall())),
            Seen::Bye(_) => break,
            _ => {}
        }
    }
    had
}

/// Whether it is `color`'s turn to make an event in play.
fn turn_of(session: &Session, color: Color) -> bool {
    session.game().phase() == kaisho_core::Phase::Playing && session.game().to_move() == color
}

/// White's side: makes its next scripted event whenever it is White's turn
/// (after a repetition the side to move declines no-result and then moves,
/// so turns do not simply alternate), until Black says goodbye. Returns
/// the session and when it had taken each of Black's events (checked,
/// logged and acknowledged).
async fn white_side(mut white: Session, events: Vec<Event>) -> (Session, Vec<Instant>) {
    let mut script = events.into_iter().filter(|e| e.actor() == Color::White);
    let mut taken = Vec::new();
    loop {
        if !white.awaiting_ack()
            && turn_of(&white, Color::White)
            && let Some(e) = script.next()
            && white.act(e).await.is_err()
        {
            // Black said goodbye after its last event of the game.
            break;
        }
        match white.next().await {
            Ok(Update::Remote { .. }) => taken.push(Instant::now()),
            Ok(Update::Bye(_)) | Err(_) => break,
            Ok(_) => {}
        }
    }
    (white, taken)
}

/// Black's round trips (from the send), split where White has taken the
/// event (its flush is in the first part), and the times from making a
/// move (before Black's own flush) to its acknowledgement.
struct Trips {
    sent: Stats,
    to_taken: Stats,
    ack_back: Stats,
    made: Stats,
    /// From Black's send to each watcher having the event.
    watched: Stats,
    /// Watchers dropped for falling behind (they miss the game's end).
    dropped: usize,
}

/// Plays the games; returns Black's round trips and bytes sent per event.
/// With `flushes`, after each game as many flushes alone are timed as the
/// game had round trips, so that both see the disk in the same moods.
async fn play(
    dir: &Path,
    (hid, jid): (&Identity, &Identity),
    games: &[Vec<Event>],
    mut flushes: Option<&mut Flushes>,
    room: Room,
) -> (Trips, f64) {
    let mut trips = Trips {
        sent: Stats::new(),
        to_taken: Stats::new(),
        ack_back: Stats::new(),
        made: Stats::new(),
        watched: Stats::new(),
        dropped: 0,
    };
    let (mut bytes, mut events) = (0u64, 0usize);
    for (n, events_of_game) in games.iter().enumerate() {
        let (mut black, white, following) = sessions((hid, jid), dir, n, room).await;
        let responder = tokio::spawn(white_side(white, events_of_game.clone()));
        let mut sends = Vec::new();
        let mut seqs = Vec::new();
        for e in events_of_game.iter().filter(|e| e.actor() == Color::Black) {
            // White's answers arrive until it is Black's turn again.
            while black.game().phase() == kaisho_core::Phase::Playing
                && black.game().to_move() != Color::Black
            {
                black.next().await.unwrap();
            }
            if !turn_of(&black, Color::Black) {
                break;
            }
            if !room.think.is_zero() {
                tokio::time::sleep(room.think).await;
            }
            let made = Instant::now();
            let (seq, _) = black.act(e.clone()).await.unwrap();
            let sent = Instant::now();
            let sent_wall = wall();
            loop {
                if let Update::Acked { seq: s } = black.next().await.unwrap()
                    && s == seq
                {
                    break;
                }
            }
            trips.sent.samples.push(sent.elapsed());
            trips.made.samples.push(made.elapsed());
            sends.push((sent, Instant::now()));
            seqs.push((seq, sent_wall));
        }
        events += black.game().events().len();
        bytes += black.carrier().sent_bytes();
        black.bye("done").await;
        let (white, taken) = tokio::time::timeout(Duration::from_secs(10), responder)
            .await
            .unwrap()
            .unwrap();
        for (&(sent, acked), &took) in sends.iter().zip(&taken) {
            trips
                .to_taken
                .samples
                .push(took.saturating_duration_since(sent));
            trips
                .ack_back
                .samples
                .push(acked.saturating_duration_since(took));
        }
        for had in following.had().await {
            let had: std::collections::HashMap<u32, u128> = had.into_iter().collect();
            if seqs.iter().any(|(seq, _)| !had.contains_key(seq)) {
                trips.dropped += 1;
            }
            for (seq, sent) in &seqs {
                let Some(took) = had.get(seq) else { continue };
                let nanos = took.saturating_sub(*sent);
                trips.watched.samples.push(Duration::from_nanos(
                    u64::try_from(nanos).unwrap_or(u64::MAX),
                ));
            }
        }
        if let Some(f) = flushes.as_deref_mut() {
            f.time(sends.len());
        }
        bytes += white.carrier().sent_bytes();
    }
    (trips, bytes as f64 / events.max(1) as f64)
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

/// The log's append with its fsync alone, on a log of its own beside the
/// games' logs.
struct Flushes {
    log: GameLog,
    stats: Stats,
}

impl Flushes {
    fn new(dir: &Path) -> Flushes {
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
        Flushes {
            log: GameLog::create(&dir.join("fsync.kgl"), &header).unwrap(),
            stats: Stats::new(),
        }
    }

    /// Times `n` appends, one after the other.
    fn time(&mut self, n: usize) {
        for _ in 0..n {
            let t0 = Instant::now();
            self.log
                .append(
                    &Event::Pass {
                        color: Color::Black,
                    },
                    Some(1234),
                )
                .unwrap();
            self.stats.samples.push(t0.elapsed());
        }
    }
}

/// A folder of its own under `dir`, for one play of the games.
fn fresh(dir: &Path) -> std::path::PathBuf {
    tempfile::tempdir_in(dir).unwrap().keep()
}

/// Rounds of the watched games, each run without watchers and then with
/// 16 in the child process, alternating.
const ROUNDS: usize = 3;

/// The round trips without and with 16 watchers in a child process,
/// [`ROUNDS`] times alternating, Black thinking `think` before each move;
/// each round printed, then all rounds together.
async fn rounds(dir: &Path, ids: (&Identity, &Identity), games: &[Vec<Event>], think: Duration) {
    let pace = if think.is_zero() {
        "back to back".to_string()
    } else {
        format!("{} ms thought", think.as_millis())
    };
    let (mut none, mut with, mut watched) = (Stats::new(), Stats::new(), Stats::new());
    let mut dropped = 0;
    let alone = Room { think, ..ALONE };
    let apart = Room::watched(Seats::Apart { yielding: false }, think);
    for round in 1..=ROUNDS {
        let (mut s, _) = play(&fresh(dir), ids, games, None, alone).await;
        let (mut w, _) = play(&fresh(dir), ids, games, None, apart).await;
        let (n99, w99) = (s.sent.pct(0.99), w.sent.pct(0.99));
        s.sent.line(&format!("{pace}, round {round}: no watchers"));
        w.sent
            .line(&format!("{pace}, round {round}: 16 watchers (child)"));
        w.watched
            .line(&format!("{pace}, round {round}:   a watcher has it"));
        dropped += w.dropped;
        println!(
            "{:<48} {:.2}",
            format!("{pace}, round {round}: p99 with / without"),
            w99.as_secs_f64() / n99.as_secs_f64()
        );
        none.samples.append(&mut s.sent.samples);
        with.samples.append(&mut w.sent.samples);
        watched.samples.append(&mut w.watched.samples);
    }
    let (n99, w99) = (none.pct(0.99), with.pct(0.99));
    none.line(&format!("round trip, {pace}, no watchers, all rounds"));
    with.line(&format!("round trip, {pace}, 16 watchers (child)"));
    watched.line("  a watcher has the event (from Black's send)");
    println!("{:<48} {dropped}", "  watchers dropped for falling behind");
    println!(
        "{:<48} {:.2}",
        "  p99 with / without, all rounds",
        w99.as_secs_f64() / n99.as_secs_f64()
    );
}

/// The round trips without and with 16 watchers: moves back to back and
/// then paced by Black's [`THINK`] (see [`rounds`]); then one round of
/// each pace with the watchers in this process, and a pair with the
/// child at the lowest priority.
async fn watching(dir: &Path, ids: (&Identity, &Identity), games: &[Vec<Event>]) {
    rounds(dir, ids, games, Duration::ZERO).await;
    rounds(dir, ids, games, THINK).await;
    for room in [
        Room::watched(Seats::Here, Duration::ZERO),
        Room::watched(Seats::Here, THINK),
    ] {
        let (mut here, _) = play(&fresh(dir), ids, games, None, room).await;
        let pace = room.think.as_millis();
        here.sent.line(&format!(
            "round trip, 16 watchers in this process, {pace} ms thought"
        ));
        here.watched
            .line("  a watcher has the event (from Black's send)");
        println!(
            "{:<48} {}",
            "  watchers dropped for falling behind", here.dropped
        );
    }
    let yielding = Room::watched(Seats::Apart { yielding: true }, Duration::ZERO);
    let (mut s, _) = play(&fresh(dir), ids, games, None, ALONE).await;
    let (mut y, _) = play(&fresh(dir), ids, games, None, yielding).await;
    s.sent.line("round trip, no watchers, once more");
    y.sent.line("round trip, 16 watchers (child at nice 19)");
    y.watched
        .line("  a watcher has the event (starved: not a figure)");
    println!(
        "{:<48} {}",
        "  watchers dropped for falling behind", y.dropped
    );
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
    if let Ok(code) = std::env::var(WATCH_ENV) {
        watchers_child(&code);
        return;
    }
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
    let watched = tempfile::tempdir_in("/dev/shm").unwrap_or_else(|_| tempfile::tempdir().unwrap());
    rt.block_on(async {
        let (mut s, bytes) = play(shm.path(), (&hid, &jid), &games, None, ALONE).await;
        s.sent.line("round trip, log on tmpfs (protocol alone)");
        watching(watched.path(), (&hid, &jid), &games).await;
        println!("{:<48} {bytes:.1} bytes per event, both directions", "wire");
        let mut e = echo(&hid, &jid, size, moves).await;
        e.line(&format!("bare quinn echo of {size} bytes"));
        let mut flushes = Flushes::new(disk.path());
        let (mut s, _) = play(disk.path(), (&hid, &jid), &games, Some(&mut flushes), ALONE).await;
        flushes
            .stats
            .line("log append + fsync alone (disk, between games)");
        s.sent.line("round trip, log on disk with fsync");
        s.to_taken.line("  of which: sent → partner has taken it");
        s.ack_back.line("  of which: taken → acknowledgement read");
        s.made.line("move made → acknowledged (2 flushes), disk");
        flushes.stats.bands("  flush alone, share by time");
        s.sent.bands("  round trip on disk, share by time");
        let (mut pinned, mut by_code) = setup_times(&hid, &jid, 200).await;
        pinned.line("set-up: rejoin, pinned certificate");
        by_code.line("set-up: join by code (SPAKE2)");
    });

    let mut c = Criterion::default().configure_from_args().sample_size(10);
    let few = games[..1].to_vec();
    c.bench_function("one 19x19 game over loopback, log on tmpfs", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let dir = tempfile::tempdir_in("/dev/shm")
                    .unwrap_or_else(|_| tempfile::tempdir().unwrap());
                let t0 = Instant::now();
                rt.block_on(play(dir.path(), (&hid, &jid), &few, None, ALONE));
                total += t0.elapsed();
            }
            total
        });
    });
    c.final_summary();
}
