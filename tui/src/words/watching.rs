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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_watch_line_starts_with_its_fixed_word_in_both_languages() {
        let lines = [
            WatchLine::Watching {
                id: "g1",
                black: "Aki",
                white: "Ben",
            },
            WatchLine::Said {
                color: Color::White,
                text: "yoroshiku",
            },
            WatchLine::Kibitz {
                name: "Chie",
                text: "thin",
            },
            WatchLine::Ended("goodbye"),
        ];
        let english = [
            "watching game g1: Black Aki, White Ben",
            "chat from White: yoroshiku",
            "kibitz from Chie: thin",
            "watch ended: goodbye",
        ];
        let japanese = [
            "観戦中 g1: 黒 Aki、白 Ben",
            "白のチャット: yoroshiku",
            "観戦者 Chie: thin",
            "観戦終了: goodbye",
        ];
        for ((line, en), ja) in lines.into_iter().zip(english).zip(japanese) {
            assert_eq!(watch_line(Lang::En, line), en);
            assert_eq!(watch_line(Lang::Ja, line), ja);
        }
    }
}
