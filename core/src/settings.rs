//! What a game is played under: board size, komi, handicap and set-up.

use crate::color::Color;
use crate::handicap::{self, HandicapError};
use crate::point::{BoardSize, Point};
use std::fmt;

/// Komi in half points, so that 6.5 is exact and comparisons never round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Komi(i32);

/// Komi text that is not a multiple of one half.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KomiError(pub String);

impl fmt::Display for KomiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "komi '{}' is not a number of points in halves such as 6.5 or 0",
            self.0
        )
    }
}

impl std::error::Error for KomiError {}

impl Komi {
    /// The modern default for even games.
    pub const MODERN: Komi = Komi(13);
    /// The 1949 default (Art. 19.2).
    pub const RULES_1949: Komi = Komi(9);
    pub const ZERO: Komi = Komi(0);

    #[must_use]
    pub const fn from_halves(halves: i32) -> Komi {
        Komi(halves)
    }

    #[must_use]
    pub fn halves(self) -> i32 {
        self.0
    }

    /// Reads `6.5`, `6`, `-3.5`, `0`; other fractions are refused.
    pub fn parse(text: &str) -> Result<Komi, KomiError> {
        let err = || KomiError(text.to_string());
        let value: f64 = text.trim().parse().map_err(|_| err())?;
        let halves = value * 2.0;
        if !halves.is_finite() || halves.fract() != 0.0 || halves.abs() > 2000.0 {
            return Err(err());
        }
        Ok(Komi(halves as i32))
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", half_points(self.0))
    }
}

/// Formats a count of half points as `6.5`, `7`, `-0.5`.
#[must_use]
pub fn half_points(halves: i32) -> String {
    let sign = if halves < 0 { "-" } else { "" };
    let abs = halves.unsigned_abs();
    if abs.is_multiple_of(2) {
        format!("{sign}{}", abs / 2)
    } else {
        format!("{sign}{}.5", abs / 2)
    }
}

/// The terms of one game. A game is these settings plus its events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub size: BoardSize,
    pub komi: Komi,
    /// The number of handicap stones agreed (SGF `HA`); 0 for an even game or 先.
    pub handicap: u8,
    /// Stones on the board before the first move: handicap stones, or the
    /// set-up of an imported record.
    pub setup: Vec<(Color, Point)>,
    /// Who moves first: Black, or White after handicap stones (1949 Art. 20).
    pub first: Color,
}

impl Settings {
    /// An even game (or 先): empty board, Black first.
    #[must_use]
    pub fn even(size: BoardSize, komi: Komi) -> Settings {
        Settings {
            size,
            komi,
            handicap: 0,
            setup: Vec::new(),
            first: Color::Black,
        }
    }

    /// A handicap game with the stones placed as 1949 Art. 21 says; White moves first.
    pub fn handicap(size: BoardSize, stones: u8, komi: Komi) -> Result<Settings, HandicapError> {
        let points = handicap::placement(size, stones)?;
        Ok(Settings {
            size,
            komi,
            handicap: stones,
            setup: points.into_iter().map(|p| (Color::Black, p)).collect(),
            first: if stones == 0 {
                Color::Black
            } else {
                Color::White
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_is_exact_in_halves() {
        assert_eq!(Komi::parse("6.5").unwrap(), Komi::MODERN);
        assert_eq!(Komi::parse("4.5").unwrap(), Komi::RULES_1949);
        assert_eq!(Komi::parse("0").unwrap().to_string(), "0");
        assert_eq!(Komi::parse("-2.5").unwrap().to_string(), "-2.5");
        assert!(Komi::parse("6.25").is_err());
        assert!(Komi::parse("six").is_err());
        assert!(Komi::parse("NaN").is_err());
    }

    #[test]
    fn handicap_games_start_with_white() {
        let s = Settings::handicap(BoardSize::NINETEEN, 4, Komi::ZERO).unwrap();
        assert_eq!(s.first, Color::White);
        assert_eq!(s.setup.len(), 4);
        let s = Settings::even(BoardSize::NINETEEN, Komi::MODERN);
        assert_eq!(s.first, Color::Black);
    }
}
