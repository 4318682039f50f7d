//! Two copies of a series that differ in the last result only: the joiner
//! answers the host's offer with its own record's digest, and the host
//! either takes that last result and offers the terms again, or keeps its
//! copy and the game is refused on both sides with nothing saved.

mod common;

use common::*;
use kaisho_net::{Colors, NetError, Refusal, Session, Terms};
use kaisho_saves::log::GameStore;
use std::future::Future;
use std::sync::Mutex;

const HOSTS: u64 = 0x1111;
const JOINERS: u64 = 0x2222;

/// Series game 4 of "aki-ben" from a copy whose record has digest `record`.
fn series_terms(record: u64, komi_halves: i32) -> Terms {
    Terms {
        komi_halves,
        series: Some(("aki-ben".into(), 4, record)),
        ..terms("20261124-120000-1-0123abcd", 9, Colors::HostBlack)
    }
}

/// The joiner's check: the game it expects is the series game from a copy
/// with its own record; an offer from the host's copy is answered with
/// that record. Every offer it is asked about is kept in `seen`.
fn joiners_check(
    seen: &Mutex<Vec<Terms>>,
) -> impl FnMut(Terms) -> std::future::Ready<Result<(), Refusal>> {
    move |terms: Terms| {
        seen.lock().unwrap().push(terms.clone());
        let answer = match &terms.series {
            Some((_, 4, JOINERS)) => Ok(()),
            Some((_, 4, HOSTS)) => Err(Refusal::LastResult {
                record: JOINERS,
                reason: "the copies differ in game 3's result".into(),
            }),
            _ => Err(Refusal::Differ("not this series game".into())),
        };
        std::future::ready(answer)
    }
}

fn games_in(store: &GameStore) -> usize {
    std::fs::read_dir(store.dir()).map_or(0, |d| d.count())
}

/// What a set-up between a host offering game 4 from its copy and the
/// joiner of [`joiners_check`] came to.
struct SetUp {
    host: Result<Session, NetError>,
    joiner: Result<Session, NetError>,
    /// Every offer the joiner checked.
    seen: Vec<Terms>,
    /// The games saved on each side.
    saved: (usize, usize),
}

/// A set-up over loopback in which the host answers the joiner's record
/// with `take`.
async fn set_up<Fut: Future<Output = Option<Terms>>>(
    take: impl FnOnce(u64, String) -> Fut,
) -> SetUp {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "h"), identity(dir.path(), "j"));
    let (hs, js) = (
        GameStore::new(dir.path().join("hg")),
        GameStore::new(dir.path().join("jg")),
    );
    let (_host, hl, jl) = pair(&hid, &jid).await;
    let seen = Mutex::new(Vec::new());
    let (host, joiner) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::host_game_with(hl, series_terms(HOSTS, 13), take, &hs),
            kaisho_net::join_game_with(jl, joiners_check(&seen), true, &js)
        )
    })
    .await
    .unwrap();
    SetUp {
        host,
        joiner,
        seen: seen.into_inner().unwrap(),
        saved: (games_in(&hs), games_in(&js)),
    }
}

#[tokio::test]
async fn the_host_takes_the_joiners_last_result_and_the_game_is_played_on_the_new_terms() {
    let asked = Mutex::new(Vec::new());
    let take = |record: u64, reason: String| {
        asked.lock().unwrap().push((record, reason));
        // Taking the joiner's game 3 changes game 4's komi on the host's copy.
        std::future::ready(Some(series_terms(record, 0)))
    };
    let SetUp {
        host,
        joiner,
        seen,
        saved,
    } = set_up(take).await;
    let (h, j) = (host.unwrap(), joiner.unwrap());
    assert_eq!(
        asked.into_inner().unwrap(),
        [(JOINERS, "the copies differ in game 3's result".to_string())]
    );
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert_eq!(seen[0].series, Some(("aki-ben".into(), 4, HOSTS)));
    assert_eq!(seen[1].series, Some(("aki-ben".into(), 4, JOINERS)));
    // The game id of the first offer is kept; the komi is the new terms'.
    assert_eq!(seen[1].game_id, seen[0].game_id);
    for session in [&h, &j] {
        assert_eq!(session.header().game_id, seen[0].game_id);
        assert_eq!(session.game().settings().komi.halves(), 0);
    }
    assert_eq!(saved, (1, 1));
}

#[tokio::test]
async fn a_host_that_keeps_its_copy_refuses_the_game_on_both_sides_and_saves_nothing() {
    let done = set_up(|_, _| std::future::ready(None)).await;
    for result in [done.host, done.joiner] {
        match result {
            Err(NetError::TermsDiffer(why)) => {
                assert!(why.contains("differ in game 3's result"), "{why}");
            }
            Err(other) => panic!("expected the terms to differ, got {other}"),
            Ok(_) => panic!("a game started from two copies that differ"),
        }
    }
    assert_eq!(done.seen.len(), 1);
    assert_eq!(done.saved, (0, 0));
}

/// A second offer that still differs from the joiner's copy is refused:
/// the host is asked once, and no game starts.
#[tokio::test]
async fn a_second_offer_that_still_differs_is_refused() {
    let takes = Mutex::new(0);
    let take = |_: u64, _: String| {
        *takes.lock().unwrap() += 1;
        std::future::ready(Some(series_terms(HOSTS, 13)))
    };
    let done = set_up(take).await;
    assert!(
        matches!(done.host, Err(NetError::TermsDiffer(_))),
        "{:?}",
        done.host.err()
    );
    assert!(
        matches!(done.joiner, Err(NetError::TermsDiffer(_))),
        "{:?}",
        done.joiner.err()
    );
    assert_eq!(takes.into_inner().unwrap(), 1);
    assert_eq!(done.seen.len(), 2);
    assert_eq!(done.saved, (0, 0));
}
