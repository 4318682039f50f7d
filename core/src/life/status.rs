//! The analysis: the proven verdict on every chain of a stopped position.

use super::answer;
use super::answered;
use super::benson::{self, Known, Safety};
use super::grid::Grid;
use super::ko_stone;
use super::open;
use super::proof::{Enclosure, Proof};
use super::region::{self, Area};
use super::rooms;
use super::search::{self, Outcome, Problem};
use super::two_answers;
use super::verdict::{Analysis, ChainVerdict, Limits, Reason, Status};
use crate::board::Board;
use crate::point::Point;
use crate::scoring::{self, PointStatus};
use crate::settings::Komi;
use std::collections::HashMap;

/// A chain's status, its reason, and the proof of a capture or of life.
type Verdict = (Status, Reason, Option<Proof>);

/// How often the analysis may redo its areas after finding that a chain
/// lives inside what it took for the other side's territory.
const MAX_ROUNDS: usize = 4;

/// Judges every chain of a stopped position by Article 7. The side to move
/// and any ko point do not matter: after stoppage the hypothetical play for
/// each chain starts afresh with its opponent's move.
#[must_use]
pub fn analyse(board: &Board, limits: &Limits) -> Analysis {
    analyse_spending(board, limits, &mut Spend::default(), None)
}

