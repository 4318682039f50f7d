//! A clock in words: the time control as the forms show it (`20 min + 5 x
//! 30 s`, 20分 秒読み30秒×5回), what a player's clock reads in the panel,
//! one exhaustive `match` per language.

use super::Lang;
use kaisho_core::clock::TimeControl;

/// What the clock says aloud as a turn goes on: the club's time keeper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeCall {
    /// One minute of main time is left.
    MainEnding,
    /// Main time is over; byo-yomi begins with this many periods of this
    /// many seconds.
    ByoyomiBegins { periods: u32, period_s: u64 },
    /// A period was used up; this many are left.
    PeriodGone { periods_left: u32 },
    /// The last ten seconds of a period, or of absolute time, counted down.
    Countdown { seconds: u64 },
}

/// A time control in words, as the forms and the settings show it.
#[must_use]
pub fn clock_words(lang: Lang, control: TimeControl) -> String {
    let span = |ms: u64| match (lang, ms.is_multiple_of(60_000)) {
        (Lang::En, true) => format!("{} min", ms / 60_000),
        (Lang::En, false) => format!("{} s", ms / 1000),
        (Lang::Ja, true) => format!("{}分", ms / 60_000),
        (Lang::Ja, false) => format!("{}秒", ms / 1000),
    };
    match (lang, control) {
        (Lang::En, TimeControl::None) => "no clock".into(),
        (Lang::En, TimeControl::Absolute { main_ms }) => format!("{} sudden death", span(main_ms)),
        // Byo-yomi alone has no main time to name.
        (
            Lang::En,
            TimeControl::Byoyomi {
                main_ms: 0,
                periods,
                period_ms,
            },
        ) => format!("byo-yomi {periods} x {}", span(period_ms)),
        (
            Lang::En,
            TimeControl::Byoyomi {
                main_ms,
                periods,
                period_ms,
            },
        ) => format!("{} + {periods} x {}", span(main_ms), span(period_ms)),
        (Lang::Ja, TimeControl::None) => "時計なし".into(),
        (Lang::Ja, TimeControl::Absolute { main_ms }) => format!("{} 切れ負け", span(main_ms)),
        (
            Lang::Ja,
            TimeControl::Byoyomi {
                main_ms: 0,
                periods,
                period_ms,
            },
        ) => format!("秒読み{}×{periods}回", span(period_ms)),
        (
            Lang::Ja,
            TimeControl::Byoyomi {
                main_ms,
                periods,
                period_ms,
            },
        ) => format!("{} 秒読み{}×{periods}回", span(main_ms), span(period_ms)),
    }
}

/// What one player's clock reads now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dial {
    NoClock,
    /// In main time: what is left of it, and the byo-yomi periods and
    /// their length that follow it, if any.
    Main {
        left_ms: u64,
        then: Option<(u32, u64)>,
    },
    /// In byo-yomi: the periods left, their length, and what is left of
    /// the one running.
    Period {
        periods: u32,
        period_ms: u64,
        left_ms: u64,
    },
    TimeUp,
}

/// A clock's reading in the panel: `9:41 +3×30s`, `byo-yomi 3×30s 0:18`;
/// `ascii` writes `x` for `×`.
#[must_use]
pub fn dial(lang: Lang, dial: Dial, ascii: bool) -> String {
    let times = if ascii { "x" } else { "×" };
    let seconds = match lang {
        Lang::En => "s",
        Lang::Ja => "秒",
    };
    match (lang, dial) {
        (Lang::En, Dial::NoClock) => "no clock".into(),
        (Lang::Ja, Dial::NoClock) => "時計なし".into(),
        (Lang::En, Dial::TimeUp) => "time up".into(),
        (Lang::Ja, Dial::TimeUp) => "時間切れ".into(),
        (_, Dial::Main { left_ms, then }) => match then {
            Some((periods, period_ms)) => format!(
                "{} +{periods}{times}{}{seconds}",
                minutes(left_ms),
                period_ms / 1000
            ),
            None => minutes(left_ms),
        },
        (
            _,
            Dial::Period {
                periods,
                period_ms,
                left_ms,
            },
        ) => {
            let byoyomi = match lang {
                Lang::En => "byo-yomi",
                Lang::Ja => "秒読み",
            };
            format!(
                "{byoyomi} {periods}{times}{}{seconds} {}",
                period_ms / 1000,
                minutes(left_ms)
            )
        }
    }
}

/// Milliseconds as `m:ss`, rounded up so that `0:00` means flagged.
fn minutes(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}
