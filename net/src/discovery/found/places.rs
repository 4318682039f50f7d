//! Who holds the places of the list, and which listed game gives way to
//! a game that wants one.
//!
//! A game's places are counted against its source: the address its
//! announcements' packets came from, as overheard on the multicast group.
//! Not the addresses the announcement claims: anyone can claim any
//! address, so one machine making up a fresh name and address for every
//! announcement would otherwise take every place. A machine that wants
//! more than [`MAX_PER_SOURCE`] places has to send from as many addresses
//! of its own, or forge the packets' source addresses.
//!
//! Against that, which game gives way goes by evidence, not age alone: a
//! game whose announcement was heard again after a pause (a responder
//! announces twice, a second apart, and answers every browser's queries;
//! a name made up for one packet is heard once) keeps its place over one
//! heard once, and among equals the game listed last gives way, so a game
//! listed before a flood of one-shot names keeps its place through it.

use super::{FoundGame, MAX_GAMES, MAX_PER_SOURCE};
use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// How long after a game was first heard another packet of it counts as
/// heard again: the second of the two announcements RFC 6762 §8.3 asks a
/// second apart, less the jitter of a responder's timers.
const AGAIN: Duration = Duration::from_millis(900);

/// How a game's source is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attribution {
    /// By the address its packets came from; a game no packet was
    /// overheard of shares one source with every other such game.
    Senders,
    /// By the first address the game claims: where the multicast group
    /// cannot be overheard.
    Claims,
}

/// What the packets of a game's announcements have told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Heard {
    /// The address they came from: the first heard, or the first IPv4
    /// one (a responder sends each announcement over both families, so
    /// a machine counts against its IPv4 address however they interleave).
    from: Option<IpAddr>,
    first: Option<Instant>,
    /// Heard again at least [`AGAIN`] after the first.
    again: bool,
}

impl Heard {
    /// Takes a packet of the game from `from` at `at`; whether its
    /// source changed.
    pub(super) fn hear(&mut self, from: IpAddr, at: Instant) -> bool {
        match self.first {
            None => self.first = Some(at),
            Some(first) => self.again |= at.saturating_duration_since(first) >= AGAIN,
        }
        let moved = match self.from {
            None => true,
            Some(IpAddr::V6(_)) => from.is_ipv4(),
            Some(IpAddr::V4(_)) => false,
        };
        if moved {
            self.from = Some(from);
        }
        moved
    }

    pub(super) fn again(&self) -> bool {
        self.again
    }
}

/// Whose places a game takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Source {
    Sender(IpAddr),
    Unheard,
    Claimed(Option<IpAddr>),
}

/// A listed game's claim to its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Place {
    pub(super) source: Source,
    pub(super) again: bool,
}

impl Place {
    pub(super) fn of(game: &FoundGame, heard: &Heard, by: Attribution) -> Place {
        let source = match (heard.from, by) {
            (Some(ip), _) => Source::Sender(ip),
            (None, Attribution::Senders) => Source::Unheard,
            (None, Attribution::Claims) => Source::Claimed(game.addresses.first().copied()),
        };
        Place {
            source,
            again: heard.again,
        }
    }
}

/// The listed game (an index into `places`, in the order listed) that
/// gives way to a game from `source` not listed yet: the weakest of
/// `source` when it holds [`MAX_PER_SOURCE`]; when the list is full, the
/// weakest of the sources holding the most; else none.
pub(super) fn giving_way(places: &[Place], source: Source) -> Option<usize> {
    let held = held(places);
    if held.get(&source).copied().unwrap_or(0) >= MAX_PER_SOURCE {
        return weakest(places, |p| p.source == source);
    }
    if places.len() < MAX_GAMES {
        return None;
    }
    let most = held.values().copied().max()?;
    weakest(places, |p| held[&p.source] == most)
}

/// The listed game that gives way when `source` holds more than
/// [`MAX_PER_SOURCE`] (a game found to come from it after it was listed).
pub(super) fn over(places: &[Place], source: Source) -> Option<usize> {
    let held = held(places).get(&source).copied().unwrap_or(0);
    (held > MAX_PER_SOURCE)
        .then(|| weakest(places, |p| p.source == source))
        .flatten()
}

fn held(places: &[Place]) -> HashMap<Source, usize> {
    let mut held = HashMap::new();
    for p in places {
        *held.entry(p.source).or_default() += 1;
    }
    held
}

/// Of the places `among` picks, one not heard again before one that
/// was, then the one listed last.
fn weakest(places: &[Place], among: impl Fn(&Place) -> bool) -> Option<usize> {
    places
        .iter()
        .enumerate()
        .filter(|(_, p)| among(p))
        .min_by_key(|(i, p)| (p.again, std::cmp::Reverse(*i)))
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(last: u8, again: bool) -> Place {
        Place {
            source: Source::Sender(IpAddr::from([10, 0, 0, last])),
            again,
        }
    }

    #[test]
    fn a_full_source_gives_way_first_from_itself_the_unconfirmed_last_listed() {
        let mut places = vec![
            place(1, true),
            place(1, false),
            place(1, false),
            place(2, false),
        ];
        assert_eq!(giving_way(&places, place(1, false).source), None);
        places.insert(1, place(1, false));
        assert_eq!(giving_way(&places, place(1, false).source), Some(3));
        assert_eq!(giving_way(&places, place(3, false).source), None);
        assert_eq!(over(&places, place(1, false).source), None);
        places.push(place(1, true));
        assert_eq!(over(&places, place(1, false).source), Some(3));
    }

    #[test]
    fn a_full_list_gives_way_from_the_most_crowded_sources() {
        let mut places: Vec<Place> = (0..MAX_GAMES).map(|i| place(i as u8, i == 63)).collect();
        // All hold one: the last listed not heard again.
        assert_eq!(giving_way(&places, place(200, false).source), Some(62));
        places[5] = place(7, false);
        assert_eq!(giving_way(&places, place(200, false).source), Some(7));
    }

    #[test]
    fn heard_again_only_after_a_pause_and_from_its_first_ipv4_address() {
        let t = Instant::now();
        let mut heard = Heard::default();
        let v6: IpAddr = "fe80::1".parse().unwrap();
        let v4 = IpAddr::from([10, 0, 0, 1]);
        assert!(heard.hear(v6, t));
        assert!(heard.hear(v4, t + Duration::from_millis(1)));
        assert!(!heard.hear(v6, t + Duration::from_millis(2)));
        assert!(!heard.hear(IpAddr::from([10, 0, 0, 2]), t + Duration::from_millis(500)));
        assert!(!heard.again());
        assert!(!heard.hear(v4, t + AGAIN));
        assert!(heard.again());
        assert_eq!(heard.from, Some(v4));
    }
}
