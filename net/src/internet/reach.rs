//! How an endpoint reaches the internet: which relays it uses, and where it
//! binds. A member's iroh key comes from their identity, so it is made
//! once with it and never stored apart.

use super::ALPN;
use crate::error::NetError;
use kaisho_saves::identity::{Fingerprint, Identity};
use sha2::{Digest, Sha256};
use std::net::SocketAddr;
use std::time::Duration;

/// How long an endpoint waits to reach its relay before it goes on
/// without one (direct paths only) and says so.
pub const ONLINE_TIMEOUT: Duration = Duration::from_secs(5);

/// The relays and addresses of an endpoint.
#[derive(Clone, Debug)]
pub struct Reach {
    /// The relays: none (direct paths only), the club's own, or n0's
    /// public ones.
    pub relays: iroh::RelayMode,
    /// The address to bind (`None`: every interface, a free port).
    pub bind: Option<SocketAddr>,
    /// No direct path at all: everything through the relay, as between
    /// two symmetric NATs (for measuring the relayed path, and for a
    /// member whose network allows nothing else).
    pub relay_only: bool,
    /// Accept a relay's self-signed certificate: for a relay run inside a
    /// test (the `test-relay` feature), never for one on the internet.
    #[cfg(feature = "test-relay")]
    pub insecure_relay_tls: bool,
}

impl Reach {
    /// Through `relays`, bound to `bind`.
    #[must_use]
    pub fn new(relays: iroh::RelayMode, bind: Option<SocketAddr>) -> Reach {
        Reach {
            relays,
            bind,
            relay_only: false,
            #[cfg(feature = "test-relay")]
            insecure_relay_tls: false,
        }
    }

    /// Direct paths only: no relay.
    #[must_use]
    pub fn direct() -> Reach {
        Reach::new(iroh::RelayMode::Disabled, None)
    }

    /// Binds an endpoint for `identity` and waits up to [`ONLINE_TIMEOUT`]
    /// for its relay, when it has one.
    pub(crate) async fn bind(&self, identity: &Identity) -> Result<iroh::Endpoint, NetError> {
        let mut builder = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
            .secret_key(secret_key(identity))
            .alpns(vec![ALPN.to_vec()])
            .relay_mode(self.relays.clone());
        if self.relay_only {
            builder = builder.clear_ip_transports();
        } else if let Some(addr) = self.bind {
            builder = builder
                .clear_ip_transports()
                .bind_addr(addr)
                .map_err(|e| NetError::Setup(format!("cannot bind {addr}: {e}")))?;
        }
        #[cfg(feature = "test-relay")]
        if self.insecure_relay_tls {
            builder = builder.ca_tls_config(iroh::tls::CaTlsConfig::insecure_skip_verify());
        }
        let endpoint = builder
            .bind()
            .await
            .map_err(|e| NetError::Setup(format!("cannot open an internet endpoint: {e}")))?;
        if !matches!(self.relays, iroh::RelayMode::Disabled) {
            let _ = tokio::time::timeout(ONLINE_TIMEOUT, endpoint.online()).await;
        }
        Ok(endpoint)
    }
}

/// The iroh secret key of `identity`: derived from its private key, so
/// that a member has one internet key, made with their identity.
#[must_use]
pub fn secret_key(identity: &Identity) -> iroh::SecretKey {
    let mut hash = Sha256::new();
    hash.update(b"kaisho internet key v1\0");
    hash.update(&identity.key_der);
    iroh::SecretKey::from_bytes(&hash.finalize().into())
}

/// The fingerprint of an iroh endpoint: its public key.
pub(crate) fn fingerprint(id: iroh::EndpointId) -> Fingerprint {
    Fingerprint(*id.as_bytes())
}
