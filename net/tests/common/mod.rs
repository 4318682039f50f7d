//! Shared set-up for the loopback tests: identities, a host and a joiner
//! paired by code, sessions, and moves played through both sides.
#![allow(dead_code)]

use kaisho_core::{Color, Event, Point};
use kaisho_net::wire::Message;
use kaisho_net::{Colors, Host, JoinCode, Link, Secret, Session, Terms, TimeW, Update};
use kaisho_saves::identity::{self, Identity};
use kaisho_saves::log::GameStore;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

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
