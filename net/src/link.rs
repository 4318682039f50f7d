//! An authenticated connection between the two players: QUIC with pinned
//! certificates on the LAN or iroh across the internet (`carrier`), one
//! ordered stream of frames, and the greeting done.

use crate::carrier::{Carrier, RecvHalf, SendHalf};
use crate::close;
use crate::error::{Awaited, NetError};
use crate::frame;
use crate::wire::{Hello, Message, PROTOCOL_VERSION, check_name};
use kaisho_saves::identity::Fingerprint;
use kaisho_saves::known_peers::{KnownPeers, PeerCheck};
use kaisho_saves::visible::{visible, visible_owned};
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// How long each step of pairing may take before the attempt is dropped,
/// so a silent connection cannot hold the host.
pub const PAIR_TIMEOUT: Duration = Duration::from_secs(10);

/// The program version sent in the greeting.
pub const PROGRAM_VERSION: &str = env!("CARGO_PKG_VERSION");

/// One player's connection to the other.
pub struct Link {
    sender: Sender,
    recv: RecvHalf,
    /// The partner's greeting.
    pub peer_hello: Hello,
    local_name: String,
}

impl Link {
    /// A link on the LAN over `connection` of `endpoint`.
    pub(crate) fn new(
        connection: quinn::Connection,
        (send, recv): (quinn::SendStream, quinn::RecvStream),
        endpoint: quinn::Endpoint,
        is_host: bool,
        fingerprints: (Fingerprint, Fingerprint),
    ) -> Link {
        let carrier = Carrier::Lan {
            connection,
            endpoint,
        };
        let halves = (SendHalf::Lan(send), RecvHalf::Lan(recv));
        Link::over(carrier, halves, is_host, fingerprints)
    }

    /// A link over any carrier, its stream's two halves given.
    pub(crate) fn over(
        carrier: Carrier,
        (send, recv): (SendHalf, RecvHalf),
        is_host: bool,
        (local, peer): (Fingerprint, Fingerprint),
    ) -> Link {
        Link {
            sender: Sender {
                carrier,
                send,
                local,
                peer,
                is_host,
            },
            recv,
            peer_hello: Hello {
                protocol: PROTOCOL_VERSION,
                program: String::new(),
                name: String::new(),
                fingerprint: peer.0,
            },
            local_name: String::new(),
        }
    }

    /// The partner's display name.
    #[must_use]
    pub fn peer_name(&self) -> &str {
        &self.peer_hello.name
    }

    /// The partner's certificate fingerprint, proven by TLS.
    #[must_use]
    pub fn peer(&self) -> Fingerprint {
        self.sender.peer
    }

    /// Our own certificate fingerprint.
    #[must_use]
    pub fn local(&self) -> Fingerprint {
        self.sender.local
    }

    /// Our own display name, as sent in the greeting.
    #[must_use]
    pub fn local_name(&self) -> &str {
        &self.local_name
    }

    /// Whether this side is the host.
    #[must_use]
    pub fn is_host(&self) -> bool {
        self.sender.is_host
    }

    /// The connection under the link, for statistics and its close.
    #[must_use]
    pub fn carrier(&self) -> &Carrier {
        &self.sender.carrier
    }

    /// Sends one frame.
    pub async fn send(&mut self, message: &Message) -> Result<(), NetError> {
        self.sender.send(message).await
    }

    /// Sends `bytes` as they are, a frame or a part of one, as a
    /// misbehaving partner would: for tests of the other side's bounds.
    #[doc(hidden)]
    pub async fn send_raw(&mut self, bytes: &[u8]) -> Result<(), NetError> {
        self.sender
            .send
            .write_all(bytes)
            .await
            .map_err(|e| NetError::Connection(e.to_string()))
    }

    /// Receives one frame; the end of the stream is an error here.
    pub async fn recv(&mut self) -> Result<Message, NetError> {
        read_one(&mut self.recv, &self.sender.carrier).await
    }

    /// Receives one frame within `limit`, naming what was awaited.
    pub async fn recv_within(
        &mut self,
        limit: Duration,
        what: Awaited,
    ) -> Result<Message, NetError> {
        tokio::time::timeout(limit, self.recv())
            .await
            .map_err(|_| NetError::Timeout(what))?
    }

    /// Closes the connection with a code and a reason for the partner, and
    /// waits briefly so the close reaches them.
    pub async fn close(self, code: u32, reason: &str) {
        self.sender.close(code, reason).await;
    }

