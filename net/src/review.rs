//! Reviewing a saved game together (検討) over a paired link: the host
//! sends its record, then both sides take turns at will stepping through
//! it, trying moves and adding comments, and see every step at once.
//!
//! The host orders the steps: its own go out as they are made, the
//! joiner's are asked of it and sent back numbered, and both sides apply
//! only numbered steps, in their order. Since a record's edits only ever
//! append and apply the same way on equal trees
//! (`kaisho_saves::sgf::review_tree`), both copies of the record stay the
//! same, byte for byte.

use crate::close;
use crate::error::{Awaited, NetError, Offered};
use crate::link::{Inbox, Link, PAIR_TIMEOUT, Sender, unexpected};
use crate::session::Session;
use crate::watch::hub::Hub;
use crate::wire::{Message, ReviewStepW, check_game_id};
use kaisho_core::{Color, Point};
use kaisho_saves::sgf::{MAX_TREE_BYTES, NodePath, TreeEdit, review_comment};
use kaisho_saves::visible::visible_owned;
use std::collections::VecDeque;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// The largest record a review together sends: the largest tree kaisho
/// reads whole.
pub const MAX_RECORD_BYTES: usize = MAX_TREE_BYTES;

/// The record's text per frame, well inside the frame cap.
const PIECE_BYTES: usize = 32 * 1024;

/// How long the whole record may take to arrive, from the joiner's first
/// wait for it to its last piece: the 2 MiB of the largest record at 35 KB/s.
/// Each piece must also come within [`PAIR_TIMEOUT`] of the one before, but
/// that alone lets a host that sends a trickle hold the joiner for ever.
pub const RECORD_DEADLINE: Duration = Duration::from_secs(60);

/// How long a joiner's own step may take to come back numbered in the
/// host's order: the host's side orders a step it is asked at once, so a
/// step not back by then is a host that stalls, and the joiner, whose
/// steps after it wait for it, is not held by it.
pub const STEP_DEADLINE: Duration = Duration::from_secs(30);

/// The deepest node a step may name: the deepest record kaisho reads.
pub const MAX_PATH_STEPS: usize = 5000;

/// A step of a review together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewStep {
    /// Both screens show this node.
    Show(NodePath),
    /// An addition to the record.
    Edit(TreeEdit),
}

/// What the partner did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewNews {
    /// On the host: the joiner asks for this step; the host orders it
    /// among its own with [`ReviewSession::act`].
    Asked(ReviewStep),
    /// On the joiner: the next step, to apply now (ours among them, as the
    /// host ordered it).
    Step(ReviewStep),
    /// The partner left, saying why.
    Left(String),
}

/// One side of a review together.
pub struct ReviewSession {
    tx: Sender,
    inbox: Inbox,
    host: bool,
    /// Steps numbered so far.
    seq: u32,
    /// The saved game reviewed.
    pub game_id: String,
    /// The partner's name, from the greeting.
    pub partner: String,
    /// On the host of a review after a game with watchers: they follow
    /// the review too (its record and every step in order), with the
    /// colour this side played.
    hub: Option<(Hub, Color)>,
    /// On that host: the watchers' lines, each added to the record as a
    /// comment on the node shown, ordered like the joiner's steps.
    talk: Option<mpsc::Receiver<(String, String)>>,
    /// On the host: the node both screens show, as the last step ordered
    /// set it.
    shown: NodePath,
    /// On the joiner: its steps asked of the host and not yet back in the
    /// host's order, each with when it was asked.
    asked: VecDeque<(ReviewStep, Instant)>,
    /// How long each of them may take to come back.
    step_within: Duration,
}

/// The host's side: sends the record of game `game_id` (its SGF `text`)
/// to the joiner of `link`.
///
/// # Errors
/// The record is larger than [`MAX_RECORD_BYTES`], or the link fails.
pub async fn host_review(link: Link, game_id: &str, text: &str) -> Result<ReviewSession, NetError> {
    let partner = link.peer_name().to_string();
    send_record(link.into_parts(), None, game_id, text, partner).await
}

