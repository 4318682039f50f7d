//! Watchers (観戦): let in with the watch code, never the players' code;
//! sent the game so far and every event after; capped in number; dropped
//! when they stop reading, without holding up the players; disconnected
//! when they send a player's frame; and their chat kept from the players.

mod common;

use common::*;
use kaisho_core::clock::TimeControl;
use kaisho_core::{Color, Event, Phase};
use kaisho_net::watch::{MAX_WATCHERS, Seen, Watcher};
use kaisho_net::wire::{ColorW, EventW, Hello, Message, PROTOCOL_VERSION};
use kaisho_net::{Colors, Dropped, JoinCode, NetError, Secret, Session, TimeW, Update};
use kaisho_saves::identity::Identity;
use kaisho_saves::log::GameStore;
use std::time::Duration;

async fn watcher(w: &Watched, name: &str) -> Result<Watcher, NetError> {
    tokio::time::timeout(LIMIT, kaisho_net::watch(&w.watch_code, &w.watcher_id, name))
        .await
        .unwrap()
}

/// Reads until `n` events have been seen; everything else seen on the way.
async fn events(watcher: &mut Watcher, n: usize) -> (Vec<Event>, Vec<Seen>) {
    let mut seen_events = Vec::new();
    let mut others = Vec::new();
    tokio::time::timeout(LIMIT, async {
        while seen_events.len() < n {
            match watcher.next().await.unwrap() {
                Seen::Event { seq, event, .. } => {
                    assert_eq!(seq as usize, seen_events.len() + 1);
                    seen_events.push(event);
                }
                other => others.push(other),
            }
        }
    })
    .await
    .unwrap();
    (seen_events, others)
}

#[tokio::test]
async fn sixteen_watchers_see_the_same_game_and_result_and_a_seventeenth_is_refused() {
    let mut w = watched(MAX_WATCHERS).await;
    let mut watchers = Vec::new();
    for i in 0..MAX_WATCHERS {
        watchers.push(watcher(&w, &format!("W{i}")).await.unwrap());
    }
    assert_eq!(w.hub.watchers(), MAX_WATCHERS);
    let Err(NetError::Refused(reason)) = watcher(&w, "W16").await else {
        panic!("the seventeenth watcher is refused");
    };
    assert!(reason.contains("16 watchers"), "{reason}");

    play(&mut w.h, &mut w.j, stones(0, 6)).await;
    w.h.chat("onegaishimasu").await.unwrap();
    let heard = tokio::time::timeout(LIMIT, w.j.next()).await.unwrap();
    assert_eq!(heard.unwrap(), Update::Chat("onegaishimasu".into()));
    finish(&mut w.h, &mut w.j).await;
    let played = w.h.game().events().to_vec();
    for watcher in &mut watchers {
        assert_eq!(watcher.names, ["Honinbo".to_string(), "Kitani".to_string()]);
        let (seen, others) = events(watcher, played.len()).await;
        assert_eq!(seen, played);
        assert!(others.contains(&Seen::Said {
            color: Color::Black,
            text: "onegaishimasu".into()
        }));
        assert_eq!(watcher.game().phase(), Phase::Ended);
        assert_eq!(watcher.game().outcome(), w.h.game().outcome());
    }
}

#[tokio::test]
async fn a_watcher_joining_late_or_again_after_a_drop_catches_up_from_the_start() {
    let mut w = watched(MAX_WATCHERS).await;
    play(&mut w.h, &mut w.j, stones(0, 3)).await;
    let mut first = watcher(&w, "Late").await.unwrap();
    assert_eq!(events(&mut first, 3).await.0, w.h.game().events());
    drop(first);
    play(&mut w.h, &mut w.j, stones(3, 6)).await;
    let mut again = watcher(&w, "Late").await.unwrap();
    assert_eq!(events(&mut again, 6).await.0, w.h.game().events());
    finish(&mut w.h, &mut w.j).await;
    let after_the_end = watcher(&w, "After").await;
    let mut after_the_end = after_the_end.unwrap();
    let n = w.h.game().events().len();
    assert_eq!(events(&mut after_the_end, n).await.0, w.h.game().events());
    assert_eq!(after_the_end.game().outcome(), w.h.game().outcome());
}

