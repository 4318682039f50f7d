//! Each side writes its own event to its log before sending it. A crash
//! can then leave a log that ends with an event the partner never got, or
//! both logs ending with their own events of the same number (crossed);
//! resuming brings both to the same events, nothing lost and nothing
//! applied twice, and saves that really differ still stop the game with
//! both logs kept as they were.

mod common;

use common::*;
use kaisho_core::{Color, Event};
use kaisho_net::{Colors, NetError, Session, Update};
use kaisho_saves::identity::Identity;
use kaisho_saves::log::{GameStore, read_log};
use std::path::Path;

/// A club of two with a new game "g" on 9×9, the host Black.
struct Club {
    hid: Identity,
    jid: Identity,
    hs: GameStore,
    js: GameStore,
}

impl Club {
    async fn new(dir: &Path) -> (Club, Session, Session) {
        let (hid, jid) = (identity(dir, "host"), identity(dir, "joiner"));
        let (_host, hl, jl) = pair(&hid, &jid).await;
        let (hs, js) = (GameStore::new(dir.join("h")), GameStore::new(dir.join("j")));
        let (h, j) = sessions(hl, jl, &terms("g", 9, Colors::HostBlack), &hs, &js).await;
        (Club { hid, jid, hs, js }, h, j)
    }

    /// The game resumed with the first host hosting again.
    async fn resumed(&self) -> (Session, Session) {
        resume_game((&self.hid, &self.hs), (&self.jid, &self.js), "g").await
    }

    /// How many events each log holds: the host's, the joiner's.
    fn logged(&self) -> (usize, usize) {
        let n = |s: &GameStore| s.load("g").unwrap().game.events().len();
        (n(&self.hs), n(&self.js))
    }
}

/// The next update within the time limit.
async fn next(s: &mut Session) -> Update {
    tokio::time::timeout(LIMIT, s.next())
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn an_event_logged_and_sent_but_never_received_is_sent_again_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let (club, mut h, mut j) = Club::new(dir.path()).await;
    play(&mut h, &mut j, stones(0, 6)).await;

    // Black (the host) moves; the joiner crashes before it reads the move.
    let e = stones(6, 7).pop().unwrap();
    h.act(e.clone()).await.unwrap();
    drop((h, j));
    assert_eq!(club.logged(), (7, 6));

    let (mut h, mut j) = club.resumed().await;
    same_logs(&h, &j);
    assert_eq!(next(&mut j).await, Update::Remote { seq: 7, event: e });
    play(&mut h, &mut j, stones(7, 12)).await;
    finish(&mut h, &mut j).await;
    same_logs(&h, &j);
    assert_eq!(read_log(h.log_path()).unwrap().events.len(), 16);
}

#[tokio::test]
async fn killed_after_writing_before_sending_the_event_is_sent_again_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let (club, mut h, mut j) = Club::new(dir.path()).await;
    play(&mut h, &mut j, stones(0, 7)).await;
    drop((h, j));

    // White (the joiner) was killed between the flush of its move and the
    // send: its log holds the move as `act` wrote it, the host's does not.
    let e = stones(7, 8).pop().unwrap();
    let (mut log, _) = club.js.resume("g").unwrap();
    log.append(&e, None).unwrap();
    drop(log);
    assert_eq!(club.logged(), (7, 8));

    let (mut h, mut j) = club.resumed().await;
    same_logs(&h, &j);
    assert_eq!(next(&mut h).await, Update::Remote { seq: 8, event: e });
    play(&mut h, &mut j, stones(8, 12)).await;
    finish(&mut h, &mut j).await;
    same_logs(&h, &j);
}

#[tokio::test]
async fn sent_and_logged_by_the_partner_but_the_acknowledgement_lost() {
    let dir = tempfile::tempdir().unwrap();
    let (club, mut h, mut j) = Club::new(dir.path()).await;
    play(&mut h, &mut j, stones(0, 4)).await;

    // The host moves, the joiner logs and acknowledges it, and the host
    // crashes before the acknowledgement arrives.
    let e = stones(4, 5).pop().unwrap();
    let (seq, _) = h.act(e.clone()).await.unwrap();
    assert_eq!(next(&mut j).await, Update::Remote { seq, event: e });
    drop((h, j));
    assert_eq!(club.logged(), (5, 5));

    // Nothing is sent again and nothing applied twice: White moves next.
    let (mut h, mut j) = club.resumed().await;
    same_logs(&h, &j);
    assert!(!h.awaiting_ack() && !j.awaiting_ack());
    play(&mut h, &mut j, stones(5, 10)).await;
    finish(&mut h, &mut j).await;
    same_logs(&h, &j);
    assert_eq!(read_log(h.log_path()).unwrap().events.len(), 14);
}

