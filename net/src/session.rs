//! A networked game in progress: every local event is checked by our rules
//! engine, written to the save log (write-ahead) and then sent with its
//! sequence number and state hash; every remote event is checked the same
//! way, written to the save log, and only then acknowledged. So each event
//! is flushed once on each side, and a round trip holds one flush: the
//! partner's. A disagreement stops the game with both logs kept.
//!
//! At most one local event is in flight. If both players send an event
//! with the same number at once (a proposal crossing a resignation, say),
//! the host's wins: the joiner withdraws its own (a withdrawal record in
//! its log) and tells its player.
//!
//! The watchers' lines (kibitz) are held from both players until the game
//! has ended; then the host sends them to the joiner, whose session hands
//! out the event that ended the game only once they are in.

use crate::close;
use crate::error::{Awaited, Divergence, NetError, NotNow};
use crate::kibitzed::{self, Line, Received};
use crate::link::{Inbox, Sender};
use crate::watch::Hub;
use crate::wire::{Colors, EventW, Message, Terms, check_chat};
use kaisho_core::clock::{Clock, TimeControl};
use kaisho_core::{Color, Event, Game, Phase};
use kaisho_saves::identity::Fingerprint;
use kaisho_saves::log::{ChatLine, GameHeader, GameLog};
use kaisho_saves::sgf::KibitzLine;
use kaisho_saves::visible::visible_owned;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// What a claim of the partner's loss on time allows for the trip of
/// their last report across the network.
pub const LATENCY_GRACE: Duration = Duration::from_secs(2);

/// Something that happened on the connection, for the player to see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Update {
    /// The partner's event `seq` was validated, logged and acknowledged.
    Remote { seq: u32, event: Event },
    /// The partner acknowledged our event `seq` (in our log since before
    /// it was sent).
    Acked { seq: u32 },
    /// Our event crossed one of the host's with the same number and was
    /// withdrawn; the player may make it again if it still applies. `moves`
    /// is the number of moves played with it standing (a move's own
    /// number), `state_hash` the game's once it is taken back, before the
    /// host's event. A resignation is made `again` at once, after the
    /// host's event ([`Update::Again`]): it stands whatever was played.
    Withdrawn {
        event: Event,
        moves: u32,
        state_hash: u64,
        again: bool,
    },
    /// Our resignation, withdrawn by a crossing, made again as event `seq`
    /// after the host's event, logged and sent.
    Again { seq: u32, event: Event },
    /// A chat line from the partner.
    Chat(String),
    /// The partner's report of its own clock.
    PeerClock {
        main_left_ms: u64,
        periods_left: u32,
    },
    /// The partner left, and said why.
    Bye(String),
    /// Once the game has ended, the partner offers to review it together.
    ReviewOffered,
    /// The partner's answer to our offer to review the game together.
    ReviewAnswered(bool),
}

/// A local event logged and sent, and not yet acknowledged.
struct Pending {
    seq: u32,
    event: Event,
    time_used_ms: Option<u32>,
    state_hash: u64,
    /// Our clock and the start of our turn before the event, to go back to
    /// if it is withdrawn.
    clock_before: Clock,
    turn_started: Instant,
}

/// What an event arriving from the partner may be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arrival {
    /// The partner's next event in play.
    Next,
    /// On resuming, the one event our log missed, which may be of either
    /// colour (our own event from a log that held it only once
    /// acknowledged, as before logs were written ahead).
    Missed,
    /// The partner's event that won over ours with the same number: ours
    /// is withdrawn from the log just before this one is logged.
    Crossing,
}

/// A game over an authenticated link.
pub struct Session {
    tx: Sender,
    inbox: Inbox,
    game: Game,
    log: GameLog,
    header: GameHeader,
    local: Color,
    pending: Option<Pending>,
    clocks: [Clock; 2],
    turn_started: Instant,
    queued: VecDeque<Update>,
    /// How many times this side may ask to take back a move in the game.
    undo_limit: Option<u32>,
    /// The host's watchers, sent every event, clock and chat line.
    hub: Option<Hub>,
    /// On the host: the watchers' lines were sent to the joiner.
    kibitz_sent: bool,
    /// On the joiner: the watchers' lines the host sent at the end.
    kibitz_received: Received,
    /// A resumed game's chat and watchers' lines from its log, until the
    /// game is shared.
    saved_talk: SavedTalk,
    /// How many of the watchers' lines this side's log holds.
    kibitz_logged: usize,
    /// A resignation a crossing withdrew, to be made again once the player
    /// has been told of the event that won.
    again: Option<Event>,
}

