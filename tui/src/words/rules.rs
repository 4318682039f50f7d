//! The rules' reasons in words: a chain's verdict under Article 7, a
//! finding on a proposal, and why the game refused an event, with the
//! article of the rule text it rests on.

use super::Lang;
use super::Naming;
use super::event::color;
use kaisho_core::life::{Reason, Status};
use kaisho_core::{Action, Article, GameError, IllegalMove, Phase};

/// Why a chain has its status. The estimate's share reads as a verdict's
/// ground for a chain it settled, and as why nothing was settled for one
/// it left unsettled.
#[must_use]
pub fn reason(reason: Reason, status: Status, naming: Naming, size: u8) -> String {
    let lang = naming.lang;
    let at = |p| naming.name(p, size);
    let who = |c| color(lang, c);
    match (lang, reason) {
        (Lang::En, Reason::Benson) => "Benson-alive".to_string(),
        (Lang::En, Reason::LargeTerritory) => {
            "alive: its territory is too large for an invader to live in".to_string()
        }
        (Lang::En, Reason::LivesByAnswer) => {
            "alive: whatever is played first, one answer makes it unconditionally alive".to_string()
        }
        (Lang::En, Reason::LivesByTwoAnswers) => {
            "alive: whatever is played, two answers make it unconditionally alive".to_string()
        }
        (Lang::En, Reason::BordersOpenArea { room }) => {
            format!("borders an open area of {room} empty points: play has not ended there")
        }
        (Lang::En, Reason::AreaTooLarge { empties, max }) => {
            format!("its area has {empties} empty points, more than the search takes ({max})")
        }
        (
            Lang::En,
            Reason::CapturedFacingOpen {
                attacker,
                first,
                room,
            },
        ) => format!(
            "{} captures at {}, but it faces an open area of {room} empty points where its owner may establish stones again (Art. 7.1)",
            who(attacker),
            at(first)
        ),
        (
            Lang::En,
            Reason::Captured {
                attacker,
                first,
                ko,
            },
        ) => format!(
            "{} captures at {}{}",
            who(attacker),
            at(first),
            if ko { " even under 7.2" } else { "" }
        ),
        (Lang::En, Reason::Holds { attacker }) => {
            format!("{} cannot capture it for good, moving first", who(attacker))
        }
        (Lang::En, Reason::LeansOn { attacker, wall }) => format!(
            "{} cannot capture it alone, but it holds only by leaning on the chain at {}, which nothing proves alive",
            who(attacker),
            at(wall)
        ),
        (Lang::En, Reason::Enclosed { attacker }) => format!(
            "inside {}'s territory, closed by living stones and too small to be open",
            who(attacker)
        ),
        (Lang::En, Reason::InvaderUnproven { attacker, nodes }) => format!(
            "inside {}'s territory, but {nodes} positions read did not prove its capture against every defence",
            who(attacker)
        ),
        (Lang::En, Reason::BudgetRanOut { nodes: 0 }) => {
            "not read: the reading went to other chains first".to_string()
        }
        (Lang::En, Reason::BudgetRanOut { nodes }) => {
            format!("not settled after reading {nodes} positions")
        }
        (Lang::En, Reason::KoStoneOfLiving { group }) => format!(
            "a ko stone of the group at {}, which lives: taking it and filling the ko does not take the group (万年コウ)",
            at(group)
        ),
        (Lang::En, Reason::KoStoneOfUnsettled { group }) => format!(
            "a ko stone of the group at {}, which the search did not settle",
            at(group)
        ),
        (Lang::En, Reason::Seki) => {
            "seki: neither side can capture, and a dame stays (Art. 8)".to_string()
        }
        (Lang::En, Reason::NotJudged) => "not judged".to_string(),
        (Lang::En, Reason::CaptureAnswered { attacker, first }) => format!(
            "{} captures at {}, but nothing shows the capturing stones alive: its owner may take them back and stand there again (Art. 7.1)",
            who(attacker),
            at(first)
        ),
        (Lang::En, Reason::Estimated { kept }) if status == Status::Unsettled => format!(
            "too close to call: its owner kept it in {}% of the playouts",
            kept / 10
        ),
        (Lang::En, Reason::Estimated { kept }) => format!(
            "estimated, not proven: its owner kept it in {}% of the playouts; check it",
            kept / 10
        ),
        (Lang::Ja, Reason::Benson) => "無条件の活き (Benson)".to_string(),
        (Lang::Ja, Reason::LargeTerritory) => "活き: 地が広く、相手は中で活きられない".to_string(),
        (Lang::Ja, Reason::LivesByAnswer) => {
            "活き: 相手がどこに打っても一手で無条件の活きになる".to_string()
        }
        (Lang::Ja, Reason::LivesByTwoAnswers) => {
            "活き: 相手がどこに打っても二手で無条件の活きになる".to_string()
        }
        (Lang::Ja, Reason::BordersOpenArea { room }) => {
            format!("空点{room}の開いた場に接する: そこはまだ打ち終わっていない")
        }
        (Lang::Ja, Reason::AreaTooLarge { empties, max }) => {
            format!("場の空点が{empties}、読める広さ({max})を超える")
        }
        (
            Lang::Ja,
            Reason::CapturedFacingOpen {
                attacker,
                first,
                room,
            },
        ) => format!(
            "{}が{}で取れるが、空点{room}の開いた場に面し、新たに活き石を生じうる (第七条1)",
            who(attacker),
            at(first)
        ),
        (
            Lang::Ja,
            Reason::Captured {
                attacker,
                first,
                ko,
            },
        ) => format!(
            "{}が{}で取る{}",
            who(attacker),
            at(first),
            if ko { " (第七条2の劫でも)" } else { "" }
        ),
        (Lang::Ja, Reason::Holds { attacker }) => {
            format!("{}が先に打っても取り切れない", who(attacker))
        }
        (Lang::Ja, Reason::LeansOn { attacker, wall }) => format!(
            "{}が先に打っても単独では取れないが、{}の石に頼るだけで、その石の活きは示されていない",
            who(attacker),
            at(wall)
        ),
        (Lang::Ja, Reason::Enclosed { attacker }) => {
            format!("{}の地の中: 活き石に囲まれ、開いた場がない", who(attacker))
        }
        (Lang::Ja, Reason::InvaderUnproven { attacker, nodes }) => format!(
            "{}の地の中だが、{nodes}局面の読みではどの受けにも取れるとは示せない",
            who(attacker)
        ),
        (Lang::Ja, Reason::BudgetRanOut { nodes: 0 }) => {
            "未読: 読みが先に他の石に使われた".to_string()
        }
        (Lang::Ja, Reason::BudgetRanOut { nodes }) => {
            format!("{nodes}局面を読んでも決まらない")
        }
        (Lang::Ja, Reason::KoStoneOfLiving { group }) => format!(
            "{}の活きた石の劫の石: 取って劫を埋めても石は取れない (万年コウ)",
            at(group)
        ),
        (Lang::Ja, Reason::KoStoneOfUnsettled { group }) => {
            format!("{}の石の劫の石: 読みで決まらない", at(group))
        }
        (Lang::Ja, Reason::Seki) => "セキ: どちらも取れず、駄目が残る (第八条)".to_string(),
        (Lang::Ja, Reason::NotJudged) => "未判定".to_string(),
        (Lang::Ja, Reason::CaptureAnswered { attacker, first }) => format!(
            "{}が{}で取れるが、取った石が生きているとは言えず、取り返して再び石を置ける (第七条1)",
            who(attacker),
            at(first)
        ),
        (Lang::Ja, Reason::Estimated { kept }) if status == Status::Unsettled => format!(
            "推定でも決まらない: 試し打ちの{}%で持ち主の石が残る",
            kept / 10
        ),
        (Lang::Ja, Reason::Estimated { kept }) => format!(
            "推定 (証明なし): 試し打ちの{}%で持ち主の石が残る。確かめてください",
            kept / 10
        ),
    }
}

