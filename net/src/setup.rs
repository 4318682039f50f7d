//! Starting a session on a fresh link: agreeing the terms of a new game
//! (and nigiri when colours are not fixed), or resuming a saved game from
//! the last event both sides hold.

use crate::close;
use crate::error::{Awaited, Divergence, NetError, Offered};
use crate::link::{Link, PAIR_TIMEOUT, unexpected};
use crate::session::Session;
use crate::wire::{Colors, EventW, Message, Terms, TimeW, check_game_id};
use kaisho_core::clock::{Clock, TimeControl};
use kaisho_core::series::nigiri::{self, Commitment, NigiriRole, Parity};
use kaisho_core::{Color, Game};
use kaisho_saves::codec;
use kaisho_saves::log::{GameHeader, GameStore, LoggedEvent, Player};
use kaisho_saves::visible::visible_owned;
use sha2::{Digest, Sha256};
use std::future::Future;

/// What the host says to a joiner whose last result it did not take.
const KEPT_COPY: &str = "the host keeps its copy of the series and did not take this side's last \
result; the copies agree once one side takes the other's (kaisho host or join \
--take-correction, or answer yes when asked on the screen)";

/// The digest both sides compare to agree on the terms.
fn digest(terms: &Terms) -> Result<[u8; 32], NetError> {
    let bytes = codec::encode(terms).map_err(|e| NetError::Protocol(e.to_string()))?;
    Ok(Sha256::digest(bytes).into())
}

fn random_bytes<const N: usize>() -> Result<[u8; N], NetError> {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes)
        .map_err(|e| NetError::Setup(format!("no randomness for nigiri: {e}")))?;
    Ok(bytes)
}

async fn refuse(link: Link, e: NetError) -> NetError {
    link.close(close::PROTOCOL, &e.to_string()).await;
    e
}

/// The host's side of a new game: offers `terms`, waits for agreement,
/// grabs stones for nigiri if asked, and creates the save log in `store`.
/// A connection lost here leaves nothing saved.
pub async fn host_game(link: Link, terms: Terms, store: &GameStore) -> Result<Session, NetError> {
    host_game_with(link, terms, |_, _| async { None }, store).await
}

/// [`host_game`] for a series game, with `take`, the host's answer to a
/// joiner whose copy of the series differs in the last result only: given
/// the digest of the joiner's record and the joiner's reason, the terms to
/// offer again once the host's copy holds the joiner's last result, or
/// `None` to keep the host's copy (the game is then refused). The joiner
/// may answer so once per offer.
pub async fn host_game_with<Fut: Future<Output = Option<Terms>>>(
    link: Link,
    terms: Terms,
    take: impl FnOnce(u64, String) -> Fut,
    store: &GameStore,
) -> Result<Session, NetError> {
    offer(link, terms, take, store)
        .await
        .map_err(NetError::before_game)
}

/// What the joiner says of the host's terms.
enum Answer {
    Agreed,
    /// The joiner refused them and left, saying why.
    Left(String),
    /// The joiner's copy of the series differs in the last result only.
    Differs {
        record: u64,
        reason: String,
    },
}

/// Sends `terms` and reads the joiner's answer to them.
async fn propose(link: &mut Link, terms: &Terms) -> Result<Answer, NetError> {
    link.send(&Message::Terms(terms.clone())).await?;
    match link
        .recv_within(PAIR_TIMEOUT * 6, Awaited::Agreement)
        .await?
    {
        Message::Agree { digest: d } if d == digest(terms)? => Ok(Answer::Agreed),
        Message::Bye { reason } => Ok(Answer::Left(visible_owned(reason))),
        Message::Differs { record, reason } if terms.series.is_some() => Ok(Answer::Differs {
            record,
            reason: visible_owned(reason),
        }),
        other => Err(unexpected("agreement to the terms", &other)),
    }
}

