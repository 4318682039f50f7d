//! Two members play across the internet on iroh, with a relay run inside
//! the test on loopback: the joiner pastes the host's invitation, the code
//! proves them, and the same session as on the LAN plays a game to its
//! agreed end with identical logs; through the relay alone, and with
//! direct paths. A stranger with the ticket but a wrong code is refused
//! and the code stays out for the partner; three wrong codes burn it.
//! Every endpoint binds 127.0.0.1 only; the relay is the test's own.

mod common;

use common::*;
use kaisho_core::clock::TimeControl;
use kaisho_net::code::Secret;
use kaisho_net::error::NetError;
use kaisho_net::internet::{InternetHost, Invitation, Reach, join, rejoin};
use kaisho_net::link::Link;
use kaisho_net::{Colors, Session};
use kaisho_saves::identity::{Fingerprint, Identity};
use kaisho_saves::log::GameStore;
use std::time::Duration;

/// Every wait of these tests is bounded by this.
const WITHIN: Duration = Duration::from_secs(30);

/// A reach through the test's relay, bound to loopback.
fn through(relays: &iroh::RelayMap) -> Reach {
    Reach {
        relays: iroh::RelayMode::Custom(relays.clone()),
        bind: Some(loopback()),
        relay_only: false,
        insecure_relay_tls: true,
    }
}

/// A host under `dir` waiting with the code tide-4821-oak.
async fn hosting(dir: &std::path::Path, reach: &Reach) -> InternetHost {
    let hid = identity(dir, "host");
    let mut host = InternetHost::bind(&hid, "Honinbo", reach).await.unwrap();
    host.set_secret(Secret::parse("tide-4821-oak").unwrap());
    host
}

/// The host's invitation as the partner would paste it.
fn pasted(host: &InternetHost) -> Invitation {
    let text = host.invitation().expect("a code is out").to_string();
    Invitation::parse(&text).expect("an invitation reads back")
}

/// The host and joiner paired by the host's invitation; with
/// `relay_only` the ticket keeps the relay alone, as when the host's
/// direct addresses cannot be reached from outside.
async fn paired(
    host_id: &Identity,
    joiner_id: &Identity,
    reach: &Reach,
    relay_only: bool,
) -> (InternetHost, Link, Link) {
    let mut host = InternetHost::bind(host_id, "Honinbo", reach).await.unwrap();
    host.set_secret(Secret::from_random(7));
    let mut invitation = pasted(&host);
    if relay_only {
        invitation.ticket.keep_relays_only();
    }
    assert!(
        invitation
            .ticket
            .addr
            .addrs
            .iter()
            .any(|a| matches!(a, iroh::TransportAddr::Relay(_))),
        "the ticket names the relay: {}",
        invitation.ticket.text()
    );
    let (hl, jl) = tokio::time::timeout(WITHIN, async {
        tokio::join!(host.accept(), join(&invitation, joiner_id, "Kitani", reach))
    })
    .await
    .expect("paired in time");
    (host, hl.unwrap(), jl.unwrap())
}

