//! Chains on the edge of an open area: an empty region of more than
//! [`WIDE_REGION`] points that is nobody's territory, as where a game was
//! stopped before a border was closed, or a diagram shows shapes with open
//! walls.
//!
//! Such a chain reaches at least [`OPEN_LIBERTIES`] liberties into the open
//! region. No hypothetical play inside the shapes it encloses can take it,
//! since those moves never touch the open region. So it serves as a wall
//! that cuts the board into areas, and the shapes behind it are judged on
//! their own (部分的死活論), where before the whole board was one area too
//! large to search.
//!
//! The wall itself is [`super::Status::Unsettled`]: its life depends on
//! play that has not happened in the open region, and however much room it
//! faces, room is no proof that the opponent, moving first, cannot take it
//! (Art. 7.1). Only a search or Benson's test, which need a closed area,
//! could prove it alive.

use super::benson;
use super::grid::Grid;
use super::status::{Reason, Status};

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

/// A chain facing an open region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wall {
    /// The empty points of the largest open region it faces.
    pub region: usize,
}

impl Wall {
    /// The wall's status and its reason: unsettled (see the module notes).
    pub fn verdict(self) -> (Status, Reason) {
        (
            Status::Unsettled,
            Reason::BordersOpenArea { room: self.region },
        )
    }
}

/// The size above which an empty region is open for the walls around it:
/// nobody's territory, where play has not ended. It was the largest area
/// the search took; it stays at that when the search takes larger areas,
/// so that shapes drawn beside a half-empty 9×9 board are still judged
/// each on its own.
pub const WIDE_REGION: usize = 40;

/// For each chain, the open region it faces, if it is a wall of one: a
/// chain that is not `safe`, not an invader in the other colour's
/// territory, and has [`OPEN_LIBERTIES`] liberties in an empty region of
/// more than [`WIDE_REGION`] points.
pub(crate) fn walls(grid: &Grid, safe: &[bool], known: benson::Known) -> Vec<Option<Wall>> {
    let mut out = vec![None; grid.chains.len()];
    for region in grid.empty_regions() {
        if region.len() <= WIDE_REGION {
            continue;
        }
        for c in grid.chains_around(&region) {
            let liberties = region
                .iter()
                .filter(|&&p| grid.neighbours(p).any(|m| grid.chain_of[m] == c))
                .count();
            if liberties >= OPEN_LIBERTIES
                && !safe[c]
                && !benson::inside_territory(grid, c, safe, known)
            {
                let wall = Wall {
                    region: region.len(),
                };
                if out[c].is_none_or(|known: Wall| known.region < wall.region) {
                    out[c] = Some(wall);
                }
            }
        }
    }
    out
}

/// The size of the widest room chain `c` faces, if any.
pub(crate) fn widest_room(grid: &Grid, c: usize) -> Option<usize> {
    rooms(grid, c).map(|region| region.len()).max()
}

/// Whether every room chain `c` faces is closed: bordered, besides `c`,
/// only by chains `closing` accepts. A room its owner's living stones also
/// border, or a wide one whose walls are not known to live, is an open
/// area where play goes on, not the other side's territory, and nothing
/// may be called dead for facing it.
pub(crate) fn in_closed_room(
    grid: &Grid,
    c: usize,
    closing: impl Fn(usize, usize) -> bool,
) -> bool {
    rooms(grid, c).all(|region| {
        grid.chains_around(&region)
            .into_iter()
            .all(|other| other == c || closing(other, region.len()))
    })
}