/// An article of a rule text, cited.
#[must_use]
pub fn article(lang: Lang, article: Article) -> String {
    match (lang, article) {
        (Lang::En, Article::J1989 { article, clause }) => match clause {
            Some(c) => format!("J1989 Art. {article}.{c}"),
            None => format!("J1989 Art. {article}"),
        },
        (Lang::En, Article::NetKiin(n)) => format!("Net Kiin online rules Art. {n}"),
        (Lang::Ja, Article::J1989 { article, clause }) => match clause {
            Some(c) => format!("日本囲碁規約 第{}条{c}", kanji(article)),
            None => format!("日本囲碁規約 第{}条", kanji(article)),
        },
        (Lang::Ja, Article::NetKiin(n)) => format!("ネット棋院ルール 第{}条", kanji(n)),
    }
}

/// An article number in kanji, as the rule texts write it (第十三条).
fn kanji(n: u8) -> String {
    const DIGITS: [&str; 10] = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    let (tens, units) = (usize::from(n / 10), usize::from(n % 10));
    let tens = match tens {
        0 => String::new(),
        1 => "十".to_string(),
        t => format!("{}十", DIGITS[t]),
    };
    format!("{tens}{}", DIGITS[units])
}

fn action(lang: Lang, action: Action) -> &'static str {
    match (lang, action) {
        (Lang::En, Action::Play) => "play a stone",
        (Lang::En, Action::Pass) => "pass",
        (Lang::En, Action::Resign) => "resign",
        (Lang::En, Action::LoseOnTime) => "lose on time",
        (Lang::En, Action::Resume) => "resume",
        (Lang::En, Action::DeclareBothLose) => "declare the game unresolvable",
        (Lang::En, Action::OfferNoResult) => "offer no-result",
        (Lang::En, Action::AcceptNoResult) => "accept no-result",
        (Lang::En, Action::DeclineNoResult) => "decline no-result",
        (Lang::En, Action::Propose) => "propose dead stones",
        (Lang::En, Action::AcceptProposal) => "accept a proposal",
        (Lang::En, Action::Undo) => "take back a move",
        (Lang::Ja, Action::Play) => "着手",
        (Lang::Ja, Action::Pass) => "パス",
        (Lang::Ja, Action::Resign) => "投了",
        (Lang::Ja, Action::LoseOnTime) => "時間切れ",
        (Lang::Ja, Action::Resume) => "対局再開",
        (Lang::Ja, Action::DeclareBothLose) => "両負けの宣言",
        (Lang::Ja, Action::OfferNoResult) => "無勝負の提案",
        (Lang::Ja, Action::AcceptNoResult) => "無勝負への同意",
        (Lang::Ja, Action::DeclineNoResult) => "無勝負の拒否",
        (Lang::Ja, Action::Propose) => "終局処理案",
        (Lang::Ja, Action::AcceptProposal) => "終局処理案への合意",
        (Lang::Ja, Action::Undo) => "待った",
        (Lang::En, Action::OpenPlayout) => "open a play-out",
        (Lang::Ja, Action::OpenPlayout) => "確認",
    }
}

