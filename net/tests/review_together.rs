//! Reviewing a saved game together (検討) over loopback: the host sends
//! its record, both sides step through it and add to it, and both apply
//! every step in the host's order, so both copies of the record end the
//! same, byte for byte. A hostile partner is refused.

mod common;

use common::*;
use kaisho_core::{Color, Point};
use kaisho_net::review::{MAX_RECORD_BYTES, ReviewNews, ReviewStep, join_review_within};
use kaisho_net::wire::{Message, ReviewStepW};
use kaisho_net::{Awaited, Link, NetError, ReviewSession, frame, host_review, join_review};
use kaisho_saves::limits::MAX_REVIEW_COMMENT_CHARS;
use kaisho_saves::sgf::{NodePath, SgfTree, TreeEdit};
use std::time::{Duration, Instant};

/// The record both review: four moves, a variation at move 3, comments.
const RECORD: &str = "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]PB[Aki]PW[Ben]RE[B+R]\
;B[pd]C[move one];W[dp];B[pp]C[the main line](;W[dd];B[qj])(;W[dc]C[a variation]))";

/// Host and joiner of a review of [`RECORD`], with the text the joiner got.
async fn reviewing(record: &str) -> (ReviewSession, ReviewSession, String) {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (_host, hl, jl) = pair(&hid, &jid).await;
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host_review(hl, "g1", record), join_review(jl))
    })
    .await
    .unwrap();
    let (j, text) = j.unwrap();
    (h.unwrap(), j, text)
}

/// The next step `side` applies: on the joiner the host's next, on the
/// host the joiner's ask, ordered.
async fn next_step(side: &mut ReviewSession) -> ReviewStep {
    match tokio::time::timeout(LIMIT, side.next())
        .await
        .unwrap()
        .unwrap()
    {
        ReviewNews::Step(step) => step,
        ReviewNews::Asked(step) => side.act(step).await.unwrap().expect("the host orders it"),
        other => panic!("expected a step, got {other:?}"),
    }
}

fn comment(at: &[usize], text: &str) -> ReviewStep {
    ReviewStep::Edit(TreeEdit::Comment {
        at: NodePath::from_indices(at.to_vec()),
        text: text.into(),
    })
}

fn tried(at: &[usize], color: Color, col: u8, row: u8) -> ReviewStep {
    ReviewStep::Edit(TreeEdit::Try {
        at: NodePath::from_indices(at.to_vec()),
        color,
        point: Some(Point::new(col, row)),
    })
}

/// Applies the edits among `steps` to the tree of `text`.
fn applied(text: &str, steps: &[ReviewStep]) -> String {
    let mut tree = SgfTree::parse(text).expect("the record reads");
    for step in steps {
        if let ReviewStep::Edit(edit) = step {
            tree.apply(edit).expect("the edit fits");
        }
    }
    tree.write()
}

