//! The network task of the terminal front end: it finds the partner (hosts
//! with a join code, joins, or waits for an adjourned game's partner), then
//! plays the game's session, taking the update's requests and reporting
//! everything as [`NetNews`]. A dropped connection is waited out for
//! [`COMEBACK`]; a partner who does not return leaves the game adjourned.

use super::NO_BOARD;
use super::NetplayError;
use super::ask::Asker;
use super::env::{Env, now_unix};
use super::lan;
use super::reconnect::{is_drop, redial, wait_for};
use super::terms::{check_series_taking, take_partners};
use crate::app::{ClockFace, NetNews, NetRequest, Plan, ReviewPlan, Started};
use crate::shell::disk::{export, series_game};
use crate::words::{
    Lang, Line, Say, cli_line, naming_for, net_refusal, netplay_error, say, terms_error,
};
use kaisho_core::clock::TimeControl;
use kaisho_core::{Color, Event};
use kaisho_net::{
    Host, Hub, JoinCode, Link, NetError, ReviewNews, ReviewSession, Secret, Session, Terms, Update,
};
use kaisho_saves::identity::Fingerprint;
use kaisho_saves::places::Places;
use kaisho_saves::series::SeriesStore;
use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

/// How long a dropped partner has to come back before the game is adjourned.
pub const COMEBACK: Duration = Duration::from_secs(60);

/// The requests from the update and the channel for the news.
struct Task {
    env: Env,
    places: Places,
    name: String,
    /// The language of the SGF comments it writes.
    lang: Lang,
    requests: UnboundedReceiver<NetRequest>,
    news: UnboundedSender<NetNews>,
    /// The watchers of a hosted game that lets club members watch.
    hub: Option<Hub>,
    /// The watchers' names as last told to the screen, and whether
    /// watching was open.
    watchers: (Vec<String>, bool),
    /// Whether the watchers' lines were given to the screen at the end.
    kibitz_given: bool,
}

/// How to find the partner again after a drop.
enum Side {
    Host(Host),
    Joiner { addr: SocketAddr, host: Fingerprint },
}

/// Runs the network side of one game to its end and reports the end as
/// [`NetNews::Closed`].
pub async fn run(
    plan: Plan,
    name: String,
    places: Places,
    lang: Lang,
    requests: UnboundedReceiver<NetRequest>,
    news: UnboundedSender<NetNews>,
) {
    drive(Work::Game(plan), name, places, lang, requests, news).await;
}

/// Runs one side of a review together (検討) to its end and reports the
/// end as [`NetNews::Closed`].
pub async fn review(
    plan: ReviewPlan,
    name: String,
    places: Places,
    lang: Lang,
    requests: UnboundedReceiver<NetRequest>,
    news: UnboundedSender<NetNews>,
) {
    drive(Work::Review(plan), name, places, lang, requests, news).await;
}

/// Carries on a review together (検討) already begun on `session` (the
/// headless `host` and `join` begin it themselves) to its end, and reports
/// the end as [`NetNews::Closed`].
pub async fn reviewing(
    session: ReviewSession,
    name: String,
    places: Places,
    lang: Lang,
    requests: UnboundedReceiver<NetRequest>,
    news: UnboundedSender<NetNews>,
) {
    drive(Work::Steps(session), name, places, lang, requests, news).await;
}

/// What a task is for.
enum Work {
    Game(Plan),
    Review(ReviewPlan),
    Steps(ReviewSession),
}

async fn drive(
    work: Work,
    name: String,
    places: Places,
    lang: Lang,
    requests: UnboundedReceiver<NetRequest>,
    news: UnboundedSender<NetNews>,
) {
    let closing = match Task::new(name, places, lang, requests, &news) {
        Ok(mut task) => match work {
            Work::Game(plan) => task.run(plan).await,
            Work::Review(plan) => task.review(plan).await,
            Work::Steps(session) => task.review_steps(session).await,
        },
        Err(e) => Err(e),
    };
    let text = closing.unwrap_or_else(|e| netplay_error(&e, naming_for(lang), NO_BOARD));
    let _ = news.send(NetNews::Closed(text));
}

