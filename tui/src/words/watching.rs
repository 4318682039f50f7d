//! The lines `kaisho watch` prints besides the events' sentences: whose
//! game it is, the players' chat, the other watchers' chat (kibitz),
//! clocks and how the watch ended. Each starts with a fixed word so a
//! script reading them can find them.

use super::Naming;
use super::{Lang, NO_BOARD, color, net_refusal, netplay_error};
use crate::errors::NetplayError;
use kaisho_core::Color;
use kaisho_net::NetError;

/// A line of a watched game, with its values.
#[derive(Debug, Clone, Copy)]
pub enum WatchLine<'a> {
    /// The game watched: its id and both players.
    Watching {
        id: &'a str,
        black: &'a str,
        white: &'a str,
    },
    /// A player's chat line, with the player's name when the game has
    /// come (a member knows the players by name, not by colour).
    Said {
        color: Color,
        name: Option<&'a str>,
        text: &'a str,
    },
    /// Another watcher's chat line.
    Kibitz { name: &'a str, text: &'a str },
    /// The host closed the game to watchers, saying why.
    Ended(&'a str),
    /// A player's connection dropped: the clocks stand while the host
    /// waits for the partner to come back.
    Away,
    /// The partner came back: the game and the clocks go on.
    Back,
    /// The players adjourned the game: the watch is over.
    Adjourned,
    /// The players go on to review the game together; watchers follow.
    ReviewBegins,
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
        (
            Lang::En,
            WatchLine::Said {
                color: c,
                name: Some(name),
                text,
            },
        ) => {
            format!("chat from {name} ({}): {text}", color(Lang::En, c))
        }
        (
            Lang::En,
            WatchLine::Said {
                color: c,
                name: None,
                text,
            },
        ) => {
            format!("chat from {}: {text}", color(Lang::En, c))
        }
        (
            Lang::Ja,
            WatchLine::Said {
                color: c,
                name: Some(name),
                text,
            },
        ) => {
            format!("{name} ({}) のチャット: {text}", color(Lang::Ja, c))
        }
        (
            Lang::Ja,
            WatchLine::Said {
                color: c,
                name: None,
                text,
            },
        ) => {
            format!("{}のチャット: {text}", color(Lang::Ja, c))
        }
        (Lang::En, WatchLine::Kibitz { name, text }) => format!("kibitz from {name}: {text}"),
        (Lang::Ja, WatchLine::Kibitz { name, text }) => format!("観戦者 {name}: {text}"),
        (Lang::En, WatchLine::Ended(why)) => format!("watch ended: {why}"),
        (Lang::Ja, WatchLine::Ended(why)) => format!("観戦終了: {why}"),
        (Lang::En, WatchLine::Away) => {
            "a player's connection dropped: the clocks stand while the host waits for them to come back".to_string()
        }
        (Lang::Ja, WatchLine::Away) => {
            "対局者の接続が切れました。戻るのを待つ間、時計は止まっています".to_string()
        }
        (Lang::En, WatchLine::Back) => "the player is back: the game goes on".to_string(),
        (Lang::Ja, WatchLine::Back) => "対局者が戻りました。対局を続けます".to_string(),
        (Lang::En, WatchLine::Adjourned) => {
            "watch ended: the players adjourned the game (打ち掛け); both keep it, to resume later".to_string()
        }
        (Lang::Ja, WatchLine::Adjourned) => {
            "観戦終了: 対局者が打ち掛けにしました。対局は双方に保存され、後で再開できます".to_string()
        }
        (Lang::En, WatchLine::ReviewBegins) => {
            "the players review the game together (検討); you follow, and c still kibitzes"
                .to_string()
        }
        (Lang::Ja, WatchLine::ReviewBegins) => {
            "対局者が一緒に検討を始めました。観戦を続けられ、c でひとことも書けます".to_string()
        }
    }
}

