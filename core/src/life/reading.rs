//! The draft read in slices: the core cannot read a clock, so the caller
//! gives each slice a node quota, shows what is proven so far, and gives
//! more while chains are still open.
//!
//! Each [`Reading::step`] analyses the position again with a larger node
//! budget. Outcomes already settled are kept (a chain proven alive or dead
//! costs nothing the next time), so the work goes to the chains still
//! unsettled.

use super::status::{Analysis, Limits, Spend, Status, analyse_spending};
use crate::board::Board;

/// An analysis that can be deepened by further node quotas.
pub struct Reading {
    board: Board,
    limits: Limits,
    spend: Spend,
    analysis: Analysis,
}

impl Reading {
    /// The first slice: the analysis of `board` within `limits`.
    #[must_use]
    pub fn new(board: &Board, limits: Limits) -> Reading {
        let mut spend = Spend::default();
        let analysis = analyse_spending(board, &limits, &mut spend);
        Reading {
            board: board.clone(),
            limits,
            spend,
            analysis,
        }
    }

    /// One more slice of at most `quota` search nodes, which may also go to
    /// a single chain; returns the analysis after it.
    pub fn step(&mut self, quota: u64) -> &Analysis {
        self.limits.nodes_total = self.analysis.nodes.saturating_add(quota);
        self.limits.nodes_per_chain = self.limits.nodes_per_chain.saturating_add(quota);
        self.analysis = analyse_spending(&self.board, &self.limits, &mut self.spend);
        &self.analysis
    }

    /// The analysis so far.
    #[must_use]
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// Whether every chain is settled, so that further slices change nothing.
    #[must_use]
    pub fn done(&self) -> bool {
        self.analysis
            .chains
            .iter()
            .all(|c| c.status != Status::Unsettled)
    }
}