#[tokio::test]
async fn a_watcher_that_stops_reading_is_dropped_and_the_players_go_on() {
    let mut w = watched(MAX_WATCHERS).await;
    let idle = watcher(&w, "Asleep").await.unwrap();
    assert_eq!(w.hub.watchers(), 1);
    let line = "x".repeat(500);
    let mut lines = 0;
    tokio::time::timeout(LIMIT * 3, async {
        while w.hub.watchers() == 1 && lines < 20_000 {
            w.h.chat(&line).await.unwrap();
            assert_eq!(w.j.next().await.unwrap(), Update::Chat(line.clone()));
            lines += 1;
        }
    })
    .await
    .unwrap();
    assert_eq!(w.hub.watchers(), 0, "dropped after {lines} lines");
    play(&mut w.h, &mut w.j, stones(0, 2)).await;
    assert_eq!(w.h.game().events().len(), 2);
    // The dropped watcher, reading again, is told why.
    let mut idle = idle;
    let told = tokio::time::timeout(LIMIT, async {
        for _ in 0..30_000 {
            if let Err(e) = idle.next().await {
                return Some(e);
            }
        }
        None
    })
    .await
    .unwrap();
    assert!(
        matches!(told, Some(NetError::Dropped(Dropped::Behind))),
        "the dropped watcher is told why, not {told:?}"
    );
}

#[tokio::test]
async fn a_wrong_watch_code_is_refused_and_three_burn_it() {
    let w = watched(MAX_WATCHERS).await;
    let wrong = JoinCode {
        addr: w.watch_code.addr,
        secret: Secret::from_random(1),
    };
    for left in [2, 1] {
        let e = tokio::time::timeout(LIMIT, kaisho_net::watch(&wrong, &w.watcher_id, "G"))
            .await
            .unwrap();
        assert!(matches!(e, Err(NetError::WrongCode { left: l }) if l == left));
    }
    let players_code = JoinCode {
        addr: w.watch_code.addr,
        secret: w.join_code.secret.clone(),
    };
    let e = tokio::time::timeout(LIMIT, kaisho_net::watch(&players_code, &w.watcher_id, "G"))
        .await
        .unwrap();
    assert!(matches!(e, Err(NetError::CodeBurned)), "{:?}", e.err());
    assert!(matches!(
        watcher(&w, "Right").await,
        Err(NetError::CodeBurned)
    ));
}

/// Every frame a watcher that proved the watch code may not send: the
/// players' own (moves and the ending's events, acknowledgements, chat,
/// clocks, the set-up and the greeting again) and the host's to its
/// watchers.
fn players_frames() -> Vec<Message> {
    let play = EventW::from(&Event::Play {
        color: Color::Black,
        point: pt("E5", 9),
    });
    let propose = EventW::from(&Event::Propose {
        by: Color::White,
        dead: vec![pt("C1", 9)],
    });
    let t = terms("rogue", 9, Colors::HostBlack);
    vec![
        Message::Event {
            seq: 1,
            event: play,
            time_used_ms: None,
            state_hash: 0,
        },
        Message::Event {
            seq: 2,
            event: propose,
            time_used_ms: Some(1),
            state_hash: 0,
        },
        Message::Ack {
            seq: 1,
            state_hash: 0,
        },
        Message::Chat {
            text: "resign".into(),
        },
        Message::Clock {
            main_left_ms: 0,
            periods_left: 0,
        },
        Message::Hello(Hello {
            protocol: PROTOCOL_VERSION,
            program: "0".into(),
            name: "Kitani".into(),
            fingerprint: [0; 32],
        }),
        Message::Spake { msg: vec![0; 33] },
        Message::Confirm { mac: [0; 32] },
        Message::Rejoin,
        Message::Watch { msg: vec![0; 33] },
        Message::Terms(t.clone()),
        Message::Agree { digest: [0; 32] },
        Message::NigiriCommit { digest: [0; 32] },
        Message::NigiriGuess { odd: true },
        Message::NigiriReveal {
            count: 3,
            nonce: [0; 32],
        },
        Message::Resume {
            game_id: "w1".into(),
            events: 0,
            digest: 0,
            time: t.time,
        },
        Message::Differs {
            record: 0,
            reason: String::new(),
        },
        Message::Watching {
            terms: t,
            black: "B".into(),
            white: "W".into(),
        },
        Message::Said {
            color: ColorW::White,
            text: "I resign".into(),
        },
        Message::Clocked {
            color: ColorW::White,
            main_left_ms: 0,
            periods_left: 0,
        },
        Message::Kibitzed {
            lines: vec![],
            more: false,
        },
    ]
}

