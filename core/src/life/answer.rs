//! Life proven by one answer: whatever the opponent plays first, its owner
//! has a move after which Benson's test finds the chain unconditionally
//! alive, so the opponent can never capture it (Art. 7.1), not even with
//! the 7.2 ko bans, which only hold the attacker back.
//!
//! The proof needs no search over the opponent's moves, thanks to one fact:
//! adding opponent stones that capture nothing never spoils Benson's test
//! (the regions of points without the owner's stones stay the same sets,
//! their empty points only shrink, so every vital region stays vital). So
//! if the owner's `free` move makes the chain unconditionally alive, it
//! does so after any first move of the opponent's that captures nothing and
//! leaves `free` playable and makes it capture no stones it would not have
//! captured anyway. The moves left to answer one by one are few (see
//! `spoilers`), and for each the proof names an answer.

use super::grid::Grid;
use super::search::settle;
use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
use std::collections::HashMap;

/// Evidence that a chain lives under Art. 7.1, which [`Answers::verify`]
/// checks again on the board (see the module notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answers {
    /// A stone of the chain.
    pub stone: Point,
    /// The owner's move after an opponent's pass, or after any opponent's
    /// move not in `replies`: the chain is then unconditionally alive.
    pub free: Point,
    /// The opponent's moves that could spoil `free`, each with the owner's
    /// answer (`None`: a pass) after which the chain is unconditionally alive.
    pub replies: Vec<(Point, Option<Point>)>,
}

impl Answers {
    /// Checks the evidence again on `board`; `Err` says what fails.
    pub fn verify(&self, board: &Board) -> Result<(), String> {
        let gtp = |p: Point| p.to_gtp(board.size());
        let (owner, start) = owner_and_start(board, self.stone)?;
        let after_free = play(&start, owner, self.free)
            .filter(|b| unconditional(b, self.stone, owner))
            .ok_or_else(|| {
                format!(
                    "{} does not make the chain at {} unconditionally alive",
                    gtp(self.free),
                    gtp(self.stone)
                )
            })?;
        for y in spoilers(&start, &after_free, owner, self.free) {
            let Some(after_y) = play(&start, owner.opponent(), y) else {
                continue;
            };
            let answer = self.replies.iter().find(|(m, _)| *m == y).map(|r| r.1);
            let holds = answer.is_some_and(|a| answered(&after_y, owner, a, self.stone));
            if !holds {
                return Err(format!(
                    "no answer to {} keeps the chain at {} unconditionally alive",
                    gtp(y),
                    gtp(self.stone)
                ));
            }
        }
        Ok(())
    }
}

/// Proofs of life by one answer for the chains `wanted` of `grid`
/// (indexed like them; `None` where this proof does not reach). The
/// owner's moves are tried on the empty points next to its own stones in
/// the regions next to each chain (a stone away from them would stand alone
/// and make no region vital), and each such move's Benson test is shared
/// by every chain that tries it.
pub(crate) fn prove(board: &Board, grid: &Grid, wanted: &[bool]) -> Vec<Option<Answers>> {
    let start = fresh(board);
    let mut tried: HashMap<(Color, usize), Option<Board>> = HashMap::new();
    (0..grid.chains.len())
        .map(|c| {
            wanted[c]
                .then(|| prove_chain(&start, grid, c, &mut tried, &mut 0))
                .flatten()
        })
        .collect()
}

/// The proof of life by one answer for the chain through `stone` on
/// `board`, if this proof reaches it; adds the boards it played to `work`.
pub(crate) fn lives_by_one(board: &Board, stone: Point, work: &mut u64) -> Option<Answers> {
    let grid = Grid::new(board);
    let at = usize::from(stone.row) * grid.n + usize::from(stone.col);
    grid.cells[at]?;
    prove_chain(
        &fresh(board),
        &grid,
        grid.chain_of[at],
        &mut HashMap::new(),
        work,
    )
    .map(|answers| Answers { stone, ..answers })
}

/// [`prove`] for chain `c` of `grid`, on `start` (the board with no ko
/// ban); `tried` keeps the boards after each owner's move, shared by the
/// chains that try it; `work` counts the boards played and judged.
fn prove_chain(
    start: &Board,
    grid: &Grid,
    c: usize,
    tried: &mut HashMap<(Color, usize), Option<Board>>,
    work: &mut u64,
) -> Option<Answers> {
    let owner = grid.color(c);
    let first = grid.chains[c][0];
    let stone = grid.point(first);
    let region = grid.flood(first, |g, j| {
        g.cells[j] != Some(owner) || g.chain_of[j] == c
    });
    let candidates = region.into_iter().filter(|&j| {
        grid.cells[j].is_none() && grid.neighbours(j).any(|m| grid.cells[m] == Some(owner))
    });
    for f in candidates {
        *work += 1;
        let after = tried
            .entry((owner, f))
            .or_insert_with(|| play(start, owner, grid.point(f)));
        let Some(after) = after.as_ref().filter(|b| unconditional(b, stone, owner)) else {
            continue;
        };
        if let Some(replies) = answer_all(start, after, owner, grid.point(f), stone, grid, work) {
            return Some(Answers {
                stone,
                free: grid.point(f),
                replies,
            });
        }
    }
    None
}