/// A game from the invitation to its agreed end: dialled by the relay in
/// the ticket alone with `relay_only`, and then, with `no_direct_path`,
/// carried by the relay alone from start to end, as between two
/// symmetric NATs.
async fn a_game_to_its_agreed_end(relay_only: bool, no_direct_path: bool) {
    let dir = tempfile::tempdir().unwrap();
    let (relay_map, _url, _relay) = iroh::test_utils::run_relay_server().await.unwrap();
    let reach = Reach {
        relay_only: no_direct_path,
        ..through(&relay_map)
    };
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (_host, hl, jl) = paired(&hid, &jid, &reach, relay_only).await;
    assert_eq!(hl.peer_name(), "Kitani");
    assert_eq!(jl.peer_name(), "Honinbo");
    assert_eq!(hl.peer(), jl.local());
    assert_eq!(jl.peer(), hl.local());
    let (hs, js) = (
        GameStore::new(dir.path().join("h")),
        GameStore::new(dir.path().join("j")),
    );
    let terms = terms("g1", 9, Colors::HostBlack);
    let (mut h, mut j): (Session, Session) = sessions(hl, jl, &terms, &hs, &js).await;
    play(&mut h, &mut j, stones(0, 12)).await;
    finish(&mut h, &mut j).await;
    assert_eq!(h.game().outcome(), j.game().outcome());
    assert!(h.game().outcome().is_some());
    same_logs(&h, &j);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_dialled_through_the_relay_ends_as_on_the_lan() {
    a_game_to_its_agreed_end(true, false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_dialled_with_direct_addresses_ends_as_on_the_lan() {
    a_game_to_its_agreed_end(false, false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_carried_by_the_relay_alone_ends_as_on_the_lan() {
    a_game_to_its_agreed_end(true, true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_with_the_ticket_but_not_the_code_is_refused_and_costs_the_partner_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (relay_map, _url, _relay) = iroh::test_utils::run_relay_server().await.unwrap();
    let reach = through(&relay_map);
    let mut host = hosting(dir.path(), &reach).await;
    let right = pasted(&host);
    let mut wrong = right.clone();
    wrong.secret = Secret::parse("tide-4821-elm").unwrap();

    let stranger = identity(dir.path(), "stranger");
    let (hosted, joined) = tokio::time::timeout(WITHIN, async {
        tokio::join!(host.accept(), join(&wrong, &stranger, "Mallory", &reach))
    })
    .await
    .expect("refused in time");
    let hosted = hosted.err().expect("the host refuses the stranger");
    assert!(
        matches!(hosted, NetError::WrongCode { left: 2 }),
        "{hosted}"
    );
    let joined = joined.err().expect("the stranger is refused");
    assert!(
        matches!(joined, NetError::WrongCode { left: 2 }),
        "{joined}"
    );
    assert!(!host.burned());

    // The partner still gets in with the code.
    let partner = identity(dir.path(), "partner");
    let (hl, jl) = tokio::time::timeout(WITHIN, async {
        tokio::join!(host.accept(), join(&right, &partner, "Kitani", &reach))
    })
    .await
    .expect("paired in time");
    assert_eq!(hl.unwrap().peer_name(), "Kitani");
    assert_eq!(jl.unwrap().peer_name(), "Honinbo");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_wrong_codes_burn_the_invitation() {
    let dir = tempfile::tempdir().unwrap();
    let (relay_map, _url, _relay) = iroh::test_utils::run_relay_server().await.unwrap();
    let reach = through(&relay_map);
    let mut host = hosting(dir.path(), &reach).await;
    let mut wrong = pasted(&host);
    wrong.secret = Secret::parse("wave-0000-elm").unwrap();
    let stranger = identity(dir.path(), "stranger");
    let mut told = Vec::new();
    for _ in 0..3 {
        let (_, joined) = tokio::time::timeout(WITHIN, async {
            tokio::join!(host.accept(), join(&wrong, &stranger, "Mallory", &reach))
        })
        .await
        .expect("refused in time");
        told.push(joined.err().expect("refused").to_string());
    }
    assert!(host.burned(), "{told:?}");
    assert!(
        told[2].contains("burn") || told[2].contains("new code"),
        "{told:?}"
    );
}

#[test]
fn a_member_has_one_internet_key_made_with_their_identity() {
    let dir = tempfile::tempdir().unwrap();
    let key = |name: &str| kaisho_net::internet::secret_key(&identity(dir.path(), name)).public();
    let first = key("a");
    assert_eq!(
        key("a"),
        first,
        "the same identity, read again, has the same key"
    );
    assert_ne!(key("b"), first);
}

/// A joiner whose process dies mid-game (its session and endpoint dropped
/// without a word) comes back through the relay by the ticket alone, no
/// code: the host takes it back by its key, both resume from their logs
/// and finish with identical logs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_joiner_that_dies_mid_game_rejoins_through_the_relay_and_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let (relay_map, _url, _relay) = iroh::test_utils::run_relay_server().await.unwrap();
    let reach = through(&relay_map);
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (mut host, hl, jl) = paired(&hid, &jid, &reach, true).await;
    let mut ticket = host.ticket();
    ticket.keep_relays_only();
    let (hs, js) = (
        GameStore::new(dir.path().join("h")),
        GameStore::new(dir.path().join("j")),
    );
    let (mut h, mut j) = sessions(hl, jl, &terms("g1", 9, Colors::HostBlack), &hs, &js).await;
    play(&mut h, &mut j, stones(0, 6)).await;
    drop(j);
    let (joiner, host_key) = (fingerprint_of(&jid), host.fingerprint());
    let (back, rejoined) = tokio::time::timeout(WITHIN, async {
        tokio::join!(
            host.accept_known(joiner),
            rejoin(&ticket, host_key, &jid, "Kitani", &reach)
        )
    })
    .await
    .expect("back in time");
    drop(h);
    let (h, j) = tokio::time::timeout(WITHIN, async {
        tokio::join!(
            kaisho_net::resume(back.unwrap(), Some("g1"), &hs, TimeControl::None),
            kaisho_net::resume(rejoined.unwrap(), None, &js, TimeControl::None)
        )
    })
    .await
    .expect("resumed in time");
    let (mut h, mut j) = (h.unwrap(), j.unwrap());
    assert_eq!(h.game().events().len(), 6);
    play(&mut h, &mut j, stones(6, 10)).await;
    finish(&mut h, &mut j).await;
    same_logs(&h, &j);
}

/// A member's fingerprint across the internet: their iroh key.
fn fingerprint_of(id: &Identity) -> Fingerprint {
    Fingerprint(*kaisho_net::internet::secret_key(id).public().as_bytes())
}
