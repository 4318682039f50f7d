//! The clock of a game at one keyboard. The update never reads a clock: the
//! event loop's one-second tick advances the side on turn, a move books the
//! seconds it took, and a flag that falls ends the game on time. Both
//! players' books are the core's `Clock`, as in a network game.

use super::net::ClockFace;
use super::out::Out;
use super::{Screen, State};
use crate::words::{Lang, Note, TimeCall, clock_words, note};
use kaisho_core::clock::{Clock, TimeControl};
use kaisho_core::{Color, Event};
use kaisho_net::TimeW;
use kaisho_saves::log::LoggedEvent;

/// The clocks a club game is commonly played with.
pub const CLOCKS: &[TimeW] = &[
    TimeW::None,
    TimeW::Byoyomi {
        main_ms: 600_000,
        periods: 3,
        period_ms: 30_000,
    },
    TimeW::Byoyomi {
        main_ms: 1_800_000,
        periods: 5,
        period_ms: 30_000,
    },
    TimeW::Byoyomi {
        main_ms: 3_600_000,
        periods: 5,
        period_ms: 60_000,
    },
    TimeW::Absolute { main_ms: 1_200_000 },
];

/// Both players' clocks and the time the side on turn has used so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timer {
    pub clocks: [Clock; 2],
    pub running_ms: u64,
}

impl Timer {
    /// Fresh clocks under `control`; `None` when there is no clock.
    #[must_use]
    pub fn new(control: TimeControl) -> Option<Timer> {
        (control != TimeControl::None).then(|| Timer {
            clocks: [Clock::new(control); 2],
            running_ms: 0,
        })
    }

    /// The clocks of a resumed game, booked from the times its log holds.
    #[must_use]
    pub fn resumed(control: TimeControl, logged: &[LoggedEvent]) -> Option<Timer> {
        let mut timer = Timer::new(control)?;
        for e in logged {
            if let Some(used) = e.time_used_ms {
                let _ = timer.clocks[e.event.actor().index()].spend(u64::from(used));
            }
        }
        Some(timer)
    }

    /// One second more for `to_move`; whether its flag has fallen.
    pub fn tick(&mut self, to_move: Color) -> bool {
        self.running_ms += 1000;
        self.clocks[to_move.index()]
            .allowance_ms()
            .is_some_and(|a| self.running_ms > a)
    }

    /// Books a move's time on its player's clock and starts the next turn;
    /// the milliseconds for the log.
    pub fn book(&mut self, event: &Event) -> Option<u32> {
        if !matches!(event, Event::Play { .. } | Event::Pass { .. }) {
            return None;
        }
        let used = std::mem::take(&mut self.running_ms);
        let _ = self.clocks[event.actor().index()].spend(used);
        Some(u32::try_from(used).unwrap_or(u32::MAX))
    }

    /// The clocks as the panel shows them, `to_move` running.
    #[must_use]
    pub fn face(&self, to_move: Option<Color>) -> ClockFace {
        ClockFace {
            clocks: self.clocks,
            running: to_move.map(|c| (c, self.running_ms)),
        }
    }
}

/// Typed words that are not a clock: the words as typed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", note(Lang::En, Note::NotAClock(.0)))]
pub struct NotAClock(pub String);

/// Reads a clock typed freely: main time, then byo-yomi periods and their
/// length, e.g. `20m 5x30s`, `1h30m 3x60s`, `0 3x10s` (byo-yomi only),
/// `45m` (absolute time), or `none`. A number without a unit is minutes
/// for main time and seconds for a period.
pub fn parse_clock(text: &str) -> Result<TimeControl, NotAClock> {
    let usage = || NotAClock(text.trim().to_string());
    let text = text.trim().to_ascii_lowercase().replace(['+', ','], " ");
    let words: Vec<&str> = text.split_whitespace().collect();
    let (main, byo) = match words.as_slice() {
        ["none" | "no" | "off"] => return Ok(TimeControl::None),
        [main] => (*main, None),
        [main, byo] => (*main, Some(*byo)),
        _ => return Err(usage()),
    };
    let main_ms = duration_ms(main, 60_000).ok_or_else(usage)?;
    let Some(byo) = byo else {
        return if main_ms == 0 {
            Err(usage())
        } else {
            Ok(TimeControl::Absolute { main_ms })
        };
    };
    let (periods, length) = byo.split_once(['x', '×', '*']).ok_or_else(usage)?;
    let periods: u32 = periods.parse().map_err(|_| usage())?;
    let period_ms = duration_ms(length, 1000).ok_or_else(usage)?;
    if periods == 0 || period_ms == 0 || periods > 100 {
        return Err(usage());
    }
    Ok(TimeControl::Byoyomi {
        main_ms,
        periods,
        period_ms,
    })
}

