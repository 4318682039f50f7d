//! Lenient readings of the values real files carry for SZ, KM and HA.

use kaisho_core::{BoardSize, Komi};

/// What the reader tells a user when SZ cannot be used.
pub(crate) const SIZE_EXPECTED: &str = "a square board from 5 to 25 lines, such as 19 or 19:19";
/// What the reader tells a user when KM cannot be used.
pub(crate) const KOMI_EXPECTED: &str =
    "a whole or half number of points such as 6.5, 0 or 7.50, as kaisho counts in half points";
/// What the reader tells a user when HA cannot be used.
pub(crate) const HANDICAP_EXPECTED: &str = "a number of handicap stones from 0 to 255, such as 2";

/// The board size of `SZ[n]` or `SZ[n:n]`; kaisho plays square boards only.
pub(crate) fn size(columns: u32, rows: u32) -> Option<BoardSize> {
    if columns == rows {
        BoardSize::new(columns).ok()
    } else {
        None
    }
}

/// Reads a size value that sgf-parse refused (e.g. beyond 255): the same
/// rules, from text.
pub(crate) fn size_text(text: &str) -> Option<BoardSize> {
    let (columns, rows) = text.split_once(':').unwrap_or((text, text));
    size(columns.trim().parse().ok()?, rows.trim().parse().ok()?)
}

/// The komi of a record Fox wrote (`AP[foxwq]`): a whole number of
/// hundredths of a point (`KM[650]` is 6.5, `KM[50]` is 0.5), and under
/// area counting of hundredths of a stone, two points each (`KM[375]` is
/// 3.75 stones, 7.5 points). Only that program's records are read so;
/// values of a plain size (`KM[6.5]`, `KM[0]`) are taken as written.
pub(crate) fn fox_komi(value: f64) -> f64 {
    if value.fract() != 0.0 || value.abs() < 50.0 {
        return value;
    }
    let scaled = value / 100.0;
    if scaled.abs() > 2.5 && scaled.abs() <= 4.0 {
        scaled * 2.0
    } else {
        scaled
    }
}

/// Komi from a number. Values that are not a multiple of a half point
/// (`6.25`, `0.3`) are refused, as in the config: kaisho counts in half
/// points, and rounding would silently change the result of a close game.
/// Large values such as the `375` Fox writes are taken as written here
/// (see [`fox_komi`] for that program's records alone), since guessing a
/// scale would be wrong for other servers. Beyond ±1000,
/// or not a number, the value is refused.
pub(crate) fn komi(value: f64) -> Option<Komi> {
    let halves = value * 2.0;
    if !value.is_finite() || value.abs() > 1000.0 || halves.fract() != 0.0 {
        return None;
    }
    Some(Komi::from_halves(halves as i32))
}

/// Reads a komi value that sgf-parse refused: a decimal comma (`6,5`) is
/// read as a point; an empty value means no komi was given (`None` inside).
pub(crate) fn komi_text(text: &str) -> Option<Option<Komi>> {
    let text = text.trim();
    if text.is_empty() {
        return Some(None);
    }
    komi(text.replace(',', ".").parse().ok()?).map(Some)
}

/// Reads a handicap; sgf-parse refuses `HA[0]` and `HA[1]`, which real files
/// contain, so the reader reads those itself.
pub(crate) fn handicap_text(text: &str) -> Option<u8> {
    text.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_is_read_in_half_points() {
        assert_eq!(komi(6.5), Some(Komi::MODERN));
        assert_eq!(komi(7.50), Some(Komi::from_halves(15)));
        assert_eq!(komi(-6.5), Some(Komi::from_halves(-13)));
        assert_eq!(komi(6.25), None);
        assert_eq!(komi(7.4), None);
        assert_eq!(komi(375.0), Some(Komi::from_halves(750)));
        assert_eq!(komi(f64::NAN), None);
        assert_eq!(komi(1e9), None);
        assert_eq!(komi_text("6,5"), Some(Some(Komi::MODERN)));
        assert_eq!(komi_text(" "), Some(None));
        assert_eq!(komi_text("six"), None);
    }

    #[test]
    fn sizes_are_square_and_supported() {
        assert_eq!(size(19, 19), Some(BoardSize::NINETEEN));
        assert_eq!(size(19, 13), None);
        assert_eq!(size(4, 4), None);
        assert_eq!(size_text("19:19"), Some(BoardSize::NINETEEN));
        assert_eq!(size_text(" 9 "), BoardSize::new(9).ok());
        assert_eq!(size_text("300"), None);
        assert_eq!(size_text("nineteen"), None);
    }

    #[test]
    fn handicaps_zero_and_one_are_read() {
        assert_eq!(handicap_text("0"), Some(0));
        assert_eq!(handicap_text("1"), Some(1));
        assert_eq!(handicap_text("-1"), None);
    }
}
