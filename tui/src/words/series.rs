//! A series (番碁) in words: its results, step changes and next game, and
//! the messages of the series screen and of a series game's end. One
//! exhaustive `match` per language.

use super::Lang;
use crate::errors::NamesProblem;
use kaisho_core::Komi;
use kaisho_core::series::{Change, Seat, Series, SeriesResult, Step};

/// A message about a series.
#[derive(Clone, Copy, Debug)]
pub enum SeriesNote<'a> {
    /// Series need a data folder.
    NoFolder,
    NoneYet,
    OpenFirst,
    /// Series `id` changed in another copy of kaisho since the screen read
    /// it; the screen now shows it, game `number` next.
    ChangedMeanwhile {
        id: &'a str,
        number: u32,
    },
    /// The board chosen on home is too small for the series' handicap.
    BoardTooSmall(&'a str),
    /// A new series saved as `id`.
    Started {
        id: &'a str,
        names: [&'a str; 2],
        step: Step,
        black: Option<&'a str>,
    },
    /// `series correct` typed outside the series screen without an id.
    NameTheSeries,
    /// Series `id` changed: what changed.
    Changed {
        id: &'a str,
        said: &'a str,
    },
    TakesBlack {
        name: &'a str,
        number: u32,
    },
    /// The player's own name is not one of the series' players.
    NotYourSeries {
        me: &'a str,
        id: &'a str,
        names: [&'a str; 2],
    },
    /// The Black of a network game is not one of the series' players.
    NotAPlayerOf {
        name: &'a str,
        id: &'a str,
    },
    /// Typed names that are not two players.
    Names(&'a NamesProblem),
    /// A name that is neither player of the series.
    UnknownPlayer {
        given: &'a str,
        names: [&'a str; 2],
    },
    /// A new series' line that is not `players; step[; weaker][; ladder]`.
    LineUsage,
    NothingRecorded,
    /// A correction's word that names no result: why.
    NotACorrection(&'a str),
    /// Game `number`'s result corrected to `now`, or struck out (`None`).
    Corrected {
        number: u32,
        now: Option<&'a str>,
        was: &'a str,
    },
    /// An adjourned series game whose series has moved on.
    MovedOn(&'a str),
    /// An adjourned series game whose series cannot be read.
    NotRecorded(&'a str),
    ColoursUnknown,
    /// The series refused the result.
    NotTaken(&'a str),
    /// The series took the result but could not be saved (`why`); `later`
    /// is the command that records it (none when there is no result).
    Unsaved {
        why: &'a str,
        later: &'a str,
    },
    /// The result recorded: the result in words, then the step change or
    /// the next game.
    Recorded {
        id: &'a str,
        number: u32,
        result: &'a str,
        then: &'a str,
    },
}

/// `note` in `lang`.
#[must_use]
pub fn series_note(lang: Lang, note: SeriesNote<'_>) -> String {
    match lang {
        Lang::En => english(note),
        Lang::Ja => japanese(note),
    }
}

fn english(note: SeriesNote<'_>) -> String {
    match note {
        SeriesNote::NoFolder => "no folder for series: start kaisho with --home DIR".into(),
        SeriesNote::NoneYet => {
            "no series yet: n starts one (or `kaisho series new --players A,B --step 先 --weaker A`)"
                .into()
        }
        SeriesNote::OpenFirst => "open a series first (Enter)".into(),
        SeriesNote::ChangedMeanwhile { id, number } => format!(
            "series {id} was changed by another copy of kaisho since this screen read it; it shows it as it is now (game {number} next): look, then press the key again"
        ),
        SeriesNote::BoardTooSmall(e) => {
            format!("{e}; choose a larger board size on the home screen")
        }
        SeriesNote::Started {
            id,
            names,
            step,
            black,
        } => {
            let black = black.map_or("nigiri".to_string(), |b| format!("Black {b}"));
            format!(
                "started series {id}: {} v {}; next: game 1, {} ({}), {black}",
                names[0],
                names[1],
                step.japanese(),
                step.romaji()
            )
        }
        SeriesNote::NameTheSeries => "name the series: series correct ID WORD".into(),
        SeriesNote::Changed { id, said } => format!("series {id}: {said}"),
        SeriesNote::TakesBlack { name, number } => format!("{name} takes Black in game {number}"),
        SeriesNote::MovedOn(id) => format!(
            "series {id} has moved on since this game began, so its result \
             will not be recorded there; record it with `kaisho series record`"
        ),
        SeriesNote::NotYourSeries { me, id, names } => format!(
            "your name, {me}, is not a player of series {id} ({} and {}); set it in Settings",
            names[0], names[1]
        ),
        SeriesNote::NotAPlayerOf { name, id } => format!("{name} is not a player of series {id}"),
        SeriesNote::LineUsage => {
            "type the players, the step, the weaker player and the ladder, e.g. \
             Aki, Ben; sen-ai-sen; Aki; kou (互先 / even needs no weaker player)"
                .into()
        }
        SeriesNote::Names(NamesProblem::Count(n)) => {
            format!("name exactly two players, comma-separated (got {n})")
        }
        SeriesNote::Names(NamesProblem::Empty) => "a player's name is empty".into(),
        SeriesNote::Names(NamesProblem::ResultWord(n)) => {
            format!("'{n}' is a result word; choose another name")
        }
        SeriesNote::Names(NamesProblem::Same(a)) => {
            format!("both players are called '{a}'; tell them apart")
        }
        SeriesNote::UnknownPlayer { given, names } => format!(
            "'{given}' is not a player of this series; use {} or {}",
            names[0], names[1]
        ),
        SeriesNote::NothingRecorded => "no game of this series has been recorded yet".into(),
        SeriesNote::NotACorrection(e) => {
            format!("{e}, a result word (draw, void, both-lose) or strike")
        }
        SeriesNote::Corrected {
            number,
            now: Some(now),
            was,
        } => format!("game {number} corrected: {now} (was: {was})"),
        SeriesNote::Corrected {
            number,
            now: None,
            was,
        } => format!("game {number} struck out (was: {was}); it is to be played again"),
        SeriesNote::NotRecorded(e) => format!("the result will not be recorded in the series: {e}"),
        SeriesNote::ColoursUnknown => "the series could not tell who played which colour".into(),
        SeriesNote::NotTaken(e) => format!("the series did not take the result: {e}"),
        SeriesNote::Unsaved { why, later: "" } => {
            format!("the series result was not saved: {why}")
        }
        SeriesNote::Unsaved { why, later } => format!(
            "the series result was not saved: {why}. Once you have looked, record it with `{later}`"
        ),
        SeriesNote::Recorded {
            id,
            number,
            result,
            then,
        } => format!("Series {id}, game {number}: {result}. {then}"),
    }
}

fn japanese(note: SeriesNote<'_>) -> String {
    match note {
        SeriesNote::NoFolder => {
            "番碁を保存するフォルダがありません: kaisho --home DIR で起動してください".into()
        }
        SeriesNote::NoneYet => {
            "番碁はまだありません: nで始めます（または kaisho series new --players A,B --step 先 --weaker A）"
                .into()
        }
        SeriesNote::OpenFirst => "先に番碁を開いてください（Enter）".into(),
        SeriesNote::ChangedMeanwhile { id, number } => format!(
            "番碁「{id}」はこの画面が読んだあとに別の kaisho で変わりました。今の内容を表示しています (次は第{number}局)。確かめてからもう一度キーを押してください"
        ),
        SeriesNote::BoardTooSmall(e) => {
            format!("{e}。ホーム画面でもっと大きな碁盤を選んでください")
        }
        SeriesNote::Started {
            id,
            names,
            step,
            black,
        } => {
            let black = black.map_or("ニギリ".to_string(), |b| format!("黒 {b}"));
            format!(
                "番碁{id}を始めました: {} 対 {}。次は第1局、{}、{black}",
                names[0],
                names[1],
                step.japanese()
            )
        }
        SeriesNote::NameTheSeries => "番碁を指定してください: series correct ID WORD".into(),
        SeriesNote::Changed { id, said } => format!("番碁{id}: {said}"),
        SeriesNote::TakesBlack { name, number } => format!("第{number}局は{name}が黒番です"),
        SeriesNote::MovedOn(id) => format!(
            "この対局の開始後に番碁{id}が進んだので、結果は番碁に記録されません。\
             kaisho series record で記録してください"
        ),
        SeriesNote::NotYourSeries { me, id, names } => format!(
            "あなたの名前{me}は番碁{id}の対局者（{}と{}）ではありません。設定で名前を直してください",
            names[0], names[1]
        ),
        SeriesNote::NotAPlayerOf { name, id } => format!("{name}は番碁{id}の対局者ではありません"),
        SeriesNote::LineUsage => "対局者、手合割、下手、段階表を入力してください（例 \
             Aki, Ben; 先相先; Aki; kou。互先なら下手は不要）"
            .into(),
        SeriesNote::Names(NamesProblem::Count(n)) => {
            format!("対局者を2人、カンマで区切って入力してください（入力は{n}人）")
        }
        SeriesNote::Names(NamesProblem::Empty) => "対局者の名前が空です".into(),
        SeriesNote::Names(NamesProblem::ResultWord(n)) => {
            format!("「{n}」は結果の語です。別の名前にしてください")
        }
        SeriesNote::Names(NamesProblem::Same(a)) => {
            format!("2人とも「{a}」です。区別できる名前にしてください")
        }
        SeriesNote::UnknownPlayer { given, names } => format!(
            "{given}はこの番碁の対局者ではありません。{}か{}を指定してください",
            names[0], names[1]
        ),
        SeriesNote::NothingRecorded => "この番碁にはまだ記録された対局がありません".into(),
        SeriesNote::NotACorrection(e) => {
            format!("{e}。または結果の語（持碁、無勝負、両負け）か strike")
        }
        SeriesNote::Corrected {
            number,
            now: Some(now),
            was,
        } => format!("第{number}局の結果を直しました: {now}（元は{was}）"),
        SeriesNote::Corrected {
            number,
            now: None,
            was,
        } => format!("第{number}局の結果を取り消しました（元は{was}）。打ち直しになります"),
        SeriesNote::NotRecorded(e) => format!("結果は番碁に記録されません: {e}"),
        SeriesNote::ColoursUnknown => "番碁の記録から黒白の分かれがわかりません".into(),
        SeriesNote::NotTaken(e) => format!("番碁が結果を受け付けませんでした: {e}"),
        SeriesNote::Unsaved { why, later: "" } => {
            format!("番碁の結果を保存できませんでした: {why}")
        }
        SeriesNote::Unsaved { why, later } => format!(
            "番碁の結果を保存できませんでした: {why}。確かめてから `{later}` で記録できます"
        ),
        SeriesNote::Recorded {
            id,
            number,
            result,
            then,
        } => format!("番碁{id} 第{number}局: {result}。{then}"),
    }
}

/// A player's name.
fn name(series: &Series, seat: Seat) -> &str {
    &series.setup().player(seat).name
}

/// A result in a few words: `Ben wins`, `持碁 (jigo), a draw`, `Benの勝ち`.
#[must_use]
pub fn series_result(lang: Lang, series: &Series, result: SeriesResult) -> String {
    match (lang, result) {
        (Lang::En, SeriesResult::Win(seat)) => format!("{} wins", name(series, seat)),
        (Lang::En, SeriesResult::Jigo) => "持碁 (jigo), a draw".into(),
        (Lang::En, SeriesResult::NoResult) => "無勝負 (no result)".into(),
        (Lang::En, SeriesResult::BothLose) => "両負け (both lose)".into(),
        (Lang::Ja, SeriesResult::Win(seat)) => format!("{}の勝ち", name(series, seat)),
        (Lang::Ja, SeriesResult::Jigo) => "持碁".into(),
        (Lang::Ja, SeriesResult::NoResult) => "無勝負".into(),
        (Lang::Ja, SeriesResult::BothLose) => "両負け".into(),
    }
}

/// A step with its weaker player: `先相先 (Aki weaker)`.
#[must_use]
pub fn step_with_weaker(lang: Lang, series: &Series, step: Step, weaker: Option<Seat>) -> String {
    match (lang, weaker) {
        (_, None) => step.to_string(),
        (Lang::En, Some(w)) => format!("{step} ({} weaker)", name(series, w)),
        (Lang::Ja, Some(w)) => format!("{step} ({}が下手)", name(series, w)),
    }
}

/// Komi, or none.
#[must_use]
pub fn series_komi(lang: Lang, komi: Komi) -> String {
    match (lang, komi == Komi::ZERO) {
        (Lang::En, true) => "none".into(),
        (Lang::Ja, true) => "なし".into(),
        (_, false) => komi.to_string(),
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
pub fn series_change(lang: Lang, series: &Series, change: &Change) -> String {
    let threshold = series.setup().threshold;
    match (lang, *change) {
        (
            Lang::En,
            Change::Moved {
                leader,
                from,
                to,
                weaker,
            },
        ) => format!(
            "{}-game lead for {}: the next game is {} instead of {from}, and the count starts again.",
            count_word(threshold),
            name(series, leader),
            step_with_weaker(lang, series, to, weaker)
        ),
        (Lang::En, Change::LadderEnd { leader, step }) => format!(
            "{} is {threshold} ahead at {step}, the largest handicap of the {} ladder: \
             it cannot move further. The count starts again at {step}.",
            name(series, leader),
            series.setup().ladder.kanji()
        ),
        (
            Lang::Ja,
            Change::Moved {
                leader,
                from,
                to,
                weaker,
            },
        ) => format!(
            "{}が{threshold}局勝越し: 手合割を変え、次局は{from}に代えて{}。勝越しは数え直します。",
            name(series, leader),
            step_with_weaker(lang, series, to, weaker)
        ),
        (Lang::Ja, Change::LadderEnd { leader, step }) => format!(
            "{}が{step}で{threshold}局勝越し。{}の段階表ではこれ以上変えられません。{step}のまま数え直します。",
            name(series, leader),
            series.setup().ladder.kanji()
        ),
    }
}

/// The next game in one line: "Next: game 4, 先相先, Black Aki, komi none."
#[must_use]
pub fn next_game(lang: Lang, series: &Series) -> String {
    let t = series.next_game();
    match lang {
        Lang::En => {
            let colours = match t.black {
                Some(b) => format!("Black {}", name(series, b)),
                None => "colours by nigiri".to_string(),
            };
            let extra = match t.handicap {
                0 => format!("komi {}", series_komi(lang, t.komi)),
                n => format!("{n} stones"),
            };
            format!("Next: game {}, {}, {colours}, {extra}.", t.number, t.step)
        }
        Lang::Ja => {
            let colours = match t.black {
                Some(b) => format!("黒 {}", name(series, b)),
                None => "ニギリ".to_string(),
            };
            let extra = match t.handicap {
                0 => format!("コミ {}", series_komi(lang, t.komi)),
                n => format!("{n}子"),
            };
            format!("次は第{}局、{}、{colours}、{extra}。", t.number, t.step)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::series::{DEFAULT_THRESHOLD, KomiPolicy, LadderKind, Player, SeriesSetup};

    fn aki_ben() -> Series {
        let players = ["Aki", "Ben"].map(|name| Player {
            id: format!("local:{name}"),
            name: name.to_string(),
        });
        Series::new(SeriesSetup {
            players,
            ladder: LadderKind::parse("kou").unwrap(),
            start: Step::SenAiSen,
            weaker: Some(Seat::First),
            threshold: DEFAULT_THRESHOLD,
            komi: KomiPolicy {
                even: Komi::MODERN,
                handicap: Komi::ZERO,
            },
        })
        .unwrap()
    }

    /// Four wins ahead change the step (1949 rules: 4局勝越し), said in
    /// the rule text's words.
    #[test]
    fn a_step_change_is_said_in_the_rules_words() {
        let mut series = aki_ben();
        let mut change = None;
        for _ in 0..4 {
            change = series.record(SeriesResult::Win(Seat::Second)).unwrap();
        }
        let change = change.expect("four wins ahead change the step");
        let ja = series_change(Lang::Ja, &series, &change);
        assert!(ja.starts_with("Benが4局勝越し: 手合割を変え"), "{ja}");
        let en = series_change(Lang::En, &series, &change);
        assert!(en.starts_with("four-game lead for Ben"), "{en}");
        assert_eq!(series_komi(Lang::Ja, Komi::ZERO), "なし");
    }
}
