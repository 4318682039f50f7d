//! Plain mode's answers to a line that is not a command: the usage of the
//! command it missed, or the word that could not be read.

use super::{Failure, Lang, failure};
use crate::errors::{Usage, UsageError};
use kaisho_saves::limits::{MAX_CHAT_CHARS, MAX_TYPED_LINE_BYTES};
use std::fmt;

/// `error` in `lang`.
#[must_use]
pub fn usage_error(lang: Lang, error: &UsageError) -> String {
    match (lang, error) {
        (_, UsageError::Komi(e)) => failure(lang, Failure::Komi(e)),
        (_, UsageError::Point(e)) => failure(lang, Failure::Coord(e)),
        (Lang::En, UsageError::Usage(usage)) => format!("usage: {}", english(*usage)),
        (Lang::En, UsageError::NotMoveNumber(n)) => format!("'{n}' is not a move number"),
        (Lang::En, UsageError::NotPort(p)) => format!("'{p}' is not a port (0 picks a free one)"),
        (Lang::En, UsageError::NotBoardSize(s)) => {
            format!("'{s}' is not a board size such as 9, 13 or 19")
        }
        (Lang::En, UsageError::NotHandicap(h)) => {
            format!("'{h}' is not a number of handicap stones")
        }
        (Lang::En, UsageError::NoGameYet) => "no game yet: start one with new, e.g. new 9".into(),
        (Lang::En, UsageError::Unknown(verb)) => {
            format!("unknown command '{verb}'; type help for the list")
        }
        (Lang::En, UsageError::NotPointOrCommand(line)) => format!(
            "'{line}' is not a point or a command (try D4, pass, resign, undo, board, help)"
        ),
        (Lang::En, UsageError::ChatTooLong { chars }) => format!(
            "the chat line is {chars} characters long; at most {MAX_CHAT_CHARS} are allowed"
        ),
        (Lang::Ja, UsageError::Usage(usage)) => format!("使い方: {}", japanese(*usage)),
        (Lang::Ja, UsageError::NotMoveNumber(n)) => format!("「{n}」は手数ではありません"),
        (Lang::Ja, UsageError::NotPort(p)) => {
            format!("「{p}」はポート番号ではありません (0 で空いている番号)")
        }
        (Lang::Ja, UsageError::NotBoardSize(s)) => {
            format!("「{s}」は盤の大きさではありません (9、13、19 など)")
        }
        (Lang::Ja, UsageError::NotHandicap(h)) => format!("「{h}」は置石の数ではありません"),
        (Lang::Ja, UsageError::NoGameYet) => {
            "まだ対局がありません: new で始めてください (例: new 9)".into()
        }
        (Lang::Ja, UsageError::Unknown(verb)) => {
            format!("「{verb}」というコマンドはありません。help で一覧を")
        }
        (Lang::Ja, UsageError::NotPointOrCommand(line)) => format!(
            "「{line}」は点でもコマンドでもありません (D4、pass、resign、undo、board、help など)"
        ),
        (Lang::Ja, UsageError::ChatTooLong { chars }) => {
            format!("チャットが{chars}文字あります。{MAX_CHAT_CHARS}文字までです")
        }
        (Lang::En, UsageError::LineTooLong) => format!(
            "a line of the input is longer than {MAX_TYPED_LINE_BYTES} bytes; it and the rest of the input were not read"
        ),
        (Lang::Ja, UsageError::LineTooLong) => format!(
            "入力に {MAX_TYPED_LINE_BYTES} バイトを超える行があります。その行から先は読んでいません"
        ),
    }
}

/// English, for logs and tests; a player is told [`usage_error`] in their
/// language.
impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&usage_error(Lang::En, self))
    }
}

fn english(usage: Usage) -> &'static str {
    match usage {
        Usage::Join => "join ADDRESS:PORT CODE, as the host shows it",
        Usage::Watch => "watch ADDRESS:PORT CODE, the watch code the host shows",
        Usage::Review => "review ID, with an ID that games lists",
        Usage::Import => "import PATH of an SGF file",
        Usage::GoTo => "goto N",
        Usage::Branch => "branch N, a number that variations lists",
        Usage::Comment => "comment TEXT",
        Usage::Try => "try POINT, or try pass",
        Usage::Clock => "clock MAIN [PERIODSxLENGTH], e.g. clock 20m 5x30s",
        Usage::Look => "look N, the board after move N of this game",
        Usage::Playout => "playout POINT, a stone of the chain to play out, e.g. playout D9",
        Usage::Play => "play POINT, e.g. play D4",
        Usage::Resume => "resume, or resume ID of an adjourned game",
        Usage::Chat => "chat TEXT",
        Usage::Series => {
            "series new A, B; STEP; WEAKER, or series correct ID WINNER (or draw, void, both-lose, strike)"
        }
        Usage::Host => "host [SIZE] [KOMI] [HANDICAP] [PORT]",
        Usage::New => "new [SIZE] [KOMI] [HANDICAP]",
        Usage::Engine => {
            "engine [b|w] [SIZE KOMI HANDICAP] | engine level 1-10 | engine command CMD"
        }
    }
}

fn japanese(usage: Usage) -> &'static str {
    match usage {
        Usage::Join => "join アドレス:ポート コード (主催者の表示どおりに)",
        Usage::Watch => "watch アドレス:ポート 観戦コード (主催者の表示どおりに)",
        Usage::Review => "review 番号 (games の一覧にある番号)",
        Usage::Import => "import SGF ファイルのパス",
        Usage::GoTo => "goto 手数",
        Usage::Branch => "branch 番号 (variations の一覧にある番号)",
        Usage::Comment => "comment 文",
        Usage::Try => "try 点、または try pass",
        Usage::Clock => "clock 持ち時間 [回数x秒読み] (例: clock 20m 5x30s)",
        Usage::Look => "look 手数 (この対局のその手数の局面)",
        Usage::Playout => "playout 点 (確認する石の点、例: playout D9)",
        Usage::Play => "play 点 (例: play D4)",
        Usage::Resume => "resume、または resume 番号 (打ち掛けの対局)",
        Usage::Chat => "chat 文",
        Usage::Series => {
            "series new A, B; 手合; 下手、または series correct 番号 勝者 (draw 持碁、void 無勝負、both-lose 両負け、strike 取り消し)"
        }
        Usage::Host => "host [路数] [コミ] [置石] [ポート]",
        Usage::New => "new [路数] [コミ] [置石]",
        Usage::Engine => "engine [b|w] [路数 コミ 置石] | engine level 1-10 | engine command CMD",
    }
}
