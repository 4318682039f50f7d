//! The automatic draft of dead stones and the check of a proposal.
//!
//! After stoppage the game offers [`Game::auto_draft`]'s dead set as the
//! first proposal (the agreement after stoppage of J1989 第九条, and the
//! Net Kiin rules' 第十二条 終局処理: each side drafts a proposal marking
//! the dead stones). Whatever either player proposes,
//! [`check`] lists the chains whose marking contradicts Article 7, so the
//! interface can warn before anyone accepts; the players still decide.

use super::estimate::Settled;
use super::status::{Spend, analyse, analyse_spending};
use super::verdict::{Analysis, Limits, Reason, Status};
use crate::board::Board;
use crate::color::Color;
use crate::game::Game;
use crate::point::Point;

/// What a finding says about a chain or an area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// Marked dead, but Article 7 finds it alive (or in seki).
    MarkedDeadButAlive,
    /// Left on the board as alive, but Article 7 finds it dead.
    LeftAliveButDead,
    /// The search could not settle it; the players decide.
    Unsettled,
    /// Dead stones of both colours share an area, as in an open 本コウ:
    /// both sides' stones there are dead and the area counts for nobody
    /// until one side resolves it with a defending move (手入れ), which
    /// needs the game resumed (Art. 9.3).
    TeireNeeded,
}

/// One warning about a proposal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What is wrong, or what needs doing.
    pub kind: FindingKind,
    /// The stones concerned, sorted.
    pub stones: Vec<Point>,
    /// Their colour, when they are one chain.
    pub color: Option<Color>,
    /// Why, for a chain (the verdict's reason); `None` for an area that
    /// needs teire, whose stones say where.
    pub reason: Option<Reason>,
}

/// The dead stones of the complete draft of a stopped position: proven
/// by Article 7 or estimated.
#[must_use]
pub fn draft(board: &Board, limits: &Limits) -> Vec<Point> {
    complete(board, limits).dead()
}

/// The complete draft of a stopped position: the proven verdicts of
/// [`analyse`], and the estimate for every chain they leave unsettled. The
/// estimate's playouts start from the position with the dead stones inside
/// living walls taken off (`estimate::settled`), and draw their random
/// numbers from that position's Zobrist key, so both sides of a network
/// game draw the same draft.
#[must_use]
pub fn complete(board: &Board, limits: &Limits) -> Analysis {
    let mut spend = Spend::default();
    let proven = analyse_spending(board, limits, &mut spend, None);
    if proven.unsettled().next().is_none() {
        return proven;
    }
    let mut settled = Settled::default();
    let draft = settled.complete(&proven, board);
    let open: Vec<Point> = draft.unsettled().flat_map(|c| c.stones.clone()).collect();
    if open.is_empty() || limits.nodes_unsettled == 0 {
        return draft;
    }
    let deeper = limits.read_on(proven.nodes, limits.nodes_unsettled);
    let proven = analyse_spending(board, &deeper, &mut spend, Some(&open));
    settled.complete(&proven, board)
}

/// The findings on `proposal` (dead stones, any stone of a chain marks the
/// chain), from a fresh analysis of `board`.
#[must_use]
pub fn check(board: &Board, proposal: &[Point], limits: &Limits) -> Vec<Finding> {
    findings(&analyse(board, limits), board, proposal)
}

/// The findings on `proposal` against an analysis already made of `board`.
#[must_use]
pub fn findings(analysis: &Analysis, board: &Board, proposal: &[Point]) -> Vec<Finding> {
    let mut out = Vec::new();
    for chain in &analysis.chains {
        let marked = chain.stones.iter().any(|p| proposal.contains(p));
        let kind = match (chain.status, marked) {
            (Status::Alive | Status::Seki, true) => FindingKind::MarkedDeadButAlive,
            (Status::Dead, false) => FindingKind::LeftAliveButDead,
            (Status::Unsettled, _) => FindingKind::Unsettled,
            _ => continue,
        };
        out.push(Finding {
            kind,
            stones: chain.stones.clone(),
            color: Some(chain.color),
            reason: Some(chain.reason),
        });
    }
    out.extend(teire(analysis, board));
    out
}

/// Areas where dead stones of both colours meet: teire is needed there.
fn teire(analysis: &Analysis, board: &Board) -> Vec<Finding> {
    let alive =
        |p: Point| board.get(p).is_some() && analysis.status(p).is_some_and(|s| s != Status::Dead);
    let mut seen: Vec<Point> = Vec::new();
    let mut out = Vec::new();
    for start in analysis.dead() {
        if seen.contains(&start) {
            continue;
        }
        let mut region = vec![start];
        let mut k = 0;
        while k < region.len() {
            for n in board.adjacent(region[k]).collect::<Vec<_>>() {
                if !alive(n) && !region.contains(&n) {
                    region.push(n);
                }
            }
            k += 1;
        }
        seen.extend(region.iter().copied());
        let mut dead: Vec<Point> = region
            .into_iter()
            .filter(|&p| board.get(p).is_some())
            .collect();
        let colours = |c: Color| dead.iter().any(|&p| board.get(p) == Some(c));
        if colours(Color::Black) && colours(Color::White) {
            dead.sort_unstable();
            out.push(Finding {
                kind: FindingKind::TeireNeeded,
                reason: None,
                stones: dead,
                color: None,
            });
        }
    }
    out
}

impl Game {
    /// The complete draft of the stopped position (see [`complete`]); its
    /// [`Analysis::dead`] is the draft the ending phase offers as the first
    /// proposal, and its verdicts give each chain's reason.
    #[must_use]
    pub fn auto_draft(&self, limits: &Limits) -> Analysis {
        complete(self.board(), limits)
    }
}
