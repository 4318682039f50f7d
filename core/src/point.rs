//! Points of the board and the three ways of naming them.
//!
//! Columns count from Black's left and rows from the top edge, as the 1949
//! rules (Art. 9) and SGF both do; GTP names count rows from the bottom.

use std::fmt;

/// The smallest board the rules engine accepts.
pub const MIN_SIZE: u8 = 5;
/// The largest board the rules engine accepts (25 columns is the most GTP
/// letters can name without `I`).
pub const MAX_SIZE: u8 = 25;

/// A point on the board: `col` from Black's left, `row` from the top, both
/// from zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub col: u8,
    pub row: u8,
}

/// Why a point name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoordError {
    /// The text is not a point name in the expected style.
    Malformed {
        text: String,
        expected: &'static str,
    },
    /// The name is well formed but lies outside a board of this size.
    OffBoard { text: String, size: u8 },
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoordError::Malformed { text, expected } => {
                write!(f, "'{text}' is not a point name; expected {expected}")
            }
            CoordError::OffBoard { text, size } => {
                write!(f, "'{text}' lies outside a {size}×{size} board")
            }
        }
    }
}

impl std::error::Error for CoordError {}

const GTP_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
const KANJI_DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

impl Point {
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// Whether the point lies on a board of `size` lines.
    #[must_use]
    pub fn is_on(self, size: u8) -> bool {
        self.col < size && self.row < size
    }

    /// GTP name, e.g. `D4` (column letter without `I`, row 1 at the bottom).
    /// A point off the board, which only damaged input produces, is named
    /// by its column and row from 1, e.g. `(30,2)`.
    #[must_use]
    pub fn to_gtp(self, size: u8) -> String {
        match GTP_LETTERS.get(usize::from(self.col)) {
            Some(&letter) if self.row < size => format!("{}{}", letter as char, size - self.row),
            _ => format!("({},{})", u32::from(self.col) + 1, u32::from(self.row) + 1),
        }
    }

    /// Reads a GTP name such as `D4` or `q16` (case-insensitive).
    pub fn parse_gtp(text: &str, size: u8) -> Result<Point, CoordError> {
        let malformed = || CoordError::Malformed {
            text: text.to_string(),
            expected: "a letter and a number such as D4",
        };
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let letter = chars.next().ok_or_else(malformed)?.to_ascii_uppercase();
        let col = GTP_LETTERS
            .iter()
            .position(|&l| l as char == letter)
            .ok_or_else(malformed)?;
        let number: u32 = chars.as_str().parse().map_err(|_| malformed())?;
        let off = || CoordError::OffBoard {
            text: text.to_string(),
            size,
        };
        if number == 0 || number > u32::from(size) || col >= usize::from(size) {
            return Err(off());
        }
        Ok(Point::new(col as u8, size - number as u8))
    }

    /// SGF name: two letters, column then row, `a` at the top left
    /// (`A`–`Z` for 27–52, as FF[4] allows; `?` beyond).
    #[must_use]
    pub fn to_sgf(self) -> String {
        let letter = |v: u8| match v {
            0..26 => (b'a' + v) as char,
            26..52 => (b'A' + v - 26) as char,
            _ => '?',
        };
        format!("{}{}", letter(self.col), letter(self.row))
    }