/// Takes a typed clock into the host's form or the settings being edited,
/// or else into the home menu for the next game.
pub(super) fn set_clock(state: &mut State, text: &str, out: &mut Out) {
    let control = match parse_clock(text) {
        Ok(control) => control,
        Err(NotAClock(text)) => return out.refuse(note(state.naming.lang, Note::NotAClock(&text))),
    };
    match &mut state.screen {
        Screen::HostForm(form) => form.custom_clock = Some(control),
        Screen::Settings(form) => form.config.time_control = control.into(),
        _ => state.home.custom_clock = Some(control),
    }
    let clock = clock_words(state.naming.lang, control);
    out.say(note(state.naming.lang, Note::Clock(&clock)));
}

/// Milliseconds in `10m`, `30s`, `1h30m`; a bare number counts in `unit_ms`.
/// At most a day.
fn duration_ms(text: &str, unit_ms: u64) -> Option<u64> {
    if let Ok(n) = text.parse::<u64>() {
        return n.checked_mul(unit_ms).filter(|&ms| ms <= DAY_MS);
    }
    let mut total = 0u64;
    let mut number = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let scale = match c {
            'h' => 3_600_000,
            'm' => 60_000,
            's' => 1000,
            _ => return None,
        };
        let n: u64 = std::mem::take(&mut number).parse().ok()?;
        total = total.checked_add(n.checked_mul(scale)?)?;
    }
    (number.is_empty() && total <= DAY_MS).then_some(total)
}

const DAY_MS: u64 = 86_400_000;

/// Where a clock stands after a turn's first `used` milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// No clock.
    Free,
    /// In main time, with this much left.
    Main { left_ms: u64 },
    /// In byo-yomi: this much left of the current period, which is one of
    /// `periods_left`.
    Period { left_ms: u64, periods_left: u32 },
    /// The flag has fallen.
    Out,
}

/// Where `clock` stands after `used_ms` of the turn.
#[must_use]
pub fn stage(clock: &Clock, used_ms: u64) -> Stage {
    let main = clock.main_left_ms();
    match clock.control() {
        TimeControl::None => Stage::Free,
        _ if main > used_ms => Stage::Main {
            left_ms: main - used_ms,
        },
        TimeControl::Absolute { .. } => Stage::Out,
        TimeControl::Byoyomi { period_ms, .. } => {
            let period_ms = period_ms.max(1);
            let over = used_ms - main;
            let gone = over / period_ms;
            match u32::try_from(gone) {
                Ok(gone) if gone < clock.periods_left() => Stage::Period {
                    left_ms: period_ms - over % period_ms,
                    periods_left: clock.periods_left() - gone,
                },
                _ => Stage::Out,
            }
        }
    }
}

/// When main time warns: this much before its end.
pub const MAIN_WARNING_MS: u64 = 60_000;
/// How many seconds are counted aloud before a period or absolute time ends.
pub const COUNTDOWN_S: u64 = 10;

