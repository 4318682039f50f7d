//! Why a chain is dead: the evidence every dead verdict carries, which
//! anyone can check again on the board instead of trusting the analysis.

use super::answer::Answers;
use super::benson;
use super::grid::Grid;
use super::rooms;
use super::search::Capture;
use super::two_answers::TwoAnswers;
use crate::board::Board;
use crate::point::Point;

/// The evidence for a dead verdict, or for a living chain proven alive
/// without search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The hypothetical play captures the chain for good against every
    /// defence in its area (Art. 7.1, with the 7.2 ko bans).
    Capture(Capture),
    /// The chain stands in a closed region of the opponent's (see
    /// [`Enclosure`]): the booklet's plain case of stones left inside a
    /// territory.
    Enclosed(Enclosure),
    /// The chain lives: whatever the opponent plays first, an answer makes
    /// it unconditionally alive (see [`Answers`]).
    Lives(Answers),
    /// The chain lives: whatever the opponent plays first, an answer
    /// leaves it living by one answer (see [`TwoAnswers`]).
    LivesByTwo(TwoAnswers),
}

impl Proof {
    /// Checks the evidence again on `board`; `Err` says what fails.
    pub fn verify(&self, board: &Board) -> Result<(), String> {
        match self {
            Proof::Capture(capture) => capture.verify(board),
            Proof::Enclosed(enclosure) => enclosure.verify(board),
            Proof::Lives(answers) => answers.verify(board),
            Proof::LivesByTwo(answers) => answers.verify(board),
        }
    }
}

/// A chain inside a closed territory of the other colour: the region of
/// points without the owner's stones around it holds at most `limit`
/// points, passes the large-territory test of [`benson`] (few invaders, no
/// room for two invader eyes), and every chain bordering it is safe by
/// the static test alone, without any search; and when the chain has two
/// liberties in an empty area of [`rooms::OPEN_AREA`] points or more, the
/// region is closed by one chain of the owner (a wall of several chains
/// with that much room beside it may be cut, which the large-territory
/// test does not see: its owner may yet establish stones there, Art. 7.1).
/// Such a region is closed on
/// every side by living stones and too small to be an open area, and too
/// large for the invader to make two eyes against an owner who answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enclosure {
    /// A stone of the chain.
    pub stone: Point,
    /// The most points the region may hold.
    pub limit: usize,
}

impl Enclosure {
    /// The enclosure of the chain at `chain` in `grid`, if it holds.
    pub(crate) fn of(grid: &Grid, chain: usize, limit: usize) -> Option<Enclosure> {
        let owner = grid.color(chain).opponent();
        let start = grid.chains[chain][0];
        let region = grid.flood(start, |g, j| g.cells[j] != Some(owner));
        if region.len() > limit {
            return None;
        }
        let walls = grid
            .chains_around(&region)
            .into_iter()
            .filter(|&c| grid.color(c) == owner)
            .count();
        if walls > 1 && rooms::faces_room(grid, chain) {
            return None;
        }
        let safe: Vec<bool> = benson::safety(grid, benson::NOTHING_KNOWN)
            .iter()
            .map(Option::is_some)
            .collect();
        benson::inside_territory(grid, chain, &safe, benson::NOTHING_KNOWN).then(|| Enclosure {
            stone: grid.point(start),
            limit,
        })
    }

    fn verify(&self, board: &Board) -> Result<(), String> {
        let grid = Grid::new(board);
        let n = usize::from(board.size());
        let at = usize::from(self.stone.row) * n + usize::from(self.stone.col);
        if !self.stone.is_on(board.size()) || grid.cells[at].is_none() {
            return Err(format!("no stone at {}", self.stone.to_gtp(board.size())));
        }
        Enclosure::of(&grid, grid.chain_of[at], self.limit)
            .map(|_| ())
            .ok_or_else(|| {
                format!(
                    "the chain at {} is not enclosed by safe stones in a region of at most {} points",
                    self.stone.to_gtp(board.size()),
                    self.limit
                )
            })
    }
}
