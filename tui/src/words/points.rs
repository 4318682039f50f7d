//! How points are named on screen and read back from typed text.
//!
//! GTP style (`D4`) is the default because it is what files and other
//! programs use; the 1949 style (`16の四`) is what the handicap rules and
//! Japanese records use. In ASCII mode the 1949 style is written `16-4`
//! because `の` and kanji numerals are wide characters.

use super::Lang;
use kaisho_core::{CoordError, Point};

/// The naming style shown on the board and in messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CoordStyle {
    #[default]
    Gtp,
    Japanese,
}

impl CoordStyle {
    /// The other style, for the toggle key.
    #[must_use]
    pub fn toggled(self) -> CoordStyle {
        match self {
            CoordStyle::Gtp => CoordStyle::Japanese,
            CoordStyle::Japanese => CoordStyle::Gtp,
        }
    }
}

/// How to name things: the points' style, whether wide characters are
/// allowed, and the language of the words around them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Naming {
    pub style: CoordStyle,
    pub ascii: bool,
    pub lang: Lang,
}

impl Naming {
    /// The name of `point` on a board of `size` lines.
    #[must_use]
    pub fn name(self, point: Point, size: u8) -> String {
        match (self.style, self.ascii) {
            (CoordStyle::Gtp, _) => point.to_gtp(size),
            (CoordStyle::Japanese, false) => point.to_kanji(),
            (CoordStyle::Japanese, true) => format!("{}-{}", point.col + 1, point.row + 1),
        }
    }

    /// Names of several points separated by spaces.
    #[must_use]
    pub fn names(self, points: &[Point], size: u8) -> String {
        points
            .iter()
            .map(|&p| self.name(p, size))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Reads a typed point name in any style, whichever is shown: a player
    /// who knows `D4` should not have to switch styles to type it. The 1949
    /// style also accepts `-` or a space in place of `の`, so it can be typed
    /// on any keyboard.
    pub fn parse(self, text: &str, size: u8) -> Result<Point, CoordError> {
        Point::parse_any(text, size)
    }

    /// A label for the rows from the top (index 0), as the board's edge shows it.
    #[must_use]
    pub fn row_label(self, row: u8, size: u8) -> String {
        let probe = Point::new(0, row);
        match (self.style, self.ascii) {
            (CoordStyle::Gtp, _) => (size - row).to_string(),
            (CoordStyle::Japanese, false) => {
                let name = probe.to_kanji();
                name.split_once('の')
                    .map_or(name.clone(), |(_, r)| r.to_string())
            }
            (CoordStyle::Japanese, true) => (row + 1).to_string(),
        }
    }

    /// A label for a column from Black's left (index 0).
    #[must_use]
    pub fn col_label(self, col: u8, size: u8) -> String {
        match self.style {
            CoordStyle::Gtp => {
                let name = Point::new(col, 0).to_gtp(size);
                name.chars().take(1).collect()
            }
            CoordStyle::Japanese => (col + 1).to_string(),
        }
    }
}

/// The naming a player of `lang` gets where no setting chose another (the
/// command line's subcommands, the network task): GTP point names, drawn
/// characters, the language's words.
#[must_use]
pub fn naming_for(lang: Lang) -> Naming {
    Naming {
        lang,
        ..Naming::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_styles_round_trip() {
        let p = Point::parse_gtp("Q16", 19).unwrap();
        for ascii in [false, true] {
            for style in [CoordStyle::Gtp, CoordStyle::Japanese] {
                let naming = Naming {
                    style,
                    ascii,
                    ..Naming::default()
                };
                assert_eq!(naming.parse(&naming.name(p, 19), 19), Ok(p));
            }
        }
        let japanese = Naming {
            style: CoordStyle::Japanese,
            ..Naming::default()
        };
        assert_eq!(japanese.name(p, 19), "16の四");
        assert_eq!(japanese.parse("16 4", 19), Ok(p));
        assert_eq!(japanese.row_label(15, 19), "十六");
        assert!(japanese.parse("x", 19).is_err());
        assert_eq!(japanese.parse("Q16", 19), Ok(p));
        assert_eq!(Naming::default().parse("16-4", 19), Ok(p));
        assert_eq!(Naming::default().parse("十六の四", 19), Ok(p));
    }
}
