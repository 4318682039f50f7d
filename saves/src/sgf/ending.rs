//! How an imported record ends, in the rules' terms: a result of
//! resignation or time is an event a game can end with, so the record
//! becomes a finished game that replays to its result.

use super::record::SgfRecord;
use kaisho_core::{Color, Event};

impl SgfRecord {
    /// The event that ends the game as `RE` says, where the rules have one:
    /// the loser's resignation (`B+R`, `W+Resign`) or loss on time (`B+T`,
    /// `W+Time`). Other results (a count, `0`, `Void`) have none: the
    /// record's result is kept as it is written.
    #[must_use]
    pub fn ending(&self) -> Option<Event> {
        let result = self.result.as_deref()?.trim();
        let (winner, how) = result.split_once('+')?;
        let loser = match winner.trim() {
            "B" | "b" => Color::White,
            "W" | "w" => Color::Black,
            _ => return None,
        };
        match how.trim().to_ascii_lowercase().as_str() {
            "r" | "resign" => Some(Event::Resign { color: loser }),
            "t" | "time" => Some(Event::TimeLoss { color: loser }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::{BoardSize, Komi, Settings};

    fn with_result(result: &str) -> SgfRecord {
        let mut record = SgfRecord::new(Settings::even(BoardSize::NINETEEN, Komi::MODERN));
        record.result = Some(result.to_string());
        record
    }

    #[test]
    fn resignation_and_time_are_events_and_counts_are_not() {
        let ending = |r: &str| with_result(r).ending();
        assert_eq!(
            ending("B+R"),
            Some(Event::Resign {
                color: Color::White
            })
        );
        assert_eq!(
            ending("W+Resign"),
            Some(Event::Resign {
                color: Color::Black
            })
        );
        assert_eq!(
            ending("W+T"),
            Some(Event::TimeLoss {
                color: Color::Black
            })
        );
        assert_eq!(ending("B+3.5"), None);
        assert_eq!(ending("Void"), None);
        assert_eq!(ending("0"), None);
    }
}
