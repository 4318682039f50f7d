//! The draft read in slices: the core cannot read a clock, so the caller
//! gives each slice a node quota, shows what is proven so far, and gives
//! more while chains are still open.
//!
//! The estimate's playouts are read with the first slice, so the draft is
//! complete from the start: every chain no proof settles yet has its
//! estimated verdict. They are read again only when new verdicts take
//! other dead stones off the positions they start from
//! (`estimate::settled`). Each [`Reading::step`] then analyses the
//! position again with a larger node budget. Outcomes already settled are
//! kept (a chain proven alive or dead costs nothing the next time), so the
//! work goes to the chains still unproven, and a proof, when it comes,
//! replaces the estimate.

use super::estimate::Settled;
use super::status::{Spend, analyse_spending};
use super::verdict::{Analysis, Limits, Status};
use crate::board::Board;
use crate::point::Point;

/// An analysis that can be deepened by further node quotas.
pub struct Reading {
    board: Board,
    limits: Limits,
    spend: Spend,
    settled: Settled,
    proven: Analysis,
    draft: Analysis,
}

impl Reading {
    /// The first slice: the analysis of `board` within `limits`, completed
    /// by the estimate (playouts seeded with the Zobrist key of the
    /// position they start from, so both sides of a network game read the
    /// same draft).
    #[must_use]
    pub fn new(board: &Board, limits: Limits) -> Reading {
        let mut spend = Spend::default();
        let proven = analyse_spending(board, &limits, &mut spend, None);
        let mut settled = Settled::default();
        let draft = settled.complete(&proven, board);
        Reading {
            board: board.clone(),
            limits,
            spend,
            settled,
            proven,
            draft,
        }
    }

    /// One more slice of at most `quota` search nodes, which may also go to
    /// a single chain; returns the draft after it.
    pub fn step(&mut self, quota: u64) -> &Analysis {
        self.read(quota, None)
    }

    /// One more slice of at most `quota` search nodes on the chains the
    /// draft leaves unsettled alone (see [`Limits::nodes_unsettled`]);
    /// returns the draft after it.
    pub fn step_unsettled(&mut self, quota: u64) -> &Analysis {
        let open: Vec<Point> = self
            .draft
            .unsettled()
            .flat_map(|c| c.stones.iter().copied())
            .collect();
        self.read(quota, Some(&open))
    }

    fn read(&mut self, quota: u64, focus: Option<&[Point]>) -> &Analysis {
        self.limits = self.limits.read_on(self.proven.nodes, quota);
        self.proven = analyse_spending(&self.board, &self.limits, &mut self.spend, focus);
        self.draft = self.settled.complete(&self.proven, &self.board);
        &self.draft
    }

    /// The draft so far: the proven verdicts and the estimate for the rest.
    #[must_use]
    pub fn analysis(&self) -> &Analysis {
        &self.draft
    }

    /// The proven verdicts alone, without the estimate.
    #[must_use]
    pub fn proven(&self) -> &Analysis {
        &self.proven
    }

    /// Whether every chain is proven, so that further slices change nothing.
    #[must_use]
    pub fn done(&self) -> bool {
        self.proven
            .chains
            .iter()
            .all(|c| c.status != Status::Unsettled)
    }
}
