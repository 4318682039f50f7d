//! Life proven by two answers: whatever the opponent plays first, its
//! owner has an answer after which the chain lives by one answer (see
//! [`super::answer`]), so the opponent can never capture it (Art. 7.1).
//!
//! The owner's plan is a `free` move and, after it, a proof of life by one
//! answer. Most first moves of the opponent's leave that plan as it is:
//! an opponent stone that captures nothing never spoils Benson's test,
//! and one that stands away from every point the plan plays or answers
//! on, and from the short liberties of the chains next to them, changes
//! neither which stones those moves capture nor which moves need an
//! answer (see `watched`). The first moves left are answered one by one,
//! each with its own proof of life by one answer.

use super::answer::{Answers, fresh, lives_by_one, near, owner_and_start, play, spoilers};
use super::grid::Grid;
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// Evidence that a chain lives by two answers, which
/// [`TwoAnswers::verify`] checks again on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoAnswers {
    /// A stone of the chain.
    pub stone: Point,
    /// The owner's move after an opponent's pass, or after any first move
    /// of the opponent's not in `replies`.
    pub free: Point,
    /// The proof of life by one answer on the board after `free`.
    pub then: Answers,
    /// The opponent's first moves that could spoil the plan, each with the
    /// owner's answer (`None`: a pass) and the proof of life by one answer
    /// on the board after both.
    pub replies: Vec<(Point, Option<Point>, Answers)>,
}

impl TwoAnswers {
    /// Checks the evidence again on `board`; `Err` says what fails.
    pub fn verify(&self, board: &Board) -> Result<(), String> {
        let gtp = |p: Point| p.to_gtp(board.size());
        let (owner, start) = owner_and_start(board, self.stone)?;
        let after_free = play(&start, owner, self.free)
            .ok_or_else(|| format!("{} cannot be played", gtp(self.free)))?;
        self.then.verify(&after_free)?;
        for y in watched(&start, &after_free, owner, self.free, &self.then) {
            let Some(after_y) = play(&start, owner.opponent(), y) else {
                continue;
            };
            let (_, answer, proof) = self
                .replies
                .iter()
                .find(|(m, _, _)| *m == y)
                .ok_or_else(|| format!("{} has no answer", gtp(y)))?;
            let after = match answer {
                None => after_y,
                Some(a) => play(&after_y, owner, *a)
                    .ok_or_else(|| format!("the answer {} cannot be played", gtp(*a)))?,
            };
            if proof.stone != self.stone || after.get(self.stone) != Some(owner) {
                return Err(format!(
                    "the answer to {} leaves no chain at {}",
                    gtp(y),
                    gtp(self.stone)
                ));
            }
            proof.verify(&after)?;
        }
        Ok(())
    }
}

/// The most owner's moves a chain's plan is looked for among: more, and
/// the look costs more than the draft's time allows.
const MAX_CANDIDATES: usize = 24;

/// A proof of life by two answers for the chain `c` of `grid` on
/// `board`, if one is found with a `free` move near the chain (an empty
/// point within two steps of its stones, next to a stone of the owner's,
/// and in one of its regions). Only worth asking of a chain that has no
/// proof by one answer; a chain with more than [`MAX_CANDIDATES`] such
/// points is not tried. `work` counts the boards played and judged, which
/// the analysis charges to its node budget.
pub(crate) fn prove(board: &Board, grid: &Grid, c: usize, work: &mut u64) -> Option<TwoAnswers> {
    let owner = grid.color(c);
    let first = grid.chains[c][0];
    let stone = grid.point(first);
    let start = fresh(board);
    let region = grid.flood(first, |g, j| {
        g.cells[j] != Some(owner) || g.chain_of[j] == c
    });
    let near_chain = |j: usize| {
        grid.neighbours(j)
            .any(|m| grid.chain_of[m] == c || grid.neighbours(m).any(|k| grid.chain_of[k] == c))
    };
    let candidates: Vec<usize> = region
        .into_iter()
        .filter(|&j| {
            grid.cells[j].is_none()
                && near_chain(j)
                && grid.neighbours(j).any(|m| grid.cells[m] == Some(owner))
        })
        .collect();
    if candidates.len() > MAX_CANDIDATES {
        return None;
    }
    for &f in &candidates {
        let free = grid.point(f);
        *work += 1;
        let Some(after_free) = play(&start, owner, free) else {
            continue;
        };
        let Some(then) = lives_by_one(&after_free, stone, work) else {
            continue;
        };
        let mut replies = Vec::new();
        let answered = watched(&start, &after_free, owner, free, &then)
            .into_iter()
            .all(|y| {
                let Some(after_y) = play(&start, owner.opponent(), y) else {
                    return true;
                };
                let answers = [Some(free), None, Some(then.free)]
                    .into_iter()
                    .chain(near(grid, y).map(Some));
                let found = answers.into_iter().find_map(|a| {
                    *work += 1;
                    let after = match a {
                        None => after_y.clone(),
                        Some(a) => play(&after_y, owner, a)?,
                    };
                    after.get(stone)?;
                    lives_by_one(&after, stone, work).map(|proof| (a, proof))
                });
                found
                    .map(|(a, proof)| replies.push((y, a, proof)))
                    .is_some()
            });
        if answered {
            return Some(TwoAnswers {
                stone,
                free,
                then,
                replies,
            });
        }
    }
    None
}

