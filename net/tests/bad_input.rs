//! A misbehaving partner: events out of turn, illegal moves, wrong state
//! hashes, frames out of place and a cheating nigiri are each refused with a
//! typed error, the connection closed, and the save left intact.

mod common;

use common::*;
use kaisho_core::series::nigiri;
use kaisho_core::{Color, Event, Game};
use kaisho_net::wire::{EventW, KibitzedLine, Message};
use kaisho_net::{Colors, Divergence, Link, NetError, Session, Terms};
use kaisho_saves::codec;
use kaisho_saves::log::{GameStore, read_log};
use sha2::{Digest, Sha256};

/// A real host session against a hand-driven joiner link.
async fn host_against_fake(dir: &std::path::Path) -> (Session, Link, Game) {
    let (hid, jid) = (identity(dir, "host"), identity(dir, "joiner"));
    let (_host, hl, mut fake) = pair(&hid, &jid).await;
    let store = GameStore::new(dir.join("h"));
    let terms = terms("bad", 9, Colors::HostBlack);
    let fake_side = async {
        let Message::Terms(t) = fake.recv().await.unwrap() else {
            panic!("terms expected")
        };
        let digest: [u8; 32] = Sha256::digest(codec::encode(&t).unwrap()).into();
        fake.send(&Message::Agree { digest }).await.unwrap();
        t
    };
    let (session, t) = tokio::time::timeout(LIMIT, async {
        tokio::join!(kaisho_net::host_game(hl, terms.clone(), &store), fake_side)
    })
    .await
    .unwrap();
    let game = Game::new(t.settings().unwrap()).unwrap();
    (session.unwrap(), fake, game)
}

/// The host plays E5; the fake checks it and acknowledges honestly.
async fn host_plays_e5(h: &mut Session, fake: &mut Link, game: &mut Game) {
    let e = Event::Play {
        color: Color::Black,
        point: pt("E5", 9),
    };
    h.act(e.clone()).await.unwrap();
    let Message::Event { seq, .. } = fake.recv().await.unwrap() else {
        panic!("event expected")
    };
    game.apply(e).unwrap();
    fake.send(&Message::Ack {
        seq,
        state_hash: game.state_hash(),
    })
    .await
    .unwrap();
    assert_eq!(h.next().await.unwrap(), kaisho_net::Update::Acked { seq });
}

fn white(point: &str) -> EventW {
    EventW::from(&Event::Play {
        color: Color::White,
        point: pt(point, 9),
    })
}

async fn logged(h: &Session) -> usize {
    read_log(h.log_path()).unwrap().events.len()
}

#[tokio::test]
async fn an_event_out_of_turn_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut fake, _) = host_against_fake(dir.path()).await;
    raw(
        &mut fake,
        Message::Event {
            seq: 1,
            event: white("D4"),
            time_used_ms: None,
            state_hash: 0,
        },
    )
    .await;
    let e = tokio::time::timeout(LIMIT, h.next())
        .await
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(
            e,
            NetError::Rejected {
                seq: 1,
                error: kaisho_core::GameError::NotYourTurn { .. }
            }
        ),
        "{e}"
    );
    assert_eq!(logged(&h).await, 0);
    let closed = tokio::time::timeout(LIMIT, fake.recv())
        .await
        .unwrap()
        .unwrap_err();
    assert!(closed.to_string().contains("refused"), "{closed}");
}

#[tokio::test]
async fn an_illegal_move_is_rejected_and_the_save_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut fake, mut game) = host_against_fake(dir.path()).await;
    host_plays_e5(&mut h, &mut fake, &mut game).await;
    raw(
        &mut fake,
        Message::Event {
            seq: 2,
            event: white("E5"),
            time_used_ms: None,
            state_hash: 0,
        },
    )
    .await;
    let e = tokio::time::timeout(LIMIT, h.next())
        .await
        .unwrap()
        .unwrap_err();
    assert!(
        matches!(
            e,
            NetError::Rejected {
                seq: 2,
                error: kaisho_core::GameError::Illegal(_)
            }
        ),
        "{e}"
    );
    assert_eq!(logged(&h).await, 1);
}