/// What the clock says when the turn's time used goes from `before_ms` to
/// `after_ms`; nothing for most seconds.
#[must_use]
pub fn call(clock: &Clock, before_ms: u64, after_ms: u64) -> Option<TimeCall> {
    let seconds = |ms: u64| ms.div_ceil(1000);
    let counted = |before: u64, after: u64| {
        (seconds(after) <= COUNTDOWN_S && seconds(after) != seconds(before) && after > 0).then_some(
            TimeCall::Countdown {
                seconds: seconds(after),
            },
        )
    };
    match (stage(clock, before_ms), stage(clock, after_ms)) {
        (Stage::Main { left_ms: b }, Stage::Main { left_ms: a }) => {
            if b > MAIN_WARNING_MS && a <= MAIN_WARNING_MS {
                Some(TimeCall::MainEnding)
            } else if matches!(clock.control(), TimeControl::Absolute { .. }) {
                counted(b, a)
            } else {
                None
            }
        }
        (Stage::Main { .. }, Stage::Period { periods_left, .. }) => {
            let (_, _, period_ms) = clock.control().parts();
            Some(TimeCall::ByoyomiBegins {
                periods: periods_left,
                period_s: period_ms / 1000,
            })
        }
        (
            Stage::Period {
                periods_left: pb,
                left_ms: b,
            },
            Stage::Period {
                periods_left: pa,
                left_ms: a,
            },
        ) => {
            if pa < pb {
                Some(TimeCall::PeriodGone { periods_left: pa })
            } else {
                counted(b, a)
            }
        }
        _ => None,
    }
}

