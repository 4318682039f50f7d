//! The shell around the pure update: it carries out every command the
//! update returns, in order, before the next message is taken, and feeds
//! each answer back into the update as a message. The drawn event loop,
//! plain mode and the tests drive the front end through it, so a move is
//! on the disk before the next key is read wherever the keys come from.

pub mod disk;

use crate::app::{Cmd, DiscoveryRequest, EngineAsk, EngineSaw, Found, Msg, NetNews, State, update};
use crate::engine::EngineError;
use crate::netplay::task::Net;
use kaisho_net::discovery::{Browse, Change, Discovery};
use std::collections::VecDeque;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

pub use disk::Disk;

/// The effects of the front end: the data folder and the network task.
pub struct Shell {
    disk: Disk,
    /// `None`: no network here; the update's requests to the network are
    /// returned to the caller instead.
    net: Option<Net>,
    /// `None`: no discovery here; the update's requests to announce and
    /// browse are returned to the caller instead.
    discovery: Option<Box<dyn Discovery>>,
    /// The games being looked for, while the Join screen shows.
    browse: Option<Browse>,
    /// The engine's answer being worked out for a review: one question at
    /// a time, on a task of its own, so the screen goes on meanwhile.
    looking: Option<JoinHandle<Result<EngineSaw, EngineError>>>,
}

impl Default for Shell {
    fn default() -> Shell {
        Shell {
            disk: Disk::default(),
            net: Some(Net::default()),
            discovery: None,
            browse: None,
            looking: None,
        }
    }
}

impl Shell {
    /// A shell with the data folder and no network: what the update asks
    /// of the network or an engine is handed to the caller (tests that
    /// play the partner's side, or answer for the engine, themselves).
    #[must_use]
    pub fn offline() -> Shell {
        Shell {
            disk: Disk::default(),
            net: None,
            discovery: None,
            browse: None,
            looking: None,
        }
    }

    /// This shell, announcing and looking for games through `discovery`.
    #[must_use]
    pub fn with_discovery(mut self, discovery: Box<dyn Discovery>) -> Shell {
        self.discovery = Some(discovery);
        self
    }

    /// Applies `msg` and carries out what the update asks: work on the data
    /// folder and requests to the network task, each answer fed back into
    /// the update at once (its commands carried out before the ones after
    /// it). Returns what is left for the caller: quit, say, bell, applied
    /// (and, offline, the requests to the network).
    /// A network request needs a tokio runtime.
    pub fn step(&mut self, state: &mut State, msg: Msg) -> Vec<Cmd> {
        let mut rest = Vec::new();
        let mut queue: VecDeque<Cmd> = update(state, msg).into();
        while let Some(cmd) = queue.pop_front() {
            let answer = match cmd {
                Cmd::Disk(job, then) => state
                    .places
                    .clone()
                    .map(|places| Msg::Disk(self.disk.carry_out(&places, job), then)),
                Cmd::Discover(request) if self.discovery.is_some() => self.discover(request),
                Cmd::Net(request) => match &mut self.net {
                    Some(net) => net.request(state, request).map(Msg::Net),
                    None => {
                        rest.push(Cmd::Net(request));
                        None
                    }
                },
                Cmd::AskEngine(ask) if self.net.is_some() => {
                    self.ask_engine(*ask);
                    None
                }
                other => {
                    rest.push(other);
                    None
                }
            };
            if let Some(answer) = answer {
                for cmd in update(state, answer).into_iter().rev() {
                    queue.push_front(cmd);
                }
            }
        }
        rest
    }

    /// Reads the dead-stone draft for up to `budget` of wall time: one
    /// [`Msg::Read`] after another through [`Shell::step`] while the draft
    /// is open, so that the clock stays out of the update and the slices,
    /// and with them the draft, are the same however fast they come.
    /// Returns what is left for the caller, as `step` does.
    pub fn read_for(&mut self, state: &mut State, budget: Duration) -> Vec<Cmd> {
        let start = Instant::now();
        let mut rest = Vec::new();
        while state.reading() {
            rest.extend(self.step(state, Msg::Read));
            if start.elapsed() >= budget {
                break;
            }
        }
        rest
    }

    /// Starts the engine's answer to `ask` on a task of its own; a question
    /// still open is dropped with its engine (`kill_on_drop`), so only the
    /// newest answer comes back.
    fn ask_engine(&mut self, ask: EngineAsk) {
        if let Some(old) = self.looking.take() {
            old.abort();
        }
        self.looking = Some(tokio::spawn(crate::engine::view::look(ask)));
    }

    /// Carries out a request to announce or look for games; a failure
    /// comes back as a message (hosting and joining by code go on).
    fn discover(&mut self, request: DiscoveryRequest) -> Option<Msg> {
        let discovery = self.discovery.as_mut()?;
        let found = match request {
            DiscoveryRequest::Announce(game) => discovery
                .announce(&game)
                .map_err(|e| Found::NotAnnounced(e.to_string())),
            DiscoveryRequest::Withdraw => discovery
                .withdraw()
                .map_err(|e| Found::NotAnnounced(e.to_string())),
            DiscoveryRequest::Browse => discovery
                .browse()
                .map(|b| self.browse = Some(b))
                .map_err(|e| Found::Failed(e.to_string())),
            DiscoveryRequest::StopBrowsing => {
                self.browse = None;
                Ok(())
            }
        };
        found.err().map(Msg::Found)
    }

    /// The next report from outside: the network task's, a change of the
    /// games found on the local network, or an engine's answer.
    pub async fn news(&mut self) -> Msg {
        let Shell {
            net,
            browse,
            looking,
            ..
        } = self;
        tokio::select! {
            news = next_news(net) => Msg::Net(news),
            change = next_found(browse) => Msg::Found(Found::Change(change)),
            saw = next_answer(looking) => Msg::Engine(saw),
        }
    }

    /// The next change of the games found; waits for ever while not
    /// looking.
    pub async fn found(&mut self) -> Change {
        next_found(&mut self.browse).await
    }

    /// The network task, for requests made outside the update.
    pub fn net(&mut self) -> Option<&mut Net> {
        self.net.as_mut()
    }

    /// The next report of the network task; waits for ever without one.
    pub async fn next(&mut self) -> NetNews {
        next_news(&mut self.net).await
    }

    /// Says goodbye for a network game still running and waits a little for
    /// the partner to hear it.
    pub async fn shut_down(&mut self) {
        if let Some(net) = &mut self.net {
            net.shut_down().await;
        }
    }
}

/// The next report of the network task; waits for ever without one.
async fn next_news(net: &mut Option<Net>) -> NetNews {
    match net {
        Some(net) => net.next().await,
        None => std::future::pending().await,
    }
}

/// The engine's answer once its task ends; waits for ever while none is
/// asked. A task that panicked is reported as the engine's failure.
async fn next_answer(
    looking: &mut Option<JoinHandle<Result<EngineSaw, EngineError>>>,
) -> Result<EngineSaw, EngineError> {
    let Some(task) = looking else {
        return std::future::pending().await;
    };
    let ended = task.await;
    *looking = None;
    ended.unwrap_or_else(|e| {
        Err(EngineError::Died {
            status: e.to_string(),
        })
    })
}

/// The next change of a browse; waits for ever while not looking.
async fn next_found(browse: &mut Option<Browse>) -> Change {
    loop {
        match browse {
            Some(running) => match running.next().await {
                Some(change) => return change,
                None => *browse = None,
            },
            None => std::future::pending::<()>().await,
        }
    }
}
