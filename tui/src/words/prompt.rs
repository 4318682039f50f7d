//! The message line while a prompt is open: the question and its keys, or
//! what a line being typed is for.

use super::Lang;
use super::event::color;
use kaisho_core::Color;

/// The actions that need a yes before they happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Resign,
    Adjourn,
    Resume,
    DeclareBothLose,
    DiscardSettings,
    /// Ending the program: over SSH a member would drop to the shell.
    Quit,
    /// Closing watching: the watchers are dropped and none comes back.
    CloseWatching,
}

/// What a line of typed text is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A point name after `:`.
    Point,
    /// The path of an SGF file to review.
    SgfPath,
    /// The move to jump to in a review.
    MoveNumber,
    /// A comment to add to the node shown in a review.
    Comment,
    /// The player's name on the settings screen.
    Name,
    /// The code a host shows, to join its game.
    JoinCode,
    /// The watch code a host shows, to watch its game.
    WatchCode,
    /// The code a host of a review together shows, to join it.
    ReviewCode,
    /// The port a host listens on.
    Port,
    /// A chat line to the partner.
    Chat,
    /// The address of the host of an adjourned network game.
    HostAddress,
    /// A clock typed freely: main time and byo-yomi.
    Clock,
    /// A new series: players, step, weaker player, ladder.
    NewSeries,
    /// The right result of a series' last game.
    Correction,
    /// The command line of the engine to play.
    EngineCommand,
}

/// What the message line is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// A yes/no question before an action that cannot be undone.
    Confirm(Ask),
    /// A line of text being typed.
    Text(Field, String),
    /// Before the first game of an even step: who takes Black after the
    /// players held the nigiri at the board (Art. 14.2).
    Nigiri { names: [String; 2] },
    /// A move recreated an earlier position: the side to move may offer
    /// no-result or decline it (J1989 Art. 12).
    NoResultOffer { to_move: Color },
    /// `by` offered no-result; the partner answers.
    NoResultAnswer { by: Color },
    /// `by` asks to take back their last move (待った); the partner answers.
    UndoAnswer { by: Color },
    /// An adjourned network game: wait for the partner here, or dial the
    /// host.
    NetResume { id: String },
    /// Before a series game: take the partner's last result of series
    /// `series`, the correction `said`, into this side's copy?
    TakeLastResult { series: String, said: String },
    /// Once the game has ended, `partner` offers to review it together.
    ReviewOffer { partner: String },
}

/// A yes/no question before an action that cannot be undone.
fn question(lang: Lang, ask: Ask) -> &'static str {
    match (lang, ask) {
        (Lang::En, Ask::Resign) => "Resign this game?",
        (Lang::En, Ask::Adjourn) => {
            "Leave for the home screen? The game stays adjourned (打ち掛け)."
        }
        (Lang::En, Ask::Resume) => "Resume play? Your partner moves first.",
        (Lang::En, Ask::DeclareBothLose) => "Declare the game unresolvable? Both players lose.",
        (Lang::En, Ask::DiscardSettings) => "Leave Settings without saving the changes?",
        (Lang::En, Ask::Quit) => "Quit kaisho?",
        (Lang::En, Ask::CloseWatching) => {
            "Close watching? Every watcher is dropped and none can come back to this game."
        }
        (Lang::Ja, Ask::Resign) => "投了しますか?",
        (Lang::Ja, Ask::Adjourn) => "ホームに戻りますか? 対局は打ち掛けになります。",
        (Lang::Ja, Ask::Resume) => "対局を再開しますか? 相手から打ちます。",
        (Lang::Ja, Ask::DeclareBothLose) => "終局に合意できないと宣言しますか? 両負けです。",
        (Lang::Ja, Ask::DiscardSettings) => "変更を保存せずに設定を離れますか?",
        (Lang::Ja, Ask::Quit) => "kaisho を終了しますか?",
        (Lang::Ja, Ask::CloseWatching) => {
            "観戦を締め切りますか? 観戦者は全員切られ、この対局には戻れません。"
        }
    }
}