impl Session {
    pub(crate) fn new(
        (tx, inbox): (Sender, Inbox),
        game: Game,
        log: GameLog,
        header: GameHeader,
        local: Color,
        clocks: [Clock; 2],
    ) -> Session {
        Session {
            tx,
            inbox,
            game,
            log,
            header,
            local,
            pending: None,
            clocks,
            turn_started: Instant::now(),
            queued: VecDeque::new(),
            undo_limit: None,
            hub: None,
            kibitz_sent: false,
            kibitz_received: Received::default(),
            saved_talk: SavedTalk::default(),
            kibitz_logged: 0,
            again: None,
        }
    }

    /// Shares the game with watchers (on the host): `hub` is sent the
    /// terms and both names, the events so far, and from now on every
    /// event, clock report and chat line of either player. It never waits
    /// for a watcher. A hub that shared this game before (the partner
    /// dropped and came back) is sent only the events it has not had,
    /// then both clocks and the turn as it runs from now; a new hub of a
    /// game resumed from its saves is sent the chat its log kept, among
    /// the events.
    pub fn share(&mut self, hub: Hub) -> Result<(), NetError> {
        let settings = &self.header.settings;
        let shared_before = hub.started();
        if !shared_before {
            let colors = match self.local {
                Color::Black => Colors::HostBlack,
                Color::White => Colors::HostWhite,
            };
            let terms = Terms {
                game_id: self.header.game_id.clone(),
                size: settings.size.get(),
                komi_halves: settings.komi.halves(),
                handicap: settings.handicap,
                time: self.clocks[0].control().into(),
                colors,
                series: None,
            };
            hub.publish(Message::Watching {
                terms,
                black: self.header.black.name.clone(),
                white: self.header.white.name.clone(),
            });
        }
        let sent = hub.events() as usize;
        let cannot = |e: kaisho_core::GameError| {
            NetError::Protocol(format!("cannot share the game with watchers: {e}"))
        };
        let mut replay = Game::new(settings.clone()).map_err(cannot)?;
        // A hub that shared this game before has its talk already.
        let saved = std::mem::take(&mut self.saved_talk);
        if !shared_before {
            hub.keep_kibitz(&saved.kibitz);
        }
        let mut talk = saved.in_order().filter(|_| !shared_before).peekable();
        for (i, event) in self.game.events().iter().enumerate() {
            while let Some((_, said)) = talk.next_if(|(after, _)| *after as usize <= i) {
                hub.publish(said);
            }
            replay.apply(event.clone()).map_err(cannot)?;
            if i >= sent {
                hub.publish(Message::Event {
                    seq: i as u32 + 1,
                    event: EventW::from(event),
                    time_used_ms: None,
                    state_hash: replay.state_hash(),
                });
            }
        }
        talk.for_each(|(_, said)| hub.publish(said));
        hub.clocks(self.clocks, self.turn_started);
        if shared_before {
            hub.back(self.turn_started);
        }
        self.hub = Some(hub);
        Ok(())
    }

    /// The players' chat and the watchers' lines a resumed game's log
    /// kept, placed among its events: sent to the watchers with the game
    /// so far when it is shared, and the lines kept for the record.
    pub(crate) fn set_saved_talk(&mut self, chat: Vec<ChatLine>, kibitz: Vec<KibitzLine>) {
        self.kibitz_logged = kibitz.len();
        self.saved_talk = SavedTalk { chat, kibitz };
    }

