//! The lines of a headless game (`kaisho host`/`join` scripts) around the
//! event sentences: the marks a script finds (`refused:`, `event 3:`,
//! `拒否:`, `記録3:`…), the one-line help, a chat line, and the line under
//! the printed board.

use super::{Lang, color};
use kaisho_core::Color;

/// Whose turn the line under the board names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// This side is to play.
    Mine,
    /// The partner is to play.
    Partner,
    /// Play has stopped.
    Stopped,
}

/// A line of a headless game, with its values.
#[derive(Debug, Clone, Copy)]
pub enum ScriptLine<'a> {
    /// A refusal, with why (already worded).
    Refused(&'a str),
    /// The one-line help: the words a script takes, listed.
    Help(&'a str),
    /// Event `seq` and its sentence.
    Event { seq: u32, said: &'a str },
    /// Our event (its sentence) taken back because it crossed the
    /// partner's; a resignation is made `again` after the partner's event.
    Withdrawn { what: &'a str, again: bool },
    /// A chat line, with its sender.
    Chat(&'a str),
    /// Under the board: the move number, the prisoners each side took,
    /// this side's colour and whose turn it is.
    Status {
        moves: u32,
        prisoners: [u32; 2],
        me: Color,
        turn: Turn,
    },
}

/// `line` in `lang`.
#[must_use]
pub fn script_line(lang: Lang, line: ScriptLine<'_>) -> String {
    match (lang, line) {
        (Lang::En, ScriptLine::Refused(why)) => format!("refused: {why}"),
        (Lang::Ja, ScriptLine::Refused(why)) => format!("拒否: {why}"),
        (Lang::En, ScriptLine::Help(list)) => format!("commands: a point like D4, or {list}"),
        (Lang::Ja, ScriptLine::Help(list)) => format!("コマンド: D4 などの点、または {list}"),
        (Lang::En, ScriptLine::Event { seq, said }) => format!("event {seq}: {said}"),
        (Lang::Ja, ScriptLine::Event { seq, said }) => format!("記録{seq}: {said}"),
        (Lang::En, ScriptLine::Withdrawn { what, again: false }) => {
            format!("withdrawn: {what} crossed the partner's event")
        }
        (Lang::Ja, ScriptLine::Withdrawn { what, again: false }) => {
            format!("取り消し: {what} は相手の着手と行き違い、取り消されました")
        }
        (Lang::En, ScriptLine::Withdrawn { what, again: true }) => {
            format!("crossed: {what} crossed the partner's event and is made again after it")
        }
        (Lang::Ja, ScriptLine::Withdrawn { what, again: true }) => {
            format!(
                "行き違い: {what} は相手の着手と行き違いました。相手の着手の後にもう一度行います"
            )
        }
        (Lang::En, ScriptLine::Chat(text)) => format!("chat: {text}"),
        (Lang::Ja, ScriptLine::Chat(text)) => format!("一言: {text}"),
        (
            lang,
            ScriptLine::Status {
                moves,
                prisoners: [black, white],
                me,
                turn,
            },
        ) => {
            let (b, w) = (color(lang, Color::Black), color(lang, Color::White));
            let (mine, theirs) = (color(lang, me), color(lang, me.opponent()));
            match (lang, turn) {
                (Lang::En, Turn::Mine) => format!(
                    "move {moves}; prisoners taken: {b} {black}, {w} {white}; {mine} (you) to play"
                ),
                (Lang::En, Turn::Partner) => format!(
                    "move {moves}; prisoners taken: {b} {black}, {w} {white}; {theirs} (partner) to play"
                ),
                (Lang::En, Turn::Stopped) => format!(
                    "move {moves}; prisoners taken: {b} {black}, {w} {white}; play has stopped"
                ),
                (Lang::Ja, Turn::Mine) => {
                    format!("{moves}手目、アゲハマ {b}{black} {w}{white}、{mine} (あなた) の番")
                }
                (Lang::Ja, Turn::Partner) => {
                    format!("{moves}手目、アゲハマ {b}{black} {w}{white}、{theirs} (相手) の番")
                }
                (Lang::Ja, Turn::Stopped) => {
                    format!("{moves}手目、アゲハマ {b}{black} {w}{white}、対局の停止中")
                }
            }
        }
    }
}
