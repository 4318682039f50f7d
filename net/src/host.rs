//! The listening side: waits for the partner, checks the join code with
//! SPAKE2, burns the code after three wrong tries, and refuses everyone
//! once the game has its two players.
//!
//! Pairing attempts run side by side, each within [`ATTEMPT_DEADLINE`],
//! from addresses that answered a Retry, with places shared fairly between
//! addresses ([`crate::admission`]): strangers' silent connections, from
//! one address or many, never hold up the partner's.

use crate::admission::Admission;
use crate::carrier::Carrier;
use crate::close;
use crate::code::{JoinCode, Secret};
use crate::error::{Awaited, NetError};
use crate::link::{Link, PAIR_TIMEOUT, unexpected};
use crate::pake::{Binding, EXPORTER_LABEL, Exchange, Side};
use crate::tls;
use crate::watch::feed::Gate;
use crate::watch::gallery::{Gallery, NOT_STARTED};
use crate::watch::hub::Hub;
use crate::wire::Message;
use kaisho_saves::identity::{Fingerprint, Identity};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::task::JoinSet;

/// Wrong codes a host accepts before it burns the code.
pub const MAX_TRIES: u32 = 3;

/// How long one pairing attempt may take, from its first packet to the
/// greeting; a slower one is dropped.
pub const ATTEMPT_DEADLINE: Duration = Duration::from_secs(5);

/// A code's state (the join code's or the watch code's), shared by the
/// attempts in flight.
#[derive(Default)]
pub(crate) struct Door {
    pub(crate) secret: Option<Secret>,
    pub(crate) failures: u32,
}

impl Door {
    pub(crate) fn burned(&self) -> bool {
        self.failures >= MAX_TRIES
    }
}

/// The pairing attempts a host runs side by side, and what they are for.
#[derive(Default)]
pub(crate) struct Attempts {
    pub(crate) set: JoinSet<Result<Link, NetError>>,
    wanted: Option<Wanted>,
}

impl Attempts {
    /// Wants `wanted` from now on: attempts for anything else are dropped.
    pub(crate) fn want(&mut self, wanted: Wanted) {
        if self.wanted != Some(wanted) {
            self.set.abort_all();
            self.wanted = Some(wanted);
        }
    }

    /// Wants nothing: every attempt in flight is dropped.
    pub(crate) fn drop_all(&mut self) {
        self.set.abort_all();
        self.wanted = None;
    }

    /// What an attempt that `ended` means for the wait: the partner's link
    /// (the attempts left are dropped), why it was refused, or nothing for
    /// one that was aborted.
    pub(crate) fn ended(
        &mut self,
        ended: Result<Result<Link, NetError>, tokio::task::JoinError>,
    ) -> Option<Result<Link, NetError>> {
        match ended {
            Ok(Ok(link)) => {
                self.set.abort_all();
                Some(Ok(link))
            }
            Ok(Err(e)) => Some(Err(e)),
            Err(_) => None,
        }
    }
}

/// What the attempts in flight are for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wanted {
    /// A new partner with the join code.
    Code,
    /// The partner with this pinned certificate, coming back.
    Known(Fingerprint),
}

/// A host listening for its partner.
pub struct Host {
    endpoint: quinn::Endpoint,
    /// The TLS set-up, for the watchers' endpoint.
    config: Arc<quinn::ServerConfig>,
    local: Fingerprint,
    name: String,
    door: Arc<Mutex<Door>>,
    admission: Admission,
    attempts: Attempts,
    refuser: Option<tokio::task::JoinHandle<()>>,
    /// The watch code, the watchers and their own endpoint and thread,
    /// when watching is allowed.
    gallery: Option<Box<Gallery>>,
}

impl Host {
    /// Listens on `addr` (port 0 picks a free port). Must be called inside
    /// a tokio runtime.
    pub fn bind(addr: SocketAddr, identity: &Identity, name: &str) -> Result<Host, NetError> {
        let config = tls::server_config(identity)?;
        let endpoint = quinn::Endpoint::server(config.clone(), addr).map_err(|e| {
            NetError::Setup(format!(
                "cannot listen on {addr}: {e}; pick another port with --port"
            ))
        })?;
        Ok(Host {
            endpoint,
            config: Arc::new(config),
            local: identity.fingerprint(),
            name: name.to_string(),
            door: Arc::default(),
            admission: Admission::default(),
            attempts: Attempts::default(),
            refuser: None,
            gallery: None,
        })
    }

    /// The address the host listens on.
    pub fn local_addr(&self) -> Result<SocketAddr, NetError> {
        self.endpoint
            .local_addr()
            .map_err(|e| NetError::Setup(e.to_string()))
    }

