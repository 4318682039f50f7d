//! Where an engine stands in the ending, and whether it accepts a
//! proposal: its own dead list is its word, and a proposal that differs
//! from it on any chain is refused, naming the chains. Two things overrule
//! the engine: a proven verdict of kaisho's Article 7 analysis (a proof
//! is stronger than an engine's estimate) and, above both, what a
//! play-out (確認) at this stoppage showed, which the players saw played.
//! An engine that cannot name dead stones holds only what kaisho proves
//! and leaves the other chains to the player.
//! Pure: the seat and the LAN driver ask the engine, then decide here.

use kaisho_core::confirm::Marks;
use kaisho_core::life::{Analysis, Limits, Status, complete};
use kaisho_core::{Game, Point};

/// What the engine holds at one stoppage, before any correction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stand {
    /// The engine's dead stones (`final_status_list dead`); `None` for an
    /// engine that cannot say, which then holds no view of its own.
    pub dead: Option<Vec<Point>>,
    /// The engine's seki stones (`final_status_list seki`): never dead,
    /// whatever its dead list says.
    pub seki: Vec<Point>,
    /// The marks of the play-outs closed at this stoppage, in order.
    pub shown: Vec<Marks>,
}

/// The engine's answer to a proposal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The proposal marks exactly the chains the engine holds dead.
    Accept,
    /// The proposal differs on these chains (one stone of each, sorted):
    /// those the engine holds `dead` the proposal leaves on the board,
    /// those it holds `alive` the proposal marks; the engine proposes its
    /// own list again and names them, saying which is which.
    Refuse { dead: Vec<Point>, alive: Vec<Point> },
}

/// The engine's stand at one stoppage (move number `at`) beside the
/// analysis of that position: asked and read once, since the board does
/// not change until play resumes.
#[derive(Clone, Debug)]
pub struct Ending {
    pub at: u32,
    pub stand: Stand,
    pub analysis: Analysis,
}

impl Ending {
    /// The engine's `stand` at the stoppage of `game`, beside the complete
    /// draft of its position as the ending screen and `kaisho score` read
    /// it: the proofs the further reading of the unsettled chains finds
    /// overrule the engine too, and its estimates do not.
    #[must_use]
    pub fn at_stoppage(game: &Game, stand: Stand) -> Ending {
        Ending {
            at: game.move_number(),
            stand,
            analysis: complete(game.board(), &Limits::default()),
        }
    }

    /// The engine's dead stones, corrected: what it proposes.
    #[must_use]
    pub fn own(&self) -> Vec<Point> {
        self.stand.corrected(&self.analysis)
    }

    /// The engine's answer to `proposal`.
    #[must_use]
    pub fn judge(&self, proposal: &[Point]) -> Judgement {
        self.stand.judge(&self.analysis, proposal)
    }
}

impl Stand {
    /// The engine's dead stones once corrected: its seki never dead, a
    /// proven verdict taken where it contradicts the engine (one that
    /// rests on the large-territory rule alone does not: see
    /// [`kaisho_core::life::ChainVerdict::overrules`]), and each
    /// play-out's marks taken last. Every stone of each dead chain, sorted.
    #[must_use]
    pub fn corrected(&self, analysis: &Analysis) -> Vec<Point> {
        let mut dead: Vec<Point> = analysis
            .chains
            .iter()
            .filter(|chain| {
                self.holds_dead(&chain.stones, chain.overrules(), chain.status) == Some(true)
            })
            .flat_map(|chain| chain.stones.iter().copied())
            .collect();
        dead.sort_unstable();
        dead
    }

    /// Whether the engine, corrected, holds the chain of `stones` dead;
    /// `None` where it holds no view.
    fn holds_dead(&self, stones: &[Point], proven: bool, status: Status) -> Option<bool> {
        let meets = |list: &[Point]| stones.iter().any(|p| list.contains(p));
        let mut dead = self
            .dead
            .as_ref()
            .map(|dead| meets(dead) && !meets(&self.seki));
        if proven {
            dead = Some(status == Status::Dead);
        }
        for marks in &self.shown {
            if meets(&marks.dead) {
                dead = Some(true);
            } else if meets(&marks.alive) {
                dead = Some(false);
            }
        }
        dead
    }

