//! Who gets a place among the connection attempts a port serves at once.
//!
//! An address proves first that it hears the host: a connection's first
//! Initial is answered with a stateless QUIC Retry, and only an Initial
//! that returns the Retry's token takes a place. A flood of Initials from
//! addresses that never read the answer (forged, or sent blind) so holds
//! nothing.
//!
//! Places are then shared between addresses: at most [`PER_SOURCE`] for one
//! address and [`IN_FLIGHT`] in all. When all are taken, a newcomer from an
//! address holding fewer places than the most crowded one takes that
//! address's oldest place, whose attempt ends. So addresses that complete
//! handshakes and then fall silent can hold the places only by being more
//! numerous than the places, and never push out the one attempt of the
//! partner, which is newer than theirs and from an address with fewer.
//!
//! When a port whose places a flood took falls quiet (every place given
//! back after every place was held at once), the memory the attempts
//! freed is given back to the system ([`crate::memory`]).

use crate::memory;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::task::{AbortHandle, JoinSet};

/// Attempts in flight from one IP address; more are refused at once, so
/// one machine cannot crowd the partner out.
pub const PER_SOURCE: usize = 8;

/// Attempts in flight in all, over every address.
pub const IN_FLIGHT: usize = 64;

/// The places of one port, shared by the attempts in flight there.
#[derive(Clone, Default)]
pub(crate) struct Admission(Arc<Mutex<Places>>);

impl Admission {
    fn places(&self) -> MutexGuard<'_, Places> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Serves `incoming` with `serve`, as a task of `tasks`, when it has a
    /// place: answered with a Retry while its address is not proven, refused
    /// when fairness leaves it no place. The place is given back when the
    /// task ends, and the task is ended when a newcomer takes its place.
    pub(crate) fn serve<T, F>(
        &self,
        incoming: quinn::Incoming,
        tasks: &mut JoinSet<T>,
        serve: impl FnOnce(quinn::Incoming) -> F,
    ) where
        T: Send + 'static,
        F: Future<Output = T> + Send + 'static,
    {
        let Some((incoming, place)) = self.admit(incoming) else {
            return;
        };
        let (ip, ticket) = (place.ip, place.ticket);
        let served = serve(incoming);
        let task = tasks.spawn(async move {
            let ended = served.await;
            drop(place);
            ended
        });
        self.places().hold(ip, ticket, task);
    }

    fn admit(&self, incoming: quinn::Incoming) -> Option<(quinn::Incoming, Place)> {
        if !incoming.remote_address_validated() && incoming.may_retry() {
            // A Retry cannot fail for an unproven address that may retry;
            // if it did, the client's next Initial asks again.
            let _ = incoming.retry();
            return None;
        }
        let ip = incoming.remote_address().ip();
        let claimed = self.places().claim(ip);
        let Some((ticket, pushed_out)) = claimed else {
            incoming.refuse();
            return None;
        };
        if let Some(task) = pushed_out {
            task.abort();
        }
        let place = Place {
            ip,
            ticket,
            admission: self.clone(),
        };
        Some((incoming, place))
    }
}

/// One attempt's place, given back when the attempt ends.
struct Place {
    ip: IpAddr,
    ticket: u64,
    admission: Admission,
}

impl Drop for Place {
    fn drop(&mut self) {
        let quiet_after_flood = self.admission.places().give_back(self.ip, self.ticket);
        if quiet_after_flood {
            memory::give_back_freed();
        }
    }
}

/// The places held, per address, oldest first.
#[derive(Default)]
struct Places {
    next: u64,
    held: HashMap<IpAddr, VecDeque<Held>>,
    /// Whether every place has been held at once since the port was last
    /// quiet after a flood.
    filled: bool,
}

/// One place held: its ticket (in order of arrival) and the task serving
/// it, once known.
struct Held {
    ticket: u64,
    task: Option<AbortHandle>,
}

impl Places {
    fn count(&self, ip: IpAddr) -> usize {
        self.held.get(&ip).map_or(0, VecDeque::len)
    }

    fn total(&self) -> usize {
        self.held.values().map(VecDeque::len).sum()
    }

    /// A place for one more attempt from `ip`: its ticket, and the task
    /// of the place it took from a more crowded address, if it took one.
    fn claim(&mut self, ip: IpAddr) -> Option<(u64, Option<AbortHandle>)> {
        let mine = self.count(ip);
        if mine >= PER_SOURCE {
            return None;
        }
        let mut pushed_out = None;
        if self.total() >= IN_FLIGHT {
            let crowded = self.most_crowded().filter(|c| self.count(*c) > mine)?;
            let queue = self.held.get_mut(&crowded)?;
            pushed_out = queue.pop_front().and_then(|held| held.task);
            if queue.is_empty() {
                self.held.remove(&crowded);
            }
        }
        let ticket = self.next;
        self.next += 1;
        self.held
            .entry(ip)
            .or_default()
            .push_back(Held { ticket, task: None });
        self.filled |= self.total() >= IN_FLIGHT;
        Some((ticket, pushed_out))
    }

    /// The address holding the most places; among equals, the one whose
    /// oldest place is the oldest of all.
    fn most_crowded(&self) -> Option<IpAddr> {
        self.held
            .iter()
            .filter_map(|(ip, queue)| Some((*ip, queue.len(), queue.front()?.ticket)))
            .max_by(|a, b| a.1.cmp(&b.1).then(b.2.cmp(&a.2)))
            .map(|(ip, _, _)| ip)
    }

    fn hold(&mut self, ip: IpAddr, ticket: u64, task: AbortHandle) {
        if let Some(held) = self
            .held
            .get_mut(&ip)
            .and_then(|q| q.iter_mut().find(|h| h.ticket == ticket))
        {
            held.task = Some(task);
        }
    }

