//! The games found on the network: each sighting of an announcement turns
//! into changes of the list (added, updated, removed, how many hidden), so
//! a browser shows the games live and a malformed announcement is skipped.
//!
//! Anyone on the network can announce, so the list is bounded in a way a
//! flood of fake announcements cannot turn against the real games: one
//! source (the address the packets come from, `places`) holds at most
//! [`MAX_PER_SOURCE`] places, a game never seen before always gets a
//! place, the game that gives way is the one with the least evidence
//! (`places`), and the games that gave way are counted (`hidden`), so the
//! list says how many it hides. A hidden game seen or heard again comes
//! back when there is room, or when the game that would give way to it has
//! less evidence.

mod hidden;
mod places;
mod recent;

pub use hidden::MAX_COUNTED as MAX_HIDDEN_COUNTED;
pub use places::Attribution;

use super::announcement::{Announcement, AnnouncementError};
use hidden::HiddenGames;
use kaisho_saves::visible::visible_owned;
use places::{Heard, Place, Source, giving_way, over};
use recent::Recent;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

/// The longest instance name kept, in bytes (one DNS label).
const MAX_INSTANCE_BYTES: usize = 63;
/// The most games listed at once.
pub const MAX_GAMES: usize = 64;
/// The most games listed from one source: a kaisho announces one game,
/// so a machine with more is rare, and one announcing hundreds fills only
/// these places.
pub const MAX_PER_SOURCE: usize = 4;
/// The most addresses kept for one game.
const MAX_ADDRESSES: usize = 8;
/// The most names kept of games heard but not found yet (a packet is
/// overheard before the responder has made a game of it).
const MAX_PENDING: usize = 4096;

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

/// One report of a browser: a game was seen (readable or not), or left,
/// or a packet of its announcement was heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sighting {
    Seen(String, Result<FoundGame, AnnouncementError>),
    Gone(String),
    /// A packet carrying the records of the game `instance` came from
    /// `from` (its source address, not an address it claims) at `at`.
    Heard {
        instance: String,
        from: IpAddr,
        at: Instant,
    },
}

/// A change of the list of games found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Added(FoundGame),
    /// A listed game announced new terms (a seat taken, a new clock).
    Updated(FoundGame),
    /// The game with this instance name is no longer listed: withdrawn,
    /// announcing something unreadable, or given way (then counted in the
    /// [`Change::Hidden`] that follows).
    Removed(String),
    /// How many games found are not listed, now.
    Hidden(Hidden),
}

/// How many games found are not listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hidden {
    Exactly(usize),
    /// More were hidden than [`MAX_HIDDEN_COUNTED`]: at least this many,
    /// how many more is not known.
    AtLeast(usize),
}

impl Default for Hidden {
    fn default() -> Hidden {
        Hidden::Exactly(0)
    }
}

impl Hidden {
    /// Whether any game is hidden, or might be.
    #[must_use]
    pub fn any(self) -> bool {
        self != Hidden::Exactly(0)
    }
}

/// The list as a screen shows it: the games listed, in the order listed,
/// and how many are hidden; kept by the changes alone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    games: Vec<FoundGame>,
    hidden: Hidden,
}

impl Listing {
    #[must_use]
    pub fn games(&self) -> &[FoundGame] {
        &self.games
    }

    #[must_use]
    pub fn hidden(&self) -> Hidden {
        self.hidden
    }

    fn game(&self, name: &str) -> Option<&FoundGame> {
        self.games.iter().find(|g| g.instance == name)
    }

    /// Applies a change: the list that made it stays the same as this.
    pub fn apply(&mut self, change: &Change) {
        match change {
            Change::Added(game) | Change::Updated(game) => {
                match self.games.iter_mut().find(|g| g.instance == game.instance) {
                    Some(listed) => *listed = game.clone(),
                    None => self.games.push(game.clone()),
                }
            }
            Change::Removed(name) => self.games.retain(|g| &g.instance != name),
            Change::Hidden(hidden) => self.hidden = *hidden,
        }
    }
}

