//! How a game ended, and its SGF result string.

use crate::color::Color;
use crate::settings::half_points;
use std::fmt;

/// How a winner won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinBy {
    /// By count, with the margin in half points (always positive).
    Points(u32),
    Resignation,
    Time,
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win {
        winner: Color,
        by: WinBy,
    },
    /// 持碁: equal count.
    Jigo,
    /// 無勝負: no result, by mutual consent after a repetition (Art. 12).
    NoResult,
    /// 両負け: both players lose (Art. 13).
    BothLose,
}

impl Outcome {
    /// The SGF `RE` value: `B+3.5`, `W+R`, `B+T`, `0`, `Void`; both-lose,
    /// which SGF has no value for, is `BothLose`.
    #[must_use]
    pub fn result_string(&self) -> String {
        match *self {
            Outcome::Win { winner, by } => {
                let margin = match by {
                    WinBy::Points(h) => half_points(h as i32),
                    WinBy::Resignation => "R".to_string(),
                    WinBy::Time => "T".to_string(),
                };
                format!("{}+{margin}", winner.letter())
            }
            Outcome::Jigo => "0".to_string(),
            Outcome::NoResult => "Void".to_string(),
            Outcome::BothLose => "BothLose".to_string(),
        }
    }

    /// The winner, if there is one.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match *self {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, by } => match by {
                WinBy::Points(h) => write!(f, "{winner} wins by {}", half_points(h as i32)),
                WinBy::Resignation => write!(f, "{winner} wins by resignation"),
                WinBy::Time => write!(f, "{winner} wins on time"),
            },
            Outcome::Jigo => f.write_str("jigo (持碁): a draw"),
            Outcome::NoResult => f.write_str("no result (無勝負)"),
            Outcome::BothLose => f.write_str("both players lose (両負け)"),
        }
    }
}