/// A line of the Watch screen, or of the players' side of watching.
#[derive(Debug, Clone, Copy)]
pub enum WatchSay<'a> {
    /// The Watch prompt's title.
    Title,
    /// How to use the list of games open to watchers.
    Help,
    /// Browsing, no game open to watchers found yet.
    Looking,
    /// What to type for a game not listed.
    ByHand,
    /// Dialling the host at this code.
    Dialling(&'a str),
    /// The panel's first line: the game watched.
    Following(&'a str),
    /// The watch was dropped by a host that is gone, and why.
    HostGone(&'a str),
    /// How to watch again after a drop.
    Again,
    /// After the players closed watching: no dial gets in again.
    ClosedForGood,
    /// After the players adjourned the game: how to watch it once resumed.
    WhenResumed,
    /// The kibitz pane, empty: how to write in it.
    NoTalk,
    /// The lobby's line above the watch code.
    LobbyCode,
    /// The game panel's line with the watch code.
    Code(&'a str),
    /// The watchers in now: how many, and their names joined.
    Watchers { count: usize, names: &'a str },
    /// The players closed watching.
    Closed,
    /// The message after the players closed watching.
    ClosedNote,
    /// The host's form and the settings: watching allowed, at most `n`.
    Allowed(u32),
    /// The host's form and the settings: watching not allowed.
    NotAllowed,
}

/// `line` in `lang`.
#[must_use]
pub fn watch_say(lang: Lang, line: WatchSay<'_>) -> String {
    match (lang, line) {
        (Lang::En, WatchSay::Title) => "Watch a game on the local network".into(),
        (Lang::Ja, WatchSay::Title) => "LANの対局を観戦".into(),
        (Lang::En, WatchSay::Help) => {
            "Up/Down choose a game open to watchers, type its watch code, Enter.".into()
        }
        (Lang::Ja, WatchSay::Help) => {
            "↑↓で観戦できる対局を選び、観戦コードを入力して Enter。".into()
        }
        (Lang::En, WatchSay::Looking) => "Looking for games open to watchers...".into(),
        (Lang::Ja, WatchSay::Looking) => "観戦できる対局を探しています...".into(),
        (Lang::En, WatchSay::ByHand) => {
            "Or type the host's address and watch code: 192.168.1.20:7878 tide-4821-oak".into()
        }
        (Lang::Ja, WatchSay::ByHand) => {
            "またはアドレスと観戦コードを入力: 192.168.1.20:7878 tide-4821-oak".into()
        }
        (Lang::En, WatchSay::Dialling(code)) => format!("dialling {code} to watch..."),
        (Lang::Ja, WatchSay::Dialling(code)) => format!("{code} に観戦の接続をしています..."),
        (Lang::En, WatchSay::Following(id)) => format!("Watching {id}"),
        (Lang::Ja, WatchSay::Following(id)) => format!("観戦中 {id}"),
        (Lang::En, WatchSay::HostGone(why)) => {
            format!("the host closed the connection: {why}")
        }
        (Lang::Ja, WatchSay::HostGone(why)) => format!("主催者との接続が切れました: {why}"),
        (Lang::En, WatchSay::Again) => "Press r to watch again (from the start).".into(),
        (Lang::En, WatchSay::ClosedForGood) => {
            "This game cannot be watched again. Esc goes home.".into()
        }
        (Lang::Ja, WatchSay::ClosedForGood) => {
            "この対局はもう観戦できません。Esc でホームへ".into()
        }
        (Lang::En, WatchSay::WhenResumed) => {
            "When the players resume it, it is announced again: find it with \"Watch a game\" on the home screen. Esc goes home.".into()
        }
        (Lang::Ja, WatchSay::WhenResumed) => {
            "再開されると再び告知されます。ホーム画面の「LANの対局を観戦」で探してください。Esc でホームへ".into()
        }
        (Lang::Ja, WatchSay::Again) => "r でもう一度観戦 (最初から追いつきます)".into(),
        (Lang::En, WatchSay::NoTalk) => "c: a line to the watchers".into(),
        (Lang::Ja, WatchSay::NoTalk) => "c: 観戦者へひとこと".into(),
        (Lang::En, WatchSay::LobbyCode) => {
            "Club members can watch with this code (never the join code):".into()
        }
        (Lang::Ja, WatchSay::LobbyCode) => "観戦はこのコードで (参加コードとは別):".into(),
        (Lang::En, WatchSay::Code(code)) => format!("watch: {code}"),
        (Lang::Ja, WatchSay::Code(code)) => format!("観戦: {code}"),
        (Lang::En, WatchSay::Watchers { count: 0, .. }) => "watchers: none yet".into(),
        (Lang::Ja, WatchSay::Watchers { count: 0, .. }) => "観戦者: まだいません".into(),
        (Lang::En, WatchSay::Watchers { count, names }) => format!("watchers {count}: {names}"),
        (Lang::Ja, WatchSay::Watchers { count, names }) => format!("観戦者 {count}人: {names}"),
        (Lang::En, WatchSay::Closed) => "watching closed".into(),
        (Lang::Ja, WatchSay::Closed) => "観戦は締め切りました".into(),
        (Lang::En, WatchSay::ClosedNote) => {
            "watching closed: each watcher was told the players closed it".into()
        }
        (Lang::Ja, WatchSay::ClosedNote) => {
            "観戦を締め切りました。観戦者には対局者が締め切ったと伝えました".into()
        }
        (Lang::En, WatchSay::Allowed(n)) => format!("on, up to {n}"),
        (Lang::Ja, WatchSay::Allowed(n)) => format!("可 (最大{n}人)"),
        (Lang::En, WatchSay::NotAllowed) => "off".into(),
        (Lang::Ja, WatchSay::NotAllowed) => "不可".into(),
    }
}

/// Why a watch could not be had or ended, told to the watcher: a watch
/// code, not a join code, was wrong or burned, and nothing of the game is
/// the watcher's to save or resume.
#[must_use]
pub fn watch_refusal(error: &NetplayError, naming: Naming) -> String {
    let lang = naming.lang;
    let NetplayError::Net(e) = error else {
        return netplay_error(error, naming, NO_BOARD);
    };
    match (lang, e) {
        (_, NetError::Connection(why) | NetError::Refused(why) | NetError::NotPaired(why)) => {
            watch_say(lang, WatchSay::HostGone(why.as_str()))
        }
        (Lang::En, NetError::WrongCode { left }) => {
            let tries = if *left == 1 { "try" } else { "tries" };
            format!("wrong watch code ({left} {tries} left): check it with the host and try again")
        }
        (Lang::Ja, NetError::WrongCode { left }) => {
            format!("観戦コードが違います (あと{left}回)。主催者に確かめて、もう一度どうぞ")
        }
        (Lang::En, NetError::CodeBurned) => {
            "the watch code was burned after 3 wrong tries: no watcher can come in with it any more"
                .into()
        }
        (Lang::Ja, NetError::CodeBurned) => {
            "3回間違えたため観戦コードは使えなくなりました。この対局にはもう観戦で入れません".into()
        }
        (_, other) => net_refusal(other, naming, NO_BOARD),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No watcher yet reads as a sentence, not `watchers 0:` with nothing
    /// after its colon.
    #[test]
    fn no_watchers_yet_leaves_no_dangling_colon() {
        for lang in [Lang::En, Lang::Ja] {
            let none = watch_say(
                lang,
                WatchSay::Watchers {
                    count: 0,
                    names: "",
                },
            );
            assert!(!none.trim_end().ends_with(':'), "{none:?}");
            assert!(!none.contains('0'), "{none:?}");
        }
        let two = watch_say(
            Lang::En,
            WatchSay::Watchers {
                count: 2,
                names: "Chie, Dai",
            },
        );
        assert_eq!(two, "watchers 2: Chie, Dai");
    }

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
                name: Some("Ben"),
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
            "chat from Ben (White): yoroshiku",
            "kibitz from Chie: thin",
            "watch ended: goodbye",
        ];
        let japanese = [
            "観戦中 g1: 黒 Aki、白 Ben",
            "Ben (白) のチャット: yoroshiku",
            "観戦者 Chie: thin",
            "観戦終了: goodbye",
        ];
        for ((line, en), ja) in lines.into_iter().zip(english).zip(japanese) {
            assert_eq!(watch_line(Lang::En, line), en);
            assert_eq!(watch_line(Lang::Ja, line), ja);
        }
    }
}