/// A watcher that proved the watch code and then sends any frame but its
/// chat or goodbye is dropped at once with close code 6, which it reads as
/// [`Dropped::ReadOnly`]; the players' game goes on as if nothing came
/// (both logs the same, every move taken), and a watcher beside it keeps
/// following.
#[tokio::test]
async fn a_watcher_sending_any_players_frame_is_dropped_and_nothing_else_is_touched() {
    let mut w = watched(MAX_WATCHERS).await;
    let mut steady = watcher(&w, "Steady").await.unwrap();
    let frames = players_frames();
    // One move after each frame: the stones of `stones`, then three more.
    let mut moves = stones(0, 18);
    for (color, point) in [
        (Color::Black, "E2"),
        (Color::White, "E8"),
        (Color::Black, "E4"),
    ] {
        let point = pt(point, 9);
        moves.push(Event::Play { color, point });
    }
    assert_eq!(moves.len(), frames.len());
    let mut slowest = std::time::Duration::ZERO;
    for (i, frame) in frames.iter().enumerate() {
        let mut rogue = watcher(&w, &format!("Rogue{i}")).await.unwrap();
        assert_eq!(w.hub.watchers(), 2);
        let sent = std::time::Instant::now();
        rogue.send_raw(frame).await.unwrap();
        let told = past_the_events(&mut rogue).await;
        assert!(
            matches!(told, Err(NetError::Dropped(Dropped::ReadOnly))),
            "frame {i} ({frame:?}): the watcher is dropped as read-only, not {told:?}"
        );
        tokio::time::timeout(LIMIT, async {
            while w.hub.watchers() != 1 {
                tokio::time::sleep(std::time::Duration::from_millis(2)).await;
            }
        })
        .await
        .expect("the host forgets the dropped watcher");
        slowest = slowest.max(sent.elapsed());
        // The players go on: one move each time, by either side in turn.
        play(&mut w.h, &mut w.j, vec![moves[i].clone()]).await;
    }
    eprintln!(
        "{} frames: each watcher dropped within {slowest:?}",
        frames.len()
    );
    same_logs(&w.h, &w.j);
    let played = w.h.game().events().to_vec();
    assert_eq!(played.len(), frames.len());
    assert_eq!(w.j.game().events(), played);
    let (seen, _) = events(&mut steady, played.len()).await;
    assert_eq!(seen, played);
    assert_eq!(w.hub.watchers(), 1);
}

#[tokio::test]
async fn a_watcher_sending_a_kibitz_line_over_the_limit_is_disconnected() {
    let mut w = watched(MAX_WATCHERS).await;
    let mut rogue = watcher(&w, "Rogue").await.unwrap();
    let long = "k".repeat(kaisho_saves::limits::MAX_CHAT_CHARS + 1);
    rogue.kibitz(&long).await.unwrap();
    let ended = past_the_events(&mut rogue).await;
    let Err(NetError::Refused(reason)) = ended else {
        panic!("the watcher is closed with a reason, not {ended:?}");
    };
    assert!(reason.contains("501 characters long"), "{reason}");
    play(&mut w.h, &mut w.j, stones(0, 2)).await;
    assert_eq!(w.h.game().events().len(), 2);
}

/// A watched game with two watchers in, Aki (who kibitzes) and Ban.
async fn aki_and_ban() -> (Watched, Watcher, Watcher) {
    let w = watched(MAX_WATCHERS).await;
    let a = watcher(&w, "Aki").await.unwrap();
    let b = watcher(&w, "Ban").await.unwrap();
    (w, a, b)
}

/// Watcher `a` says `text`; watcher `b` hears it from the hub (past the
/// game's events), so the hub holds it.
async fn say_and_hear(a: &mut Watcher, b: &mut Watcher, text: &str) {
    a.kibitz(text).await.unwrap();
    let heard = tokio::time::timeout(LIMIT, async {
        loop {
            match b.next().await.unwrap() {
                Seen::Event { .. } => {}
                other => return other,
            }
        }
    })
    .await
    .unwrap();
    assert_eq!(
        heard,
        Seen::Kibitz {
            name: "Aki".into(),
            text: text.into()
        }
    );
}

#[tokio::test]
async fn kibitz_reaches_the_other_watchers_and_both_players_only_after_the_end() {
    let (mut w, mut a, mut b) = aki_and_ban().await;
    say_and_hear(&mut a, &mut b, "black is thin").await;
    // The players' next updates are their own moves only (step checks it).
    play(&mut w.h, &mut w.j, stones(0, 2)).await;
    let (_, others) = events(&mut a, 2).await;
    assert!(others.is_empty(), "{others:?}");
    // More lines than one frame carries.
    for i in 0..20 {
        say_and_hear(&mut a, &mut b, &format!("line {i}")).await;
    }
    for p in [&w.h, &w.j] {
        assert!(p.kibitz().is_empty() && p.kibitz_log().is_empty());
    }
    finish(&mut w.h, &mut w.j).await;
    let log = w.h.kibitz_log();
    assert_eq!(log.len(), 21);
    assert_eq!(log[0], (0, "Aki".to_string(), "black is thin".to_string()));
    assert_eq!(log[1], (2, "Aki".to_string(), "line 0".to_string()));
    assert_eq!(
        w.h.kibitz()[0],
        ("Aki".to_string(), "black is thin".to_string())
    );
    // The joiner, whose own acceptance ended the game, holds the same
    // lines at the same places, sent by the host at the end.
    assert_eq!(w.j.kibitz_log(), log);
    assert!(!w.j.awaiting_ack());
}