#[tokio::test]
async fn both_sides_apply_every_step_in_the_hosts_order_and_end_with_the_same_record() {
    let (mut h, mut j, text) = reviewing(RECORD).await;
    assert_eq!(text, RECORD);
    assert_eq!(j.game_id, "g1");
    assert_eq!(
        (h.partner.as_str(), j.partner.as_str()),
        ("Kitani", "Honinbo")
    );
    let (mut host_saw, mut joiner_saw) = (Vec::new(), Vec::new());
    // The host shows move 3; the joiner sees it.
    let show = ReviewStep::Show(NodePath::from_indices(vec![0, 0, 0]));
    host_saw.push(
        h.act(show.clone())
            .await
            .unwrap()
            .expect("the host applies at once"),
    );
    joiner_saw.push(next_step(&mut j).await);
    // Both add at the same moment: the joiner a variation, the host a
    // comment. The joiner's comes back to it through the host's order.
    let theirs = tried(&[0, 0, 0], Color::White, 2, 2);
    let ours = comment(&[0, 0, 0], "Aki: too slow");
    assert_eq!(j.act(theirs.clone()).await.unwrap(), None);
    host_saw.push(h.act(ours.clone()).await.unwrap().unwrap());
    host_saw.push(next_step(&mut h).await);
    joiner_saw.push(next_step(&mut j).await);
    joiner_saw.push(next_step(&mut j).await);
    // The joiner comments on its own variation, the host tries a reply.
    let theirs = comment(&[0, 0, 0, 2], "Ben: the 3-3 at once");
    j.act(theirs).await.unwrap();
    host_saw.push(next_step(&mut h).await);
    joiner_saw.push(next_step(&mut j).await);
    let reply = tried(&[0, 0, 0, 2], Color::Black, 3, 2);
    host_saw.push(h.act(reply).await.unwrap().unwrap());
    joiner_saw.push(next_step(&mut j).await);
    assert_eq!(host_saw, joiner_saw);
    assert_eq!(host_saw.len(), 5);
    assert_eq!(host_saw[1], ours);
    let (mine, yours) = (applied(RECORD, &host_saw), applied(&text, &joiner_saw));
    assert_eq!(mine, yours);
    assert!(mine.contains("W[cc]") && mine.contains("B[dc]"), "{mine}");
    assert!(mine.contains("the 3-3 at once"), "{mine}");
    h.bye("the review is over").await;
    let left = tokio::time::timeout(LIMIT, j.next())
        .await
        .unwrap()
        .unwrap();
    // The partner says the end in its own words: no reason comes with it.
    assert_eq!(left, ReviewNews::Left(String::new()));
}

#[tokio::test]
async fn a_large_record_goes_in_pieces_and_arrives_whole() {
    let comments: String = (0..4000u32)
        .map(|i| {
            let color = if i % 2 == 0 { "B" } else { "W" };
            let col = char::from(b'a' + u8::try_from(i % 19).unwrap());
            let row = char::from(b'a' + u8::try_from(i / 19 % 19).unwrap());
            format!(";{color}[{col}{row}]C[検討 {i}]")
        })
        .collect();
    let record = format!("(;GM[1]FF[4]SZ[19]{comments})");
    assert!(record.len() > 64 * 1024);
    let (_h, _j, text) = reviewing(&record).await;
    assert_eq!(text, record);
}

/// The deadline the dripping hosts below are held to, scaled down from
/// the real one, and how long each drips at most: well past it.
const DEADLINE: Duration = Duration::from_millis(400);
const DRIP: Duration = Duration::from_millis(20);
const DRIPS: u32 = 150;

/// A fake host paired with a joiner that reads the record within
/// [`DEADLINE`]: `drip` sends on the host's link, one piece at a time,
/// at most [`DRIPS`] of them every [`DRIP`] (3 s in all) until the link
/// fails. The joiner's answer, when it came, and the host's link.
async fn dripped_to(
    drip: impl Fn(u32) -> Vec<u8>,
) -> (Result<(ReviewSession, String), NetError>, Duration, Link) {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (_host, mut hl, jl) = pair(&hid, &jid).await;
    let started = Instant::now();
    let joiner = tokio::spawn(async move {
        let read = join_review_within(jl, DEADLINE).await;
        (read, started.elapsed())
    });
    let mut every = tokio::time::interval(DRIP);
    for n in 0..DRIPS {
        every.tick().await;
        if joiner.is_finished() || hl.send_raw(&drip(n)).await.is_err() {
            break;
        }
    }
    let (read, took) = tokio::time::timeout(LIMIT, joiner).await.unwrap().unwrap();
    (read, took, hl)
}

/// The joiner gave up on the record at the deadline, before the drip
/// ended, said how much had come, and closed the host's connection.
async fn cut_at_the_deadline(
    read: Result<(ReviewSession, String), NetError>,
    took: Duration,
    host: &Link,
    most: usize,
) {
    match read {
        Err(NetError::TooSlow { what, got, within }) => {
            assert_eq!((what, within), (Awaited::Record, DEADLINE));
            assert!(got <= most, "{got} bytes of {most} at most");
        }
        Err(other) => panic!("expected the record too slow, got {other}"),
        Ok((_, text)) => panic!("the dripped record was taken: {text:?}"),
    }
    assert!(took >= DEADLINE, "cut after {took:?}");
    assert!(
        took < DRIP * DRIPS,
        "cut after {took:?}, not before the drip ended"
    );
    let closed = tokio::time::timeout(LIMIT, host.carrier().closed())
        .await
        .expect("the joiner closes the host's connection");
    assert!(closed.to_string().contains("too slowly"), "{closed}");
}

