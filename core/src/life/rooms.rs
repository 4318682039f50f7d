//! Rooms: the empty regions of at least [`OPEN_AREA`] points a chain
//! reaches into with [`OPEN_LIBERTIES`] liberties or more, and the sizes
//! from which a region is open. Both the static passes (`benson`, `open`,
//! the enclosure of `proof`) and the estimate ask about them, so they sit
//! below all of those, on the grid alone.

use super::grid::Grid;

/// The fewest liberties in the open region that make a chain a wall.
pub const OPEN_LIBERTIES: usize = 2;
/// The size from which an empty region counts as open for a captured
/// chain: in a region this large whose border is not all safe, its owner
/// may still establish stones after the capture (Art. 7.1), which no
/// search here proves impossible, so the capture is no proof of death.
pub const OPEN_AREA: usize = 25;

/// The empty regions of at least [`OPEN_AREA`] points in which chain `c`
/// has [`OPEN_LIBERTIES`] liberties.
fn rooms(grid: &Grid, c: usize) -> impl Iterator<Item = Vec<usize>> + '_ {
    grid.empty_regions().into_iter().filter(move |region| {
        region.len() >= OPEN_AREA
            && region
                .iter()
                .filter(|&&p| grid.neighbours(p).any(|m| grid.chain_of[m] == c))
                .count()
                >= OPEN_LIBERTIES
    })
}

/// The largest room of chain `c` whose border holds a chain, other than
/// `c`, not known `safe`: the room where a capture of `c` leaves its owner
/// free to establish stones again.
pub(crate) fn open_area(grid: &Grid, c: usize, safe: &[bool]) -> Option<usize> {
    rooms(grid, c)
        .filter(|region| {
            grid.chains_around(region)
                .into_iter()
                .any(|other| other != c && !safe[other])
        })
        .map(|region| region.len())
        .max()
}

/// Whether chain `c` faces a room at all, whoever surrounds it: with that
/// much empty space next to it, no static rule proves that its owner can
/// establish no stones there (Art. 7.1); only a search may.
pub(crate) fn faces_room(grid: &Grid, c: usize) -> bool {
    rooms(grid, c).next().is_some()
}

/// The size above which an empty region is open for the walls around it:
/// nobody's territory, where play has not ended. It was the largest area
/// the search took; it stays at that when the search takes larger areas,
/// so that shapes drawn beside a half-empty 9×9 board are still judged
/// each on its own.
pub const WIDE_REGION: usize = 40;

/// The size of the widest room chain `c` faces, if any.
pub(crate) fn widest_room(grid: &Grid, c: usize) -> Option<usize> {
    rooms(grid, c).map(|region| region.len()).max()
}

/// Whether every room chain `c` faces is closed: bordered, besides `c`,
/// only by chains `closing` accepts. A room its owner's living stones also
/// border, or one whose walls are not known to live, is an open area where
/// play goes on, not the other side's territory, and nothing may be called
/// dead for facing it.
pub(crate) fn in_closed_room(grid: &Grid, c: usize, closing: impl Fn(usize) -> bool) -> bool {
    rooms(grid, c).all(|region| {
        grid.chains_around(&region)
            .into_iter()
            .all(|other| other == c || closing(other))
    })
}