async fn offer<Fut: Future<Output = Option<Terms>>>(
    mut link: Link,
    mut terms: Terms,
    take: impl FnOnce(u64, String) -> Fut,
    store: &GameStore,
) -> Result<Session, NetError> {
    let mut settings = match terms.settings() {
        Ok(s) => s,
        Err(e) => return Err(refuse(link, e).await),
    };
    let mut take = Some(take);
    loop {
        match propose(&mut link, &terms).await {
            Ok(Answer::Agreed) => break,
            Ok(Answer::Left(reason)) => return Err(NetError::TermsDiffer(reason)),
            Ok(Answer::Differs { record, reason }) => {
                let again = match take.take() {
                    Some(take) => take(record, reason.clone()).await,
                    None => return Err(refuse(link, NetError::TermsDiffer(reason)).await),
                };
                let Some(again) = again else {
                    let _ = link
                        .send(&Message::Bye {
                            reason: KEPT_COPY.to_string(),
                        })
                        .await;
                    link.close(close::BYE, KEPT_COPY).await;
                    return Err(NetError::TermsDiffer(reason));
                };
                terms = Terms {
                    game_id: terms.game_id,
                    ..again
                };
                settings = match terms.settings() {
                    Ok(s) => s,
                    Err(e) => return Err(refuse(link, e).await),
                };
            }
            Err(e) => return Err(refuse(link, e).await),
        }
    }
    let host_color = match terms.colors {
        Colors::HostBlack => Color::Black,
        Colors::HostWhite => Color::White,
        Colors::Nigiri => {
            let count = 1 + u16::from_le_bytes(random_bytes::<2>()?) % 40;
            let nonce = random_bytes::<32>()?;
            let commitment =
                nigiri::commit(count, &nonce).map_err(|e| NetError::Protocol(e.to_string()))?;
            link.send(&Message::NigiriCommit {
                digest: commitment.0,
            })
            .await?;
            let odd = match link
                .recv_within(PAIR_TIMEOUT * 6, Awaited::NigiriCall)
                .await?
            {
                Message::NigiriGuess { odd } => odd,
                other => {
                    let e = unexpected("a nigiri call", &other);
                    return Err(refuse(link, e).await);
                }
            };
            link.send(&Message::NigiriReveal { count, nonce }).await?;
            let call = if odd { Parity::Odd } else { Parity::Even };
            match nigiri::decide(count, call) {
                Ok(NigiriRole::Caller) => Color::White,
                _ => Color::Black,
            }
        }
    };
    start(link, &terms, settings, host_color, store)
}

/// The joiner's side of a new game: reads the host's terms, refuses them
/// if they differ from `expected` (what this side computed), calls odd or
/// even when there is nigiri, and creates the save log in `store`.
pub async fn join_game(
    link: Link,
    expected: Option<&Terms>,
    call_odd: bool,
    store: &GameStore,
) -> Result<Session, NetError> {
    let check = |terms: Terms| async move {
        match expected {
            Some(expected) if *expected != terms => Err(Refusal::Differ(format!(
                "the host offers {terms:?}, this side expected {expected:?}"
            ))),
            _ => Ok(()),
        }
    };
    join_game_with(link, check, call_odd, store).await
}

/// Why a joiner does not take the host's terms as offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// They are not the game this side will play; the text goes to the
    /// host as the reason.
    Differ(String),
    /// They are the series game this side expects, from a copy of the
    /// series that differs from this side's in the last result only:
    /// `record` is the digest of this side's record, which the host may
    /// take (its player consenting) and offer the terms again; `reason`
    /// is what both sides are told if it does not.
    LastResult { record: u64, reason: String },
}

/// [`join_game`] with a check of the host's terms of the caller's own: a
/// series game, say, where the board and the clock are the host's to
/// choose but the series, the number, komi, handicap and colours are not.
/// The check may be asked twice: after a [`Refusal::LastResult`] the host
/// may offer the terms again from its corrected copy. A connection lost
/// here leaves nothing saved.
pub async fn join_game_with<Fut: Future<Output = Result<(), Refusal>>>(
    link: Link,
    check: impl FnMut(Terms) -> Fut,
    call_odd: bool,
    store: &GameStore,
) -> Result<Session, NetError> {
    take_terms(link, check, call_odd, store)
        .await
        .map_err(NetError::before_game)
}

/// Leaves, telling the host why its terms were refused.
async fn leave(mut link: Link, why: String) -> NetError {
    let e = NetError::TermsDiffer(why);
    let _ = link
        .send(&Message::Bye {
            reason: e.to_string(),
        })
        .await;
    link.close(close::BYE, &e.to_string()).await;
    e
}

