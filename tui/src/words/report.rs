//! What `kaisho games`, `kaisho replay` and `kaisho score` print, in the
//! player's language: the saved-games table and its notes, an import's
//! refusals, a replayed record and its first illegal move, and the count
//! laid out the way a club counts (地, アゲハマ, 死に石, コミ). The JSON
//! outputs keep their English keys: they are for programs.

use super::{Lang, color, pad_left, pad_right};
use kaisho_core::{Color, Outcome, Point};

/// A line (or a few) of a command's text output, with its values.
#[derive(Debug, Clone, Copy)]
pub enum Report<'a> {
    /// `kaisho: error: …` before a failure already worded.
    Error(&'a str),
    /// `kaisho: warning: …` before a notice already worded.
    Warning(&'a str),
    /// The SGF file could not be written (the reason, worded).
    ExportFailed(&'a str),
    /// The games folder `dir` holds no game.
    NoGames { dir: &'a str },
    /// A saved game's state in a few characters: result or adjourned.
    Status(Option<Outcome>),
    /// The imported record could not be kept in the folder `dir` for
    /// `reason`; no game was made.
    NotKept { dir: &'a str, reason: &'a str },
    /// The record `file` breaks the rules at its event `event` (from 1)
    /// for `reason`: it cannot be imported.
    NotImportable {
        file: &'a str,
        event: usize,
        reason: &'a str,
    },
    /// The set-up stones of record `file` break the rules (`reason`).
    SetupBroken { file: &'a str, reason: &'a str },
    /// The record's move `number` by `color` at `point` (a pass or another
    /// event if `None`) on a board of `size` lines was refused: `reason`.
    Illegal {
        number: u32,
        color: Color,
        point: Option<Point>,
        size: u8,
        reason: &'a str,
    },
    /// The first line of a replayed record: its file, size and moves.
    Replayed { name: &'a str, size: u8, moves: u32 },
    /// The prisoners each side took in a replayed record.
    Prisoners { black: u32, white: u32 },
    /// A record stops at an illegal move (`why`, naming it): no count.
    Uncountable(&'a str),
    /// `--dead` names a point off the board or without a stone (`why`).
    DeadPoint(&'a str),
    /// `--dead` gave neither points nor `none` nor `auto`.
    DeadSyntax,
    /// A row of the count: its label and Black's and White's figures.
    Row(Row, [&'a str; 2]),
    /// The stones counted as dead.
    DeadStones(&'a str),
    /// The points where a side must connect before the count (手入れ),
    /// which the count leaves out of its territory.
    Teire(&'a str),
    /// A chain the search left unsettled and counted as alive.
    Unsettled {
        color: Color,
        stones: &'a str,
        reason: &'a str,
    },
    /// A chain the draft marks dead on an estimate alone.
    EstimatedDead {
        color: Color,
        stones: &'a str,
        reason: &'a str,
    },
    /// The result in its SGF form.
    Result(&'a str),
    /// Under the result while `unsettled` chains are left: the count is
    /// provisional, since it counts them as alive.
    Provisional { unsettled: usize },
}

/// The rows of a count, in the order a club reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// The heading: the two colours.
    Heading,
    Territory,
    Prisoners,
    DeadLifted,
    Komi,
    Total,
}

/// The width of a count's label column, and of each figure's column.
const LABEL: usize = 12;
const FIGURE: usize = 8;

/// `report` in `lang`.
#[must_use]
pub fn report(lang: Lang, report: Report<'_>) -> String {
    match lang {
        Lang::En => english(report),
        Lang::Ja => japanese(report),
    }
}

/// A row of the count, its label padded by display width.
fn table_row(lang: Lang, row: Row, figures: [&str; 2]) -> String {
    let label = match (lang, row) {
        (_, Row::Heading) => "",
        (Lang::En, Row::Territory) => "territory",
        (Lang::En, Row::Prisoners) => "prisoners",
        (Lang::En, Row::DeadLifted) => "dead lifted",
        (Lang::En, Row::Komi) => "komi",
        (Lang::En, Row::Total) => "total",
        (Lang::Ja, Row::Territory) => "地",
        (Lang::Ja, Row::Prisoners) => "アゲハマ",
        (Lang::Ja, Row::DeadLifted) => "死に石",
        (Lang::Ja, Row::Komi) => "コミ",
        (Lang::Ja, Row::Total) => "合計",
    };
    let figures = match row {
        Row::Heading => [color(lang, Color::Black), color(lang, Color::White)],
        _ => figures,
    };
    format!(
        "{}{}{}",
        pad_right(label, LABEL),
        pad_left(figures[0], FIGURE),
        pad_left(figures[1], FIGURE)
    )
}

/// A saved game's state: its result, or adjourned.
fn status(lang: Lang, outcome: Option<Outcome>) -> String {
    let text = match (lang, outcome) {
        (Lang::En, Some(Outcome::BothLose)) => "both lose",
        (Lang::En, Some(Outcome::NoResult)) => "no result",
        (Lang::En, Some(Outcome::Jigo)) => "jigo",
        (Lang::En, None) => "adjourned",
        (Lang::Ja, Some(Outcome::BothLose)) => "両負け",
        (Lang::Ja, Some(Outcome::NoResult)) => "無勝負",
        (Lang::Ja, Some(Outcome::Jigo)) => "持碁",
        (Lang::Ja, None) => "打ち掛け",
        (_, Some(outcome)) => return outcome.result_string(),
    };
    text.to_string()
}

/// Where a move was: `D4`, or a point off the board in SGF letters.
fn place(point: Option<Point>, size: u8) -> Option<Result<String, String>> {
    point.map(|p| {
        if p.is_on(size) {
            Ok(p.to_gtp(size))
        } else {
            Err(p.to_sgf())
        }
    })
}

fn english(report: Report<'_>) -> String {
    let lang = Lang::En;
    match report {
        Report::Error(e) => format!("kaisho: error: {e}"),
        Report::Warning(w) => format!("kaisho: warning: {w}"),
        Report::ExportFailed(e) => format!("could not write the SGF file: {e}"),
        Report::NoGames { dir } => format!("No saved games in {dir}."),
        Report::NotKept { dir, reason } => format!(
            "could not keep the record in {dir}: {reason}; no game was made: check the disk \
             space and permissions of the folder"
        ),
        Report::NotImportable {
            file,
            event,
            reason,
        } => format!(
            "{file}: event {event} was refused: {reason}; only legal records can be imported"
        ),
        Report::SetupBroken { file, reason } => format!(
            "{file}: the set-up stones cannot be placed: {reason}; fix the AB/AW properties"
        ),
        Report::Illegal {
            number: n,
            color: c,
            point,
            size,
            reason,
        } => {
            let c = color(lang, c);
            match place(point, size) {
                Some(Ok(p)) => format!("move {n} ({c} {p}) is illegal: {reason}"),
                Some(Err(p)) => {
                    format!("move {n} ({c} at [{p}], off the board) is illegal: {reason}")
                }
                None => format!("move {n} ({c} pass) is illegal: {reason}"),
            }
        }
        Report::Replayed { name, size, moves } => {
            let noun = if moves == 1 { "move" } else { "moves" };
            format!("{name}: {size}x{size}, {moves} {noun}")
        }
        Report::Prisoners { black, white } => {
            format!("prisoners: Black took {black}, White took {white}")
        }
        Report::Uncountable(why) => {
            format!("{why}; a record must replay to the end to be counted")
        }
        Report::DeadPoint(why) => format!("--dead: {why}"),
        Report::DeadSyntax => "give GTP points such as D4,Q16, or none, or auto".to_string(),
        Report::DeadStones(stones) => format!("dead stones: {stones}"),
        Report::Teire(points) => {
            format!("teire (手入れ: connected before the count, not territory): {points}")
        }
        Report::Unsettled {
            color: c,
            stones,
            reason,
        } => format!(
            "unsettled ({}, counted as alive): {stones} — {reason}",
            color(lang, c)
        ),
        Report::EstimatedDead {
            color: c,
            stones,
            reason,
        } => format!(
            "estimated dead ({}, not proven: check it): {stones} — {reason}",
            color(lang, c)
        ),
        Report::Result(result) => format!("result: {result}"),
        Report::Provisional { unsettled } => format!(
            "provisional: {unsettled} chain{} unsettled, counted as alive",
            if unsettled == 1 { "" } else { "s" }
        ),
        Report::Row(row, figures) => table_row(lang, row, figures),
        Report::Status(outcome) => status(lang, outcome),
    }
}

fn japanese(report: Report<'_>) -> String {
    let lang = Lang::Ja;
    match report {
        Report::Error(e) => format!("kaisho: エラー: {e}"),
        Report::Warning(w) => format!("kaisho: 注意: {w}"),
        Report::ExportFailed(e) => format!("SGF ファイルを書けませんでした: {e}"),
        Report::NoGames { dir } => format!("{dir} に保存した対局はありません。"),
        Report::NotKept { dir, reason } => format!(
            "{dir} に棋譜を保存できませんでした: {reason}。対局は作っていません: フォルダの空き容量と権限を確かめてください"
        ),
        Report::NotImportable {
            file,
            event,
            reason,
        } => format!(
            "{file}: {event}番目の手が認められません: {reason}。取り込めるのはルールどおりの棋譜だけです"
        ),
        Report::SetupBroken { file, reason } => {
            format!("{file}: 置き石を置けません: {reason}。AB/AW プロパティを直してください")
        }
        Report::Illegal {
            number: n,
            color: c,
            point,
            size,
            reason,
        } => {
            let c = color(lang, c);
            match place(point, size) {
                Some(Ok(p)) => format!("{n}手目 ({c} {p}) は打てません: {reason}"),
                Some(Err(p)) => format!("{n}手目 ({c} [{p}]、盤外) は打てません: {reason}"),
                None => format!("{n}手目 ({c} パス) はできません: {reason}"),
            }
        }
        Report::Replayed { name, size, moves } => {
            format!("{name}: {size}路、{moves}手")
        }
        Report::Prisoners { black, white } => {
            format!("アゲハマ: 黒 {black}、白 {white}")
        }
        Report::Uncountable(why) => {
            format!("{why}。整地するには棋譜が最後まで並べられなければなりません")
        }
        Report::DeadPoint(why) => format!("--dead: {why}"),
        Report::DeadSyntax => {
            "D4,Q16 のような GTP の点、none または auto を指定してください".to_string()
        }
        Report::DeadStones(stones) => format!("死に石: {stones}"),
        Report::Teire(points) => format!("手入れ (終局前に継ぐ点、地に数えない): {points}"),
        Report::Unsettled {
            color: c,
            stones,
            reason,
        } => format!(
            "死活未定 ({}、活きとして計算): {stones} — {reason}",
            color(lang, c)
        ),
        Report::EstimatedDead {
            color: c,
            stones,
            reason,
        } => format!(
            "推定の死に石 ({}、証明なし・要確認): {stones} — {reason}",
            color(lang, c)
        ),
        Report::Result(result) => format!("結果: {result}"),
        Report::Provisional { unsettled } => {
            format!("仮の計算: 死活未定{unsettled}群を活きとして計算")
        }
        Report::Row(row, figures) => table_row(lang, row, figures),
        Report::Status(outcome) => status(lang, outcome),
    }
}
