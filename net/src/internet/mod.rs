//! Play across the internet: two members at home dial each other by
//! public key on iroh, directly where their routers allow it and through a
//! relay where they do not. kaisho runs no relay and no traversal of its
//! own; the key exchange over the invitation's code, the greeting and the
//! session above are those of the LAN (`crate::carrier`).
//!
//! A host binds an endpoint ([`InternetHost::bind`]) and gives its partner
//! an [`Invitation`] to paste: a ticket (the host's key, its relay, its
//! direct addresses) and the short code the key exchange proves. The
//! partner dials it with [`join`].

mod dial;
mod host;
mod invitation;
mod reach;

pub use dial::{join, rejoin};
pub use host::InternetHost;
pub use invitation::{Invitation, MAX_INVITATION_CHARS, Ticket};
pub use iroh::{RelayConfig, RelayMode, RelayUrl};
pub use reach::{Reach, secret_key};

/// The protocol name both endpoints announce: iroh refuses a connection
/// whose name the other side does not speak.
pub const ALPN: &[u8] = b"kaisho/1";