#[tokio::test]
async fn the_joiner_gets_the_kibitz_when_the_hosts_resignation_ends_the_game() {
    let (mut w, mut a, mut b) = aki_and_ban().await;
    play(&mut w.h, &mut w.j, stones(0, 3)).await;
    say_and_hear(&mut a, &mut b, "white leads").await;
    assert!(logged_kibitz(&w.h).is_empty(), "held from the logs in play");
    step(
        &mut w.h,
        &mut w.j,
        Event::Resign {
            color: Color::Black,
        },
    )
    .await;
    let said = vec![(3, "Aki".to_string(), "white leads".to_string())];
    assert_eq!(w.h.kibitz_log(), said);
    assert_eq!(w.j.kibitz_log(), said);
    // The report: kibitz shown to both players was in neither's later
    // records. Both logs now hold the lines, so every record made of
    // either keeps them.
    assert_eq!(logged_kibitz(&w.h), said);
    assert_eq!(logged_kibitz(&w.j), said);
}

#[tokio::test]
async fn a_game_resumed_after_a_drop_goes_on_for_its_watchers() {
    let mut w = watched(MAX_WATCHERS).await;
    let mut watcher = watcher(&w, "Patient").await.unwrap();
    play(&mut w.h, &mut w.j, stones(0, 3)).await;
    let (h, j) = (w.h, w.j);
    drop((h, j));
    let (hid, jid) = &w.players;
    let (mut h, mut j) = resume_game((hid, &w.stores.0), (jid, &w.stores.1), "w1").await;
    h.share(w.hub.clone()).unwrap();
    play(&mut h, &mut j, stones(3, 5)).await;
    let (seen, _) = events(&mut watcher, 5).await;
    assert_eq!(seen, h.game().events());
}

/// The host resigns and the connection drops before the joiner reads it:
/// on resuming, the joiner's save gets the resignation and its session the
/// watchers' lines, sent once the host shares the game again.
#[tokio::test]
async fn a_joiner_that_missed_the_end_gets_the_kibitz_on_resuming() {
    let (mut w, mut a, mut b) = aki_and_ban().await;
    play(&mut w.h, &mut w.j, stones(0, 2)).await;
    say_and_hear(&mut a, &mut b, "white leads").await;
    let resign = Event::Resign {
        color: Color::Black,
    };
    w.h.act(resign.clone()).await.unwrap();
    let (h, j) = (w.h, w.j);
    drop((h, j));
    let (hid, jid) = &w.players;
    let (mut h, mut j) = resume_game((hid, &w.stores.0), (jid, &w.stores.1), "w1").await;
    h.share(w.hub.clone()).unwrap();
    assert_eq!(j.game().phase(), Phase::Ended);
    assert!(j.kibitz_log().is_empty() && j.awaiting_ack());
    h.bye("good game").await;
    let update = tokio::time::timeout(LIMIT, j.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        update,
        Update::Remote {
            seq: 3,
            event: resign
        }
    );
    let said = vec![(2, "Aki".to_string(), "white leads".to_string())];
    assert_eq!(j.kibitz_log(), said);
    assert!(!j.awaiting_ack());
}

#[tokio::test]
async fn a_watcher_before_the_game_has_its_players_is_told_to_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, wid) = (identity(dir.path(), "host"), identity(dir.path(), "w"));
    let (mut host, join_code) = host(&hid, "Honinbo", 42);
    host.allow_watching(Secret::from_random(4242), MAX_WATCHERS)
        .unwrap();
    let code = host.watch_code(None).unwrap().unwrap();
    // Watchers have a port of their own, served while the host waits.
    assert_ne!(code.addr, host.local_addr().unwrap());
    let at_watcher = tokio::time::timeout(LIMIT, kaisho_net::watch(&code, &wid, "Early"))
        .await
        .unwrap();
    let Err(NetError::Refused(reason)) = at_watcher else {
        panic!("the early watcher is refused with a reason");
    };
    assert!(reason.contains("not started"), "{reason}");
    // The players' code is untouched: the partner still joins.
    let jid = identity(dir.path(), "joiner");
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&join_code, &jid, "Kitani"))
    })
    .await
    .unwrap();
    assert!(h.is_ok() && j.is_ok());
}