/// [`analyse`], reusing and adding to the work of `spend`: outcomes it has
/// settled cost nothing, and `limits.nodes_total` counts the nodes it has
/// spent already. With a `focus`, the search reads further only on the
/// chains holding one of its stones; the others keep what earlier reading
/// found.
pub(crate) fn analyse_spending(
    board: &Board,
    limits: &Limits,
    spend: &mut Spend,
    focus: Option<&[Point]>,
) -> Analysis {
    let grid = Grid::new(board);
    let focused: Vec<bool> = match focus {
        None => vec![true; grid.chains.len()],
        Some(stones) => {
            let mut focused = vec![false; grid.chains.len()];
            for &p in stones {
                focused[grid.chain_of[grid.index(p)]] = true;
            }
            focused
        }
    };
    let mut known_alive = vec![false; grid.chains.len()];
    let mut safety = benson::safety(&grid, alive_only(&known_alive));
    let mut verdicts = Vec::new();
    let (mut lives, mut tried) = std::mem::take(&mut spend.lives);
    lives.resize(grid.chains.len(), None);
    tried.resize(grid.chains.len(), false);
    spend.tried_two.resize(grid.chains.len(), false);
    for _round in 0..MAX_ROUNDS {
        let untried: Vec<bool> = safety
            .iter()
            .zip(&tried)
            .map(|(s, t)| *s == Some(Safety::Territory) && !t)
            .collect();
        prove_lives(board, &grid, &untried, &mut lives, &mut tried);
        verdicts = safety
            .iter()
            .zip(&lives)
            .map(|(s, life)| match (s, life) {
                (Some(Safety::Benson), _) => (Status::Alive, Reason::Benson, None),
                (Some(Safety::Territory), Some(proof)) => lives_by_answer(proof),
                (Some(Safety::Territory), None) => (Status::Alive, Reason::LargeTerritory, None),
                (None, _) => (Status::Unsettled, Reason::NotJudged, None),
            })
            .collect::<Vec<_>>();
        let safe: Vec<bool> = safety.iter().map(Option::is_some).collect();
        let open_walls = open::walls(&grid, &safe, alive_only(&known_alive));
        for (verdict, wall) in verdicts.iter_mut().zip(&open_walls) {
            if let Some(wall) = wall {
                // Unsettled: the wall's life depends on play that has not
                // happened in the open region (see `open`).
                let reason = Reason::BordersOpenArea { room: wall.region };
                *verdict = (Status::Unsettled, reason, None);
            }
        }
        let walls: Vec<bool> = safe
            .iter()
            .zip(&open_walls)
            .map(|(s, o)| *s || o.is_some())
            .collect();
        let context = Context {
            board,
            grid: &grid,
            safe: &safe,
            known_alive: &known_alive,
            focused: &focused,
            limits,
        };
        let mut pending = Vec::new();
        for area in region::areas(&grid, &walls) {
            context.classify(&area, spend, &mut verdicts, &mut pending);
        }
        for (k, cap) in FIRST_BUDGETS.into_iter().enumerate() {
            if k == TRIES_BEFORE_TWO_ANSWERS {
                pending
                    .retain(|&(c, _)| !context.lives_by_two(c, spend, &mut lives, &mut verdicts));
            }
            pending.retain(|(c, moves)| {
                let more = cap.saturating_sub(spend.read_on(*c, &moves.area));
                !context.judge(*c, moves, more, false, spend, &mut verdicts)
            });
        }
        let start = spend.nodes;
        let sharing = pending.iter().filter(|(c, _)| focused[*c]).count();
        let share = limits.nodes_total.saturating_sub(start) / (sharing as u64).max(1);
        pending.sort_by_key(|(c, _)| !focused[*c]);
        for (k, (c, moves)) in pending.iter().enumerate() {
            let fair = (start + share * (k as u64 + 1)).saturating_sub(spend.nodes);
            context.judge(*c, moves, fair, false, spend, &mut verdicts);
        }
        let open: Vec<bool> = verdicts
            .iter()
            .zip(&tried)
            .map(|(v, t)| v.0 == Status::Unsettled && !t)
            .collect();
        prove_lives(board, &grid, &open, &mut lives, &mut tried);
        for (verdict, life) in verdicts.iter_mut().zip(&lives) {
            if let (Status::Unsettled, Some(proof)) = (verdict.0, life) {
                *verdict = lives_by_answer(proof);
            }
        }
        settle_by_captures(&grid, &known_alive, &mut verdicts);
        ko_stone::follow_groups(&grid, &mut verdicts);
        for (c, v) in verdicts.iter().enumerate() {
            known_alive[c] |= v.0 == Status::Alive;
        }
        let next = benson::safety(&grid, alive_only(&known_alive));
        let wall_proven = verdicts.iter().any(|v| match v.1 {
            Reason::LeansOn { wall, .. } => known_alive[grid.chain_of[grid.index(wall)]],
            _ => false,
        });
        if next == safety && !wall_proven {
            break;
        }
        safety = next;
    }
    spend.lives = (lives, tried);
    answered::unprove(&grid, &mut verdicts);
    let chains = finish(board, &grid, verdicts);
    Analysis {
        chains,
        nodes: spend.nodes,
    }
}

/// What is known when only the chains in `alive` are known to live.
fn alive_only(alive: &[bool]) -> Known<'_> {
    Known {
        alive,
        captured: &[],
    }
}

/// The large-territory rule read again with the chains proven captured
/// taken off the board (see [`benson`]): a chain the search or a rule left
/// open that the rule then finds safe is alive, as the count of the
/// territory would have it. The areas the search played in stay as the
/// captures were proven in; only verdicts still open change.
fn settle_by_captures(grid: &Grid, known_alive: &[bool], verdicts: &mut [Verdict]) {
    let captured: Vec<bool> = verdicts
        .iter()
        .map(|v| v.0 == Status::Dead && matches!(v.2, Some(Proof::Capture(_))))
        .collect();
    if !captured.contains(&true) {
        return;
    }
    let known = Known {
        alive: known_alive,
        captured: &captured,
    };
    let safety = benson::safety(grid, known);
    for (verdict, safe) in verdicts.iter_mut().zip(safety) {
        let open = verdict.0 == Status::Unsettled
            && matches!(
                verdict.1,
                Reason::BudgetRanOut { .. }
                    | Reason::InvaderUnproven { .. }
                    | Reason::LeansOn { .. }
                    | Reason::BordersOpenArea { .. }
                    | Reason::AreaTooLarge { .. }
            );
        if open && safe.is_some() {
            *verdict = (Status::Alive, Reason::LargeTerritory, None);
        }
    }
}