/// The opponent's first moves after which the plan (`free`, then the
/// proof `then`) needs its own answer: those that spoil `free` itself
/// (see [`spoilers`]); every empty point within two steps of a point the
/// plan plays or answers on; the liberties of the owner's chains with two
/// or fewer, before and after `free` (a stone there could set up a
/// capture); the liberties of the chain `then.free` makes, if it has two
/// or fewer; and the liberties of every chain with three or fewer next to
/// a point of the plan (a stone there could change what a move of the
/// plan captures, or make a chain next to it short of liberties). Every
/// other first move captures nothing, leaves each move of the plan
/// capturing what it captured, and leaves the same moves to answer, so
/// the plan holds after it by the fact the proof by one answer rests on.
fn watched(
    start: &Board,
    after_free: &Board,
    owner: Color,
    free: Point,
    then: &Answers,
) -> Vec<Point> {
    let mut plan = vec![free, then.free];
    for &(y, a) in &then.replies {
        plan.push(y);
        plan.extend(a);
    }
    let mut out = spoilers(start, after_free, owner, free);
    let empty = |p: &Point| start.get(*p).is_none();
    for &p in &plan {
        out.push(p);
        for n in start.adjacent(p) {
            out.push(n);
            out.extend(start.adjacent(n));
        }
    }
    for board in [start, after_free] {
        let mut seen = Vec::new();
        for p in board.points() {
            match board.chain_at(p) {
                Some((color, id)) if color == owner && !seen.contains(&id) => {
                    seen.push(id);
                    let libs = board.liberties(p);
                    if libs.len() <= 2 {
                        out.extend(libs);
                    }
                }
                _ => {}
            }
        }
    }
    if let Some(after_then) = play(after_free, owner, then.free) {
        let libs = after_then.liberties(then.free);
        if libs.len() <= 2 {
            out.extend(libs);
        }
    }
    for board in [start, after_free] {
        for &p in &plan {
            for n in board.adjacent(p) {
                if board.get(n).is_some() {
                    let libs = board.liberties(n);
                    if libs.len() <= 3 {
                        out.extend(libs);
                    }
                }
            }
        }
    }
    out.retain(empty);
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::life::answer::tests::positions;

    /// Whether, on `board`, the opponent's move `y` (`None`: a pass) has
    /// an answer anywhere (or a pass) after which the chain through
    /// `stone` lives by one answer: the definition of life by two answers
    /// for one first move, without the shortcut of `watched`. The
    /// proof's own answers are tried first.
    fn answered_anywhere(board: &Board, proof: &TwoAnswers, y: Option<Point>) -> bool {
        let owner = board.get(proof.stone).expect("a stone");
        let start = fresh(board);
        let Some(after_y) = y.map_or(Some(start.clone()), |y| play(&start, owner.opponent(), y))
        else {
            return true;
        };
        let listed = proof.replies.iter().filter(|r| Some(r.0) == y).map(|r| r.1);
        let everywhere = start.points().filter(|&p| start.get(p).is_none()).map(Some);
        std::iter::once(Some(proof.free))
            .chain(listed)
            .chain(std::iter::once(None))
            .chain(everywhere)
            .any(|a| {
                let after = match a {
                    None => Some(after_y.clone()),
                    Some(a) => play(&after_y, owner, a),
                };
                after.is_some_and(|b| {
                    b.get(proof.stone) == Some(owner)
                        && lives_by_one(&b, proof.stone, &mut 0).is_some()
                })
            })
    }

    /// Every proof of life by two answers found on random 7×7 positions
    /// replays, and holds by the definition: every first move of the
    /// opponent's on the whole board, and a pass, has an answer after which
    /// the chain lives by one answer (whose own proofs are checked against
    /// their definition in `answer`). So the moves `watched` leaves out
    /// are indeed covered by the plan.
    #[test]
    fn every_proof_of_life_by_two_answers_holds_by_the_definition() {
        let mut proofs = 0;
        for board in positions() {
            let grid = Grid::new(&board);
            for c in 0..grid.chains.len() {
                let stone = grid.point(grid.chains[c][0]);
                if lives_by_one(&board, stone, &mut 0).is_some() {
                    continue;
                }
                let Some(proof) = prove(&board, &grid, c, &mut 0) else {
                    continue;
                };
                proof.verify(&board).unwrap();
                let firsts = board.points().filter(|&p| board.get(p).is_none()).map(Some);
                for y in std::iter::once(None).chain(firsts) {
                    assert!(
                        answered_anywhere(&board, &proof, y),
                        "{y:?} unanswered: {proof:?} on\n{}",
                        board.rows().join("\n")
                    );
                }
                proofs += 1;
            }
        }
        assert!(proofs >= 200, "only {proofs} proofs to check");
    }

    /// A proof whose answer to a watched first move is taken out is
    /// refused, and so is one whose plan starts on a point the opponent
    /// already holds.
    #[test]
    fn a_proof_of_life_by_two_answers_missing_an_answer_is_refused() {
        let mut refused = 0;
        for board in positions() {
            let grid = Grid::new(&board);
            for c in 0..grid.chains.len() {
                let Some(proof) = prove(&board, &grid, c, &mut 0) else {
                    continue;
                };
                let owner = grid.color(c);
                if !proof.replies.is_empty() {
                    let mut short = proof.clone();
                    short.replies.remove(0);
                    assert!(short.verify(&board).is_err(), "{short:?}");
                    refused += 1;
                }
                let mut taken = board.clone();
                if taken.play(owner.opponent(), proof.free).is_ok() {
                    assert!(proof.verify(&taken).is_err(), "{proof:?}");
                }
            }
        }
        assert!(refused >= 400, "only {refused} proofs with a reply");
    }
}
