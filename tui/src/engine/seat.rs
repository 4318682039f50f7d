//! The engine as a seat: a task like the network task (`netplay::worker`)
//! that takes the update's [`NetRequest`]s and reports [`NetNews`], so the
//! network game's screen, its log, SGF export and clocks play against a
//! GTP engine unchanged. The task's game is the one authority, as the
//! network session's is: our events are checked, logged and then told to
//! the engine with `play`; the engine's `genmove` answer is checked,
//! logged and reported as the partner's event.
//!
//! In the ending (J1989 Art. 9) the engine proposes the dead stones its
//! `final_status_list dead` names (never its seki stones), corrected by
//! kaisho's proven Article 7 verdicts. It accepts a proposal of the
//! player's that marks the same chains, and refuses any other by proposing
//! its list again and naming the chains it disagrees on (`stand`). An
//! engine that cannot name dead stones holds only what kaisho proves. In a
//! play-out (確認) it plays its side on the scratch board (`playout`), and
//! takes what the play-out shows into its list. It grants every request
//! to take a move back (待った, within the player's limit, which the screen
//! keeps): the player's move and its reply when asked on the player's turn,
//! undone on the engine with GTP `undo`. It plays on after a resumption.
//!
//! Whatever goes wrong with the engine (it dies, answers garbage or an
//! illegal move, or takes longer than its clock and the limit) adjourns the
//! game: the log keeps every event so far, and the engine is killed and
//! reaped.

use super::error::EngineError;
use super::gtp::Gtp;
use super::playout::scratch_move;
use super::stand::{Ending, Judgement};
use super::talk::{self, SETUP_LIMIT, gtp_color};
use super::terms::time_left;
use crate::app::{ClockFace, EngineTerms, NetNews, NetRequest, Started};
use crate::netplay::now_unix;
use crate::shell::disk::export;
use crate::words::{
    EngineLine, Failure, Lang, Line, Say, cli_line, engine_error, engine_line, failure, naming_for,
    say,
};
use kaisho_core::clock::{Clock, TimeControl};
use kaisho_core::{Color, Event, Game, Phase, Point};
use kaisho_saves::limits::MAX_NAME_CHARS;
use kaisho_saves::log::{GameHeader, GameLog, GameStore, LogError, Player};
use kaisho_saves::places::Places;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

/// Why play stopped.
enum Stop {
    /// The game ended, or the player left: the closing line.
    Line(String),
    /// The engine failed.
    Engine(EngineError),
    /// The log could not be written.
    Log(LogError),
}

impl From<EngineError> for Stop {
    fn from(e: EngineError) -> Stop {
        Stop::Engine(e)
    }
}

impl From<LogError> for Stop {
    fn from(e: LogError) -> Stop {
        Stop::Log(e)
    }
}

/// The game against the engine, as the task holds it.
struct Seat {
    gtp: Gtp,
    game: Game,
    log: GameLog,
    local: Color,
    clocks: [Clock; 2],
    /// When the turn running now began.
    turn: Instant,
    /// The longest the engine may think beyond its clock.
    limit: Duration,
    /// Whether the engine speaks `kgs-time_settings`.
    kgs_time: bool,
    /// Where the engine stands at the present stoppage, once asked.
    ending: Option<Ending>,
    lang: Lang,
    requests: UnboundedReceiver<NetRequest>,
    news: UnboundedSender<NetNews>,
}

