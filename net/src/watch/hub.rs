//! The host's fan-out to its watchers. The players' path only ever calls
//! [`Hub::publish`], which takes a short lock and `try_send`s to each
//! watcher's bounded queue: it never waits for a watcher. A watcher whose
//! queue is full is dropped (its connection closed with
//! [`close::BEHIND`]); it may watch again and catch up from the start,
//! which the hub keeps.

use crate::close;
use crate::kibitzed::{Line, kept};
use crate::wire::{ColorW, MAX_KIBITZ_LINES, Message};
use kaisho_core::Color;
use kaisho_core::clock::Clock;
use kaisho_saves::sgf::KibitzLine;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;
use tokio::sync::mpsc;

/// Frames a watcher's queue holds before the watcher counts as behind.
pub const QUEUE: usize = 256;

/// Watchers' lines a review together holds before it adds them.
const TALK_QUEUE: usize = 64;

/// Watchers a host lets in by default.
pub const MAX_WATCHERS: usize = 16;

/// One watcher's place in the hub.
struct Place {
    id: u64,
    queue: mpsc::Sender<Message>,
    connection: quinn::Connection,
}

struct State {
    /// Everything a watcher is sent, from `Watching` on, so that a late
    /// watcher sees the game so far.
    history: Vec<Message>,
    places: Vec<Place>,
    max: usize,
    next_id: u64,
    /// The watchers' chat, held from the players until the game ends:
    /// the first lines, within the limits of the record, each with the
    /// game events published before it.
    kibitz: Vec<Line>,
    /// The game events published so far.
    events: u32,
    /// The watchers' names by id, as their greetings gave them.
    names: Vec<(u64, String)>,
    /// The players closed watching: no watcher is let in any more.
    closed: bool,
    /// Both clocks as the host booked them after the last event, and when
    /// the side to move's turn began: what a watcher coming in is told.
    clocks: Option<([Clock; 2], Instant)>,
    /// While the players review the game together: where the watchers'
    /// lines go, each with its watcher's name, to be added to the record.
    talk: Option<mpsc::Sender<(String, String)>>,
}

/// The host's watchers, shared by the game session (which publishes) and
/// the task that lets watchers in.
#[derive(Clone)]
pub struct Hub(Arc<Mutex<State>>);

/// Why a watcher was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Full {
    /// The hub has its `max` watchers.
    Cap(usize),
    /// The players closed watching.
    Closed,
}

/// A watcher let in: its id, the game so far, and its queue of what
/// follows.
pub(crate) struct Subscription {
    pub id: u64,
    pub history: Vec<Message>,
    pub queue: mpsc::Receiver<Message>,
}

