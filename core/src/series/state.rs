//! A series between two players: its setup plus an ordered list of events
//! (nigiri and game results), from which the step, the lead, the history
//! and the next game's terms all follow (Art. 14.3, 15.2, 17.3–17.4, 18.1).
//!
//! Decisions where the text is silent:
//! - Every recorded game advances the step's pattern, draws and no-results
//!   included: the pattern counts games (第1局, 第2局 …), while only wins
//!   move the lead.
//! - The lead counts within the current step: when a player is `threshold`
//!   wins ahead the step moves one place and both counts restart at zero,
//!   as does the pattern.
//! - At the ladder's far end (9子 in 甲 and 乙, 25子 in 丙) a lead by the
//!   stronger player cannot add handicap. The change is recorded as
//!   [`Change::LadderEnd`] and the counts restart at the same step, so the
//!   club is told again after another full lead rather than after every
//!   further win.
//! - A 互先 step reached in mid-series begins with a new nigiri, like the
//!   first game of a series at 互先.

use super::ladder::Step;
use super::setup::{Seat, SeriesSetup, SetupError};
use super::terms::GameTerms;
use crate::outcome::Outcome;
use std::fmt;

/// How a game of the series ended, by seat. Wins by count, resignation
/// and time are all wins (Art. 37); the rest do not move the lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeriesResult {
    /// This seat won, by count, resignation or time.
    Win(Seat),
    /// 持碁: a draw.
    Jigo,
    /// 無勝負: no result.
    NoResult,
    /// 両負け: both lose.
    BothLose,
}

impl SeriesResult {
    /// The result of a game played under `terms`; `None` if its colours were not decided.
    #[must_use]
    pub fn from_outcome(outcome: &Outcome, terms: &GameTerms) -> Option<SeriesResult> {
        Some(match *outcome {
            Outcome::Win { winner, .. } => SeriesResult::Win(terms.seat_of(winner)?),
            Outcome::Jigo => SeriesResult::Jigo,
            Outcome::NoResult => SeriesResult::NoResult,
            Outcome::BothLose => SeriesResult::BothLose,
        })
    }

    /// The winner, if the result has one.
    #[must_use]
    pub fn winner(self) -> Option<Seat> {
        match self {
            SeriesResult::Win(seat) => Some(seat),
            _ => None,
        }
    }
}

/// One entry in a series' record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeriesEvent {
    /// The nigiri before the first game of a 互先 step gave Black to this seat.
    Nigiri { black: Seat },
    /// A game was played.
    Game(SeriesResult),
}

/// How a step ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// `leader` reached the threshold and the step moved to `to`, where
    /// `weaker` is the weaker player (`None` at 互先).
    Moved {
        /// The player who reached the threshold.
        leader: Seat,
        /// The step that ended.
        from: Step,
        /// The step that begins with the next game.
        to: Step,
        /// The weaker player at the new step.
        weaker: Option<Seat>,
    },
    /// `leader`, the stronger player, reached the threshold at the ladder's
    /// largest handicap: the step cannot move and the counts restart.
    LadderEnd {
        /// The stronger player, who reached the threshold.
        leader: Seat,
        /// The ladder's last step, which continues.
        step: Step,
    },
}

/// A stretch of games at one step, from the game in which it began.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Segment {
    /// The handicap step.
    pub step: Step,
    /// The weaker player at it; `None` at 互先.
    pub weaker: Option<Seat>,
    /// The number of the step's first game in the series, from 1.
    pub first_game: u32,
    /// Games played at this step so far.
    pub games: u32,
    /// Wins per seat at this step.
    pub wins: [u32; 2],
    /// At 互先: who took Black in the step's first game.
    pub nigiri: Option<Seat>,
    /// How the step ended; `None` for the current step.
    pub end: Option<Change>,
}

impl Segment {
    fn start(step: Step, weaker: Option<Seat>, first_game: u32) -> Segment {
        Segment {
            step,
            weaker,
            first_game,
            games: 0,
            wins: [0, 0],
            nigiri: None,
            end: None,
        }
    }