/// Runs one game against the engine to its end or adjournment, and reports
/// the end as [`NetNews::Closed`]. Returns the engine's process id, once
/// reaped, for tests that check nothing is left behind.
pub async fn run(
    terms: EngineTerms,
    name: String,
    places: Places,
    lang: Lang,
    requests: UnboundedReceiver<NetRequest>,
    news: UnboundedSender<NetNews>,
) -> Option<u32> {
    let store = GameStore::new(places.games_dir());
    let size = terms.settings.size.get();
    let naming = naming_for(lang);
    let gtp = match Gtp::spawn(&terms.command) {
        Ok(gtp) => gtp,
        Err(e) => {
            let _ = news.send(NetNews::Closed(engine_error(&e, naming, size)));
            return None;
        }
    };
    let pid = gtp.pid();
    // The game's id while it stays adjourned, for its SGF.
    let (stop, adjourned, opened) =
        match Seat::open(gtp, &terms, &name, &store, lang, requests, &news).await {
            Ok(mut seat) => {
                let stop = seat.play().await;
                let adjourned = seat.game.outcome().is_none().then(|| seat.game_id());
                seat.gtp.close().await;
                (stop, adjourned, true)
            }
            Err((gtp, stop)) => {
                gtp.close().await;
                (stop, None, false)
            }
        };
    let mut text = match stop {
        Stop::Line(line) => line,
        // An engine that fails before the game is set up leaves no game:
        // there is nothing to resume.
        Stop::Engine(e) if !opened => {
            let why = engine_error(&e, naming, size);
            engine_line(lang, EngineLine::NotStarted(&why))
        }
        Stop::Engine(e) => {
            let why = engine_error(&e, naming, size);
            engine_line(lang, EngineLine::Adjourned(&why))
        }
        Stop::Log(e) => failure(lang, Failure::Log(&e)),
    };
    // An adjourned game's SGF is written here, as the network task does;
    // a finished game's by the screen when it ends.
    if let Some(id) = adjourned {
        let exported = export(&places, &id, lang, &[]);
        let sgf = cli_line(lang, Line::Exported(&exported));
        text = cli_line(lang, Line::Joined(&text, &sgf));
    }
    tracing::info!(%text, "engine game closed");
    let _ = news.send(NetNews::Closed(text));
    pid
}

impl Seat {
    /// Starts the engine's side of the game: a new log (or the adjourned
    /// one reopened), the board, komi, handicap, clock and any moves so far
    /// told to the engine.
    async fn open(
        mut gtp: Gtp,
        terms: &EngineTerms,
        name: &str,
        store: &GameStore,
        lang: Lang,
        requests: UnboundedReceiver<NetRequest>,
        news: &UnboundedSender<NetNews>,
    ) -> Result<Seat, (Gtp, Stop)> {
        let engine_name = match engine_name(&mut gtp, &terms.command).await {
            Ok(n) => n,
            Err(e) => return Err((gtp, e.into())),
        };
        let made = match &terms.resume {
            Some(id) => store.resume(id).map(|(log, saved)| {
                let clock = saved.contents.header.clock.unwrap_or(TimeControl::None);
                let mut clocks = [Clock::new(clock), Clock::new(clock)];
                for e in &saved.contents.events {
                    if let Some(used) = e.time_used_ms {
                        let _ = clocks[e.event.actor().index()].spend(u64::from(used));
                    }
                }
                let local = saved.contents.header.local_color.unwrap_or(terms.local);
                let names = [
                    saved.contents.header.black.name.clone(),
                    saved.contents.header.white.name.clone(),
                ];
                (log, saved.game, clocks, local, names, true)
            }),
            None => {
                let local = terms.local;
                let player = |n: &str| Player {
                    name: n.to_string(),
                    fingerprint: None,
                };
                let (black, white) = match local {
                    Color::Black => (player(name), player(&engine_name)),
                    Color::White => (player(&engine_name), player(name)),
                };
                let created = now_unix();
                let header = GameHeader {
                    game_id: store.new_id(created),
                    created_unix: created,
                    black,
                    white,
                    settings: terms.settings.clone(),
                    local_color: Some(local),
                    series: None,
                    clock: (terms.clock != TimeControl::None).then_some(terms.clock),
                };
                let game = Game::new(terms.settings.clone());
                match game {
                    Ok(game) => store.create(&header).map(|log| {
                        if let Err(e) = store.remember_engine(&header.game_id, &terms.command) {
                            let why = e.to_string();
                            let line = engine_line(lang, EngineLine::NotKept(&why));
                            let _ = news.send(NetNews::Note(line));
                        }
                        let clocks = [Clock::new(terms.clock), Clock::new(terms.clock)];
                        let names = [header.black.name.clone(), header.white.name.clone()];
                        (log, game, clocks, local, names, false)
                    }),
                    Err(e) => {
                        let error = EngineError::Start {
                            command: terms.command.clone(),
                            why: e.to_string(),
                        };
                        return Err((gtp, error.into()));
                    }
                }
            }
        };
        let (log, game, clocks, local, names, resumed) = match made {
            Ok(made) => made,
            Err(e) => return Err((gtp, e.into())),
        };
        let mut seat = Seat {
            gtp,
            game,
            log,
            local,
            clocks,
            turn: Instant::now(),
            limit: Duration::from_secs(terms.limit_secs),
            kgs_time: false,
            ending: None,
            lang,
            requests,
            news: news.clone(),
        };
        match talk::set_up(&mut seat.gtp, &seat.game, clocks[0].control()).await {
            Ok(kgs_time) => seat.kgs_time = kgs_time,
            Err(e) => return Err((seat.gtp, e.into())),
        }
        let game_id = seat.game_id();
        seat.tell(NetNews::Started(Box::new(Started {
            settings: seat.game.settings().clone(),
            events: seat.game.events().to_vec(),
            hash: seat.game.state_hash(),
            local,
            names,
            game_id,
            resumed,
            series: None,
            chat: Vec::new(),
        })));
        seat.turn = Instant::now();
        seat.tell(NetNews::Clocks(seat.face()));
        Ok(seat)
    }

