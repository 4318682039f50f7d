//! The shell around the pure update: it carries out every command the
//! update returns, in order, before the next message is taken, and feeds
//! each answer back into the update as a message. The drawn event loop,
//! plain mode and the tests drive the front end through it, so a move is
//! on the disk before the next key is read wherever the keys come from.

pub mod disk;

use crate::app::{Cmd, Msg, NetNews, State, update};
use crate::netplay::task::Net;
use std::collections::VecDeque;

pub use disk::Disk;

/// The effects of the front end: the data folder and the network task.
pub struct Shell {
    disk: Disk,
    /// `None`: no network here; the update's requests to the network are
    /// returned to the caller instead.
    net: Option<Net>,
}

impl Default for Shell {
    fn default() -> Shell {
        Shell {
            disk: Disk::default(),
            net: Some(Net::default()),
        }
    }
}

impl Shell {
    /// A shell with the data folder and no network: what the update asks
    /// of the network is handed to the caller (tests that play the
    /// partner's side themselves).
    #[must_use]
    pub fn offline() -> Shell {
        Shell {
            disk: Disk::default(),
            net: None,
        }
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
                Cmd::Net(request) => match &mut self.net {
                    Some(net) => net.request(state, request).map(Msg::Net),
                    None => {
                        rest.push(Cmd::Net(request));
                        None
                    }
                },
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

    /// The network task, for requests made outside the update.
    pub fn net(&mut self) -> Option<&mut Net> {
        self.net.as_mut()
    }

    /// The next report of the network task; waits for ever without one.
    pub async fn next(&mut self) -> NetNews {
        match &mut self.net {
            Some(net) => net.next().await,
            None => std::future::pending().await,
        }
    }

    /// Says goodbye for a network game still running and waits a little for
    /// the partner to hear it.
    pub async fn shut_down(&mut self) {
        if let Some(net) = &mut self.net {
            net.shut_down().await;
        }
    }
}