    /// The player ahead at this step and by how many wins, if anyone is.
    #[must_use]
    pub fn lead(&self) -> Option<(Seat, u32)> {
        let [a, b] = self.wins;
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some((Seat::First, a - b)),
            std::cmp::Ordering::Less => Some((Seat::Second, b - a)),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// A game that was played, with the terms it was played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayedGame {
    /// The terms it was played under.
    pub terms: GameTerms,
    /// How it ended.
    pub result: SeriesResult,
}

/// An event the series refused; the series is unchanged after any of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeriesError {
    /// The setup is not valid.
    Setup(SetupError),
    /// The next game is the first of a 互先 step and its colours are not decided.
    NigiriNeeded { game: u32 },
    /// A nigiri was recorded where the colours already follow from the step.
    NigiriNotNeeded { game: u32, step: Step },
    /// Replaying a record failed at this event (counted from 0).
    AtEvent {
        index: usize,
        error: Box<SeriesError>,
    },
}

impl fmt::Display for SeriesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeriesError::Setup(e) => write!(f, "{e}"),
            SeriesError::NigiriNeeded { game } => write!(
                f,
                "game {game} is the first at 互先 (even) and needs a nigiri to decide who takes Black: \
                 record the nigiri before the result"
            ),
            SeriesError::NigiriNotNeeded { game, step } => write!(
                f,
                "game {game} is at {step} and its colours are already decided: no nigiri is needed"
            ),
            SeriesError::AtEvent { index, error } => {
                write!(f, "entry {} of the series record: {error}", index + 1)
            }
        }
    }
}

impl std::error::Error for SeriesError {}

impl From<SetupError> for SeriesError {
    fn from(e: SetupError) -> SeriesError {
        SeriesError::Setup(e)
    }
}

/// A series: its setup and events, with everything that follows from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    setup: SeriesSetup,
    events: Vec<SeriesEvent>,
    games: Vec<PlayedGame>,
    /// Every step so far; the last is the current one.
    segments: Vec<Segment>,
}

impl Series {
    /// A new series with no games yet.
    pub fn new(setup: SeriesSetup) -> Result<Series, SeriesError> {
        setup.validate()?;
        let first = Segment::start(setup.start, setup.weaker, 1);
        Ok(Series {
            setup,
            events: Vec::new(),
            games: Vec::new(),
            segments: vec![first],
        })
    }

    /// Rebuilds a series from its setup and recorded events; the result is
    /// equal to the series that recorded them.
    pub fn replay(setup: SeriesSetup, events: &[SeriesEvent]) -> Result<Series, SeriesError> {
        let mut series = Series::new(setup)?;
        for (index, event) in events.iter().enumerate() {
            series.apply(*event).map_err(|error| SeriesError::AtEvent {
                index,
                error: Box::new(error),
            })?;
        }
        Ok(series)
    }

    /// The terms agreed when the series began.
    #[must_use]
    pub fn setup(&self) -> &SeriesSetup {
        &self.setup
    }

    /// The record: everything needed, with the setup, to rebuild the series.
    #[must_use]
    pub fn events(&self) -> &[SeriesEvent] {
        &self.events
    }

    /// The games played, with their terms and results.
    #[must_use]
    pub fn games(&self) -> &[PlayedGame] {
        &self.games
    }

    /// Every step the series has been at, in order; the last is the current one.
    #[must_use]
    pub fn history(&self) -> &[Segment] {
        &self.segments
    }

    /// The current step and its counts.
    #[must_use]
    pub fn current(&self) -> &Segment {
        // `new` starts with one segment and `apply` only ever adds.
        &self.segments[self.segments.len() - 1]
    }

    /// The lead within the current step.
    #[must_use]
    pub fn lead(&self) -> Option<(Seat, u32)> {
        self.current().lead()
    }

    /// Whether the current step is the ladder's largest handicap, where a
    /// lead by the stronger player can move nothing.
    #[must_use]
    pub fn at_ladder_end(&self) -> bool {
        let steps = self.setup.ladder.steps();
        steps.last() == Some(&self.current().step)
    }

    /// The terms of the next game.
    #[must_use]
    pub fn next_game(&self) -> GameTerms {
        let seg = self.current();
        let number = u32::try_from(self.games.len())
            .unwrap_or(u32::MAX)
            .saturating_add(1);
        GameTerms::at(
            number,
            seg.step,
            seg.weaker,
            seg.games,
            seg.nigiri,
            self.setup.komi,
        )
    }

