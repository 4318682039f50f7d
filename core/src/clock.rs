//! Game clocks as pure functions of the time each move used.
//!
//! The caller measures how long a move took (with a monotonic clock, outside
//! the core) and hands the milliseconds in; the clock only keeps the books,
//! so both peers of a networked game, fed the same reports, agree exactly.

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No clock: think as long as you like.
    None,
    /// One allowance for the whole game (切れ負け).
    Absolute { main_ms: u64 },
    /// Japanese byo-yomi: main time, then `periods` periods of `period_ms`;
    /// a move made within a period keeps it, a period used up is gone.
    Byoyomi {
        main_ms: u64,
        periods: u32,
        period_ms: u64,
    },
}

impl TimeControl {
    /// The control as three numbers — main time, periods, period length —
    /// the shape a record keeps it in: no clock is all zero, absolute time
    /// has no periods.
    #[must_use]
    pub fn parts(self) -> (u64, u32, u64) {
        match self {
            TimeControl::None => (0, 0, 0),
            TimeControl::Absolute { main_ms } => (main_ms, 0, 0),
            TimeControl::Byoyomi {
                main_ms,
                periods,
                period_ms,
            } => (main_ms, periods, period_ms),
        }
    }

    /// The control of [`TimeControl::parts`].
    #[must_use]
    pub fn from_parts(main_ms: u64, periods: u32, period_ms: u64) -> TimeControl {
        match (main_ms, periods) {
            (0, 0) => TimeControl::None,
            (main_ms, 0) => TimeControl::Absolute { main_ms },
            (main_ms, periods) => TimeControl::Byoyomi {
                main_ms,
                periods,
                period_ms,
            },
        }
    }
}

/// A move that took longer than the player had left: the flag fell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime {
    /// How much the move took beyond the allowance, in milliseconds.
    pub over_ms: u64,
}

impl std::fmt::Display for OutOfTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "out of time by {} ms", self.over_ms)
    }
}

impl std::error::Error for OutOfTime {}

/// One player's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    main_left_ms: u64,
    periods_left: u32,
}

impl Clock {
    /// A full clock at the start of a game.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        let (main_left_ms, periods_left) = match control {
            TimeControl::None => (0, 0),
            TimeControl::Absolute { main_ms } => (main_ms, 0),
            TimeControl::Byoyomi {
                main_ms, periods, ..
            } => (main_ms, periods),
        };
        Clock {
            control,
            main_left_ms,
            periods_left,
        }
    }

    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Main time left, in milliseconds.
    #[must_use]
    pub fn main_left_ms(&self) -> u64 {
        self.main_left_ms
    }

    /// Byo-yomi periods left.
    #[must_use]
    pub fn periods_left(&self) -> u32 {
        self.periods_left
    }

    /// How long the next move may take before the flag falls; `None` when
    /// there is no clock.
    #[must_use]
    pub fn allowance_ms(&self) -> Option<u64> {
        match self.control {
            TimeControl::None => None,
            TimeControl::Absolute { .. } => Some(self.main_left_ms),
            TimeControl::Byoyomi { period_ms, .. } => Some(
                self.main_left_ms
                    .saturating_add(period_ms.saturating_mul(u64::from(self.periods_left))),
            ),
        }
    }

    /// Books a move that took `used_ms`. A move over the allowance flags:
    /// the clock is then empty and the error says by how much.
    pub fn spend(&mut self, used_ms: u64) -> Result<(), OutOfTime> {
        if let Some(allowance) = self.allowance_ms()
            && used_ms > allowance
        {
            self.main_left_ms = 0;
            self.periods_left = 0;
            return Err(OutOfTime {
                over_ms: used_ms - allowance,
            });
        }
        match self.control {
            TimeControl::None => {}
            TimeControl::Absolute { .. } => self.main_left_ms -= used_ms,
            TimeControl::Byoyomi { period_ms, .. } => {
                let over = used_ms.saturating_sub(self.main_left_ms);
                self.main_left_ms = self.main_left_ms.saturating_sub(used_ms);
                if over > 0 {
                    // A move at exactly the end of a period is still within it.
                    let expired = (over - 1) / period_ms.max(1);
                    self.periods_left -= u32::try_from(expired).unwrap_or(u32::MAX);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BYO: TimeControl = TimeControl::Byoyomi {
        main_ms: 10_000,
        periods: 3,
        period_ms: 1_000,
    };

    #[test]
    fn no_clock_never_flags() {
        let mut c = Clock::new(TimeControl::None);
        assert_eq!(c.allowance_ms(), None);
        assert_eq!(c.spend(u64::MAX), Ok(()));
    }

    #[test]
    fn absolute_time_runs_down_and_flags() {
        let mut c = Clock::new(TimeControl::Absolute { main_ms: 5_000 });
        c.spend(3_000).unwrap();
        assert_eq!(c.allowance_ms(), Some(2_000));
        c.spend(2_000).unwrap();
        assert_eq!(c.spend(1), Err(OutOfTime { over_ms: 1 }));
        assert_eq!(c.allowance_ms(), Some(0));
    }

    #[test]
    fn byoyomi_keeps_a_period_used_in_part_and_loses_one_overrun() {
        let mut c = Clock::new(BYO);
        c.spend(9_500).unwrap();
        assert_eq!((c.main_left_ms(), c.periods_left()), (500, 3));
        // 500 ms of main time, then 900 ms into the first period: kept.
        c.spend(1_400).unwrap();
        assert_eq!((c.main_left_ms(), c.periods_left()), (0, 3));
        // Exactly one period: still within it.
        c.spend(1_000).unwrap();
        assert_eq!(c.periods_left(), 3);
        // One and a half periods: the first is gone.
        c.spend(1_500).unwrap();
        assert_eq!(c.periods_left(), 2);
        assert_eq!(c.allowance_ms(), Some(2_000));
        c.spend(2_000).unwrap();
        assert_eq!(c.periods_left(), 1);
        assert_eq!(c.spend(1_001), Err(OutOfTime { over_ms: 1 }));
        assert_eq!(c.periods_left(), 0);
    }

    #[test]
    fn a_zero_period_does_not_divide_by_zero() {
        let mut c = Clock::new(TimeControl::Byoyomi {
            main_ms: 0,
            periods: 2,
            period_ms: 0,
        });
        assert_eq!(c.spend(0), Ok(()));
        assert!(c.spend(1).is_err());
    }
}
