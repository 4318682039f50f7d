//! The watching side: proves the watch code like a joiner proves the join
//! code, then follows the game, checking every event with its own rules
//! engine. It sends nothing but its own chat (kibitz).

use crate::close;
use crate::code::JoinCode;
use crate::error::{Awaited, NetError};
use crate::join::{dial, pair};
use crate::link::{Inbox, Link, PAIR_TIMEOUT, Sender, unexpected};
use crate::pake::Side;
use crate::review::{MAX_RECORD_BYTES, RECORD_DEADLINE, ReviewStep, next_piece, step_of};
use crate::wire::{Message, Terms, check_chat};
use kaisho_core::{Color, Effect, Event, Game};
use kaisho_saves::visible::visible_owned;
use std::time::Duration;
use tokio::time::Instant;

/// Something that happened in the game watched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// Event `seq`, checked by this side's rules engine, and what it did.
    Event {
        seq: u32,
        event: Event,
        effect: Effect,
    },
    /// A player's chat line.
    Said { color: Color, text: String },
    /// A player's report of its own clock.
    Clock {
        color: Color,
        main_left_ms: u64,
        periods_left: u32,
    },
    /// How long the side to move has been on its turn, as the host saw
    /// when this watcher came in.
    Turn { used_ms: u64 },
    /// Another watcher's chat line.
    Kibitz { name: String, text: String },
    /// The players review the game together (検討): the record the host
    /// sent them, in SGF.
    ReviewBegins { text: String },
    /// The next step of the players' review, in the order they apply it.
    ReviewStep(ReviewStep),
    /// A player's connection dropped: the clocks stand until `Turn` comes
    /// again, when the partner is back.
    Away,
    /// The players adjourned the game; the watch is over.
    Adjourned,
    /// The host closed the game to watchers, and said why.
    Bye(String),
}

/// A game being watched.
pub struct Watcher {
    tx: Sender,
    inbox: Inbox,
    game: Game,
    /// The game's terms, colours settled.
    pub terms: Terms,
    /// Black's and White's names.
    pub names: [String; 2],
    /// The players' review together, once begun: the record's text as it
    /// comes in pieces, and the steps numbered so far.
    review: Option<(String, u32)>,
    /// When the record coming in pieces must be whole.
    record_due: Option<Instant>,
    /// How long a record may take to come whole.
    record_within: Duration,
}

/// Watches the game of the host at `code` (its watch code). Must be
/// called inside a tokio runtime.
pub async fn watch(
    code: &JoinCode,
    identity: &kaisho_saves::identity::Identity,
    name: &str,
) -> Result<Watcher, NetError> {
    let (link, connection) = dial(code.addr, identity)
        .await
        .map_err(NetError::before_game)?;
    let paired = pair(link, &code.secret, name, Side::Watcher).await;
    let link = close::on_error(&connection, paired).map_err(NetError::before_game)?;
    let started = start(link).await;
    close::on_error(&connection, started).map_err(NetError::before_game)
}

async fn start(mut link: Link) -> Result<Watcher, NetError> {
    let (terms, black, white) = match link.recv_within(PAIR_TIMEOUT, Awaited::Greeting).await? {
        Message::Watching {
            terms,
            black,
            white,
        } => (terms, black, white),
        other => return Err(unexpected("the game watched", &other)),
    };
    let game = Game::new(terms.settings()?).map_err(|e| NetError::TermsDiffer(e.to_string()))?;
    let (tx, inbox) = link.into_parts();
    Ok(Watcher {
        tx,
        inbox,
        game,
        terms,
        names: [visible_owned(black), visible_owned(white)],
        review: None,
        record_due: None,
        record_within: RECORD_DEADLINE,
    })
}

impl Watcher {
    /// The game as watched so far.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Has the record of the players' review due whole within `within`
    /// of its first piece rather than [`RECORD_DEADLINE`].
    pub fn record_within(&mut self, within: Duration) {
        self.record_within = within;
    }

