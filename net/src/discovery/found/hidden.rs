//! The games found but not listed: counted, so the list can say how many
//! it hides, and the latest kept whole, so one heard again can come back.
//!
//! A count must stay right when hidden games are withdrawn, so each
//! hidden game is remembered: by a 64-bit keyed hash of its name (the key
//! random per list, so names cannot be made up to collide), up to
//! [`MAX_COUNTED`] of them. Past that the count says "at least".

use super::places::Heard;
use super::recent::Recent;
use super::{FoundGame, Hidden};
use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};

/// The most hidden games counted (8 bytes each).
pub const MAX_COUNTED: usize = 65_536;
/// The most hidden games kept whole, the latest hidden.
const MAX_KEPT: usize = 1024;

/// A hidden game as it was last seen, with what its packets told.
#[derive(Clone, Debug)]
pub(super) struct Kept {
    pub(super) game: FoundGame,
    pub(super) heard: Heard,
}

#[derive(Clone, Debug)]
pub(super) struct HiddenGames {
    keys: RandomState,
    counted: HashSet<u64>,
    /// A game was hidden when [`MAX_COUNTED`] were counted already.
    uncounted: bool,
    kept: Recent<Kept>,
}

impl Default for HiddenGames {
    fn default() -> HiddenGames {
        HiddenGames {
            keys: RandomState::new(),
            counted: HashSet::new(),
            uncounted: false,
            kept: Recent::new(MAX_KEPT),
        }
    }
}

impl HiddenGames {
    fn key(&self, name: &str) -> u64 {
        self.keys.hash_one(name)
    }

    pub(super) fn hide(&mut self, game: FoundGame, heard: Heard) {
        let key = self.key(&game.instance);
        if self.counted.len() < MAX_COUNTED || self.counted.contains(&key) {
            self.counted.insert(key);
        } else {
            self.uncounted = true;
        }
        self.kept
            .insert(game.instance.clone(), Kept { game, heard });
    }

    /// A hidden game kept whole, no longer hidden.
    pub(super) fn take(&mut self, name: &str) -> Option<Kept> {
        let kept = self.kept.take(name)?;
        self.counted.remove(&self.key(name));
        Some(kept)
    }

    /// Forgets a hidden game; whether it was hidden.
    pub(super) fn remove(&mut self, name: &str) -> bool {
        let kept = self.kept.take(name).is_some();
        self.counted.remove(&self.key(name)) || kept
    }

    /// How many: once some went uncounted, at least those counted (the
    /// uncounted may have been withdrawn since, unknown).
    pub(super) fn count(&self) -> Hidden {
        match self.uncounted {
            false => Hidden::Exactly(self.counted.len()),
            true => Hidden::AtLeast(self.counted.len()),
        }
    }
}