/// Looks for proofs of life by one answer (see [`answer`]) for the chains
/// `wanted` not yet `tried`, keeping those found in `lives`.
fn prove_lives(
    board: &Board,
    grid: &Grid,
    wanted: &[bool],
    lives: &mut [Option<Proof>],
    tried: &mut [bool],
) {
    let found = answer::prove(board, grid, wanted);
    for (c, life) in found.into_iter().enumerate() {
        tried[c] |= wanted[c];
        if let Some(answers) = life {
            lives[c] = Some(Proof::Lives(answers));
        }
    }
}

/// The verdict on a chain with a proof of life by one or two answers.
fn lives_by_answer(proof: &Proof) -> Verdict {
    let reason = match proof {
        Proof::LivesByTwo(_) => Reason::LivesByTwoAnswers,
        _ => Reason::LivesByAnswer,
    };
    (Status::Alive, reason, Some(proof.clone()))
}

/// One question for the search: a chain by number, the points of its area,
/// and whether the attacker may play on all of them (else only near the
/// stones, see [`Moves`]).
type Question = (usize, Vec<Point>, bool);

/// The search work done so far: nodes spent, and the settled outcomes by
/// chain and move set, which a later round reuses instead of searching again.
#[derive(Default)]
pub(crate) struct Spend {
    nodes: u64,
    memo: HashMap<Question, (Outcome, u64)>,
    /// What the search kept of the questions still open, so that a
    /// further try goes on from where the last one stopped.
    memories: HashMap<Question, search::Memory>,
    /// The proofs of life by one answer found so far, and the chains
    /// already tried for one (by chain number), so that a further slice
    /// does not look again.
    lives: (Vec<Option<Proof>>, Vec<bool>),
    /// The chains already tried for a proof of life by two answers.
    tried_two: Vec<bool>,
}

impl Spend {
    /// The nodes read so far on chain `c` in the area of `points`, with the
    /// attacker held back or free: the first tries and an invader's
    /// budget are what a chain gets in all, not at each round or slice, so
    /// that a reading in slices gives every chain its first tries before
    /// the chains met first get more.
    fn read_on(&self, c: usize, points: &[Point]) -> u64 {
        [false, true]
            .into_iter()
            .filter_map(|free| self.memories.get(&(c, points.to_vec(), free)))
            .map(|memory| memory.spent)
            .sum()
    }
}

/// What judging an area needs to know about the whole position.
struct Context<'a> {
    board: &'a Board,
    grid: &'a Grid,
    safe: &'a [bool],
    known_alive: &'a [bool],
    /// The chains the search may read further on (see [`analyse_spending`]).
    focused: &'a [bool],
    limits: &'a Limits,
}

/// The largest region an [`Enclosure`] may prove an invader dead in
/// without a search: the largest searched area when the rule was measured,
/// kept there when the search took larger areas, since the enclosure rests
/// on the large-territory test and not on a capture.
const MAX_ENCLOSURE: usize = 40;
/// The search budget for a chain inside the opponent's large territory,
/// read on it in all (see [`Spend::read_on`]): enough to show a short
/// capture, or a chase of a lone stone along the edge, after which only an
/// [`Enclosure`] may make it dead.
const INVADER_BUDGET: u64 = 1_000;
/// The budgets of the first tries for every other chain, smallest first:
/// a glance settles the plain captures (a chain in atari) before any hard
/// chain can spend the total, a short search the local shapes, then two
/// longer rounds the races and shared-liberty shapes that need a few
/// thousand nodes, before the chains that need more share what is left.
/// Each try goes on from the table the last one left (`Spend::memories`)
/// up to its own budget read on the chain in all (over the rounds and
/// the slices of a reading), and a chain settled leaves the rounds.
const FIRST_BUDGETS: [u64; 4] = [25, 300, 1_000, 2_500];
/// How many of the first tries come before the look for a proof of life
/// by two answers: the glance and the short search settle most chains for
/// less than that look costs, and the longer tries are spared the chains
/// it proves alive.
const TRIES_BEFORE_TWO_ANSWERS: usize = 2;