/// The games found: those listed, with what their packets told, those
/// hidden, and what was heard of games not found yet.
#[derive(Clone, Debug)]
pub struct FoundGames {
    listing: Listing,
    /// What was heard of each listed game, by instance name.
    heard: HashMap<String, Heard>,
    hidden: HiddenGames,
    pending: Recent<Heard>,
    by: Attribution,
}

impl FoundGames {
    /// An empty list whose games' sources are told `by`.
    #[must_use]
    pub fn new(by: Attribution) -> FoundGames {
        FoundGames {
            listing: Listing::default(),
            heard: HashMap::new(),
            hidden: HiddenGames::default(),
            pending: Recent::new(MAX_PENDING),
            by,
        }
    }

    /// The list as the changes made it.
    #[must_use]
    pub fn listing(&self) -> &Listing {
        &self.listing
    }

    /// The changes a sighting makes, applied; none when it changes nothing
    /// (a game seen again as it was, an unreadable announcement of a game
    /// not found, a hidden game seen again with no room for it).
    pub fn see(&mut self, sighting: Sighting) -> Vec<Change> {
        let before = self.hidden.count();
        let mut changes = Vec::new();
        match sighting {
            Sighting::Seen(_, Ok(game)) => self.seen(game, &mut changes),
            Sighting::Seen(name, Err(_)) | Sighting::Gone(name) => {
                self.gone(instance_name(&name), &mut changes);
            }
            Sighting::Heard { instance, from, at } => {
                self.heard(instance_name(&instance), from, at, &mut changes);
            }
        }
        let after = self.hidden.count();
        if after != before {
            self.change(Change::Hidden(after), &mut changes);
        }
        changes
    }

    fn change(&mut self, change: Change, changes: &mut Vec<Change>) {
        self.listing.apply(&change);
        changes.push(change);
    }

    fn seen(&mut self, game: FoundGame, changes: &mut Vec<Change>) {
        if let Some(listed) = self.listing.game(&game.instance) {
            if *listed != game {
                self.change(Change::Updated(game), changes);
            }
            return;
        }
        let name = game.instance.clone();
        let (heard, hidden) = match self.hidden.take(&name) {
            Some(kept) => (kept.heard, true),
            None => {
                let hidden = self.hidden.remove(&name);
                (self.pending.take(&name).unwrap_or_default(), hidden)
            }
        };
        self.place(game, heard, !hidden, changes);
    }

    fn heard(&mut self, name: String, from: IpAddr, at: Instant, changes: &mut Vec<Change>) {
        if let Some(heard) = self.heard.get_mut(&name) {
            // Found to come from another source: that source may now hold
            // more than its places.
            if heard.hear(from, at)
                && let Some(i) = over(&self.places(), Source::Sender(from))
            {
                self.give_way(i, changes);
            }
            return;
        }
        if let Some(mut kept) = self.hidden.take(&name) {
            kept.heard.hear(from, at);
            self.place(kept.game, kept.heard, false, changes);
            return;
        }
        match self.pending.get_mut(&name) {
            Some(heard) => {
                heard.hear(from, at);
            }
            None => {
                let mut heard = Heard::default();
                heard.hear(from, at);
                self.pending.insert(name, heard);
            }
        }
    }

    fn gone(&mut self, name: String, changes: &mut Vec<Change>) {
        self.pending.take(&name);
        if self.heard.remove(&name).is_some() {
            self.change(Change::Removed(name), changes);
        } else {
            self.hidden.remove(&name);
        }
    }

    /// Lists `game` (a game never seen before always), or hides it: one
    /// seen or heard again while hidden comes back when there is room, or
    /// when the game that would give way has less evidence.
    fn place(&mut self, game: FoundGame, heard: Heard, always: bool, changes: &mut Vec<Change>) {
        let places = self.places();
        let victim = giving_way(&places, Place::of(&game, &heard, self.by).source);
        let stronger = |i: usize| !places[i].again && heard.again();
        if !always && !victim.is_none_or(stronger) {
            self.hidden.hide(game, heard);
            return;
        }
        if let Some(i) = victim {
            self.give_way(i, changes);
        }
        self.heard.insert(game.instance.clone(), heard);
        self.change(Change::Added(game), changes);
    }

