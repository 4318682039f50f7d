//! What went wrong on a connection, in the player's language: the
//! network crate returns a typed `NetError`, and only this module words
//! it. The English words are the error's own `Display`, kept for logs; the
//! Japanese is written here. Details that come from the operating system
//! or the QUIC library (an I/O error's text) are quoted as they are.

use super::Naming;
use super::{Failure, Lang, failure, not_your_series, refusal, series_line_error};
use crate::errors::{NetplayError, TermsError};
use kaisho_net::{Awaited, Divergence, Dropped, NetError, NotNow, Offered};

/// The board size a failure outside any game is worded for: such a
/// failure (a connection refused or dropped, a file) names no point.
pub const NO_BOARD: u8 = 19;

/// A failure of network play in the player's language; the connection's
/// own failures as [`net_refusal`] words them (points on a board of
/// `size` lines).
#[must_use]
pub fn netplay_error(error: &NetplayError, naming: Naming, size: u8) -> String {
    let lang = naming.lang;
    match (lang, error) {
        (_, NetplayError::Net(e)) => net_refusal(e, naming, size),
        (_, NetplayError::Identity(e)) => failure(lang, Failure::Identity(e)),
        (_, NetplayError::Peers(e)) => failure(lang, Failure::Peers(e)),
        (_, NetplayError::Saved(e)) => failure(lang, Failure::Log(e)),
        (_, NetplayError::NoHome(e)) => failure(lang, Failure::NoHome(e)),
        (_, NetplayError::Komi(e)) => failure(lang, Failure::Komi(e)),
        (_, NetplayError::SeriesId(e)) => failure(lang, Failure::SeriesId(e)),
        (_, NetplayError::SeriesStore(e)) => failure(lang, Failure::Series(e)),
        (_, NetplayError::Engine(e)) => super::engine_error(e, naming, size),
        (Lang::En, other) => other.to_string(),
        (Lang::Ja, NetplayError::NotNetworked(id)) => {
            format!("対局 {id} はネット対局ではありません")
        }
        (Lang::Ja, NetplayError::NoCertificate(id)) => {
            format!("対局 {id} には相手の証明書の記録がありません")
        }
        (Lang::Ja, NetplayError::NoJoinCode) => "参加コードを作れませんでした".to_string(),
        (Lang::Ja, NetplayError::StoppedWaiting) => "相手を待つのをやめました".to_string(),
        (Lang::Ja, NetplayError::PartnerAbsent) => {
            "相手が来ませんでした。対局は打ち掛けのままです".to_string()
        }
        (Lang::Ja, NetplayError::HostAbsent) => {
            "主催者が応答しません。この対局を待っているか確かめてください".to_string()
        }
        (_, NetplayError::Series(refusal)) => not_your_series(lang, refusal),
        (Lang::Ja, NetplayError::Script { path, error }) => {
            format!("スクリプト {} を開けません: {error}", path.display())
        }
        (Lang::Ja, NetplayError::Runtime(e)) => format!("通信の実行環境を起動できません: {e}"),
        (Lang::Ja, NetplayError::Output(e)) => format!("標準出力に書けません: {e}"),
        (Lang::Ja, NetplayError::Color(other)) => {
            format!("--color {other}: black (黒)、white (白)、nigiri (ニギリ) のどれかを")
        }
        (Lang::Ja, NetplayError::LanOnly(option)) => {
            format!("{option} は今のところ LAN の対局だけです。インターネット対局では付けずに")
        }
        (Lang::Ja, NetplayError::BadRelay(text)) => format!(
            "「{text}」は中継サーバーではありません: none (直接のみ)、n0 (n0 の公開中継)、またはクラブの中継の URL (例: https://relay.example.org) を"
        ),
        (Lang::Ja, NetplayError::NotAnAddress(text)) => {
            format!("「{text}」はポート付きのアドレスではありません (例: 192.168.1.20:7878)")
        }
    }
}

/// The failure `error` as a sentence for a player of `naming`'s language
/// on a board of `size` lines: a refused move cites its rule article.
#[must_use]
pub fn net_refusal(error: &NetError, naming: Naming, size: u8) -> String {
    match (naming.lang, error) {
        (_, NetError::Game(e)) => refusal(e, naming, size),
        (_, NetError::Rejected { seq, error }) if naming.lang == Lang::Ja => format!(
            "相手の記録{seq}は規約に反するため拒否しました ({})。接続を閉じ、記録は保存してあります",
            refusal(error, naming, size)
        ),
        (Lang::En, other) => other.to_string(),
        (Lang::Ja, other) => japanese(other),
    }
}

