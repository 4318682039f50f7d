//! Shared set-up for the loopback tests: identities, a host and a joiner
//! paired by code, sessions, moves played through both sides, and a saved
//! game resumed.
#![allow(dead_code)]

use kaisho_core::clock::TimeControl;
use kaisho_core::{Color, Event, Game, Phase, Point};
use kaisho_net::wire::Message;
use kaisho_net::{
    Colors, Host, Hub, JoinCode, Link, NetError, Secret, Session, Terms, TimeW, Update,
};
use kaisho_saves::identity::{self, Identity};
use kaisho_saves::log::{GameStore, read_log};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use tokio::task::JoinHandle;

/// Every wait in the tests is bounded by this.
pub const LIMIT: Duration = Duration::from_secs(20);

pub fn identity(dir: &Path, name: &str) -> Identity {
    identity::load_or_create(&dir.join(format!("{name}.identity"))).unwrap()
}

pub fn loopback() -> SocketAddr {
    "127.0.0.1:0".parse().unwrap()
}

/// A host with a fresh code on 127.0.0.1, and the code to dial.
pub fn host(id: &Identity, name: &str, bits: u32) -> (Host, JoinCode) {
    let mut host = Host::bind(loopback(), id, name).unwrap();
    host.set_secret(Secret::from_random(bits));
    let code = host.code(None).unwrap().unwrap();
    (host, code)
}

/// A host and a joiner paired by the right code.
pub async fn pair(host_id: &Identity, joiner_id: &Identity) -> (Host, Link, Link) {
    let (mut host, code) = host(host_id, "Honinbo", 42);
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&code, joiner_id, "Kitani"))
    })
    .await
    .unwrap();
    host.refuse_others();
    (host, h.unwrap(), j.unwrap())
}

pub fn terms(id: &str, size: u8, colors: Colors) -> Terms {
    Terms {
        game_id: id.into(),
        size,
        komi_halves: 13,
        handicap: 0,
        time: TimeW::None,
        colors,
        series: None,
    }
}

/// Two sessions of a new game, the host Black.
pub async fn sessions(
    host_link: Link,
    joiner_link: Link,
    terms: &Terms,
    host_store: &GameStore,
    joiner_store: &GameStore,
) -> (Session, Session) {
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::host_game(host_link, terms.clone(), host_store),
            kaisho_net::join_game(joiner_link, Some(terms), true, joiner_store)
        )
    })
    .await
    .unwrap();
    (h.unwrap(), j.unwrap())
}

/// `actor` makes `event`; `other` receives it; `actor` sees the ack.
pub async fn step(actor: &mut Session, other: &mut Session, event: Event) {
    tokio::time::timeout(LIMIT, async {
        let (seq, sent) = actor.act(event.clone()).await.unwrap();
        assert_eq!(sent, event);
        assert_eq!(
            other.next().await.unwrap(),
            Update::Remote {
                seq,
                event: event.clone()
            }
        );
        assert_eq!(actor.next().await.unwrap(), Update::Acked { seq });
    })
    .await
    .unwrap();
}

/// The session playing `color`.
pub fn by_color<'a>(
    a: &'a mut Session,
    b: &'a mut Session,
    color: Color,
) -> (&'a mut Session, &'a mut Session) {
    if a.local_color() == color {
        (a, b)
    } else {
        (b, a)
    }
}

pub fn pt(text: &str, size: u8) -> Point {
    Point::parse_gtp(text, size).unwrap()
}

/// Sends one raw frame on a link, for tests that misbehave on purpose.
pub async fn raw(link: &mut Link, m: Message) {
    link.send(&m).await.unwrap();
}

