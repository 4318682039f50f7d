//! Whole-board repetition (J1989 Art. 12, Net Kiin Art. 16).
//!
//! Every position the game passes through is remembered by its Zobrist key
//! (stones and side to move). A stone that recreates a remembered position is
//! a repetition: either player may then offer no-result; if it is declined,
//! such stones are refused from then on.

use crate::color::Color;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Zobrist keys are already uniformly spread: hash them as they are.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

pub(crate) type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// Where the game stands on no-result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoResultState {
    /// No position has repeated.
    Clear,
    /// Move `at_move` recreated an earlier position; no-result may be offered.
    Repeated { at_move: u32 },
    /// `by` has offered no-result; the opponent may accept or decline.
    Offered { by: Color, at_move: u32 },
    /// No-result was declined: repeating moves are refused for the rest of the game.
    Declined,
}