impl Hub {
    /// A hub that lets in at most `max` watchers at a time.
    #[must_use]
    pub fn new(max: usize) -> Hub {
        Hub(Arc::new(Mutex::new(State {
            history: Vec::new(),
            places: Vec::new(),
            max,
            next_id: 0,
            kibitz: Vec::new(),
            events: 0,
            names: Vec::new(),
            closed: false,
            clocks: None,
            talk: None,
        })))
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many watchers are in.
    #[must_use]
    pub fn watchers(&self) -> usize {
        self.state().places.len()
    }

    /// Sends `message` to every watcher and keeps it for later ones,
    /// without waiting: a watcher whose queue is full is dropped.
    pub fn publish(&self, message: Message) {
        let mut state = self.state();
        if matches!(message, Message::Event { .. }) {
            state.events += 1;
        }
        state.history.push(message.clone());
        Self::send_all(&mut state, &message, None);
    }

    /// Both players' clocks as the host booked them after an event, and
    /// when the turn that follows began: sent to every watcher now, and to
    /// each watcher coming in later with the time the turn has run since.
    pub fn clocks(&self, clocks: [Clock; 2], turn_started: Instant) {
        if clocks[0].allowance_ms().is_none() {
            return;
        }
        let mut state = self.state();
        state.clocks = Some((clocks, turn_started));
        for report in reports(&clocks) {
            Self::send_all(&mut state, &report, None);
        }
    }

    /// A player's connection dropped: the watchers are told the clocks
    /// stand while the host waits for the partner (no watcher comes in
    /// meanwhile, so nothing of it is kept for later ones).
    pub fn away(&self) {
        Self::send_all(&mut self.state(), &Message::Away, None);
    }

    /// The partner is back: the watchers' clocks run again from how long
    /// the side to move has been on its turn since `turn_started`, after
    /// the clocks as the host booked them ([`Hub::clocks`]).
    pub fn back(&self, turn_started: Instant) {
        let mut state = self.state();
        if state.clocks.is_some() {
            let message = Message::Turn {
                used_ms: used_since(turn_started),
            };
            Self::send_all(&mut state, &message, None);
        }
    }

    /// The players adjourned the game: every watcher is told so, in place
    /// of a goodbye.
    pub fn adjourned(&self) {
        Self::send_all(&mut self.state(), &Message::Adjourned, None);
    }

    /// How many game events the watchers were sent: a game resumed after
    /// a drop is shared again from the next one.
    #[must_use]
    pub fn events(&self) -> u32 {
        self.state().events
    }

    /// Whether the game's terms were sent (`Watching`).
    #[must_use]
    pub fn started(&self) -> bool {
        !self.state().history.is_empty()
    }

    fn send_all(state: &mut State, message: &Message, except: Option<u64>) {
        state.places.retain(|place| {
            if Some(place.id) == except {
                return true;
            }
            match place.queue.try_send(message.clone()) {
                Ok(()) => true,
                Err(mpsc::error::TrySendError::Full(_)) => {
                    close::close(
                        &place.connection,
                        close::BEHIND,
                        "this watcher fell too far behind the game; watch again to catch up",
                    );
                    false
                }
                Err(mpsc::error::TrySendError::Closed(_)) => false,
            }
        });
    }

    /// Lets a watcher in, unless the hub has its cap: the game so far and
    /// a queue of what follows, taken under one lock so nothing falls
    /// between them.
    pub(crate) fn subscribe(&self, connection: quinn::Connection) -> Result<Subscription, Full> {
        let mut state = self.state();
        state.places.retain(|p| !p.queue.is_closed());
        if state.closed {
            return Err(Full::Closed);
        }
        if state.places.len() >= state.max {
            return Err(Full::Cap(state.max));
        }
        let (queue, rx) = mpsc::channel(QUEUE);
        state.next_id += 1;
        let id = state.next_id;
        state.places.push(Place {
            id,
            queue,
            connection,
        });
        let mut history = state.history.clone();
        if let Some((clocks, turn_started)) = state.clocks {
            history.extend(reports(&clocks));
            history.push(Message::Turn {
                used_ms: used_since(turn_started),
            });
        }
        Ok(Subscription {
            id,
            history,
            queue: rx,
        })
    }

    /// A watcher leaves.
    pub(crate) fn leave(&self, id: u64) {
        self.state().places.retain(|p| p.id != id);
    }

    /// A watcher's chat line: sent to the other watchers and kept for
    /// later ones, and held from the players (see [`Hub::kibitz_log`]);
    /// the record keeps the first [`MAX_KIBITZ_LINES`].
    pub(crate) fn kibitz(&self, from: u64, name: &str, text: &str) {
        let mut state = self.state();
        let message = Message::Kibitz {
            name: name.to_string(),
            text: text.to_string(),
        };
        state.history.push(message.clone());
        if state.kibitz.len() < MAX_KIBITZ_LINES {
            let line = kept(state.events, name, text);
            state.kibitz.push(line);
        }
        Self::send_all(&mut state, &message, Some(from));
        // Never waiting for a watcher: a line the review has no room for
        // is dropped.
        if let Some(talk) = &state.talk {
            let _ = talk.try_send((name.to_string(), text.to_string()));
        }
    }

    /// The watchers' lines from now on, for a review together to add to
    /// the record as they come (at most [`TALK_QUEUE`] waiting).
    pub(crate) fn follow_talk(&self) -> mpsc::Receiver<(String, String)> {
        let (tx, rx) = mpsc::channel(TALK_QUEUE);
        self.state().talk = Some(tx);
        rx
    }

    /// The watchers' lines a resumed game's log kept, for the record, each
    /// with the events said before it (their frames are published with
    /// the game so far).
    pub fn keep_kibitz(&self, lines: &[KibitzLine]) {
        let mut state = self.state();
        let room = MAX_KIBITZ_LINES.saturating_sub(state.kibitz.len());
        let kept_lines = lines
            .iter()
            .take(room)
            .map(|line| kept(line.after_event, &line.name, &line.text));
        state.kibitz.extend(kept_lines);
    }

    /// Names the watcher `id` (its greeting's name), for the players'
    /// list.
    pub(crate) fn name(&self, id: u64, name: &str) {
        let mut state = self.state();
        let State { places, names, .. } = &mut *state;
        names.retain(|(n, _)| places.iter().any(|p| p.id == *n));
        names.push((id, name.to_string()));
    }

    /// The names of the watchers in now, in the order they came.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        let state = self.state();
        state
            .places
            .iter()
            .filter_map(|p| state.names.iter().find(|(id, _)| *id == p.id))
            .map(|(_, name)| name.clone())
            .collect()
    }

    /// Closes watching for good: every watcher is dropped with
    /// [`close::WATCHING_CLOSED`], which tells it the players closed
    /// watching, and no new one is let in.
    pub fn close(&self) {
        let mut state = self.state();
        state.closed = true;
        for place in state.places.drain(..) {
            close::close(
                &place.connection,
                close::WATCHING_CLOSED,
                crate::error::CLOSED_BY_PLAYERS,
            );
        }
        state.names.clear();
    }

    /// Whether the players closed watching.
    #[must_use]
    pub fn closed(&self) -> bool {
        self.state().closed
    }

    /// The watchers' chat so far, each line with the number of game events
    /// published before it, its watcher's name and its text: for the
    /// players' record once the game has ended, never before.
    #[must_use]
    pub fn kibitz_log(&self) -> Vec<Line> {
        self.state().kibitz.clone()
    }
}

/// The milliseconds since `turn_started`, as `Turn` carries them.
fn used_since(turn_started: Instant) -> u64 {
    u64::try_from(turn_started.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// Both clocks as the players' reports (`Clocked`) a watcher reads.
fn reports(clocks: &[Clock; 2]) -> [Message; 2] {
    [Color::Black, Color::White].map(|color| {
        let clock = clocks[color.index()];
        Message::Clocked {
            color: ColorW::from(color),
            main_left_ms: clock.main_left_ms(),
            periods_left: clock.periods_left(),
        }
    })
}
