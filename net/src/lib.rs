//! kaisho-net: peer-to-peer play over QUIC.
//!
//! A host listens and shows a join code; the joiner dials it, both prove
//! they hold the code with SPAKE2 bound to the TLS session, pin each
//! other's certificate fingerprint, and then play over one ordered stream
//! of frames, each validated by both sides' rules engines. Frames are
//! versioned record types of this crate, encoded through
//! `kaisho_saves::codec`, the one place that knows the encoding. The
//! protocol is described in `PROTOCOL.md`.

pub mod admission;
pub mod carrier;
pub mod close;
pub mod code;
pub mod discovery;
pub mod error;
pub mod frame;
pub mod host;
pub mod internet;
pub mod join;
pub mod kibitzed;
pub mod link;
mod memory;
pub mod pake;
pub mod review;
pub mod script;
pub mod session;
pub mod setup;
pub mod tls;
pub mod watch;
pub mod wire;

pub use code::{JoinCode, Secret};
pub use error::{Awaited, Divergence, Dropped, NetError, NotNow, Offered};
pub use host::Host;
pub use join::{join, rejoin};
pub use link::Link;
pub use review::{
    ReviewNews, ReviewSession, ReviewStep, host_review, join_review, review_after_game,
};
pub use session::{Session, Update};
pub use setup::{Refusal, host_game, host_game_with, join_game, join_game_with, resume};
pub use watch::{Hub, Seen, Watcher, watch};
pub use wire::{Colors, Terms, TimeW};