    fn door(&self) -> std::sync::MutexGuard<'_, Door> {
        self.door.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sets a fresh one-time secret and forgets earlier wrong tries.
    pub fn set_secret(&mut self, secret: Secret) {
        *self.door() = Door {
            secret: Some(secret),
            failures: 0,
        };
    }

    /// The code to read to the partner, with the address they should dial
    /// (the listening address, unless it is unspecified).
    pub fn code(&self, shown: Option<SocketAddr>) -> Result<Option<JoinCode>, NetError> {
        let addr = match shown {
            Some(a) => a,
            None => self.local_addr()?,
        };
        Ok(self
            .door()
            .secret
            .clone()
            .map(|secret| JoinCode { addr, secret }))
    }

    /// Lets watchers in with `secret`, a code of its own (never the
    /// players'), at most `max` at a time, once the game has its two
    /// players ([`Host::refuse_others`]). They dial a port of their own,
    /// served by a thread of its own at a lower priority (see
    /// [`crate::watch::gallery`]), so that they never hold up the
    /// players. The session publishes the game to the hub returned
    /// ([`crate::Session::share`]).
    pub fn allow_watching(&mut self, secret: Secret, max: usize) -> Result<Hub, NetError> {
        let hub = Hub::new(max);
        let gate = Gate {
            door: Arc::new(Mutex::new(Door {
                secret: Some(secret),
                failures: 0,
            })),
            hub: hub.clone(),
        };
        let addr = SocketAddr::new(self.local_addr()?.ip(), 0);
        let gallery = Gallery::start(addr, (*self.config).clone(), self.local, &self.name, gate)?;
        gallery.open(self.refuser.is_some());
        self.gallery = Some(Box::new(gallery));
        Ok(hub)
    }

    /// The code watchers dial: the address shown as in [`Host::code`]
    /// with the watchers' own port; `None` when watching is not allowed.
    pub fn watch_code(&self, shown: Option<SocketAddr>) -> Result<Option<JoinCode>, NetError> {
        let ip = match shown {
            Some(a) => a.ip(),
            None => self.local_addr()?.ip(),
        };
        let Some(gallery) = &self.gallery else {
            return Ok(None);
        };
        let addr = SocketAddr::new(ip, gallery.addr().port());
        let door = gallery.door();
        Ok(door.secret.clone().map(|secret| JoinCode { addr, secret }))
    }

    /// Whether three wrong tries burned the code.
    #[must_use]
    pub fn burned(&self) -> bool {
        self.door().burned()
    }

    /// Waits for the next attempt to join by code to end. A wrong code is
    /// [`NetError::WrongCode`] (the caller shows it and calls again); after
    /// the third the code is burned and every later attempt is
    /// [`NetError::CodeBurned`], with the joiner told so. Other attempts
    /// go on meanwhile, and go on between calls.
    pub async fn accept(&mut self) -> Result<Link, NetError> {
        self.next(Wanted::Code).await.map_err(NetError::before_game)
    }

    /// Waits for a known partner to come back, by pinned fingerprint and
    /// without a code; anyone else is refused and the wait goes on.
    /// Each refusal is returned so the caller can show it.
    pub async fn accept_known(&mut self, partner: Fingerprint) -> Result<Link, NetError> {
        self.stop_refusing();
        self.next(Wanted::Known(partner)).await
    }

    /// Admits new connections as attempts and returns the first attempt
    /// that ends: the partner's link, or why an attempt was refused. The
    /// attempts left in flight are dropped once the partner is in.
    async fn next(&mut self, wanted: Wanted) -> Result<Link, NetError> {
        self.attempts.want(wanted);
        loop {
            tokio::select! {
                incoming = self.endpoint.accept() => {
                    let incoming = incoming.ok_or_else(|| {
                        NetError::Setup("the listening socket was closed".into())
                    })?;
                    self.admit(incoming, wanted);
                }
                Some(ended) = self.attempts.set.join_next() => {
                    if let Some(done) = self.attempts.ended(ended) {
                        return done;
                    }
                }
            }
        }
    }

    /// Starts an attempt for `incoming` when it has a place
    /// ([`Admission::serve`]).
    fn admit(&mut self, incoming: quinn::Incoming, wanted: Wanted) {
        let attempt = Attempt {
            endpoint: self.endpoint.clone(),
            pairing: Pairing {
                local: self.local,
                name: self.name.clone(),
                door: self.door.clone(),
            },
        };
        self.admission
            .serve(incoming, &mut self.attempts.set, |incoming| {
                attempt.run(incoming, wanted)
            });
    }