impl Task {
    fn new(
        name: String,
        places: Places,
        lang: Lang,
        requests: UnboundedReceiver<NetRequest>,
        news: &UnboundedSender<NetNews>,
    ) -> Result<Task, NetplayError> {
        Ok(Task {
            env: Env::load(&places)?,
            places,
            name,
            lang,
            requests,
            news: news.clone(),
            hub: None,
            watchers: (Vec::new(), true),
            kibitz_given: false,
        })
    }

    /// One side of a review together: the host shows a code and sends its
    /// record to the partner who joins with it; then every step either
    /// side takes is reported in the host's order, until either leaves.
    async fn review(&mut self, plan: ReviewPlan) -> Result<String, NetplayError> {
        let session = match plan {
            ReviewPlan::Host { bind, id, text } => {
                let (mut host, shown) = self.listen(bind)?;
                let link = self.partner_by_code(&mut host, shown).await?;
                self.meet(&link)?;
                host.refuse_others();
                let session = kaisho_net::host_review(link, &id, &text).await?;
                self.tell(NetNews::ReviewBegins {
                    game_id: id,
                    partner: session.partner.clone(),
                    text: None,
                });
                session
            }
            ReviewPlan::Join { code } => {
                let (link, _) = self.dial(&code).await?;
                let (session, text) = self.unless_left(kaisho_net::join_review(link)).await??;
                self.tell(NetNews::ReviewBegins {
                    game_id: session.game_id.clone(),
                    partner: session.partner.clone(),
                    text: Some(text),
                });
                session
            }
        };
        self.review_steps(session).await
    }

    /// A game that has ended stays on its link until either player leaves
    /// (its result said at the end, `end`), so that either may offer to
    /// review it together (検討) and chat meanwhile.
    async fn after_game(
        &mut self,
        mut session: Session,
        end: String,
    ) -> Result<String, NetplayError> {
        loop {
            tokio::select! {
                request = self.requests.recv() => match request {
                    None | Some(NetRequest::Leave) => {
                        session.bye(&end).await;
                        return Ok(end);
                    }
                    Some(NetRequest::OfferReview) => session.offer_review().await?,
                    Some(NetRequest::AnswerReview(yes)) => {
                        session.answer_review(yes).await?;
                        if yes {
                            return self.review_game(session).await;
                        }
                    }
                    Some(NetRequest::Chat(text)) => session.chat(&text).await?,
                    Some(_) => self.tell(NetNews::Refused(self.line(Line::GameOver))),
                },
                update = session.next() => match update {
                    Ok(Update::ReviewOffered) => self.tell(NetNews::ReviewOffered),
                    Ok(Update::ReviewAnswered(true)) => return self.review_game(session).await,
                    Ok(Update::ReviewAnswered(false)) => {
                        self.tell(NetNews::Note(say(self.lang, Say::ReviewDeclined)));
                    }
                    Ok(Update::Chat(text)) => self.tell(NetNews::Chat(text)),
                    Ok(Update::Bye(_)) | Err(_) => return Ok(end),
                    Ok(_) => {}
                },
            }
        }
    }

    /// Goes on from the game that has ended to reviewing it together on its
    /// link: the host sends its record of the game, the joiner reads it.
    async fn review_game(&mut self, session: Session) -> Result<String, NetplayError> {
        let id = session.header().game_id.clone();
        let text = super::review::record_text(&self.env.store, &id, self.lang)?;
        let (review, text) = kaisho_net::review_after_game(session, &text).await?;
        self.tell(NetNews::ReviewBegins {
            game_id: review.game_id.clone(),
            partner: review.partner.clone(),
            text: Some(text),
        });
        self.review_steps(review).await
    }