/// A phase of the game in words, as a state the game is in.
pub(super) fn phase(lang: Lang, phase: Phase) -> &'static str {
    match (lang, phase) {
        (Lang::En, Phase::Playing) => "in play",
        (Lang::En, Phase::Stopped) => "stopped",
        (Lang::En, Phase::Ending) => "in its ending",
        (Lang::En, Phase::Ended) => "over",
        (Lang::Ja, Phase::Playing) => "対局中",
        (Lang::Ja, Phase::Stopped) => "対局の停止中",
        (Lang::Ja, Phase::Ending) => "終局処理中",
        (Lang::Ja, Phase::Ended) => "終局後",
    }
}

/// Why the game refused an event, with the article it rests on.
#[must_use]
pub fn refusal(error: &GameError, naming: Naming, size: u8) -> String {
    let lang = naming.lang;
    let text = refusal_text(error, naming, size);
    match error.article() {
        Some(a) => format!("{text} ({})", article(lang, a)),
        None => text,
    }
}

/// A refusal without its article, which [`refusal`] adds once.
pub(super) fn refusal_text(error: &GameError, naming: Naming, size: u8) -> String {
    let lang = naming.lang;
    let who = |c| color(lang, c);
    match (lang, error) {
        (Lang::En, GameError::Illegal(e)) => match e {
            IllegalMove::OffBoard => "the point is off the board",
            IllegalMove::Occupied => "the point is occupied",
            IllegalMove::Suicide => "suicide: the stone would have no liberty",
            IllegalMove::Ko => "ko: the stone cannot be retaken at once",
        }
        .to_string(),
        (Lang::En, GameError::RepetitionRefused) => {
            "repetition: this move recreates an earlier position and no-result was declined"
                .to_string()
        }
        (Lang::En, GameError::NotYourTurn { expected }) => {
            format!("not your turn: {} to play", who(*expected))
        }
        (
            Lang::En,
            GameError::WrongPhase {
                phase: p,
                action: a,
            },
        ) => format!(
            "cannot {} while the game is {}",
            action(lang, *a),
            phase(lang, *p)
        ),
        (Lang::En, GameError::NoRepetition) => {
            "no-result can only be offered after a whole-board repetition".to_string()
        }
        (Lang::En, GameError::NoOffer) => "there is no no-result offer to answer".to_string(),
        (Lang::En, GameError::OfferOpen) => {
            "a no-result offer is already waiting: accept or decline it".to_string()
        }
        (Lang::En, GameError::OwnOffer) => "a player cannot accept their own offer".to_string(),
        (Lang::En, GameError::UnknownProposal { index }) => {
            format!("there is no proposal {index}")
        }
        (Lang::En, GameError::StaleProposal { index, latest }) => {
            format!("proposal {index} has been superseded; only proposal {latest} can be accepted")
        }
        (Lang::En, GameError::NoStone { point, .. }) => format!(
            "no stone stands at {} to be marked dead",
            naming.name(*point, size)
        ),
        (Lang::En, GameError::OffBoard { point }) => format!(
            "column {} row {} is off the board",
            point.col + 1,
            point.row + 1
        ),
        (Lang::En, GameError::NothingToUndo) => "there is no move to take back".to_string(),
        (Lang::En, GameError::NotYourMoveToUndo { last }) => format!(
            "only {}, who made the last move, can ask to take it back",
            who(*last)
        ),
        (Lang::En, GameError::UndoOpen { by }) => {
            format!("{} asks for a take-back: accept or decline first", who(*by))
        }
        (Lang::En, GameError::NoUndoRequest) => {
            "there is no request to take back a move to answer".to_string()
        }
        (Lang::Ja, GameError::Illegal(e)) => match e {
            IllegalMove::OffBoard => "盤外の点です",
            IllegalMove::Occupied => "石のある点です",
            IllegalMove::Suicide => "着手禁止点: 石が盤上に存在できません",
            IllegalMove::Ko => "劫: すぐには取り返せません",
        }
        .to_string(),
        (Lang::Ja, GameError::RepetitionRefused) => {
            "同一局面の反復: 無勝負が断られたので、この着手はできません".to_string()
        }
        (Lang::Ja, GameError::NotYourTurn { expected }) => {
            format!("手番ではありません: {}の番", who(*expected))
        }
        (
            Lang::Ja,
            GameError::WrongPhase {
                phase: p,
                action: a,
            },
        ) => format!("{}には{}はできません", phase(lang, *p), action(lang, *a)),
        (Lang::Ja, GameError::NoRepetition) => {
            "無勝負の提案は同一局面の反復の後だけです".to_string()
        }
        (Lang::Ja, GameError::NoOffer) => "答える無勝負の提案がありません".to_string(),
        (Lang::Ja, GameError::OfferOpen) => {
            "無勝負の提案が答えを待っています: 同意するか断るか".to_string()
        }
        (Lang::Ja, GameError::OwnOffer) => "自分の提案には同意できません".to_string(),
        (Lang::Ja, GameError::UnknownProposal { index }) => {
            format!("終局処理案{index}はありません")
        }
        (Lang::Ja, GameError::StaleProposal { index, latest }) => {
            format!("終局処理案{index}は古くなりました: 合意できるのは案{latest}だけです")
        }
        (Lang::Ja, GameError::NoStone { point, .. }) => format!(
            "{}には死に石に指定する石がありません",
            naming.name(*point, size)
        ),
        (Lang::Ja, GameError::OffBoard { point }) => {
            format!("{}の{}は盤外です", point.col + 1, point.row + 1)
        }
        (Lang::Ja, GameError::NothingToUndo) => "待ったできる着手がありません".to_string(),
        (Lang::Ja, GameError::NotYourMoveToUndo { last }) => {
            format!("待ったを求められるのは直前に打った{}だけです", who(*last))
        }
        (Lang::Ja, GameError::UndoOpen { by }) => format!(
            "{}の待ったが答えを待っています: 先に応じるか断るか",
            who(*by)
        ),
        (Lang::Ja, GameError::NoUndoRequest) => "答える待ったの求めがありません".to_string(),
        (_, GameError::Playout(e)) => super::playout::scratch_refusal(e, naming, size),
        (Lang::En, GameError::NoPlayout) => "no play-out is open".to_string(),
        (Lang::Ja, GameError::NoPlayout) => "確認は始まっていません".to_string(),
        (Lang::En, GameError::PlayoutOpen) => "a play-out is open: close it first".to_string(),
        (Lang::Ja, GameError::PlayoutOpen) => "確認の途中です: 先に終えてください".to_string(),
    }
}