    /// Sends our greeting and checks the partner's: same protocol, the
    /// fingerprint it claims is the one TLS proved, and a name within the
    /// limit every log holds to. Checked here, within the attempt, a
    /// refused greeting costs a host only this connection: it goes on
    /// waiting for its partner.
    pub(crate) async fn greet(&mut self, name: &str) -> Result<(), NetError> {
        let name = visible(name);
        self.local_name = name.to_string();
        self.send(&Message::Hello(Hello {
            protocol: PROTOCOL_VERSION,
            program: PROGRAM_VERSION.to_string(),
            name: name.to_string(),
            fingerprint: self.sender.local.0,
        }))
        .await?;
        let hello = match self.recv_within(PAIR_TIMEOUT, Awaited::Greeting).await? {
            Message::Hello(h) => Hello {
                name: visible_owned(h.name),
                program: visible_owned(h.program),
                ..h
            },
            other => return Err(unexpected("a greeting", &other)),
        };
        if hello.protocol != PROTOCOL_VERSION {
            let msg = format!(
                "the partner speaks protocol {} (kaisho {}), this kaisho speaks {PROTOCOL_VERSION} ({PROGRAM_VERSION}); both must run versions that speak the same protocol",
                hello.protocol, hello.program
            );
            self.sender.carrier.close(close::PROTOCOL, &msg);
            return Err(NetError::Protocol(msg));
        }
        if hello.fingerprint != self.sender.peer.0 {
            let msg = "the greeting names another certificate than the one presented";
            self.sender.carrier.close(close::WRONG_FINGERPRINT, msg);
            return Err(NetError::Protocol(msg.into()));
        }
        if let Err(e) = check_name(&hello.name) {
            self.sender.carrier.close(close::PROTOCOL, &e.to_string());
            return Err(e);
        }
        self.peer_hello = hello;
        Ok(())
    }

    /// Looks the partner up among the known peers, by fingerprint, and
    /// remembers them under the name they gave. Nobody is refused here: a
    /// name is not an identity; a game is pinned to a fingerprint.
    pub fn check_known(&self, peers: &mut KnownPeers, now_unix: i64) -> PeerCheck {
        let check = peers.check(self.peer_name(), self.sender.peer);
        peers.remember(self.peer_name(), self.sender.peer, now_unix);
        check
    }

    /// Splits off the receiving half into a task that decodes frames into
    /// a channel, so the game loop can wait on it alongside the keyboard
    /// and timers without losing half-read frames.
    pub(crate) fn into_parts(self) -> (Sender, Inbox) {
        let (tx, rx) = tokio::sync::mpsc::channel(64);
        let mut recv = self.recv;
        let carrier = self.sender.carrier.clone();
        tokio::spawn(async move {
            loop {
                let item = read_one(&mut recv, &carrier).await;
                let stop = item.is_err();
                if tx.send(item).await.is_err() || stop {
                    break;
                }
            }
        });
        (self.sender, rx)
    }
}

/// Decoded frames from the partner, in order; an error ends the stream.
pub(crate) type Inbox = tokio::sync::mpsc::Receiver<Result<Message, NetError>>;

async fn read_one(recv: &mut RecvHalf, carrier: &Carrier) -> Result<Message, NetError> {
    let item = match frame::read(recv).await {
        Ok(Some(m)) => Ok(m),
        Ok(None) => Err(NetError::Connection("the partner closed the stream".into())),
        Err(e) => Err(e),
    };
    match item {
        Ok(m) => Ok(m),
        Err(e) => Err(carrier.explain(e).await),
    }
}

/// The sending half of a link, owned by the game session.
pub struct Sender {
    pub(crate) carrier: Carrier,
    send: SendHalf,
    pub(crate) local: Fingerprint,
    pub(crate) peer: Fingerprint,
    pub(crate) is_host: bool,
}

impl Sender {
    pub(crate) async fn send(&mut self, message: &Message) -> Result<(), NetError> {
        match frame::write(&mut self.send, message).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.carrier.explain(e).await),
        }
    }

    /// Says goodbye with `reason` and closes: the partner reads the
    /// reason before the connection ends.
    pub(crate) async fn bye(mut self, reason: &str) {
        let _ = self
            .send(&Message::Bye {
                reason: reason.to_string(),
            })
            .await;
        self.close(close::BYE, reason).await;
    }

    pub(crate) async fn close(mut self, code: u32, reason: &str) {
        self.send.finish();
        if code == close::BYE {
            // Let the partner read the stream to its end before the close
            // overtakes the last frames.
            let _ = tokio::time::timeout(Duration::from_secs(1), self.send.stopped()).await;
        }
        self.carrier.close(code, reason);
        self.carrier.wait_idle(Duration::from_millis(500)).await;
    }
}

/// The error for a frame that does not belong where it arrived.
pub(crate) fn unexpected(wanted: &str, got: &Message) -> NetError {
    let name = format!("{got:?}");
    let name = name.split(['(', ' ', '{']).next().unwrap_or("a frame");
    NetError::Protocol(format!("expected {wanted}, received {name}"))
}