#[tokio::test]
async fn a_watcher_dialling_the_players_port_is_told_the_watchers_port() {
    let mut w = watched(MAX_WATCHERS).await;
    let players_port = JoinCode {
        addr: w.join_code.addr,
        secret: w.watch_code.secret.clone(),
    };
    let at_watcher = tokio::time::timeout(
        LIMIT,
        kaisho_net::watch(&players_port, &w.watcher_id, "Lost"),
    )
    .await
    .unwrap();
    let Err(NetError::Refused(reason)) = at_watcher else {
        panic!("a watcher at the players' port is refused with a reason");
    };
    let port = w.watch_code.addr.port().to_string();
    assert!(reason.contains(&port), "{reason}");
    assert_eq!(w.hub.watchers(), 0);
    // The players go on, and the watchers' port lets the watcher in.
    let mut seen = watcher(&w, "Found").await.unwrap();
    let pass = Event::Pass {
        color: Color::Black,
    };
    step(&mut w.h, &mut w.j, pass).await;
    let (events, _) = events(&mut seen, 1).await;
    assert_eq!(events, w.h.game().events());
}

#[tokio::test]
async fn closing_watching_drops_every_watcher_with_the_players_reason_and_lets_none_in() {
    let mut w = watched(MAX_WATCHERS).await;
    let mut aki = watcher(&w, "Aki").await.unwrap();
    let _ben = watcher(&w, "Ben").await.unwrap();
    assert_eq!(w.hub.names(), ["Aki", "Ben"]);
    assert!(!w.hub.closed());
    w.hub.close();
    assert!(w.hub.closed());
    assert!(w.hub.names().is_empty());
    assert_eq!(w.hub.watchers(), 0);
    let told = ended(&mut aki).await;
    assert!(
        matches!(told, NetError::Dropped(Dropped::PlayersClosed)),
        "the watcher is told the players closed watching, not {told:?}"
    );
    assert_eq!(told.to_string(), "the players closed watching");
    let again = watcher(&w, "Aki").await;
    assert!(
        matches!(again, Err(NetError::Dropped(Dropped::PlayersClosed))),
        "no watcher is let in once closed: {:?}",
        again.err()
    );
    // The players play on.
    play(&mut w.h, &mut w.j, stones(0, 2)).await;
    assert_eq!(w.j.game().events().len(), 2);
}

