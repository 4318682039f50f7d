//! What the update asks the shell about finding games on the local
//! network and what the shell reports back, and the Join screen's state:
//! the games found. The update never touches the network; the shell
//! announces and browses (`finding` decides what to ask for).

use kaisho_net::discovery::{Announcement, Change, FoundGame, Listing};

/// What the update asks the shell to do about discovery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiscoveryRequest {
    /// Announce this hosted game (anew, if its terms changed).
    Announce(Announcement),
    /// Withdraw the announcement: the game started, or the host left.
    Withdraw,
    /// Start looking for games; changes come back as `Msg::Found`.
    Browse,
    /// Stop looking.
    StopBrowsing,
}

/// What the shell reports about discovery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The list of games found changed.
    Change(Change),
    /// Looking for games failed, and why.
    Failed(String),
    /// Announcing or withdrawing the hosted game failed, and why (the
    /// partner can still join by address and code).
    NotAnnounced(String),
}

/// What is announced and browsed now, as the update last asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Discovering {
    pub announced: Option<Announcement>,
    pub browsing: bool,
}

/// The Join screen: the games found, the one chosen, and whether looking
/// is off (kaisho listens on this machine only). The Watch screen's
/// prompt is the same screen listing only the games open to watchers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JoinScreen {
    pub found: Listing,
    /// An index into [`JoinScreen::listed`].
    pub chosen: Option<usize>,
    pub off: bool,
    /// Why looking failed, if it did.
    pub failed: Option<String>,
    /// Choosing a game to watch: the code typed is a watch code.
    pub watching: bool,
}

impl JoinScreen {
    /// The games listed: every game found, or to watch, those that let
    /// watchers in.
    #[must_use]
    pub fn listed(&self) -> Vec<&FoundGame> {
        self.found
            .games()
            .iter()
            .filter(|g| !self.watching || g.game.watching)
            .collect()
    }
}