/// A one-byte piece of a record, `more` to come.
fn one_byte_piece() -> Message {
    Message::ReviewBegin {
        game_id: "g1".into(),
        text: "(".into(),
        more: true,
    }
}

#[tokio::test]
async fn a_host_sending_the_record_in_one_byte_pieces_is_cut_at_the_deadline() {
    let piece = frame::encode(&one_byte_piece()).unwrap();
    let (read, took, host) = dripped_to(|_| piece.clone()).await;
    cut_at_the_deadline(read, took, &host, DRIPS as usize).await;
}

#[tokio::test]
async fn a_host_sending_a_frame_a_byte_at_a_time_is_cut_at_the_deadline() {
    let record = Message::ReviewBegin {
        game_id: "g1".into(),
        text: format!("(;GM[1]FF[4]SZ[19]C[{}])", "x".repeat(200)),
        more: false,
    };
    let bytes = frame::encode(&record).unwrap();
    assert!(bytes.len() as u32 > DRIPS, "the frame outlasts the drip");
    let (read, took, host) = dripped_to(|n| vec![bytes[n as usize]]).await;
    cut_at_the_deadline(read, took, &host, 0).await;
}

/// A host that orders the joiner's first step at once, then goes on with
/// steps of its own and never orders the joiner's second: the joiner waits
/// for nothing while none of its steps is out, waits for its step no
/// longer than the deadline, then closes on the host, saying what was too
/// slow.
#[tokio::test]
async fn a_slow_review_host_is_dropped_at_the_deadline() {
    let (mut h, mut j, _) = reviewing(RECORD).await;
    j.steps_within(DEADLINE);
    let first = comment(&[0], "ordered at once");
    j.act(first.clone()).await.unwrap();
    assert_eq!(next_step(&mut h).await, first);
    assert_eq!(next_step(&mut j).await, first);
    // Nothing of the joiner's is out: a quiet host is no host too slow.
    tokio::time::sleep(DEADLINE * 2).await;
    let shown = ReviewStep::Show(NodePath::from_indices(vec![0]));
    h.act(shown.clone()).await.unwrap();
    assert_eq!(next_step(&mut j).await, shown);

    let started = Instant::now();
    j.act(comment(&[0, 0], "never ordered")).await.unwrap();
    let host = tokio::spawn(async move {
        let mut every = tokio::time::interval(DRIP);
        for n in 0..DRIPS {
            every.tick().await;
            let at = NodePath::from_indices(vec![0; (n % 3) as usize]);
            if h.act(ReviewStep::Show(at)).await.is_err() {
                break;
            }
        }
        h
    });
    let ended = tokio::time::timeout(LIMIT, async {
        loop {
            match j.next().await {
                Ok(ReviewNews::Step(ReviewStep::Show(_))) => {}
                other => return other,
            }
        }
    })
    .await
    .unwrap();
    let took = started.elapsed();
    match ended {
        Err(NetError::TooSlow { what, got, within }) => {
            assert_eq!((what, got, within), (Awaited::OwnStep, 0, DEADLINE));
        }
        other => panic!("expected the step too slow, got {other:?}"),
    }
    assert!(took >= DEADLINE, "cut after {took:?}");
    assert!(
        took < DRIP * DRIPS,
        "cut after {took:?}, before the drip ended"
    );
    let mut h = tokio::time::timeout(LIMIT, host).await.unwrap().unwrap();
    // What the host reads after the ask it never ordered is the close.
    let closed = tokio::time::timeout(LIMIT, async {
        loop {
            if let Err(e) = h.next().await {
                return e.to_string();
            }
        }
    })
    .await
    .unwrap();
    assert!(closed.contains("too slowly"), "{closed}");
}