impl Context<'_> {
    /// Sorts the chains of one area: one too large to search is unsettled,
    /// an invader in a large territory is judged at once (see
    /// [`INVADER_BUDGET`]), and the rest go to `pending` with the points the
    /// search may play on, for the short tries of [`FIRST_BUDGETS`] and
    /// then an even share of what is left of the total (a chain that needs
    /// less leaves the rest to the next).
    fn classify(
        &self,
        area: &Area,
        spend: &mut Spend,
        verdicts: &mut [Verdict],
        pending: &mut Vec<(usize, Moves)>,
    ) {
        let moves = area_moves(self.grid, area);
        let small = area.empties.len() <= self.limits.max_area;
        for &c in &area.chains {
            let invader =
                benson::inside_territory(self.grid, c, self.safe, alive_only(self.known_alive));
            if invader {
                let more = INVADER_BUDGET.saturating_sub(spend.read_on(c, &moves.area));
                self.judge(c, &moves, more, true, spend, verdicts);
            } else if small {
                pending.push((c, moves.clone()));
            } else {
                verdicts[c] = (
                    Status::Unsettled,
                    Reason::AreaTooLarge {
                        empties: area.empties.len(),
                        max: self.limits.max_area,
                    },
                    None,
                );
            }
        }
    }

    /// Looks for a proof of life by two answers (see [`two_answers`]) for a
    /// chain the first tries of the search left open (a proof found in an
    /// earlier round or slice stands), once, while the node budget lasts;
    /// returns whether it found one. A chain that lives so needs none of
    /// the nodes shared out after it. The boards the look plays are
    /// charged to the budget up to what is left of it: a look once begun
    /// runs to its end, which the bound on its first moves keeps to a few
    /// thousand boards (2,511 at most on the 654 stopped positions of the
    /// GNU Go records, 94 at the median).
    fn lives_by_two(
        &self,
        c: usize,
        spend: &mut Spend,
        lives: &mut [Option<Proof>],
        verdicts: &mut [Verdict],
    ) -> bool {
        if let Some(proof @ Proof::LivesByTwo(_)) = &lives[c] {
            verdicts[c] = lives_by_answer(proof);
            return true;
        }
        if spend.tried_two[c] || !self.focused[c] || spend.nodes >= self.limits.nodes_total {
            return false;
        }
        spend.tried_two[c] = true;
        let mut work = 0;
        let found = two_answers::prove(self.board, self.grid, c, &mut work);
        spend.nodes = spend
            .nodes
            .saturating_add(work)
            .min(self.limits.nodes_total);
        let Some(proof) = found.map(Proof::LivesByTwo) else {
            return false;
        };
        verdicts[c] = lives_by_answer(&proof);
        lives[c] = Some(proof);
        true
    }

    /// The search's answer on chain `c` (its stones `target`) with the
    /// defender on `area` and the attacker on `attack`, within `budget`
    /// more nodes, going on from what earlier tries kept; and the nodes
    /// read on this question over all tries.
    fn read(
        &self,
        c: usize,
        target: &[Point],
        area: &[Point],
        attack: &[Point],
        budget: u64,
        spend: &mut Spend,
    ) -> (Outcome, u64) {
        let key = (c, area.to_vec(), attack.len() == area.len());
        if let Some((known, read)) = spend.memo.get(&key) {
            return (known.clone(), *read);
        }
        let problem = Problem {
            board: self.board,
            moves: area,
            attack,
            target,
        };
        let memory = spend.memories.entry(key.clone()).or_default();
        let (outcome, used) = search::solve_with(&problem, budget, memory);
        let read = memory.spent;
        spend.nodes += used;
        if outcome != Outcome::Unknown {
            spend.memories.remove(&key);
            spend.memo.insert(key, (outcome.clone(), read));
        }
        (outcome, read)
    }

    /// Searches one chain with at most `cap` nodes; returns whether it is
    /// settled. A hold found with the attacker held to the points near the
    /// stones is no proof that it cannot capture (a move further off might),
    /// so it is read again with the attacker free on the whole area, and
    /// the chain holds only if that search says so too.
    fn judge(
        &self,
        c: usize,
        moves: &Moves,
        cap: u64,
        invader: bool,
        spend: &mut Spend,
        verdicts: &mut [Verdict],
    ) -> bool {
        let grid = self.grid;
        let attacker = grid.color(c).opponent();
        let target: Vec<Point> = grid.chains[c].iter().map(|&i| grid.point(i)).collect();
        let budget = cap
            .min(if self.focused[c] {
                self.limits.nodes_per_chain
            } else {
                0
            })
            .min(self.limits.nodes_total.saturating_sub(spend.nodes));
        let start = spend.nodes;
        let (mut outcome, mut read) =
            self.read(c, &target, &moves.area, &moves.attack, budget, spend);
        if outcome == Outcome::Holds && moves.attack.len() < moves.area.len() {
            let left = budget.saturating_sub(spend.nodes - start);
            let (free, more) = self.read(c, &target, &moves.area, &moves.area, left, spend);
            (outcome, read) = (free, read + more);
        }
        let settled = outcome != Outcome::Unknown;
        let open_room = match outcome {
            Outcome::Captured { .. } => rooms::open_area(grid, c, self.safe),
            _ => None,
        };
        verdicts[c] = match outcome {
            Outcome::Captured { first, .. } if let Some(room) = open_room => (
                Status::Unsettled,
                Reason::CapturedFacingOpen {
                    attacker,
                    first,
                    room,
                },
                None,
            ),
            Outcome::Captured { first, ko, proof } => (
                Status::Dead,
                Reason::Captured {
                    attacker,
                    first,
                    ko,
                },
                Some(Proof::Capture(proof)),
            ),
            Outcome::Holds => match self.leans_on(c, moves) {
                Some(wall) => (Status::Unsettled, Reason::LeansOn { attacker, wall }, None),
                None => (Status::Alive, Reason::Holds { attacker }, None),
            },
            Outcome::Unknown if invader => match Enclosure::of(grid, c, MAX_ENCLOSURE) {
                Some(enclosure) => (
                    Status::Dead,
                    Reason::Enclosed { attacker },
                    Some(Proof::Enclosed(enclosure)),
                ),
                None => (
                    Status::Unsettled,
                    Reason::InvaderUnproven {
                        attacker,
                        nodes: read,
                    },
                    None,
                ),
            },
            Outcome::Unknown => (
                Status::Unsettled,
                Reason::BudgetRanOut { nodes: read },
                None,
            ),
        };
        settled
    }
}

