//! What the search asks of a node's chains, read at most once per node.

use crate::board::Board;

/// The liberties of chains of one position, by their [`Board::chain_at`]
/// numbers, each chain walked at most once: the move order asks which
/// chains beside a point have two liberties and the children's keys which
/// are in atari, of the chains beside every point, and one chain touches
/// many points of a node.
#[derive(Default)]
pub(super) struct LibertyCounts(Vec<(u16, usize)>);

impl LibertyCounts {
    /// Forgets what was read, for another position.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Whether chain `chain` of `board` has exactly `count` liberties; a
    /// chain whose pseudo-liberties rule that out is not walked.
    pub fn has(&mut self, board: &Board, chain: u16, count: usize) -> bool {
        if !board.chain_may_have_liberties(chain, count) {
            return false;
        }
        self.count(board, chain) == count
    }

    /// How many liberties chain `chain` of `board` has.
    pub fn count(&mut self, board: &Board, chain: u16) -> usize {
        if let Some(&(_, known)) = self.0.iter().find(|&&(c, _)| c == chain) {
            return known;
        }
        let known = board.chain_liberty_count(chain);
        self.0.push((chain, known));
        known
    }
}
