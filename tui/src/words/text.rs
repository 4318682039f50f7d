//! The fixed texts of the screens and plain mode: titles, labels, hints
//! and help lines. One exhaustive `match` per language: a text missing in
//! one of them does not compile.

use super::Lang;

/// A fixed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Text {
    Territory,
    Prisoners,
    DeadStones,
    Komi,
    Total,
    Black,
    White,
    Result,
    GameOver,
    EndedWithoutCount,
    CountAfterStoppage,
    Move,
    Moves,
    ToPlay,
    AnyKeyClosesHelp,
    /// The help's last line when it does not fit the terminal.
    ScrollHelp,
}

impl Text {
    /// The text in `lang`.
    #[must_use]
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => english(self),
            Lang::Ja => japanese(self),
        }
    }
}

fn english(text: Text) -> &'static str {
    match text {
        Text::Territory => "territory",
        Text::Prisoners => "prisoners",
        Text::DeadStones => "dead stones",
        Text::Komi => "komi",
        Text::Total => "total",
        Text::Black => "Black",
        Text::White => "White",
        Text::Result => "result",
        Text::GameOver => "the game is over",
        Text::EndedWithoutCount => "the game ended without a count",
        Text::CountAfterStoppage => "the count is made after two passes stop the game",
        Text::Move => "move",
        Text::Moves => "moves",
        Text::ToPlay => "to play",
        Text::AnyKeyClosesHelp => "any key closes this help",
        Text::ScrollHelp => "j/k scroll, any other key closes",
    }
}

fn japanese(text: Text) -> &'static str {
    match text {
        Text::Territory => "地",
        Text::Prisoners => "アゲハマ",
        Text::DeadStones => "死に石",
        Text::Komi => "コミ",
        Text::Total => "計",
        Text::Black => "黒",
        Text::White => "白",
        Text::Result => "結果",
        Text::GameOver => "終局しました",
        Text::EndedWithoutCount => "計算なしで終わった対局です",
        Text::CountAfterStoppage => "計算は連続パスで対局が停止した後です",
        Text::Move => "手目",
        Text::Moves => "手",
        Text::ToPlay => "の番",
        Text::AnyKeyClosesHelp => "何かキーを押すと閉じます",
        Text::ScrollHelp => "j/k で送る、ほかのキーで閉じる",
    }
}
