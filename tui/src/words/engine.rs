//! An engine opponent's words: what went wrong with it (`EngineError`,
//! whose `Display` stays English for logs) and the lines its seat says.

use super::Naming;
use super::{Lang, refusal};
use crate::errors::{EngineError, Overlong};
use kaisho_saves::limits::{
    MAX_ENGINE_ANSWER_BYTES, MAX_ENGINE_ANSWER_LINES, MAX_ENGINE_LINE_BYTES,
};

/// The engine's failure in the player's language (points on a board of
/// `size` lines).
#[must_use]
pub fn engine_error(error: &EngineError, naming: Naming, size: u8) -> String {
    match (naming.lang, error) {
        (Lang::En, EngineError::Illegal { answer, error }) => format!(
            "the engine played {answer}, which the rules refuse: {}",
            refusal(error, naming, size)
        ),
        (Lang::En, other) => other.to_string(),
        (Lang::Ja, EngineError::Start { command, why }) => {
            format!("思考エンジン「{command}」を起動できません: {why}")
        }
        (Lang::Ja, EngineError::Died { status }) => {
            format!("思考エンジンが終了しました ({status})")
        }
        (Lang::Ja, EngineError::Garbage { command, line }) => {
            format!("思考エンジンが「{command}」に GTP でない答えを返しました: {line}")
        }
        (Lang::Ja, EngineError::Illegal { answer, error }) => format!(
            "思考エンジンの着手 {answer} は規則上打てません: {}",
            refusal(error, naming, size)
        ),
        (Lang::Ja, EngineError::Refused { command, answer }) => {
            format!("思考エンジンが「{command}」を拒みました: {answer}")
        }
        (Lang::Ja, EngineError::Board { stones }) => {
            format!("思考エンジンの盤面が対局と違います (黒石: {stones})")
        }
        (Lang::Ja, EngineError::Overlong { command, over }) => {
            let over = match over {
                Overlong::Line => format!("{MAX_ENGINE_LINE_BYTES} バイトを超える行"),
                Overlong::Lines => format!("{MAX_ENGINE_ANSWER_LINES} 行を超える答え"),
                Overlong::Bytes => format!("{MAX_ENGINE_ANSWER_BYTES} バイトを超える答え"),
            };
            format!(
                "思考エンジンが「{command}」に kaisho の読む長さを超える答えを返しました ({over})"
            )
        }
        (Lang::Ja, EngineError::TimedOut { command, limit }) => format!(
            "思考エンジンが「{command}」に {} 秒以内に答えませんでした",
            limit.as_secs()
        ),
    }
}