/// Stones `from..to` of a 9×9 game: Black on column C, White on column G,
/// row by row.
pub fn stones(from: usize, to: usize) -> Vec<Event> {
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

/// Plays `events`, each by the side of its colour.
pub async fn play(a: &mut Session, b: &mut Session, events: Vec<Event>) {
    for e in events {
        let (x, y) = by_color(a, b, e.actor());
        step(x, y, e).await;
    }
}

/// Two passes, Black proposes no dead stones, White accepts: the game ends.
pub async fn finish(a: &mut Session, b: &mut Session) {
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

/// Black plays C1, two passes, then both propose dead stones at once with
/// event 4. Returns both proposals, the host's (Black's) first.
pub async fn crossed_proposals(h: &mut Session, j: &mut Session) -> (Event, Event) {
    play(h, j, stones(0, 1)).await;
    play(
        h,
        j,
        vec![
            Event::Pass {
                color: Color::White,
            },
            Event::Pass {
                color: Color::Black,
            },
        ],
    )
    .await;
    let hosts = Event::Propose {
        by: Color::Black,
        dead: vec![],
    };
    let joiners = Event::Propose {
        by: Color::White,
        dead: vec![pt("C1", 9)],
    };
    let (a, b) = tokio::join!(h.act(hosts.clone()), j.act(joiners.clone()));
    assert_eq!((a.unwrap().0, b.unwrap().0), (4, 4));
    (hosts, joiners)
}

/// After a crossing: both logs hold the same events; the log of the side
/// that gave way withdrew `withdrawn`, the winner's withdrew nothing.
pub fn gave_way(winner: &Session, loser: &Session, withdrawn: &Event) {
    same_logs(winner, loser);
    assert!(read_log(winner.log_path()).unwrap().withdrawn.is_empty());
    let lost = read_log(loser.log_path()).unwrap();
    assert_eq!(lost.format, 2);
    let taken_back: Vec<&Event> = lost.withdrawn.iter().map(|l| &l.event).collect();
    assert_eq!(taken_back, [withdrawn]);
}

/// `acceptor` accepts the partner's proposal 0, which ends the game alike
/// on both sides.
pub async fn accept_to_the_end(acceptor: &mut Session, proposer: &mut Session) {
    let by = acceptor.local_color();
    step(acceptor, proposer, Event::Accept { by, proposal: 0 }).await;
    assert!(acceptor.game().outcome().is_some());
    assert_eq!(acceptor.game().outcome(), proposer.game().outcome());
    same_logs(acceptor, proposer);
}

/// Both logs hold the same events, numbered 1, 2, 3…
pub fn same_logs(a: &Session, b: &Session) {
    let (x, y) = (
        read_log(a.log_path()).unwrap(),
        read_log(b.log_path()).unwrap(),
    );
    assert_eq!(x.events, y.events);
    let seqs: Vec<u32> = x.events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=x.events.len() as u32).collect::<Vec<_>>());
}

/// Resumes saved game `game`: `host` (identity and folder of games) hosts
/// a rejoin on a fresh loopback port, `joiner` rejoins by fingerprint.
/// Both sides' results, to see refusals.
pub async fn try_resume(
    host: (&Identity, &GameStore),
    joiner: (&Identity, &GameStore),
    game: &str,
) -> (Result<Session, NetError>, Result<Session, NetError>) {
    let mut listener = Host::bind(loopback(), host.0, "Honinbo").unwrap();
    let addr = listener.local_addr().unwrap();
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            listener.accept_known(joiner.0.fingerprint()),
            kaisho_net::rejoin(addr, host.0.fingerprint(), joiner.0, "Kitani")
        )
    })
    .await
    .unwrap();
    listener.refuse_others();
    tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::resume(h.unwrap(), Some(game), host.1, TimeControl::None),
            kaisho_net::resume(j.unwrap(), None, joiner.1, TimeControl::None)
        )
    })
    .await
    .unwrap()
}

/// [`try_resume`] where both sides must succeed; the host's session first.
pub async fn resume_game(
    host: (&Identity, &GameStore),
    joiner: (&Identity, &GameStore),
    game: &str,
) -> (Session, Session) {
    let (h, j) = try_resume(host, joiner, game).await;
    (h.unwrap(), j.unwrap())
}

/// A new 9×9 game `id` between two fresh identities under `dir`, the host
/// Black; the host is returned to be kept alive for the game.
pub async fn new_game(dir: &Path, id: &str) -> (Host, Session, Session) {
    new_game_with(dir, id, Colors::HostBlack).await
}

/// [`new_game`] with the colours `colors`.
pub async fn new_game_with(dir: &Path, id: &str, colors: Colors) -> (Host, Session, Session) {
    let (hid, jid) = (identity(dir, "host"), identity(dir, "joiner"));
    let (host, hl, jl) = pair(&hid, &jid).await;
    let (hs, js) = (GameStore::new(dir.join("h")), GameStore::new(dir.join("j")));
    let (h, j) = sessions(hl, jl, &terms(id, 9, colors), &hs, &js).await;
    (host, h, j)
}