    /// The engine's answer to `proposal` (any stones of the chains marked
    /// dead) in the position `analysis` was made of.
    #[must_use]
    pub fn judge(&self, analysis: &Analysis, proposal: &[Point]) -> Judgement {
        let (mut dead, mut alive) = (Vec::new(), Vec::new());
        for chain in &analysis.chains {
            let marked = chain.stones.iter().any(|p| proposal.contains(p));
            let held = self.holds_dead(&chain.stones, chain.overrules(), chain.status);
            match (held, chain.stones.first()) {
                (Some(true), Some(&stone)) if !marked => dead.push(stone),
                (Some(false), Some(&stone)) if marked => alive.push(stone),
                _ => {}
            }
        }
        dead.sort_unstable();
        alive.sort_unstable();
        if dead.is_empty() && alive.is_empty() {
            Judgement::Accept
        } else {
            Judgement::Refuse { dead, alive }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::life::{ChainVerdict, Reason};
    use kaisho_core::{Color, Point};

    fn p(name: &str) -> Point {
        Point::parse_gtp(name, 9).unwrap()
    }

    fn chain(stones: &[&str], color: Color, status: Status) -> ChainVerdict {
        let mut stones: Vec<Point> = stones.iter().map(|s| p(s)).collect();
        stones.sort_unstable();
        ChainVerdict {
            stones,
            color,
            status,
            reason: Reason::NotJudged,
            proof: None,
        }
    }

    /// A black chain the engine holds dead, another black chain it holds
    /// alive, and a white chain it holds alive; kaisho settles none.
    fn unsettled() -> Analysis {
        Analysis {
            chains: vec![
                chain(&["C3", "C4"], Color::Black, Status::Unsettled),
                chain(&["G7"], Color::Black, Status::Unsettled),
                chain(&["E5", "E6", "F5"], Color::White, Status::Unsettled),
            ],
            nodes: 0,
        }
    }

    fn engine_says_dead(points: &[&str]) -> Stand {
        Stand {
            dead: Some(points.iter().map(|s| p(s)).collect()),
            ..Stand::default()
        }
    }

    /// The points named, sorted as the board orders them.
    fn points(names: &[&str]) -> Vec<Point> {
        let mut points: Vec<Point> = names.iter().map(|s| p(s)).collect();
        points.sort_unstable();
        points
    }

    #[test]
    fn a_dead_chain_left_unmarked_is_refused_and_named() {
        let stand = engine_says_dead(&["C3", "C4"]);
        assert_eq!(
            stand.judge(&unsettled(), &[]),
            Judgement::Refuse {
                dead: vec![p("C4")],
                alive: Vec::new(),
            }
        );
    }

    #[test]
    fn the_engines_living_stones_marked_dead_are_refused_and_named() {
        let stand = engine_says_dead(&["C3"]);
        assert_eq!(
            stand.judge(&unsettled(), &points(&["C3", "E6", "G7"])),
            Judgement::Refuse {
                dead: Vec::new(),
                alive: points(&["E6", "G7"]),
            }
        );
    }

    #[test]
    fn the_engines_own_list_is_accepted_marked_by_any_stone_of_each_chain() {
        let stand = engine_says_dead(&["C3", "C4"]);
        assert_eq!(stand.judge(&unsettled(), &[p("C4")]), Judgement::Accept);
        assert_eq!(stand.corrected(&unsettled()), points(&["C3", "C4"]));
    }

    #[test]
    fn a_proven_verdict_overrules_the_engine_and_the_proof_is_accepted() {
        let mut analysis = unsettled();
        analysis.chains[0].status = Status::Alive;
        analysis.chains[1].status = Status::Dead;
        let stand = engine_says_dead(&["C3"]);
        assert_eq!(stand.corrected(&analysis), points(&["G7"]));
        assert_eq!(stand.judge(&analysis, &[p("G7")]), Judgement::Accept);
        assert_eq!(
            stand.judge(&analysis, &[p("C3")]),
            Judgement::Refuse {
                dead: vec![p("G7")],
                alive: vec![p("C4")],
            }
        );
    }

    #[test]
    fn seki_stones_are_never_dead_in_the_engines_list() {
        let stand = Stand {
            dead: Some(points(&["C3", "G7"])),
            seki: points(&["C4"]),
            shown: Vec::new(),
        };
        assert_eq!(stand.corrected(&unsettled()), points(&["G7"]));
        assert_eq!(
            stand.judge(&unsettled(), &points(&["C3", "G7"])),
            Judgement::Refuse {
                dead: Vec::new(),
                alive: vec![p("C4")],
            }
        );
    }

    #[test]
    fn an_engine_without_a_list_holds_only_what_is_proven() {
        let mut analysis = unsettled();
        analysis.chains[1].status = Status::Dead;
        let stand = Stand::default();
        assert_eq!(stand.corrected(&analysis), points(&["G7"]));
        assert_eq!(
            stand.judge(&analysis, &points(&["C3", "G7"])),
            Judgement::Accept
        );
        assert_eq!(
            stand.judge(&analysis, &[]),
            Judgement::Refuse {
                dead: vec![p("G7")],
                alive: Vec::new(),
            }
        );
    }

    #[test]
    fn a_play_out_overrules_the_engine_and_the_proof() {
        let mut analysis = unsettled();
        analysis.chains[1].status = Status::Alive;
        let stand = Stand {
            dead: Some(points(&["C3"])),
            seki: Vec::new(),
            shown: vec![
                Marks {
                    dead: points(&["G7"]),
                    alive: Vec::new(),
                },
                Marks {
                    dead: Vec::new(),
                    alive: points(&["C3", "C4"]),
                },
            ],
        };
        assert_eq!(stand.corrected(&analysis), points(&["G7"]));
        assert_eq!(stand.judge(&analysis, &[p("G7")]), Judgement::Accept);
    }

    #[test]
    fn a_chain_alive_by_the_large_territory_rule_alone_does_not_overrule_the_engine() {
        let mut analysis = unsettled();
        analysis.chains[0].status = Status::Alive;
        analysis.chains[0].reason = Reason::LargeTerritory;
        let stand = engine_says_dead(&["C3"]);
        assert_eq!(stand.corrected(&analysis), points(&["C3", "C4"]));
        assert_eq!(
            stand.judge(&analysis, &[]),
            Judgement::Refuse {
                dead: vec![p("C4")],
                alive: Vec::new(),
            }
        );
    }
}