    /// Records a nigiri's outcome for the first game of a 互先 step.
    pub fn nigiri(&mut self, black: Seat) -> Result<(), SeriesError> {
        self.apply(SeriesEvent::Nigiri { black }).map(|_| ())
    }

    /// Records a game's result under the terms [`Series::next_game`] gave,
    /// and returns the step change it caused, if any.
    pub fn record(&mut self, result: SeriesResult) -> Result<Option<Change>, SeriesError> {
        self.apply(SeriesEvent::Game(result))
    }

    /// Applies one event of the record.
    pub fn apply(&mut self, event: SeriesEvent) -> Result<Option<Change>, SeriesError> {
        let terms = self.next_game();
        let change = match event {
            SeriesEvent::Nigiri { black } => {
                if terms.black.is_some() {
                    return Err(SeriesError::NigiriNotNeeded {
                        game: terms.number,
                        step: terms.step,
                    });
                }
                self.current_mut().nigiri = Some(black);
                None
            }
            SeriesEvent::Game(result) => {
                if terms.black.is_none() {
                    return Err(SeriesError::NigiriNeeded { game: terms.number });
                }
                self.games.push(PlayedGame { terms, result });
                self.count(terms.number, result)
            }
        };
        self.events.push(event);
        Ok(change)
    }

    fn current_mut(&mut self) -> &mut Segment {
        let last = self.segments.len() - 1;
        &mut self.segments[last]
    }

    /// Counts a game at the current step and moves the step if a lead reached the threshold.
    fn count(&mut self, number: u32, result: SeriesResult) -> Option<Change> {
        let threshold = self.setup.threshold;
        let seg = self.current_mut();
        seg.games += 1;
        if let Some(winner) = result.winner() {
            seg.wins[winner.index()] += 1;
        }
        let (leader, lead) = seg.lead()?;
        if lead < threshold {
            return None;
        }
        let change = self.change_for(leader);
        let (step, weaker) = match change {
            Change::Moved { to, weaker, .. } => (to, weaker),
            Change::LadderEnd { step, .. } => (step, self.current().weaker),
        };
        self.current_mut().end = Some(change);
        self.segments
            .push(Segment::start(step, weaker, number.saturating_add(1)));
        Some(change)
    }

