//! The game's terms in GTP words: the clock (`time_settings`,
//! `kgs-time_settings`, `time_left`) and the reading of a `genmove` answer.

use kaisho_core::clock::{Clock, TimeControl};
use kaisho_core::{Color, Event, Point};

fn secs(ms: u64) -> u64 {
    ms / 1000
}

/// The commands that set the engine's clock: Japanese byo-yomi as
/// `kgs-time_settings byoyomi` where the engine knows it, else as GTP's
/// Canadian form with one stone per period; no command without a clock.
#[must_use]
pub fn clock_commands(control: TimeControl, kgs: bool) -> Vec<String> {
    match control {
        TimeControl::None => Vec::new(),
        TimeControl::Absolute { main_ms } => vec![format!("time_settings {} 0 0", secs(main_ms))],
        TimeControl::Byoyomi {
            main_ms,
            periods,
            period_ms,
        } => {
            let (main, period) = (secs(main_ms), secs(period_ms));
            let mut commands = vec![format!("time_settings {main} {period} 1")];
            if kgs {
                commands.push(format!(
                    "kgs-time_settings byoyomi {main} {period} {periods}"
                ));
            }
            commands
        }
    }
}

/// `time_left` for `color` before its `genmove`, when a clock runs: the
/// main time left, or in byo-yomi one period (and, with the KGS clock, the
/// periods left).
#[must_use]
pub fn time_left(clock: &Clock, color: Color, kgs: bool) -> Option<String> {
    let word = match color {
        Color::Black => "black",
        Color::White => "white",
    };
    match clock.control() {
        TimeControl::None => None,
        TimeControl::Absolute { .. } => {
            Some(format!("time_left {word} {} 0", secs(clock.main_left_ms())))
        }
        TimeControl::Byoyomi { period_ms, .. } => {
            let main = clock.main_left_ms();
            Some(if main > 0 {
                format!("time_left {word} {} 0", secs(main))
            } else {
                let stones = if kgs { clock.periods_left() } else { 1 };
                format!("time_left {word} {} {stones}", secs(period_ms))
            })
        }
    }
}

/// The event a `genmove` answer names for `color` on a board of `size`
/// lines: a vertex, `pass` or `resign`; `Err` with the answer, made
/// visible, when it names none.
pub fn genmove_event(answer: &str, color: Color, size: u8) -> Result<Event, String> {
    let word = answer.trim();
    if word.eq_ignore_ascii_case("pass") {
        return Ok(Event::Pass { color });
    }
    if word.eq_ignore_ascii_case("resign") {
        return Ok(Event::Resign { color });
    }
    Point::parse_gtp(word, size)
        .map(|point| Event::Play { color, point })
        .map_err(|_| super::error::shown(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byoyomi_goes_to_the_engine_as_canadian_and_kgs_time() {
        let control = TimeControl::Byoyomi {
            main_ms: 60_000,
            periods: 3,
            period_ms: 10_000,
        };
        assert_eq!(clock_commands(control, false), ["time_settings 60 10 1"]);
        assert_eq!(
            clock_commands(control, true),
            ["time_settings 60 10 1", "kgs-time_settings byoyomi 60 10 3"]
        );
        let mut clock = Clock::new(control);
        assert_eq!(
            time_left(&clock, Color::White, true).as_deref(),
            Some("time_left white 60 0")
        );
        clock.spend(65_000).expect("within the first period");
        assert_eq!(
            time_left(&clock, Color::White, true).as_deref(),
            Some("time_left white 10 3")
        );
        assert!(clock_commands(TimeControl::None, true).is_empty());
    }

    #[test]
    fn genmove_answers_read_as_events() {
        let black = Color::Black;
        assert_eq!(
            genmove_event("PASS", black, 9),
            Ok(Event::Pass { color: black })
        );
        assert_eq!(
            genmove_event("resign", black, 9),
            Ok(Event::Resign { color: black })
        );
        let point = Point::parse_gtp("D4", 9).expect("a point");
        assert_eq!(
            genmove_event(" d4 ", black, 9),
            Ok(Event::Play {
                color: black,
                point
            })
        );
        let garbage = genmove_event("Z99\u{1b}", black, 9).expect_err("no vertex");
        assert!(garbage.starts_with("Z99") && !garbage.contains('\u{1b}'));
    }
}
