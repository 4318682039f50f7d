//! The network task of the game being played, as the event loop and plain
//! mode hold it: requests in, reports out. An engine game's task
//! (`engine::seat`) is held the same way.

use super::{watching, worker};
use crate::app::{NetNews, NetRequest, State};
use crate::engine::seat;
use crate::words::{Lang, Line, cli_line};
use kaisho_net::ReviewSession;
use kaisho_saves::places::Places;
use std::time::Duration;
use tokio::sync::mpsc::{self, UnboundedReceiver, UnboundedSender};
use tokio::task::JoinHandle;

/// How long quitting waits for the network task to say goodbye.
const GOODBYE: Duration = Duration::from_secs(2);

/// The network task of the game being played, if any, and its reports.
/// Each task has a channel of its own: a task being left can say nothing
/// more to the screen, so its late reports never reach a newer lobby.
#[derive(Default)]
pub struct Net {
    task: Option<(UnboundedSender<NetRequest>, JoinHandle<()>)>,
    news: Option<UnboundedReceiver<NetNews>>,
}

impl Net {
    /// Carries out a request of the update: `Start` begins a task (ending
    /// any earlier one), the rest go to the running task. Returns a report
    /// for the update when the request cannot be carried out. Must be
    /// called inside a tokio runtime.
    pub fn request(&mut self, state: &State, request: NetRequest) -> Option<NetNews> {
        match request {
            NetRequest::Start { plan, name } => self.start(state, |places, lang, rx, news| {
                tokio::spawn(worker::run(plan, name, places, lang, rx, news))
            }),
            NetRequest::Review { plan, name } => self.start(state, |places, lang, rx, news| {
                tokio::spawn(worker::review(plan, name, places, lang, rx, news))
            }),
            NetRequest::Watch { code, name } => self.start(state, |places, lang, rx, news| {
                tokio::spawn(watching::run(code, name, places, lang, rx, news))
            }),
            NetRequest::StartEngine { terms, name } => {
                self.start(state, |places, lang, rx, news| {
                    tokio::spawn(async move {
                        seat::run(*terms, name, places, lang, rx, news).await;
                    })
                })
            }
            other => {
                let sent = self
                    .task
                    .as_ref()
                    .is_some_and(|(tx, _)| tx.send(other).is_ok());
                (!sent).then(|| NetNews::Refused(cli_line(state.naming.lang, Line::NotConnected)))
            }
        }
    }

    /// Carries on the review together begun on `session` as this front
    /// end's task, as if the update had asked for it; a report for the
    /// update when it cannot be.
    pub fn adopt_review(&mut self, state: &State, session: ReviewSession) -> Option<NetNews> {
        let name = state.config.player_name.clone();
        self.start(state, |places, lang, rx, news| {
            tokio::spawn(worker::reviewing(session, name, places, lang, rx, news))
        })
    }

    /// Begins a task with `spawn` (ending any earlier one), giving it the
    /// data folder, the language, its requests and its report channel.
    fn start(
        &mut self,
        state: &State,
        spawn: impl FnOnce(
            Places,
            Lang,
            UnboundedReceiver<NetRequest>,
            UnboundedSender<NetNews>,
        ) -> JoinHandle<()>,
    ) -> Option<NetNews> {
        self.leave();
        let Some(places) = state.places.clone() else {
            let line = cli_line(state.naming.lang, Line::NeedsDataFolder);
            return Some(NetNews::Closed(line));
        };
        let (tx, rx) = mpsc::unbounded_channel();
        let (news_tx, news) = mpsc::unbounded_channel();
        let handle = spawn(places, state.naming.lang, rx, news_tx);
        self.task = Some((tx, handle));
        self.news = Some(news);
        None
    }

    /// The next report of the current task; waits for ever without one.
    pub async fn next(&mut self) -> NetNews {
        loop {
            match &mut self.news {
                Some(news) => match news.recv().await {
                    Some(n) => return n,
                    None => self.news = None,
                },
                None => std::future::pending::<()>().await,
            }
        }
    }

    /// Tells the current task to leave and stops listening to it.
    fn leave(&mut self) {
        if let Some((tx, _)) = self.task.take() {
            let _ = tx.send(NetRequest::Leave);
        }
        self.news = None;
    }

    /// Says goodbye for a game still running and waits a little for the
    /// partner to hear it, so quitting adjourns the game on both sides.
    pub async fn shut_down(&mut self) {
        if let Some((tx, handle)) = self.task.take() {
            let _ = tx.send(NetRequest::Leave);
            let _ = tokio::time::timeout(GOODBYE, handle).await;
        }
    }
}