    /// Reads an SGF point name (`dd`); upper-case letters stand for 27–52 as FF[4] allows.
    pub fn parse_sgf(text: &str, size: u8) -> Result<Point, CoordError> {
        let malformed = || CoordError::Malformed {
            text: text.to_string(),
            expected: "two letters such as dd",
        };
        let value = |b: u8| match b {
            b'a'..=b'z' => Some(b - b'a'),
            b'A'..=b'Z' => Some(b - b'A' + 26),
            _ => None,
        };
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(malformed());
        }
        let col = value(bytes[0]).ok_or_else(malformed)?;
        let row = value(bytes[1]).ok_or_else(malformed)?;
        let point = Point::new(col, row);
        if point.is_on(size) {
            Ok(point)
        } else {
            Err(CoordError::OffBoard {
                text: text.to_string(),
                size,
            })
        }
    }

    /// The 1949 name (Art. 9.3), e.g. `16の四`: column from Black's left in
    /// Arabic numerals, row from the top in kanji.
    #[must_use]
    pub fn to_kanji(self) -> String {
        format!("{}の{}", self.col + 1, kanji_number(self.row + 1))
    }

    /// Reads a 1949 name such as `16の四` (the row may also be in Arabic numerals).
    pub fn parse_kanji(text: &str, size: u8) -> Result<Point, CoordError> {
        let malformed = || CoordError::Malformed {
            text: text.to_string(),
            expected: "a name such as 16の四",
        };
        let (col, row) = text.trim().split_once('の').ok_or_else(malformed)?;
        let number = |part: &str| {
            let part = part.trim();
            part.parse::<u8>().ok().or_else(|| parse_kanji_number(part))
        };
        let col = number(col).ok_or_else(malformed)?;
        let row = number(row).ok_or_else(malformed)?;
        if col == 0 || row == 0 || col > size || row > size {
            return Err(CoordError::OffBoard {
                text: text.to_string(),
                size,
            });
        }
        Ok(Point::new(col - 1, row - 1))
    }
}

/// Every form a player may type a point in, whatever style the screen
/// shows, for the refusal to list.
pub const POINT_FORMS: &str = "D4 (column letter, row from the bottom), \
    or in the 1949 style column from Black's left and row from the top: \
    16-4, 16 4, 16の四 or 十六の四";

impl Point {
    /// Reads a point typed in any unambiguous form: GTP (`D4`, starting with
    /// a letter) or the 1949 style (`16の四`, `十六の四`, `16の4`, and `16-4`
    /// or `16 4` for keyboards without kana), which starts with a number.
    pub fn parse_any(text: &str, size: u8) -> Result<Point, CoordError> {
        let trimmed = text.trim();
        let malformed = || CoordError::Malformed {
            text: trimmed.to_string(),
            expected: POINT_FORMS,
        };
        let first = trimmed.chars().next().ok_or_else(malformed)?;
        let result = if first.is_ascii_alphabetic() {
            Point::parse_gtp(trimmed, size)
        } else {
            let normalised = match trimmed.find(['-', ' ', '・']) {
                Some(at) if !trimmed.contains('の') => {
                    let sep = trimmed[at..].chars().next().map_or(1, char::len_utf8);
                    format!("{}の{}", &trimmed[..at], trimmed[at + sep..].trim())
                }
                _ => trimmed.to_string(),
            };
            Point::parse_kanji(&normalised, size)
        };
        result.map_err(|e| match e {
            CoordError::Malformed { .. } => malformed(),
            CoordError::OffBoard { size, .. } => CoordError::OffBoard {
                text: trimmed.to_string(),
                size,
            },
        })
    }
}

/// Kanji numeral for 1..=99, e.g. 十六.
fn kanji_number(n: u8) -> String {
    let tens = n / 10;
    let ones = usize::from(n % 10);
    let mut out = String::new();
    if tens > 1 {
        out.push_str(KANJI_DIGITS[usize::from(tens)]);
    }
    if tens > 0 {
        out.push('十');
    }
    out.push_str(KANJI_DIGITS[ones]);
    out
}

fn parse_kanji_number(text: &str) -> Option<u8> {
    (1..=MAX_SIZE).find(|&n| kanji_number(n) == text)
}

/// The size of a square board, checked to lie in `MIN_SIZE..=MAX_SIZE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize(u8);

/// A board size outside what the engine supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError(pub u32);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is not supported; choose {MIN_SIZE} to {MAX_SIZE}",
            self.0
        )
    }
}

impl std::error::Error for SizeError {}

impl BoardSize {
    pub const NINETEEN: BoardSize = BoardSize(19);

