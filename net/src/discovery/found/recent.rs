//! A map of names that holds at most so many and forgets the one set
//! longest ago first: what is learnt of games from the network is kept
//! within bounds however many names a flood makes up.

use std::collections::{HashMap, VecDeque};

#[derive(Clone, Debug)]
pub(super) struct Recent<T> {
    cap: usize,
    /// The number the next name set is stamped with.
    next: u64,
    items: HashMap<String, (u64, T)>,
    /// The names in the order set, each with its stamp then; a name set
    /// again or taken leaves a stale pair, skipped when reached.
    order: VecDeque<(u64, String)>,
}

impl<T> Recent<T> {
    pub(super) fn new(cap: usize) -> Recent<T> {
        Recent {
            cap,
            next: 0,
            items: HashMap::new(),
            order: VecDeque::new(),
        }
    }

    pub(super) fn get_mut(&mut self, name: &str) -> Option<&mut T> {
        self.items.get_mut(name).map(|(_, value)| value)
    }

    pub(super) fn take(&mut self, name: &str) -> Option<T> {
        self.items.remove(name).map(|(_, value)| value)
    }

    /// Sets `name` as the newest, forgetting the oldest past the bound
    /// (and stale pairs, so the order stays within twice the bound).
    pub(super) fn insert(&mut self, name: String, value: T) {
        self.next += 1;
        self.order.push_back((self.next, name.clone()));
        self.items.insert(name, (self.next, value));
        while self.items.len() > self.cap || self.order.len() > 2 * self.cap {
            let Some((stamp, name)) = self.order.pop_front() else {
                break;
            };
            if self.items.get(&name).is_some_and(|(set, _)| *set == stamp) {
                self.items.remove(&name);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_set_is_forgotten_first_and_the_order_stays_bounded() {
        let mut recent = Recent::new(3);
        for name in ["a", "b", "c"] {
            recent.insert(name.to_string(), 0);
        }
        recent.insert("a".to_string(), 1);
        recent.insert("d".to_string(), 0);
        assert_eq!(recent.take("b"), None, "b was set longest ago");
        assert_eq!(recent.get_mut("a"), Some(&mut 1));
        for i in 0..1000 {
            recent.insert(format!("n{i}"), i);
            recent.take(&format!("n{i}"));
        }
        assert!(recent.order.len() <= 6);
        assert!(recent.items.len() <= 3);
    }
}