async fn take_terms<Fut: Future<Output = Result<(), Refusal>>>(
    mut link: Link,
    mut check: impl FnMut(Terms) -> Fut,
    call_odd: bool,
    store: &GameStore,
) -> Result<Session, NetError> {
    let mut terms = match link
        .recv_within(PAIR_TIMEOUT * 6, Awaited::HostTerms)
        .await?
    {
        Message::Terms(t) => t,
        Message::ReviewBegin { .. } => {
            return Err(refuse(link, NetError::HostOffers(Offered::Review)).await);
        }
        other => {
            let e = unexpected("the game's terms", &other);
            return Err(refuse(link, e).await);
        }
    };
    match check(terms.clone()).await {
        Ok(()) => {}
        Err(Refusal::Differ(why)) => return Err(leave(link, why).await),
        Err(Refusal::LastResult { record, reason }) => {
            link.send(&Message::Differs {
                record,
                reason: reason.clone(),
            })
            .await?;
            terms = match link
                .recv_within(PAIR_TIMEOUT * 6, Awaited::HostsAnswer)
                .await?
            {
                Message::Terms(t) => t,
                Message::Bye { .. } => return Err(NetError::TermsDiffer(reason)),
                other => return Err(refuse(link, unexpected("the game's terms", &other)).await),
            };
            match check(terms.clone()).await {
                Ok(()) => {}
                Err(Refusal::Differ(why) | Refusal::LastResult { reason: why, .. }) => {
                    return Err(leave(link, why).await);
                }
            }
        }
    }
    let settings = match terms.settings() {
        Ok(s) => s,
        Err(e) => return Err(refuse(link, e).await),
    };
    link.send(&Message::Agree {
        digest: digest(&terms)?,
    })
    .await?;
    let host_color = match terms.colors {
        Colors::HostBlack => Color::Black,
        Colors::HostWhite => Color::White,
        Colors::Nigiri => {
            let digest = match link
                .recv_within(PAIR_TIMEOUT * 6, Awaited::HostNigiri)
                .await?
            {
                Message::NigiriCommit { digest } => digest,
                other => {
                    let e = unexpected("a nigiri commitment", &other);
                    return Err(refuse(link, e).await);
                }
            };
            link.send(&Message::NigiriGuess { odd: call_odd }).await?;
            let (count, nonce) = match link
                .recv_within(PAIR_TIMEOUT, Awaited::NigiriReveal)
                .await?
            {
                Message::NigiriReveal { count, nonce } => (count, nonce),
                other => {
                    let e = unexpected("the nigiri reveal", &other);
                    return Err(refuse(link, e).await);
                }
            };
            let call = if call_odd { Parity::Odd } else { Parity::Even };
            match nigiri::reveal(&Commitment(digest), count, &nonce, call) {
                Ok(NigiriRole::Caller) => Color::White,
                Ok(NigiriRole::Grabber) => Color::Black,
                Err(_) => return Err(refuse(link, NetError::NigiriCheat).await),
            }
        }
    };
    start(link, &terms, settings, host_color, store)
}

fn start(
    link: Link,
    terms: &Terms,
    settings: kaisho_core::Settings,
    host_color: Color,
    store: &GameStore,
) -> Result<Session, NetError> {
    let local = if link.is_host() {
        host_color
    } else {
        host_color.opponent()
    };
    let game = Game::new(settings.clone()).map_err(NetError::Game)?;
    let me = Player {
        name: link.local_name().to_string(),
        fingerprint: Some(link.local().grouped()),
    };
    let them = Player {
        name: link.peer_name().to_string(),
        fingerprint: Some(link.peer().grouped()),
    };
    let (black, white) = if local == Color::Black {
        (me, them)
    } else {
        (them, me)
    };
    let header = GameHeader {
        game_id: terms.game_id.clone(),
        created_unix: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64),
        black,
        white,
        settings,
        local_color: Some(local),
        series: terms.series.as_ref().map(|(id, ..)| id.clone()),
        clock: Some(TimeControl::from(terms.time)),
    };
    let log = store.create(&header)?;
    let control = TimeControl::from(terms.time);
    let clocks = [Clock::new(control), Clock::new(control)];
    Ok(Session::new(
        link.into_parts(),
        game,
        log,
        header,
        local,
        clocks,
    ))
}