/// Both propose at once and crash before either reads the other's
/// proposal, so each log ends with its own event 4; then the game is
/// resumed, hosted by the first host or, with `swapped`, the first joiner.
/// Whoever hosts the resumption keeps its proposal; the other is told it
/// was withdrawn and then gets the winner's, and the game ends alike.
async fn crossed_then_resumed(swapped: bool) {
    let dir = tempfile::tempdir().unwrap();
    let (club, mut h, mut j) = Club::new(dir.path()).await;
    let (hosts, joiners) = crossed_proposals(&mut h, &mut j).await;
    drop((h, j));
    assert_eq!(club.logged(), (4, 4));

    let (first_host, first_joiner) = ((&club.hid, &club.hs), (&club.jid, &club.js));
    let (mut winner, mut loser, kept, withdrawn) = if swapped {
        let (a, b) = resume_game(first_joiner, first_host, "g").await;
        (a, b, joiners, hosts)
    } else {
        let (a, b) = resume_game(first_host, first_joiner, "g").await;
        (a, b, hosts, joiners)
    };
    same_logs(&winner, &loser);
    let told = [next(&mut loser).await, next(&mut loser).await];
    assert_eq!(
        told,
        [
            withdrawn_before(&winner, &withdrawn),
            Update::Remote {
                seq: 4,
                event: kept
            }
        ]
    );
    gave_way(&winner, &loser, &withdrawn);
    accept_to_the_end(&mut loser, &mut winner).await;
}

#[tokio::test]
async fn crossed_events_in_both_logs_resume_with_the_hosts() {
    crossed_then_resumed(false).await;
}

/// Neither crossed event was acknowledged, so whichever stands, nothing
/// acknowledged is lost.
#[tokio::test]
async fn crossed_events_resume_with_the_event_of_whoever_hosts_the_resumption() {
    crossed_then_resumed(true).await;
}

#[tokio::test]
async fn saves_that_really_differ_stop_the_resumption_with_both_logs_kept() {
    // The joiner's save is edited two ways that look like a crossing
    // (as many events, another last position): an earlier move differs,
    // or its last event, its own colour's, differs from the host's.
    let edits: [fn(&GameStore); 2] = [
        |js| {
            let (mut log, _) = js.resume("g").unwrap();
            log.withdraw(4).unwrap();
            log.withdraw(3).unwrap();
            log.append(
                &Event::Pass {
                    color: Color::Black,
                },
                None,
            )
            .unwrap();
            log.append(&stones(3, 4)[0], None).unwrap();
        },
        |js| {
            let (mut log, _) = js.resume("g").unwrap();
            log.withdraw(4).unwrap();
            log.append(
                &Event::Pass {
                    color: Color::White,
                },
                None,
            )
            .unwrap();
        },
    ];
    for edit in edits {
        let dir = tempfile::tempdir().unwrap();
        let (club, mut h, mut j) = Club::new(dir.path()).await;
        play(&mut h, &mut j, stones(0, 4)).await;
        drop((h, j));
        edit(&club.js);
        let files = |c: &Club| [&c.hs, &c.js].map(|s| std::fs::read(s.path_of("g")).unwrap());
        let before = files(&club);

        let (h, j) = try_resume((&club.hid, &club.hs), (&club.jid, &club.js), "g").await;
        let (h, j) = (h.err().unwrap(), j.err().unwrap());
        // One side finds the difference, the other reads why it was closed.
        let stopped = |e: &NetError| match e {
            NetError::Diverged { .. } | NetError::Rejected { .. } => true,
            NetError::Refused(why) => why.contains("disagree") || why.contains("was refused"),
            _ => false,
        };
        assert!(stopped(&h) && stopped(&j), "host: {h}; joiner: {j}");
        assert_eq!(files(&club), before, "both logs are kept as they were");
    }
}
