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
//! unsettled: the proofs cannot all hold. Which of them falls is read from
//! the area they stand in: where the living chains around it are all of
//! one colour, that colour's stones are the ones re-established, and the
//! other colour's stones are invaders whose capture stands. A chain that
//! also touches a living attacker chain keeps its proof, as in a capturing
//! race left at stoppage (the booklet's 珍形4 after White's C7: the one who
//! moves first wins, and the thirteen white stones are dead). Captures that
//! rest on the ko rule of Art. 7.2 (their proof holds a pass for a ko) are
//! kept, as in the booklet's 本コウ left open, where both sides' stones are
//! dead and the area needs teire.

use super::grid::Grid;
use super::proof::Proof;
use super::verdict::{Analysis, Reason, Status};
use crate::board::Board;
use crate::color::Color;

/// A chain's status, its reason, and its proof, by chain number.
type Verdict = (Status, Reason, Option<Proof>);

/// Leaves unsettled each chain proven dead by a plain capture whose every
/// neighbouring chain of the attacker is proven dead by capture itself,
/// unless the area they stand in is the attacker's: then the chain is the
/// invader, and it is its capturers whose capture is answered.
pub(super) fn unprove(grid: &Grid, verdicts: &mut [Verdict]) {
    let captured: Vec<bool> = verdicts
        .iter()
        .map(|v| matches!(v.1, Reason::Captured { .. }) && v.0 == Status::Dead)
        .collect();
    for c in 0..verdicts.len() {
        let Reason::Captured {
            attacker,
            first,
            ko: false,
        } = verdicts[c].1
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
        if answered && owner(grid, verdicts, &captured, c) != Some(attacker) {
            verdicts[c] = (
                Status::Unsettled,
                Reason::CaptureAnswered { attacker, first },
                None,
            );
        }
    }
}

/// The colour whose living chains alone close the area of chain `c`: the
/// points reached from it through empty points and chains proven captured
/// (`captured`), bordered by chains all proven alive and all of one
/// colour. `None` when a border chain is of each colour or not proven
/// alive: then no one owns the area, and touching chains proven captured
/// by each other cannot all be so.
fn owner(grid: &Grid, verdicts: &[Verdict], captured: &[bool], c: usize) -> Option<Color> {
    let start = grid.chains[c][0];
    let through = |g: &Grid, i: usize| g.chain_of[i] == usize::MAX || captured[g.chain_of[i]];
    let area = grid.flood(start, through);
    let mut colour = None;
    for border in grid.chains_around(&area) {
        if captured[border] {
            continue;
        }
        if verdicts[border].0 != Status::Alive || colour.is_some_and(|k| k != grid.color(border)) {
            return None;
        }
        colour = Some(grid.color(border));
    }
    colour
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
