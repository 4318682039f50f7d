//! The engine's view in a review: asking the engine in force about the
//! node shown, its move and score, the comment that marks its move in the
//! record, and how to set an engine up where there is none.

use super::Lang;

/// A line of the engine's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineView<'a> {
    /// No engine in force, and how to set one up.
    NoEngine,
    /// The engine was asked and is reading the position.
    Asking { who: &'a str },
    /// A question is open already.
    StillAsking,
    /// The position shown has ended: no move to ask for.
    NothingToAsk,
    /// The engine could not answer, and why (`start`: it could not be
    /// started, so how to set one up follows).
    Failed { why: &'a str, start: bool },
    /// The engine's answer: its move and its score estimate; `here` when
    /// the node it was asked about is still shown, `addable` when its move
    /// can be added.
    Saw {
        who: &'a str,
        best: &'a str,
        score: Option<&'a str>,
        here: bool,
        addable: bool,
    },
    /// The engine resigns rather than give a move.
    Resigns,
    /// `E` with no engine's answer for the node shown.
    AskFirst,
    /// The comment that marks the engine's move in the record.
    Comment {
        who: &'a str,
        score: Option<&'a str>,
    },
}

/// How to set an engine up, after a sentence that ends with a full stop.
fn set_up(lang: Lang) -> &'static str {
    match lang {
        Lang::En => {
            "To set one up: install GNU Go, or name an engine with --engine \"CMD\" or [engine] command in config.toml."
        }
        Lang::Ja => {
            "GNU Go を入れるか、--engine \"CMD\" または config.toml の [engine] command で思考エンジンを指定してください。"
        }
    }
}

/// The engine's answer: `who: best; score`, and what `E` does with it
/// when its move can be added (`then`: the node asked about is shown, the
/// move can be added).
fn saw(lang: Lang, who: &str, best: &str, score: Option<&str>, then: (bool, bool)) -> String {
    let (estimate, none, between, add_here, add_there) = match lang {
        Lang::En => (
            "score estimate ",
            "it gives no score estimate",
            "; ",
            "; E adds its move as a variation",
            "; E at the position asked about adds its move",
        ),
        Lang::Ja => (
            "形勢判断 ",
            "形勢判断なし",
            "、",
            "。E でこの手を変化として加える",
            "。尋ねた局面で E を押すとこの手を加える",
        ),
    };
    let score = score.map_or_else(|| none.to_string(), |s| format!("{estimate}{s}"));
    let then = match then {
        (true, true) => add_here,
        (false, true) => add_there,
        (_, false) => "",
    };
    format!("{who}: {best}{between}{score}{then}")
}

/// `line` in `lang`.
#[must_use]
pub fn engine_view(lang: Lang, line: EngineView<'_>) -> String {
    match (lang, line) {
        (Lang::En, EngineView::NoEngine) => format!("No engine to ask. {}", set_up(lang)),
        (Lang::Ja, EngineView::NoEngine) => {
            format!("尋ねる思考エンジンがありません。{}", set_up(lang))
        }
        (Lang::En, EngineView::Asking { who }) => format!("asking {who} about this position…"),
        (Lang::Ja, EngineView::Asking { who }) => format!("{who}にこの局面を尋ねています…"),
        (Lang::En, EngineView::StillAsking) => {
            "the engine is still reading the position asked about".into()
        }
        (Lang::Ja, EngineView::StillAsking) => "思考エンジンはまだ前の局面を読んでいます".into(),
        (Lang::En, EngineView::NothingToAsk) => {
            "the game has ended here: there is no move to ask for".into()
        }
        (Lang::Ja, EngineView::NothingToAsk) => {
            "この局面で対局は終わっています。尋ねる手はありません".into()
        }
        (Lang::En, EngineView::Failed { why, start: false }) => {
            format!("The engine gave no answer: {why}. Nothing was added.")
        }
        (Lang::Ja, EngineView::Failed { why, start: false }) => {
            format!("思考エンジンは答えませんでした: {why}。何も加えていません。")
        }
        (Lang::En, EngineView::Failed { why, start: true }) => {
            format!("The engine gave no answer: {why}. {}", set_up(lang))
        }
        (Lang::Ja, EngineView::Failed { why, start: true }) => {
            format!("思考エンジンは答えませんでした: {why}。{}", set_up(lang))
        }
        (
            _,
            EngineView::Saw {
                who,
                best,
                score,
                here,
                addable,
            },
        ) => saw(lang, who, best, score, (here, addable)),
        (Lang::En, EngineView::Resigns) => "resigns: there is no move to add".into(),
        (Lang::Ja, EngineView::Resigns) => "投了: 加える手はありません".into(),
        (Lang::En, EngineView::AskFirst) => {
            "no engine's move for this position: ask for one first (e on the screen, ask-engine in plain mode)".into()
        }
        (Lang::Ja, EngineView::AskFirst) => {
            "この局面の思考エンジンの手はまだありません。先に尋ねてください (画面では e、プレーンモードでは ask-engine)".into()
        }
        (
            Lang::En,
            EngineView::Comment {
                who,
                score: Some(score),
            },
        ) => format!("{who}: {score}"),
        (
            Lang::Ja,
            EngineView::Comment {
                who,
                score: Some(score),
            },
        ) => format!("{who}の手: {score}"),
        (Lang::En, EngineView::Comment { who, score: None }) => format!("{who}'s move"),
        (Lang::Ja, EngineView::Comment { who, score: None }) => format!("{who}の手"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without an engine, both languages say the three ways to set one
    /// up.
    #[test]
    fn no_engine_says_how_to_set_one_up_in_both_languages() {
        for lang in [Lang::En, Lang::Ja] {
            let said = engine_view(lang, EngineView::NoEngine);
            for way in ["GNU Go", "--engine", "[engine] command", "config.toml"] {
                assert!(said.contains(way), "{lang:?}: {said}");
            }
        }
    }
}