/// The Japanese for every failure but a refused event.
fn japanese(error: &NetError) -> String {
    match error {
        NetError::Setup(m) => format!("ネットワークの準備に失敗しました: {m}"),
        NetError::BadCode(m) => format!("参加コードが読めません: {m}"),
        NetError::Connection(m) => {
            format!("接続が切れました ({m})。対局は保存してあり、相手が戻れば続きを打てます")
        }
        NetError::NotPaired(m) => {
            format!("対局の準備が整う前に接続が切れました ({m})。何も保存していません")
        }
        NetError::NoHost { addr, why } => format!(
            "{addr} に応答する主催者がいません ({why})。アドレスと、主催者が kaisho host を実行中かを確かめてください。何も保存していません"
        ),
        NetError::Refused(m) => format!("相手が接続を閉じました: {m}"),
        NetError::WrongCode { left } => {
            format!("参加コードが違います (あと{left}回)。主催者に確かめて、もう一度どうぞ")
        }
        NetError::CodeBurned => {
            "3回間違えたため参加コードは使えなくなりました。主催者が新しいコードを作ってください"
                .to_string()
        }
        NetError::WrongFingerprint { expected, found } => format!(
            "拒否: 相手の証明書は {found} で、登録済みの {expected} ではありません。別人が応答しているかもしれません。相手に確かめてください"
        ),
        NetError::Protocol(m) => format!("通信の誤り ({m})。接続を閉じました"),
        NetError::Diverged { seq, what } => format!(
            "記録{seq}のあと両者の盤面が食い違いました ({})。対局を止め、双方の記録を残してあります",
            divergence(what)
        ),
        NetError::TermsDiffer(m) => format!("対局条件が合いません: {m}"),
        NetError::NigiriCheat => {
            "ニギリの公開が最初の約束と一致しません。相手の不正か故障です。対局は始まっていません"
                .to_string()
        }
        NetError::Log(e) => failure(Lang::Ja, Failure::Log(e)),
        NetError::Timeout(what) => format!("{}を待つ時間が過ぎました", awaited(*what)),
        NetError::TooSlow {
            what,
            got: 0,
            within,
        } => format!(
            "{}の届き方が遅すぎます: {}秒のうちに何も届きませんでした。接続を閉じました",
            awaited(*what),
            within.as_secs_f32()
        ),
        NetError::TooSlow { what, got, within } => format!(
            "{}の届き方が遅すぎます: {}秒で全部届くはずが{got}バイトだけでした。接続を閉じました",
            awaited(*what),
            within.as_secs_f32()
        ),
        NetError::NotNow(why) => not_now(*why).to_string(),
        NetError::Dropped(Dropped::Behind) => {
            "この観戦は対局から遅れすぎました。もう一度観戦すれば最初から追いつきます".to_string()
        }
        NetError::Dropped(Dropped::PlayersClosed) => "対局者が観戦を締め切りました".to_string(),
        NetError::Dropped(Dropped::ReadOnly) => {
            "対局者しか送れないフレームを送ったため、この観戦は切られました".to_string()
        }
        NetError::HostOffers(Offered::Game) => {
            "主催者が用意しているのは対局で、一緒の検討ではありません。--review を付けずに参加してください (画面ではホームの j)".to_string()
        }
        NetError::HostOffers(Offered::Review) => {
            "主催者が用意しているのは保存した対局の一緒の検討で、対局ではありません。--review を付けて参加してください (画面では保存した対局で J)".to_string()
        }
        NetError::Game(_) | NetError::Rejected { .. } => error.to_string(),
    }
}

/// What was waited for, in Japanese.
fn awaited(what: Awaited) -> &'static str {
    match what {
        Awaited::Handshake => "接続の確立",
        Awaited::Pairing => "接続の組み合わせ (接続は切りました)",
        Awaited::JoinerKeys => "参加者の鍵交換",
        Awaited::JoinerConfirmation => "参加者の確認",
        Awaited::Rejoin => "相手の再接続",
        Awaited::HostKeys => "主催者の鍵交換",
        Awaited::HostConfirmation => "主催者の確認",
        Awaited::Greeting => "相手のあいさつ",
        Awaited::Record => "一緒に検討する棋譜",
        Awaited::OwnStep => "主催者の順番で戻ってくるこちらの検討の一手",
        Awaited::ResentAck => "送り直した記録への返事",
        Awaited::MissedEvent => "保存し損ねた記録の再送",
        Awaited::Agreement => "相手の対局条件への同意",
        Awaited::NigiriCall => "相手のニギリの答え",
        Awaited::HostTerms => "主催者の対局条件",
        Awaited::HostNigiri => "主催者のニギリ",
        Awaited::NigiriReveal => "ニギリの石数の公開",
        Awaited::GameToResume => "再開する対局",
        Awaited::SavedPosition => "相手の保存した局面",
        Awaited::HostsAnswer => "こちらの番碁の最後の結果への主催者の答え",
    }
}

