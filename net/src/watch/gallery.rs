//! Where the watchers sit: a QUIC endpoint of their own, on a port of its
//! own, driven by a thread of its own with its own runtime. Every
//! watcher's connection, its handshake and its feed live there, so the
//! players' endpoint and tasks are never queued behind a watcher's; the
//! players' side only hands frames over through the hub's queues. The
//! endpoint asks its watchers to acknowledge seldom
//! ([`tls::watchers_transport`]), so the host reads few packets from them.
//!
//! The thread keeps the players' scheduling priority: a lower one was
//! tried, and on a busy machine it let the watchers fall a queue behind
//! and be dropped whenever moves came quickly.

use super::feed::{Gate, feed};
use super::hub::Subscription;
use crate::admission::Admission;
use crate::close;
use crate::error::{Awaited, NetError};
use crate::host::{ATTEMPT_DEADLINE, Door};
use crate::link::{Link, PAIR_TIMEOUT};
use crate::tls;
use crate::wire::Message;
use kaisho_saves::identity::Fingerprint;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::sync::oneshot;
use tokio::task::JoinSet;

/// Why a watcher is turned away while the game is not under way.
pub(crate) const NOT_STARTED: &str = "the game has not started yet or waits for a player to come back: watch again once both players are in";

/// The watchers' endpoint and thread, for as long as the host lets
/// watchers in.
pub(crate) struct Gallery {
    addr: SocketAddr,
    /// The watch code's state.
    door: Arc<Mutex<Door>>,
    open: Arc<AtomicBool>,
    stop: Option<oneshot::Sender<()>>,
}

/// What the watchers' thread needs of its host.
struct Seats {
    config: quinn::ServerConfig,
    local: Fingerprint,
    name: String,
    gate: Gate,
    open: Arc<AtomicBool>,
}

impl Gallery {
    /// Binds the watchers' endpoint on `addr` (port 0 picks a free port)
    /// on a thread of its own, and serves it until the gallery is dropped;
    /// watchers already in are fed after that until they leave.
    pub(crate) fn start(
        addr: SocketAddr,
        config: quinn::ServerConfig,
        local: Fingerprint,
        name: &str,
        gate: Gate,
    ) -> Result<Gallery, NetError> {
        let open = Arc::new(AtomicBool::new(false));
        let door = gate.door.clone();
        let seats = Seats {
            config,
            local,
            name: name.to_string(),
            gate,
            open: open.clone(),
        };
        let (bound_tx, bound_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = oneshot::channel();
        std::thread::Builder::new()
            .name("kaisho-watchers".into())
            .spawn(move || run(addr, seats, stopped, bound_tx))
            .map_err(|e| NetError::Setup(format!("cannot start the watchers' thread: {e}")))?;
        let addr = bound_rx.recv().map_err(|_| {
            NetError::Setup("the watchers' thread ended before it listened".into())
        })??;
        Ok(Gallery {
            addr,
            door,
            open,
            stop: Some(stop),
        })
    }

    /// The address watchers dial.
    pub(crate) fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The watch code's state.
    pub(crate) fn door(&self) -> MutexGuard<'_, Door> {
        self.door.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Lets watchers in (the game has its two players) or turns them away
    /// for now (the game has not started, or waits for a player).
    pub(crate) fn open(&self, open: bool) {
        self.open.store(open, Ordering::Relaxed);
    }
}

impl Drop for Gallery {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// The watchers' thread: its own runtime and endpoint.
fn run(
    addr: SocketAddr,
    seats: Seats,
    stopped: oneshot::Receiver<()>,
    bound: std::sync::mpsc::Sender<Result<SocketAddr, NetError>>,
) {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            let e = NetError::Setup(format!("cannot start the watchers' runtime: {e}"));
            let _ = bound.send(Err(e));
            return;
        }
    };
    runtime.block_on(async move {
        let mut config = seats.config.clone();
        config.transport_config(tls::watchers_transport());
        let endpoint = match quinn::Endpoint::server(config, addr) {
            Ok(endpoint) => endpoint,
            Err(e) => {
                let e = NetError::Setup(format!(
                    "cannot listen for watchers on {addr}: {e}; pick another port"
                ));
                let _ = bound.send(Err(e));
                return;
            }
        };
        let local = endpoint
            .local_addr()
            .map_err(|e| NetError::Setup(e.to_string()));
        let listening = local.is_ok();
        let _ = bound.send(local);
        if listening {
            serve(endpoint, Arc::new(seats), stopped).await;
        }
    });
}