    /// The listed game at `i` gives way: hidden, kept with what was heard.
    fn give_way(&mut self, i: usize, changes: &mut Vec<Change>) {
        let game = self.listing.games[i].clone();
        let heard = self.heard.remove(&game.instance).unwrap_or_default();
        self.change(Change::Removed(game.instance.clone()), changes);
        self.hidden.hide(game, heard);
    }

    fn places(&self) -> Vec<Place> {
        let none = Heard::default();
        let heard = |g: &FoundGame| self.heard.get(&g.instance).unwrap_or(&none);
        self.listing
            .games
            .iter()
            .map(|g| Place::of(g, heard(g), self.by))
            .collect()
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
    use std::time::Duration;

    fn found(instance: &str, komi: i32) -> FoundGame {
        let game = Announcement::new("Aki", 19, komi, 0, TimeW::None, 7878);
        FoundGame::new(
            instance,
            game,
            vec!["::1".parse().unwrap(), "192.168.1.20".parse().unwrap()],
        )
    }

    fn seen(game: &FoundGame) -> Sighting {
        Sighting::Seen(game.instance.clone(), Ok(game.clone()))
    }

    #[test]
    fn sightings_add_update_and_remove_games() {
        let mut list = FoundGames::new(Attribution::Claims);
        let a = found("a", 13);
        assert_eq!(list.see(seen(&a)), [Change::Added(a.clone())]);
        assert_eq!(list.see(seen(&a)), []);
        let a2 = found("a", 11);
        assert_eq!(list.see(seen(&a2)), [Change::Updated(a2.clone())]);
        assert_eq!(list.listing().games(), [a2]);
        let broken = Err(AnnouncementError::NotAClock);
        assert_eq!(list.see(Sighting::Seen("b".into(), broken.clone())), []);
        assert_eq!(
            list.see(Sighting::Seen("a".into(), broken)),
            [Change::Removed("a".into())]
        );
        assert!(list.listing().games().is_empty());
        assert_eq!(list.see(Sighting::Gone("a".into())), []);
    }

    #[test]
    fn a_game_is_dialled_at_its_ipv4_address_first() {
        assert_eq!(
            found("a", 13).address(),
            Some("192.168.1.20:7878".parse().unwrap())
        );
    }

    fn ip(n: usize) -> IpAddr {
        IpAddr::from([10, (n >> 16) as u8, (n >> 8) as u8, n as u8])
    }

    /// A game `instance` that claims the address `claims`.
    fn claiming(instance: &str, claims: IpAddr) -> FoundGame {
        let game = Announcement::new("Aki", 19, 13, 0, TimeW::None, 7878);
        FoundGame::new(instance, game, vec![claims])
    }

    fn real() -> FoundGame {
        claiming("real", "192.168.1.20".parse().unwrap())
    }

    /// A list and its copy kept by the changes alone, as a screen keeps
    /// it, on a clock of its own.
    struct Browser {
        list: FoundGames,
        copy: Listing,
        start: Instant,
    }

    impl Browser {
        fn new(by: Attribution) -> Browser {
            Browser {
                list: FoundGames::new(by),
                copy: Listing::default(),
                start: Instant::now(),
            }
        }

        fn see(&mut self, sighting: Sighting) {
            for change in self.list.see(sighting) {
                self.copy.apply(&change);
            }
            assert_eq!(self.list.listing(), &self.copy);
        }

        /// `game` announced from `from` at `ms` after the start: heard,
        /// then seen.
        fn announce(&mut self, game: &FoundGame, from: IpAddr, ms: u64) {
            self.hear(game, from, ms);
            self.see(seen(game));
        }

        fn hear(&mut self, game: &FoundGame, from: IpAddr, ms: u64) {
            let at = self.start + Duration::from_millis(ms);
            let instance = game.instance.clone();
            self.see(Sighting::Heard { instance, from, at });
        }

        fn listed(&self, game: &FoundGame) -> bool {
            self.copy.games().contains(game)
        }

        fn games(&self) -> usize {
            self.copy.games().len()
        }

        fn hidden(&self) -> Hidden {
            self.copy.hidden()
        }
    }

    /// The fault this list was made against: one machine announcing 30
    /// fresh names a second, each claiming an address of its own, for
    /// 100 s. The real game stays listed throughout, the machine holds 4
    /// places, and the 2,996 it hides are counted, past 1,024.
    #[test]
    fn one_machine_announcing_30_fresh_names_a_second_with_forged_addresses_hides_no_real_game() {
        let mut lan = Browser::new(Attribution::Senders);
        let flooder: IpAddr = "192.168.1.66".parse().unwrap();
        lan.announce(&real(), "192.168.1.20".parse().unwrap(), 0);
        for i in 0..3000 {
            let fake = claiming(&format!("fake{i}"), ip(i));
            lan.announce(&fake, flooder, i as u64 * 1000 / 30);
            assert!(lan.listed(&real()), "after {} fakes", i + 1);
            assert!(lan.games() <= 1 + MAX_PER_SOURCE);
        }
        assert_eq!(lan.hidden(), Hidden::Exactly(3000 - MAX_PER_SOURCE));
        // A real game announced in the middle of it is listed as well.
        let late = claiming("late", "192.168.1.21".parse().unwrap());
        lan.announce(&late, "192.168.1.21".parse().unwrap(), 100_000);
        assert!(lan.listed(&late) && lan.listed(&real()));
    }

    /// Where the group cannot be overheard, the same flood: the names
    /// made up fill the list, but the game listed before them keeps its
    /// place, the newest fake giving way to the next.
    #[test]
    fn by_claimed_addresses_a_flood_of_fresh_names_does_not_push_out_the_game_listed_first() {
        let mut lan = Browser::new(Attribution::Claims);
        lan.see(seen(&real()));
        for i in 0..3000 {
            lan.see(seen(&claiming(&format!("fake{i}"), ip(i))));
            assert!(lan.listed(&real()), "after {} fakes", i + 1);
        }
        assert_eq!(lan.games(), MAX_GAMES);
        assert_eq!(lan.hidden(), Hidden::Exactly(3000 + 1 - MAX_GAMES));
    }

    /// Fresh names from forged sources too, one packet each: the game
    /// listed before them keeps its place; a new real game gets in, and
    /// once heard again (its second announcement) it stays, the one-shot
    /// names no longer pushing it out.
    #[test]
    fn one_shot_names_from_forged_sources_cannot_push_out_a_game_heard_again() {
        let mut lan = Browser::new(Attribution::Senders);
        let home: IpAddr = "192.168.1.20".parse().unwrap();
        lan.announce(&real(), home, 0);
        let newcomer = claiming("newcomer", "192.168.1.21".parse().unwrap());
        for i in 0..3000 {
            let ms = i as u64 * 1000 / 30;
            let fake = claiming(&format!("fake{i}"), ip(i));
            lan.announce(&fake, ip(i), ms);
            if i == 1000 {
                lan.announce(&newcomer, "192.168.1.21".parse().unwrap(), ms);
                assert!(lan.listed(&newcomer), "a new game always gets a place");
            }
            if i == 1040 {
                lan.hear(&newcomer, "192.168.1.21".parse().unwrap(), ms);
            }
            assert!(lan.listed(&real()), "after {} fakes", i + 1);
            if i >= 1040 {
                assert!(lan.listed(&newcomer), "after {} fakes", i + 1);
            }
        }
        assert_eq!(lan.games(), MAX_GAMES);
        assert_eq!(lan.hidden(), Hidden::Exactly(3000 + 2 - MAX_GAMES));
    }

    #[test]
    fn a_game_found_before_its_packet_was_heard_moves_to_its_source() {
        let mut lan = Browser::new(Attribution::Senders);
        let flooder: IpAddr = "192.168.1.66".parse().unwrap();
        // Found with no packet heard: these share one source.
        lan.see(seen(&real()));
        for i in 0..8 {
            lan.see(seen(&claiming(&format!("fake{i}"), ip(i))));
        }
        assert!(lan.listed(&real()), "the first found keeps its place");
        assert_eq!(lan.games(), MAX_PER_SOURCE);
        // Their packets heard: the fakes' source holds 4 at most, and the
        // hidden ones heard come back where there is room.
        for i in 0..8 {
            lan.hear(&claiming(&format!("fake{i}"), ip(i)), flooder, 10);
        }
        lan.hear(&real(), "192.168.1.20".parse().unwrap(), 10);
        assert!(lan.listed(&real()));
        assert_eq!(lan.games(), 1 + MAX_PER_SOURCE);
        assert_eq!(lan.hidden(), Hidden::Exactly(8 - MAX_PER_SOURCE));
    }

    #[test]
    fn hidden_games_withdrawn_are_no_longer_counted_and_past_the_count_it_says_at_least() {
        let mut list = FoundGames::new(Attribution::Claims);
        let fake = |i: usize| claiming(&format!("fake{i}"), IpAddr::from([10, 0, 0, 1]));
        for i in 0..MAX_HIDDEN_COUNTED + MAX_PER_SOURCE + 2 {
            list.see(seen(&fake(i)));
        }
        let counted = list.listing().hidden();
        assert_eq!(counted, Hidden::AtLeast(MAX_HIDDEN_COUNTED));
        assert!(counted.any());
        // The games listed first kept their places: fake3 was the first
        // to give way.
        assert_eq!(
            list.see(Sighting::Gone("fake3".into())),
            [Change::Hidden(Hidden::AtLeast(MAX_HIDDEN_COUNTED - 1))]
        );
        assert_eq!(list.see(Sighting::Gone("fake3".into())), []);
        let mut list = FoundGames::new(Attribution::Claims);
        for i in 0..MAX_PER_SOURCE + 2 {
            list.see(seen(&fake(i)));
        }
        assert_eq!(list.listing().hidden(), Hidden::Exactly(2));
        list.see(Sighting::Gone("fake3".into()));
        list.see(Sighting::Gone("fake4".into()));
        assert!(!list.listing().hidden().any());
    }

    #[test]
    fn the_list_is_bounded() {
        let mut lan = Browser::new(Attribution::Claims);
        for i in 0..MAX_GAMES + 10 {
            lan.see(seen(&claiming(&format!("g{i}"), ip(i))));
        }
        assert_eq!(lan.games(), MAX_GAMES);
        assert_eq!(lan.hidden(), Hidden::Exactly(10));
        let long = "x".repeat(300);
        assert_eq!(found(&long, 13).instance.len(), MAX_INSTANCE_BYTES);
    }

    #[test]
    fn a_flood_from_a_few_sources_takes_four_places_each_and_a_real_game_is_listed() {
        let mut lan = Browser::new(Attribution::Senders);
        let flood: Vec<(FoundGame, IpAddr)> = (0..200)
            .map(|i| (claiming(&format!("fake{i}"), ip(i)), ip(i % 4 + 1)))
            .collect();
        for (g, from) in &flood {
            lan.announce(g, *from, 0);
        }
        assert_eq!(lan.games(), 4 * MAX_PER_SOURCE);
        assert_eq!(lan.hidden(), Hidden::Exactly(200 - 4 * MAX_PER_SOURCE));
        lan.announce(&real(), "192.168.1.20".parse().unwrap(), 0);
        assert!(lan.listed(&real()));
        // The flood again, heard again: no room is taken from the game.
        for (g, from) in &flood {
            lan.announce(g, *from, 2000);
        }
        assert!(lan.listed(&real()));
        assert_eq!(lan.games(), 4 * MAX_PER_SOURCE + 1);
        // A hidden game withdrawn is no longer counted.
        lan.see(Sighting::Gone("fake199".into()));
        assert_eq!(lan.hidden(), Hidden::Exactly(200 - 4 * MAX_PER_SOURCE - 1));
    }
}