#[tokio::test]
async fn a_wrong_state_hash_stops_the_game_naming_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut fake, mut game) = host_against_fake(dir.path()).await;
    host_plays_e5(&mut h, &mut fake, &mut game).await;
    raw(
        &mut fake,
        Message::Event {
            seq: 2,
            event: white("D4"),
            time_used_ms: None,
            state_hash: 12345,
        },
    )
    .await;
    let e = tokio::time::timeout(LIMIT, h.next())
        .await
        .unwrap()
        .unwrap_err();
    let NetError::Diverged {
        seq: 2,
        what: Divergence::Event(event),
    } = &e
    else {
        panic!("{e}");
    };
    let d4 = Event::Play {
        color: Color::White,
        point: pt("D4", 9),
    };
    assert_eq!(*event, d4, "{e}");
    assert_eq!(logged(&h).await, 1);
    let closed = tokio::time::timeout(LIMIT, fake.recv())
        .await
        .unwrap()
        .unwrap_err();
    assert!(closed.to_string().contains("disagree"), "{closed}");
}

#[tokio::test]
async fn a_wrong_acknowledgement_hash_stops_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut fake, _) = host_against_fake(dir.path()).await;
    h.act(Event::Pass {
        color: Color::Black,
    })
    .await
    .unwrap();
    let _ = fake.recv().await.unwrap();
    raw(
        &mut fake,
        Message::Ack {
            seq: 1,
            state_hash: 7,
        },
    )
    .await;
    let e = tokio::time::timeout(LIMIT, h.next())
        .await
        .unwrap()
        .unwrap_err();
    assert!(matches!(e, NetError::Diverged { seq: 1, .. }), "{e}");
    // The pass was logged before it was sent, and the log is kept as it is.
    assert_eq!(logged(&h).await, 1);
}

#[tokio::test]
async fn frames_out_of_place_and_skipped_numbers_are_protocol_errors() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut fake, _) = host_against_fake(dir.path()).await;
    raw(&mut fake, Message::Spake { msg: vec![0; 32] }).await;
    let e = tokio::time::timeout(LIMIT, h.next())
        .await
        .unwrap()
        .unwrap_err();
    assert!(matches!(e, NetError::Protocol(_)), "{e}");

    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut fake, _) = host_against_fake(dir.path()).await;
    raw(
        &mut fake,
        Message::Event {
            seq: 5,
            event: white("D4"),
            time_used_ms: None,
            state_hash: 0,
        },
    )
    .await;
    let e = tokio::time::timeout(LIMIT, h.next())
        .await
        .unwrap()
        .unwrap_err();
    assert!(
        e.to_string().contains("event 5 arrived where 1 was due"),
        "{e}"
    );
}

#[tokio::test]
async fn a_local_event_the_rules_refuse_is_not_sent() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, _fake, _) = host_against_fake(dir.path()).await;
    let e = h
        .act(Event::Play {
            color: Color::White,
            point: pt("D4", 9),
        })
        .await
        .unwrap_err();
    assert!(matches!(e, NetError::Game(_)), "{e}");
    assert!(!h.awaiting_ack());
}

async fn nigiri_pair(dir: &std::path::Path) -> (Link, Link, GameStore, GameStore, Terms) {
    let (hid, jid) = (identity(dir, "host"), identity(dir, "joiner"));
    let (_host, hl, jl) = pair(&hid, &jid).await;
    (
        hl,
        jl,
        GameStore::new(dir.join("h")),
        GameStore::new(dir.join("j")),
        terms("nigiri", 9, Colors::Nigiri),
    )
}

#[tokio::test]
async fn an_honest_nigiri_gives_each_side_one_colour() {
    let dir = tempfile::tempdir().unwrap();
    let (hl, jl, hs, js, terms) = nigiri_pair(dir.path()).await;
    let (h, j) = sessions(hl, jl, &terms, &hs, &js).await;
    assert_eq!(h.local_color().opponent(), j.local_color());
}