/// Lets watchers in until told to stop, then feeds those in until they
/// leave.
async fn serve(endpoint: quinn::Endpoint, seats: Arc<Seats>, mut stopped: oneshot::Receiver<()>) {
    let admission = Admission::default();
    let mut admitting = JoinSet::new();
    let mut feeds = JoinSet::new();
    loop {
        tokio::select! {
            _ = &mut stopped => break,
            incoming = endpoint.accept() => {
                let Some(incoming) = incoming else { break };
                // As at the players' port: proven addresses only, places
                // shared fairly between them.
                let (endpoint, seats) = (endpoint.clone(), seats.clone());
                admission.serve(incoming, &mut admitting, |incoming| async move {
                    seat(&endpoint, &seats, incoming).await.ok()
                });
            }
            Some(admitted) = admitting.join_next() => {
                if let Ok(Some((sub, link))) = admitted {
                    feeds.spawn(feed(seats.gate.hub.clone(), sub, link));
                }
            }
            Some(_) = feeds.join_next() => {}
        }
    }
    admitting.abort_all();
    endpoint.set_server_config(None);
    while feeds.join_next().await.is_some() {}
}

/// One connection to the watchers' port, from its first packet to the
/// watcher let in within [`ATTEMPT_DEADLINE`], as at the players' port: a
/// watcher with the watch code is let in while the game is under way;
/// anyone else (junk, a wrong frame, silence) is closed with a code and
/// the reason, never left to the implicit close of a dropped connection.
async fn seat(
    endpoint: &quinn::Endpoint,
    seats: &Seats,
    incoming: quinn::Incoming,
) -> Result<(Subscription, Link), NetError> {
    let deadline = tokio::time::Instant::now() + ATTEMPT_DEADLINE;
    let connection = tokio::time::timeout_at(deadline, incoming)
        .await
        .map_err(|_| NetError::Timeout(Awaited::Handshake))?
        .map_err(close::error_of)?;
    let seated = tokio::time::timeout_at(deadline, let_in(endpoint, seats, &connection))
        .await
        .unwrap_or(Err(NetError::Timeout(Awaited::Pairing)));
    close::on_error(&connection, seated)
}

/// The watch code's exchange on a connection made.
async fn let_in(
    endpoint: &quinn::Endpoint,
    seats: &Seats,
    connection: &quinn::Connection,
) -> Result<(Subscription, Link), NetError> {
    let peer = tls::peer_fingerprint(connection)?;
    let streams = connection.accept_bi().await.map_err(close::error_of)?;
    let mut link = Link::new(
        connection.clone(),
        streams,
        endpoint.clone(),
        true,
        (seats.local, peer),
    );
    let msg = match link.recv_within(PAIR_TIMEOUT, Awaited::JoinerKeys).await? {
        Message::Watch { msg } => msg,
        _ => {
            let reason = "this port lets watchers in only; players dial the game's own port";
            link.close(close::BUSY, reason).await;
            return Err(NetError::Refused(reason.into()));
        }
    };
    if !seats.open.load(Ordering::Relaxed) {
        link.close(close::NO_WATCHING, NOT_STARTED).await;
        return Err(NetError::Refused(NOT_STARTED.into()));
    }
    let (link, sub) = seats
        .gate
        .admit(link, connection, &msg, &seats.name)
        .await?;
    Ok((sub, link))
}
