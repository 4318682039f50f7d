//! The clock of a game at one keyboard. The update never reads a clock: the
//! event loop's one-second tick advances the side on turn, a move books the
//! seconds it took, and a flag that falls ends the game on time. Both
//! players' books are the core's `Clock`, as in a network game.

use super::net::ClockFace;
use kaisho_core::clock::{Clock, TimeControl};
use kaisho_core::{Color, Event};
use kaisho_saves::log::LoggedEvent;

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

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::Point;

    const BYO: TimeControl = TimeControl::Byoyomi {
        main_ms: 2_000,
        periods: 1,
        period_ms: 2_000,
    };

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
