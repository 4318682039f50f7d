//! The words of the screens that carry values: the game panel, the status
//! line, the home screen and the host's form, the lobby, the saved games.
//! One exhaustive `match` per language over [`Say`].

use super::TimeCall;
use super::event::color;
use super::rules::phase;
use super::{Lang, pad_right};
use kaisho_core::life::Status;
use kaisho_core::{Color, Komi, Phase, Settings};

/// A screen text with its values.
#[derive(Clone, Copy, Debug)]
pub enum Say<'a> {
    /// The network link is away, and why.
    PartnerAway(&'a str),
    /// The chat's place before any line.
    ChatWith(&'a str),
    /// The board, komi and handicap under the title: a game with neither
    /// stones nor komi is 先, Black first without compensation.
    Terms(&'a Settings),
    /// A player's (fitted) name and prisoners.
    Prisoners {
        who: &'a str,
        count: u32,
    },
    /// Marks this side's seat in a network game.
    You,
    ToPlayYourMove(Color),
    ToPlayPartner(Color, &'a str),
    ToPlay(Color),
    /// The side on turn has no time left; the loss on time is on its way.
    FlagFallen(Color),
    /// The move number and the phase.
    MoveAndPhase {
        moves: u32,
        phase: Phase,
    },
    /// A labelled line of the panel: the last move, the ko point, the cursor.
    LastMove(&'a str),
    Ko(&'a str),
    Cursor(&'a str),
    Played(Color, &'a str),
    Passed(Color),
    RepeatedAt(u32),
    OfferedNoResult(Color),
    NoResultDeclined,
    ToDecide(Color),
    ToAnswer(&'a str),
    AcceptOrCounter,
    MarkAndPropose,
    PhaseThen(Phase, &'a str),
    ProposalBy {
        number: usize,
        by: Color,
        dead: usize,
    },
    NoProposalYet,
    Marked {
        count: usize,
        cursor: &'a str,
    },
    Reading {
        chains: usize,
        dead: usize,
    },
    /// How many chains the draft settles on an estimate only.
    Estimated {
        chains: usize,
    },
    /// The draft's verdict on the chain under the cursor: where it is, its
    /// size, its status, whether a proof or an estimate gives it, and why.
    ChainVerdict {
        at: &'a str,
        stones: usize,
        status: Status,
        proven: bool,
        reason: &'a str,
    },
    /// The headline of a count whose two ends name different winners.
    Undecided {
        alive: &'a str,
        dead: &'a str,
    },
    /// The headline of a count whose two ends name one winner (`None`: no
    /// winner either way).
    EitherWay {
        winner: Option<Color>,
        alive: &'a str,
        dead: &'a str,
    },
    /// The count with the `unsettled` chains alive and dead.
    Ends {
        unsettled: usize,
        alive: &'a str,
        dead: &'a str,
    },
    /// The headline of a count whose winner rests on doubtful chains
    /// (unsettled, or estimated by a narrow share): the count as drafted,
    /// and with those chains turned against its winner.
    Doubtful {
        now: &'a str,
        other: &'a str,
    },
    /// The doubtful chains that decide the winner, by point, and how many
    /// more are not named.
    DoubtfulChains {
        chains: &'a str,
        more: usize,
    },
    /// An unsettled chain that decides the winner, and the two results.
    Hinge {
        chain: &'a str,
        dead: &'a str,
        alive: &'a str,
    },
    /// The legend of the ending's marks: dead stones and territory.
    Legend {
        dead: [&'a str; 2],
        territory: [&'a str; 2],
    },
    /// A count of moves.
    Moves(u64),
    /// Who played which colour in a saved game, for the lists of games.
    Pairing {
        black: &'a str,
        white: &'a str,
    },
    /// The one status line under a board without its panel.
    StatusPlay(Color, u32),
    StatusEnded(&'a str),
    StatusDecide(Color),
    /// A screen too small for its layout.
    TooSmall {
        need: (u16, u16),
        have: (u16, u16),
    },
    /// The move list's title, looking back or not.
    MoveOf {
        focus: usize,
        last: usize,
    },
    MovesTitle(usize),
    /// A record under review, by its title.
    ReviewTitle(&'a str),
    /// This side left a review together.
    ReviewLeft,
    /// The partner said no to reviewing the game together.
    ReviewDeclined,
    /// The code of the review together this side hosts.
    ReviewHostedCode(&'a str),
    /// The partner of the review together under way.
    ReviewSharedWith(&'a str),
    /// Dialling the host of a review together with `code`.
    JoiningReview(&'a str),
    /// A review together of saved game `game` with `partner`.
    ReviewingWith {
        game: &'a str,
        partner: &'a str,
    },
    /// The partner left a review together, saying why.
    PartnerLeftReview(&'a str),
    /// The link of a review together was lost, saying why when it can.
    ReviewLinkLost(&'a str),
    /// A comment added in a review to the node `at` moves along the line.
    Commented {
        at: usize,
        text: &'a str,
    },
    /// The position shown in a review.
    ReviewAt {
        at: usize,
        moves: usize,
    },
    /// Which of the moves after its parent the node shown is.
    Variation {
        number: usize,
        count: usize,
    },
    /// The moves that may follow the node shown, numbered.
    Following(&'a str),
    /// A record's result, as SGF writes it.
    ResultLine(&'a str),
    /// Plain mode's first line.
    PlainBanner,
    /// A network game ended, with its SGF result.
    NetGameOver(&'a str),
    /// We left a network game.
    NetAdjourned,
    /// The partner said goodbye, and why.
    PartnerLeft(&'a str),
    /// The partner did not come back to game `id`.
    PartnerNotBack(&'a str),
    /// The lobby's titles: hosting, joining, waiting for an adjourned
    /// game's partner, rejoining its host.
    Hosting {
        size: u8,
        komi: &'a str,
        clock: &'a str,
    },
    Joining(&'a str),
    WaitingFor(&'a str),
    Rejoining {
        id: &'a str,
        addr: &'a str,
    },
    /// A game at one keyboard has begun.
    NewLocalGame {
        size: u8,
        komi: &'a str,
        handicap: u8,
        first: Color,
    },
}

/// What the clock calls, for the message line and plain mode (秒読み).
#[must_use]
pub fn time_call(lang: Lang, call: TimeCall, who: Color) -> String {
    let who = color(lang, who);
    match (lang, call) {
        (Lang::En, TimeCall::MainEnding) => format!("{who}: one minute of main time left"),
        (Lang::En, TimeCall::ByoyomiBegins { periods, period_s }) => {
            format!("{who}: byo-yomi, {periods} x {period_s} s")
        }
        (Lang::En, TimeCall::PeriodGone { periods_left: 1 }) => {
            format!("{who}: the last period")
        }
        (Lang::En, TimeCall::PeriodGone { periods_left }) => {
            format!("{who}: {periods_left} periods left")
        }
        (Lang::En, TimeCall::Countdown { seconds }) => format!("{who}: {seconds}"),
        (Lang::Ja, TimeCall::MainEnding) => format!("{who}: 持ち時間残り1分"),
        (Lang::Ja, TimeCall::ByoyomiBegins { periods, period_s }) => {
            format!("{who}: 秒読み、{period_s}秒{periods}回")
        }
        (Lang::Ja, TimeCall::PeriodGone { periods_left: 1 }) => format!("{who}: 最後の1回"),
        (Lang::Ja, TimeCall::PeriodGone { periods_left }) => {
            format!("{who}: 残り{periods_left}回")
        }
        (Lang::Ja, TimeCall::Countdown { seconds }) => format!("{who}: {seconds}"),
    }
}

/// A screen text in `lang`.
#[must_use]
pub fn say(lang: Lang, text: Say<'_>) -> String {
    match lang {
        Lang::En => english(text),
        Lang::Ja => japanese(text),
    }
}

/// The board, komi and handicap of `settings`.
fn terms(lang: Lang, settings: &Settings) -> String {
    let (size, komi) = (settings.size.get(), settings.komi);
    let handicap = match (lang, settings.handicap, komi) {
        (Lang::En, 0, Komi::ZERO) => "sen".to_string(),
        (Lang::En, 0, _) => "even".to_string(),
        (Lang::En, n, _) => format!("{n} stones"),
        (Lang::Ja, 0, Komi::ZERO) => "先".to_string(),
        (Lang::Ja, 0, _) => "互先".to_string(),
        (Lang::Ja, n, _) => format!("{n}子の置碁"),
    };
    match lang {
        Lang::En => format!("{size}x{size}, komi {komi}, {handicap}"),
        Lang::Ja => format!("{size}路、コミ{komi}、{handicap}"),
    }
}

fn english(text: Say<'_>) -> String {
    let c = |x| color(Lang::En, x);
    match text {
        Say::PartnerAway(why) => format!("partner away: {why}"),
        Say::ChatWith(who) => format!("c: chat with {who}"),
        Say::Terms(settings) => terms(Lang::En, settings),
        Say::Prisoners { who, count } => format!(" {who} prisoners {count:>3}"),
        Say::You => " (you)".to_string(),
        Say::ToPlayYourMove(x) => format!("{} to play: your move", c(x)),
        Say::ToPlayPartner(x, who) => format!("{} to play: {who}", c(x)),
        Say::ToPlay(x) => format!("{} to play", c(x)),
        Say::FlagFallen(x) => format!("{}'s time is up", c(x)),
        Say::MoveAndPhase { moves, phase: p } => {
            format!("move {moves}, game {}", phase(Lang::En, p))
        }
        Say::LastMove(what) => format!("{}{what}", pad_right("last move", 11)),
        Say::Ko(what) => format!("{}{what}", pad_right("ko", 11)),
        Say::Cursor(what) => format!("{}{what}", pad_right("cursor", 11)),
        Say::Played(x, at) => format!("{} {at}", c(x)),
        Say::Passed(x) => format!("{} passed", c(x)),
        Say::RepeatedAt(m) => format!("move {m} repeated a position: n offers no-result"),
        Say::OfferedNoResult(by) => format!("{} offered no-result", c(by)),
        Say::NoResultDeclined => "no-result declined: repeats refused".to_string(),
        Say::ToDecide(x) => format!("{} to decide", c(x)),
        Say::ToAnswer(who) => format!("{who} to answer"),
        Say::AcceptOrCounter => "accept or counter".to_string(),
        Say::MarkAndPropose => "mark and propose".to_string(),
        Say::PhaseThen(p, then) => format!("game {}: {then}", phase(Lang::En, p)),
        Say::ProposalBy { number, by, dead } => {
            format!("proposal {number} by {}: {dead} dead", c(by))
        }
        Say::NoProposalYet => "no proposal yet".to_string(),
        Say::Marked { count, cursor } => format!("marked {count} dead, cursor {cursor}"),
        Say::Reading { chains, dead } => format!(
            "reading: {chains} chain{}, {dead} dead so far",
            if chains == 1 { "" } else { "s" }
        ),
        Say::Estimated { chains } => format!(
            "{chains} chain{} estimated (~): check them",
            if chains == 1 { "" } else { "s" }
        ),
        Say::ChainVerdict {
            at,
            stones,
            status,
            proven,
            reason,
        } => format!(
            "{at} ({stones} stone{}): {}, {}: {reason}",
            if stones == 1 { "" } else { "s" },
            match status {
                Status::Alive => "alive",
                Status::Dead => "dead",
                Status::Seki => "seki",
                Status::Unsettled => "unsettled",
            },
            if proven { "proven" } else { "not proven" }
        ),
        Say::Hinge { chain, dead, alive } => {
            format!("{dead} if {chain} is dead, {alive} if alive")
        }
        Say::Undecided { alive, dead } => format!("undecided: {alive} or {dead}"),
        Say::Doubtful { now, other } => {
            format!("{now}, or {other} if doubtful chains turn")
        }
        Say::DoubtfulChains { chains, more: 0 } => {
            format!("winner turns on {chains} (? or ~ at 25–75 %)")
        }
        Say::DoubtfulChains { chains, more } => {
            format!("winner turns on {chains} +{more} (? or ~ at 25–75 %)")
        }
        Say::EitherWay {
            winner: Some(winner),
            alive,
            dead,
        } => format!(
            "{} wins either way: {alive} or {dead}",
            super::color(Lang::En, winner)
        ),
        Say::EitherWay {
            winner: None,
            alive,
            dead,
        } => format!("no winner either way: {alive} or {dead}"),
        Say::Ends {
            unsettled: 1,
            alive,
            dead,
        } => format!("1 chain unsettled (?): {alive} if it lives, {dead} if it dies"),
        Say::Ends {
            unsettled,
            alive,
            dead,
        } => format!("{unsettled} chains unsettled (?): {alive} if they live, {dead} if they die"),
        Say::Legend { dead, territory } => format!(
            "{} {} dead  {} {} territory",
            dead[0], dead[1], territory[0], territory[1]
        ),
        Say::Moves(1) => "1 move".to_string(),
        Say::Moves(n) => format!("{n} moves"),
        Say::Pairing { black, white } => format!("{black} (B) v {white} (W)"),
        Say::StatusPlay(x, moves) => format!("{} to play · move {moves} · ? keys", c(x)),
        Say::StatusEnded(result) => format!("{result} · ? keys"),
        Say::StatusDecide(x) => format!("{} to decide the dead stones · ? keys", c(x)),
        Say::TooSmall {
            need: (w, h),
            have: (aw, ah),
        } => format!("Enlarge the terminal to at least {w}x{h} (it is {aw}x{ah})."),
        Say::MoveOf { focus, last } => format!(" move {focus} of {last}, Esc back "),
        Say::MovesTitle(last) => format!(" moves ({last}) "),
        Say::Hosting { size, komi, clock } => {
            format!("Hosting a {size}x{size} game, komi {komi}, {clock}")
        }
        Say::Joining(code) => format!("Joining {code}"),
        Say::WaitingFor(id) => format!("Waiting for the partner of game {id}"),
        Say::Rejoining { id, addr } => format!("Rejoining game {id} at {addr}"),
        Say::PlainBanner => {
            "kaisho plain mode. Type new 9 to start a 9x9 game, help for the commands.".to_string()
        }
        Say::NetGameOver(result) => format!("the game is over: {result}"),
        Say::NetAdjourned => {
            "the game is adjourned (打ち掛け); either side can resume it from Saved games"
                .to_string()
        }
        Say::PartnerLeft(reason) => format!(
            "the partner left{}; the game is adjourned (打ち掛け): resume it from Saved games",
            aside(reason)
        ),
        Say::PartnerNotBack(id) => format!(
            "the partner did not come back: game {id} is adjourned; resume it from Saved games"
        ),
        Say::ReviewTitle(title) => format!("review: {title}"),
        Say::ReviewAt { at, moves } => format!("move {at} of {moves}"),
        Say::Commented { at, text } => format!("comment on move {at}: {text}"),
        Say::ReviewLeft => {
            "the review together is over; the record keeps what was added".to_string()
        }
        Say::JoiningReview(code) => format!("Joining a review together at {code}..."),
        Say::ReviewDeclined => "the partner would rather not review the game now".to_string(),
        Say::ReviewHostedCode(code) => format!("review code: {code}"),
        Say::ReviewSharedWith(partner) => format!("reviewing with {partner}"),
        Say::ReviewingWith { game, partner } => format!("{game}: review together with {partner}"),
        Say::PartnerLeftReview("") => {
            "the partner left the review together; the record keeps what was added".to_string()
        }
        Say::ReviewLinkLost("") => {
            "the review together's connection was lost; the record keeps what was added".to_string()
        }
        Say::ReviewLinkLost(why) => format!(
            "the review together's connection was lost ({why}); the record keeps what was added"
        ),
        Say::PartnerLeftReview(why) => {
            format!("the partner left the review together ({why}); the record keeps what was added")
        }
        Say::Variation { number, count } => format!("variation {number} of {count}"),
        Say::Following(moves) => format!("next: {moves}"),
        Say::ResultLine(result) => format!("{}{result}", pad_right("result", 11)),
        Say::NewLocalGame {
            size,
            komi,
            handicap,
            first,
        } => {
            let handicap = match handicap {
                0 => String::new(),
                n => format!(", {n} handicap stones"),
            };
            format!(
                "new local game: {size}x{size}, komi {komi}{handicap}; {} to play",
                c(first)
            )
        }
    }
}

fn japanese(text: Say<'_>) -> String {
    let c = |x| color(Lang::Ja, x);
    match text {
        Say::PartnerAway(why) => format!("相手と切断中: {why}"),
        Say::ChatWith(who) => format!("c: {who}とチャット"),
        Say::Terms(settings) => terms(Lang::Ja, settings),
        Say::Prisoners { who, count } => format!(" {who} アゲハマ {count:>3}"),
        Say::You => " (自分)".to_string(),
        Say::ToPlayYourMove(x) => format!("{}の番: あなたの手番", c(x)),
        Say::ToPlayPartner(x, who) => format!("{}の番: {who}", c(x)),
        Say::ToPlay(x) => format!("{}の番", c(x)),
        Say::FlagFallen(x) => format!("{}の時間切れ", c(x)),
        Say::MoveAndPhase { moves, phase: p } => {
            format!("{moves}手目、{}", phase(Lang::Ja, p))
        }
        Say::LastMove(what) => format!("{}{what}", pad_right("直前の手", 11)),
        Say::Ko(what) => format!("{}{what}", pad_right("劫", 11)),
        Say::Cursor(what) => format!("{}{what}", pad_right("カーソル", 11)),
        Say::Played(x, at) => format!("{} {at}", c(x)),
        Say::Passed(x) => format!("{} パス", c(x)),
        Say::RepeatedAt(m) => format!("{m}手目で同一局面: n で無勝負を提案"),
        Say::OfferedNoResult(by) => format!("{}が無勝負を提案", c(by)),
        Say::NoResultDeclined => "無勝負は断られた: 反復の着手は不可".to_string(),
        Say::ToDecide(x) => format!("{}が決める", c(x)),
        Say::ToAnswer(who) => format!("{who}の答え待ち"),
        Say::AcceptOrCounter => "合意するか対案を出す".to_string(),
        Say::MarkAndPropose => "死に石を指定して提案".to_string(),
        Say::PhaseThen(p, then) => format!("{}: {then}", phase(Lang::Ja, p)),
        Say::ProposalBy { number, by, dead } => {
            format!("{}の終局処理案{number}: 死に石{dead}子", c(by))
        }
        Say::NoProposalYet => "終局処理案はまだない".to_string(),
        Say::Marked { count, cursor } => format!("死に石を{count}子指定、カーソル {cursor}"),
        Say::Reading { chains, dead } => format!("読み中: {chains}群、死に石{dead}子"),
        Say::Estimated { chains } => format!("推定{chains}群 (~): 確かめてください"),
        Say::ChainVerdict {
            at,
            stones,
            status,
            proven,
            reason,
        } => format!(
            "{at} ({stones}子): {}、{}: {reason}",
            match status {
                Status::Alive => "活き",
                Status::Dead => "死",
                Status::Seki => "セキ",
                Status::Unsettled => "未決",
            },
            if proven {
                "証明あり"
            } else {
                "証明なし"
            }
        ),
        Say::Hinge { chain, dead, alive } => {
            format!("{chain}が死なら{dead}、活きなら{alive}")
        }
        Say::Undecided { alive, dead } => format!("未決: {alive} または {dead}"),
        Say::Doubtful { now, other } => format!("{now}、不確かな群が逆なら{other}"),
        Say::DoubtfulChains { chains, more: 0 } => {
            format!("勝敗を左右: {chains} (?または~ 25–75 %)")
        }
        Say::DoubtfulChains { chains, more } => {
            format!("勝敗を左右: {chains} ほか{more}群 (?または~ 25–75 %)")
        }
        Say::EitherWay {
            winner: Some(winner),
            alive,
            dead,
        } => format!(
            "どちらでも{}の勝ち: {alive} または {dead}",
            super::color(Lang::Ja, winner)
        ),
        Say::EitherWay {
            winner: None,
            alive,
            dead,
        } => format!("どちらでも勝者なし: {alive} または {dead}"),
        Say::Ends {
            unsettled,
            alive,
            dead,
        } => format!("未決{unsettled}群 (?): 活きなら{alive}、死なら{dead}"),
        Say::Legend { dead, territory } => format!(
            "{} {} 死に石  {} {} 地",
            dead[0], dead[1], territory[0], territory[1]
        ),
        Say::Moves(n) => format!("{n}手"),
        Say::Pairing { black, white } => format!("{black} (黒) 対 {white} (白)"),
        Say::StatusPlay(x, moves) => format!("{}の番 · {moves}手目 · ? キー", c(x)),
        Say::StatusEnded(result) => format!("{result} · ? キー"),
        Say::StatusDecide(x) => format!("{}が死に石を決める · ? キー", c(x)),
        Say::TooSmall {
            need: (w, h),
            have: (aw, ah),
        } => format!("端末を{w}x{h}以上に広げてください (いまは{aw}x{ah})。"),
        Say::MoveOf { focus, last } => format!(" {focus}/{last}手目、Esc 戻る "),
        Say::MovesTitle(last) => format!(" 棋譜 ({last}手) "),
        Say::Hosting { size, komi, clock } => {
            format!("{size}路、コミ{komi}、{clock}の対局を開いています")
        }
        Say::Joining(code) => format!("{code} に参加しています"),
        Say::WaitingFor(id) => format!("対局 {id} の相手を待っています"),
        Say::Rejoining { id, addr } => format!("対局 {id} に {addr} で再接続しています"),
        Say::PlainBanner => {
            "kaisho プレーンモード。new 9 で9路の対局、help でコマンド一覧。".to_string()
        }
        Say::NetGameOver(result) => format!("終局: {result}"),
        Say::NetAdjourned => {
            "打ち掛けになりました。どちらからでも「保存した対局」から再開できます".to_string()
        }
        Say::PartnerLeft(reason) => format!(
            "相手が対局を離れました{}。打ち掛け: 「保存した対局」から再開できます",
            aside(reason)
        ),
        Say::PartnerNotBack(id) => format!(
            "相手が戻りませんでした: 対局 {id} は打ち掛け。「保存した対局」から再開できます"
        ),
        Say::ReviewTitle(title) => format!("並べ直し: {title}"),
        Say::ReviewAt { at, moves } => format!("{at}手目 / {moves}手"),
        Say::Commented { at, text } => format!("{at}手目へのコメント: {text}"),
        Say::ReviewLeft => "一緒の検討を終えました。追加したものは棋譜に残っています".to_string(),
        Say::JoiningReview(code) => format!("{code} の検討に参加しています..."),
        Say::ReviewDeclined => "相手は今は検討しないそうです".to_string(),
        Say::ReviewHostedCode(code) => format!("検討コード: {code}"),
        Say::ReviewSharedWith(partner) => format!("{partner}さんと検討中"),
        Say::ReviewingWith { game, partner } => format!("{game}: {partner}さんと検討"),
        Say::PartnerLeftReview("") => {
            "相手が検討を離れました。追加したものは棋譜に残っています".to_string()
        }
        Say::ReviewLinkLost("") => {
            "一緒の検討の接続が切れました。追加したものは棋譜に残っています".to_string()
        }
        Say::ReviewLinkLost(why) => {
            format!("一緒の検討の接続が切れました ({why})。追加したものは棋譜に残っています")
        }
        Say::PartnerLeftReview(why) => {
            format!("相手が検討を離れました ({why})。追加したものは棋譜に残っています")
        }
        Say::Variation { number, count } => format!("変化 {number} / {count}"),
        Say::Following(moves) => format!("次の手: {moves}"),
        Say::ResultLine(result) => format!("{}{result}", pad_right("結果", 11)),
        Say::NewLocalGame {
            size,
            komi,
            handicap,
            first,
        } => {
            let terms = match handicap {
                0 => "互先".to_string(),
                n => format!("{n}子の置碁"),
            };
            format!(
                "新しい対局: {size}路、コミ{komi}、{terms}。{}の番",
                c(first)
            )
        }
    }
}

/// The partner's reason for leaving in brackets, or nothing when they gave
/// none (a screen leaving a game sends none: its partner says the
/// adjournment itself).
fn aside(reason: &str) -> String {
    if reason.is_empty() {
        String::new()
    } else {
        format!(" ({reason})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_keeper_calls_in_both_languages() {
        let last = TimeCall::PeriodGone { periods_left: 1 };
        assert_eq!(
            time_call(Lang::En, last, Color::White),
            "White: the last period"
        );
        assert_eq!(time_call(Lang::Ja, last, Color::White), "白: 最後の1回");
        let begins = TimeCall::ByoyomiBegins {
            periods: 5,
            period_s: 30,
        };
        assert_eq!(
            time_call(Lang::Ja, begins, Color::Black),
            "黒: 秒読み、30秒5回"
        );
    }
}