#[tokio::test]
async fn a_players_move_reaches_the_watchers_only_once_the_partner_has_it() {
    let mut w = watched(MAX_WATCHERS).await;
    let mut seen = watcher(&w, "Aki").await.unwrap();
    let black = stones(0, 1).remove(0);
    let (seq, _) = w.h.act(black.clone()).await.unwrap();
    // The joiner has not read the move yet: the watcher has nothing.
    let early = tokio::time::timeout(std::time::Duration::from_millis(300), seen.next()).await;
    assert!(
        early.is_err(),
        "a watcher saw a move its partner had not had: {early:?}"
    );
    let taken = tokio::time::timeout(LIMIT, w.j.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        taken,
        Update::Remote {
            seq,
            event: black.clone()
        }
    );
    let acked = tokio::time::timeout(LIMIT, w.h.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(acked, Update::Acked { seq });
    let (events, _) = events(&mut seen, 1).await;
    assert_eq!(events, [black]);
    // The joiner's answer reaches the watcher once the host has taken it.
    let white = stones(1, 2).remove(0);
    step(&mut w.j, &mut w.h, white.clone()).await;
    let next = tokio::time::timeout(LIMIT, seen.next())
        .await
        .unwrap()
        .unwrap();
    assert!(
        matches!(next, Seen::Event { seq: 2, ref event, .. } if *event == white),
        "{next:?}"
    );
}

/// The report's game: one period of 10 s. A watcher coming in 1.5 s into
/// White's turn reads both clocks as the host booked them and White's turn
/// as already running for 1.5 s, not from its own arrival.
#[tokio::test]
async fn a_watcher_coming_in_mid_turn_reads_the_players_time() {
    let time = TimeW::Byoyomi {
        main_ms: 0,
        periods: 1,
        period_ms: 10_000,
    };
    let mut w = watched_with(MAX_WATCHERS, time).await;
    play(&mut w.h, &mut w.j, stones(0, 3)).await;
    let running = Duration::from_millis(1_500);
    tokio::time::sleep(running).await;
    let mut late = watcher(&w, "Late").await.unwrap();
    let (seen, others) = events(&mut late, 3).await;
    assert_eq!(seen, w.h.game().events());
    let mut after = others;
    while after.len() < 3 {
        after.push(told(&mut late).await);
    }
    let booked = |h: &Session, color: Color| {
        let clock = h.clock(color);
        Seen::Clock {
            color,
            main_left_ms: clock.main_left_ms(),
            periods_left: clock.periods_left(),
        }
    };
    assert_eq!(
        after[..2],
        [booked(&w.h, Color::Black), booked(&w.h, Color::White)]
    );
    let Seen::Turn { used_ms } = after[2] else {
        panic!("no turn time after the clocks: {after:?}");
    };
    let ran = u64::try_from(running.as_millis()).unwrap();
    assert!(
        (ran..ran + 3_000).contains(&used_ms),
        "the turn had run {used_ms} ms"
    );
    // The next move reaches the watcher with both clocks again.
    play(&mut w.h, &mut w.j, stones(3, 4)).await;
    let mut next = Vec::new();
    for _ in 0..3 {
        next.push(told(&mut late).await);
    }
    assert!(matches!(next[0], Seen::Event { seq: 4, .. }), "{next:?}");
    assert_eq!(
        next[1..],
        [booked(&w.h, Color::Black), booked(&w.h, Color::White)]
    );
}

/// The players' review together after the game goes to the watchers who
/// stayed: the host's record, then every step in the players' order,
/// theirs and the joiner's alike; kibitz goes on beside it.
#[tokio::test]
async fn watchers_who_stay_follow_the_players_review_together() {
    let mut w = watched(MAX_WATCHERS).await;
    let mut late = watcher(&w, "Stays").await.unwrap();
    play(&mut w.h, &mut w.j, stones(0, 3)).await;
    finish(&mut w.h, &mut w.j).await;
    let n = w.h.game().events().len();
    events(&mut late, n).await;
    w.j.offer_review().await.unwrap();
    let offered = tokio::time::timeout(LIMIT, w.h.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(offered, Update::ReviewOffered);
    w.h.answer_review(true).await.unwrap();
    let answered = tokio::time::timeout(LIMIT, w.j.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(answered, Update::ReviewAnswered(true));
    let record = "(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[gg])";
    let (h, j) = (w.h, w.j);
    let (hosted, joined) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::review_after_game(h, record),
            kaisho_net::review_after_game(j, "")
        )
    })
    .await
    .unwrap();
    let ((mut h, _), (mut j, _)) = (hosted.unwrap(), joined.unwrap());
    let mut seen = Vec::new();
    // The joiner's step, ordered by the host; then the host's own.
    let theirs = kaisho_net::ReviewStep::Show(kaisho_saves::sgf::NodePath::from_indices(vec![0]));
    j.act(theirs.clone()).await.unwrap();
    let kaisho_net::ReviewNews::Asked(asked) = tokio::time::timeout(LIMIT, h.next())
        .await
        .unwrap()
        .unwrap()
    else {
        panic!("the host expected an ask");
    };
    h.act(asked).await.unwrap();
    let ours = kaisho_net::ReviewStep::Edit(kaisho_saves::sgf::TreeEdit::Comment {
        at: kaisho_saves::sgf::NodePath::from_indices(vec![0]),
        text: "a calm start".into(),
    });
    h.act(ours.clone()).await.unwrap();
    // The report: a watcher's words during the review reached nobody, not
    // even its own screen. The host adds them to the record as a comment
    // on the node shown, ordered like the joiner's steps, so both players,
    // the watchers and the watcher itself see it, and both records keep it.
    late.kibitz("a calm start indeed").await.unwrap();
    let kaisho_net::ReviewNews::Asked(said) = tokio::time::timeout(LIMIT, h.next())
        .await
        .unwrap()
        .unwrap()
    else {
        panic!("the host orders the watcher's line as a step");
    };
    let kept = kaisho_net::ReviewStep::Edit(kaisho_saves::sgf::TreeEdit::Comment {
        at: kaisho_saves::sgf::NodePath::from_indices(vec![0]),
        text: "[Stays] a calm start indeed".into(),
    });
    assert_eq!(said, kept);
    h.act(said).await.unwrap();
    for _ in 0..3 {
        let kaisho_net::ReviewNews::Step(step) = tokio::time::timeout(LIMIT, j.next())
            .await
            .unwrap()
            .unwrap()
        else {
            panic!("the joiner applies the host's steps");
        };
        if step == kept {
            break;
        }
    }
    while seen.len() < 4 {
        match tokio::time::timeout(LIMIT, late.next())
            .await
            .unwrap()
            .unwrap()
        {
            Seen::ReviewBegins { text } => seen.push(format!("record {text}")),
            Seen::ReviewStep(step) => seen.push(format!("{step:?}")),
            _ => {}
        }
    }
    assert_eq!(seen[0], format!("record {record}"));
    assert_eq!(seen[1], format!("{theirs:?}"));
    assert_eq!(seen[2], format!("{ours:?}"));
    assert_eq!(
        seen[3],
        format!("{kept:?}"),
        "the watcher's own line comes back"
    );
}

