//! The hosting side across the internet: an endpoint that waits for its
//! partner, with the LAN host's pairing (three wrong codes burn the code;
//! a right one takes it), so that a stranger with the ticket but not the
//! code is refused and costs the partner nothing.

use super::invitation::{Invitation, Ticket};
use super::reach::{Reach, fingerprint};
use crate::carrier::{Carrier, RecvHalf, SendHalf};
use crate::code::Secret;
use crate::error::{Awaited, NetError};
use crate::host::{ATTEMPT_DEADLINE, Attempts, Door, Pairing, Wanted};
use crate::link::Link;
use kaisho_saves::identity::{Fingerprint, Identity};
use std::sync::{Arc, Mutex, PoisonError};

/// Attempts in flight at once; a connection beyond them is refused, so a
/// flood through a relay costs the host no more than this many.
pub const MAX_ATTEMPTS: usize = 8;

/// A host waiting across the internet for its partner.
pub struct InternetHost {
    endpoint: iroh::Endpoint,
    pairing: Pairing,
    attempts: Attempts,
}

impl InternetHost {
    /// Opens the endpoint of `identity` as `reach` says, waiting briefly
    /// for its relay. Must be called inside a tokio runtime.
    pub async fn bind(
        identity: &Identity,
        name: &str,
        reach: &Reach,
    ) -> Result<InternetHost, NetError> {
        let endpoint = reach.bind(identity).await?;
        Ok(InternetHost {
            pairing: Pairing {
                local: fingerprint(endpoint.id()),
                name: name.to_string(),
                door: Arc::new(Mutex::new(Door::default())),
            },
            endpoint,
            attempts: Attempts::default(),
        })
    }

    fn door(&self) -> std::sync::MutexGuard<'_, Door> {
        self.pairing
            .door
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Sets a fresh one-time code and forgets earlier wrong tries.
    pub fn set_secret(&mut self, secret: Secret) {
        *self.door() = Door {
            secret: Some(secret),
            failures: 0,
        };
    }

    /// The host's fingerprint: its endpoint's public key.
    #[must_use]
    pub fn fingerprint(&self) -> Fingerprint {
        self.pairing.local
    }

    /// The ticket as the endpoint knows itself now: its key, its relay,
    /// its direct addresses. A known partner dials it without a code.
    #[must_use]
    pub fn ticket(&self) -> Ticket {
        Ticket {
            addr: self.endpoint.addr(),
        }
    }

    /// The invitation to paste to the partner: the [`InternetHost::ticket`]
    /// and the code; `None` while no code is out.
    #[must_use]
    pub fn invitation(&self) -> Option<Invitation> {
        let secret = self.door().secret.clone()?;
        Some(Invitation {
            ticket: self.ticket(),
            secret,
        })
    }

    /// Whether three wrong tries burned the code.
    #[must_use]
    pub fn burned(&self) -> bool {
        self.door().burned()
    }

    /// Waits for the next attempt with the code to end, as the LAN's
    /// `Host::accept` does.
    pub async fn accept(&mut self) -> Result<Link, NetError> {
        self.next(Wanted::Code).await.map_err(NetError::before_game)
    }

    /// Waits for the known partner `partner` to come back, without a code.
    pub async fn accept_known(&mut self, partner: Fingerprint) -> Result<Link, NetError> {
        self.next(Wanted::Known(partner)).await
    }

    async fn next(&mut self, wanted: Wanted) -> Result<Link, NetError> {
        self.attempts.want(wanted);
        loop {
            tokio::select! {
                incoming = self.endpoint.accept() => {
                    let incoming = incoming.ok_or_else(|| {
                        NetError::Setup("the internet endpoint was closed".into())
                    })?;
                    if self.attempts.set.len() >= MAX_ATTEMPTS {
                        incoming.refuse();
                        continue;
                    }
                    let endpoint = self.endpoint.clone();
                    let pairing = self.pairing.clone();
                    self.attempts.set.spawn(attempt(endpoint, pairing, incoming, wanted));
                }
                Some(ended) = self.attempts.set.join_next() => {
                    if let Some(done) = self.attempts.ended(ended) {
                        return done;
                    }
                }
            }
        }
    }

    /// Closes the endpoint, telling whoever is connected.
    pub async fn close(self) {
        self.endpoint.close().await;
    }
}

/// One attempt, from the handshake to the greeting, within
/// [`ATTEMPT_DEADLINE`] for the pairing; a failed attempt's connection is
/// closed with the reason.
async fn attempt(
    endpoint: iroh::Endpoint,
    pairing: Pairing,
    incoming: iroh::endpoint::Incoming,
    wanted: Wanted,
) -> Result<Link, NetError> {
    let connection = tokio::time::timeout(ATTEMPT_DEADLINE, incoming)
        .await
        .map_err(|_| NetError::Timeout(Awaited::Handshake))?
        .map_err(|e| NetError::Connection(e.to_string()))?;
    let peer = fingerprint(connection.remote_id());
    let carrier = Carrier::Internet {
        connection: connection.clone(),
        endpoint,
        own: false,
    };
    let deadline = tokio::time::Instant::now() + ATTEMPT_DEADLINE;
    let paired = tokio::time::timeout_at(deadline, async {
        let (send, recv) = connection
            .accept_bi()
            .await
            .map_err(crate::carrier::internet_error)?;
        let halves = (SendHalf::Internet(send), RecvHalf::Internet(recv));
        let link = Link::over(carrier.clone(), halves, true, (pairing.local, peer));
        pairing.pair(link, peer, wanted).await
    })
    .await
    .unwrap_or(Err(NetError::Timeout(Awaited::Pairing)));
    carrier.on_error(paired)
}
