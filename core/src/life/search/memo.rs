//! What the search asks of a node's chains, read at most once per node.

use crate::board::Board;

/// Whether chains of one position have exactly `count` liberties, by
/// their [`Board::chain_at`] numbers, each read at most once: the move
/// order and the children's keys ask it of the chains beside every point,
/// and one chain touches many points of a node.
pub(super) struct LibertiesMemo {
    count: usize,
    known: Vec<(u16, bool)>,
}

impl LibertiesMemo {
    pub fn new(count: usize) -> LibertiesMemo {
        LibertiesMemo {
            count,
            known: Vec::new(),
        }
    }

    /// Forgets what was read, for another position.
    pub fn clear(&mut self) {
        self.known.clear();
    }

    /// Whether chain `chain` of `board` has `count` liberties.
    pub fn has(&mut self, board: &Board, chain: u16) -> bool {
        if let Some(&(_, has)) = self.known.iter().find(|&&(c, _)| c == chain) {
            return has;
        }
        let has = board.chain_has_liberties(chain, self.count);
        self.known.push((chain, has));
        has
    }
}
