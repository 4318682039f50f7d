//! Output piped into a reader that stops early (`kaisho games | head -1`).
//!
//! Rust ignores SIGPIPE, so a write to a closed pipe fails and `println!`
//! panics with "Broken pipe". A command-line tool should end quietly
//! instead, as `ls` does: the commands that print take back the default
//! SIGPIPE action, which ends the process without a word.

/// Lets a closed pipe on standard output end the process quietly.
#[cfg(unix)]
pub fn end_quietly_on_closed_pipe() {
    // SAFETY: setting a signal's action to its default at start-up, before
    // any thread is spawned, touches no memory of this program.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Other systems report a closed pipe otherwise; nothing to do.
#[cfg(not(unix))]
pub fn end_quietly_on_closed_pipe() {}
