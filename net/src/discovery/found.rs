//! The games found on the network: each sighting of an announcement turns
//! into a change of the list (added, updated, removed), so a browser shows
//! the games live and a malformed announcement is skipped.

use super::announcement::{Announcement, AnnouncementError};
use kaisho_saves::visible::visible_owned;
use std::net::{IpAddr, SocketAddr};

/// The longest instance name kept, in bytes (one DNS label).
const MAX_INSTANCE_BYTES: usize = 63;
/// The most games listed at once; sightings of more are skipped.
pub const MAX_GAMES: usize = 64;
/// The most addresses kept for one game.
const MAX_ADDRESSES: usize = 8;

/// A game someone announces, with the addresses it answers at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundGame {
    /// The announcement's instance name: what tells one game from another.
    pub instance: String,
    pub game: Announcement,
    /// IPv4 first, then IPv6, each in order.
    pub addresses: Vec<IpAddr>,
}

impl FoundGame {
    /// Builds a found game from what the network said: the instance name
    /// bounded and made visible, the addresses sorted and bounded.
    #[must_use]
    pub fn new(instance: &str, game: Announcement, addresses: Vec<IpAddr>) -> FoundGame {
        let mut addresses = addresses;
        addresses.sort_by_key(|a| (a.is_ipv6(), *a));
        addresses.dedup();
        addresses.truncate(MAX_ADDRESSES);
        FoundGame {
            instance: instance_name(instance),
            game,
            addresses,
        }
    }

    /// Where to dial the host: its first address (IPv4 preferred) and port.
    #[must_use]
    pub fn address(&self) -> Option<SocketAddr> {
        self.addresses
            .first()
            .map(|ip| SocketAddr::new(*ip, self.game.port))
    }

    /// Where a watcher dials the host: the same address at the watchers'
    /// own port; `None` when the game names no watchers' port.
    #[must_use]
    pub fn watch_address(&self) -> Option<SocketAddr> {
        let port = self.game.watch_port?;
        self.address().map(|addr| SocketAddr::new(addr.ip(), port))
    }
}

/// One report of a browser: a game was seen (readable or not), or left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sighting {
    Seen(String, Result<FoundGame, AnnouncementError>),
    Gone(String),
}

/// A change of the list of games found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Added(FoundGame),
    /// A listed game announced new terms (a seat taken, a new clock).
    Updated(FoundGame),
    /// The game with this instance name was withdrawn (or now announces
    /// something unreadable).
    Removed(String),
}

/// The games found so far, in the order they were first seen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FoundGames {
    games: Vec<FoundGame>,
}

impl FoundGames {
    /// The games, in the order first seen.
    #[must_use]
    pub fn games(&self) -> &[FoundGame] {
        &self.games
    }

    /// The change a sighting makes, applied; `None` when it changes
    /// nothing (a game seen again as it was, an unreadable announcement of
    /// a game not listed, a list already full).
    pub fn see(&mut self, sighting: Sighting) -> Option<Change> {
        let at = |games: &[FoundGame], name: &str| games.iter().position(|g| g.instance == name);
        let change = match sighting {
            Sighting::Seen(_, Ok(game)) => match at(&self.games, &game.instance) {
                Some(i) if self.games[i] == game => return None,
                Some(_) => Change::Updated(game),
                None if self.games.len() >= MAX_GAMES => return None,
                None => Change::Added(game),
            },
            Sighting::Seen(name, Err(_)) | Sighting::Gone(name) => {
                let name = instance_name(&name);
                at(&self.games, &name)?;
                Change::Removed(name)
            }
        };
        self.apply(&change);
        Some(change)
    }

    /// Applies a change made elsewhere (the screen keeps its own copy).
    pub fn apply(&mut self, change: &Change) {
        match change {
            Change::Added(game) | Change::Updated(game) => {
                let full = self.games.len() >= MAX_GAMES;
                match self.games.iter_mut().find(|g| g.instance == game.instance) {
                    Some(listed) => *listed = game.clone(),
                    None if !full => self.games.push(game.clone()),
                    None => {}
                }
            }
            Change::Removed(name) => self.games.retain(|g| &g.instance != name),
        }
    }
}

/// An instance name from the network, bounded to one DNS label and made
/// visible.
fn instance_name(instance: &str) -> String {
    let mut end = instance.len().min(MAX_INSTANCE_BYTES);
    while !instance.is_char_boundary(end) {
        end -= 1;
    }
    visible_owned(instance[..end].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::TimeW;

    fn found(instance: &str, komi: i32) -> FoundGame {
        let game = Announcement::new("Aki", 19, komi, 0, TimeW::None, 7878);
        FoundGame::new(
            instance,
            game,
            vec!["::1".parse().unwrap(), "192.168.1.20".parse().unwrap()],
        )
    }

    #[test]
    fn sightings_add_update_and_remove_games() {
        let mut list = FoundGames::default();
        let a = found("a", 13);
        assert_eq!(
            list.see(Sighting::Seen("a".into(), Ok(a.clone()))),
            Some(Change::Added(a.clone()))
        );
        assert_eq!(list.see(Sighting::Seen("a".into(), Ok(a.clone()))), None);
        let a2 = found("a", 11);
        assert_eq!(
            list.see(Sighting::Seen("a".into(), Ok(a2.clone()))),
            Some(Change::Updated(a2.clone()))
        );
        assert_eq!(list.games(), [a2]);
        let broken = Err(AnnouncementError::NotAClock);
        assert_eq!(list.see(Sighting::Seen("b".into(), broken.clone())), None);
        assert_eq!(
            list.see(Sighting::Seen("a".into(), broken)),
            Some(Change::Removed("a".into()))
        );
        assert!(list.games().is_empty());
        assert_eq!(list.see(Sighting::Gone("a".into())), None);
    }

    #[test]
    fn a_game_is_dialled_at_its_ipv4_address_first() {
        assert_eq!(
            found("a", 13).address(),
            Some("192.168.1.20:7878".parse().unwrap())
        );
    }

    #[test]
    fn the_list_is_bounded() {
        let mut list = FoundGames::default();
        for i in 0..MAX_GAMES + 10 {
            let name = format!("g{i}");
            list.see(Sighting::Seen(name.clone(), Ok(found(&name, 13))));
        }
        assert_eq!(list.games().len(), MAX_GAMES);
        let long = "x".repeat(300);
        assert_eq!(found(&long, 13).instance.len(), MAX_INSTANCE_BYTES);
    }
}