/// What a line being typed is for.
fn field(lang: Lang, field: Field) -> &'static str {
    match (lang, field) {
        (Lang::En, Field::Point) => "Point",
        (Lang::En, Field::SgfPath) => "SGF file to review",
        (Lang::En, Field::MoveNumber) => "Go to move",
        (Lang::En, Field::Comment) => "Comment",
        (Lang::En, Field::Name) => "Your name",
        (Lang::En, Field::JoinCode) => "Join code (address and words)",
        (Lang::En, Field::WatchCode) => "Watch code (address and words)",
        (Lang::En, Field::ReviewCode) => "Review code (address and words)",
        (Lang::En, Field::Port) => "Port",
        (Lang::En, Field::Chat) => "Say",
        (Lang::En, Field::HostAddress) => "Host's address and port",
        (Lang::En, Field::Clock) => "Clock (e.g. 20m 5x30s, 45m, none)",
        (Lang::En, Field::EngineCommand) => "Engine command (e.g. gnugo --mode gtp --level 5)",
        (Lang::En, Field::NewSeries) => "New series (e.g. Aki, Ben; sen-ai-sen; Aki)",
        (Lang::En, Field::Correction) => "Right result (winner, draw, void, both-lose, strike)",
        (Lang::Ja, Field::Point) => "点",
        (Lang::Ja, Field::SgfPath) => "並べ直すSGFファイル",
        (Lang::Ja, Field::MoveNumber) => "手数",
        (Lang::Ja, Field::Comment) => "コメント",
        (Lang::Ja, Field::Name) => "名前",
        (Lang::Ja, Field::JoinCode) => "参加コード (アドレスと語)",
        (Lang::Ja, Field::WatchCode) => "観戦コード (アドレスと語)",
        (Lang::Ja, Field::ReviewCode) => "検討コード (アドレスと語)",
        (Lang::Ja, Field::Port) => "ポート",
        (Lang::Ja, Field::Chat) => "一言",
        (Lang::Ja, Field::HostAddress) => "相手のアドレスとポート",
        (Lang::Ja, Field::Clock) => "持ち時間 (例: 20m 5x30s、45m、none)",
        (Lang::Ja, Field::EngineCommand) => {
            "思考エンジンのコマンド (例: gnugo --mode gtp --level 5)"
        }
        (Lang::Ja, Field::NewSeries) => "新しい番碁 (例: Aki, Ben; sen-ai-sen; Aki)",
        (Lang::Ja, Field::Correction) => "正しい結果 (勝者、draw、void、both-lose、strike)",
    }
}

/// The text of the message line while `prompt` is open.
#[must_use]
pub fn prompt_line(lang: Lang, prompt: &Prompt) -> String {
    let c = |x| color(lang, x);
    match (lang, prompt) {
        (Lang::En, Prompt::Confirm(ask)) => format!("{} y yes, n no", question(lang, *ask)),
        (Lang::Ja, Prompt::Confirm(ask)) => format!("{} y はい、n いいえ", question(lang, *ask)),
        (_, Prompt::Text(f, text)) => {
            // A long path shows its end, where the typing happens.
            let count = text.chars().count();
            let shown: String = text.chars().skip(count.saturating_sub(50)).collect();
            // The typing comes last so that a key redraws only its own
            // character and the cursor.
            match lang {
                Lang::En => format!("{} (Enter chooses, Esc cancels): {shown}_", field(lang, *f)),
                Lang::Ja => format!("{} (Enter 決定、Esc 取消): {shown}_", field(lang, *f)),
            }
        }
        (Lang::En, Prompt::Nigiri { names }) => format!(
            "Nigiri (Art. 14.2): who takes Black? 1 {}, 2 {}, Esc later",
            names[0], names[1]
        ),
        (Lang::Ja, Prompt::Nigiri { names }) => format!(
            "ニギリ (第十四条2): 黒は? 1 {}、2 {}、Esc 後で",
            names[0], names[1]
        ),
        (Lang::En, Prompt::NoResultOffer { to_move }) => format!(
            "Position repeated (Art. 12). {}: o offer no-result, d decline, Esc play on",
            c(*to_move)
        ),
        (Lang::Ja, Prompt::NoResultOffer { to_move }) => format!(
            "同一局面の反復 (第十二条)。{}: o 無勝負を提案、d 断る、Esc 続行",
            c(*to_move)
        ),
        (Lang::En, Prompt::NoResultAnswer { by }) => format!(
            "{} offers no-result. {}: a accept, d decline",
            c(*by),
            c(by.opponent())
        ),
        (Lang::Ja, Prompt::NoResultAnswer { by }) => format!(
            "{}が無勝負を提案。{}: a 同意、d 断る",
            c(*by),
            c(by.opponent())
        ),
        (Lang::En, Prompt::UndoAnswer { by }) => format!(
            "{} asks for a take-back (待った). y allow, n refuse",
            c(*by)
        ),
        (Lang::Ja, Prompt::UndoAnswer { by }) => {
            format!("{}が待ったを求めています。y 応じる、n 断る", c(*by))
        }
        (Lang::En, Prompt::NetResume { .. }) => {
            "Resume with the partner: w wait here, d dial their host, Esc cancel".to_string()
        }
        (Lang::Ja, Prompt::NetResume { .. }) => {
            "相手と再開: w ここで待つ、d 相手に接続、Esc 取消".to_string()
        }
        (Lang::En, Prompt::TakeLastResult { series, said }) => format!(
            "Series {series}, the partner's last result: {said}. Take it? y yes, n keep \
             yours (no game)"
        ),
        (Lang::Ja, Prompt::TakeLastResult { series, said }) => format!(
            "番碁 {series} 相手の最後の結果: {said}。取り込みますか? y はい、n 自分の記録のまま \
             (対局なし)"
        ),
        (Lang::En, Prompt::ReviewOffer { partner }) => {
            format!("{partner} offers to review the game together (検討): y yes, n no")
        }
        (Lang::Ja, Prompt::ReviewOffer { partner }) => {
            format!("{partner}さんが一緒に検討しようと言っています: y はい、n いいえ")
        }
    }
}
