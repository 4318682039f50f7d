//! The count that rests on doubtful chains: where the chains no proof
//! settles and the playouts barely carry (unsettled, or estimated with
//! their owner keeping them in a quarter to three quarters of the
//! playouts) decide the winner together, the other outcome is shown
//! beside the count, so that a guess never reads as a result.

use super::hinge::Ends;
use crate::words::{self, Lang, Say};
use kaisho_core::life::ChainVerdict;
use kaisho_core::{Game, Outcome, Point};

/// The most doubtful chains named by point; the rest are counted.
pub const MAX_NAMED: usize = 6;

/// The count with every doubtful chain turned against its winner, when
/// that names another winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doubt {
    /// The count as marked.
    pub now: Outcome,
    /// The count with the doubtful chains of the winner's colour dead and
    /// those of the other colour alive.
    pub other: Outcome,
    /// The first stone of each doubtful chain that was turned.
    pub chains: Vec<Point>,
    /// How many of them are estimates, not unsettled chains.
    pub estimates: usize,
}

impl Doubt {
    /// The headline in place of a result: the count as drafted and the
    /// other outcome.
    #[must_use]
    pub fn headline(&self, lang: Lang) -> String {
        let line = Say::Doubtful {
            now: &self.now.result_string(),
            other: &self.other.result_string(),
        };
        words::say(lang, line)
    }

    /// Whether the chains are worth naming beside `ends`: not when both
    /// ends already name different winners and every chain is unsettled,
    /// which the ends and hinges say.
    #[must_use]
    pub fn worth_naming(&self, ends: Option<&Ends>) -> bool {
        self.estimates > 0 || ends.is_none_or(Ends::decided)
    }

    /// The chains that decide it, by name, `name` naming a point.
    #[must_use]
    pub fn said(&self, lang: Lang, name: impl Fn(Point) -> String) -> String {
        let named: Vec<String> = self
            .chains
            .iter()
            .take(MAX_NAMED)
            .map(|&p| name(p))
            .collect();
        let line = Say::DoubtfulChains {
            chains: &named.join(" "),
            more: self.chains.len().saturating_sub(MAX_NAMED),
        };
        words::say(lang, line)
    }
}

/// The doubt of the count with the dead stones `marks`, the doubtful
/// chains being `doubtful` (the unsettled ones and the doubtful
/// estimates); `None` when turning them all against the winner leaves the
/// winner as it is, or the count fails.
pub fn doubt<'a>(
    game: &Game,
    marks: &[Point],
    doubtful: impl Iterator<Item = &'a ChainVerdict>,
) -> Option<Doubt> {
    let now = game.count_with(marks).ok()?.outcome();
    let winner = now.winner();
    let mut turned: Vec<Point> = marks.to_vec();
    let mut chains = Vec::new();
    let mut estimates = 0;
    for chain in doubtful {
        let marked = chain.stones.iter().any(|p| marks.contains(p));
        let against = Some(chain.color) == winner;
        if marked == against {
            continue;
        }
        turned.retain(|p| !chain.stones.contains(p));
        if against {
            turned.extend(&chain.stones);
        }
        chains.push(chain.stones[0]);
        estimates += usize::from(chain.is_doubtful());
    }
    if chains.is_empty() {
        return None;
    }
    let other = game.count_with(&turned).ok()?.outcome();
    (other.winner() != winner).then_some(Doubt {
        now,
        other,
        chains,
        estimates,
    })
}

