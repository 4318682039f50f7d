//! What can go wrong on a connection, worded for the player: each message
//! says what happened and what to do about it.

use kaisho_core::{Event, GameError};
use kaisho_saves::identity::Fingerprint;
use kaisho_saves::log::LogError;
use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

/// Where the two sides' games part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Divergence {
    /// Both applied this event and reached different states.
    Event(Event),
    /// On resuming, one save holds `ours` events and the other `theirs`,
    /// more than one apart.
    Counts { ours: u32, theirs: u32 },
    /// On resuming, the saves' events differ.
    Saves,
}

/// The close reason of a watcher dropped because the players closed
/// watching.
pub const CLOSED_BY_PLAYERS: &str = "the players closed watching";

/// A failure of the network side of a game.
#[derive(Debug)]
pub enum NetError {
    /// A socket could not be opened or the QUIC configuration was refused.
    Setup(String),
    /// The join code could not be read.
    BadCode(String),
    /// The connection failed or dropped; the game can be resumed.
    Connection(String),
    /// The connection ended before the two sides were paired and a game
    /// set up: nothing was saved.
    NotPaired(String),
    /// Nobody answered at the address dialled.
    NoHost { addr: SocketAddr, why: String },
    /// The partner closed the connection and said why.
    Refused(String),
    /// The partner's join code did not match ours; `left` more wrong
    /// tries burn it.
    WrongCode { left: u32 },
    /// Three wrong codes were tried: the code is burned.
    CodeBurned,
    /// The partner presented another certificate than the one pinned.
    WrongFingerprint {
        expected: Fingerprint,
        found: Fingerprint,
    },
    /// A frame was malformed, oversized or out of place.
    Protocol(String),
    /// The partner sent an event our own rules engine refuses.
    Rejected { seq: u32, error: GameError },
    /// Both sides applied the same event and got different states.
    Diverged { seq: u32, what: Divergence },
    /// The set-up terms differ.
    TermsDiffer(String),
    /// The nigiri reveal does not match its commitment.
    NigiriCheat,
    /// The local save log failed.
    Log(LogError),
    /// A local event was refused by the rules.
    Game(GameError),
    /// Nothing arrived in time: what was awaited.
    Timeout(Awaited),
    /// What was awaited came too slowly: `got` bytes of it within the
    /// `within` it must come whole in; the connection was closed.
    TooSlow {
        what: Awaited,
        got: usize,
        within: Duration,
    },
    /// A local action that cannot be taken yet; nothing was sent.
    NotNow(NotNow),
    /// The host stopped feeding this watcher, and why.
    Dropped(Dropped),
    /// The host offers another thing than the one joined for: nothing was
    /// saved, and joining the other way works.
    HostOffers(Offered),
}

/// What a host offers, for [`NetError::HostOffers`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offered {
    /// A game, where a review together was joined.
    Game,
    /// A review together of a saved game, where a game was joined.
    Review,
}

/// Why a host stopped feeding a watcher (観戦).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dropped {
    /// Its queue filled: it fell too far behind the game.
    Behind,
    /// The players closed watching.
    PlayersClosed,
    /// It sent a frame only a player (or the host) may send: a watcher
    /// sends nothing but its chat and its goodbye.
    ReadOnly,
}

/// What a side waited for in vain, for [`NetError::Timeout`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Awaited {
    /// A connection's TLS handshake (on the host).
    Handshake,
    /// A connection to pair within the attempt's deadline (it was dropped).
    Pairing,
    /// The joiner's key exchange (on the host).
    JoinerKeys,
    /// The joiner's confirmation of the code (on the host).
    JoinerConfirmation,
    /// An adjourned game's partner coming back (on the host).
    Rejoin,
    /// The host's key exchange (on the joiner).
    HostKeys,
    /// The host's confirmation (on the joiner).
    HostConfirmation,
    /// The partner's greeting.
    Greeting,
    /// The record of a review together (on the joiner).
    Record,
    /// This side's step of a review together, back numbered in the host's
    /// order (on the joiner).
    OwnStep,
    /// The acknowledgement of an event sent again after a reconnection.
    ResentAck,
    /// The event this side's save missed, sent again by the partner.
    MissedEvent,
    /// The joiner's agreement to the host's terms.
    Agreement,
    /// The joiner's nigiri call.
    NigiriCall,
    /// The host's terms (on the joiner).
    HostTerms,
    /// The host's nigiri commitment (on the joiner).
    HostNigiri,
    /// The nigiri's reveal.
    NigiriReveal,
    /// The game the partner resumes.
    GameToResume,
    /// The partner's saved position, to compare on resuming.
    SavedPosition,
    /// The host's answer to this side's last result of a series (on the
    /// joiner): the terms again, or a goodbye.
    HostsAnswer,
}

/// English, for logs and the `Display` of [`NetError`].
impl fmt::Display for Awaited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Awaited::Handshake => "a connection's handshake",
            Awaited::Pairing => "a connection to pair; it was dropped",
            Awaited::JoinerKeys => "the joiner's key exchange",
            Awaited::JoinerConfirmation => "the joiner's confirmation",
            Awaited::Rejoin => "the partner's rejoin",
            Awaited::HostKeys => "the host's key exchange",
            Awaited::HostConfirmation => "the host's confirmation",
            Awaited::Greeting => "the partner's greeting",
            Awaited::Record => "the record to review together",
            Awaited::OwnStep => "this side's step of the review, back in the host's order",
            Awaited::ResentAck => "the acknowledgement of the resent event",
            Awaited::MissedEvent => "the event our save missed",
            Awaited::Agreement => "the partner to agree to the terms",
            Awaited::NigiriCall => "the partner's nigiri call",
            Awaited::HostTerms => "the host's terms",
            Awaited::HostNigiri => "the host's nigiri",
            Awaited::NigiriReveal => "the nigiri reveal",
            Awaited::GameToResume => "the game to resume",
            Awaited::SavedPosition => "the partner's saved position",
            Awaited::HostsAnswer => "the host's answer to this side's last result of the series",
        })
    }
}

