//! A chat line as it is sent, checked where it is typed.

use crate::errors::UsageError;
use kaisho_saves::limits::MAX_CHAT_CHARS;

/// A chat line as it is sent: trimmed, and refused over [`MAX_CHAT_CHARS`]
/// characters where it is typed, since the partner, the host's watchers'
/// door and every log refuse a longer one and would end the session or
/// drop the watcher. Plain mode, the host/join scripts and `kaisho watch`
/// all check it here, so a long line is said to be too long and the
/// session goes on.
pub fn chat_text(line: &str) -> Result<&str, UsageError> {
    let text = line.trim();
    let chars = text.chars().count();
    if chars > MAX_CHAT_CHARS {
        return Err(UsageError::ChatTooLong { chars });
    }
    Ok(text)
}
