//! What `kaisho series` prints, in the player's language: a series
//! started, a nigiri held, a result recorded or corrected, the next game's
//! terms, the lead, the history of steps and games, and the list of
//! series. The English keeps the series screen's phrases
//! (`words::series_words`); the Japanese uses the club's terms (互先, 先相先,
//! 定先 as 先, 置碁, コミ, ニギリ, 持碁, 無勝負, 両負け, 下手).

use super::Lang;
use super::{change_text, komi_text, player_name as name, result_text, step_and_weaker};
use kaisho_core::Komi;
use kaisho_core::series::nigiri::Parity;
use kaisho_core::series::{
    Change, GameTerms, PlayedGame, Seat, Segment, Series, SeriesResult, Step,
};

/// A few lines of `kaisho series`' output, with their values.
#[derive(Debug, Clone, Copy)]
pub enum SeriesLine<'a> {
    /// Series `id` was started in the file `path`.
    Started { id: &'a str, path: &'a str },
    /// The nigiri: `grabber` grabbed `stones`, the other called `call`.
    Nigiri {
        series: &'a Series,
        grabber: Seat,
        stones: u16,
        call: Parity,
        right: bool,
    },
    /// `black` takes Black in the next game.
    TakesBlack { series: &'a Series, black: Seat },
    /// Game `number` ended with `result`.
    Recorded {
        series: &'a Series,
        number: u32,
        result: SeriesResult,
    },
    /// The step moved, or could not, after a lead.
    Changed { series: &'a Series, change: Change },
    /// The last result of `was` was corrected or struck out: `now` is the
    /// series after the correction, `said` the series screen's sentence
    /// for it (English).
    Corrected {
        was: &'a Series,
        now: &'a Series,
        said: &'a str,
    },
    /// The next game's terms.
    NextGame(&'a Series),
    /// The lead at the current step.
    Lead(&'a Series),
    /// The whole series: its terms, next game, lead, steps and games.
    Show { id: &'a str, series: &'a Series },
    /// The series folder `dir` holds no series.
    NoSeries { dir: &'a str },
    /// One series in the list.
    Listed { id: &'a str, series: &'a Series },
}

/// Why a series command was refused, for the words the series' own types
/// do not carry.
#[derive(Debug, Clone, Copy)]
pub enum SeriesRefusal<'a> {
    /// A name that is neither player; the players' names.
    UnknownPlayer {
        given: &'a str,
        names: &'a [String; 2],
    },
    /// `--call` was neither odd nor even.
    Call(&'a str),
    /// Neither form of the nigiri was given in full.
    NigiriArgs,
    /// A handicap step given without `--weaker`.
    WeakerFlag(Step),
    /// The result could not be printed.
    Output(&'a str),
}

/// `line` in `lang`.
#[must_use]
pub fn series_line(lang: Lang, line: SeriesLine<'_>) -> String {
    match lang {
        Lang::En => english(line),
        Lang::Ja => japanese(line),
    }
}

/// `refusal` in `lang`.
#[must_use]
pub fn series_refusal(lang: Lang, refusal: SeriesRefusal<'_>) -> String {
    match (lang, refusal) {
        (Lang::En, SeriesRefusal::UnknownPlayer { given, names }) => format!(
            "'{given}' is not a player of this series; use {} or {}",
            names[0], names[1]
        ),
        (Lang::En, SeriesRefusal::Call(given)) => {
            format!("--call '{given}': call odd (奇数先) or even (偶数先)")
        }
        (Lang::En, SeriesRefusal::NigiriArgs) => {
            "give the nigiri as --grabber NAME --stones N --call odd|even, or as --black NAME"
                .to_string()
        }
        (Lang::En, SeriesRefusal::WeakerFlag(step)) => format!(
            "{} is a handicap step: name the weaker player (下手) with --weaker NAME",
            step.japanese()
        ),
        (Lang::En, SeriesRefusal::Output(e)) => format!("cannot print the result: {e}"),
        (Lang::Ja, SeriesRefusal::UnknownPlayer { given, names }) => format!(
            "「{given}」はこの番碁の対局者ではありません。{} か {} を",
            names[0], names[1]
        ),
        (Lang::Ja, SeriesRefusal::Call(given)) => {
            format!("--call「{given}」: odd (奇数先) か even (偶数先) を")
        }
        (Lang::Ja, SeriesRefusal::NigiriArgs) => {
            "ニギリは --grabber 名前 --stones 数 --call odd|even か、--black 名前 で指定してください"
                .to_string()
        }
        (Lang::Ja, SeriesRefusal::WeakerFlag(step)) => format!(
            "{}は置碁の手合です: 下手を --weaker 名前 で指定してください",
            step.japanese()
        ),
        (Lang::Ja, SeriesRefusal::Output(e)) => format!("結果を出力できません: {e}"),
    }
}

fn english(line: SeriesLine<'_>) -> String {
    match line {
        SeriesLine::Started { id, path } => format!("Started series {id} ({path}).\n\n"),
        SeriesLine::Nigiri {
            series,
            grabber,
            stones,
            call,
            right,
        } => format!(
            "{} grabbed {stones} ({}); {} called {call} ({}): the call was {}.\n",
            name(series, grabber),
            Parity::of(stones),
            name(series, grabber.other()),
            call.japanese(),
            if right { "right" } else { "wrong" },
        ),
        SeriesLine::TakesBlack { series, black } => format!(
            "{} takes Black in game {}.\n\n",
            name(series, black),
            series.next_game().number
        ),
        SeriesLine::Recorded {
            series,
            number,
            result,
        } => {
            let unmoved = if result.winner().is_none() {
                ": the lead does not move"
            } else {
                ""
            };
            format!("Game {number}: {}{unmoved}.\n", result_text(series, result))
        }
        SeriesLine::Changed { series, change } => format!("{}\n", change_text(series, &change)),
        SeriesLine::Corrected { said, .. } => format!("{}.\n\n", capitalised(said)),
        SeriesLine::NextGame(series) => next_game_en(series),
        SeriesLine::Lead(series) => lead_en(series),
        SeriesLine::Show { id, series } => show(Lang::En, id, series),
        SeriesLine::NoSeries { dir } => {
            format!("No series in {dir} yet; start one with `kaisho series new`.\n")
        }
        SeriesLine::Listed { id, series } => {
            let next = series.next_game();
            let colours = match next.black {
                Some(b) => format!("Black {}", name(series, b)),
                None => "nigiri".to_string(),
            };
            format!(
                "{id}  {} v {}  {}  next: game {}, {}, {colours}\n",
                name(series, Seat::First),
                name(series, Seat::Second),
                series.setup().ladder.kanji(),
                next.number,
                next.step.japanese(),
            )
        }
    }
}

fn japanese(line: SeriesLine<'_>) -> String {
    match line {
        SeriesLine::Started { id, path } => format!("番碁 {id} を始めました ({path})。\n\n"),
        SeriesLine::Nigiri {
            series,
            grabber,
            stones,
            call,
            right,
        } => format!(
            "ニギリ: {} が{stones}個 ({}) 握り、{} が{}と答えました: {}。\n",
            name(series, grabber),
            Parity::of(stones).japanese(),
            name(series, grabber.other()),
            call.japanese(),
            if right { "当たり" } else { "外れ" },
        ),
        SeriesLine::TakesBlack { series, black } => format!(
            "第{}局は {} が黒です。\n\n",
            series.next_game().number,
            name(series, black)
        ),
        SeriesLine::Recorded {
            series,
            number,
            result,
        } => {
            let unmoved = if result.winner().is_none() {
                " (勝越しは動きません)"
            } else {
                ""
            };
            format!("第{number}局: {}{unmoved}。\n", result_ja(series, result))
        }
        SeriesLine::Changed { series, change } => format!("{}\n", change_ja(series, change)),
        SeriesLine::Corrected { was, now, .. } => {
            let (number, before) = last_result(was);
            match now.games().get(was.games().len().saturating_sub(1)) {
                Some(game) if now.games().len() == was.games().len() => format!(
                    "第{number}局の結果を訂正しました: {} (元: {})。\n\n",
                    result_ja(now, game.result),
                    result_ja(was, before)
                ),
                _ => format!(
                    "第{number}局の結果を取り消しました (元: {})。この対局は打ち直しです。\n\n",
                    result_ja(was, before)
                ),
            }
        }
        SeriesLine::NextGame(series) => next_game_ja(series),
        SeriesLine::Lead(series) => lead_ja(series),
        SeriesLine::Show { id, series } => show(Lang::Ja, id, series),
        SeriesLine::NoSeries { dir } => {
            format!("{dir} に番碁はまだありません。`kaisho series new` で始めてください。\n")
        }
        SeriesLine::Listed { id, series } => {
            let next = series.next_game();
            let colours = match next.black {
                Some(b) => format!("黒 {}", name(series, b)),
                None => "ニギリ".to_string(),
            };
            format!(
                "{id}  {} 対 {}  {}  次: 第{}局、{}、{colours}\n",
                name(series, Seat::First),
                name(series, Seat::Second),
                series.setup().ladder.kanji(),
                next.number,
                next.step.japanese(),
            )
        }
    }
}

/// The number and result of the last game recorded in `series`.
fn last_result(series: &Series) -> (u32, SeriesResult) {
    series
        .games()
        .last()
        .map_or((0, SeriesResult::NoResult), |g| (g.terms.number, g.result))
}

/// A sentence with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn next_game_en(series: &Series) -> String {
    let t = series.next_game();
    let first_of_step = series.current().first_game;
    let mut s = format!("Next game: game {}\n", t.number);
    s.push_str(&format!(
        "  Step:     {} ({}): {}\n",
        t.step.japanese(),
        t.step.romaji(),
        t.step.gloss()
    ));
    s.push_str(&format!(
        "  Pattern:  game {} of {} (the step began at game {first_of_step})\n",
        t.position % t.cycle + 1,
        t.cycle
    ));
    let weaker = |seat| weaker_mark(&t, seat, " (weaker)");
    match (t.black, t.white()) {
        (Some(b), Some(w)) => {
            s.push_str(&format!("  Black:    {}{}\n", name(series, b), weaker(b)));
            s.push_str(&format!("  White:    {}{}\n", name(series, w), weaker(w)));
        }
        _ => s.push_str(
            "  Colours:  by nigiri (握り, Art. 14.2): `kaisho series nigiri ID --grabber NAME \
             --stones N --call odd|even`, or `--black NAME`\n",
        ),
    }
    let stones = match t.handicap {
        0 => "none".to_string(),
        n => format!("{n} stones"),
    };
    s.push_str(&format!("  Handicap: {stones}\n"));
    s.push_str(&format!("  Komi:     {}\n", komi_text(t.komi)));
    if series.at_ladder_end() {
        s.push_str(&format!(
            "  This is the last step of the {} ladder: a lead by the stronger player cannot add handicap.\n",
            series.setup().ladder.kanji()
        ));
    }
    s
}

fn next_game_ja(series: &Series) -> String {
    let t = series.next_game();
    let first_of_step = series.current().first_game;
    let mut s = format!("次の対局: 第{}局\n", t.number);
    s.push_str(&format!(
        "  手合:   {} ({})\n",
        t.step.japanese(),
        step_gloss_ja(t.step)
    ));
    s.push_str(&format!(
        "  順番:   {}局中{}局目 (この手合は第{first_of_step}局から)\n",
        t.cycle,
        t.position % t.cycle + 1
    ));
    let weaker = |seat| weaker_mark(&t, seat, " (下手)");
    match (t.black, t.white()) {
        (Some(b), Some(w)) => {
            s.push_str(&format!("  黒:     {}{}\n", name(series, b), weaker(b)));
            s.push_str(&format!("  白:     {}{}\n", name(series, w), weaker(w)));
        }
        _ => s.push_str(
            "  手番:   ニギリで決めます (第14条2): `kaisho series nigiri ID --grabber 名前 \
             --stones 数 --call odd|even` か `--black 名前`\n",
        ),
    }
    let stones = match t.handicap {
        0 => "なし".to_string(),
        n => format!("{n}子 (置碁)"),
    };
    s.push_str(&format!("  置石:   {stones}\n"));
    s.push_str(&format!("  コミ:   {}\n", komi_ja(t.komi)));
    if series.at_ladder_end() {
        s.push_str(&format!(
            "  {}の最後の手合です: 上手が勝越しても置石は増えません。\n",
            ladder_ja(series)
        ));
    }
    s
}

fn weaker_mark(terms: &GameTerms, seat: Seat, mark: &'static str) -> &'static str {
    if terms.weaker == Some(seat) { mark } else { "" }
}

fn lead_en(series: &Series) -> String {
    let seg = series.current();
    let counts = format!(
        "{} {}, {} {} in {} game{}",
        name(series, Seat::First),
        seg.wins[0],
        name(series, Seat::Second),
        seg.wins[1],
        seg.games,
        if seg.games == 1 { "" } else { "s" }
    );
    match series.lead() {
        Some((seat, n)) => format!(
            "Lead at {}: {} +{n} of {} ({counts})\n",
            seg.step,
            name(series, seat),
            series.setup().threshold
        ),
        None => format!("Lead at {}: level ({counts})\n", seg.step),
    }
}

fn lead_ja(series: &Series) -> String {
    let seg = series.current();
    let counts = format!(
        "{}局で {} {}勝、{} {}勝",
        seg.games,
        name(series, Seat::First),
        seg.wins[0],
        name(series, Seat::Second),
        seg.wins[1],
    );
    let step = seg.step.japanese();
    match series.lead() {
        Some((seat, n)) => format!(
            "{step}での勝越し: {} +{n} ({}で手合が変わります) ({counts})\n",
            name(series, seat),
            series.setup().threshold
        ),
        None => format!("{step}での勝越し: なし ({counts})\n"),
    }
}

fn segment_en(series: &Series, seg: &Segment) -> String {
    let last = seg.first_game + seg.games.saturating_sub(1);
    let span = match seg.games {
        0 => format!("from game {}", seg.first_game),
        1 => format!("game {}", seg.first_game),
        _ => format!("games {}–{last}", seg.first_game),
    };
    let games = match (seg.games, seg.end) {
        (1.., None) => format!("{span}, going on"),
        _ => span,
    };
    let end = match &seg.end {
        Some(change) => match *change {
            Change::Moved { to, weaker, .. } => {
                format!(" → {}", step_and_weaker(series, to, weaker))
            }
            Change::LadderEnd { .. } => " → could not move (ladder's end)".to_string(),
        },
        None => String::new(),
    };
    format!(
        "  {games}: {}, {} {}–{} {}{end}\n",
        step_and_weaker(series, seg.step, seg.weaker),
        name(series, Seat::First),
        seg.wins[0],
        seg.wins[1],
        name(series, Seat::Second),
    )
}

fn segment_ja(series: &Series, seg: &Segment) -> String {
    let last = seg.first_game + seg.games.saturating_sub(1);
    let span = match seg.games {
        0 => format!("第{}局から", seg.first_game),
        1 => format!("第{}局", seg.first_game),
        _ => format!("第{}–{last}局", seg.first_game),
    };
    let games = match (seg.games, seg.end) {
        (1.., None) => format!("{span} (継続中)"),
        _ => span,
    };
    let end = match &seg.end {
        Some(Change::Moved { to, weaker, .. }) => {
            format!(" → {}", step_weaker_ja(series, *to, *weaker))
        }
        Some(Change::LadderEnd { .. }) => " → 変わらず (手合の端)".to_string(),
        None => String::new(),
    };
    format!(
        "  {games}: {}、{} {}–{} {}{end}\n",
        step_weaker_ja(series, seg.step, seg.weaker),
        name(series, Seat::First),
        seg.wins[0],
        seg.wins[1],
        name(series, Seat::Second),
    )
}

/// The whole series: its terms, the next game, the lead, the steps and
/// the games played.
fn show(lang: Lang, id: &str, series: &Series) -> String {
    let setup = series.setup();
    let (first, second) = (name(series, Seat::First), name(series, Seat::Second));
    let (mut s, steps, games) = match lang {
        Lang::En => (
            format!(
                "Series {id}: {first} v {second}, ladder {}, the handicap moves after a lead of {}; komi {} in even games, {} otherwise\n\n",
                setup.ladder,
                setup.threshold,
                komi_text(setup.komi.even),
                komi_text(setup.komi.handicap),
            ),
            "\nSteps:\n",
            "\nGames:\n",
        ),
        Lang::Ja => (
            format!(
                "番碁 {id}: {first} 対 {second}、{}、{}局の勝越しで手合が変わります。コミは互先で{}、それ以外で{}\n\n",
                ladder_ja(series),
                setup.threshold,
                komi_ja(setup.komi.even),
                komi_ja(setup.komi.handicap),
            ),
            "\n手合の推移:\n",
            "\n対局:\n",
        ),
    };
    s.push_str(&series_line(lang, SeriesLine::NextGame(series)));
    s.push('\n');
    s.push_str(&series_line(lang, SeriesLine::Lead(series)));
    s.push_str(steps);
    for seg in series.history() {
        s.push_str(&match lang {
            Lang::En => segment_en(series, seg),
            Lang::Ja => segment_ja(series, seg),
        });
    }
    if !series.games().is_empty() {
        s.push_str(games);
        for g in series.games() {
            s.push_str(&game_row(lang, series, g));
        }
    }
    s
}

/// A game played, in the list of games: number, step, colours, handicap
/// or komi, result.
fn game_row(lang: Lang, series: &Series, game: &PlayedGame) -> String {
    let t = &game.terms;
    let colours = match (t.black, t.white(), lang) {
        (Some(b), Some(w), Lang::En) => format!("B {} W {}", name(series, b), name(series, w)),
        (Some(b), Some(w), Lang::Ja) => format!("黒 {} 白 {}", name(series, b), name(series, w)),
        _ => String::new(),
    };
    match lang {
        Lang::En => {
            let extra = match t.handicap {
                0 => format!("komi {}", komi_text(t.komi)),
                n => format!("{n} stones"),
            };
            let result = result_text(series, game.result);
            format!(
                "  {:>3}  {}  {colours}, {extra}: {result}\n",
                t.number, t.step
            )
        }
        Lang::Ja => {
            let extra = match t.handicap {
                0 => format!("コミ{}", komi_ja(t.komi)),
                n => format!("{n}子"),
            };
            let result = result_ja(series, game.result);
            let step = t.step.japanese();
            format!("  {:>3}  {step}  {colours}、{extra}: {result}\n", t.number)
        }
    }
}

/// 甲 (1/3子差の手合), 乙, 丙.
fn ladder_ja(series: &Series) -> String {
    use kaisho_core::series::LadderKind;
    let ladder = series.setup().ladder;
    let gloss = match ladder {
        LadderKind::Kou => "3分の1子刻み",
        LadderKind::Otsu => "2分の1子刻み",
        LadderKind::Hei => "1子刻み",
    };
    format!("{}の手合割 ({gloss})", ladder.kanji())
}

/// What a step means, in the club's words.
fn step_gloss_ja(step: Step) -> String {
    match step {
        Step::Even => "互先: 初局はニギリ、以後は黒白交互".to_string(),
        Step::SenAiSen => "先相先: 下手が黒・白・黒の順".to_string(),
        Step::Sen => "定先: 下手が毎局黒".to_string(),
        Step::SenNiSen => "先・2子・先の3局で一巡".to_string(),
        Step::NiSenNi => "2子・先・2子の3局で一巡".to_string(),
        Step::SenNi => "先と2子を交互".to_string(),
        Step::Stones(n) => format!("毎局{n}子の置碁"),
        Step::LowHighLow(n) => format!("{n}子・{}子・{n}子の3局で一巡", n + 1),
        Step::HighLowHigh(n) => format!("{}子・{n}子・{}子の3局で一巡", n + 1, n + 1),
        Step::Halves(n) => format!("{n}子と{}子を交互", n + 1),
    }
}

/// A result: `Ben の勝ち`, 持碁, 無勝負, 両負け.
fn result_ja(series: &Series, result: SeriesResult) -> String {
    match result {
        SeriesResult::Win(seat) => format!("{} の勝ち", name(series, seat)),
        SeriesResult::Jigo => "持碁".into(),
        SeriesResult::NoResult => "無勝負".into(),
        SeriesResult::BothLose => "両負け".into(),
    }
}

/// A step with its weaker player: `先相先 (Aki が下手)`.
fn step_weaker_ja(series: &Series, step: Step, weaker: Option<Seat>) -> String {
    match weaker {
        Some(w) => format!("{} ({} が下手)", step.japanese(), name(series, w)),
        None => step.japanese().to_string(),
    }
}

/// Komi, or なし.
fn komi_ja(komi: Komi) -> String {
    if komi == Komi::ZERO {
        "なし".into()
    } else {
        format!("{komi}目")
    }
}

/// A change of step after a lead, in the club's words.
fn change_ja(series: &Series, change: Change) -> String {
    let threshold = series.setup().threshold;
    match change {
        Change::Moved {
            leader,
            from,
            to,
            weaker,
        } => format!(
            "{} が{threshold}局勝越し: 次の対局は{}ではなく{}、勝越しの数え直しです。",
            name(series, leader),
            from.japanese(),
            step_weaker_ja(series, to, weaker)
        ),
        Change::LadderEnd { leader, step } => format!(
            "{} は{}で{threshold}局勝越しましたが、{}の最大の手合なのでこれ以上は動きません。{}で数え直します。",
            name(series, leader),
            step.japanese(),
            ladder_ja(series),
            step.japanese()
        ),
    }
}