    /// From now on every new connection is told the game already has its
    /// two players, until [`Host::accept_known`] waits for the partner
    /// again; watchers are let in on their own port meanwhile, when
    /// watching is allowed ([`Host::allow_watching`]).
    pub fn refuse_others(&mut self) {
        self.stop_refusing();
        self.attempts.drop_all();
        let endpoint = self.endpoint.clone();
        let admission = self.admission.clone();
        let door = Doorkeeper {
            endpoint: endpoint.clone(),
            local: self.local,
            watchers: self.gallery.as_ref().map(|g| g.addr().port()),
        };
        if let Some(gallery) = &self.gallery {
            gallery.open(true);
        }
        self.refuser = Some(tokio::spawn(async move {
            let mut closing = JoinSet::new();
            while let Some(incoming) = endpoint.accept().await {
                while closing.try_join_next().is_some() {}
                let door = door.clone();
                admission.serve(incoming, &mut closing, |incoming| async move {
                    let _ = tokio::time::timeout(ATTEMPT_DEADLINE, door.turn(incoming)).await;
                });
            }
        }));
    }

    fn stop_refusing(&mut self) {
        if let Some(gallery) = &self.gallery {
            gallery.open(false);
        }
        if let Some(task) = self.refuser.take() {
            task.abort();
        }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.stop_refusing();
    }
}

/// Turns away every connection to the players' port once the game has
/// its players; a watcher is told where watchers are let in.
#[derive(Clone)]
struct Doorkeeper {
    endpoint: quinn::Endpoint,
    local: Fingerprint,
    /// The watchers' port, when watching is allowed.
    watchers: Option<u16>,
}

impl Doorkeeper {
    /// Tells the connection the game has its two players, or a watcher
    /// which port to dial.
    async fn turn(self, incoming: quinn::Incoming) {
        let Ok(connection) = incoming.await else {
            return;
        };
        let busy = |connection: &quinn::Connection| {
            close::close(
                connection,
                close::BUSY,
                "this game already has its two players",
            );
        };
        let Ok(peer) = tls::peer_fingerprint(&connection) else {
            busy(&connection);
            return;
        };
        let Ok(streams) = connection.accept_bi().await else {
            return;
        };
        let mut link = Link::new(
            connection.clone(),
            streams,
            self.endpoint.clone(),
            true,
            (self.local, peer),
        );
        match link.recv_within(PAIR_TIMEOUT, Awaited::JoinerKeys).await {
            Ok(Message::Watch { .. }) => {
                let reason = match self.watchers {
                    Some(port) => {
                        format!("watchers are let in on port {port}, with the watch code")
                    }
                    None => "this host does not let watchers in".into(),
                };
                link.close(close::NO_WATCHING, &reason).await;
            }
            _ => busy(&connection),
        }
    }
}

/// What one pairing attempt on the LAN needs of its host.
struct Attempt {
    endpoint: quinn::Endpoint,
    pairing: Pairing,
}

/// What pairing needs of a host, whatever carries the link: its
/// fingerprint, its name and the join code's door.
#[derive(Clone)]
pub(crate) struct Pairing {
    pub(crate) local: Fingerprint,
    pub(crate) name: String,
    pub(crate) door: Arc<Mutex<Door>>,
}

impl Attempt {
    /// The whole attempt, from the handshake to the greeting, within
    /// [`ATTEMPT_DEADLINE`]; a failed attempt's connection is closed with
    /// the reason.
    async fn run(self, incoming: quinn::Incoming, wanted: Wanted) -> Result<Link, NetError> {
        let deadline = tokio::time::Instant::now() + ATTEMPT_DEADLINE;
        let connection = tokio::time::timeout_at(deadline, incoming)
            .await
            .map_err(|_| NetError::Timeout(Awaited::Handshake))?
            .map_err(close::error_of)?;
        let paired = tokio::time::timeout_at(deadline, self.pair(&connection, wanted))
            .await
            .unwrap_or(Err(NetError::Timeout(Awaited::Pairing)));
        close::on_error(&connection, paired)
    }

    async fn pair(&self, connection: &quinn::Connection, wanted: Wanted) -> Result<Link, NetError> {
        let peer = tls::peer_fingerprint(connection)?;
        let streams = connection.accept_bi().await.map_err(close::error_of)?;
        let link = Link::new(
            connection.clone(),
            streams,
            self.endpoint.clone(),
            true,
            (self.pairing.local, peer),
        );
        self.pairing.pair(link, peer, wanted).await
    }
}

impl Pairing {
    fn door(&self) -> std::sync::MutexGuard<'_, Door> {
        self.door.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Pairs the host's side of `link` with `peer` as `wanted`: the key
    /// exchange over the join code, or a known partner's return.
    pub(crate) async fn pair(
        &self,
        link: Link,
        peer: Fingerprint,
        wanted: Wanted,
    ) -> Result<Link, NetError> {
        match wanted {
            Wanted::Code => self.by_code(link, peer).await,
            Wanted::Known(partner) => self.rejoin(link, peer, partner).await,
        }
    }