/// A host that sends its watchers the record of the players' review a
/// byte at a time: the watcher gives up at the deadline, saying how much
/// had come, and closes on the host rather than wait for ever.
#[tokio::test]
async fn a_watcher_is_cut_from_a_review_record_dripped_past_the_deadline() {
    const DEADLINE: Duration = Duration::from_millis(400);
    const DRIP: Duration = Duration::from_millis(20);
    const DRIPS: u32 = 150;
    let w = watched(MAX_WATCHERS).await;
    let mut patient = watcher(&w, "Patient").await.unwrap();
    patient.record_within(DEADLINE);
    let hub = w.hub.clone();
    let started = std::time::Instant::now();
    let drip = tokio::spawn(async move {
        let mut every = tokio::time::interval(DRIP);
        for _ in 0..DRIPS {
            every.tick().await;
            hub.publish(Message::ReviewBegin {
                game_id: "w1".into(),
                text: "(".into(),
                more: true,
            });
        }
    });
    let ended = ended(&mut patient).await;
    let took = started.elapsed();
    match ended {
        NetError::TooSlow { what, got, within } => {
            assert_eq!((what, within), (kaisho_net::Awaited::Record, DEADLINE));
            assert!((1..DRIPS as usize).contains(&got), "{got} bytes");
        }
        other => panic!("expected the record too slow, got {other}"),
    }
    assert!(took >= DEADLINE, "cut after {took:?}");
    assert!(
        took < DRIP * DRIPS,
        "cut after {took:?}, before the drip ended"
    );
    drip.abort();
}

/// What ends `watcher`'s watch, within the test's limit; what it is told
/// before is passed over.
async fn ended(watcher: &mut Watcher) -> NetError {
    tokio::time::timeout(LIMIT, async {
        loop {
            if let Err(e) = watcher.next().await {
                return e;
            }
        }
    })
    .await
    .unwrap()
}

/// The next thing a watcher is told, within the test's limit.
async fn told(watcher: &mut Watcher) -> Seen {
    tokio::time::timeout(LIMIT, watcher.next())
        .await
        .unwrap()
        .unwrap()
}

/// A player's connection drops mid-game: the watchers are told the clocks
/// stand, and once the partner is back they are given both clocks again
/// and the turn as it runs from the resumption, not from the drop.
#[tokio::test]
async fn watchers_are_told_the_clocks_stand_while_a_player_is_away_and_run_again_on_return() {
    let time = TimeW::Byoyomi {
        main_ms: 60_000,
        periods: 1,
        period_ms: 10_000,
    };
    let mut w = watched_with(MAX_WATCHERS, time).await;
    let mut watcher = watcher(&w, "Patient").await.unwrap();
    play(&mut w.h, &mut w.j, stones(0, 3)).await;
    let (seen, _) = events(&mut watcher, 3).await;
    assert_eq!(seen.len(), 3);
    let (h, j) = (w.h, w.j);
    drop((h, j));
    w.hub.away();
    let mut before = Vec::new();
    loop {
        match told(&mut watcher).await {
            Seen::Away => break,
            Seen::Clock { .. } => before.push(()),
            other => panic!("before the drop only clocks, not {other:?}"),
        }
    }
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    let (hid, jid) = &w.players;
    let (mut h, _j) = resume_game((hid, &w.stores.0), (jid, &w.stores.1), "w1").await;
    h.share(w.hub.clone()).unwrap();
    let mut back = Vec::new();
    for _ in 0..3 {
        back.push(told(&mut watcher).await);
    }
    let booked = |color: Color| {
        let clock = h.clock(color);
        Seen::Clock {
            color,
            main_left_ms: clock.main_left_ms(),
            periods_left: clock.periods_left(),
        }
    };
    assert_eq!(back[..2], [booked(Color::Black), booked(Color::White)]);
    let Seen::Turn { used_ms } = back[2] else {
        panic!("no turn after the clocks on the partner's return: {back:?}");
    };
    assert!(
        used_ms < 1_000,
        "the turn runs from the resumption, not from the drop: {used_ms} ms"
    );
}

/// The players adjourn: the watchers are told that, not a bare goodbye.
#[tokio::test]
async fn a_watcher_is_told_the_game_was_adjourned() {
    let mut w = watched(MAX_WATCHERS).await;
    let mut watcher = watcher(&w, "Patient").await.unwrap();
    play(&mut w.h, &mut w.j, stones(0, 2)).await;
    let (seen, _) = events(&mut watcher, 2).await;
    assert_eq!(seen, w.h.game().events());
    w.h.adjourn("").await.unwrap();
    assert_eq!(told(&mut watcher).await, Seen::Adjourned);
}