/// The joiner's side: reads the record the host sends, whole within
/// [`RECORD_DEADLINE`]; the session and the record's SGF text.
///
/// # Errors
/// As [`join_review_within`].
pub async fn join_review(link: Link) -> Result<(ReviewSession, String), NetError> {
    join_review_within(link, RECORD_DEADLINE).await
}

/// [`join_review`] with the whole record due within `deadline` rather
/// than [`RECORD_DEADLINE`].
///
/// # Errors
/// The host sends something else, a record over [`MAX_RECORD_BYTES`] or
/// pieces of two games, or the link fails; the link is closed with why.
/// A host that has not sent the whole record within `deadline` is closed
/// on, the error saying how much had come ([`NetError::TooSlow`]); one
/// silent for [`PAIR_TIMEOUT`] between pieces is closed on too.
pub async fn join_review_within(
    link: Link,
    deadline: Duration,
) -> Result<(ReviewSession, String), NetError> {
    let partner = link.peer_name().to_string();
    read_record(link.into_parts(), partner, deadline).await
}

/// Goes on from a game that has ended to reviewing it together, on its
/// link, once both players said yes: the host sends its record of the
/// game (its SGF `text`), the joiner reads it. The session and the
/// record's text.
///
/// # Errors
/// As [`host_review`] and [`join_review`].
pub async fn review_after_game(
    session: Session,
    text: &str,
) -> Result<(ReviewSession, String), NetError> {
    let header = session.header();
    let game_id = header.game_id.clone();
    let partner = match session.local_color() {
        Color::Black => header.white.name.clone(),
        Color::White => header.black.name.clone(),
    };
    let local = session.local_color();
    let (tx, inbox, hub) = session.into_parts();
    let hub = hub.map(|hub| (hub, local));
    if tx.is_host {
        let review = send_record((tx, inbox), hub, &game_id, text, partner).await?;
        Ok((review, text.to_string()))
    } else {
        read_record((tx, inbox), partner, RECORD_DEADLINE).await
    }
}

async fn send_record(
    (mut tx, inbox): (Sender, Inbox),
    hub: Option<(Hub, Color)>,
    game_id: &str,
    text: &str,
    partner: String,
) -> Result<ReviewSession, NetError> {
    check_game_id(game_id)?;
    if text.len() > MAX_RECORD_BYTES {
        return Err(NetError::Protocol(format!(
            "the record is {} bytes, over the {MAX_RECORD_BYTES} a review together sends",
            text.len()
        )));
    }
    let pieces = pieces(text);
    let last = pieces.len() - 1;
    for (i, piece) in pieces.into_iter().enumerate() {
        let message = Message::ReviewBegin {
            game_id: game_id.to_string(),
            text: piece.to_string(),
            more: i < last,
        };
        if let Some((hub, _)) = &hub {
            hub.publish(message.clone());
        }
        tx.send(&message).await?;
    }
    let talk = hub.as_ref().map(|(hub, _)| hub.follow_talk());
    Ok(ReviewSession {
        tx,
        inbox,
        host: true,
        seq: 0,
        game_id: game_id.to_string(),
        partner,
        hub,
        talk,
        shown: NodePath::root(),
        asked: VecDeque::new(),
        step_within: STEP_DEADLINE,
    })
}

