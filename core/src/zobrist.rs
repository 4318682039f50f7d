//! Zobrist keys for position hashing.
//!
//! The keys come from a fixed seed through splitmix64, so both peers of a
//! networked game compute the same hash for the same position without any
//! randomness entering the core.

use crate::color::Color;

/// Padded index space of the largest board: (25 + 2)².
pub(crate) const MAX_CELLS: usize = 27 * 27;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build() -> ([[u64; 2]; MAX_CELLS], u64) {
    let mut keys = [[0u64; 2]; MAX_CELLS];
    let mut state = 0x6B61_6973_686F_2D31; // "kaisho-1"
    let mut i = 0;
    while i < MAX_CELLS {
        let (s1, a) = splitmix64(state);
        let (s2, b) = splitmix64(s1);
        keys[i] = [a, b];
        state = s2;
        i += 1;
    }
    let (_, white_to_move) = splitmix64(state);
    (keys, white_to_move)
}

const TABLE: ([[u64; 2]; MAX_CELLS], u64) = build();

/// The key of a stone of `color` on padded cell `index`.
#[inline]
pub(crate) fn stone(index: usize, color: Color) -> u64 {
    TABLE.0[index][color.index()]
}

/// The key xor-ed in when White is to move.
#[inline]
pub(crate) fn side_to_move(color: Color) -> u64 {
    match color {
        Color::Black => 0,
        Color::White => TABLE.1,
    }
}