/// Why a local action cannot be taken yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotNow {
    /// The last local event waits for the partner's acknowledgement.
    Unacknowledged,
    /// No requests to take back a move are left under the undo limit.
    NoUndosLeft,
    /// A loss on time is claimed while the partner still has time.
    PartnerHasTime,
}

impl fmt::Display for NotNow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotNow::Unacknowledged => {
                "the last event has not been acknowledged; wait for the partner's answer"
            }
            NotNow::NoUndosLeft => {
                "no requests to take back a move are left in this game (the undo limit: Settings, or undo_limit under [game] in config.toml)"
            }
            NotNow::PartnerHasTime => {
                "the partner still has time; a loss on time can be claimed once it runs out"
            }
        })
    }
}

impl fmt::Display for NetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetError::Setup(m) => write!(f, "network set-up failed: {m}"),
            NetError::BadCode(m) => write!(f, "join code not understood: {m}"),
            NetError::Connection(m) => write!(
                f,
                "connection lost: {m}; the game is saved and can be resumed when the partner is back"
            ),
            NetError::NotPaired(m) => write!(
                f,
                "the connection ended before the game was set up: {m}; nothing was saved"
            ),
            NetError::NoHost { addr, why } => write!(
                f,
                "no host answered at {addr} ({why}): check the address and that the host is running `kaisho host`; nothing was saved"
            ),
            NetError::Refused(m) => write!(f, "the partner closed the connection: {m}"),
            NetError::WrongCode { left } => {
                let tries = if *left == 1 { "try" } else { "tries" };
                write!(
                    f,
                    "wrong join code ({left} {tries} left): check it with the host and try again"
                )
            }
            NetError::CodeBurned => f.write_str(
                "the join code was burned after 3 wrong tries: the host must make a new one",
            ),
            NetError::WrongFingerprint { expected, found } => write!(
                f,
                "refused: the partner's certificate is {found}, not the pinned {expected}; someone else may be answering — check with your partner"
            ),
            NetError::Protocol(m) => write!(f, "protocol error: {m}; the connection was closed"),
            NetError::Rejected { seq, error } => write!(
                f,
                "the partner's event {seq} was refused ({error}); the connection was closed and the log kept"
            ),
            NetError::Diverged { seq, what } => write!(
                f,
                "the two boards disagree after event {seq} ({what:?}); the game was stopped and both logs kept for inspection"
            ),
            NetError::TermsDiffer(m) => write!(f, "the game terms differ: {m}"),
            NetError::NigiriCheat => f.write_str(
                "the nigiri reveal does not match its commitment: the partner cheated or is broken; the game was not started",
            ),
            NetError::Log(e) => write!(f, "{e}"),
            NetError::Game(e) => write!(f, "{e}"),
            NetError::Timeout(what) => write!(f, "timed out waiting for {what}"),
            NetError::TooSlow {
                what,
                got: 0,
                within,
            } => write!(
                f,
                "{what} came too slowly: none of it within {} s; the connection was closed",
                within.as_secs_f32()
            ),
            NetError::TooSlow { what, got, within } => write!(
                f,
                "{what} came too slowly: {got} bytes of it in {} s, when it must come whole within that; the connection was closed",
                within.as_secs_f32()
            ),
            NetError::NotNow(what) => write!(f, "not yet: {what}"),
            NetError::Dropped(Dropped::Behind) => f.write_str(
                "this watcher fell too far behind the game; watch again to catch up",
            ),
            NetError::Dropped(Dropped::PlayersClosed) => f.write_str(CLOSED_BY_PLAYERS),
            NetError::Dropped(Dropped::ReadOnly) => f.write_str(
                "this watcher sent a frame only a player may send, and was dropped",
            ),
            NetError::HostOffers(Offered::Game) => f.write_str(
                "the host offers a game, not a review together: join without --review (on the screen, with j from home)",
            ),
            NetError::HostOffers(Offered::Review) => f.write_str(
                "the host offers a review together of a saved game, not a game: join with --review (on the screen, with J in Saved games)",
            ),
        }
    }
}

impl std::error::Error for NetError {}

impl NetError {
    /// The same failure, worded for a connection that had no game yet: a
    /// lost connection there leaves nothing saved to resume.
    #[must_use]
    pub fn before_game(self) -> NetError {
        match self {
            NetError::Connection(m) => NetError::NotPaired(m),
            other => other,
        }
    }
}

impl From<LogError> for NetError {
    fn from(e: LogError) -> NetError {
        NetError::Log(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "1 tries left" reads wrong: one try is singular.
    #[test]
    fn tries_left_agree_with_their_number() {
        let said = |left| NetError::WrongCode { left }.to_string();
        assert!(said(1).contains("(1 try left)"), "{}", said(1));
        assert!(said(2).contains("(2 tries left)"), "{}", said(2));
        assert!(said(0).contains("(0 tries left)"), "{}", said(0));
    }
}
