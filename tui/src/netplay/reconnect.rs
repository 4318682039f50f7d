//! Getting a dropped partner back: the host waits for the same certificate
//! to dial in again, the joiner dials the host again, each for a bounded
//! time, after which the game stays adjourned.

use kaisho_net::internet::InternetHost;
use kaisho_net::{Host, Link, NetError};
use kaisho_saves::identity::{Fingerprint, Identity};
use std::net::SocketAddr;
use std::time::Duration;

/// Whether an error is a dropped connection the partner may come back from.
#[must_use]
pub fn is_drop(e: &NetError) -> bool {
    matches!(e, NetError::Connection(_) | NetError::Timeout(_))
        || matches!(e, NetError::Refused(reason) if reason.is_empty())
}

/// A host a known partner comes back to: on the LAN, or across the
/// internet.
pub trait Waiting {
    /// Waits for the partner with fingerprint `partner`, refusing anyone
    /// else; each refusal is returned.
    fn accept_known(
        &mut self,
        partner: Fingerprint,
    ) -> impl std::future::Future<Output = Result<Link, NetError>>;
}

impl Waiting for Host {
    fn accept_known(
        &mut self,
        partner: Fingerprint,
    ) -> impl std::future::Future<Output = Result<Link, NetError>> {
        Host::accept_known(self, partner)
    }
}

impl Waiting for InternetHost {
    fn accept_known(
        &mut self,
        partner: Fingerprint,
    ) -> impl std::future::Future<Output = Result<Link, NetError>> {
        InternetHost::accept_known(self, partner)
    }
}

/// Waits up to `limit` for the partner with fingerprint `partner`,
/// refusing anyone else; `refused` hears of each refusal.
pub async fn wait_for(
    host: &mut impl Waiting,
    partner: Fingerprint,
    limit: Duration,
    mut refused: impl FnMut(NetError),
) -> Option<Link> {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(deadline, host.accept_known(partner)).await {
            Err(_) => return None,
            Ok(Ok(link)) => return Some(link),
            Ok(Err(e)) => refused(e),
        }
    }
}

/// Dials the host once a second until it answers with the pinned
/// certificate or `limit` runs out. A host answering with another
/// certificate ends the attempts at once, with that error.
pub async fn redial(
    addr: SocketAddr,
    host: Fingerprint,
    identity: &Identity,
    name: &str,
    limit: Duration,
) -> Result<Link, Option<NetError>> {
    let deadline = tokio::time::Instant::now() + limit;
    while tokio::time::Instant::now() < deadline {
        match kaisho_net::rejoin(addr, host, identity, name).await {
            Ok(link) => return Ok(link),
            Err(e @ NetError::WrongFingerprint { .. }) => return Err(Some(e)),
            Err(_) => tokio::time::sleep(Duration::from_secs(1)).await,
        }
    }
    Err(None)
}