/// A game between two players on loopback, watching allowed with its own
/// code (cap `max`), and the host kept to let watchers in.
pub struct Watched {
    _host: kaisho_net::Host,
    pub hub: Hub,
    pub watch_code: JoinCode,
    pub join_code: JoinCode,
    pub h: Session,
    pub j: Session,
    pub watcher_id: Identity,
    pub players: (Identity, Identity),
    pub stores: (GameStore, GameStore),
    _dir: tempfile::TempDir,
}

/// The game of [`Watched`], watchers capped at `max`, with no clock.
pub async fn watched(max: usize) -> Watched {
    watched_with(max, TimeW::None).await
}

/// The game of [`Watched`] under the clock `time`.
pub async fn watched_with(max: usize, time: TimeW) -> Watched {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let watcher_id = identity(dir.path(), "watcher");
    let (mut host, join_code) = host(&hid, "Honinbo", 42);
    let hub = host.allow_watching(Secret::from_random(4242), max).unwrap();
    let watch_code = host.watch_code(None).unwrap().unwrap();
    assert_ne!(watch_code.secret, join_code.secret);
    let (hl, jl) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&join_code, &jid, "Kitani"))
    })
    .await
    .unwrap();
    host.refuse_others();
    let (hs, js) = (
        GameStore::new(dir.path().join("h")),
        GameStore::new(dir.path().join("j")),
    );
    let t = Terms {
        time,
        ..terms("w1", 9, Colors::HostBlack)
    };
    let (mut h, j) = sessions(hl.unwrap(), jl.unwrap(), &t, &hs, &js).await;
    h.share(hub.clone()).unwrap();
    Watched {
        _host: host,
        hub,
        watch_code,
        join_code,
        h,
        j,
        watcher_id,
        players: (hid, jid),
        stores: (hs, js),
        _dir: dir,
    }
}

impl Watched {
    /// The folder the game's identities and logs are in, for more.
    pub fn dir(&self) -> &Path {
        self._dir.path()
    }
}

/// What a watcher is told after the events it is sent: the frame that is
/// not an event, or why the watch ended.
pub async fn past_the_events(
    watcher: &mut kaisho_net::Watcher,
) -> Result<kaisho_net::Seen, NetError> {
    tokio::time::timeout(LIMIT, async {
        loop {
            match watcher.next().await {
                Ok(kaisho_net::Seen::Event { .. }) => {}
                other => return other,
            }
        }
    })
    .await
    .unwrap()
}

/// A crowd's dials, each bounded by a timeout.
pub type Dials = tokio::task::JoinSet<
    Result<Result<quinn::Connection, quinn::ConnectionError>, tokio::time::error::Elapsed>,
>;

/// Waits for every dial of a crowd: the connections the host admitted, and
/// how many it closed at once. Anything else (a dial that timed out, another
/// error) fails the test.
pub async fn admitted_and_refused(mut dials: Dials) -> (Vec<quinn::Connection>, usize) {
    let mut refused = 0;
    let mut admitted = Vec::new();
    while let Some(dial) = dials.join_next().await {
        match dial.unwrap() {
            Ok(Ok(connection)) => admitted.push(connection),
            Ok(Err(quinn::ConnectionError::ConnectionClosed(_))) => refused += 1,
            other => panic!("{other:?}"),
        }
    }
    (admitted, refused)
}

/// Accepts until a partner gets through, passing over strangers whose
/// attempts end first.
pub fn accept_until_paired(mut host: Host, known: Option<Identity>) -> JoinHandle<(Host, Link)> {
    tokio::spawn(async move {
        for _ in 0..100 {
            let attempt = match &known {
                None => host.accept().await,
                Some(id) => host.accept_known(id.fingerprint()).await,
            };
            match attempt {
                Ok(link) => return (host, link),
                Err(NetError::Setup(e)) => panic!("{e}"),
                Err(_) => {}
            }
        }
        panic!("no partner in 100 attempts");
    })
}

/// What the loser of a crossing is told of its `withdrawn` event, the
/// winner's last event standing in `winner`'s game: the moves played with
/// it standing and the game's state without either.
pub fn withdrawn_before(winner: &Session, withdrawn: &Event) -> Update {
    let events = winner.game().events();
    let before = Game::replay(
        winner.game().settings().clone(),
        &events[..events.len() - 1],
    )
    .unwrap();
    let mut with_ours = before.clone();
    with_ours.apply(withdrawn.clone()).unwrap();
    Update::Withdrawn {
        event: withdrawn.clone(),
        moves: with_ours.move_number(),
        state_hash: before.state_hash(),
        again: matches!(withdrawn, Event::Resign { .. }),
    }
}
