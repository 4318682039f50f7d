//! The one loop of the terminal front end: terminal input, a one-second
//! tick and the network task's reports become messages, the update applies
//! them, the view redraws. Input is read as an async stream and the network
//! runs in a task of its own, so nothing waits on the keyboard or a socket
//! while a frame is due.

use crate::app::{Cmd, Msg, NetNews, NetRequest, State, update};
use crate::logging;
use crate::netplay::worker;
use crate::view::view;
use crossterm::event::EventStream;
use futures::StreamExt;
use ratatui::Terminal;
use ratatui::backend::Backend;
use std::io;
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
            NetRequest::Start { plan, name } => {
                self.leave();
                let Some(places) = state.places.clone() else {
                    return Some(NetNews::Closed(
                        "network play needs a data folder for its identity and logs".into(),
                    ));
                };
                let (tx, rx) = mpsc::unbounded_channel();
                let (news_tx, news) = mpsc::unbounded_channel();
                let handle = tokio::spawn(worker::run(plan, name, places, rx, news_tx));
                self.task = Some((tx, handle));
                self.news = Some(news);
                None
            }
            other => {
                let sent = self
                    .task
                    .as_ref()
                    .is_some_and(|(tx, _)| tx.send(other).is_ok());
                (!sent).then(|| NetNews::Refused("not connected to a partner".into()))
            }
        }
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

/// Runs until the user quits or the input ends.
pub async fn run<B: Backend>(terminal: &mut Terminal<B>, state: &mut State) -> io::Result<()>
where
    io::Error: From<B::Error>,
{
    let mut input = EventStream::new();
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut net = Net::default();
    terminal.draw(|frame| view(state, frame))?;
    loop {
        let msg = tokio::select! {
            event = input.next() => match event {
                Some(event) => Msg::from_terminal(event?),
                None => break,
            },
            news = net.next() => Some(Msg::Net(news)),
            _ = tick.tick() => Some(Msg::Tick),
        };
        let Some(msg) = msg else { continue };
        // A tick that fades no message and runs no clock changes nothing:
        // skip the frame, so an idle screen sends no bytes at all.
        let idle_tick = matches!(msg, Msg::Tick) && !state.ticks_visibly();
        let mut quit = false;
        let mut pending = vec![msg];
        while let Some(msg) = pending.pop() {
            for cmd in update(state, msg) {
                match cmd {
                    Cmd::Quit => quit = true,
                    Cmd::Say(_) => {}
                    Cmd::Applied(event) => logging::applied(&event),
                    Cmd::Net(request) => pending.extend(net.request(state, request).map(Msg::Net)),
                }
            }
        }
        if quit {
            break;
        }
        if !idle_tick {
            terminal.draw(|frame| view(state, frame))?;
        }
    }
    net.shut_down().await;
    Ok(())
}