impl Context<'_> {
    /// The first stone of a chain of `c`'s colour outside its area, next
    /// to one of the area's empty points, that nothing proves alive. The
    /// search cannot take a chain outside the area (it keeps its outside
    /// liberties), so a hold it finds may be no more than a way to join
    /// such a chain or share its liberties: the hold is proven only when
    /// every chain it may so lean on is (Benson, the large-territory rule,
    /// or a proof of its own). Walls that touch only stones of the area
    /// are taken as living, as 部分的死活論 takes the walls of a local shape.
    fn leans_on(&self, c: usize, moves: &Moves) -> Option<Point> {
        let grid = self.grid;
        moves
            .borders
            .iter()
            .filter(|&&b| grid.color(b) == grid.color(c))
            .find(|&&b| !self.safe[b] && !self.known_alive[b])
            .map(|&b| grid.point(grid.chains[b][0]))
    }
}

/// Where an area's search may play.
#[derive(Clone)]
struct Moves {
    /// The defender's points: every empty point of the area and the
    /// chains' own points (which captures empty), so that a capture
    /// proven holds against every defence in the area.
    area: Vec<Point>,
    /// The attacker's points: in a large area only the empty points near
    /// the chains in doubt (and, as the search goes, those near the
    /// defender's stones), which keeps the search small; holding the
    /// attacker back can only cost it captures, never prove a wrong one,
    /// and a hold found so is read again with the attacker on `area`.
    attack: Vec<Point>,
    /// The chains outside the area next to its empty points: walls the
    /// search cannot take, which a chain in the area may join or share
    /// liberties with, so that a hold it finds may rest on them (see
    /// [`Context::leans_on`]).
    borders: Vec<usize>,
}