    /// Waits for the next thing that happens in the game. An event this
    /// side's rules engine refuses, or whose state differs from the
    /// host's, ends the watch with an error; so does a record of the
    /// players' review whose pieces do not come whole within
    /// [`RECORD_DEADLINE`] of the first, each within [`PAIR_TIMEOUT`] of
    /// the one before.
    pub async fn next(&mut self) -> Result<Seen, NetError> {
        loop {
            let received = match self.record_due {
                Some(due) => {
                    let got = self.review.as_ref().map_or(0, |(record, _)| record.len());
                    next_piece(&mut self.inbox, (due, self.record_within), got)
                        .await
                        .inspect_err(|e| {
                            self.tx.carrier.close(close::PROTOCOL, &e.to_string());
                        })?
                }
                None => self.inbox.recv().await,
            };
            let message = match received {
                Some(Ok(m)) => m,
                Some(Err(e)) => return Err(e),
                None => return Err(NetError::Connection("the connection is closed".into())),
            };
            if let Some(seen) = self.seen(message)? {
                return Ok(seen);
            }
        }
    }

    /// What a frame from the host shows: `None` for a piece of the
    /// review's record that more pieces follow.
    fn seen(&mut self, message: Message) -> Result<Option<Seen>, NetError> {
        let seen = match message {
            Message::ReviewBegin { text, more, .. } => {
                let (record, _) = self.review.get_or_insert_with(|| (String::new(), 0));
                if record.len() + text.len() > MAX_RECORD_BYTES {
                    return Err(NetError::Protocol(format!(
                        "the players' record is over the {MAX_RECORD_BYTES} bytes a review takes"
                    )));
                }
                record.push_str(&text);
                if more {
                    let within = self.record_within;
                    self.record_due
                        .get_or_insert_with(|| Instant::now() + within);
                    return Ok(None);
                }
                self.record_due = None;
                Seen::ReviewBegins {
                    text: std::mem::take(record),
                }
            }
            Message::ReviewStep { seq, step } => {
                let Some((_, done)) = &mut self.review else {
                    return Err(unexpected(
                        "the game watched",
                        &Message::ReviewStep { seq, step },
                    ));
                };
                if seq != *done + 1 {
                    return Err(NetError::Protocol(format!(
                        "review step {seq} arrived where {} was due",
                        *done + 1
                    )));
                }
                *done = seq;
                Seen::ReviewStep(step_of(&step)?)
            }
            other => self.seen_in_game(other)?,
        };
        Ok(Some(seen))
    }

    fn seen_in_game(&mut self, message: Message) -> Result<Seen, NetError> {
        match message {
            Message::Event {
                seq,
                event,
                state_hash,
                ..
            } => {
                let event = Event::from(&event);
                let expected = self.game.events().len() as u32 + 1;
                if seq != expected {
                    return Err(NetError::Protocol(format!(
                        "event {seq} arrived where {expected} was due"
                    )));
                }
                let effect = self
                    .game
                    .apply(event.clone())
                    .map_err(|error| NetError::Rejected { seq, error })?;
                if self.game.state_hash() != state_hash {
                    return Err(NetError::Diverged {
                        seq,
                        what: crate::error::Divergence::Event(event),
                    });
                }
                Ok(Seen::Event { seq, event, effect })
            }
            Message::Said { color, text } => {
                check_chat(&text)?;
                Ok(Seen::Said {
                    color: color.into(),
                    text: visible_owned(text),
                })
            }
            Message::Clocked {
                color,
                main_left_ms,
                periods_left,
            } => Ok(Seen::Clock {
                color: color.into(),
                main_left_ms,
                periods_left,
            }),
            Message::Kibitz { name, text } => {
                check_chat(&text)?;
                Ok(Seen::Kibitz {
                    name: visible_owned(name),
                    text: visible_owned(text),
                })
            }
            Message::Turn { used_ms } => Ok(Seen::Turn { used_ms }),
            Message::Away => Ok(Seen::Away),
            Message::Adjourned => Ok(Seen::Adjourned),
            Message::Bye { reason } => Ok(Seen::Bye(visible_owned(reason))),
            other => Err(unexpected("the game watched", &other)),
        }
    }

    /// Sends a chat line to the other watchers (the players do not see it
    /// while the game goes on).
    pub async fn kibitz(&mut self, text: &str) -> Result<(), NetError> {
        self.tx
            .send(&Message::Kibitz {
                name: String::new(),
                text: text.to_string(),
            })
            .await
    }

    /// Sends any frame, as a misbehaving watcher would: for tests of the
    /// host's refusal.
    #[doc(hidden)]
    pub async fn send_raw(&mut self, message: &Message) -> Result<(), NetError> {
        self.tx.send(message).await
    }

    /// Leaves the game.
    pub async fn leave(mut self) {
        let _ = self
            .tx
            .send(&Message::Bye {
                reason: "the watcher left".into(),
            })
            .await;
        self.tx.close(close::BYE, "the watcher left").await;
    }
}
