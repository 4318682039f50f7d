//! Proving both sides hold the same join code without revealing it: SPAKE2
//! over the code's secret, then key-confirmation MACs keyed by the shared
//! key over the TLS session's exported keying material and both certificate
//! fingerprints. A relay in the middle runs two TLS sessions with two
//! different exports and sees two different certificates, so its MACs fail
//! even when it passes the SPAKE2 messages through untouched; and it cannot
//! run its own exchange without knowing the code.

use crate::code::Secret;
use crate::error::NetError;
use hmac::{Hmac, Mac};
use kaisho_saves::identity::Fingerprint;
use sha2::Sha256;
use spake2::{Ed25519Group, Identity, Password, Spake2};

/// The label of the QUIC connection's keying-material export.
pub const EXPORTER_LABEL: &[u8] = b"EXPORTER-kaisho/1 join code";

/// Which end of the exchange this side is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Host,
    Joiner,
    /// A watcher, proving the watch code (its own identity, so that an
    /// exchange for one code never confirms the other).
    Watcher,
}

impl Side {
    fn label(self) -> &'static [u8] {
        match self {
            Side::Host => b"kaisho/1 host",
            Side::Joiner => b"kaisho/1 joiner",
            Side::Watcher => b"kaisho/1 watcher",
        }
    }
}

/// What binds the exchange to one TLS session between two certificates.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub exporter: [u8; 32],
    pub host: Fingerprint,
    pub joiner: Fingerprint,
}

/// A started exchange, waiting for the other side's message.
pub struct Exchange {
    state: Spake2<Ed25519Group>,
}

impl Exchange {
    /// Starts the exchange between the host and `guest` (the joiner or a
    /// watcher) as `side`, and returns the message to send.
    #[must_use]
    pub fn start(secret: &Secret, side: Side, guest: Side) -> (Exchange, Vec<u8>) {
        let password = Password::new(secret.as_bytes());
        let host = Identity::new(Side::Host.label());
        let guest = Identity::new(guest.label());
        let (state, msg) = match side {
            Side::Host => Spake2::<Ed25519Group>::start_a(&password, &host, &guest),
            Side::Joiner | Side::Watcher => {
                Spake2::<Ed25519Group>::start_b(&password, &host, &guest)
            }
        };
        (Exchange { state }, msg)
    }

    /// Finishes with the other side's message. A malformed message is an
    /// error; a wrong code is not detected here but by the MACs.
    pub fn finish(self, peer_msg: &[u8], binding: Binding) -> Result<Confirmation, NetError> {
        let key = self
            .state
            .finish(peer_msg)
            .map_err(|e| NetError::Protocol(format!("bad key-exchange message: {e}")))?;
        Ok(Confirmation { key, binding })
    }
}

/// The shared key, ready to make and check confirmation MACs.
pub struct Confirmation {
    key: Vec<u8>,
    binding: Binding,
}

impl Confirmation {
    fn mac(&self, side: Side) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
        mac.update(b"kaisho/1 confirm ");
        mac.update(side.label());
        mac.update(&self.binding.exporter);
        mac.update(&self.binding.host.0);
        mac.update(&self.binding.joiner.0);
        mac
    }

    /// The MAC `side` sends to prove it holds the code.
    #[must_use]
    pub fn prove(&self, side: Side) -> [u8; 32] {
        self.mac(side).finalize().into_bytes().into()
    }

    /// Checks, in constant time, the MAC that `side` sent.
    #[must_use]
    pub fn check(&self, side: Side, mac: &[u8; 32]) -> bool {
        self.mac(side).verify_slice(mac).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binding(exporter: u8) -> Binding {
        Binding {
            exporter: [exporter; 32],
            host: Fingerprint::of(b"host"),
            joiner: Fingerprint::of(b"joiner"),
        }
    }

    fn run(host_code: u32, joiner_code: u32, host_export: u8, joiner_export: u8) -> bool {
        let (h, hm) = Exchange::start(&Secret::from_random(host_code), Side::Host, Side::Joiner);
        let (j, jm) = Exchange::start(
            &Secret::from_random(joiner_code),
            Side::Joiner,
            Side::Joiner,
        );
        let h = h.finish(&jm, binding(host_export)).unwrap();
        let j = j.finish(&hm, binding(joiner_export)).unwrap();
        h.check(Side::Joiner, &j.prove(Side::Joiner)) && j.check(Side::Host, &h.prove(Side::Host))
    }

    #[test]
    fn same_code_same_session_confirms() {
        assert!(run(7, 7, 1, 1));
    }

    #[test]
    fn wrong_code_fails() {
        assert!(!run(7, 8, 1, 1));
    }

    #[test]
    fn different_tls_sessions_fail_even_with_the_code() {
        assert!(!run(7, 7, 1, 2));
    }

    /// A watcher's exchange never confirms a host expecting the joiner,
    /// even with the same secret.
    #[test]
    fn a_watcher_exchange_does_not_confirm_as_a_joiner() {
        let secret = Secret::from_random(7);
        let (h, hm) = Exchange::start(&secret, Side::Host, Side::Joiner);
        let (w, wm) = Exchange::start(&secret, Side::Watcher, Side::Watcher);
        let h = h.finish(&wm, binding(1)).unwrap();
        let w = w.finish(&hm, binding(1)).unwrap();
        assert!(!h.check(Side::Joiner, &w.prove(Side::Joiner)));
        assert!(!h.check(Side::Watcher, &w.prove(Side::Watcher)));
    }

    #[test]
    fn a_malformed_message_is_an_error_not_a_panic() {
        let (h, _) = Exchange::start(&Secret::from_random(1), Side::Host, Side::Joiner);
        assert!(h.finish(&[1, 2, 3], binding(0)).is_err());
    }
}