async fn read_record(
    (tx, mut inbox): (Sender, Inbox),
    partner: String,
    within: Duration,
) -> Result<(ReviewSession, String), NetError> {
    let refuse = |e: NetError| {
        tx.carrier.close(close::PROTOCOL, &e.to_string());
        e
    };
    let deadline = Instant::now() + within;
    let mut text = String::new();
    let mut id: Option<String> = None;
    loop {
        let message = match next_piece(&mut inbox, (deadline, within), text.len())
            .await
            .map_err(refuse)?
        {
            Some(item) => item?,
            None => return Err(NetError::Connection("the host closed the stream".into())),
        };
        let (game_id, piece, more) = match message {
            Message::ReviewBegin {
                game_id,
                text,
                more,
            } => (game_id, text, more),
            Message::Bye { reason } => return Err(NetError::Refused(visible_owned(reason))),
            Message::Terms(_) => return Err(refuse(NetError::HostOffers(Offered::Game))),
            other => return Err(refuse(unexpected("a record to review", &other))),
        };
        check_game_id(&game_id).map_err(refuse)?;
        if id.as_ref().is_some_and(|id| *id != game_id) {
            return Err(refuse(NetError::Protocol(
                "the record's pieces name two games".into(),
            )));
        }
        if text.len() + piece.len() > MAX_RECORD_BYTES {
            return Err(refuse(NetError::Protocol(format!(
                "the record is over the {MAX_RECORD_BYTES} bytes a review together takes"
            ))));
        }
        text.push_str(&piece);
        id = Some(game_id);
        if !more {
            break;
        }
    }
    let session = ReviewSession {
        tx,
        inbox,
        host: false,
        seq: 0,
        game_id: id.unwrap_or_default(),
        partner,
        hub: None,
        talk: None,
        shown: NodePath::root(),
        asked: VecDeque::new(),
        step_within: STEP_DEADLINE,
    };
    Ok((session, text))
}

/// The next frame of a record due whole by `deadline`, `within` from its
/// start, with `got` bytes of it in: each frame within [`PAIR_TIMEOUT`] of
/// the one before, and none after the deadline, so that neither silence
/// nor a trickle holds the reader. `None` when the stream has ended.
///
/// # Errors
/// The deadline passed ([`NetError::TooSlow`], saying how much had come),
/// or the host was silent for [`PAIR_TIMEOUT`]; the caller closes on it.
pub(crate) async fn next_piece(
    inbox: &mut Inbox,
    (deadline, within): (Instant, Duration),
    got: usize,
) -> Result<Option<Result<Message, NetError>>, NetError> {
    let due = deadline.min(Instant::now() + PAIR_TIMEOUT);
    match tokio::time::timeout_at(due, inbox.recv()).await {
        Ok(item) => Ok(item),
        Err(_) if due == deadline => Err(NetError::TooSlow {
            what: Awaited::Record,
            got,
            within,
        }),
        Err(_) => Err(NetError::Timeout(Awaited::Record)),
    }
}

/// `text` in pieces of at most [`PIECE_BYTES`], cut between characters;
/// one empty piece for an empty text.
fn pieces(text: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while rest.len() > PIECE_BYTES {
        let mut cut = PIECE_BYTES;
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (piece, tail) = rest.split_at(cut);
        pieces.push(piece);
        rest = tail;
    }
    pieces.push(rest);
    pieces
}

impl ReviewSession {
    /// Whether this side orders the steps.
    #[must_use]
    pub fn is_host(&self) -> bool {
        self.host
    }

    /// Takes our step: the host sends it numbered and returns it to apply
    /// now; the joiner asks the host for it and applies it when it comes
    /// back ([`ReviewSession::next`]), so both apply every step in one
    /// order.
    ///
    /// # Errors
    /// The link fails.
    pub async fn act(&mut self, step: ReviewStep) -> Result<Option<ReviewStep>, NetError> {
        let wire = step_wire(&step);
        if self.host {
            if let ReviewStep::Show(path) = &step {
                self.shown = path.clone();
            }
            self.seq += 1;
            let message = Message::ReviewStep {
                seq: self.seq,
                step: wire,
            };
            if let Some((hub, _)) = &self.hub {
                hub.publish(message.clone());
            }
            self.tx.send(&message).await?;
            Ok(Some(step))
        } else {
            // Awaited as it comes back: a comment made visible as the host
            // keeps it.
            let back = step_of(&wire).unwrap_or(step);
            self.tx.send(&Message::ReviewAsk { step: wire }).await?;
            self.asked.push_back((back, Instant::now()));
            Ok(None)
        }
    }

