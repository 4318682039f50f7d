//! A capture its owner answers is no proof of death (Art. 7.1).
//!
//! The search proves a capture inside one area, where the owner of the
//! captured chain may afterwards play only where the chain stood. When the
//! capturing stones are themselves dead (proven captured by the owner),
//! the owner takes them back and plays on the captured chain's point
//! again, and that stone is never taken: 取られても新たに相手方に取られない石を
//! 生じうる石, alive by the second clause of Art. 7.1. A lone stone on the
//! first line among dead enemy stones inside its owner's living group is
//! the common case. So a chain proven dead by a plain capture, all of
//! whose neighbouring attacker chains are proven dead by capture, is left
//! unsettled: the proofs cannot all hold. A chain that also touches a
//! living attacker chain keeps its proof, as in a capturing race left at
//! stoppage (the booklet's 珍形4 after White's C7: the one who moves first
//! wins, and the thirteen white stones are dead). Captures under the ko rule of Art. 7.2
//! are kept, as in the booklet's 本コウ left open, where both sides'
//! stones are dead and the area needs teire.

use super::grid::Grid;
use super::proof::Proof;
use super::verdict::{Analysis, Reason, Status};
use crate::board::Board;

/// A chain's status, its reason, and its proof, by chain number.
type Verdict = (Status, Reason, Option<Proof>);

/// Leaves unsettled each chain proven dead by a plain capture whose every
/// neighbouring chain of the attacker is proven dead by capture itself.
pub(super) fn unprove(grid: &Grid, verdicts: &mut [Verdict]) {
    let captured: Vec<bool> = verdicts
        .iter()
        .map(|v| matches!(v.1, Reason::Captured { .. }) && v.0 == Status::Dead)
        .collect();
    for (c, verdict) in verdicts.iter_mut().enumerate() {
        let Reason::Captured {
            attacker,
            first,
            ko: false,
        } = verdict.1
        else {
            continue;
        };
        let around: Vec<usize> = grid.chains[c]
            .iter()
            .flat_map(|&s| grid.neighbours(s))
            .map(|n| grid.chain_of[n])
            .filter(|&other| other != usize::MAX && grid.color(other) == attacker)
            .collect();
        let answered = !around.is_empty() && around.iter().all(|&other| captured[other]);
        if answered && verdict.0 == Status::Dead {
            *verdict = (
                Status::Unsettled,
                Reason::CaptureAnswered { attacker, first },
                None,
            );
        }
    }
}

/// The chains `analysis` holds proven dead by a capture (plain or under the
/// ko rule) whose capturing stones nothing holds alive: no neighbouring
/// chain of the attacker alive or in seki, proven or estimated, and one at
/// least not proven dead (estimated dead, or unsettled; captures whose
/// capturers are all proven dead are [`unprove`]'s). The search proved
/// the capture as if the capturing stones stood for good; when they may
/// be taken, the owner may take them and stand on the captured chain's
/// point again, so the capture proves nothing (Art. 7.1). Indices into
/// `analysis.chains`.
pub(super) fn by_estimate(analysis: &Analysis, board: &Board) -> Vec<usize> {
    let mut out = Vec::new();
    for (k, chain) in analysis.chains.iter().enumerate() {
        let Reason::Captured { attacker, .. } = chain.reason else {
            continue;
        };
        if chain.status != Status::Dead {
            continue;
        }
        let around: Vec<_> = chain
            .stones
            .iter()
            .flat_map(|&s| board.adjacent(s))
            .filter(|&n| board.get(n) == Some(attacker))
            .filter_map(|n| analysis.at(n))
            .collect();
        let living = around
            .iter()
            .any(|v| matches!(v.status, Status::Alive | Status::Seki));
        let unsure = around.iter().any(|v| !v.is_proven());
        if unsure && !living {
            out.push(k);
        }
    }
    out
}

/// Takes back the proof of `chain`, a capture [`by_estimate`] finds
/// answered: the chain is unsettled, for the estimate to judge.
pub(super) fn withdraw(chain: &mut super::verdict::ChainVerdict) {
    if let Reason::Captured {
        attacker, first, ..
    } = chain.reason
    {
        chain.status = Status::Unsettled;
        chain.reason = Reason::CaptureAnswered { attacker, first };
        chain.proof = None;
    }
}