    /// Writes the watchers' lines this side's log does not hold yet (the
    /// host's hub's, or those the host sent the joiner), so that every
    /// record made of the log later keeps them: done at the end of the
    /// game and on adjourning; a host whose partner dropped calls it before
    /// it lets the session go.
    ///
    /// # Errors
    /// The log could not be written; the lines stay in the hub.
    pub fn keep_kibitz(&mut self) -> Result<(), NetError> {
        let lines = match (&self.hub, self.tx.is_host) {
            (Some(hub), true) => hub.kibitz_log(),
            (_, true) => Vec::new(),
            (_, false) => self.kibitz_received.lines().to_vec(),
        };
        let new: Vec<KibitzLine> = lines
            .into_iter()
            .skip(self.kibitz_logged)
            .map(|(after_event, name, text)| KibitzLine {
                after_event,
                name,
                text,
            })
            .collect();
        self.log.append_kibitz(&new)?;
        self.kibitz_logged += new.len();
        Ok(())
    }

    /// The watchers' chat (kibitz), each line with its watcher's name, for
    /// this side's player once the game has ended; nothing before, so the
    /// watchers' remarks never reach a player during the game.
    #[must_use]
    pub fn kibitz(&self) -> Vec<(String, String)> {
        self.kibitz_log()
            .into_iter()
            .map(|(_, name, text)| (name, text))
            .collect()
    }

    /// [`Session::kibitz`] with the number of game events before each
    /// line, for the record: once the game has ended, never before. The
    /// host's come from its hub; the joiner's are the ones the host sent
    /// at the end, the same lines.
    #[must_use]
    pub fn kibitz_log(&self) -> Vec<Line> {
        if self.game.phase() != Phase::Ended {
            return Vec::new();
        }
        if !self.tx.is_host {
            return self.kibitz_received.lines().to_vec();
        }
        self.hub.as_ref().map(Hub::kibitz_log).unwrap_or_default()
    }

    /// On the host, once the game has ended: sends the joiner the
    /// watchers' lines (none when nobody watched), once. In play they go
    /// right after the event that ended the game or its acknowledgement;
    /// a game resumed after its end owes them until the host next reads
    /// or says goodbye, by which time its hub is shared again.
    async fn send_kibitz(&mut self) -> Result<(), NetError> {
        if !self.tx.is_host || self.kibitz_sent || self.game.phase() != Phase::Ended {
            return Ok(());
        }
        self.kibitz_sent = true;
        self.keep_kibitz()?;
        for frame in kibitzed::frames(&self.kibitz_log()) {
            self.tx.send(&frame).await?;
        }
        Ok(())
    }

    /// On the joiner: the game has ended and the watchers' lines the host
    /// owes are not all in yet.
    fn kibitz_due(&self) -> bool {
        !self.tx.is_host && self.game.phase() == Phase::Ended && !self.kibitz_received.done()
    }

    /// On the joiner, once the game has ended (by an event in flight or
    /// received): reads on until the host's acknowledgement and the
    /// watchers' lines are in, keeping whatever else arrives for
    /// [`Session::next`]. The event that ended the game is reported only
    /// after this, so the record made of it keeps the lines. Nothing to do
    /// on the host, or before the end.
    pub async fn settle(&mut self) -> Result<(), NetError> {
        while self.kibitz_due() {
            let message = self.recv().await?;
            if let Some(u) = self.handle(message).await? {
                self.queued.push_back(u);
            }
        }
        Ok(())
    }

    /// Sends game event `seq` to the watchers, once it stands in both
    /// players' games: ours after the partner acknowledged it, the
    /// partner's after our acknowledgement went out. The players' own
    /// exchange thus never waits behind the watchers' share of the work,
    /// and a watcher never sees an event that was withdrawn. An event the
    /// watchers already had (shared again after a resume) is not sent twice.
    fn share_event(&self, seq: u32, event: &Event, time_used_ms: Option<u32>, state_hash: u64) {
        if let Some(hub) = &self.hub
            && hub.events() < seq
        {
            hub.publish(Message::Event {
                seq,
                event: EventW::from(event),
                time_used_ms,
                state_hash,
            });
            hub.clocks(self.clocks, self.turn_started);
        }
    }

    /// Sends `message` to the watchers, if any.
    fn publish(&self, message: impl FnOnce() -> Message) {
        if let Some(hub) = &self.hub {
            hub.publish(message());
        }
    }