    /// Waits for the partner: on the host the joiner's asks, which it
    /// orders with [`ReviewSession::act`]; on the joiner the host's
    /// numbered steps. It sends nothing, so it may be dropped at any point
    /// for the player's own step.
    ///
    /// # Errors
    /// A frame that is no step, a step out of its bounds or out of order,
    /// or the link failing; a hostile partner's link is closed with why.
    pub async fn next(&mut self) -> Result<ReviewNews, NetError> {
        let received = if let Some(talk) = &mut self.talk {
            tokio::select! {
                item = self.inbox.recv() => item,
                Some(said) = talk.recv() => return Ok(ReviewNews::Asked(self.said(said))),
            }
        } else if let Some(&(_, asked)) = self.asked.front() {
            let within = self.step_within;
            tokio::time::timeout_at(asked + within, self.inbox.recv())
                .await
                .map_err(|_| {
                    self.refuse(NetError::TooSlow {
                        what: Awaited::OwnStep,
                        got: 0,
                        within,
                    })
                })?
        } else {
            self.inbox.recv().await
        };
        let message = match received {
            Some(item) => item?,
            None => return Err(NetError::Connection("the partner closed the stream".into())),
        };
        match (self.host, message) {
            (_, Message::Bye { reason }) => Ok(ReviewNews::Left(visible_owned(reason))),
            (true, Message::ReviewAsk { step }) => Ok(ReviewNews::Asked(self.checked(&step)?)),
            (false, Message::ReviewStep { seq, step }) => {
                if seq != self.seq + 1 {
                    let e = NetError::Protocol(format!(
                        "review step {seq} arrived where {} was due",
                        self.seq + 1
                    ));
                    return Err(self.refuse(e));
                }
                self.seq = seq;
                let step = self.checked(&step)?;
                if self.asked.front().is_some_and(|(asked, _)| *asked == step) {
                    self.asked.pop_front();
                }
                Ok(ReviewNews::Step(step))
            }
            (_, other) => {
                let wanted = if self.host {
                    "a step asked"
                } else {
                    "a review step"
                };
                Err(self.refuse(unexpected(wanted, &other)))
            }
        }
    }

    /// Has this side's own steps due back in the host's order within
    /// `within` rather than [`STEP_DEADLINE`] (on the joiner; the host
    /// orders its own).
    pub fn steps_within(&mut self, within: Duration) {
        self.step_within = within;
    }

    /// The step a frame holds, within the bounds every record holds to.
    fn checked(&self, step: &ReviewStepW) -> Result<ReviewStep, NetError> {
        step_of(step).map_err(|e| self.refuse(e))
    }

    fn refuse(&self, e: NetError) -> NetError {
        self.tx.carrier.close(close::PROTOCOL, &e.to_string());
        e
    }

    /// A watcher's line as the step that adds it to the record: a comment
    /// on the node shown, under the watcher's name.
    fn said(&self, (name, text): (String, String)) -> ReviewStep {
        ReviewStep::Edit(TreeEdit::Comment {
            at: self.shown.clone(),
            text: talk_line(&name, &text),
        })
    }

    /// Says goodbye and closes: the review ends on both sides, each keeping
    /// the record as it stands. The watchers following are told `reason`;
    /// the partner is sent none, since it says the end of a review together
    /// in its own words and a reason would have it said twice.
    pub async fn bye(self, reason: &str) {
        if let Some((hub, _)) = &self.hub {
            hub.publish(Message::Bye {
                reason: reason.to_string(),
            });
        }
        self.tx.bye("").await;
    }
}

/// A line of talk in a review together as the record keeps it: a comment
/// paragraph under the speaker's name, as the game's chat is exported.
/// Both players' lines and the watchers' are kept so.
#[must_use]
pub fn talk_line(name: &str, text: &str) -> String {
    format!("[{name}] {text}")
}

fn path_wire(path: &NodePath) -> Vec<u32> {
    path.indices()
        .iter()
        .map(|&i| u32::try_from(i).unwrap_or(u32::MAX))
        .collect()
}