/// A line of an engine's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineLine<'a> {
    /// The engine is working on its move.
    Thinking,
    /// The game stopped because of the engine, and stays adjourned.
    Adjourned(&'a str),
    /// The engine failed before a game was set up: nothing was saved.
    NotStarted(&'a str),
    /// The engine could not answer `final_status_list dead`.
    NoEnding,
    /// The engine accepted the player's proposal.
    Accepts,
    /// The engine refuses a proposal that differs from its own on the
    /// chains named (those it holds `dead`, those it holds `alive`; an
    /// empty list names none), and proposes its own again.
    Disagrees { dead: &'a str, alive: &'a str },
    /// The engine's proposal from `final_status_list dead`.
    Proposes,
    /// No engine to play, and how to get one.
    Unavailable,
    /// The home menu's note that no engine was found.
    NoneFound,
    /// The engine's command could not be kept beside the log: why.
    NotKept(&'a str),
    /// The title while the engine starts: its command line.
    Starting(&'a str),
    /// The home menu's engine item: the engine's name and GNU Go's level.
    Play { name: &'a str, level: Option<u8> },
    /// The value of the home menu's engine line: GNU Go's level, an
    /// engine whose strength is in its command, or none.
    Setting(Option<u8>),
    /// The value of the engine line when there is no engine.
    SettingNone,
    /// An engine whose level kaisho cannot set: its strength is its command's.
    NoLevel(&'a str),
    /// A level GNU Go does not offer.
    LevelRange,
    /// A typed engine command with nothing to run.
    CommandEmpty,
    /// The engine chosen, and where it was kept (`None`: no data folder).
    Chosen {
        name: &'a str,
        level: Option<u8>,
        path: Option<&'a str>,
    },
    /// Plain mode's help: the engine in force and how to change it.
    InForce { name: &'a str, level: Option<u8> },
}

/// `name`, with GNU Go's level when it has one.
#[must_use]
pub fn named(lang: Lang, name: &str, level: Option<u8>) -> String {
    match (lang, level) {
        (_, None) => name.to_string(),
        (Lang::En, Some(level)) => format!("{name} (level {level})"),
        (Lang::Ja, Some(level)) => format!("{name} (レベル{level})"),
    }
}

/// `line` in `lang`.
#[must_use]
pub fn engine_line(lang: Lang, line: EngineLine<'_>) -> String {
    match (lang, line) {
        (Lang::En, EngineLine::Thinking) => "thinking…".to_string(),
        (Lang::Ja, EngineLine::Thinking) => "思考中…".to_string(),
        (Lang::En, EngineLine::Adjourned(why)) => {
            format!("The game is adjourned: {why}. The log is kept; resume it from Saved games.")
        }
        (Lang::Ja, EngineLine::Adjourned(why)) => {
            format!("対局は打ち掛けになりました: {why}。棋譜は保存済みで、保存した対局から再開できます。")
        }
        (Lang::En, EngineLine::NotStarted(why)) => {
            format!("The game did not start: {why}. Nothing was saved.")
        }
        (Lang::Ja, EngineLine::NotStarted(why)) => {
            format!("対局は始まりませんでした: {why}。何も保存していません。")
        }
        (Lang::En, EngineLine::NoEnding) => "The engine cannot judge the dead stones (final_status_list): the decision is yours. Mark them and propose; it accepts a proposal that kaisho's proven Article 7 verdicts do not contradict.".to_string(),
        (Lang::Ja, EngineLine::NoEnding) => "思考エンジンは死石を判定できません (final_status_list)。判断はあなたに任されます。死石を指定して提案してください。kaisho が第七条で証明した判定に反しない提案なら受け入れます。".to_string(),
        (Lang::En, EngineLine::Accepts) => "The engine accepts your proposal.".to_string(),
        (Lang::Ja, EngineLine::Accepts) => "思考エンジンは提案を受け入れました。".to_string(),
        (Lang::En, EngineLine::Disagrees { dead, alive }) => {
            let held = match (dead.is_empty(), alive.is_empty()) {
                (false, true) => format!("holds the stones at {dead} dead"),
                (true, false) => format!("holds the stones at {alive} alive"),
                _ => format!("holds the stones at {dead} dead and those at {alive} alive"),
            };
            format!("The engine {held}; it proposes its own dead stones again. Playing a disputed chain out (確認) settles it.")
        }
        (Lang::Ja, EngineLine::Disagrees { dead, alive }) => {
            let held = match (dead.is_empty(), alive.is_empty()) {
                (false, true) => format!("{dead} の石を死と見ます"),
                (true, false) => format!("{alive} の石を活きと見ます"),
                _ => format!("{dead} の石を死、{alive} の石を活きと見ます"),
            };
            format!("思考エンジンは{held}。自分の死石の提案を返しました。争いのある石は確認で決められます。")
        }
        (Lang::En, EngineLine::Proposes) => "The engine proposes its dead stones (final_status_list dead): accept, counter-propose or resume.".to_string(),
        (Lang::Ja, EngineLine::Proposes) => "思考エンジンが死石を提案しました (final_status_list dead)。承認、対案、続行のいずれかを。".to_string(),
        (Lang::En, EngineLine::Unavailable) => "No engine to play: install GNU Go, or name one with --engine \"CMD\" or [engine] command in config.toml.".to_string(),
        (Lang::Ja, EngineLine::Unavailable) => "対局できる思考エンジンがありません。GNU Go を入れるか、--engine \"CMD\" または config.toml の [engine] command で指定してください。".to_string(),
        (Lang::En, EngineLine::NotKept(why)) => format!("The engine's command was not kept beside the log ({why}); resuming this game from Saved games will not find the engine."),
        (Lang::Ja, EngineLine::NotKept(why)) => format!("思考エンジンのコマンドを棋譜の横に保存できませんでした ({why})。保存した対局からこの対局を再開しても思考エンジンは見つかりません。"),
        (Lang::En, EngineLine::NoneFound) => "no engine found".to_string(),
        (Lang::Ja, EngineLine::NoneFound) => "思考エンジンなし".to_string(),
        (Lang::En, EngineLine::Starting(command)) => format!("Playing the engine: {command}"),
        (Lang::Ja, EngineLine::Starting(command)) => format!("思考エンジンと対局: {command}"),
        (Lang::En, EngineLine::Play { name, level }) => format!("Play {}", named(lang, name, level)),
        (Lang::Ja, EngineLine::Play { name, level }) => format!("{}と対局", named(lang, name, level)),
        (Lang::En, EngineLine::Setting(Some(level))) => format!("level {level}"),
        (Lang::Ja, EngineLine::Setting(Some(level))) => format!("レベル{level}"),
        (Lang::En, EngineLine::Setting(None)) => "set in its command".to_string(),
        (Lang::Ja, EngineLine::Setting(None)) => "コマンドで指定".to_string(),
        (Lang::En, EngineLine::SettingNone) => "none: Enter to type a command".to_string(),
        (Lang::Ja, EngineLine::SettingNone) => "なし: Enterでコマンドを入力".to_string(),
        (Lang::En, EngineLine::NoLevel(name)) => format!("{name}'s strength is set in its command: Enter on the engine line (plain mode: engine command CMD) changes it."),
        (Lang::Ja, EngineLine::NoLevel(name)) => format!("{name} の強さはコマンドで指定します。エンジンの行でEnter (プレーンモード: engine command CMD) で変更できます。"),
        (Lang::En, EngineLine::LevelRange) => "GNU Go's level is 1 to 10 (10 is the strongest).".to_string(),
        (Lang::Ja, EngineLine::LevelRange) => "GNU Go のレベルは1から10です (10が最強)。".to_string(),
        (Lang::En, EngineLine::CommandEmpty) => "Type the command that starts the engine, e.g. gnugo --mode gtp --level 5.".to_string(),
        (Lang::Ja, EngineLine::CommandEmpty) => "思考エンジンを起動するコマンドを入力してください (例: gnugo --mode gtp --level 5)。".to_string(),
        (Lang::En, EngineLine::Chosen { name, level, path: Some(path) }) => format!("Engine: {}, saved to {path}", named(lang, name, level)),
        (Lang::Ja, EngineLine::Chosen { name, level, path: Some(path) }) => format!("思考エンジン: {}。保存しました: {path}", named(lang, name, level)),
        (Lang::En, EngineLine::Chosen { name, level, path: None }) => format!("Engine: {}, for this session (no data folder to save it in)", named(lang, name, level)),
        (Lang::Ja, EngineLine::Chosen { name, level, path: None }) => format!("思考エンジン: {}。この回だけ (保存先のフォルダがありません)", named(lang, name, level)),
        (Lang::En, EngineLine::InForce { name, level }) => format!("Engine: {}. Change it with engine level 1-10 (GNU Go) or engine command CMD.", named(lang, name, level)),
        (Lang::Ja, EngineLine::InForce { name, level }) => format!("思考エンジン: {}。engine level 1-10 (GNU Go) または engine command CMD で変更できます。", named(lang, name, level)),
    }
}