#[tokio::test]
async fn a_cheating_nigiri_reveal_is_detected() {
    let dir = tempfile::tempdir().unwrap();
    let (mut hl, jl, _hs, js, terms) = nigiri_pair(dir.path()).await;
    let cheat = async {
        hl.send(&Message::Terms(terms.clone())).await.unwrap();
        let Message::Agree { .. } = hl.recv().await.unwrap() else {
            panic!("agreement expected")
        };
        let nonce = [3u8; 32];
        hl.send(&Message::NigiriCommit {
            digest: nigiri::commit(13, &nonce).unwrap().0,
        })
        .await
        .unwrap();
        let Message::NigiriGuess { odd } = hl.recv().await.unwrap() else {
            panic!("call expected")
        };
        // Change the count after hearing the call, so the caller loses.
        let count = if odd { 14 } else { 13 };
        hl.send(&Message::NigiriReveal { count, nonce })
            .await
            .unwrap();
        hl
    };
    let (j, _hl) = tokio::time::timeout(LIMIT, async {
        tokio::join!(kaisho_net::join_game(jl, Some(&terms), true, &js), cheat)
    })
    .await
    .unwrap();
    assert!(matches!(j, Err(NetError::NigiriCheat)));
}

#[tokio::test]
async fn different_terms_are_refused_on_both_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (hl, jl, hs, js, terms) = nigiri_pair(dir.path()).await;
    let mut mine = terms.clone();
    mine.komi_halves = 9;
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::host_game(hl, terms.clone(), &hs),
            kaisho_net::join_game(jl, Some(&mine), true, &js)
        )
    })
    .await
    .unwrap();
    assert!(matches!(j, Err(NetError::TermsDiffer(_))));
    let h = h.err().unwrap();
    assert!(h.to_string().contains("terms differ"), "{h}");
}

#[tokio::test]
async fn a_game_id_that_is_a_path_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (mut hl, jl, _hs, js, mut terms) = nigiri_pair(dir.path()).await;
    terms.game_id = "../../escape".into();
    raw(&mut hl, Message::Terms(terms)).await;
    let j = tokio::time::timeout(LIMIT, kaisho_net::join_game(jl, None, true, &js))
        .await
        .unwrap();
    let j = j.err().unwrap();
    assert!(j.to_string().contains("not a game id"), "{j}");
    let closed = tokio::time::timeout(LIMIT, hl.recv())
        .await
        .unwrap()
        .unwrap_err();
    assert!(closed.to_string().contains("not a game id"), "{closed}");
    assert!(!dir.path().join("escape.kgl").exists());
}

/// A real joiner session against a hand-driven host link, the terms
/// agreed (the host plays Black).
async fn joiner_against_fake(dir: &std::path::Path) -> (Session, Link) {
    let (hid, jid) = (identity(dir, "host"), identity(dir, "joiner"));
    let (_host, mut fake, jl) = pair(&hid, &jid).await;
    let store = GameStore::new(dir.join("j"));
    let terms = terms("early", 9, Colors::HostBlack);
    let fake_side = async {
        fake.send(&Message::Terms(terms.clone())).await.unwrap();
        let agreed = fake.recv().await.unwrap();
        assert!(matches!(agreed, Message::Agree { .. }), "{agreed:?}");
    };
    let (session, ()) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::join_game(jl, Some(&terms), true, &store),
            fake_side
        )
    })
    .await
    .unwrap();
    (session.unwrap(), fake)
}

/// The watchers' lines reach a player only once the game has ended: a
/// host that sends them during the game breaks the protocol, and the
/// joiner closes the connection saying so, its save kept.
#[tokio::test]
async fn kibitz_sent_to_the_joiner_before_the_end_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (mut j, mut fake) = joiner_against_fake(dir.path()).await;
    let early = Message::Kibitzed {
        lines: vec![KibitzedLine {
            after_event: 0,
            name: "Aki".into(),
            text: "black is thin".into(),
        }],
        more: false,
    };
    raw(&mut fake, early).await;
    let e = tokio::time::timeout(LIMIT, j.next())
        .await
        .unwrap()
        .unwrap_err();
    assert!(matches!(e, NetError::Protocol(_)), "{e}");
    assert!(e.to_string().contains("before the game ended"), "{e}");
    assert!(j.kibitz().is_empty());
    let closed = tokio::time::timeout(LIMIT, fake.recv())
        .await
        .unwrap()
        .unwrap_err();
    assert!(
        closed.to_string().contains("before the game ended"),
        "{closed}"
    );
    assert_eq!(read_log(j.log_path()).unwrap().events.len(), 0);
}
