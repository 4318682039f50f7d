//! The lines `kaisho host` and `kaisho join` print around a game, in the
//! player's language: the join code, who connected, the game and colour,
//! how it ended or was adjourned, where its SGF went, and the notes of a
//! partner who drops and comes back. The lines start with a fixed word
//! (`join code:`, `result:`, `参加コード:`, `結果:`…) so that a script
//! reading them can find them.

use super::export_line;
use super::{Lang, color};
use kaisho_core::Color;
use kaisho_saves::export::ExportFailure;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Why a game stopped without a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why<'a> {
    /// This side typed `leave`.
    WeLeft,
    /// The script ran out before the game ended.
    ScriptEnded,
    /// The partner left and said why (already made visible).
    PartnerLeft(&'a str),
}

/// A line of a headless game's output, with its values.
#[derive(Debug, Clone, Copy)]
pub enum Line<'a> {
    /// The code the joiner types.
    JoinCode(&'a str),
    /// The invitation of a game across the internet, to paste to the
    /// partner.
    Invitation(&'a str),
    /// What the relay chosen means for reaching the partner.
    RelayChosen(&'a str),
    /// The code watchers type (`kaisho host --watchers`).
    WatchCode(&'a str),
    /// The partner connected: their name and grouped fingerprint.
    Connected { name: &'a str, fingerprint: &'a str },
    /// Appended to `Connected`: the name was met before with another
    /// certificate (its short form).
    SameName { name: &'a str, other: &'a str },
    /// The game's id and this side's colour.
    Game { id: &'a str, color: Color },
    /// The game ended with this SGF result.
    Result(&'a str),
    /// The game was adjourned; it resumes with `--resume id`.
    Adjourned { why: Why<'a>, id: &'a str },
    /// The partner dropped and did not come back in time.
    NotBack { id: &'a str },
    /// The partner came back after a drop.
    Back,
    /// The host waits for `partner` (short fingerprint) on `addr`.
    Waiting { partner: &'a str, addr: SocketAddr },
    /// A connection the host refused, and why (already worded).
    RefusedConnection(&'a str),
    /// The join code was burned on this host.
    Burned,
    /// The game's SGF export: where it went or why it failed.
    Exported(&'a Result<PathBuf, ExportFailure>),
    /// On the screen: the join code was burned; r makes a new one.
    BurnedLeave,
    /// On the screen: the host of adjourned game `id` waits for `partner`,
    /// who picks it in Saved games and dials `addr`.
    WaitingFromSaved {
        partner: &'a str,
        id: &'a str,
        addr: SocketAddr,
    },
    /// The connection dropped (`why`); the partner has `secs` to return.
    Away { why: &'a str, secs: u64 },
    /// The watchers' lines could not be written to the game's log (`why`):
    /// they are kept in memory until this kaisho ends.
    KibitzUnkept(&'a str),
    /// A request before the partner is connected.
    NotConnectedYet,
    /// A game's request during a review together.
    NotInThisReview,
    /// A game's request once the game has ended.
    GameOver,
    /// A headless game has ended with the partner still connected: what
    /// the script may do now.
    AfterGame,
    /// The partner offers a headless player to review the game together.
    ReviewOfferedBy(&'a str),
    /// A new game asked for while one runs.
    AlreadyRunning,
    /// The address of the host could not be kept for rejoining.
    AddressNotKept { addr: SocketAddr, why: &'a str },
    /// Two sentences said as one line, the first ending where the second
    /// begins: how a game stopped, then where its SGF went.
    Joined(&'a str, &'a str),
    /// On the screen: kaisho has no folder for its files (`why`, worded).
    Unsaved(&'a str),
    /// On the screen: network play without a folder for its files.
    NeedsDataFolder,
    /// A request for a game while no partner is connected.
    NotConnected,
    /// The series of an ended game could not be updated (`why`, worded).
    SeriesNotUpdated(&'a str),
    /// The joiner took the host's correction (`said`) of series `id`.
    CorrectionTaken { id: &'a str, said: &'a str },
    /// The host took the joiner's last result of series `id`: `said`.
    PartnersResultTaken { id: &'a str, said: &'a str },
}

/// `line` in `lang`.
#[must_use]
pub fn cli_line(lang: Lang, line: Line<'_>) -> String {
    match lang {
        Lang::En => english(line),
        Lang::Ja => japanese(line),
    }
}

fn english(line: Line<'_>) -> String {
    match line {
        Line::JoinCode(code) => format!("join code: {code}"),
        Line::Invitation(text) => format!("invitation: {text}"),
        Line::RelayChosen("none") => "no relay: the partner must reach this machine directly; where routers block that, choose a relay with --relay n0 or your club's relay URL".to_string(),
        Line::RelayChosen("n0") => "relay: n0's public relays, which carry the game encrypted and see only who plays whom".to_string(),
        Line::RelayChosen(url) => format!("relay: {url}, your club's, which carries the game encrypted and sees only who plays whom"),
        Line::WatchCode(code) => format!("watch code: {code}"),
        Line::Connected { name, fingerprint } => format!("connected to {name} ({fingerprint})"),
        Line::SameName { name, other } => format!(
            "; not the {name} met before ({other}): another player of the same name"
        ),
        Line::Game { id, color: c } => format!("game {id}: you play {}", color(Lang::En, c)),
        Line::Result(result) => format!("result: {result}"),
        Line::Adjourned { why, id } => {
            let why = match why {
                Why::WeLeft => "we left".to_string(),
                Why::ScriptEnded => "the script ended before the game".to_string(),
                Why::PartnerLeft("") => "the partner left".to_string(),
                Why::PartnerLeft(reason) => format!("the partner left: {reason}"),
            };
            format!("adjourned ({why}): game {id} is saved; resume it with --resume {id}")
        }
        Line::NotBack { id } => {
            format!("adjourned: the partner did not come back; resume it with --resume {id}")
        }
        Line::Back => "the partner is back; play goes on".to_string(),
        Line::Waiting { partner, addr } => format!("waiting for {partner} to rejoin on {addr}"),
        Line::RefusedConnection(why) => format!("refused a connection: {why}"),
        Line::Burned => "the join code is burned after 3 wrong tries: every attempt is refused from now on; stop with Ctrl-C and host again for a new code".to_string(),
        Line::Exported(result) => export_line(result),
        Line::AddressNotKept { addr, why } => format!(
            "the host's address {addr} could not be kept for rejoining ({why})"
        ),
        Line::BurnedLeave => "the join code is burned after 3 wrong tries: every attempt is refused; press r for a new code to read out".to_string(),
        Line::WaitingFromSaved { partner, id, addr } => format!(
            "waiting for {partner} to rejoin game {id}: they choose it in Saved games and dial {addr}"
        ),
        Line::Away { why, secs } => {
            format!("{why}. Waiting up to {secs} s for the partner to come back")
        }
        Line::KibitzUnkept(why) => format!(
            "the watchers' lines could not be written to the game's log ({why}); they are kept until kaisho ends"
        ),
        Line::NotConnectedYet => "the partner is not connected yet".to_string(),
        Line::NotInThisReview => "that is for a game, not a review together".to_string(),
        Line::GameOver => "the game has ended".to_string(),
        Line::AfterGame => "the game has ended: review-offer to review it together (検討), chat TEXT, leave to go".to_string(),
        Line::ReviewOfferedBy(partner) => format!(
            "{partner} offers to review the game together (検討): review-accept or review-decline"
        ),
        Line::AlreadyRunning => "a network game is already running".to_string(),
        Line::Joined(first, then) => format!("{first}; {then}"),
        Line::Unsaved(why) => format!("{why}; games will not be saved"),
        Line::NeedsDataFolder => {
            "network play needs a data folder for its identity and logs".to_string()
        }
        Line::NotConnected => "not connected to a partner".to_string(),
        Line::SeriesNotUpdated(why) => format!("the series was not updated: {why}"),
        Line::CorrectionTaken { id, said } => {
            format!("series {id}: the host's correction taken: {said}")
        }
        Line::PartnersResultTaken { id, said } => {
            format!("series {id}: the joiner's last result taken: {said}")
        }
    }
}

fn japanese(line: Line<'_>) -> String {
    match line {
        Line::JoinCode(code) => format!("参加コード: {code}"),
        Line::Invitation(text) => format!("招待: {text}"),
        Line::RelayChosen("none") => "中継なし: 相手はこの機械に直接つながる必要があります。ルーターが妨げる場合は --relay n0 かクラブの中継の URL を".to_string(),
        Line::RelayChosen("n0") => "中継: n0 の公開中継 (対局は暗号化され、中継に見えるのは誰と誰が打つかだけ)".to_string(),
        Line::RelayChosen(url) => format!("中継: {url} (クラブの中継。対局は暗号化され、中継に見えるのは誰と誰が打つかだけ)"),
        Line::WatchCode(code) => format!("観戦コード: {code}"),
        Line::Connected { name, fingerprint } => format!("接続: {name} ({fingerprint})"),
        Line::SameName { name, other } => format!(
            "。以前の{name} ({other}) とは別人です: 同じ名前の別の打ち手"
        ),
        Line::Game { id, color: c } => format!("対局 {id}: あなたは{}", color(Lang::Ja, c)),
        Line::Result(result) => format!("結果: {result}"),
        Line::Adjourned { why, id } => {
            let why = match why {
                Why::WeLeft => "こちらが対局を離れました".to_string(),
                Why::ScriptEnded => "終局前にスクリプトが終わりました".to_string(),
                Why::PartnerLeft("") => "相手が対局を離れました".to_string(),
                Why::PartnerLeft(reason) => format!("相手が対局を離れました: {reason}"),
            };
            format!("打ち掛け ({why}): 対局 {id} は保存済み。--resume {id} で再開できます")
        }
        Line::NotBack { id } => {
            format!("打ち掛け: 相手が戻りませんでした。--resume {id} で再開できます")
        }
        Line::Back => "相手が戻りました。対局を続けます".to_string(),
        Line::Waiting { partner, addr } => format!("{partner} の再接続を {addr} で待っています"),
        Line::RefusedConnection(why) => format!("接続を断りました: {why}"),
        Line::Burned => "参加コードは3回の誤りで使えなくなりました。以後の接続はすべて断ります。Ctrl-C で止め、もう一度主催して新しいコードを".to_string(),
        Line::Exported(Ok(path)) => format!("棋譜 (SGF) の保存先: {}", path.display()),
        Line::Exported(Err(ExportFailure::Write { exports, log, error })) => format!(
            "棋譜 (SGF) を {} に書き出せませんでした ({error})。対局記録 {} は無事です",
            exports.display(),
            log.display()
        ),
        Line::Exported(Err(ExportFailure::Load(e))) => {
            format!("棋譜 (SGF) を書き出せませんでした: {e}")
        }
        Line::AddressNotKept { addr, why } => format!(
            "主催者のアドレス {addr} を再接続用に記録できませんでした ({why})"
        ),
        Line::BurnedLeave => "参加コードは3回の誤りで使えなくなりました。以後の接続はすべて断ります。r で新しいコードを作れます".to_string(),
        Line::WaitingFromSaved { partner, id, addr } => format!(
            "{partner} の再接続を待っています (対局 {id})。相手は保存した対局からこの対局を選び、{addr} に接続します"
        ),
        Line::Away { why, secs } => {
            format!("{why}。相手が戻るのを最長{secs}秒待ちます")
        }
        Line::KibitzUnkept(why) => format!(
            "観戦者の発言を対局の記録に書けませんでした ({why})。kaisho を終えるまでは保持します"
        ),
        Line::NotConnectedYet => "相手はまだ接続していません".to_string(),
        Line::NotInThisReview => "それは対局のためのもので、一緒の検討ではできません".to_string(),
        Line::GameOver => "対局は終わっています".to_string(),
        Line::AfterGame => "対局は終わりました。review-offer で一緒に検討を申し込めます。chat で話す、leave で退出".to_string(),
        Line::ReviewOfferedBy(partner) => format!(
            "{partner}さんが一緒に検討しようと言っています: review-accept で受ける、review-decline で断る"
        ),
        Line::AlreadyRunning => "ネット対局はすでに進行中です".to_string(),
        Line::Joined(first, then) => format!("{}。{then}", first.trim_end_matches('。')),
        Line::Unsaved(why) => format!("{why}。対局は保存されません"),
        Line::NeedsDataFolder => {
            "ネット対局には身元と棋譜を置くデータフォルダが要ります (--home フォルダ)".to_string()
        }
        Line::NotConnected => "相手と接続していません".to_string(),
        Line::SeriesNotUpdated(why) => format!("番碁の記録を更新できませんでした: {why}"),
        Line::CorrectionTaken { id, said } => {
            format!("番碁 {id}: 主催者の訂正を受け入れました: {said}")
        }
        Line::PartnersResultTaken { id, said } => {
            format!("番碁 {id}: 参加者の最後の結果を受け入れました: {said}")
        }
    }
}