/// A game resumed from the saves, shared with watchers anew: a watcher is
/// sent the players' chat the host's log kept, each line among the events
/// where it was said.
#[tokio::test]
async fn a_game_resumed_from_its_saves_gives_its_watchers_the_chat_so_far() {
    let w = watched(MAX_WATCHERS).await;
    let (mut h, mut j) = (w.h, w.j);
    play(&mut h, &mut j, stones(0, 1)).await;
    h.chat("good luck").await.unwrap();
    let heard = tokio::time::timeout(LIMIT, j.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(heard, Update::Chat("good luck".into()));
    play(&mut h, &mut j, stones(1, 3)).await;
    j.chat("thank you").await.unwrap();
    let heard = tokio::time::timeout(LIMIT, h.next())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(heard, Update::Chat("thank you".into()));
    drop((h, j));
    let (_listener, _h, _j, mut late) =
        resumed_from_the_saves(&w.players, &w.stores, &w.watcher_id).await;
    let mut order = Vec::new();
    while order.len() < 5 {
        order.push(match told(&mut late).await {
            Seen::Event { seq, .. } => format!("event {seq}"),
            Seen::Said { color, text } => format!("{color:?}: {text}"),
            other => panic!("only events and chat, not {other:?}"),
        });
    }
    assert_eq!(
        order,
        [
            "event 1",
            "Black: good luck",
            "event 2",
            "event 3",
            "White: thank you"
        ]
    );
}

/// The watchers' lines as a log holds them.
fn logged_kibitz(session: &Session) -> Vec<(u32, String, String)> {
    kaisho_saves::log::read_log(session.log_path())
        .unwrap()
        .kibitz
        .into_iter()
        .map(|l| (l.after_event, l.name, l.text))
        .collect()
}

/// The report: kibitz said before an adjournment was absent after the
/// resume. The host's log keeps the lines on adjourning; the resumed game's
/// hub starts from them, so a watcher coming in hears them and the joiner
/// gets them at the end with the new ones.
#[tokio::test]
async fn the_watchers_lines_said_before_an_adjournment_outlast_it() {
    let (mut w, mut a, mut b) = aki_and_ban().await;
    play(&mut w.h, &mut w.j, stones(0, 2)).await;
    say_and_hear(&mut a, &mut b, "before the break").await;
    let (h, j) = (w.h, w.j);
    h.adjourn("").await.unwrap();
    drop(j);
    let (_listener, mut h, mut j, mut late) =
        resumed_from_the_saves(&w.players, &w.stores, &w.watcher_id).await;
    let (_, others) = events(&mut late, 2).await;
    let heard = match others.first() {
        Some(seen) => seen.clone(),
        None => told(&mut late).await,
    };
    assert_eq!(
        heard,
        Seen::Kibitz {
            name: "Aki".into(),
            text: "before the break".into()
        }
    );
    step(
        &mut h,
        &mut j,
        Event::Resign {
            color: Color::Black,
        },
    )
    .await;
    let said = vec![(2, "Aki".to_string(), "before the break".to_string())];
    assert_eq!(j.kibitz_log(), said);
    assert_eq!(logged_kibitz(&h), said);
    assert_eq!(logged_kibitz(&j), said);
}

/// The game of `players` resumed from both sides' saves (`stores`) by a
/// new host process:
/// a new listener that lets watchers in with a code of its own, both
/// sessions (the host's shared with the new hub), and a watcher let in.
async fn resumed_from_the_saves(
    (hid, jid): &(Identity, Identity),
    stores: &(GameStore, GameStore),
    watcher_id: &Identity,
) -> (kaisho_net::Host, Session, Session, Watcher) {
    let mut listener = kaisho_net::Host::bind(loopback(), hid, "Honinbo").unwrap();
    let hub = listener
        .allow_watching(Secret::from_random(77), MAX_WATCHERS)
        .unwrap();
    let code = listener.watch_code(None).unwrap().unwrap();
    let addr = listener.local_addr().unwrap();
    let (hl, jl) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            listener.accept_known(jid.fingerprint()),
            kaisho_net::rejoin(addr, hid.fingerprint(), jid, "Kitani")
        )
    })
    .await
    .unwrap();
    listener.refuse_others();
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::resume(hl.unwrap(), Some("w1"), &stores.0, TimeControl::None),
            kaisho_net::resume(jl.unwrap(), None, &stores.1, TimeControl::None)
        )
    })
    .await
    .unwrap();
    let mut h = h.unwrap();
    h.share(hub).unwrap();
    let late = tokio::time::timeout(LIMIT, kaisho_net::watch(&code, watcher_id, "Late"))
        .await
        .unwrap()
        .unwrap();
    (listener, h, j.unwrap(), late)
}
