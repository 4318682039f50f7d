//! The games found on the network: each sighting of an announcement turns
//! into a change of the list (added, updated, removed), so a browser shows
//! the games live and a malformed announcement is skipped.
//!
//! Anyone on the network can announce, so the list is bounded in a way a
//! flood of fake announcements cannot turn against the real games: one
//! address holds at most [`MAX_PER_SOURCE`] places, a game never seen
//! before always gets a place (the oldest of the most crowded address
//! gives way), and the games that gave way are counted, so the list can
//! say how many it hides.

use super::announcement::{Announcement, AnnouncementError};
use kaisho_saves::visible::visible_owned;
use std::collections::{BTreeSet, HashMap};
use std::net::{IpAddr, SocketAddr};

/// The longest instance name kept, in bytes (one DNS label).
const MAX_INSTANCE_BYTES: usize = 63;
/// The most games listed at once; a new one takes the place of the
/// oldest of the address that holds the most.
pub const MAX_GAMES: usize = 64;
/// The most games listed from one address (the first a game announces):
/// a kaisho announces one game, so a machine with more is rare, and one
/// announcing hundreds fills only these places, its newest in them.
pub const MAX_PER_SOURCE: usize = 4;
/// The most names of games hidden that are kept, for their count.
const MAX_HIDDEN: usize = 1024;
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

    /// The address that speaks for the game, for the places one address
    /// may hold: the first it announces.
    fn source(&self) -> Option<IpAddr> {
        self.addresses.first().copied()
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

/// The games found so far, in the order they were first seen, and the
/// names of those that gave way to newer ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FoundGames {
    games: Vec<FoundGame>,
    /// Games that gave way, still announced as far as is known: seen
    /// again they stay hidden unless there is room, so a flood's own
    /// repeats do not push the games listed out (at most [`MAX_HIDDEN`]).
    hidden: BTreeSet<String>,
}

impl FoundGames {
    /// The games, in the order first seen.
    #[must_use]
    pub fn games(&self) -> &[FoundGame] {
        &self.games
    }