#[tokio::test]
async fn a_record_over_the_bound_is_not_sent() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (_host, hl, _jl) = pair(&hid, &jid).await;
    let record = "x".repeat(MAX_RECORD_BYTES + 1);
    let refused = host_review(hl, "g1", &record).await;
    assert!(matches!(refused, Err(NetError::Protocol(_))));
}

/// A joiner asking for a comment over the limit is refused and closed;
/// the host applies nothing of it.
#[tokio::test]
async fn a_joiners_step_over_the_bounds_is_refused() {
    let (mut h, j, _) = reviewing(RECORD).await;
    let long = "x".repeat(MAX_REVIEW_COMMENT_CHARS + 1);
    let mut j = j;
    j.act(comment(&[0], &long)).await.unwrap();
    let refused = tokio::time::timeout(LIMIT, h.next()).await.unwrap();
    assert!(matches!(refused, Err(NetError::Protocol(_))), "{refused:?}");
}

/// A host whose numbered steps skip one, or a joiner sending the host's
/// frames, is refused.
#[tokio::test]
async fn steps_out_of_order_or_from_the_wrong_side_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (_host, mut hl, jl) = pair(&hid, &jid).await;
    let joining = tokio::spawn(join_review(jl));
    raw(
        &mut hl,
        Message::ReviewBegin {
            game_id: "g1".into(),
            text: RECORD.into(),
            more: false,
        },
    )
    .await;
    let (mut j, _) = joining.await.unwrap().unwrap();
    raw(
        &mut hl,
        Message::ReviewStep {
            seq: 2,
            step: ReviewStepW::Show { path: vec![0] },
        },
    )
    .await;
    let refused = tokio::time::timeout(LIMIT, j.next()).await.unwrap();
    assert!(matches!(refused, Err(NetError::Protocol(_))), "{refused:?}");

    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let (_host, hl, mut jl) = pair(&hid, &jid).await;
    let hosting = tokio::spawn(async move { host_review(hl, "g1", RECORD).await });
    let mut h = hosting.await.unwrap().unwrap();
    raw(
        &mut jl,
        Message::ReviewStep {
            seq: 1,
            step: ReviewStepW::Show { path: vec![0] },
        },
    )
    .await;
    let refused = tokio::time::timeout(LIMIT, h.next()).await.unwrap();
    assert!(matches!(refused, Err(NetError::Protocol(_))), "{refused:?}");
}

async fn update(side: &mut kaisho_net::Session) -> kaisho_net::Update {
    tokio::time::timeout(LIMIT, side.next())
        .await
        .unwrap()
        .unwrap()
}

/// Once the game has ended on the link, the joiner offers to review it
/// together and the host says yes: both go on, on the same link, to one
/// review of the host's record. An offer before the end is refused.
#[tokio::test]
async fn a_game_that_has_ended_goes_on_to_a_review_together_on_its_link() {
    let dir = tempfile::tempdir().unwrap();
    let (_host, mut h, mut j) = new_game(dir.path(), "g2").await;
    play(&mut h, &mut j, stones(0, 4)).await;
    assert!(matches!(j.offer_review().await, Err(NetError::Protocol(_))));
    finish(&mut h, &mut j).await;
    j.offer_review().await.unwrap();
    assert_eq!(update(&mut h).await, kaisho_net::Update::ReviewOffered);
    h.answer_review(true).await.unwrap();
    assert_eq!(
        update(&mut j).await,
        kaisho_net::Update::ReviewAnswered(true)
    );
    let record = RECORD.to_string();
    let (hosted, joined) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::review_after_game(h, &record),
            kaisho_net::review_after_game(j, "")
        )
    })
    .await
    .unwrap();
    let ((mut h, _), (mut j, text)) = (hosted.unwrap(), joined.unwrap());
    assert_eq!(text, RECORD);
    assert_eq!((h.game_id.as_str(), j.game_id.as_str()), ("g2", "g2"));
    assert_eq!(
        (h.partner.as_str(), j.partner.as_str()),
        ("Kitani", "Honinbo")
    );
    j.act(comment(&[0], "good game")).await.unwrap();
    let ordered = next_step(&mut h).await;
    assert_eq!(next_step(&mut j).await, ordered);
}
