//! The values the game forms show (home menu, the host's form): handicap
//! stones, a komi and why it is what it is, who takes Black. One
//! exhaustive `match` per language over [`FormValue`].

use super::Lang;
use kaisho_core::Komi;
use kaisho_net::Colors;

/// A value on a form.
#[derive(Clone, Copy, Debug)]
pub enum FormValue<'a> {
    /// No handicap stones.
    NoHandicap,
    Stones(u8),
    /// Handicap stones in a network game: Black places them.
    StonesPlacedByBlack(u8),
    /// The komi of a handicap game nobody set: none (1949 Art. 19).
    HandicapKomi(Komi),
    /// The komi of series `id`'s game `number`, fixed by the series.
    SeriesKomi {
        komi: Komi,
        id: &'a str,
        number: u32,
    },
    Colors(Colors),
}

/// `value` in `lang`.
#[must_use]
pub fn form_value(lang: Lang, value: FormValue<'_>) -> String {
    match lang {
        Lang::En => match value {
            FormValue::NoHandicap => "none".into(),
            FormValue::Stones(n) => format!("{n} stones"),
            FormValue::StonesPlacedByBlack(n) => format!("{n} stones, placed by Black"),
            FormValue::HandicapKomi(komi) => format!("{komi} (handicap game, 1949 Art. 19)"),
            FormValue::SeriesKomi { komi, id, number } => {
                format!("{komi} (series {id}, game {number})")
            }
            FormValue::Colors(Colors::Nigiri) => "nigiri".into(),
            FormValue::Colors(Colors::HostBlack) => "you take Black".into(),
            FormValue::Colors(Colors::HostWhite) => "you take White".into(),
        },
        Lang::Ja => match value {
            FormValue::NoHandicap => "なし (互先)".into(),
            FormValue::Stones(n) => format!("{n}子"),
            FormValue::StonesPlacedByBlack(n) => format!("{n}子 (黒が置く)"),
            FormValue::HandicapKomi(komi) => format!("{komi} (置碁、第十九条)"),
            FormValue::SeriesKomi { komi, id, number } => {
                format!("{komi} (番碁{id} 第{number}局)")
            }
            FormValue::Colors(Colors::Nigiri) => "ニギリ".into(),
            FormValue::Colors(Colors::HostBlack) => "自分が黒".into(),
            FormValue::Colors(Colors::HostWhite) => "自分が白".into(),
        },
    }
}
