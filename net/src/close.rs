//! The application close codes, so the side that is refused gets a typed
//! error and not only a sentence.

use crate::error::NetError;

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

/// The error a side sees when its partner closed the connection.
pub fn error_of(e: quinn::ConnectionError) -> NetError {
    match e {
        quinn::ConnectionError::ApplicationClosed(close) => {
            let reason = String::from_utf8_lossy(&close.reason).into_owned();
            match u32::try_from(close.error_code.into_inner()) {
                Ok(WRONG_CODE) => NetError::WrongCode,
                Ok(BURNED) => NetError::CodeBurned,
                _ => NetError::Refused(reason),
            }
        }
        quinn::ConnectionError::TimedOut => {
            NetError::Connection("no word from the partner for 8 seconds".into())
        }
        other => NetError::Connection(other.to_string()),
    }
}

/// Closes `connection` with a code and a reason the partner will read.
pub fn close(connection: &quinn::Connection, code: u32, reason: &str) {
    connection.close(code.into(), reason.as_bytes());
}

/// A connection failure explained by the partner's close reason when
/// there is one.
pub fn explain(connection: &quinn::Connection, e: NetError) -> NetError {
    match (&e, connection.close_reason()) {
        (NetError::Connection(_), Some(reason)) => error_of(reason),
        _ => e,
    }
}

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