/// The headline in place of a result while the count rests on something
/// not proven: both ends while they name different winners; else the
/// count as drafted beside the other outcome where doubtful chains decide
/// the winner; else both ends while chains are unsettled; `None` when the
/// count stands.
#[must_use]
pub fn headline(ends: Option<&Ends>, doubt: Option<&Doubt>, lang: Lang) -> Option<String> {
    match (ends, doubt) {
        (Some(ends), _) if !ends.decided() => Some(ends.headline(lang)),
        (_, Some(doubt)) => Some(doubt.headline(lang)),
        (Some(ends), None) => Some(ends.headline(lang)),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::hinge::tests::{p, unsettled, walls};
    use super::*;
    use kaisho_core::Color;
    use kaisho_core::life::{Reason, Status};

    fn estimated(stones: &[&str], color: Color, status: Status, kept: u32) -> ChainVerdict {
        ChainVerdict {
            status,
            reason: Reason::Estimated { kept },
            ..unsettled(stones, color)
        }
    }

    /// The report: four white chains estimated alive in 69 % of the
    /// playouts made the count say White won; the reference had them
    /// dead and Black the winner, and nothing on the screen said so.
    #[test]
    fn a_doubtful_estimate_that_decides_the_winner_shows_the_other_outcome() {
        let game = walls();
        let white = estimated(&["C3", "C2"], Color::White, Status::Alive, 690);
        assert!(white.is_doubtful());
        let marks = [p("H2"), p("H3")];
        let found = doubt(&game, &marks, std::iter::once(&white)).unwrap();
        assert_eq!(found.now.result_string(), "W+33.5");
        assert_eq!(found.other.result_string(), "B+2.5");
        assert_eq!(found.chains, vec![p("C3")]);
        assert_eq!(
            found.headline(Lang::En),
            "W+33.5, or B+2.5 if doubtful chains turn"
        );
        assert_eq!(
            found.said(Lang::En, |p| p.to_gtp(9)),
            "winner turns on C3 (? or ~ at 25–75 %)"
        );
    }

    /// Both ends that name different winners stay the headline; ends that
    /// name one winner give way to the doubt, which says the other.
    #[test]
    fn the_headline_is_the_undecided_range_else_the_doubt() {
        let game = walls();
        let white = estimated(&["C3", "C2"], Color::White, Status::Alive, 690);
        let marks = [p("H2"), p("H3")];
        let found = doubt(&game, &marks, std::iter::once(&white)).unwrap();
        let range = |alive: Outcome, dead: Outcome| Ends {
            unsettled: 1,
            alive,
            dead,
        };
        let undecided = range(found.now, found.other);
        let decided = range(found.now, found.now);
        let said = |ends: Option<&Ends>| headline(ends, Some(&found), Lang::En);
        assert_eq!(said(Some(&undecided)), Some(undecided.headline(Lang::En)));
        assert_eq!(said(Some(&decided)), Some(found.headline(Lang::En)));
        assert_eq!(said(None), Some(found.headline(Lang::En)));
        assert_eq!(headline(None, None, Lang::En), None);
        assert!(found.worth_naming(Some(&undecided)), "it names an estimate");
    }

    #[test]
    fn a_confident_estimate_shows_no_other_outcome() {
        let white = estimated(&["C3", "C2"], Color::White, Status::Alive, 900);
        assert!(!white.is_doubtful());
        let black = estimated(&["H3", "H2"], Color::Black, Status::Dead, 100);
        assert!(!black.is_doubtful());
    }

    #[test]
    fn a_doubtful_estimate_that_changes_no_winner_shows_nothing() {
        let game = walls();
        let black = estimated(&["H3", "H2"], Color::Black, Status::Dead, 300);
        assert!(black.is_doubtful());
        let marks = [p("C2"), p("C3"), p("H2"), p("H3")];
        assert!(doubt(&game, &marks, std::iter::once(&black)).is_none());
    }

    /// A doubtful estimate of the loser's colour turns the other way: its
    /// dead stones come back to life against the winner.
    #[test]
    fn a_doubtful_dead_chain_of_the_loser_is_turned_alive() {
        let game = walls();
        let white = estimated(&["C3", "C2"], Color::White, Status::Dead, 400);
        let marks = [p("C2"), p("C3"), p("H2"), p("H3")];
        let now = game.count_with(&marks).unwrap().outcome();
        let found = doubt(&game, &marks, std::iter::once(&white)).unwrap();
        assert_eq!(found.now, now);
        assert_eq!(
            found.other,
            game.count_with(&[p("H2"), p("H3")]).unwrap().outcome()
        );
        assert_ne!(found.other.winner(), now.winner());
    }
}
