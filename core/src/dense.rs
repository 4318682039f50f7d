//! Points of an n×n board as dense indices (row-major, no padding), the
//! layout the count and the life analysis copy the board into.

/// The indices next to `i` on an `n`×`n` board.
pub(crate) fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [
        (r > 0).then(|| i - n),
        (c > 0).then(|| i - 1),
        (c + 1 < n).then(|| i + 1),
        (r + 1 < n).then(|| i + n),
    ]
    .into_iter()
    .flatten()
}
