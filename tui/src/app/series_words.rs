//! A series in words, shared by the series screen, the result screen and
//! `kaisho series`, so that all three say the same thing the same way.

use kaisho_core::Komi;
use kaisho_core::series::{Change, Seat, Series, SeriesResult, Step};

/// A player's name.
#[must_use]
pub fn player_name(series: &Series, seat: Seat) -> &str {
    &series.setup().player(seat).name
}

/// A step's name: Japanese, or romanised where only ASCII may be drawn.
#[must_use]
pub fn step_name(step: Step, ascii: bool) -> String {
    if ascii {
        step.romaji()
    } else {
        step.japanese().to_string()
    }
}

/// A result in a few words: `Ben wins`, `持碁 (jigo), a draw`.
#[must_use]
pub fn result_text(series: &Series, result: SeriesResult) -> String {
    match result {
        SeriesResult::Win(seat) => format!("{} wins", player_name(series, seat)),
        SeriesResult::Jigo => "持碁 (jigo), a draw".into(),
        SeriesResult::NoResult => "無勝負 (no result)".into(),
        SeriesResult::BothLose => "両負け (both lose)".into(),
    }
}

/// A step with its weaker player: `先相先 (Aki weaker)`.
#[must_use]
pub fn step_and_weaker(series: &Series, step: Step, weaker: Option<Seat>) -> String {
    match weaker {
        Some(w) => format!("{step} ({} weaker)", player_name(series, w)),
        None => step.to_string(),
    }
}

/// Komi, or `none`.
#[must_use]
pub fn komi_text(komi: Komi) -> String {
    if komi == Komi::ZERO {
        "none".into()
    } else {
        komi.to_string()
    }
}

fn count_word(n: u32) -> String {
    const WORDS: [&str; 10] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    n.checked_sub(1)
        .and_then(|i| WORDS.get(i as usize))
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// What a step change means for the next game: "four-game lead for Aki:
/// the next game is 先 instead of 先相先 …".
#[must_use]
pub fn change_text(series: &Series, change: &Change) -> String {
    let threshold = series.setup().threshold;
    match *change {
        Change::Moved {
            leader,
            from,
            to,
            weaker,
        } => format!(
            "{}-game lead for {}: the next game is {} instead of {from}, and the count starts again.",
            count_word(threshold),
            player_name(series, leader),
            step_and_weaker(series, to, weaker)
        ),
        Change::LadderEnd { leader, step } => format!(
            "{} is {threshold} ahead at {step}, the largest handicap of the {} ladder: \
             it cannot move further. The count starts again at {step}.",
            player_name(series, leader),
            series.setup().ladder.kanji()
        ),
    }
}

/// The next game in one line: "Next: game 4, 先相先, Black Aki, komi none."
#[must_use]
pub fn next_game_line(series: &Series) -> String {
    let t = series.next_game();
    let colours = match t.black {
        Some(b) => format!("Black {}", player_name(series, b)),
        None => "colours by nigiri".to_string(),
    };
    let extra = match t.handicap {
        0 => format!("komi {}", komi_text(t.komi)),
        n => format!("{n} stones"),
    };
    format!("Next: game {}, {}, {colours}, {extra}.", t.number, t.step)
}