    /// The game's id: its log's file name.
    fn game_id(&self) -> String {
        self.log
            .path()
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    fn tell(&self, news: NetNews) {
        let _ = self.news.send(news);
    }

    fn engine(&self) -> Color {
        self.local.opponent()
    }

    fn size(&self) -> u8 {
        self.game.settings().size.get()
    }

    /// Plays until the game ends, the player leaves or the engine fails.
    async fn play(&mut self) -> Stop {
        match self.play_on().await {
            Ok(line) => Stop::Line(line),
            Err(stop) => stop,
        }
    }

    async fn play_on(&mut self) -> Result<String, Stop> {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            if let Some(outcome) = self.game.outcome() {
                let result = outcome.result_string();
                return Ok(say(self.lang, Say::NetGameOver(&result)));
            }
            if self.game.phase() == Phase::Playing && self.game.to_move() == self.engine() {
                if let Some(line) = self.engine_moves(&mut tick).await? {
                    return Ok(line);
                }
                continue;
            }
            if self
                .game
                .playout()
                .is_some_and(|s| s.to_move() == self.engine())
            {
                self.plays_out().await?;
                continue;
            }
            if self.game.phase() == Phase::Stopped
                && self.game.open_proposal().is_none()
                && self.game.playout().is_none()
            {
                self.engine_proposes().await?;
                continue;
            }
            tokio::select! {
                request = self.requests.recv() => match request {
                    None | Some(NetRequest::Leave) => return Ok(say(self.lang, Say::NetAdjourned)),
                    Some(request) => self.request(request).await?,
                },
                _ = tick.tick() => self.tick()?,
            }
        }
    }

    /// One second of the player's turn: the clocks shown, a fallen flag
    /// ending the game.
    fn tick(&mut self) -> Result<(), Stop> {
        let running = self.game.phase() == Phase::Playing && self.game.to_move() == self.local;
        if running
            && self.clocks[self.local.index()]
                .allowance_ms()
                .is_some_and(|a| ms(self.turn.elapsed()) > a)
        {
            self.record(Event::TimeLoss { color: self.local }, None, true)?;
        }
        self.tell(NetNews::Clocks(self.face()));
        Ok(())
    }