/// What a proposal marks dead on the draft's estimate alone, added to its
/// sentence so that the partner sees which marks to check.
#[must_use]
pub fn estimated_marks(lang: Lang, chains: &[String]) -> String {
    let chains = chains.join(" ");
    match lang {
        Lang::En => format!(" (marked dead on an estimate, ~: {chains})"),
        Lang::Ja => format!(" (推定の死に石、~: {chains})"),
    }
}

/// What the Article 7 draft marked, for the message line.
#[derive(Clone, Copy, Debug)]
pub struct DraftNote<'a> {
    /// Said as the game stops; else as the reading ends.
    pub stopped: bool,
    pub dead: usize,
    /// The first stone of each chain left unsettled (or still read).
    pub unsettled: &'a [String],
    /// The first stone of each chain marked dead on an estimate alone.
    pub estimated: &'a [String],
    /// Whether the reading goes on.
    pub reading: bool,
}

/// The draft in words: "the game is stopped; the Article 7 draft marks 3
/// stones dead; reading: C3".
#[must_use]
pub fn draft_note(lang: Lang, note: &DraftNote<'_>) -> String {
    let dead = note.dead;
    let mut text = match (lang, note.stopped) {
        (Lang::En, stopped) => format!(
            "{}the Article 7 draft marks {dead} stone{} dead",
            if stopped {
                "the game is stopped; "
            } else {
                "read to the end: "
            },
            if dead == 1 { "" } else { "s" }
        ),
        (Lang::Ja, true) => format!("対局の停止。第七条による死に石の案: {dead}子"),
        (Lang::Ja, false) => format!("読み終わり: 第七条による死に石の案 {dead}子"),
    };
    if !note.unsettled.is_empty() {
        let what = match (lang, note.reading) {
            (Lang::En, true) => "; reading: ",
            (Lang::En, false) => "; unsettled: ",
            (Lang::Ja, true) => "。読み中: ",
            (Lang::Ja, false) => "。未決: ",
        };
        text += what;
        text += &note.unsettled.join(" ");
    }
    if !note.estimated.is_empty() {
        text += match lang {
            Lang::En => "; estimated dead, not proven (~, check them): ",
            Lang::Ja => "。推定の死に石 (~、要確認): ",
        };
        text += &note.estimated.join(" ");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::Color;

    #[test]
    fn a_refusal_cites_its_article_in_the_players_language() {
        let ko = GameError::Illegal(IllegalMove::Ko);
        let en = Naming::default();
        let ja = Naming {
            lang: Lang::Ja,
            ..Naming::default()
        };
        assert_eq!(
            refusal(&ko, en, 19),
            "ko: the stone cannot be retaken at once (J1989 Art. 6)"
        );
        assert_eq!(
            refusal(&ko, ja, 19),
            "劫: すぐには取り返せません (日本囲碁規約 第六条)"
        );
        let repetition = GameError::RepetitionRefused;
        assert!(refusal(&repetition, ja, 19).ends_with("(ネット棋院ルール 第十六条)"));
        let own = GameError::OwnOffer;
        assert!(refusal(&own, en, 19).ends_with("(J1989 Art. 9.2)"));
        let undo = GameError::NothingToUndo;
        assert_eq!(refusal(&undo, ja, 19), "待ったできる着手がありません");
        let turn = GameError::NotYourTurn {
            expected: Color::White,
        };
        assert_eq!(
            refusal(&turn, ja, 19),
            "手番ではありません: 白の番 (日本囲碁規約 第二条)"
        );
    }
}