    /// Where a threshold lead by `leader` takes the current step: toward
    /// less handicap if the weaker leads, more if the stronger does; at
    /// 互先 the other player becomes the weaker one.
    fn change_for(&self, leader: Seat) -> Change {
        let seg = self.current();
        let steps = self.setup.ladder.steps();
        let index = steps.iter().position(|s| *s == seg.step).unwrap_or(0);
        let moved = |to_index: usize, weaker: Option<Seat>| Change::Moved {
            leader,
            from: seg.step,
            to: steps[to_index],
            weaker,
        };
        match seg.weaker {
            None => moved(1, Some(leader.other())),
            Some(weaker) if weaker == leader => {
                let to = index.saturating_sub(1);
                moved(to, (to > 0).then_some(weaker))
            }
            Some(weaker) if index + 1 < steps.len() => moved(index + 1, Some(weaker)),
            Some(_) => Change::LadderEnd {
                leader,
                step: seg.step,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;
    use crate::outcome::WinBy;
    use crate::series::ladder::{LadderKind, Turn};
    use crate::series::setup::{KomiPolicy, Player};
    use crate::settings::Komi;
    use Seat::{First as A, Second as B};

    fn setup(ladder: LadderKind, start: Step, weaker: Option<Seat>) -> SeriesSetup {
        SeriesSetup {
            players: [
                Player {
                    id: "local:aki".into(),
                    name: "Aki".into(),
                },
                Player {
                    id: "local:ben".into(),
                    name: "Ben".into(),
                },
            ],
            ladder,
            start,
            weaker,
            threshold: 4,
            komi: KomiPolicy::default(),
        }
    }

    fn series(ladder: LadderKind, start: Step, weaker: Option<Seat>) -> Series {
        Series::new(setup(ladder, start, weaker)).unwrap()
    }

    fn win(seat: Seat) -> SeriesResult {
        SeriesResult::Win(seat)
    }

    /// Records `n` results and returns the colours the weaker player had.
    fn weaker_colours(s: &mut Series, n: usize, result: SeriesResult) -> Vec<Color> {
        (0..n)
            .map(|_| {
                let t = s.next_game();
                let c = t.colour_of(t.weaker.unwrap()).unwrap();
                s.record(result).unwrap();
                c
            })
            .collect()
    }

    #[test]
    fn sen_ai_sen_gives_black_white_black_repeating() {
        let mut s = series(LadderKind::Kou, Step::SenAiSen, Some(A));
        let (b, w) = (Color::Black, Color::White);
        assert_eq!(
            weaker_colours(&mut s, 7, SeriesResult::Jigo),
            [b, w, b, b, w, b, b]
        );
    }

    #[test]
    fn sen_ai_sen_white_game_has_no_komi_and_no_stones() {
        let mut s = series(LadderKind::Kou, Step::SenAiSen, Some(A));
        s.record(SeriesResult::Jigo).unwrap();
        let t = s.next_game();
        assert_eq!((t.black, t.handicap, t.komi), (Some(B), 0, Komi::ZERO));
        assert_eq!(t.turn, Turn::WeakerWhite);
    }

    #[test]
    fn sen_ni_sen_gives_sen_two_stones_sen() {
        let mut s = series(LadderKind::Kou, Step::SenNiSen, Some(B));
        let mut handicaps = Vec::new();
        for _ in 0..6 {
            let t = s.next_game();
            assert_eq!(t.black, Some(B));
            handicaps.push(t.handicap);
            s.record(SeriesResult::NoResult).unwrap();
        }
        assert_eq!(handicaps, [0, 2, 0, 0, 2, 0]);
    }

    #[test]
    fn position_in_pattern_is_reported() {
        let mut s = series(LadderKind::Kou, Step::LowHighLow(2), Some(A));
        let mut seen = Vec::new();
        for _ in 0..4 {
            let t = s.next_game();
            seen.push((t.number, t.position % t.cycle + 1, t.cycle, t.handicap));
            s.record(SeriesResult::Jigo).unwrap();
        }
        assert_eq!(
            seen,
            [(1, 1, 3, 2), (2, 2, 3, 3), (3, 3, 3, 2), (4, 1, 3, 2)]
        );
    }

    #[test]
    fn four_nil_moves_one_step_and_restarts_the_pattern() {
        let mut s = series(LadderKind::Kou, Step::SenNiSen, Some(A));
        for game in 1..=3 {
            assert_eq!(s.record(win(B)), Ok(None), "game {game}");
        }
        let change = s.record(win(B)).unwrap();
        assert_eq!(
            change,
            Some(Change::Moved {
                leader: B,
                from: Step::SenNiSen,
                to: Step::NiSenNi,
                weaker: Some(A)
            })
        );
        assert_eq!(s.lead(), None);
        let t = s.next_game();
        assert_eq!((t.number, t.step, t.position), (5, Step::NiSenNi, 0));
        assert_eq!(t.handicap, 2, "2先2 begins with 2 stones, not mid-pattern");
        assert_eq!(s.history().len(), 2);
        assert_eq!(s.history()[1].first_game, 5);
    }

    #[test]
    fn weaker_leading_moves_toward_less_handicap() {
        let mut s = series(LadderKind::Otsu, Step::Stones(3), Some(A));
        for _ in 0..4 {
            s.record(win(A)).unwrap();
        }
        assert_eq!(s.current().step, Step::Halves(2));
        assert_eq!(s.current().weaker, Some(A));
    }

    #[test]
    fn five_one_moves_but_four_one_does_not() {
        let mut s = series(LadderKind::Kou, Step::Sen, Some(A));
        s.record(win(A)).unwrap();
        for _ in 0..4 {
            assert_eq!(s.record(win(B)), Ok(None));
        }
        assert_eq!(s.lead(), Some((B, 3)), "4–1 is a lead of 3");
        assert_eq!(s.current().step, Step::Sen);
        let change = s.record(win(B)).unwrap();
        assert!(matches!(
            change,
            Some(Change::Moved {
                to: Step::SenNiSen,
                ..
            })
        ));
        assert_eq!(s.history()[0].wins, [1, 5]);
    }

    #[test]
    fn draws_no_results_and_both_lose_do_not_move_the_lead() {
        let mut s = series(LadderKind::Hei, Step::Stones(2), Some(A));
        for r in [
            win(B),
            SeriesResult::Jigo,
            win(B),
            SeriesResult::NoResult,
            win(B),
            SeriesResult::BothLose,
        ] {
            assert_eq!(s.record(r), Ok(None));
        }
        assert_eq!(s.lead(), Some((B, 3)));
        assert_eq!(s.current().games, 6);
        assert!(s.record(win(B)).unwrap().is_some());
    }

    #[test]
    fn even_needs_a_nigiri_then_colours_alternate() {
        let mut s = series(LadderKind::Kou, Step::Even, None);
        let t = s.next_game();
        assert_eq!((t.black, t.komi, t.handicap), (None, Komi::MODERN, 0));
        assert_eq!(s.record(win(A)), Err(SeriesError::NigiriNeeded { game: 1 }));
        s.nigiri(B).unwrap();
        assert_eq!(
            s.nigiri(A),
            Err(SeriesError::NigiriNotNeeded {
                game: 1,
                step: Step::Even
            })
        );
        let mut blacks = Vec::new();
        for r in [win(A), win(B), SeriesResult::Jigo, win(A), win(B)] {
            blacks.push(s.next_game().black.unwrap());
            s.record(r).unwrap();
        }
        assert_eq!(blacks, [B, A, B, A, B]);
    }

    #[test]
    fn a_lead_at_even_makes_the_other_player_weaker() {
        for (ladder, next) in [
            (LadderKind::Kou, Step::SenAiSen),
            (LadderKind::Otsu, Step::Sen),
            (LadderKind::Hei, Step::Sen),
        ] {
            let mut s = series(ladder, Step::Even, None);
            s.nigiri(A).unwrap();
            for _ in 0..4 {
                s.record(win(B)).unwrap();
            }
            assert_eq!(s.current().step, next, "{ladder:?}");
            assert_eq!(s.current().weaker, Some(A));
            assert_eq!(s.next_game().black, Some(A));
        }
    }

    #[test]
    fn catching_up_to_even_needs_a_new_nigiri() {
        let mut s = series(LadderKind::Kou, Step::SenAiSen, Some(A));
        for _ in 0..4 {
            s.record(win(A)).unwrap();
        }
        assert_eq!(s.current().step, Step::Even);
        assert_eq!(s.current().weaker, None);
        assert_eq!(s.next_game().black, None);
        assert_eq!(s.record(win(A)), Err(SeriesError::NigiriNeeded { game: 5 }));
    }

    #[test]
    fn stronger_cannot_add_handicap_past_each_ladders_end() {
        for ladder in LadderKind::ALL {
            let last = *ladder.steps().last().unwrap();
            let mut s = series(ladder, last, Some(A));
            assert!(s.at_ladder_end());
            for _ in 0..3 {
                s.record(win(B)).unwrap();
            }
            assert_eq!(
                s.record(win(B)),
                Ok(Some(Change::LadderEnd {
                    leader: B,
                    step: last
                }))
            );
            assert_eq!(s.current().step, last);
            assert_eq!(s.lead(), None, "the count restarts at the end");
            assert_eq!(s.history().len(), 2);
        }
    }

    #[test]
    fn weaker_leaves_each_ladders_end_downward() {
        for (ladder, below) in [
            (LadderKind::Kou, Step::HighLowHigh(8)),
            (LadderKind::Otsu, Step::Halves(8)),
            (LadderKind::Hei, Step::Stones(24)),
        ] {
            let last = *ladder.steps().last().unwrap();
            let mut s = series(ladder, last, Some(A));
            for _ in 0..4 {
                s.record(win(A)).unwrap();
            }
            assert_eq!(s.current().step, below, "{ladder:?}");
        }
    }

    #[test]
    fn the_stronger_walks_up_every_ladder_from_even_to_its_end() {
        for ladder in LadderKind::ALL {
            let mut s = series(ladder, Step::Even, None);
            s.nigiri(A).unwrap();
            let mut visited = vec![s.current().step];
            while !s.at_ladder_end() {
                for _ in 0..4 {
                    let t = s.next_game();
                    assert!(t.black.is_some());
                    if t.step != Step::Even {
                        assert_eq!(t.weaker, Some(B));
                        assert_eq!(t.komi, Komi::ZERO);
                    }
                    s.record(win(A)).unwrap();
                }
                visited.push(s.current().step);
            }
            assert_eq!(visited, ladder.steps(), "{ladder:?}");
        }
    }

    #[test]
    fn the_weaker_walks_down_every_ladder_to_even() {
        for ladder in LadderKind::ALL {
            let last = *ladder.steps().last().unwrap();
            let mut s = series(ladder, last, Some(B));
            let mut visited = vec![last];
            while s.current().step != Step::Even {
                for _ in 0..4 {
                    s.record(win(B)).unwrap();
                }
                visited.push(s.current().step);
            }
            visited.reverse();
            assert_eq!(visited, ladder.steps(), "{ladder:?}");
        }
    }

    #[test]
    fn a_threshold_can_be_agreed() {
        let mut setup = setup(LadderKind::Kou, Step::Sen, Some(A));
        setup.threshold = 2;
        let mut s = Series::new(setup).unwrap();
        s.record(win(B)).unwrap();
        assert!(s.record(win(B)).unwrap().is_some());
    }

    #[test]
    fn agreed_komi_applies_by_kind_of_game() {
        let mut setup = setup(LadderKind::Kou, Step::SenAiSen, Some(A));
        setup.komi = KomiPolicy {
            even: Komi::RULES_1949,
            handicap: Komi::from_halves(1),
        };
        let s = Series::new(setup).unwrap();
        assert_eq!(s.next_game().komi, Komi::from_halves(1));
        assert_eq!(s.setup().komi.for_turn(Turn::Even), Komi::RULES_1949);
    }

    #[test]
    fn outcomes_map_to_seats_by_colour() {
        let mut s = series(LadderKind::Kou, Step::SenAiSen, Some(A));
        s.record(SeriesResult::Jigo).unwrap();
        let t = s.next_game();
        let white_wins = Outcome::Win {
            winner: Color::White,
            by: WinBy::Resignation,
        };
        assert_eq!(
            SeriesResult::from_outcome(&white_wins, &t),
            Some(win(A)),
            "A is White in the second game of 先相先"
        );
        assert_eq!(
            SeriesResult::from_outcome(&Outcome::BothLose, &t),
            Some(SeriesResult::BothLose)
        );
        let even = series(LadderKind::Kou, Step::Even, None).next_game();
        assert_eq!(SeriesResult::from_outcome(&white_wins, &even), None);
    }

    #[test]
    fn handicap_terms_make_settings_with_stones_placed() {
        let s = series(LadderKind::Kou, Step::Stones(4), Some(A));
        let settings = s
            .next_game()
            .settings(crate::point::BoardSize::NINETEEN)
            .unwrap();
        assert_eq!(settings.handicap, 4);
        assert_eq!(settings.first, Color::White);
    }

    #[test]
    fn bad_setups_are_refused() {
        let cases = [
            (
                setup(LadderKind::Otsu, Step::SenAiSen, Some(A)),
                "not a step",
            ),
            (setup(LadderKind::Kou, Step::Sen, None), "weaker"),
            (setup(LadderKind::Kou, Step::Even, Some(A)), "no weaker"),
        ];
        for (bad, words) in cases {
            let e = Series::new(bad).unwrap_err();
            assert!(e.to_string().contains(words), "{e}");
        }
        let mut zero = setup(LadderKind::Kou, Step::Sen, Some(A));
        zero.threshold = 0;
        assert!(matches!(
            Series::new(zero),
            Err(SeriesError::Setup(SetupError::ZeroThreshold))
        ));
        let mut twins = setup(LadderKind::Kou, Step::Sen, Some(A));
        twins.players[1].id = twins.players[0].id.clone();
        assert!(matches!(
            Series::new(twins),
            Err(SeriesError::Setup(SetupError::SamePlayer(_)))
        ));
    }

    #[test]
    fn replay_reports_the_bad_entry() {
        let events = [
            SeriesEvent::Nigiri { black: A },
            SeriesEvent::Nigiri { black: B },
        ];
        let e = Series::replay(setup(LadderKind::Kou, Step::Even, None), &events).unwrap_err();
        assert!(matches!(e, SeriesError::AtEvent { index: 1, .. }));
        assert!(e.to_string().starts_with("entry 2"));
    }
}