fn path_of(path: &[u32]) -> Result<NodePath, NetError> {
    if path.len() > MAX_PATH_STEPS {
        return Err(NetError::Protocol(format!(
            "a review step names a node {} steps deep, past the {MAX_PATH_STEPS} a record holds",
            path.len()
        )));
    }
    Ok(NodePath::from_indices(
        path.iter().map(|&i| i as usize).collect(),
    ))
}

fn step_wire(step: &ReviewStep) -> ReviewStepW {
    match step {
        ReviewStep::Show(path) => ReviewStepW::Show {
            path: path_wire(path),
        },
        ReviewStep::Edit(TreeEdit::Try { at, color, point }) => ReviewStepW::Try {
            at: path_wire(at),
            color: (*color).into(),
            point: point.map(Into::into),
        },
        ReviewStep::Edit(TreeEdit::Comment { at, text }) => ReviewStepW::Comment {
            at: path_wire(at),
            text: text.clone(),
        },
    }
}

/// The step a frame names, within the bounds every record holds to.
pub(crate) fn step_of(step: &ReviewStepW) -> Result<ReviewStep, NetError> {
    Ok(match step {
        ReviewStepW::Show { path } => ReviewStep::Show(path_of(path)?),
        ReviewStepW::Try { at, color, point } => ReviewStep::Edit(TreeEdit::Try {
            at: path_of(at)?,
            color: Color::from(*color),
            point: point.map(Point::from),
        }),
        ReviewStepW::Comment { at, text } => ReviewStep::Edit(TreeEdit::Comment {
            at: path_of(at)?,
            text: review_comment(text).map_err(|e| {
                NetError::Protocol(format!("a review comment the partner sent is refused: {e}"))
            })?,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_saves::limits::MAX_REVIEW_COMMENT_CHARS;

    #[test]
    fn a_record_is_cut_into_pieces_between_characters() {
        let text = "碁".repeat(PIECE_BYTES / 3 * 2 + 5);
        let pieces = pieces(&text);
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(|p| p.len() <= PIECE_BYTES));
        assert_eq!(pieces.concat(), text);
        assert_eq!(super::pieces(""), [""]);
    }

    #[test]
    fn steps_go_over_the_wire_and_back_unchanged() {
        let at = NodePath::from_indices(vec![0, 0, 1]);
        for step in [
            ReviewStep::Show(at.clone()),
            ReviewStep::Edit(TreeEdit::Try {
                at: at.clone(),
                color: Color::White,
                point: Some(Point::new(2, 15)),
            }),
            ReviewStep::Edit(TreeEdit::Try {
                at: at.clone(),
                color: Color::Black,
                point: None,
            }),
            ReviewStep::Edit(TreeEdit::Comment {
                at: at.clone(),
                text: "thick".into(),
            }),
        ] {
            assert_eq!(step_of(&step_wire(&step)).ok(), Some(step));
        }
    }

    #[test]
    fn steps_past_the_bounds_are_refused() {
        let deep = ReviewStepW::Show {
            path: vec![0; MAX_PATH_STEPS + 1],
        };
        assert!(step_of(&deep).is_err());
        let long = ReviewStepW::Comment {
            at: vec![],
            text: "x".repeat(MAX_REVIEW_COMMENT_CHARS + 1),
        };
        assert!(step_of(&long).is_err());
        // Counted once made visible: 400 C1 controls are 2,400 characters.
        let expanding = ReviewStepW::Comment {
            at: vec![],
            text: "\u{9b}".repeat(400),
        };
        assert!(step_of(&expanding).is_err());
    }

    #[test]
    fn a_comment_is_received_as_its_sender_keeps_it() {
        let typed = "ok\u{1b}[31m\u{7}\u{85}\u{202e}dne";
        let kept = review_comment(typed).unwrap();
        assert!(!kept.chars().any(char::is_control), "{kept}");
        let sent = ReviewStepW::Comment {
            at: vec![0],
            text: kept.clone(),
        };
        let received = step_of(&sent).unwrap();
        assert_eq!(
            received,
            ReviewStep::Edit(TreeEdit::Comment {
                at: NodePath::from_indices(vec![0]),
                text: kept,
            })
        );
    }
}
