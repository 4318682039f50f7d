//! Finding games on the local network: a hosted game announces itself
//! with DNS-SD over multicast DNS (service [`SERVICE_TYPE`]), and a
//! member looking for a game browses the announcements. The announcement
//! holds the terms and the port, never the join code: joining still needs
//! the code the host reads out, and an address with the code typed by hand
//! works wherever multicast does not.
//!
//! [`Discovery`] is the seam: [`MdnsDiscovery`] on the network,
//! [`MemoryLan`] in tests.

pub mod announcement;
pub mod found;
pub mod mdns;
pub mod memory;
mod overhear;
pub mod packet;

pub use announcement::{Announcement, AnnouncementError, Txt};
pub use found::{Attribution, Change, FoundGame, FoundGames, Hidden, Listing, Sighting};
pub use mdns::{Interfaces, MdnsDiscovery};
pub use memory::{MemoryDiscovery, MemoryLan};

use std::collections::VecDeque;
use std::fmt;
use tokio::sync::mpsc;

/// The DNS-SD service type of a kaisho game.
pub const SERVICE_TYPE: &str = "_kaisho._udp.local.";
/// How many sightings wait for a slow reader before the browser waits.
const SIGHTINGS: usize = 64;

/// Announcing a hosted game and browsing the games of others.
pub trait Discovery: Send {
    /// Announces this side's hosted game, or announces it anew with new
    /// terms (one game at a time).
    fn announce(&mut self, game: &Announcement) -> Result<(), DiscoveryError>;
    /// Withdraws the announcement, if any: browsers see the game removed.
    fn withdraw(&mut self) -> Result<(), DiscoveryError>;
    /// Starts browsing; the games come and go through the [`Browse`], and
    /// dropping it stops the browsing.
    fn browse(&mut self) -> Result<Browse, DiscoveryError>;
}

/// Why announcing or browsing failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiscoveryError {
    /// The multicast DNS responder could not start or do what was asked.
    Mdns(String),
}

impl fmt::Display for DiscoveryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiscoveryError::Mdns(why) => write!(
                f,
                "multicast DNS failed ({why}); games can still be joined by address and code"
            ),
        }
    }
}

impl std::error::Error for DiscoveryError {}

/// A running browse: the changes of the list of games found, live.
pub struct Browse {
    sightings: mpsc::Receiver<Sighting>,
    games: FoundGames,
    /// Changes made by a sighting and not yet handed out (a game that
    /// gives way, the count of those hidden, the game that takes its place).
    made: VecDeque<Change>,
}

impl Browse {
    /// A browse fed by sightings sent on the returned channel, whose
    /// games' sources are told `by`.
    fn channel(by: Attribution) -> (mpsc::Sender<Sighting>, Browse) {
        let (tx, sightings) = mpsc::channel(SIGHTINGS);
        let browse = Browse {
            sightings,
            games: FoundGames::new(by),
            made: VecDeque::new(),
        };
        (tx, browse)
    }

    /// The next change of the list; `None` once the browsing has ended.
    pub async fn next(&mut self) -> Option<Change> {
        loop {
            if let Some(change) = self.made.pop_front() {
                return Some(change);
            }
            let sighting = self.sightings.recv().await?;
            self.made.extend(self.games.see(sighting));
        }
    }

    /// The games found so far.
    #[must_use]
    pub fn games(&self) -> &[FoundGame] {
        self.games.listing().games()
    }

    /// How many games found are not listed (see [`Hidden`]).
    #[must_use]
    pub fn hidden(&self) -> Hidden {
        self.games.listing().hidden()
    }
}
