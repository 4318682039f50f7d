//! The application close codes, so the side that is refused gets a typed
//! error and not only a sentence.

use crate::error::{Dropped, NetError};
use kaisho_saves::visible::visible;
use std::time::Duration;

/// A normal goodbye.
pub const BYE: u32 = 0;
/// The join code did not match.
pub const WRONG_CODE: u32 = 1;
/// The join code was burned after too many wrong tries.
pub const BURNED: u32 = 2;
/// The host already has its partner.
pub const BUSY: u32 = 3;
/// The certificate is not the pinned one.
pub const WRONG_FINGERPRINT: u32 = 4;
/// The peer broke the protocol or the rules.
pub const PROTOCOL: u32 = 5;
/// A watcher sent a frame only a player may send.
pub const READ_ONLY: u32 = 6;
/// A watcher fell too far behind and was dropped; it may watch again
/// and catch up from the start.
pub const BEHIND: u32 = 7;
/// The host lets no more watchers in (none at all, or it has its cap).
pub const NO_WATCHING: u32 = 8;
/// The players closed watching: every watcher is dropped and no new one
/// let in.
pub const WATCHING_CLOSED: u32 = 9;

/// The error a side sees when its partner closed the connection.
pub fn error_of(e: quinn::ConnectionError) -> NetError {
    match e {
        quinn::ConnectionError::ApplicationClosed(close) => {
            let code = u32::try_from(close.error_code.into_inner()).unwrap_or(u32::MAX);
            error_of_close(code, &close.reason)
        }
        quinn::ConnectionError::TimedOut => timed_out(),
        other => NetError::Connection(other.to_string()),
    }
}

/// The error for a connection the partner closed with `code` and
/// `reason`, whichever transport carried it.
pub(crate) fn error_of_close(code: u32, reason: &[u8]) -> NetError {
    let reason = visible(&String::from_utf8_lossy(reason)).into_owned();
    match code {
        WRONG_CODE => NetError::WrongCode {
            left: tries_left(&reason),
        },
        BURNED => NetError::CodeBurned,
        BEHIND => NetError::Dropped(Dropped::Behind),
        READ_ONLY => NetError::Dropped(Dropped::ReadOnly),
        WATCHING_CLOSED => NetError::Dropped(Dropped::PlayersClosed),
        _ => NetError::Refused(reason),
    }
}

/// The error for a connection that went silent past its idle timeout.
pub(crate) fn timed_out() -> NetError {
    NetError::Connection("no word from the partner for 8 seconds".into())
}

/// The tries left that a wrong-code close reason names, as in
/// `wrong join code (2 tries left)`; 0 when it names none.
fn tries_left(reason: &str) -> u32 {
    reason
        .split(|c: char| !c.is_ascii_digit())
        .find(|part| !part.is_empty())
        .and_then(|digits| digits.parse().ok())
        .unwrap_or(0)
}

/// Closes `connection` with a code and a reason the partner will read.
pub fn close(connection: &quinn::Connection, code: u32, reason: &str) {
    connection.close(code.into(), reason.as_bytes());
}

/// How long a side whose stream failed waits for the partner's close,
/// which says why; the end of the stream can arrive before it.
pub(crate) const CLOSE_GRACE: Duration = Duration::from_secs(1);

/// Passes a result through, closing the connection with the error as the
/// reason when it failed and nobody closed it yet, so the partner learns
/// why instead of waiting for a timeout.
pub fn on_error<T>(
    connection: &quinn::Connection,
    result: Result<T, NetError>,
) -> Result<T, NetError> {
    if let Err(e) = &result
        && connection.close_reason().is_none()
    {
        close(connection, PROTOCOL, &e.to_string());
    }
    result
}