    async fn by_code(&self, mut link: Link, peer: Fingerprint) -> Result<Link, NetError> {
        let first = link.recv_within(PAIR_TIMEOUT, Awaited::JoinerKeys).await;
        let peer_msg = match first {
            Ok(Message::Spake { msg }) => msg,
            Ok(Message::Watch { .. }) => {
                link.close(close::NO_WATCHING, NOT_STARTED).await;
                return Err(NetError::Refused(NOT_STARTED.into()));
            }
            Ok(Message::Rejoin) => {
                let reason = "this host is waiting for a new partner with a join code; ask the host to resume your game instead";
                link.close(close::WRONG_FINGERPRINT, reason).await;
                return Err(NetError::Refused(reason.into()));
            }
            Ok(other) => {
                let e = unexpected("a key exchange", &other);
                link.close(close::PROTOCOL, &e.to_string()).await;
                return Err(e);
            }
            Err(e) => return Err(e),
        };
        let secret = {
            let door = self.door();
            if door.burned() {
                None
            } else {
                Some(door.secret.clone())
            }
        };
        let Some(secret) = secret else {
            link.close(close::BURNED, &NetError::CodeBurned.to_string())
                .await;
            return Err(NetError::CodeBurned);
        };
        let Some(secret) = secret else {
            let reason = "this host has no join code out: ask the host for a new one";
            link.close(close::PROTOCOL, reason).await;
            return Err(NetError::Refused(reason.into()));
        };
        let (exchange, msg) = Exchange::start(&secret, Side::Host, Side::Joiner);
        link.send(&Message::Spake { msg }).await?;
        let binding = binding(link.carrier(), self.local, peer)?;
        let confirmation = exchange.finish(&peer_msg, binding)?;
        let mac = match link
            .recv_within(PAIR_TIMEOUT, Awaited::JoinerConfirmation)
            .await?
        {
            Message::Confirm { mac } => mac,
            other => return Err(unexpected("a confirmation", &other)),
        };
        let verdict = self.judge(&secret, confirmation.check(Side::Joiner, &mac));
        if let Err((code, e)) = verdict {
            link.close(code, &e.to_string()).await;
            return Err(e);
        }
        link.send(&Message::Confirm {
            mac: confirmation.prove(Side::Host),
        })
        .await?;
        if let Err(e) = link.greet(&self.name).await {
            // The code was right but the greeting is refused: the code
            // stays out for the partner it was given to.
            self.door().secret.get_or_insert(secret);
            return Err(e);
        }
        Ok(link)
    }

    /// Books a checked guess at the code: a right one takes the code (no
    /// other attempt can use it after), a wrong one counts towards the
    /// burn. The refusal carries its close code.
    fn judge(&self, secret: &Secret, right: bool) -> Result<(), (u32, NetError)> {
        let mut door = self.door();
        if !right {
            door.failures += 1;
            return Err(if door.burned() {
                (close::BURNED, NetError::CodeBurned)
            } else {
                let left = MAX_TRIES.saturating_sub(door.failures);
                (close::WRONG_CODE, NetError::WrongCode { left })
            });
        }
        if door.secret.as_ref() != Some(secret) {
            let e = NetError::Refused("this game already has its two players".into());
            return Err((close::BUSY, e));
        }
        door.secret = None;
        Ok(())
    }

    async fn rejoin(
        &self,
        mut link: Link,
        peer: Fingerprint,
        partner: Fingerprint,
    ) -> Result<Link, NetError> {
        if peer != partner {
            let e = NetError::WrongFingerprint {
                expected: partner,
                found: peer,
            };
            link.close(
                close::WRONG_FINGERPRINT,
                "this host is waiting for another player's certificate",
            )
            .await;
            return Err(e);
        }
        match link.recv_within(PAIR_TIMEOUT, Awaited::Rejoin).await? {
            Message::Rejoin => {}
            other => return Err(unexpected("a rejoin", &other)),
        }
        link.greet(&self.name).await?;
        Ok(link)
    }
}

/// The TLS session's exported keying material and both fingerprints.
pub(crate) fn binding(
    carrier: &Carrier,
    host: Fingerprint,
    joiner: Fingerprint,
) -> Result<Binding, NetError> {
    let mut exporter = [0u8; 32];
    carrier.export(&mut exporter, EXPORTER_LABEL)?;
    Ok(Binding {
        exporter,
        host,
        joiner,
    })
}