/// Resumes a saved game with the partner on `link`. The host names the
/// game (`game_id`); the joiner passes `None` and loads the game the host
/// names. The partner must be the player the save records.
///
/// The two saves are compared by their counts of events and a digest of
/// those events. Each side writes its own event before sending it, so a
/// log may end with an event the partner never received: the side holding
/// one event more sends it again, checked like any other. If both logs
/// end with an event of their own with the same number (made at once,
/// neither acknowledged), the host's wins as in play: the joiner offers
/// the count without its own, receives the host's and withdraws its own.
pub async fn resume(
    mut link: Link,
    game_id: Option<&str>,
    store: &GameStore,
    time: TimeControl,
) -> Result<Session, NetError> {
    let (id, theirs_first) = match game_id {
        Some(id) => (id.to_string(), None),
        None => match link
            .recv_within(PAIR_TIMEOUT, Awaited::GameToResume)
            .await?
        {
            Message::Resume {
                game_id,
                events,
                digest,
                time,
            } => (game_id, Some((events, digest, time))),
            other => {
                let e = unexpected("a resume request", &other);
                return Err(refuse(link, e).await);
            }
        },
    };
    if let Err(e) = check_game_id(&id) {
        return Err(refuse(link, e).await);
    }
    let (log, saved) = match store.resume(&id) {
        Ok(x) => x,
        Err(e) => {
            let e = NetError::Refused(format!("game {id} cannot be resumed here: {e}"));
            let _ = link
                .send(&Message::Bye {
                    reason: e.to_string(),
                })
                .await;
            link.close(close::BYE, &e.to_string()).await;
            return Err(e);
        }
    };
    let header = saved.contents.header.clone();
    // A log that records its clock resumes with it, whatever the caller gave.
    let time = header.clock.unwrap_or(time);
    let Some(local) = header.local_color else {
        return Err(refuse(
            link,
            NetError::Refused(format!("game {id} was not a networked game")),
        )
        .await);
    };
    let partner = if local == Color::Black {
        &header.white
    } else {
        &header.black
    };
    if partner.fingerprint.as_deref() != Some(link.peer().grouped().as_str()) {
        let e = NetError::Refused(format!(
            "game {id} was played with another certificate than this partner's"
        ));
        return Err(refuse(link, e).await);
    }
    let logged = &saved.contents.events;
    let digests = digests(logged)?;
    let held = logged.len() as u32;
    // The joiner answers the host: when both hold as many events and the
    // last ones differ, it offers its count without its own last event.
    let crossed =
        theirs_first.is_some_and(|(n, d, _)| n == held && held > 0 && d != digests[n as usize]);
    let ours = held - u32::from(crossed);
    let mine = Message::Resume {
        game_id: id.clone(),
        events: ours,
        digest: digests[ours as usize],
        time: TimeW::from(time),
    };
    link.send(&mine).await?;
    let (their_events, their_digest, their_time) = match theirs_first {
        Some(x) => x,
        None => match link
            .recv_within(PAIR_TIMEOUT, Awaited::SavedPosition)
            .await?
        {
            Message::Resume {
                game_id: g,
                events,
                digest,
                time,
            } if g == id => (events, digest, time),
            Message::Bye { reason } => return Err(NetError::Refused(reason)),
            other => {
                let e = unexpected("the partner's saved position", &other);
                return Err(refuse(link, e).await);
            }
        },
    };
    if their_time != TimeW::from(time) {
        let e = NetError::TermsDiffer(format!(
            "the partner resumes with the clock {their_time:?}, this side with {:?}; both must give the game's time control",
            TimeW::from(time)
        ));
        return Err(refuse(link, e).await);
    }
    if their_events.abs_diff(ours) > 1 {
        let e = NetError::Diverged {
            seq: ours.min(their_events),
            what: Divergence::Counts {
                ours,
                theirs: their_events,
            },
        };
        return Err(refuse(link, e).await);
    }
    if their_events <= ours && digests[their_events as usize] != their_digest {
        let e = NetError::Diverged {
            seq: their_events,
            what: Divergence::Saves,
        };
        return Err(refuse(link, e).await);
    }
    let clocks = clocks_after(time, logged);
    let mut session = Session::new(link.into_parts(), saved.game, log, header, local, clocks);
    session.set_saved_talk(saved.contents.chat, saved.contents.kibitz);
    if crossed {
        let before = clocks_after(time, &logged[..ours as usize]);
        session.crossed_on_resume(before[local.index()]);
    }
    if their_events + 1 == ours {
        let last = &logged[ours as usize - 1];
        session
            .send_again(last.seq, &last.event, last.time_used_ms)
            .await?;
    } else if ours + 1 == their_events {
        session.catch_up().await?;
    }
    Ok(session)
}

/// The digests of the logged events' prefixes: `[n]` covers the first `n`
/// events with their times, a chain of SHA-256 over their wire encoding,
/// cut to 64 bits. Unlike the state hash it tells apart any two events
/// (the state hash counts proposals but does not say whose they are).
fn digests(logged: &[LoggedEvent]) -> Result<Vec<u64>, NetError> {
    let mut out = vec![0u64];
    for e in logged {
        let bytes = codec::encode(&(EventW::from(&e.event), e.time_used_ms))
            .map_err(|e| NetError::Protocol(e.to_string()))?;
        let d = Sha256::new()
            .chain_update(b"kaisho resume ")
            .chain_update(out[out.len() - 1].to_be_bytes())
            .chain_update(bytes)
            .finalize();
        out.push(u64::from_be_bytes(d[..8].try_into().unwrap_or_default()));
    }
    Ok(out)
}

/// Both clocks after the logged events, booked from their reported times.
fn clocks_after(time: TimeControl, logged: &[LoggedEvent]) -> [Clock; 2] {
    let mut clocks = [Clock::new(time), Clock::new(time)];
    for e in logged {
        if let Some(used) = e.time_used_ms {
            let _ = clocks[e.event.actor().index()].spend(u64::from(used));
        }
    }
    clocks
}