    /// A request of the update during the player's turn or the ending.
    async fn request(&mut self, request: NetRequest) -> Result<(), Stop> {
        match request {
            NetRequest::Act(event) => self.ours(event).await,
            NetRequest::Start { .. }
            | NetRequest::Review { .. }
            | NetRequest::StartEngine { .. }
            | NetRequest::Watch { .. } => {
                let line = crate::words::cli_line(self.lang, crate::words::Line::AlreadyRunning);
                self.tell(NetNews::Refused(line));
                Ok(())
            }
            NetRequest::Chat(_)
            | NetRequest::TakeLastResult(_)
            | NetRequest::CloseWatching
            | NetRequest::NewCode
            | NetRequest::ReviewStep(_)
            | NetRequest::OfferReview
            | NetRequest::AnswerReview(_)
            | NetRequest::Leave => Ok(()),
        }
    }

    /// Our event: checked, logged, reported, and told to the engine.
    async fn ours(&mut self, event: Event) -> Result<(), Stop> {
        let mut checked = self.game.clone();
        if let Err(error) = checked.apply(event.clone()) {
            self.tell(NetNews::Rejected { event, error });
            return Ok(());
        }
        let used = self.spend(&event);
        if let Some(Err(())) = used {
            return self.record(Event::TimeLoss { color: self.local }, None, true);
        }
        self.record(event.clone(), used.and_then(Result::ok), true)?;
        let size = self.size();
        match &event {
            Event::Play { color, point } => {
                let play = format!("play {} {}", gtp_color(*color), point.to_gtp(size));
                self.gtp.expect(&play, self.limit).await?;
            }
            Event::Pass { color } => {
                let play = format!("play {} pass", gtp_color(*color));
                self.gtp.expect(&play, self.limit).await?;
            }
            Event::Propose { dead, .. } => self.answer_proposal(dead).await?,
            Event::RequestUndo { .. } => self.take_back().await?,
            Event::ClosePlayout { .. } => self.playout_closed().await?,
            _ => {}
        }
        Ok(())
    }

    /// 待った against the engine: it consents at once, counted against the
    /// player's limit like any request, and takes the moves back on its own
    /// board with GTP `undo`; an engine that refuses `undo` is given the
    /// position that stands from a clear board.
    async fn take_back(&mut self) -> Result<(), Stop> {
        let before = self.game.standing_moves().count();
        self.record(Event::AcceptUndo { by: self.engine() }, None, false)?;
        let taken = before - self.game.standing_moves().count();
        for _ in 0..taken {
            if self.gtp.ask("undo", SETUP_LIMIT).await?.is_err() {
                let clock = self.clocks[0].control();
                self.kgs_time = talk::set_up(&mut self.gtp, &self.game, clock).await?;
                break;
            }
        }
        // A stoppage reached again at the same move number is a new one.
        self.ending = None;
        self.turn = Instant::now();
        Ok(())
    }

    /// The time `event` used, booked on its player's clock: `None` for an
    /// event that is not a move, `Err` when the flag fell.
    fn spend(&mut self, event: &Event) -> Option<Result<u32, ()>> {
        if !matches!(event, Event::Play { .. } | Event::Pass { .. }) {
            return None;
        }
        let used = ms(self.turn.elapsed());
        let clock = &mut self.clocks[event.actor().index()];
        if clock.control() == TimeControl::None {
            return None;
        }
        Some(
            clock
                .spend(used)
                .map(|()| u32::try_from(used).unwrap_or(u32::MAX))
                .map_err(|_| ()),
        )
    }

    /// Applies an event already checked, logs it (with its time) and
    /// reports it as ours or the engine's.
    fn record(&mut self, event: Event, used: Option<u32>, ours: bool) -> Result<(), Stop> {
        let mut next = self.game.clone();
        if let Err(error) = next.apply(event.clone()) {
            // Only the engine's events reach here unchecked.
            let answer = format!("{event:?}");
            return Err(EngineError::Illegal { answer, error }.into());
        }
        self.log.append(&event, used)?;
        self.game = next;
        if matches!(event, Event::Play { .. } | Event::Pass { .. }) {
            self.turn = Instant::now();
        }
        let hash = self.game.state_hash();
        self.tell(if ours {
            NetNews::Sent { event, hash }
        } else {
            NetNews::Remote { event, hash }
        });
        self.tell(NetNews::Clocks(self.face()));
        Ok(())
    }

