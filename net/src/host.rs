//! The listening side: waits for the partner, checks the join code with
//! SPAKE2, burns the code after three wrong tries, and refuses everyone
//! once the game has its two players.

use crate::close;
use crate::code::{JoinCode, Secret};
use crate::error::NetError;
use crate::link::{Link, PAIR_TIMEOUT, unexpected};
use crate::pake::{Binding, EXPORTER_LABEL, Exchange, Side};
use crate::tls;
use crate::wire::Message;
use kaisho_saves::identity::{Fingerprint, Identity};
use std::net::SocketAddr;

/// Wrong codes a host accepts before it burns the code.
pub const MAX_TRIES: u32 = 3;

/// A host listening for its partner.
pub struct Host {
    endpoint: quinn::Endpoint,
    local: Fingerprint,
    name: String,
    secret: Option<Secret>,
    failures: u32,
    refuser: Option<tokio::task::JoinHandle<()>>,
}

impl Host {
    /// Listens on `addr` (port 0 picks a free port). Must be called inside
    /// a tokio runtime.
    pub fn bind(addr: SocketAddr, identity: &Identity, name: &str) -> Result<Host, NetError> {
        let config = tls::server_config(identity)?;
        let endpoint = quinn::Endpoint::server(config, addr).map_err(|e| {
            NetError::Setup(format!(
                "cannot listen on {addr}: {e}; pick another port with --port"
            ))
        })?;
        Ok(Host {
            endpoint,
            local: identity.fingerprint(),
            name: name.to_string(),
            secret: None,
            failures: 0,
            refuser: None,
        })
    }

    /// The address the host listens on.
    pub fn local_addr(&self) -> Result<SocketAddr, NetError> {
        self.endpoint
            .local_addr()
            .map_err(|e| NetError::Setup(e.to_string()))
    }

    /// Sets a fresh one-time secret and forgets earlier wrong tries.
    pub fn set_secret(&mut self, secret: Secret) {
        self.secret = Some(secret);
        self.failures = 0;
    }

    /// The code to read to the partner, with the address they should dial
    /// (the listening address, unless it is unspecified).
    pub fn code(&self, shown: Option<SocketAddr>) -> Result<Option<JoinCode>, NetError> {
        let addr = match shown {
            Some(a) => a,
            None => self.local_addr()?,
        };
        Ok(self.secret.clone().map(|secret| JoinCode { addr, secret }))
    }

    /// Whether three wrong tries burned the code.
    #[must_use]
    pub fn burned(&self) -> bool {
        self.failures >= MAX_TRIES
    }

    /// Waits for one attempt to join by code. A wrong code is
    /// [`NetError::WrongCode`] (the caller shows it and calls again); after
    /// the third the code is burned and every later attempt is
    /// [`NetError::CodeBurned`], with the joiner told so.
    pub async fn accept(&mut self) -> Result<Link, NetError> {
        let (connection, streams, peer) = self.next_connection().await?;
        let link = Link::new(
            connection.clone(),
            streams,
            self.endpoint.clone(),
            true,
            (self.local, peer),
        );
        let paired = self.pair(link, &connection, peer).await;
        close::on_error(&connection, paired)
    }