    pub fn new(size: u32) -> Result<BoardSize, SizeError> {
        if (u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&size) {
            Ok(BoardSize(size as u8))
        } else {
            Err(SizeError(size))
        }
    }

    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }

    /// The size of a board already made, whose size was checked then.
    pub(crate) fn of_board(size: u8) -> BoardSize {
        BoardSize(size)
    }

    /// Every point of the board, row by row from the top.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let n = self.0;
        (0..n).flat_map(move |row| (0..n).map(move |col| Point::new(col, row)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_names_skip_i_and_count_rows_from_the_bottom() {
        assert_eq!(Point::new(3, 15).to_gtp(19), "D4");
        assert_eq!(Point::new(8, 0).to_gtp(19), "J19");
        assert_eq!(Point::parse_gtp("j19", 19), Ok(Point::new(8, 0)));
        assert_eq!(Point::parse_gtp("Q16", 19), Ok(Point::new(15, 3)));
        assert!(matches!(
            Point::parse_gtp("I5", 19),
            Err(CoordError::Malformed { .. })
        ));
        assert!(matches!(
            Point::parse_gtp("K10", 9),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(Point::parse_gtp("", 19).is_err());
        assert!(Point::parse_gtp("D", 19).is_err());
        assert!(Point::parse_gtp("D0", 19).is_err());
        assert_eq!(Point::new(30, 1).to_gtp(19), "(31,2)");
        assert_eq!(Point::new(3, 19).to_gtp(19), "(4,20)");
        assert_eq!(Point::new(200, 27).to_sgf(), "?B");
    }

    #[test]
    fn sgf_names_count_from_the_top_left() {
        assert_eq!(Point::new(3, 3).to_sgf(), "dd");
        assert_eq!(Point::parse_sgf("pd", 19), Ok(Point::new(15, 3)));
        assert!(Point::parse_sgf("tt", 19).is_err());
        assert!(Point::parse_sgf("d", 19).is_err());
        assert!(Point::parse_sgf("d!", 19).is_err());
    }

    #[test]
    fn every_form_of_a_point_is_read_whatever_the_style() {
        let q16 = Point::parse_gtp("Q16", 19).unwrap();
        for text in [
            "Q16",
            "q16",
            "16の四",
            "十六の四",
            "16の4",
            "16-4",
            "16 4",
            " 16-4 ",
        ] {
            assert_eq!(Point::parse_any(text, 19), Ok(q16), "{text}");
        }
        assert_eq!(
            Point::parse_any("4-16", 19),
            Point::parse_gtp("D4", 19),
            "4の十六 is D4"
        );
        let err = Point::parse_any("xyz", 19).unwrap_err().to_string();
        assert!(
            err.contains("D4") && err.contains("16-4") && err.contains("16の四"),
            "{err}"
        );
        assert!(matches!(
            Point::parse_any("20-1", 19),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(Point::parse_any("", 19).is_err());
    }

    #[test]
    fn names_of_1949_article_9() {
        let first_star = Point::parse_gtp("Q16", 19).unwrap();
        assert_eq!(first_star.to_kanji(), "16の四");
        assert_eq!(Point::parse_kanji("16の四", 19), Ok(first_star));
        assert_eq!(Point::parse_kanji("4の十六", 19).unwrap().to_gtp(19), "D4");
        assert_eq!(Point::parse_kanji("19の十九", 19).unwrap().to_gtp(19), "T1");
        assert_eq!(Point::parse_kanji("10の10", 19).unwrap().to_gtp(19), "K10");
        assert_eq!(kanji_number(20), "二十");
        assert_eq!(kanji_number(11), "十一");
        assert!(Point::parse_kanji("20の一", 19).is_err());
        assert!(Point::parse_kanji("16-四", 19).is_err());
    }

    #[test]
    fn sizes_outside_5_to_25_are_refused() {
        assert!(BoardSize::new(4).is_err());
        assert!(BoardSize::new(26).is_err());
        assert_eq!(BoardSize::new(9).unwrap().points().count(), 81);
    }
}