    /// How many games found are not listed: they gave way to newer ones
    /// (at most [`MAX_HIDDEN`] counted).
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden.len()
    }

    /// The change a sighting makes, applied; `None` when it changes
    /// nothing (a game seen again as it was, an unreadable announcement of
    /// a game not found, a hidden game seen again with no room for it).
    pub fn see(&mut self, sighting: Sighting) -> Option<Change> {
        let at = |games: &[FoundGame], name: &str| games.iter().position(|g| g.instance == name);
        let change = match sighting {
            Sighting::Seen(_, Ok(game)) => match at(&self.games, &game.instance) {
                Some(i) if self.games[i] == game => return None,
                Some(_) => Change::Updated(game),
                None if self.hidden.contains(&game.instance)
                    && self.giving_way(&game).is_some() =>
                {
                    return None;
                }
                None => Change::Added(game),
            },
            Sighting::Seen(name, Err(_)) | Sighting::Gone(name) => {
                let name = instance_name(&name);
                if at(&self.games, &name).is_none() && !self.hidden.contains(&name) {
                    return None;
                }
                Change::Removed(name)
            }
        };
        self.apply(&change);
        Some(change)
    }

    /// Applies a change made elsewhere (the screen keeps its own copy, and
    /// the same changes make the same room in it).
    pub fn apply(&mut self, change: &Change) {
        match change {
            Change::Added(game) | Change::Updated(game) => {
                self.hidden.remove(&game.instance);
                match self.games.iter_mut().find(|g| g.instance == game.instance) {
                    Some(listed) => *listed = game.clone(),
                    None => {
                        if let Some(i) = self.giving_way(game) {
                            let gone = self.games.remove(i);
                            if self.hidden.len() < MAX_HIDDEN {
                                self.hidden.insert(gone.instance);
                            }
                        }
                        self.games.push(game.clone());
                    }
                }
            }
            Change::Removed(name) => {
                self.games.retain(|g| &g.instance != name);
                self.hidden.remove(name);
            }
        }
    }

    /// The game that gives way to `game`, not listed yet: the oldest of
    /// its own address when that holds [`MAX_PER_SOURCE`]; when the list
    /// is full, the oldest of the address holding the most; else none.
    fn giving_way(&self, game: &FoundGame) -> Option<usize> {
        let mut held: HashMap<Option<IpAddr>, usize> = HashMap::new();
        for g in &self.games {
            *held.entry(g.source()).or_default() += 1;
        }
        let source = game.source();
        let crowd = if held.get(&source).copied().unwrap_or(0) >= MAX_PER_SOURCE {
            source
        } else if self.games.len() >= MAX_GAMES {
            let most = held.values().copied().max()?;
            self.games
                .iter()
                .map(FoundGame::source)
                .find(|s| held[s] == most)?
        } else {
            return None;
        };
        self.games.iter().position(|g| g.source() == crowd)
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

    /// A game `instance` announced from `ip`.
    fn from(instance: &str, ip: IpAddr) -> FoundGame {
        let game = Announcement::new("Aki", 19, 13, 0, TimeW::None, 7878);
        FoundGame::new(instance, game, vec![ip])
    }

    /// Sees `games`, keeping a copy by the changes alone as the screen
    /// does; the copy must end the same.
    fn see_all(list: &mut FoundGames, copy: &mut FoundGames, games: &[FoundGame]) {
        for g in games {
            if let Some(change) = list.see(Sighting::Seen(g.instance.clone(), Ok(g.clone()))) {
                copy.apply(&change);
            }
        }
        assert_eq!(list, copy);
    }

    fn fakes(n: usize, ip: impl Fn(usize) -> IpAddr) -> Vec<FoundGame> {
        (0..n).map(|i| from(&format!("fake{i}"), ip(i))).collect()
    }

    fn real() -> FoundGame {
        from("real", "192.168.1.20".parse().unwrap())
    }

    #[test]
    fn the_list_is_bounded() {
        let mut list = FoundGames::default();
        for i in 0..MAX_GAMES + 10 {
            let g = from(&format!("g{i}"), IpAddr::from([10, 0, 0, i as u8]));
            list.see(Sighting::Seen(g.instance.clone(), Ok(g)));
        }
        assert_eq!(list.games().len(), MAX_GAMES);
        assert_eq!(list.hidden(), 10);
        let long = "x".repeat(300);
        assert_eq!(found(&long, 13).instance.len(), MAX_INSTANCE_BYTES);
    }

    #[test]
    fn a_flood_from_a_few_addresses_takes_four_places_each_and_a_real_game_is_listed() {
        let (mut list, mut copy) = (FoundGames::default(), FoundGames::default());
        let flood = fakes(200, |i| IpAddr::from([10, 0, 0, (i % 4) as u8 + 1]));
        see_all(&mut list, &mut copy, &flood);
        assert_eq!(list.games().len(), 4 * MAX_PER_SOURCE);
        assert_eq!(list.hidden(), 200 - 4 * MAX_PER_SOURCE);
        // Each address keeps its newest.
        let names: Vec<&str> = list.games().iter().map(|g| g.instance.as_str()).collect();
        let newest: Vec<String> = (184..200).map(|i| format!("fake{i}")).collect();
        assert_eq!(names, newest);
        see_all(&mut list, &mut copy, &[real()]);
        assert!(list.games().contains(&real()));
        // The flood again changes nothing: no room is taken from the game.
        see_all(&mut list, &mut copy, &flood);
        assert!(list.games().contains(&real()));
        assert_eq!(list.games().len(), 4 * MAX_PER_SOURCE + 1);
    }

    #[test]
    fn a_flood_from_many_addresses_fills_the_list_and_a_real_game_still_gets_a_place() {
        let (mut list, mut copy) = (FoundGames::default(), FoundGames::default());
        let flood = fakes(200, |i| {
            IpAddr::from([10, 0, (i / 250) as u8, (i % 250) as u8 + 1])
        });
        see_all(&mut list, &mut copy, &flood);
        assert_eq!(list.games().len(), MAX_GAMES);
        assert_eq!(list.hidden(), 200 - MAX_GAMES);
        see_all(&mut list, &mut copy, &[real()]);
        assert!(list.games().contains(&real()));
        assert_eq!(list.games().len(), MAX_GAMES);
        assert_eq!(list.hidden(), 200 - MAX_GAMES + 1);
        // The hidden fakes announced again do not push it out.
        see_all(&mut list, &mut copy, &flood);
        assert!(list.games().contains(&real()));
        // A hidden game withdrawn is no longer counted, here and in the copy.
        let change = list.see(Sighting::Gone("fake0".into()));
        assert_eq!(change, Some(Change::Removed("fake0".into())));
        copy.apply(&change.unwrap());
        assert_eq!(list.hidden(), 200 - MAX_GAMES);
        assert_eq!(list, copy);
    }
}