    /// Reports every step of a review together in the host's order, and
    /// sends the player's, until either side leaves. A link lost ends the
    /// review, not a game: nothing is there to resume.
    async fn review_steps(&mut self, session: ReviewSession) -> Result<String, NetplayError> {
        match self.review_loop(session).await {
            Err(NetplayError::Net(e)) if is_drop(&e) => {
                let why = match &e {
                    NetError::Connection(why) => why.clone(),
                    _ => String::new(),
                };
                Ok(say(self.lang, Say::ReviewLinkLost(&why)))
            }
            other => other,
        }
    }

    async fn review_loop(&mut self, mut session: ReviewSession) -> Result<String, NetplayError> {
        loop {
            tokio::select! {
                request = self.requests.recv() => match request {
                    None | Some(NetRequest::Leave) => {
                        let end = say(self.lang, Say::ReviewLeft);
                        session.bye(&end).await;
                        return Ok(end);
                    }
                    Some(NetRequest::ReviewStep(step)) => {
                        if let Some(step) = session.act(step).await? {
                            self.tell(NetNews::ReviewStep(step));
                        }
                    }
                    Some(_) => self.tell(NetNews::Refused(self.line(Line::NotInThisReview))),
                },
                news = session.next() => match news? {
                    ReviewNews::Asked(step) => {
                        if let Some(step) = session.act(step).await? {
                            self.tell(NetNews::ReviewStep(step));
                        }
                    }
                    ReviewNews::Step(step) => self.tell(NetNews::ReviewStep(step)),
                    ReviewNews::Left(why) => {
                        // The watchers following the review are told too.
                        let end = say(self.lang, Say::PartnerLeftReview(&why));
                        session.bye(&end).await;
                        return Ok(end);
                    }
                },
            }
        }
    }

    fn tell(&self, news: NetNews) {
        let _ = self.news.send(news);
    }