    /// The engine's turn: `time_left`, then `genmove`, waiting for its
    /// answer while the screen goes on. `Some` closing line when the
    /// player leaves or resigns meanwhile.
    async fn engine_moves(
        &mut self,
        tick: &mut tokio::time::Interval,
    ) -> Result<Option<String>, Stop> {
        let color = self.engine();
        let clock = self.clocks[color.index()];
        if let Some(command) = time_left(&clock, color, self.kgs_time) {
            // An engine that keeps no clock may refuse it; that is no fault.
            let _ = self.gtp.ask(&command, SETUP_LIMIT).await?;
        }
        let allowance = clock
            .allowance_ms()
            .map_or(Duration::ZERO, Duration::from_millis);
        let limit = self.limit + allowance;
        let command = format!("genmove {}", gtp_color(color));
        self.tell(NetNews::Thinking(true));
        let mut pending = Vec::new();
        let answer = {
            let thought = self.gtp.ask(&command, limit);
            tokio::pin!(thought);
            loop {
                tokio::select! {
                    answer = &mut thought => break Some(answer),
                    request = self.requests.recv() => match request {
                        None | Some(NetRequest::Leave) => break None,
                        Some(NetRequest::Act(Event::Resign { color })) if color == self.local => {
                            pending.push(NetRequest::Act(Event::Resign { color }));
                            break None;
                        }
                        // A move typed while the engine thinks is not ours to
                        // make: refused now, never played late.
                        Some(NetRequest::Act(event @ (Event::Play { .. } | Event::Pass { .. }))) => {
                            let error = kaisho_core::GameError::NotYourTurn { expected: color };
                            let _ = self.news.send(NetNews::Rejected { event, error });
                        }
                        Some(other) => pending.push(other),
                    },
                    _ = tick.tick() => {
                        let _ = self.news.send(NetNews::Clocks(face(&self.game, &self.clocks, self.turn)));
                    }
                }
            }
        };
        self.tell(NetNews::Thinking(false));
        let Some(answer) = answer else {
            // The engine's answer will never be read: the game stops here.
            if let Some(NetRequest::Act(resign)) = pending.pop() {
                self.record(resign, None, true)?;
                let result = self
                    .game
                    .outcome()
                    .map(|o| o.result_string())
                    .unwrap_or_default();
                return Ok(Some(say(self.lang, Say::NetGameOver(&result))));
            }
            return Ok(Some(say(self.lang, Say::NetAdjourned)));
        };
        let event = talk::checked_move(&command, answer?, &self.game, color)?;
        match self.spend(&event) {
            Some(Err(())) => self.record(Event::TimeLoss { color }, None, false)?,
            used => self.record(event, used.and_then(Result::ok), false)?,
        }
        for request in pending {
            self.request(request).await?;
        }
        Ok(None)
    }

    /// The game has stopped: the engine's corrected dead list is its
    /// proposal. An engine that cannot name dead stones leaves it to the
    /// player.
    async fn engine_proposes(&mut self) -> Result<(), Stop> {
        let at = self.game.move_number();
        if self.ending.as_ref().is_some_and(|e| e.at == at) {
            // Asked already at this stoppage: the player decides.
            return self.wait_for_player().await;
        }
        let ending = self.ending().await?;
        if ending.stand.dead.is_some() {
            let dead = ending.own();
            let by = self.engine();
            self.record(Event::Propose { by, dead }, None, false)?;
            self.tell(NetNews::Note(engine_line(self.lang, EngineLine::Proposes)));
        } else {
            self.tell(NetNews::Note(engine_line(self.lang, EngineLine::NoEnding)));
        }
        Ok(())
    }

