//! The lines `kaisho watch` prints besides the events' sentences: whose
//! game it is, the players' chat, the other watchers' chat (kibitz),
//! clocks and how the watch ended. Each starts with a fixed word so a
//! script reading them can find them.

use super::{Lang, color};
use kaisho_core::Color;

/// A line of a watched game, with its values.
#[derive(Debug, Clone, Copy)]
pub enum WatchLine<'a> {
    /// The game watched: its id and both players.
    Watching {
        id: &'a str,
        black: &'a str,
        white: &'a str,
    },
    /// A player's chat line.
    Said { color: Color, text: &'a str },
    /// Another watcher's chat line.
    Kibitz { name: &'a str, text: &'a str },
    /// The host closed the game to watchers, saying why.
    Ended(&'a str),
}

/// `line` in `lang`.
#[must_use]
pub fn watch_line(lang: Lang, line: WatchLine<'_>) -> String {
    match (lang, line) {
        (Lang::En, WatchLine::Watching { id, black, white }) => {
            format!("watching game {id}: Black {black}, White {white}")
        }
        (Lang::Ja, WatchLine::Watching { id, black, white }) => {
            format!("観戦中 {id}: 黒 {black}、白 {white}")
        }
        (Lang::En, WatchLine::Said { color: c, text }) => {
            format!("chat from {}: {text}", color(Lang::En, c))
        }
        (Lang::Ja, WatchLine::Said { color: c, text }) => {
            format!("{}のチャット: {text}", color(Lang::Ja, c))
        }
        (Lang::En, WatchLine::Kibitz { name, text }) => format!("kibitz from {name}: {text}"),
        (Lang::Ja, WatchLine::Kibitz { name, text }) => format!("観戦者 {name}: {text}"),
        (Lang::En, WatchLine::Ended(why)) => format!("watch ended: {why}"),
        (Lang::Ja, WatchLine::Ended(why)) => format!("観戦終了: {why}"),
    }
}