    /// Limits how many times this side may ask to take back a move in the
    /// game (the player's setting; `None`: no limit). The partner can
    /// always decline a request; this keeps a player from asking again and
    /// again.
    pub fn set_undo_limit(&mut self, limit: Option<u32>) {
        self.undo_limit = limit;
    }

    /// How many more times this side may ask to take back a move.
    #[must_use]
    pub fn undos_left(&self) -> Option<u32> {
        self.undo_limit
            .map(|l| l.saturating_sub(self.game.undo_requests(self.local)))
    }

    /// The game as both sides see it (ours includes an event in flight).
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether this side hosts the link (and orders a review together
    /// after the game).
    #[must_use]
    pub fn is_host(&self) -> bool {
        self.tx.is_host
    }

    /// The colour this side plays.
    #[must_use]
    pub fn local_color(&self) -> Color {
        self.local
    }

    /// The save log's header: players, fingerprints, settings.
    #[must_use]
    pub fn header(&self) -> &GameHeader {
        &self.header
    }

    /// The partner's certificate fingerprint.
    #[must_use]
    pub fn peer(&self) -> Fingerprint {
        self.tx.peer
    }

    /// The save log's path.
    #[must_use]
    pub fn log_path(&self) -> &std::path::Path {
        self.log.path()
    }

    /// The clock of `color`, as booked from the reported times.
    #[must_use]
    pub fn clock(&self, color: Color) -> &Clock {
        &self.clocks[color.index()]
    }

    /// How long the side on turn has been thinking, by our monotonic clock:
    /// a clock display subtracts it from the booked time.
    #[must_use]
    pub fn turn_elapsed(&self) -> Duration {
        self.turn_started.elapsed()
    }

    /// The connection under the session, for statistics and its close.
    #[must_use]
    pub fn carrier(&self) -> &crate::carrier::Carrier {
        &self.tx.carrier
    }

    /// Whether a local event waits for its acknowledgement, or (on the
    /// joiner, once the game has ended) the watchers' lines the host owes
    /// are still to come: either way [`Session::next`] has more to read
    /// before the game is settled.
    #[must_use]
    pub fn awaiting_ack(&self) -> bool {
        self.pending.is_some() || self.kibitz_due()
    }

    /// Makes a local event: checks it with our rules engine, times it if it
    /// is a move, writes it to our log (flushed) and sends it. A move that
    /// flags our own clock becomes our loss on time instead. Returns the
    /// sequence number and the event sent. If the log cannot be written,
    /// nothing is sent and the game is as before.
    pub async fn act(&mut self, event: Event) -> Result<(u32, Event), NetError> {
        if self.pending.is_some() {
            return Err(NetError::NotNow(NotNow::Unacknowledged));
        }
        if matches!(event, Event::RequestUndo { .. }) && self.undos_left() == Some(0) {
            return Err(NetError::NotNow(NotNow::NoUndosLeft));
        }
        let claim = matches!(event, Event::TimeLoss { color } if color != self.local);
        if event.actor() != self.local && !claim {
            return Err(NetError::Game(kaisho_core::GameError::NotYourTurn {
                expected: self.local,
            }));
        }
        if claim && !self.partner_overdue() {
            return Err(NetError::NotNow(NotNow::PartnerHasTime));
        }
        let clock_before = self.clocks[self.local.index()];
        let (event, time_used_ms) = match self.time_local(&event) {
            Ok(used) => (event, used),
            Err(()) => (Event::TimeLoss { color: self.local }, None),
        };
        if let Err(e) = self.game.apply(event.clone()) {
            self.clocks[self.local.index()] = clock_before;
            return Err(NetError::Game(e));
        }
        let seq = self.game.events().len() as u32;
        let state_hash = self.game.state_hash();
        if let Err(e) = self.log.append(&event, time_used_ms) {
            self.take_back(clock_before, self.turn_started)?;
            return Err(e.into());
        }
        self.pending = Some(Pending {
            seq,
            event: event.clone(),
            time_used_ms,
            state_hash,
            clock_before,
            turn_started: self.turn_started,
        });
        self.turn_started = Instant::now();
        let message = Message::Event {
            seq,
            event: EventW::from(&event),
            time_used_ms,
            state_hash,
        };
        self.tx.send(&message).await?;
        self.send_kibitz().await?;
        Ok((seq, event))
    }

    /// Books a local move on our clock; `Err` when it flags.
    fn time_local(&mut self, event: &Event) -> Result<Option<u32>, ()> {
        let clock = &mut self.clocks[self.local.index()];
        if !is_move(event) || clock.control() == TimeControl::None {
            return Ok(None);
        }
        let used = u64::try_from(self.turn_started.elapsed().as_millis()).unwrap_or(u64::MAX);
        clock.spend(used).map_err(|_| ())?;
        Ok(Some(u32::try_from(used).unwrap_or(u32::MAX)))
    }

    /// Whether the partner, on turn, has used their remaining time plus a
    /// grace for latency, by our own monotonic clock: then the player may
    /// claim the game with `Event::TimeLoss` for the partner's colour.
    #[must_use]
    pub fn partner_overdue(&self) -> bool {
        let peer = self.local.opponent();
        self.game.phase() == Phase::Playing
            && self.game.to_move() == peer
            && self.clocks[peer.index()].allowance_ms().is_some_and(|a| {
                self.turn_started.elapsed() > Duration::from_millis(a) + LATENCY_GRACE
            })
    }

    /// Whether our own time, by our clock, has run out on this turn.
    fn own_time_up(&self) -> bool {
        self.game.to_move() == self.local
            && self.clocks[self.local.index()]
                .allowance_ms()
                .is_some_and(|a| self.turn_started.elapsed() >= Duration::from_millis(a))
    }

    /// Sends a chat line (and keeps it in our log).
    pub async fn chat(&mut self, text: &str) -> Result<(), NetError> {
        self.log.append_chat(self.local, text)?;
        self.publish(|| Message::Said {
            color: self.local.into(),
            text: text.to_string(),
        });
        self.tx
            .send(&Message::Chat {
                text: text.to_string(),
            })
            .await
    }

    /// Reports our clock to the partner.
    pub async fn report_clock(&mut self) -> Result<(), NetError> {
        let c = self.clocks[self.local.index()];
        self.publish(|| Message::Clocked {
            color: self.local.into(),
            main_left_ms: c.main_left_ms(),
            periods_left: c.periods_left(),
        });
        self.tx
            .send(&Message::Clock {
                main_left_ms: c.main_left_ms(),
                periods_left: c.periods_left(),
            })
            .await
    }

    /// Offers the partner to review the ended game together, on this link.
    ///
    /// # Errors
    /// The game has not ended, or the link fails.
    pub async fn offer_review(&mut self) -> Result<(), NetError> {
        self.review_frame(Message::ReviewOffer).await
    }

    /// Answers the partner's offer to review the ended game together.
    ///
    /// # Errors
    /// The game has not ended, or the link fails.
    pub async fn answer_review(&mut self, yes: bool) -> Result<(), NetError> {
        self.review_frame(Message::ReviewAnswer { yes }).await
    }

    async fn review_frame(&mut self, message: Message) -> Result<(), NetError> {
        if self.game.phase() != Phase::Ended {
            return Err(NetError::Protocol(
                "a review together is offered once the game has ended".into(),
            ));
        }
        self.send_kibitz().await?;
        self.tx.send(&message).await
    }

    /// The link's halves and the watchers' hub, for a review together
    /// after the game; the game is in both logs already.
    pub(crate) fn into_parts(self) -> (Sender, Inbox, Option<Hub>) {
        (self.tx, self.inbox, self.hub)
    }

    /// Adjourns the game: the watchers are told so, the partner is told
    /// goodbye with `reason`, and the connection closes; the game stays
    /// in both logs, to be resumed. The watchers' lines so far are kept in
    /// the log, so that the resumed game goes on with them.
    ///
    /// # Errors
    /// The watchers' lines could not be written to the log (the game is
    /// adjourned all the same; they stay in the hub).
    pub async fn adjourn(mut self, reason: &str) -> Result<(), NetError> {
        if let Some(hub) = &self.hub {
            hub.adjourned();
        }
        let kept = self.keep_kibitz();
        self.tx.bye(reason).await;
        kept
    }

    /// Says goodbye and closes the connection; the game stays in the log
    /// (adjourned if it has no result).
    pub async fn bye(mut self, reason: &str) {
        let _ = self.send_kibitz().await;
        self.publish(|| Message::Bye {
            reason: reason.to_string(),
        });
        self.tx.bye(reason).await;
    }

    /// Waits for the next thing from the partner and handles it. Cancel-safe:
    /// it can wait in a `select!` beside the keyboard and timers.
    pub async fn next(&mut self) -> Result<Update, NetError> {
        self.send_kibitz().await?;
        loop {
            self.settle().await?;
            if let Some(u) = self.queued.pop_front() {
                return Ok(u);
            }
            if let Some(u) = self.resign_again().await? {
                return Ok(u);
            }
            let message = self.recv().await?;
            if let Some(u) = self.handle(message).await? {
                self.queued.push_back(u);
            }
        }
    }

    /// The partner's next frame; the end of the connection is an error.
    async fn recv(&mut self) -> Result<Message, NetError> {
        match self.inbox.recv().await {
            Some(m) => m,
            None => Err(NetError::Connection("the connection is closed".into())),
        }
    }

    async fn handle(&mut self, message: Message) -> Result<Option<Update>, NetError> {
        match message {
            Message::Event {
                seq,
                event,
                time_used_ms,
                state_hash,
            } => {
                let crossed = self.pending.as_ref().is_some_and(|p| p.seq == seq);
                if crossed && self.tx.is_host {
                    return Ok(None);
                }
                let event = Event::from(&event);
                self.give_way_and_receive(seq, event, time_used_ms, state_hash, false)
                    .await?;
                Ok(None)
            }
            Message::Ack { seq, state_hash } => {
                let Some(p) = self.pending.take_if(|p| p.seq == seq) else {
                    return Err(self
                        .fail(NetError::Protocol(format!(
                            "acknowledgement of event {seq}, which is not in flight"
                        )))
                        .await);
                };
                if p.state_hash != state_hash {
                    let e = NetError::Diverged {
                        seq,
                        what: Divergence::Event(p.event.clone()),
                    };
                    return Err(self.fail(e).await);
                }
                if self.tx.is_host {
                    self.share_event(seq, &p.event, p.time_used_ms, state_hash);
                }
                Ok(Some(Update::Acked { seq }))
            }
            Message::Chat { text } => {
                if let Err(e) = check_chat(&text) {
                    return Err(self.fail(e).await);
                }
                let text = visible_owned(text);
                self.log.append_chat(self.local.opponent(), &text)?;
                self.publish(|| Message::Said {
                    color: self.local.opponent().into(),
                    text: text.clone(),
                });
                Ok(Some(Update::Chat(text)))
            }
            Message::Clock {
                main_left_ms,
                periods_left,
            } => {
                self.publish(|| Message::Clocked {
                    color: self.local.opponent().into(),
                    main_left_ms,
                    periods_left,
                });
                Ok(Some(Update::PeerClock {
                    main_left_ms,
                    periods_left,
                }))
            }
            Message::Bye { reason } => Ok(Some(Update::Bye(visible_owned(reason)))),
            Message::ReviewOffer if self.game.phase() == Phase::Ended => {
                Ok(Some(Update::ReviewOffered))
            }
            Message::ReviewAnswer { yes } if self.game.phase() == Phase::Ended => {
                Ok(Some(Update::ReviewAnswered(yes)))
            }
            Message::Kibitzed { lines, more } if !self.tx.is_host => {
                if self.game.phase() != Phase::Ended || self.pending.is_some() {
                    let e = NetError::Protocol(
                        "the host sent the watchers' lines before the game ended; the players see them only after the end".into(),
                    );
                    return Err(self.fail(e).await);
                }
                let events = self.game.events().len() as u32;
                if let Err(e) = self.kibitz_received.take(lines, more, events) {
                    return Err(self.fail(e).await);
                }
                if self.kibitz_received.done() {
                    self.keep_kibitz()?;
                }
                Ok(None)
            }
            other => Err(self
                .fail(crate::link::unexpected("a game message", &other))
                .await),
        }
    }

    /// Receives the partner's event `seq` in place of our own event in
    /// flight if it has the same number (the host's wins), and queues what
    /// the player is to be told. `missed`: the event our log missed, on
    /// resuming.
    async fn give_way_and_receive(
        &mut self,
        seq: u32,
        event: Event,
        time_used_ms: Option<u32>,
        state_hash: u64,
        missed: bool,
    ) -> Result<(), NetError> {
        let crossed = self.pending.take_if(|p| p.seq == seq);
        let (arrival, withdrawn) = match crossed {
            Some(p) => {
                let moves = self.game.move_number();
                self.take_back(p.clock_before, p.turn_started)?;
                let again = matches!(p.event, Event::Resign { .. });
                let withdrawn = Update::Withdrawn {
                    event: p.event,
                    moves,
                    state_hash: self.game.state_hash(),
                    again,
                };
                (Arrival::Crossing, Some(withdrawn))
            }
            None if missed => (Arrival::Missed, None),
            None => (Arrival::Next, None),
        };
        self.receive(seq, event.clone(), time_used_ms, state_hash, arrival)
            .await?;
        if let Some(withdrawn) = withdrawn {
            if let Update::Withdrawn {
                event, again: true, ..
            } = &withdrawn
            {
                self.again = Some(event.clone());
            }
            self.queued.push_back(withdrawn);
        }
        self.queued.push_back(Update::Remote { seq, event });
        Ok(())
    }

    /// Makes again the resignation a crossing withdrew, once the player has
    /// been told of the host's event that won: unless that event ended the
    /// game, the resignation follows it.
    async fn resign_again(&mut self) -> Result<Option<Update>, NetError> {
        let Some(event) = self.again.take() else {
            return Ok(None);
        };
        if self.game.outcome().is_some() {
            return Ok(None);
        }
        let (seq, event) = self.act(event).await?;
        Ok(Some(Update::Again { seq, event }))
    }

    /// Takes our last event back out of the game (not out of the log) and
    /// puts our clock and turn back as they were before it.
    fn take_back(&mut self, clock_before: Clock, turn_started: Instant) -> Result<(), NetError> {
        let events = &self.game.events()[..self.game.events().len().saturating_sub(1)];
        self.game = Game::replay(self.game.settings().clone(), events)
            .map_err(|e| NetError::Protocol(format!("cannot take back an event: {e}")))?;
        self.clocks[self.local.index()] = clock_before;
        self.turn_started = turn_started;
        Ok(())
    }

    /// On resuming: our last logged event was never acknowledged and
    /// crossed the partner's event with the same number, which is to win;
    /// it stands as in flight until that event arrives and withdraws it.
    pub(crate) fn crossed_on_resume(&mut self, clock_before: Clock) {
        let events = self.game.events();
        self.pending = events.last().map(|event| Pending {
            seq: events.len() as u32,
            event: event.clone(),
            time_used_ms: None,
            state_hash: self.game.state_hash(),
            clock_before,
            turn_started: self.turn_started,
        });
    }

    /// Validates, applies, logs and acknowledges one event from the
    /// partner. Only once it has passed every check does the log change:
    /// the withdrawal of our crossed event, if any, then this event.
    async fn receive(
        &mut self,
        seq: u32,
        event: Event,
        time_used_ms: Option<u32>,
        state_hash: u64,
        arrival: Arrival,
    ) -> Result<(), NetError> {
        let expected = self.game.events().len() as u32 + 1;
        if seq != expected {
            let e = NetError::Protocol(format!("event {seq} arrived where {expected} was due"));
            return Err(self.fail(e).await);
        }
        let peer = self.local.opponent();
        let actor = event.actor();
        let claim_on_us = matches!(event, Event::TimeLoss { color } if color == self.local);
        if actor != peer && arrival != Arrival::Missed && !(claim_on_us && self.own_time_up()) {
            let e = NetError::Rejected {
                seq,
                error: kaisho_core::GameError::NotYourTurn { expected: peer },
            };
            return Err(self.fail(e).await);
        }
        let clock_before = self.clocks[actor.index()];
        if let (Some(used), true) = (time_used_ms, is_move(&event))
            && self.clocks[actor.index()].spend(u64::from(used)).is_err()
        {
            let e = NetError::Protocol(format!(
                "event {seq} reports {used} ms, more than the player had left"
            ));
            return Err(self.fail(e).await);
        }
        if let Err(error) = self.game.apply(event.clone()) {
            self.clocks[actor.index()] = clock_before;
            return Err(self.fail(NetError::Rejected { seq, error }).await);
        }
        if self.game.state_hash() != state_hash {
            let e = NetError::Diverged {
                seq,
                what: Divergence::Event(event.clone()),
            };
            return Err(self.fail(e).await);
        }
        if arrival == Arrival::Crossing {
            self.log.withdraw(seq)?;
        }
        self.log.append(&event, time_used_ms)?;
        self.turn_started = Instant::now();
        self.tx
            .send(&Message::Ack {
                seq,
                state_hash: self.game.state_hash(),
            })
            .await?;
        self.share_event(seq, &event, time_used_ms, state_hash);
        if arrival == Arrival::Missed {
            return Ok(());
        }
        self.send_kibitz().await
    }

    /// On resuming, sends our last logged event again to a partner whose
    /// log missed it, and waits for its acknowledgement.
    pub(crate) async fn send_again(
        &mut self,
        seq: u32,
        event: &Event,
        time_used_ms: Option<u32>,
    ) -> Result<(), NetError> {
        let state_hash = self.game.state_hash();
        self.tx
            .send(&Message::Event {
                seq,
                event: EventW::from(event),
                time_used_ms,
                state_hash,
            })
            .await?;
        match self.recv_within_pairing(Awaited::ResentAck).await? {
            Message::Ack {
                seq: s,
                state_hash: h,
            } if s == seq && h == state_hash => Ok(()),
            other => {
                let e = crate::link::unexpected("the acknowledgement of the resent event", &other);
                Err(self.fail(e).await)
            }
        }
    }

    /// On resuming, receives the one event our log missed (in place of our
    /// own crossed event, if there is one in flight).
    pub(crate) async fn catch_up(&mut self) -> Result<(), NetError> {
        match self.recv_within_pairing(Awaited::MissedEvent).await? {
            Message::Event {
                seq,
                event,
                time_used_ms,
                state_hash,
            } => {
                self.give_way_and_receive(seq, Event::from(&event), time_used_ms, state_hash, true)
                    .await
            }
            other => {
                let e = crate::link::unexpected("the event our save missed", &other);
                Err(self.fail(e).await)
            }
        }
    }

    async fn recv_within_pairing(&mut self, what: Awaited) -> Result<Message, NetError> {
        match tokio::time::timeout(crate::link::PAIR_TIMEOUT, self.inbox.recv()).await {
            Err(_) => Err(NetError::Timeout(what)),
            Ok(Some(m)) => m,
            Ok(None) => Err(NetError::Connection("the connection is closed".into())),
        }
    }

    /// Closes the connection with the error as the reason, and returns it.
    async fn fail(&mut self, e: NetError) -> NetError {
        self.tx.carrier.close(close::PROTOCOL, &e.to_string());
        e
    }
}

/// Whether the event is a move whose thinking time counts.
/// The talk of a game resumed from its log, for the watchers.
#[derive(Default)]
struct SavedTalk {
    chat: Vec<ChatLine>,
    kibitz: Vec<KibitzLine>,
}

impl SavedTalk {
    /// Every line as the watchers are sent it, with the events before it,
    /// in order (the players' chat first where both were said after the
    /// same event).
    fn in_order(self) -> impl Iterator<Item = (u32, Message)> {
        let chat = self.chat.into_iter().map(|line| {
            let said = Message::Said {
                color: line.from.into(),
                text: line.text,
            };
            (line.after_event, said)
        });
        let kibitz = self.kibitz.into_iter().map(|line| {
            let said = Message::Kibitz {
                name: line.name,
                text: line.text,
            };
            (line.after_event, said)
        });
        let mut all: Vec<(u32, Message)> = chat.chain(kibitz).collect();
        all.sort_by_key(|(after, _)| *after);
        all.into_iter()
    }
}

fn is_move(event: &Event) -> bool {
    matches!(event, Event::Play { .. } | Event::Pass { .. })
}