    /// Waits for the player's next request while the game is stopped.
    async fn wait_for_player(&mut self) -> Result<(), Stop> {
        match self.requests.recv().await {
            None | Some(NetRequest::Leave) => Err(Stop::Line(say(self.lang, Say::NetAdjourned))),
            Some(request) => self.request(request).await,
        }
    }

    /// Where the engine stands at this stoppage, asked once.
    async fn ending(&mut self) -> Result<&mut Ending, Stop> {
        let at = self.game.move_number();
        let ending = match self.ending.take() {
            Some(ending) if ending.at == at => ending,
            _ => talk::ending(&mut self.gtp, &self.game).await?,
        };
        Ok(self.ending.insert(ending))
    }

    /// The player's proposal: accepted when it marks the chains the engine
    /// holds dead; else refused, the engine's list proposed again and the
    /// chains it disagrees on named.
    async fn answer_proposal(&mut self, dead: &[Point]) -> Result<(), Stop> {
        let ending = self.ending().await?;
        let (judgement, own) = (ending.judge(dead), ending.own());
        let by = self.engine();
        match judgement {
            Judgement::Accept => {
                let proposal = self.game.open_proposal().unwrap_or_default();
                self.record(Event::Accept { by, proposal }, None, false)?;
                self.tell(NetNews::Note(engine_line(self.lang, EngineLine::Accepts)));
            }
            Judgement::Refuse { dead, alive } => {
                self.record(Event::Propose { by, dead: own }, None, false)?;
                let naming = naming_for(self.lang);
                let (dead, alive) = (
                    naming.names(&dead, self.size()),
                    naming.names(&alive, self.size()),
                );
                let line = engine_line(
                    self.lang,
                    EngineLine::Disagrees {
                        dead: &dead,
                        alive: &alive,
                    },
                );
                self.tell(NetNews::Disputed(line));
            }
        }
        Ok(())
    }

    /// The engine's move on the open play-out's scratch board.
    async fn plays_out(&mut self) -> Result<(), Stop> {
        let (clock, color) = (self.clocks[0].control(), self.engine());
        self.tell(NetNews::Thinking(true));
        let event = scratch_move(&mut self.gtp, &self.game, clock, color, self.limit).await;
        self.tell(NetNews::Thinking(false));
        self.record(event?, None, false)
    }

    /// A play-out has closed: the engine takes what it showed into its
    /// list, and is given the game's position back.
    async fn playout_closed(&mut self) -> Result<(), Stop> {
        let clock = self.clocks[0].control();
        self.kgs_time = talk::set_up(&mut self.gtp, &self.game, clock).await?;
        let shown = self
            .game
            .confirmed()
            .last()
            .and_then(|done| done.verdict.marks(&done.disputed));
        if let Some(marks) = shown {
            self.ending().await?.stand.shown.push(marks);
        }
        Ok(())
    }

    fn face(&self) -> ClockFace {
        face(&self.game, &self.clocks, self.turn)
    }
}

/// The clocks with the running turn.
fn face(game: &Game, clocks: &[Clock; 2], turn: Instant) -> ClockFace {
    let running = (game.phase() == Phase::Playing).then(|| (game.to_move(), ms(turn.elapsed())));
    ClockFace {
        clocks: *clocks,
        running,
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The engine's name as it gives it, or its program's file name.
async fn engine_name(gtp: &mut Gtp, command: &str) -> Result<String, EngineError> {
    let given = gtp.ask("name", SETUP_LIMIT).await?.ok();
    let program = || crate::app::program_name(command);
    // The name goes into the log's header, which holds a player's name to
    // the limit of any name: a longer one is cut, not a reason to refuse.
    Ok(given
        .filter(|n| !n.trim().is_empty())
        .map_or_else(program, |n| {
            kaisho_saves::visible::visible(n.trim())
                .chars()
                .take(MAX_NAME_CHARS)
                .collect()
        }))
}