/// An answer to every spoiling move of `free` (see the module notes), or
/// `None` if one has none among the points near it.
fn answer_all(
    start: &Board,
    after_free: &Board,
    owner: Color,
    free: Point,
    stone: Point,
    grid: &Grid,
    work: &mut u64,
) -> Option<Vec<(Point, Option<Point>)>> {
    let mut replies = Vec::new();
    for y in spoilers(start, after_free, owner, free) {
        let Some(after_y) = play(start, owner.opponent(), y) else {
            continue;
        };
        let near = near(grid, y).chain(std::iter::once(free)).map(Some);
        let answer = std::iter::once(None).chain(near).find(|&a| {
            *work += 1;
            answered(&after_y, owner, a, stone)
        })?;
        replies.push((y, answer));
    }
    Some(replies)
}

/// The empty points within two steps of `p`.
pub(super) fn near(grid: &Grid, p: Point) -> impl Iterator<Item = Point> + '_ {
    let at = usize::from(p.row) * grid.n + usize::from(p.col);
    let mut out: Vec<usize> = grid
        .neighbours(at)
        .flat_map(|m| std::iter::once(m).chain(grid.neighbours(m)))
        .filter(|&m| m != at)
        .collect();
    out.sort_unstable();
    out.dedup();
    out.into_iter().map(|m| grid.point(m))
}

/// The opponent's moves for which `free` needs its own answer: `free`
/// itself, the liberties of `free`'s chain if fewer than two of them were
/// empty on `start`, the last liberty of each of the owner's chains in
/// atari on `start` (the only moves that capture), and the moves that
/// could make `free` capture opponent stones it did not capture on
/// `start` (whose points would then be empty points that need not be
/// liberties): the empty points next to `free` and the liberties of the
/// opponent's chains next to it that have at most two.
pub(super) fn spoilers(start: &Board, after_free: &Board, owner: Color, free: Point) -> Vec<Point> {
    let mut out = vec![free];
    let libs: Vec<Point> = after_free
        .liberties(free)
        .into_iter()
        .filter(|&l| start.get(l).is_none())
        .collect();
    if libs.len() < 2 {
        out.extend(libs);
    }
    for n in start.adjacent(free) {
        match start.get(n) {
            None => out.push(n),
            Some(c) if c != owner => {
                let libs = start.liberties(n);
                if libs.len() <= 2 {
                    out.extend(libs);
                }
            }
            Some(_) => {}
        }
    }
    for p in start.points() {
        if start.get(p) == Some(owner) {
            let libs = start.liberties(p);
            if libs.len() == 1 {
                out.extend(libs);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether the owner's answer `answer` (`None`: a pass) on `board` leaves
/// the chain through `stone` unconditionally alive.
fn answered(board: &Board, owner: Color, answer: Option<Point>, stone: Point) -> bool {
    match answer {
        None => unconditional(board, stone, owner),
        Some(a) => play(board, owner, a).is_some_and(|b| unconditional(&b, stone, owner)),
    }
}

/// The owner of the chain at `stone` and the position with no ko ban, where
/// a proof of life is checked from; `Err` if no stone stands there.
pub(super) fn owner_and_start(board: &Board, stone: Point) -> Result<(Color, Board), String> {
    match board.get(stone) {
        Some(owner) => Ok((owner, fresh(board))),
        None => Err(format!("no stone at {}", stone.to_gtp(board.size()))),
    }
}

/// The position with no ko ban: the hypothetical play starts afresh.
pub(super) fn fresh(board: &Board) -> Board {
    let mut b = board.clone();
    b.pass();
    b
}

/// `board` after `color` plays at `p`, if that is legal.
pub(super) fn play(board: &Board, color: Color, p: Point) -> Option<Board> {
    let mut b = board.clone();
    b.play(color, p).ok().map(|_| b)
}

/// Whether a stone of `owner` stands at `stone` in a chain Benson's test
/// finds unconditionally alive.
fn unconditional(board: &Board, stone: Point, owner: Color) -> bool {
    settle::unconditionally_alive(board, owner, stone)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The proof by its definition, without the shortcut of the module
    /// notes: every first move of the opponent's on the whole board (and a
    /// pass) has an answer anywhere (or a pass) after which the chain is
    /// unconditionally alive.
    fn lives_by_brute_force(board: &Board, stone: Point) -> bool {
        let owner = board.get(stone).expect("a stone");
        let start = fresh(board);
        let empties: Vec<Point> = start.points().filter(|&p| start.get(p).is_none()).collect();
        let mut firsts = vec![start.clone()];
        firsts.extend(
            empties
                .iter()
                .filter_map(|&y| play(&start, owner.opponent(), y)),
        );
        firsts.iter().all(|after_y| {
            std::iter::once(None)
                .chain(empties.iter().copied().map(Some))
                .any(|a| answered(after_y, owner, a, stone))
        })
    }

    /// Random 7×7 positions from random legal play (a fixed linear
    /// congruential sequence, so the run is the same every time).
    pub(in crate::life) fn positions() -> Vec<Board> {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let next = move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize
        };
        Board::random_positions(7, 600, 30..100, next)
    }

    #[test]
    fn every_proof_of_life_by_one_answer_holds_by_the_definition() {
        let mut proofs = 0;
        for board in positions() {
            let grid = Grid::new(&board);
            let everyone = vec![true; grid.chains.len()];
            for answers in prove(&board, &grid, &everyone).into_iter().flatten() {
                answers.verify(&board).unwrap();
                assert!(
                    lives_by_brute_force(&board, answers.stone),
                    "{answers:?} on\n{}",
                    board.rows().join("\n")
                );
                proofs += 1;
            }
        }
        assert!(proofs >= 100, "only {proofs} proofs to check");
    }
}
