//! Clocks over the network: each side times its own moves and reports the
//! time used; both books agree; a move past the allowance is a loss on
//! time; the partner's overrun can be claimed by the shadow clock, and not
//! before.

mod common;

use common::*;
use kaisho_core::{Color, Event, Outcome, WinBy};
use kaisho_net::{Colors, NetError, Session, TimeW};
use kaisho_saves::log::{GameStore, read_log};
use std::time::Duration;

async fn timed(dir: &std::path::Path, time: TimeW) -> (Session, Session) {
    let (hid, jid) = (identity(dir, "host"), identity(dir, "joiner"));
    let (_host, hl, jl) = pair(&hid, &jid).await;
    let (hs, js) = (GameStore::new(dir.join("h")), GameStore::new(dir.join("j")));
    let mut t = terms("clock", 9, Colors::HostBlack);
    t.time = time;
    sessions(hl, jl, &t, &hs, &js).await
}

#[tokio::test]
async fn byoyomi_books_agree_on_both_sides() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut j) = timed(
        dir.path(),
        TimeW::Byoyomi {
            main_ms: 150,
            periods: 3,
            period_ms: 400,
        },
    )
    .await;
    for (i, point) in ["C3", "G7", "C4", "G6"].into_iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        tokio::time::sleep(Duration::from_millis(100)).await;
        let (a, b) = by_color(&mut h, &mut j, color);
        step(
            a,
            b,
            Event::Play {
                color,
                point: pt(point, 9),
            },
        )
        .await;
        for c in [Color::Black, Color::White] {
            assert_eq!(h.clock(c), j.clock(c));
        }
    }
    let black = h.clock(Color::Black);
    assert_eq!(black.main_left_ms(), 0);
    assert_eq!(black.periods_left(), 3);
    let log = read_log(h.log_path()).unwrap();
    assert!(
        log.events
            .iter()
            .all(|e| e.time_used_ms.is_some_and(|t| t >= 100))
    );
    assert_eq!(log.events, read_log(j.log_path()).unwrap().events);
}

#[tokio::test]
async fn a_move_past_the_allowance_is_a_loss_on_time() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut j) = timed(dir.path(), TimeW::Absolute { main_ms: 50 }).await;
    tokio::time::sleep(Duration::from_millis(120)).await;
    let (_, sent) = h
        .act(Event::Play {
            color: Color::Black,
            point: pt("E5", 9),
        })
        .await
        .unwrap();
    assert_eq!(
        sent,
        Event::TimeLoss {
            color: Color::Black
        }
    );
    tokio::time::timeout(LIMIT, j.next())
        .await
        .unwrap()
        .unwrap();
    let lost = Some(Outcome::Win {
        winner: Color::White,
        by: WinBy::Time,
    });
    assert_eq!(j.game().outcome(), lost);
    assert_eq!(h.game().outcome(), lost);
}

#[tokio::test]
async fn the_partners_overrun_is_claimed_by_the_shadow_clock_and_not_before() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, mut j) = timed(dir.path(), TimeW::Absolute { main_ms: 200 }).await;
    let claim = Event::TimeLoss {
        color: Color::Black,
    };
    let early = j.act(claim.clone()).await.unwrap_err();
    assert!(matches!(early, NetError::NotNow(_)), "{early}");
    assert!(!j.partner_overdue());
    tokio::time::sleep(Duration::from_millis(200) + kaisho_net::session::LATENCY_GRACE).await;
    assert!(j.partner_overdue());
    step(&mut j, &mut h, claim).await;
    assert_eq!(h.game().outcome().unwrap().result_string(), "W+T");
    assert_eq!(j.game().outcome(), h.game().outcome());
}
