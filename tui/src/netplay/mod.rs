//! Network play for the front end and the command line: the identity and
//! stores it needs, getting a dropped partner back, the address a join code
//! shows, and the tasks that run a game's connection beside the screen (a
//! player's, or a watcher's).

pub mod ask;
pub mod discover;
pub mod env;
pub mod internet;
pub mod lan;
pub mod reconnect;
pub mod review;
pub mod task;
pub mod terms;
pub mod watching;
pub mod worker;

pub use crate::errors::NetplayError;
pub use crate::words::NO_BOARD;
pub use env::{Env, now_unix};
pub use reconnect::{is_drop, redial, wait_for};

/// The watchers' lines of an ended game watched by club members, for its
/// SGF, on either player's side; none before the end.
#[must_use]
pub fn kibitz_of(session: &kaisho_net::Session) -> Vec<kaisho_saves::sgf::KibitzLine> {
    session
        .kibitz_log()
        .into_iter()
        .map(|(after_event, name, text)| kaisho_saves::sgf::KibitzLine {
            after_event,
            name,
            text,
        })
        .collect()
}
