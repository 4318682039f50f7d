//! The words of finding games on the local network: the Join screen's
//! lines, a game found, and `kaisho join --list`'s output.

use super::{Lang, clock_words, pad_right};
use kaisho_core::Komi;
use kaisho_core::clock::TimeControl;
use kaisho_net::discovery::found::{MAX_GAMES, MAX_PER_SOURCE};
use kaisho_net::discovery::{FoundGame, Hidden};

/// A fixed or worded line about discovery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding<'a> {
    /// The Join screen's title.
    Title,
    /// How to use the list.
    Help,
    /// Browsing, nothing found yet.
    Looking,
    /// Games hosted here listen on this machine only: no browsing.
    Off,
    /// What to type when no game is listed, or to join one not listed.
    ByHand,
    /// `kaisho join --list` found nothing in this many seconds.
    NoneFound(u64),
    /// This many games found are not listed: they gave way (an address
    /// announcing many, or a full list).
    Hidden(Hidden),
    /// Looking for games failed, and why.
    Failed(&'a str),
    /// Announcing the hosted game failed, and why.
    NotAnnounced(&'a str),
    /// `kaisho host` stopped by Ctrl-C while waiting: the announcement
    /// is withdrawn.
    StoppedHosting,
}

/// The line `finding` says in `lang`.
#[must_use]
pub fn finding(lang: Lang, finding: Finding<'_>) -> String {
    match (lang, finding) {
        (Lang::En, Finding::Title) => "Join a game on the local network".into(),
        (Lang::En, Finding::Help) => {
            "Up/Down choose a game found, then type its join code; Enter joins.".into()
        }
        (Lang::En, Finding::Looking) => "Looking for games on the local network...".into(),
        (Lang::En, Finding::Off) => {
            "kaisho listens on this machine only (--listen): no games are looked for.".into()
        }
        (Lang::En, Finding::ByHand) => {
            "Or type the host's address and code: 192.168.1.20:7878 tide-4821-oak".into()
        }
        (Lang::En, Finding::NoneFound(secs)) => {
            format!("no games found on the local network in {secs} s; join by address and code")
        }
        (Lang::En, Finding::Hidden(hidden)) => {
            let more = match hidden {
                Hidden::Exactly(n) => format!("{n} more"),
                Hidden::AtLeast(n) => format!("{n} or more"),
            };
            format!(
                "{more} not listed (at most {MAX_PER_SOURCE} per address, {MAX_GAMES} in all; the first found kept)"
            )
        }
        (Lang::En, Finding::Failed(why)) => format!("looking for games failed: {why}"),
        (Lang::En, Finding::NotAnnounced(why)) => {
            format!("the game is not announced on the local network: {why}")
        }
        (Lang::Ja, Finding::Title) => "LANの対局に参加".into(),
        (Lang::Ja, Finding::Help) => {
            "↑↓で見つかった対局を選び、参加コードを入力して Enter。".into()
        }
        (Lang::Ja, Finding::Looking) => "LANの対局を探しています...".into(),
        (Lang::Ja, Finding::Off) => {
            "このマシンだけで待ち受けています (--listen): 対局は探しません。".into()
        }
        (Lang::Ja, Finding::ByHand) => {
            "またはアドレスとコードを入力: 192.168.1.20:7878 tide-4821-oak".into()
        }
        (Lang::Ja, Finding::NoneFound(secs)) => {
            format!("{secs} 秒でLANの対局は見つかりませんでした。アドレスとコードで参加できます")
        }
        (Lang::En, Finding::StoppedHosting) => {
            "stopped hosting; the game is no longer announced".into()
        }
        (Lang::Ja, Finding::StoppedHosting) => {
            "対局の募集をやめ、LANへの告知を取り下げました".into()
        }
        (Lang::Ja, Finding::Hidden(hidden)) => {
            let count = match hidden {
                Hidden::Exactly(n) => format!("{n} 件"),
                Hidden::AtLeast(n) => format!("{n} 件以上"),
            };
            format!(
                "ほかに {count}は非表示 (1アドレス{MAX_PER_SOURCE}件・全{MAX_GAMES}件まで、先に見つけた順)"
            )
        }
        (Lang::Ja, Finding::Failed(why)) => format!("対局を探せませんでした: {why}"),
        (Lang::Ja, Finding::NotAnnounced(why)) => {
            format!("対局をLANに知らせられませんでした: {why}")
        }
    }
}

/// One game found, on one line: the host's name, the terms, whether the
/// seat is free and where it answers.
#[must_use]
pub fn found_line(lang: Lang, found: &FoundGame) -> String {
    let game = &found.game;
    let komi = Komi::from_halves(game.komi_halves).to_string();
    let clock = clock_words(lang, TimeControl::from(game.time));
    let address = found.address().map_or_else(String::new, |a| a.to_string());
    let terms = match (lang, game.handicap) {
        (Lang::En, 0) => format!("{0}x{0} komi {komi}", game.size),
        (Lang::En, n) => format!("{0}x{0} {n} stones komi {komi}", game.size),
        (Lang::Ja, 0) => format!("{0}路 コミ{komi}", game.size),
        (Lang::Ja, n) => format!("{0}路 {n}子 コミ{komi}", game.size),
    };
    let seat = match (lang, game.seat_free) {
        (Lang::En, true) => "",
        (Lang::En, false) => " (playing)",
        (Lang::Ja, true) => "",
        (Lang::Ja, false) => " (対局中)",
    };
    let comma = match lang {
        Lang::En => ", ",
        Lang::Ja => "、",
    };
    format!(
        "{} {terms}{comma}{clock}{seat}  {address}",
        pad_right(&game.name, 10)
    )
}