impl TimeCall {
    /// Whether the bell rings for it: the warnings and the first second
    /// counted, not every second.
    #[must_use]
    pub fn rings(self) -> bool {
        !matches!(self, TimeCall::Countdown { seconds } if seconds != COUNTDOWN_S)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::Point;

    const BYO: TimeControl = TimeControl::Byoyomi {
        main_ms: 2_000,
        periods: 1,
        period_ms: 2_000,
    };

    const CLUB: TimeControl = TimeControl::Byoyomi {
        main_ms: 120_000,
        periods: 3,
        period_ms: 30_000,
    };

    /// Every call a whole turn of `seconds` makes, second by second.
    fn calls(clock: &Clock, seconds: u64) -> Vec<(u64, TimeCall)> {
        (1..=seconds)
            .filter_map(|s| call(clock, (s - 1) * 1000, s * 1000).map(|c| (s, c)))
            .collect()
    }

    #[test]
    fn byo_yomi_is_counted_down_in_its_last_ten_seconds() {
        let clock = Clock::new(CLUB);
        let said = calls(&clock, 120 + 60);
        let countdown = |from: u64| -> Vec<(u64, TimeCall)> {
            (0..10)
                .map(|i| (from + i, TimeCall::Countdown { seconds: 10 - i }))
                .collect()
        };
        let mut expected = vec![
            (60, TimeCall::MainEnding),
            (
                120,
                TimeCall::ByoyomiBegins {
                    periods: 3,
                    period_s: 30,
                },
            ),
        ];
        expected.extend(countdown(140));
        expected.push((150, TimeCall::PeriodGone { periods_left: 2 }));
        expected.extend(countdown(170));
        expected.push((180, TimeCall::PeriodGone { periods_left: 1 }));
        assert_eq!(said, expected);
    }

    #[test]
    fn a_new_turn_in_byo_yomi_starts_a_fresh_period() {
        let mut clock = Clock::new(CLUB);
        clock.spend(125_000).unwrap();
        assert_eq!(
            stage(&clock, 0),
            Stage::Period {
                left_ms: 30_000,
                periods_left: 3
            }
        );
        assert_eq!(calls(&clock, 19), []);
        assert_eq!(
            call(&clock, 19_000, 20_000),
            Some(TimeCall::Countdown { seconds: 10 })
        );
        assert_eq!(stage(&clock, 90_000), Stage::Out);
    }

    #[test]
    fn absolute_time_warns_and_counts_its_last_seconds() {
        let clock = Clock::new(TimeControl::Absolute { main_ms: 70_000 });
        let said = calls(&clock, 70);
        assert_eq!(said[0], (10, TimeCall::MainEnding));
        assert_eq!(said[1], (60, TimeCall::Countdown { seconds: 10 }));
        assert_eq!(said.last(), Some(&(69, TimeCall::Countdown { seconds: 1 })));
        assert_eq!(said.len(), 11);
        assert_eq!(stage(&clock, 70_000), Stage::Out);
    }

    #[test]
    fn no_clock_says_nothing_and_uneven_ticks_still_count_each_second_once() {
        assert_eq!(calls(&Clock::new(TimeControl::None), 100), []);
        let clock = Clock::new(TimeControl::Absolute { main_ms: 12_000 });
        // A network clock reports at uneven moments.
        assert_eq!(
            call(&clock, 1_500, 2_400),
            Some(TimeCall::Countdown { seconds: 10 })
        );
        assert_eq!(call(&clock, 2_400, 2_900), None);
        assert_eq!(
            call(&clock, 2_900, 4_700),
            Some(TimeCall::Countdown { seconds: 8 })
        );
    }

    #[test]
    fn the_bell_rings_for_warnings_and_the_first_counted_second() {
        assert!(TimeCall::MainEnding.rings());
        assert!(TimeCall::Countdown { seconds: 10 }.rings());
        assert!(!TimeCall::Countdown { seconds: 4 }.rings());
        assert!(TimeCall::PeriodGone { periods_left: 2 }.rings());
    }

    #[test]
    fn free_clocks_are_read_in_the_forms_a_club_writes_them() {
        let byo = |main_ms, periods, period_ms| TimeControl::Byoyomi {
            main_ms,
            periods,
            period_ms,
        };
        assert_eq!(parse_clock("20m 5x30s"), Ok(byo(1_200_000, 5, 30_000)));
        assert_eq!(parse_clock("20 5x30"), Ok(byo(1_200_000, 5, 30_000)));
        assert_eq!(parse_clock("1h30m + 3×1m"), Ok(byo(5_400_000, 3, 60_000)));
        assert_eq!(parse_clock("0 3x10s"), Ok(byo(0, 3, 10_000)));
        assert_eq!(
            parse_clock("45m"),
            Ok(TimeControl::Absolute { main_ms: 2_700_000 })
        );
        assert_eq!(parse_clock(" None "), Ok(TimeControl::None));
        for wrong in [
            "",
            "0",
            "20m 0x30s",
            "20m 5x0",
            "abc",
            "20m 5x30s 1",
            "99999h",
            "5q",
        ] {
            let e = parse_clock(wrong).unwrap_err();
            assert_eq!(e, NotAClock(wrong.trim().to_string()));
            assert!(e.to_string().contains("e.g. 20m 5x30s"), "{wrong}: {e}");
        }
        let words = |lang, control| clock_words(lang, control);
        assert_eq!(
            words(Lang::En, byo(1_200_000, 5, 30_000)),
            "20 min + 5 x 30 s"
        );
        assert_eq!(
            words(Lang::Ja, byo(1_200_000, 5, 30_000)),
            "20分 秒読み30秒×5回"
        );
        // Byo-yomi alone has no main time to name.
        assert_eq!(words(Lang::En, byo(0, 3, 10_000)), "byo-yomi 3 x 10 s");
        assert_eq!(words(Lang::Ja, byo(0, 3, 10_000)), "秒読み10秒×3回");
        let absolute = TimeControl::Absolute { main_ms: 90_000 };
        assert_eq!(words(Lang::En, absolute), "90 s sudden death");
        assert_eq!(words(Lang::Ja, absolute), "90秒 切れ負け");
    }

    #[test]
    fn the_flag_falls_after_main_time_and_the_periods() {
        let mut timer = Timer::new(BYO).unwrap();
        assert!(!timer.tick(Color::Black));
        assert!(!timer.tick(Color::Black));
        assert!(!timer.tick(Color::Black));
        assert!(!timer.tick(Color::Black));
        assert!(timer.tick(Color::Black));
    }

    #[test]
    fn a_move_books_its_seconds_and_the_next_turn_starts_at_zero() {
        let mut timer = Timer::new(BYO).unwrap();
        timer.tick(Color::Black);
        let play = Event::Play {
            color: Color::Black,
            point: Point::new(3, 3),
        };
        assert_eq!(timer.book(&play), Some(1000));
        assert_eq!(timer.running_ms, 0);
        assert_eq!(timer.clocks[0].main_left_ms(), 1000);
        assert_eq!(
            timer.book(&Event::Resign {
                color: Color::White
            }),
            None
        );
        assert!(Timer::new(TimeControl::None).is_none());
    }
}
