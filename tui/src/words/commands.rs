//! The words a player types during a game: one table for plain mode's
//! prompt and for the scripts of `kaisho host` and `kaisho join`, so both
//! front doors accept exactly the same words for the same actions.

use super::Lang;

/// A game action, as a typed word names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verb {
    /// `play POINT`, or the point alone.
    Play,
    Pass,
    Resign,
    /// `propose [dead] POINTS…`: the dead stones after stoppage.
    Propose,
    /// Accept the partner's proposal (or, in plain mode, a no-result offer).
    Accept,
    /// Ask to resume play after stoppage; the partner moves first.
    Resume,
    /// Declare that no agreement is possible: both lose (両負け).
    BothLose,
    OfferNoResult,
    AcceptNoResult,
    DeclineNoResult,
    /// Ask to take back one's last move (待った).
    Undo,
    AcceptUndo,
    DeclineUndo,
    /// `playout POINT`: open a play-out (確認) on the chain at POINT in the
    /// ending; while it is open, points and `pass` play on its scratch board.
    Playout,
    /// Close the open play-out; its verdict is offered as marks.
    Close,
    /// `chat TEXT`: a line to the partner.
    Chat,
    /// Show the position and whose turn it is.
    Board,
    /// List these words.
    Help,
    /// Leave a network game: it stays adjourned.
    Leave,
}

/// Every word and what it names; the first word of each verb is the one
/// `help` shows.
pub const WORDS: &[(&str, Verb)] = &[
    ("play", Verb::Play),
    ("pass", Verb::Pass),
    ("resign", Verb::Resign),
    ("propose", Verb::Propose),
    ("accept", Verb::Accept),
    ("resume", Verb::Resume),
    ("both-lose", Verb::BothLose),
    ("offer-no-result", Verb::OfferNoResult),
    ("accept-no-result", Verb::AcceptNoResult),
    ("decline-no-result", Verb::DeclineNoResult),
    ("undo", Verb::Undo),
    ("accept-undo", Verb::AcceptUndo),
    ("decline-undo", Verb::DeclineUndo),
    ("playout", Verb::Playout),
    ("close", Verb::Close),
    ("chat", Verb::Chat),
    ("board", Verb::Board),
    ("help", Verb::Help),
    ("?", Verb::Help),
    ("leave", Verb::Leave),
    ("bye", Verb::Leave),
];

/// The first word of each verb, in the table's order: the words a script
/// may use, as `--script`'s help lists them.
#[must_use]
pub fn first_words() -> Vec<&'static str> {
    let mut seen = Vec::new();
    WORDS
        .iter()
        .filter(|&&(_, v)| {
            let first = !seen.contains(&v);
            seen.push(v);
            first
        })
        .map(|&(word, _)| word)
        .collect()
}

/// The verb a typed word names, in any case.
#[must_use]
pub fn verb(word: &str) -> Option<Verb> {
    WORDS
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(word))
        .map(|&(_, v)| v)
}

/// What a verb does, for `help`.
fn meaning(lang: Lang, verb: Verb) -> &'static str {
    match (lang, verb) {
        (Lang::En, Verb::Play) => "play POINT, or POINT alone: play a stone (D4, 16-4, 16の四)",
        (Lang::En, Verb::Pass) => "pass; two passes stop the game",
        (Lang::En, Verb::Resign) => "resign the game",
        (Lang::En, Verb::Propose) => {
            "propose [dead] POINTS: these chains dead (none: no dead stones)"
        }
        (Lang::En, Verb::Accept) => "accept the partner's proposal or no-result offer",
        (Lang::En, Verb::Resume) => "ask to resume play; the partner moves first",
        (Lang::En, Verb::BothLose) => "declare that no agreement is possible: both lose",
        (Lang::En, Verb::OfferNoResult) => "offer no-result after a repetition",
        (Lang::En, Verb::AcceptNoResult) => "accept the no-result offer",
        (Lang::En, Verb::DeclineNoResult) => "decline no-result",
        (Lang::En, Verb::Undo) => "take back your last move (待った)",
        (Lang::En, Verb::AcceptUndo) => "allow the partner to take back",
        (Lang::En, Verb::DeclineUndo) => "refuse the partner's request to take back",
        (Lang::En, Verb::Playout) => "playout POINT: play that chain out (確認), then points, pass",
        (Lang::En, Verb::Close) => "close the play-out; its verdict is offered as marks",
        (Lang::En, Verb::Chat) => "chat TEXT: a line to the partner",
        (Lang::En, Verb::Board) => "show the board and whose turn it is",
        (Lang::En, Verb::Help) => "this list",
        (Lang::En, Verb::Leave) => "leave a network game (it stays adjourned); also bye",
        (Lang::Ja, Verb::Play) => "play 点、または点だけ: 着手 (D4、16-4、16の四)",
        (Lang::Ja, Verb::Pass) => "パス。連続パスで対局の停止",
        (Lang::Ja, Verb::Resign) => "投了",
        (Lang::Ja, Verb::Propose) => "propose [dead] 点…: 終局処理案 (死に石の指定)",
        (Lang::Ja, Verb::Accept) => "相手の終局処理案または無勝負の提案に合意",
        (Lang::Ja, Verb::Resume) => "対局再開を要請 (相手から打つ)",
        (Lang::Ja, Verb::BothLose) => "終局に合意できないと宣言: 両負け",
        (Lang::Ja, Verb::OfferNoResult) => "同一局面の反復のあと無勝負を提案",
        (Lang::Ja, Verb::AcceptNoResult) => "無勝負に同意",
        (Lang::Ja, Verb::DeclineNoResult) => "無勝負を断る",
        (Lang::Ja, Verb::Undo) => "直前の自分の着手の待った",
        (Lang::Ja, Verb::AcceptUndo) => "相手の待ったに応じる",
        (Lang::Ja, Verb::DeclineUndo) => "相手の待ったを断る",
        (Lang::Ja, Verb::Playout) => "playout 点: 終局処理中、その石を確認 (点で着手、pass)",
        (Lang::Ja, Verb::Close) => "確認を終える (結果は死に石の指定として示す)",
        (Lang::Ja, Verb::Chat) => "chat 文: 相手への一言",
        (Lang::Ja, Verb::Board) => "盤面と手番を表示",
        (Lang::Ja, Verb::Help) => "この一覧",
        (Lang::Ja, Verb::Leave) => "対局を離れる (打ち掛け); bye も同じ",
    }
}

/// The game's words with what each does, one a line, for `help`.
#[must_use]
pub fn game_help(lang: Lang) -> Vec<String> {
    first_words()
        .into_iter()
        .filter_map(|word| Some((word, verb(word)?)))
        .map(|(word, v)| format!("  {}{}", super::pad_right(word, 19), meaning(lang, v)))
        .collect()
}