/// Where the two games part, in Japanese.
fn divergence(what: &Divergence) -> String {
    match what {
        Divergence::Event(_) => "同じ記録から別の局面".to_string(),
        Divergence::Counts { ours, theirs } => {
            format!("保存した記録の数がこちら{ours}、相手{theirs}")
        }
        Divergence::Saves => "保存した記録の中身が違う".to_string(),
    }
}

/// Why an action waits, in Japanese.
fn not_now(why: NotNow) -> &'static str {
    match why {
        NotNow::Unacknowledged => "まだです: 直前の記録に相手の返事がありません。お待ちください",
        NotNow::NoUndosLeft => {
            "まだです: この対局で待ったを頼める回数は残っていません (待ったの上限: 設定、または config.toml の [game] undo_limit)"
        }
        NotNow::PartnerHasTime => {
            "まだです: 相手の持ち時間が残っています。時間切れの申し立ては時間が尽きてから"
        }
    }
}

/// Why this side could not take the partner's last result of a series, in
/// the player's language.
#[must_use]
pub fn terms_error(lang: Lang, error: &TermsError) -> String {
    match (lang, error) {
        (_, TermsError::Correction(e)) => series_line_error(lang, e),
        (_, TermsError::NotYours(e)) => not_your_series(lang, e),
        (_, TermsError::SeriesId(e)) => failure(lang, Failure::SeriesId(e)),
        (_, TermsError::Store(e)) => failure(lang, Failure::Series(e)),
        (Lang::En, e @ TermsError::NotSaved { .. }) => e.to_string(),
        (Lang::Ja, TermsError::NotSaved { id, error }) => format!(
            "相手の訂正を番碁 {id} のこちらの記録に保存できませんでした: {}",
            failure(lang, Failure::Series(error))
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ja() -> Naming {
        Naming {
            lang: Lang::Ja,
            ..Naming::default()
        }
    }

    #[test]
    fn an_undo_past_the_limit_is_refused_in_both_languages() {
        let e = NetError::NotNow(NotNow::NoUndosLeft);
        assert!(net_refusal(&e, Naming::default(), 19).starts_with("not yet: no requests"));
        assert!(net_refusal(&e, ja(), 19).contains("待った"));
    }

    #[test]
    fn a_timeout_names_what_was_awaited_in_japanese() {
        let e = NetError::Timeout(Awaited::HostKeys);
        assert_eq!(
            net_refusal(&e, ja(), 19),
            "主催者の鍵交換を待つ時間が過ぎました"
        );
        let en = net_refusal(&e, Naming::default(), 19);
        assert_eq!(en, "timed out waiting for the host's key exchange");
    }

    #[test]
    fn a_record_too_slow_says_how_much_came_in_both_languages() {
        let e = NetError::TooSlow {
            what: Awaited::Record,
            got: 5,
            within: std::time::Duration::from_secs(60),
        };
        let ja = net_refusal(&e, ja(), 19);
        assert!(
            ja.contains("一緒に検討する棋譜") && ja.contains("60秒") && ja.contains("5バイト"),
            "{ja}"
        );
        let en = net_refusal(&e, Naming::default(), 19);
        assert!(en.contains("5 bytes of it in 60 s"), "{en}");
    }

    #[test]
    fn a_burned_code_and_a_wrong_code_speak_japanese() {
        let burned = net_refusal(&NetError::CodeBurned, ja(), 19);
        assert!(burned.contains("参加コード"), "{burned}");
        let wrong = net_refusal(&NetError::WrongCode { left: 2 }, ja(), 19);
        assert!(wrong.contains("あと2回"), "{wrong}");
    }

    #[test]
    fn a_refused_partner_event_cites_the_article_in_japanese() {
        let e = NetError::Rejected {
            seq: 7,
            error: kaisho_core::GameError::Illegal(kaisho_core::IllegalMove::Ko),
        };
        let said = net_refusal(&e, ja(), 19);
        assert!(said.contains("記録7") && said.contains("第六条"), "{said}");
    }
}