    /// Gives a place back; whether that leaves the port quiet after a
    /// flood: no place held, and every place held at once since it was
    /// last so. (Counting the places granted instead missed a flood that
    /// took every place and held them all to its end: exactly as many
    /// granted as there are places, and the memory never given back.)
    fn give_back(&mut self, ip: IpAddr, ticket: u64) -> bool {
        if let Some(queue) = self.held.get_mut(&ip) {
            queue.retain(|h| h.ticket != ticket);
            if queue.is_empty() {
                self.held.remove(&ip);
            }
        }
        let quiet_after_flood = self.held.is_empty() && self.filled;
        if quiet_after_flood {
            self.filled = false;
        }
        quiet_after_flood
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, n])
    }

    /// Claims places from `addresses` addresses in turn until every place
    /// is taken; returns the places granted.
    fn fill(places: &mut Places, addresses: u8) -> Vec<(IpAddr, u64)> {
        let mut granted = Vec::new();
        for _ in 0..PER_SOURCE {
            for a in 0..addresses {
                if places.total() < IN_FLIGHT {
                    let (ticket, pushed_out) = places.claim(ip(a + 2)).expect("a free place");
                    assert!(pushed_out.is_none());
                    granted.push((ip(a + 2), ticket));
                }
            }
        }
        granted
    }

    #[test]
    fn one_address_holds_at_most_its_share() {
        let mut places = Places::default();
        for _ in 0..PER_SOURCE {
            assert!(places.claim(ip(2)).is_some());
        }
        assert!(places.claim(ip(2)).is_none());
        assert_eq!(places.total(), PER_SOURCE);
    }

    #[test]
    fn a_newcomer_takes_the_oldest_place_of_the_most_crowded_address() {
        let mut places = Places::default();
        let granted = fill(&mut places, 16);
        assert_eq!(places.total(), IN_FLIGHT);
        assert_eq!(granted.len(), IN_FLIGHT);
        // Every address holds four; the partner's one attempt gets in and
        // the oldest place of all (127.0.0.2's first) is the one taken.
        let (ticket, _) = places.claim(ip(1)).expect("the partner gets a place");
        assert_eq!(places.total(), IN_FLIGHT);
        assert_eq!(places.count(ip(1)), 1);
        assert_eq!(places.count(ip(2)), 3);
        assert!(!places.held[&ip(2)].iter().any(|h| h.ticket == granted[0].1));
        // However long the crowd goes on, it only takes places from
        // itself: each of its addresses holds more than the partner's one.
        for n in 0..1000u32 {
            let a = u8::try_from(n % 16).unwrap();
            let _ = places.claim(ip(a + 2));
            assert_eq!(places.total(), IN_FLIGHT);
            assert!(places.held[&ip(1)].iter().any(|h| h.ticket == ticket));
        }
    }

    #[test]
    fn more_addresses_than_places_push_out_the_oldest_first() {
        let mut places = Places::default();
        for a in 0..IN_FLIGHT {
            let a = u8::try_from(a).unwrap();
            assert!(places.claim(IpAddr::from([10, 0, 0, a])).is_some());
        }
        let (partner, _) = places.claim(ip(1)).expect("a place, the oldest's");
        assert_eq!(places.count(IpAddr::from([10, 0, 0, 0])), 0);
        // The partner's place is the newest: the next newcomers take the
        // older ones first.
        for a in 1..IN_FLIGHT {
            let a = u8::try_from(a).unwrap();
            assert!(places.claim(IpAddr::from([10, 0, 1, a])).is_some());
        }
        assert!(places.held[&ip(1)].iter().any(|h| h.ticket == partner));
        assert_eq!(places.total(), IN_FLIGHT);
    }

    #[test]
    fn a_port_falls_quiet_after_a_flood_when_its_last_place_is_given_back() {
        let mut places = Places::default();
        // As many attempts as there are places, one after another: no flood.
        for _ in 0..IN_FLIGHT {
            let (ticket, _) = places.claim(ip(2)).expect("a free place");
            assert!(!places.give_back(ip(2), ticket));
        }
        // Every place taken, more attempts than places in all: a flood,
        // over when the last place is given back.
        let granted = fill(&mut places, 16);
        let (last, rest) = granted.split_last().expect("places");
        for &(address, ticket) in rest {
            assert!(!places.give_back(address, ticket), "places still held");
        }
        assert!(places.give_back(last.0, last.1));
        // Counted again from there.
        let (ticket, _) = places.claim(ip(2)).expect("a free place");
        assert!(!places.give_back(ip(2), ticket));
    }

    /// The report: a flood that took every place and held them all to its
    /// end (exactly as many granted as there are places) never counted as
    /// a flood, and its memory stayed taken.
    #[test]
    fn a_flood_that_takes_every_place_once_is_a_flood() {
        let mut places = Places::default();
        let granted = fill(&mut places, 16);
        assert_eq!(granted.len(), IN_FLIGHT);
        let (last, rest) = granted.split_last().expect("places");
        for &(address, ticket) in rest {
            assert!(!places.give_back(address, ticket), "places still held");
        }
        assert!(places.give_back(last.0, last.1));
    }

    #[test]
    fn places_given_back_are_free_again() {
        let mut places = Places::default();
        let granted = fill(&mut places, 8);
        assert_eq!(places.total(), IN_FLIGHT);
        assert!(places.claim(ip(2)).is_none());
        for (address, ticket) in granted {
            places.give_back(address, ticket);
        }
        assert_eq!(places.total(), 0);
        assert!(places.held.is_empty());
        assert!(places.claim(ip(2)).is_some());
    }
}