/// The points an area's search may play on (see [`Moves`]).
fn area_moves(grid: &Grid, area: &Area) -> Moves {
    const SMALL: usize = 16;
    let stones: Vec<usize> = area
        .chains
        .iter()
        .flat_map(|&c| grid.chains[c].iter().copied())
        .collect();
    let near = |e: usize| {
        grid.neighbours(e).any(|m| stones.contains(&m))
            || grid
                .neighbours(e)
                .any(|m| grid.neighbours(m).any(|k| stones.contains(&k)))
    };
    let points = |keep: &dyn Fn(usize) -> bool| -> Vec<Point> {
        area.empties
            .iter()
            .copied()
            .filter(|&e| keep(e))
            .chain(stones.iter().copied())
            .map(|i| grid.point(i))
            .collect()
    };
    let borders = grid
        .chains_around(&area.empties)
        .into_iter()
        .filter(|b| !area.chains.contains(b))
        .collect();
    Moves {
        area: points(&|_| true),
        attack: points(&|e| area.empties.len() <= SMALL || near(e)),
        borders,
    }
}

/// Tells seki from plain life by Article 8 and builds the verdicts. A
/// chain is called seki only if it is seki whether the unsettled chains
/// turn out alive or dead, so that an open question elsewhere does not
/// make a living group look like seki.
fn finish(board: &Board, grid: &Grid, verdicts: Vec<Verdict>) -> Vec<ChainVerdict> {
    let stones_where = |keep: &dyn Fn(Status) -> bool| -> Vec<Point> {
        verdicts
            .iter()
            .enumerate()
            .filter(|(_, v)| keep(v.0))
            .flat_map(|(c, _)| grid.chains[c].iter().map(|&i| grid.point(i)))
            .collect()
    };
    let dead = stones_where(&|s| s == Status::Dead);
    let dead_or_open = stones_where(&|s| matches!(s, Status::Dead | Status::Unsettled));
    let counts = [
        scoring::count(board, &dead, [0, 0], Komi::ZERO),
        scoring::count(board, &dead_or_open, [0, 0], Komi::ZERO),
    ];
    verdicts
        .into_iter()
        .enumerate()
        .map(|(c, (status, reason, proof))| {
            let mut stones: Vec<Point> = grid.chains[c].iter().map(|&i| grid.point(i)).collect();
            stones.sort_unstable();
            let seki = status == Status::Alive
                && counts
                    .iter()
                    .all(|count| matches!(count.at(stones[0]), PointStatus::Seki(_)));
            let (status, reason) = if seki {
                (Status::Seki, Reason::Seki)
            } else {
                (status, reason)
            };
            ChainVerdict {
                stones,
                color: grid.color(c),
                status,
                reason,
                proof: proof.filter(|p| match p {
                    Proof::Lives(_) | Proof::LivesByTwo(_) => status == Status::Alive,
                    Proof::Capture(_) | Proof::Enclosed(_) => status == Status::Dead,
                }),
            }
        })
        .collect()
}