    async fn run(&mut self, plan: Plan) -> Result<String, NetplayError> {
        let resumed = matches!(plan, Plan::HostResume { .. } | Plan::JoinResume { .. });
        let (mut session, mut side) = self.connect(plan).await?;
        self.share(&mut session)?;
        self.remember_host(&session, &side);
        self.started(&session, resumed);
        loop {
            match self.play(&mut session).await {
                Ok(end) if session.game().outcome().is_some() => {
                    return self.after_game(session, end).await;
                }
                Ok(end) => {
                    let id = session.header().game_id.clone();
                    // The partner of an adjourned game says the
                    // adjournment in its own words: a reason saying it
                    // too would have it said twice.
                    if let Err(e) = session.adjourn("").await {
                        self.kibitz_unkept(&e);
                    }
                    return Ok(self.adjourned(&id, &end));
                }
                Err(e) if is_drop(&e) => {
                    let id = session.header().game_id.clone();
                    let partner = session.peer();
                    // The watchers' lines outlast this process if the
                    // partner does not come back.
                    if let Err(e) = session.keep_kibitz() {
                        self.kibitz_unkept(&e);
                    }
                    drop(session);
                    let why = net_refusal(&e, naming_for(self.lang), NO_BOARD);
                    let secs = COMEBACK.as_secs();
                    self.tell(NetNews::Away(self.line(Line::Away { why: &why, secs })));
                    if let Some(hub) = &self.hub {
                        hub.away();
                    }
                    let Some(link) = self.comeback(&mut side, partner).await? else {
                        if let Some(hub) = &self.hub {
                            hub.adjourned();
                        }
                        let end = say(self.lang, Say::PartnerNotBack(&id));
                        return Ok(self.adjourned(&id, &end));
                    };
                    session = self.resume(link, &side, &id).await?;
                    self.share(&mut session)?;
                    self.started(&session, true);
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// `line` in the player's language.
    fn line(&self, line: Line<'_>) -> String {
        cli_line(self.lang, line)
    }

    /// Says that the watchers' lines could not be kept in the log, and why.
    fn kibitz_unkept(&self, e: &NetError) {
        let why = net_refusal(e, naming_for(self.lang), NO_BOARD);
        self.tell(NetNews::Note(self.line(Line::KibitzUnkept(&why))));
    }

    /// A note that a connection was refused, and why.
    fn refused_note(&self, e: &NetError) -> NetNews {
        let why = net_refusal(e, naming_for(self.lang), NO_BOARD);
        NetNews::Note(self.line(Line::RefusedConnection(&why)))
    }

    /// Keeps the address a joined game's host answered at, which rejoining
    /// it from Saved games offers; a failure to keep it is said, and the
    /// game goes on.
    fn remember_host(&self, session: &Session, side: &Side) {
        let Side::Joiner { addr, .. } = side else {
            return;
        };
        let id = &session.header().game_id;
        if let Err(e) = self.env.store.remember_host(id, *addr) {
            let why = e.to_string();
            let addr = *addr;
            self.tell(NetNews::Note(
                self.line(Line::AddressNotKept { addr, why: &why }),
            ));
        }
    }

    /// `end` with where the adjourned game `id`'s SGF went, on either
    /// side, however the game stopped (a finished game's SGF is written by
    /// the screen when it ends).
    fn adjourned(&self, id: &str, end: &str) -> String {
        let exported = export(&self.places, id, self.lang, &[]);
        let sgf = self.line(Line::Exported(&exported));
        self.line(Line::Joined(end, &sgf))
    }

    /// Finds the partner and sets the game up.
    async fn connect(&mut self, plan: Plan) -> Result<(Session, Side), NetplayError> {
        match plan {
            Plan::Host {
                bind,
                mut terms,
                series,
                watchers,
            } => {
                let (mut host, shown) = self.listen(bind)?;
                self.open_watching(&mut host, watchers, shown)?;
                let link = self.partner_by_code(&mut host, shown).await?;
                self.meet(&link)?;
                host.refuse_others();
                terms.game_id = self.env.store.new_id(now_unix());
                let (size, time, lang) = (terms.size, terms.time, self.lang);
                let asker = Asker::new(&self.news, &mut self.requests);
                let store = SeriesStore::new(&self.places);
                let name = &self.name;
                let take = |record: u64, _: String| async move {
                    let offered = series.as_ref()?;
                    let c = offered.corrections.iter().find(|c| c.record == record)?;
                    let yes = asker.take_last_result(&offered.id, &c.said).await;
                    match take_partners(offered, record, yes, &store, name, size, time) {
                        Ok(Some((terms, id, said))) => {
                            let id = id.to_string();
                            let line = Line::PartnersResultTaken {
                                id: &id,
                                said: &said,
                            };
                            asker.note(cli_line(lang, line));
                            Some(terms)
                        }
                        Ok(None) => None,
                        Err(e) => {
                            asker.note(terms_error(lang, &e));
                            None
                        }
                    }
                };
                let session =
                    kaisho_net::host_game_with(link, terms, take, &self.env.store).await?;
                Ok((session, Side::Host(host)))
            }
            Plan::Join { code, series } => {
                let (link, code) = self.dial(&code).await?;
                let host = link.peer();
                let lang = self.lang;
                let asker = Asker::new(&self.news, &mut self.requests);
                let store = SeriesStore::new(&self.places);
                let name = &self.name;
                let check = |terms: Terms| {
                    let (asker, series, store) = (&asker, &series, &store);
                    async move {
                        let correction = series.as_ref().and_then(|s| s.correction_in(&terms));
                        let take = match (series, correction) {
                            (Some(s), Some(c)) => asker.take_last_result(&s.id, &c.said).await,
                            _ => false,
                        };
                        let taken =
                            check_series_taking(series.as_ref(), &terms, take, store, name)?;
                        if let Some((id, said)) = taken {
                            let id = id.to_string();
                            let line = Line::CorrectionTaken {
                                id: &id,
                                said: &said,
                            };
                            asker.note(cli_line(lang, line));
                        }
                        Ok(())
                    }
                };
                let session =
                    kaisho_net::join_game_with(link, check, call_odd(), &self.env.store).await?;
                let side = Side::Joiner {
                    addr: code.addr,
                    host,
                };
                Ok((session, side))
            }
            Plan::HostResume { bind, id, watchers } => {
                let partner = self.env.partner_of(&id)?;
                let mut host = Host::bind(bind, &self.env.identity, &self.name)?;
                let shown = lan::shown(host.local_addr()?);
                self.tell(NetNews::Resuming {
                    terms: partner.terms.clone(),
                    port: shown.port(),
                });
                let name = kaisho_saves::visible::visible(&partner.name);
                let waiting = Line::WaitingFromSaved {
                    partner: &name,
                    id: &id,
                    addr: shown,
                };
                self.tell(NetNews::Note(self.line(waiting)));
                self.open_watching(&mut host, watchers, shown)?;
                let absent = NetplayError::PartnerAbsent;
                self.reunite(Side::Host(host), partner.fingerprint, &id, absent)
                    .await
            }
            Plan::JoinResume { addr, id } => {
                let host = self.env.partner_of(&id)?.fingerprint;
                let side = Side::Joiner { addr, host };
                let absent = NetplayError::HostAbsent;
                self.reunite(side, host, &id, absent).await
            }
        }
    }

    /// Meets the partner of adjourned game `id` and resumes it.
    async fn reunite(
        &mut self,
        mut side: Side,
        partner: Fingerprint,
        id: &str,
        absent: NetplayError,
    ) -> Result<(Session, Side), NetplayError> {
        let link = self.comeback(&mut side, partner).await?.ok_or(absent)?;
        let session = self.resume(link, &side, id).await?;
        Ok((session, side))
    }

    /// Listens on `bind` with a fresh join code and shows it first (it is
    /// the one read out to the partner); the host and the address shown.
    fn listen(&mut self, bind: SocketAddr) -> Result<(Host, SocketAddr), NetplayError> {
        let mut host = Host::bind(bind, &self.env.identity, &self.name)?;
        host.set_secret(Secret::generate()?);
        let shown = lan::shown(host.local_addr()?);
        let code = host.code(Some(shown))?.ok_or(NetplayError::NoJoinCode)?;
        self.tell(NetNews::Listening {
            code: code.to_string(),
        });
        Ok((host, shown))
    }

    /// Dials the host with the code it shows and greets it; the link and
    /// the code read.
    async fn dial(&mut self, code: &str) -> Result<(Link, JoinCode), NetplayError> {
        let code = JoinCode::parse(code)?;
        let (identity, name) = (self.env.identity.clone(), self.name.clone());
        let link = self
            .unless_left(kaisho_net::join(&code, &identity, &name))
            .await??;
        self.meet(&link)?;
        Ok((link, code))
    }

    /// Waits for the partner with the join code, saying each refused
    /// attempt; once three wrong tries burn the code it says so once, and
    /// makes a fresh code when the player asks for one.
    async fn partner_by_code(
        &mut self,
        host: &mut Host,
        shown: SocketAddr,
    ) -> Result<Link, NetplayError> {
        let mut told_burned = false;
        loop {
            tokio::select! {
                accepted = host.accept() => match accepted {
                    Ok(link) => return Ok(link),
                    Err(NetError::CodeBurned) => {
                        if !std::mem::replace(&mut told_burned, true) {
                            self.tell(NetNews::Burned(self.line(Line::BurnedLeave)));
                        }
                    }
                    Err(e) => self.tell(self.refused_note(&e)),
                },
                request = self.requests.recv() => match request {
                    None | Some(NetRequest::Leave) => return Err(NetplayError::StoppedWaiting),
                    Some(NetRequest::NewCode) if host.burned() => {
                        host.set_secret(Secret::generate()?);
                        told_burned = false;
                        let code = host.code(Some(shown))?.ok_or(NetplayError::NoJoinCode)?;
                        self.tell(NetNews::Listening { code: code.to_string() });
                    }
                    Some(_) => self.tell(NetNews::Refused(self.line(Line::NotConnectedYet))),
                },
            }
        }
    }

    /// Lets at most `watchers` watchers in, when watching is on, and
    /// shows the watch code with the address `shown`.
    fn open_watching(
        &mut self,
        host: &mut Host,
        watchers: Option<usize>,
        shown: SocketAddr,
    ) -> Result<(), NetplayError> {
        let Some(max) = watchers else {
            return Ok(());
        };
        self.hub = Some(host.allow_watching(Secret::generate()?, max)?);
        if let Some(watch) = host.watch_code(Some(shown))? {
            self.tell(NetNews::WatchCode(watch.to_string()));
        }
        Ok(())
    }

    fn meet(&mut self, link: &Link) -> Result<(), NetplayError> {
        let line = self.env.meet(link, self.lang)?;
        self.tell(NetNews::Note(line));
        Ok(())
    }

    /// Waits for `work` unless the player leaves first (`Err`); other
    /// requests meanwhile are refused, since there is no game yet.
    async fn unless_left<T>(&mut self, work: impl Future<Output = T>) -> Result<T, NetplayError> {
        tokio::pin!(work);
        loop {
            tokio::select! {
                done = &mut work => return Ok(done),
                request = self.requests.recv() => match request {
                    None | Some(NetRequest::Leave) => {
                        return Err(NetplayError::StoppedWaiting);
                    }
                    Some(_) => self.tell(NetNews::Refused(self.line(Line::NotConnectedYet))),
                },
            }
        }
    }

    /// Gets the partner back: the host waits for the pinned certificate,
    /// the joiner dials the host again. `None` when the time runs out.
    async fn comeback(
        &mut self,
        side: &mut Side,
        partner: Fingerprint,
    ) -> Result<Option<Link>, NetplayError> {
        let identity = self.env.identity.clone();
        let name = self.name.clone();
        let news = self.news.clone();
        let lang = self.lang;
        let link = match side {
            Side::Host(host) => {
                let refused = |e: NetError| {
                    let why = net_refusal(&e, naming_for(lang), NO_BOARD);
                    let _ = news.send(NetNews::Note(cli_line(lang, Line::RefusedConnection(&why))));
                };
                self.unless_left(wait_for(host, partner, COMEBACK, refused))
                    .await?
            }
            Side::Joiner { addr, host } => {
                match self
                    .unless_left(redial(*addr, *host, &identity, &name, COMEBACK))
                    .await?
                {
                    Ok(link) => Some(link),
                    Err(Some(e)) => return Err(e.into()),
                    Err(None) => None,
                }
            }
        };
        if let Some(link) = &link {
            self.meet(link)?;
            if let Side::Host(host) = side {
                host.refuse_others();
            }
        }
        Ok(link)
    }

    async fn resume(&mut self, link: Link, side: &Side, id: &str) -> Result<Session, NetplayError> {
        let named = matches!(side, Side::Host(_)).then_some(id);
        Ok(kaisho_net::resume(link, named, &self.env.store, TimeControl::None).await?)
    }

    fn started(&self, session: &Session, resumed: bool) {
        let header = session.header();
        let game = session.game();
        self.tell(NetNews::Started(Box::new(Started {
            settings: game.settings().clone(),
            events: game.events().to_vec(),
            hash: game.state_hash(),
            local: session.local_color(),
            names: [header.black.name.clone(), header.white.name.clone()],
            game_id: header.game_id.clone(),
            resumed,
            series: series_game(&self.places, header.series.as_deref()),
            chat: logged_chat(&self.env.store, &header.game_id, header),
        })));
        self.tell(NetNews::Clocks(face(session)));
    }

    /// Plays until the game ends or the player leaves (`Ok` with the
    /// closing line), or the connection fails (`Err`).
    async fn play(&mut self, session: &mut Session) -> Result<String, NetError> {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            if let Some(outcome) = session.game().outcome()
                && !session.awaiting_ack()
            {
                let result = outcome.result_string();
                return Ok(say(self.lang, Say::NetGameOver(&result)));
            }
            tokio::select! {
                request = self.requests.recv() => match request {
                    None | Some(NetRequest::Leave) => {
                        return Ok(say(self.lang, Say::NetAdjourned));
                    }
                    Some(NetRequest::Act(event)) => self.act(session, event).await?,
                    Some(NetRequest::Chat(text)) => session.chat(&text).await?,
                    Some(
                        NetRequest::Start { .. }
                        | NetRequest::Review { .. }
                        | NetRequest::StartEngine { .. }
                        | NetRequest::Watch { .. },
                    ) => {
                        self.tell(NetNews::Refused(self.line(Line::AlreadyRunning)));
                    }
                    Some(NetRequest::CloseWatching) => {
                        if let Some(hub) = &self.hub {
                            hub.close();
                        }
                        self.tell_watchers();
                    }
                    Some(
                        NetRequest::TakeLastResult(_)
                        | NetRequest::NewCode
                        | NetRequest::ReviewStep(_)
                        | NetRequest::OfferReview
                        | NetRequest::AnswerReview(_),
                    ) => {}
                },
                update = session.next() => match update? {
                    Update::Remote { event, .. } => {
                        self.give_kibitz(session);
                        self.tell(NetNews::Remote {
                            event,
                            hash: session.game().state_hash(),
                        });
                    }
                    Update::Withdrawn {
                        event,
                        moves,
                        state_hash,
                        again,
                    } => self.tell(NetNews::Withdrawn {
                        event,
                        hash: state_hash,
                        moves,
                        again,
                    }),
                    Update::Again { event, .. } => self.tell(NetNews::Sent {
                        event,
                        hash: session.game().state_hash(),
                    }),
                    Update::Chat(text) => self.tell(NetNews::Chat(text)),
                    Update::Acked { .. }
                    | Update::PeerClock { .. }
                    | Update::ReviewOffered
                    | Update::ReviewAnswered(_) => {}
                    Update::Bye(reason) if session.game().outcome().is_none() => {
                        return Ok(say(self.lang, Say::PartnerLeft(&reason)));
                    }
                    Update::Bye(_) => {}
                },
                _ = tick.tick() => {
                    if session.partner_overdue() && !session.awaiting_ack() {
                        let color = session.local_color().opponent();
                        self.act(session, Event::TimeLoss { color }).await?;
                    }
                    self.tell(NetNews::Clocks(face(session)));
                    self.tell_watchers();
                }
            }
        }
    }

    /// Shares the game with the watchers, when club members may watch.
    fn share(&self, session: &mut Session) -> Result<(), NetError> {
        match &self.hub {
            Some(hub) => session.share(hub.clone()),
            None => Ok(()),
        }
    }

    /// Once the game has ended, gives the screen the watchers' lines,
    /// held from the players until now (the host's from its hub, the
    /// joiner's as the host sent them), before the event that ended it:
    /// the screen's export of the game keeps them.
    fn give_kibitz(&mut self, session: &Session) {
        let lines = super::kibitz_of(session);
        if self.kibitz_given || lines.is_empty() {
            return;
        }
        self.kibitz_given = true;
        self.tell(NetNews::KibitzHeld(lines));
    }

    /// Tells the screen who watches, when that changed or watching closed.
    fn tell_watchers(&mut self) {
        let Some(hub) = &self.hub else {
            return;
        };
        let told = (hub.names(), !hub.closed());
        if told != self.watchers {
            self.watchers.clone_from(&told);
            let (names, open) = told;
            self.tell(NetNews::Watchers { names, open });
        }
    }

    /// Sends one of our events, checked once by the session's game; a
    /// refusal is news, a broken link an error.
    async fn act(&mut self, session: &mut Session, event: Event) -> Result<(), NetError> {
        match session.act(event.clone()).await {
            Ok((_, event)) => {
                let hash = session.game().state_hash();
                // An event that ends the game is told once the watchers'
                // lines are in, so that the record of it keeps them.
                session.settle().await?;
                self.give_kibitz(session);
                self.tell(NetNews::Sent { event, hash });
                self.tell(NetNews::Clocks(face(session)));
                Ok(())
            }
            Err(NetError::Game(error)) => {
                self.tell(NetNews::Rejected { event, error });
                Ok(())
            }
            Err(e @ NetError::NotNow(_)) => {
                let size = session.game().settings().size.get();
                self.tell(NetNews::Refused(net_refusal(
                    &e,
                    naming_for(self.lang),
                    size,
                )));
                Ok(())
            }
            Err(e) => Err(e),
        }
    }
}

/// The clocks of a session, with the running turn.
fn face(session: &Session) -> ClockFace {
    let game = session.game();
    let running = (game.phase() == kaisho_core::Phase::Playing).then(|| {
        let ms = u64::try_from(session.turn_elapsed().as_millis()).unwrap_or(u64::MAX);
        (game.to_move(), ms)
    });
    ClockFace {
        clocks: [*session.clock(Color::Black), *session.clock(Color::White)],
        running,
    }
}

/// The joiner's call in a nigiri: odd or even, by chance.
fn call_odd() -> bool {
    let mut byte = [0u8; 1];
    getrandom::getrandom(&mut byte).is_ok_and(|()| byte[0] & 1 == 1)
}

/// The chat of game `id` as its log keeps it, each line as the chat pane
/// shows it, with the text's control characters made visible; none when
/// the log cannot be read (the game goes on, its pane empty).
fn logged_chat(
    store: &kaisho_saves::log::GameStore,
    id: &str,
    header: &kaisho_saves::log::GameHeader,
) -> Vec<String> {
    let Ok(saved) = store.load(id) else {
        return Vec::new();
    };
    saved
        .contents
        .chat
        .iter()
        .map(|line| {
            let name = match line.from {
                kaisho_core::Color::Black => &header.black.name,
                kaisho_core::Color::White => &header.white.name,
            };
            format!("{name}: {}", kaisho_saves::visible::visible(&line.text))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::{BoardSize, Color, Komi, Settings};
    use kaisho_saves::log::{GameHeader, GameStore, Player};

    /// A side that resumes after closing finds the chat its log kept, by
    /// name, with control characters made visible.
    #[test]
    fn a_resumed_game_brings_back_the_chat_its_log_kept() {
        let dir = tempfile::tempdir().unwrap();
        let store = GameStore::new(dir.path().to_path_buf());
        let player = |name: &str| Player {
            name: name.into(),
            fingerprint: None,
        };
        let header = GameHeader {
            game_id: "g1".into(),
            created_unix: 1_795_000_000,
            black: player("Aki"),
            white: player("Ben"),
            settings: Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN),
            local_color: Some(Color::Black),
            series: None,
            clock: None,
        };
        let mut log = store.create(&header).unwrap();
        log.append_chat(Color::White, "onegaishimasu").unwrap();
        log.append_chat(Color::Black, "yoroshiku\u{1b}[2J").unwrap();
        drop(log);
        assert_eq!(
            logged_chat(&store, "g1", &header),
            ["Ben: onegaishimasu", "Aki: yoroshiku␛[2J"]
        );
        assert!(logged_chat(&store, "nosuch", &header).is_empty());
    }
}