    async fn pair(
        &mut self,
        mut link: Link,
        connection: &quinn::Connection,
        peer: Fingerprint,
    ) -> Result<Link, NetError> {
        let first = link
            .recv_within(PAIR_TIMEOUT, "the joiner's key exchange")
            .await;
        let peer_msg = match first {
            Ok(Message::Spake { msg }) => msg,
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
        if self.burned() {
            link.close(close::BURNED, &NetError::CodeBurned.to_string())
                .await;
            return Err(NetError::CodeBurned);
        }
        let Some(secret) = self.secret.clone() else {
            let reason = "this host has no join code out: ask the host for a new one";
            link.close(close::PROTOCOL, reason).await;
            return Err(NetError::Refused(reason.into()));
        };
        let (exchange, msg) = Exchange::start(&secret, Side::Host);
        link.send(&Message::Spake { msg }).await?;
        let binding = binding(connection, self.local, peer)?;
        let confirmation = exchange.finish(&peer_msg, binding)?;
        let mac = match link
            .recv_within(PAIR_TIMEOUT, "the joiner's confirmation")
            .await?
        {
            Message::Confirm { mac } => mac,
            other => return Err(unexpected("a confirmation", &other)),
        };
        if !confirmation.check(Side::Joiner, &mac) {
            self.failures += 1;
            let left = MAX_TRIES.saturating_sub(self.failures);
            let reason = if left == 0 {
                NetError::CodeBurned.to_string()
            } else {
                format!("wrong join code ({left} tries left)")
            };
            let code = if left == 0 {
                close::BURNED
            } else {
                close::WRONG_CODE
            };
            link.close(code, &reason).await;
            return Err(if left == 0 {
                NetError::CodeBurned
            } else {
                NetError::WrongCode
            });
        }
        link.send(&Message::Confirm {
            mac: confirmation.prove(Side::Host),
        })
        .await?;
        self.secret = None;
        link.greet(&self.name).await?;
        Ok(link)
    }

    /// Waits for a known partner to come back, by pinned fingerprint and
    /// without a code; anyone else is refused and the wait goes on.
    /// Each refusal is returned so the caller can show it.
    pub async fn accept_known(&mut self, partner: Fingerprint) -> Result<Link, NetError> {
        self.stop_refusing();
        let (connection, streams, peer) = self.next_connection().await?;
        let link = Link::new(
            connection.clone(),
            streams,
            self.endpoint.clone(),
            true,
            (self.local, peer),
        );
        let rejoined = self.rejoin(link, peer, partner).await;
        close::on_error(&connection, rejoined)
    }

    async fn rejoin(
        &mut self,
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
        match link
            .recv_within(PAIR_TIMEOUT, "the partner's rejoin")
            .await?
        {
            Message::Rejoin => {}
            other => return Err(unexpected("a rejoin", &other)),
        }
        link.greet(&self.name).await?;
        Ok(link)
    }

    /// From now on every new connection is told the game already has its
    /// two players, until [`Host::accept_known`] waits for the partner again.
    pub fn refuse_others(&mut self) {
        self.stop_refusing();
        let endpoint = self.endpoint.clone();
        self.refuser = Some(tokio::spawn(async move {
            while let Some(incoming) = endpoint.accept().await {
                if let Ok(connection) = incoming.await {
                    close::close(
                        &connection,
                        close::BUSY,
                        "this game already has its two players",
                    );
                }
            }
        }));
    }

    fn stop_refusing(&mut self) {
        if let Some(task) = self.refuser.take() {
            task.abort();
        }
    }

    async fn next_connection(
        &mut self,
    ) -> Result<
        (
            quinn::Connection,
            (quinn::SendStream, quinn::RecvStream),
            Fingerprint,
        ),
        NetError,
    > {
        let incoming = self
            .endpoint
            .accept()
            .await
            .ok_or_else(|| NetError::Setup("the listening socket was closed".into()))?;
        let connection = incoming.await.map_err(close::error_of)?;
        let peer = tls::peer_fingerprint(&connection)?;
        let streams = tokio::time::timeout(PAIR_TIMEOUT, connection.accept_bi())
            .await
            .map_err(|_| NetError::Timeout("the joiner to open the game stream"))?
            .map_err(close::error_of)?;
        Ok((connection, streams, peer))
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.stop_refusing();
    }
}

/// The TLS session's exported keying material and both fingerprints.
pub(crate) fn binding(
    connection: &quinn::Connection,
    host: Fingerprint,
    joiner: Fingerprint,
) -> Result<Binding, NetError> {
    let mut exporter = [0u8; 32];
    connection
        .export_keying_material(&mut exporter, EXPORTER_LABEL, b"")
        .map_err(|_| NetError::Protocol("the TLS session cannot export keying material".into()))?;
    Ok(Binding {
        exporter,
        host,
        joiner,
    })
}
