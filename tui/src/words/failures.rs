//! The failures of the disk and of the rules' parsers that reach a player,
//! in the player's language: an SGF file or game log that cannot be read or
//! written, a series file, a series id, the folder for kaisho's files, the
//! identity and known-peers files, a komi or a point name that cannot be
//! read. Their `Display` (English) stays for the logs; what a player is
//! told comes from here. Details the saves crate passes as text (a limit's
//! reason, an operating system's message) are quoted as they are.

use super::Lang;
use crate::errors::Unlogged;
use kaisho_core::CoordError;
use kaisho_core::series::nigiri::{MAX_GRAB, NigiriError};
use kaisho_core::series::{LadderError, SeriesError, SetupError, Step};
use kaisho_core::settings::KomiError;
use kaisho_saves::config::ConfigProblem;
use kaisho_saves::identity::IdentityError;
use kaisho_saves::journal::JournalProblem;
use kaisho_saves::known_peers::PeersError;
use kaisho_saves::log::LogError;
use kaisho_saves::places::{HOME_ENV, NoHome};
use kaisho_saves::series::{FORMAT_VERSION, IdError, RecordError, StoreError};
use kaisho_saves::sgf::{MAX_SGF_BYTES, SgfError, SgfErrorKind, SgfFileError, SgfFileErrorKind};

/// A failure from the saves or the core that a player is told about.
#[derive(Debug, Clone, Copy)]
pub enum Failure<'a> {
    /// No folder for kaisho's files.
    NoHome(&'a NoHome),
    /// No log file is kept this run.
    Unlogged(&'a Unlogged),
    /// An SGF file that cannot be read.
    Sgf(&'a SgfFileError),
    /// A game log that cannot be read or written.
    Log(&'a LogError),
    /// A series file that cannot be found, read or written.
    Series(&'a StoreError),
    /// Text that is not a series id.
    SeriesId(&'a IdError),
    /// This installation's identity cannot be read or made.
    Identity(&'a IdentityError),
    /// The known-peers file cannot be read or written.
    Peers(&'a PeersError),
    /// Text that is not a komi.
    Komi(&'a KomiError),
    /// Text that is not a point on the board.
    Coord(&'a CoordError),
    /// A ladder or step name that cannot be used.
    Ladder(&'a LadderError),
    /// A series the rules refuse: its setup, or a result or nigiri out of turn.
    SeriesRule(&'a SeriesError),
    /// A nigiri that cannot be held as given.
    Nigiri(&'a NigiriError),
    /// config.toml cannot be used; the defaults are.
    Config(&'a ConfigProblem),
}

/// `failure` in `lang`.
#[must_use]
pub fn failure(lang: Lang, failure: Failure<'_>) -> String {
    match lang {
        Lang::En => english(failure),
        Lang::Ja => japanese(failure),
    }
}

fn english(failure: Failure<'_>) -> String {
    match failure {
        Failure::NoHome(e) => e.to_string(),
        Failure::Unlogged(unlogged) => {
            let (path, why) = match unlogged {
                Unlogged::NoFolder { path, error } => {
                    (path, format!("has no folder that can be made ({error})"))
                }
                Unlogged::Unopened { path, error } => (path, format!("cannot be opened ({error})")),
                Unlogged::NotRegular { path } => (path, "is not a regular file".to_string()),
            };
            format!(
                "no log is kept: {} {why}; set KAISHO_LOG to a regular file to keep one",
                path.display()
            )
        }
        Failure::Sgf(e) => e.to_string(),
        Failure::Log(e) => e.to_string(),
        Failure::Series(e) => e.to_string(),
        Failure::SeriesId(e) => e.to_string(),
        Failure::Identity(e) => e.to_string(),
        Failure::Peers(e) => e.to_string(),
        Failure::Komi(e) => e.to_string(),
        Failure::Coord(e) => e.to_string(),
        Failure::Ladder(e) => e.to_string(),
        Failure::SeriesRule(e) => e.to_string(),
        Failure::Nigiri(e) => e.to_string(),
        Failure::Config(e) => e.to_string(),
    }
}

fn japanese(failure: Failure<'_>) -> String {
    match failure {
        Failure::NoHome(NoHome) => format!(
            "kaisho のファイルを置くフォルダが見つかりません。--home フォルダを指定するか {HOME_ENV} を設定してください"
        ),
        Failure::Unlogged(unlogged) => {
            let (path, why) = match unlogged {
                Unlogged::NoFolder { path, error } => {
                    (path, format!("のフォルダが作れません ({error})"))
                }
                Unlogged::Unopened { path, error } => (path, format!("が開けません ({error})")),
                Unlogged::NotRegular { path } => (path, "は通常のファイルではありません".to_string()),
            };
            format!(
                "ログは残しません: {}{why}。残すには KAISHO_LOG に通常のファイルを指定してください",
                path.display()
            )
        }
        Failure::Sgf(e) => sgf_file(e),
        Failure::Log(e) => log(e),
        Failure::Series(e) => series(e),
        Failure::SeriesId(IdError(text)) => format!(
            "「{text}」は番碁の番号ではありません。英数字、'-'、'_' だけを使ってください (`kaisho series list` の表示どおりに)"
        ),
        Failure::Identity(e) => {
            format!("この端末の身元ファイル {}: {}", e.path.display(), e.message)
        }
        Failure::Peers(e) => format!("以前の対局相手の記録 {}: {}", e.path.display(), e.message),
        Failure::Komi(KomiError(text)) => {
            format!("コミ「{text}」が読めません。6.5 や 0 のように半目単位の数で")
        }
        Failure::Coord(CoordError::Malformed { text, expected }) => {
            format!("「{text}」は点の名前ではありません ({expected} の形で)")
        }
        Failure::Coord(CoordError::OffBoard { text, size }) => {
            format!("「{text}」は{size}路盤の外です")
        }
        Failure::Config(e) => {
            let at = match e.line {
                Some(line) => format!("{} の{line}行目", e.path.display()),
                None => e.path.display().to_string(),
            };
            let then = if e.saving {
                "設定は保存されず、ファイルはそのままです"
            } else {
                "kaisho は既定の設定を使い、ファイルはそのままにしました"
            };
            format!("{at}: {}。{then}", e.message)
        }
        Failure::Ladder(e) => ladder(e),
        Failure::SeriesRule(e) => series_rule(e),
        Failure::Nigiri(NigiriError::EmptyGrab) => {
            "握った石がありません。1個以上握って数え直してください".to_string()
        }
        Failure::Nigiri(NigiriError::TooMany(n)) => {
            format!("{n}個は碁笥に入る数を超えています。握れるのは1〜{MAX_GRAB}個です")
        }
        Failure::Nigiri(NigiriError::RevealMismatch) => {
            "明かした石の数が答えの前に送られた約束と合いません。このニギリは無効です: 不正か壊れた通信として、握り直してください".to_string()
        }
    }
}

fn ladder(e: &LadderError) -> String {
    match e {
        LadderError::UnknownLadder(text) => format!(
            "「{text}」は手合割ではありません。kou (甲、3分の1子刻み)、otsu (乙、2分の1子刻み)、hei (丙、1子刻み) のどれかを"
        ),
        LadderError::UnknownStep(text) => format!(
            "「{text}」は手合ではありません。互先/even、先相先/sen-ai-sen、先/sen、先2先/sen-ni-sen、2先2/ni-sen-ni、先2/sen-ni、2子/2-stones、232子/2-3-2、2・3子/2-3 などを"
        ),
        LadderError::NotInLadder { step, ladder } => {
            let steps: Vec<&str> = ladder.steps().iter().map(|s| s.japanese()).collect();
            let only = if *step == Step::SenAiSen {
                " (先相先は甲の手合割だけにあります、第15条3)"
            } else {
                ""
            };
            format!(
                "{}は{}の手合割にありません。手合は {}{only}",
                step.japanese(),
                ladder.kanji(),
                steps.join("、")
            )
        }
    }
}

fn series_rule(e: &SeriesError) -> String {
    match e {
        SeriesError::Setup(SetupError::Step(e)) => ladder(e),
        SeriesError::Setup(SetupError::WeakerMissing(step)) => format!(
            "{}は置碁の手合です: どちらが下手か指定してください",
            step.japanese()
        ),
        SeriesError::Setup(SetupError::WeakerAtEven) => {
            "互先に下手はいません: 下手の指定を外してください".to_string()
        }
        SeriesError::Setup(SetupError::ZeroThreshold) => {
            "手合が変わる勝越し数は1局以上です (規約の既定は4)".to_string()
        }
        SeriesError::Setup(SetupError::EmptyPlayer(seat)) => format!(
            "{}人目の対局者の名前が空です: 二人とも名前を",
            seat.index() + 1
        ),
        SeriesError::Setup(SetupError::SamePlayer(id)) => {
            format!("二人とも「{id}」です: 番碁には別々の二人が要ります")
        }
        SeriesError::NigiriNeeded { game } => format!(
            "第{game}局は互先の初局で、黒を決めるニギリが要ります: 結果の前にニギリを記録してください"
        ),
        SeriesError::NigiriNotNeeded { game, step } => format!(
            "第{game}局は{}で手番は決まっています: ニギリは要りません",
            step.japanese()
        ),
        SeriesError::AtEvent { index, error } => {
            format!("番碁の記録の{}番目: {}", index + 1, series_rule(error))
        }
    }
}

fn sgf_file(e: &SgfFileError) -> String {
    let path = e.path.display();
    match &e.kind {
        SgfFileErrorKind::Io(io) => {
            format!("{path} を読めません: {io}。パスと権限を確かめてください")
        }
        SgfFileErrorKind::NotAFile => {
            format!("{path} は通常のファイルではありません。SGF ファイルのパスを指定してください")
        }
        SgfFileErrorKind::TooLarge { size } => format!(
            "{path} は {size} バイトで、kaisho が SGF ファイルから読む {MAX_SGF_BYTES} バイトを超えています。不要な変化図を削ってください"
        ),
        SgfFileErrorKind::Sgf(e) => format!("{path}: {}", sgf(e)),
    }
}

fn sgf(e: &SgfError) -> String {
    let what = match &e.kind {
        SgfErrorKind::NoGameTree => {
            "棋譜の木がありません。SGF の棋譜は '(;' で始まります: SGF ファイルか確かめてください"
                .to_string()
        }
        SgfErrorKind::UnclosedTree { opened_at } => format!(
            "{opened_at} バイト目で開いた棋譜の木が閉じないまま終わっています。ファイルが途中で切れているかもしれません: ')' で閉じるか完全な写しを"
        ),
        SgfErrorKind::TreeWithoutNode => {
            "ノードのない棋譜の木か変化図があります。'(' の後には ';' とプロパティが要ります"
                .to_string()
        }
        SgfErrorKind::UnclosedValue => {
            "'[' で始まる値が閉じていません。']' を足してください (値の中の ']' は '\\]' と書きます)"
                .to_string()
        }
        SgfErrorKind::BadIdentifier { text } => format!(
            "'{text}' はプロパティではありません。プロパティは大文字の名前と角括弧の値です (例: B[dd])"
        ),
        SgfErrorKind::PropertyOutsideNode => {
            "ノードの外にプロパティがあります。前に ';' を置いてノードを始めてください"
                .to_string()
        }
        SgfErrorKind::NotGo { game } => format!(
            "この棋譜は GM[{game}] のもので、囲碁 (GM[1]) ではありません。kaisho は囲碁の棋譜だけを読みます"
        ),
        SgfErrorKind::BadValue {
            property,
            value,
            expected,
        } => format!("{property}[{value}] は使えません。期待する形: {expected}"),
        SgfErrorKind::TooDeep => {
            "棋譜の木が深すぎます。メモリを使い果たさないよう読みません: 棋譜を分けてください"
                .to_string()
        }
        SgfErrorKind::TooManyValues => {
            "本譜のプロパティの値が多すぎます。メモリを使い果たさないよう読みません".to_string()
        }
        SgfErrorKind::UnknownCharset { name } => format!(
            "CA[{name}] は kaisho の知らない文字コードです。UTF-8、Shift_JIS、EUC-JP、GB2312、ISO-8859-1 のどれかにするか、UTF-8 に変換してください"
        ),
        SgfErrorKind::SetupConflict { point } => format!(
            "[{point}] に黒と白の両方の置き石 (AB と AW) があります。どちらか一方に"
        ),
        SgfErrorKind::SetupWithoutLiberties { point } => format!(
            "[{point}] の置き石にダメがなく、対局では生じない局面です。囲んでいる石を取り除いてください"
        ),
        SgfErrorKind::SetupAfterMoves => {
            "初手より後で石が置かれるか除かれています (AB、AW、AE)。kaisho は配置の後に着手だけが続く棋譜を並べます: 配置を最初のノードへ"
                .to_string()
        }
        SgfErrorKind::TooLong { property, reason } => {
            format!("{property}: {reason}。ファイルで短くすれば読めます")
        }
        SgfErrorKind::TooLarge { reason } => format!(
            "{reason}。メモリを使い果たさないよう読みません: 棋譜を分けてください"
        ),
        SgfErrorKind::Library(message) => {
            format!("{message}。棋譜の括弧を確かめてください")
        }
    };
    format!("SGF の誤り ({} バイト目): {what}", e.offset)
}

fn log(e: &LogError) -> String {
    let path = e.path().display();
    match e {
        LogError::Io { action, source, .. } => format!(
            "対局ログ {path} を扱えません ({action}): {source}。フォルダの空き容量と権限を確かめてください"
        ),
        LogError::NotALog { .. } => {
            format!("{path} は kaisho の対局ログではありません。ファイルはそのままです")
        }
        LogError::UnsupportedVersion { version, .. } => format!(
            "{path} は対局ログ形式 {version} で、この kaisho は知りません。新しい kaisho を使ってください"
        ),
        LogError::Corrupt {
            record,
            offset,
            reason,
            ..
        } => format!(
            "対局ログ {path} は記録 {record} ({offset} バイト目) で壊れています: {reason}。ファイルには触れていません: バックアップから戻すか別の場所へ移してください"
        ),
        LogError::Invalid { record, reason, .. } => format!(
            "対局ログ {path} は記録 {record} で並べ直せません: {reason}。ファイルには触れていません"
        ),
        LogError::Exists { .. } => {
            format!("対局ログ {path} はすでにあります。上書きしていません")
        }
        LogError::NoSuchGame { id, .. } => format!(
            "保存された対局「{id}」はありません ({path} がありません)。`kaisho games` で対局とその番号を一覧できます"
        ),
        LogError::Skipped { reason, .. } => {
            format!("{path} は読み飛ばしました: {reason}。ファイルはそのままです")
        }
        LogError::Refused { reason, .. } => {
            format!("対局ログ {path} には何も書いていません: {reason}")
        }
        LogError::KeptRecord { .. } => format!(
            "対局ログの横に取っておいた取り込み元の棋譜 {path} が SGF として読めません。ファイルには触れていません: 変化図とコメントを残すには元のファイルをもう一度取り込んでください"
        ),
        LogError::ReviewJournal { problem, .. } => {
            let why = match problem {
                JournalProblem::NotAJournal => "kaisho の検討の記録ではありません".to_string(),
                JournalProblem::NewerVersion(version) => format!(
                    "検討の記録の形式 {version} で書かれており、この kaisho は知りません。新しい kaisho を使ってください"
                ),
                JournalProblem::Damaged {
                    record,
                    offset,
                    reason,
                } => format!("記録 {record} ({offset} バイト目) が壊れています: {reason}"),
                JournalProblem::OtherRecord => {
                    "横にある棋譜とは別の版の棋譜への追加です".to_string()
                }
                JournalProblem::NoRecord => "追加先の棋譜がありません".to_string(),
                JournalProblem::Misplaced { record, error } => format!(
                    "記録 {record} が棋譜に当てはまりません: {}",
                    super::notes::edit_refused_ja(error)
                ),
            };
            format!(
                "棋譜の横の検討の記録 {path} を当てはめませんでした: {why}。どちらのファイルにも触れていません: 記録の追加なしで棋譜を読むには、記録を別の場所へ移してください"
            )
        }
    }
}

fn series(e: &StoreError) -> String {
    match e {
        StoreError::NotFound { id, path } => format!(
            "番碁「{id}」はありません ({} を探しました)。`kaisho series list` で一覧できます",
            path.display()
        ),
        StoreError::Exists { path } => {
            format!("{} はすでにあります。別の番号を", path.display())
        }
        StoreError::Io {
            path,
            action,
            source,
        } => format!(
            "{} を扱えません ({action}): {source}。パスと権限を確かめてください",
            path.display()
        ),
        StoreError::Unreadable { path, problem } => {
            let problem = match problem {
                RecordError::Syntax(e) => format!("番碁のファイルとして読めません: {e}"),
                RecordError::NewerVersion(v) => format!(
                    "番碁形式 {v} で書かれており、この kaisho が読めるのは {FORMAT_VERSION} までです。kaisho を新しくしてください"
                ),
                RecordError::Invalid(e) => format!("記録された番碁が正しくありません: {e}"),
            };
            format!(
                "{}: {problem}。ファイルはそのままです: 手で直すか別の場所へ移してください",
                path.display()
            )
        }
        StoreError::TooLarge { path, bytes } => format!(
            "{}: {bytes} バイトは番碁のファイルとして大きすぎます。ファイルはそのままです: 別の場所へ移してください",
            path.display()
        ),
        StoreError::NotRegular { path, kind } => format!(
            "{}: これは {kind} で、番碁のファイルではないので読みませんでした。別の場所へ移してください",
            path.display()
        ),
        StoreError::BadName { path } => format!(
            "{}: 名前が番碁の番号ではありません (英数字、'-'、'_')。一覧に出すには名前を変えてください",
            path.display()
        ),
        StoreError::Changed { id, then, now, .. } => format!(
            "番碁「{id}」は読んだあとに別の kaisho が書き換えました (記録は今 {now} 局、読んだときは {then} 局)。上書きしていません: 読み直して (`kaisho series show {id}`。番碁の画面は自動で読み直します) もう一度どうぞ"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::width;
    use std::path::PathBuf;

    /// Whether `text` is told in Japanese: it holds kana or kanji.
    fn japanese_text(text: &str) -> bool {
        text.chars()
            .any(|c| matches!(c, '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}'))
    }

    #[test]
    fn a_broken_sgf_file_is_told_in_japanese_with_its_byte() {
        let error = SgfFileError {
            path: PathBuf::from("broken.sgf"),
            kind: SgfFileErrorKind::Sgf(kaisho_saves::sgf::parse("(;GM[1]SZ[9];B[aa").unwrap_err()),
        };
        let ja = failure(Lang::Ja, Failure::Sgf(&error));
        assert!(japanese_text(&ja), "{ja}");
        assert!(ja.starts_with("broken.sgf: SGF の誤り ("), "{ja}");
        assert_eq!(failure(Lang::En, Failure::Sgf(&error)), error.to_string());
    }

    #[test]
    fn a_missing_series_and_a_bad_id_are_told_in_japanese() {
        let id = kaisho_saves::series::SeriesId::parse("aki-ben").unwrap();
        let missing = StoreError::NotFound {
            id,
            path: PathBuf::from("/tmp/aki-ben.toml"),
        };
        let ja = failure(Lang::Ja, Failure::Series(&missing));
        assert!(ja.contains("aki-ben") && japanese_text(&ja), "{ja}");
        let bad = IdError("a b".to_string());
        let ja = failure(Lang::Ja, Failure::SeriesId(&bad));
        assert!(ja.contains("「a b」") && japanese_text(&ja), "{ja}");
    }

    #[test]
    fn a_point_off_the_board_names_the_board_in_japanese() {
        let off = kaisho_core::Point::parse_gtp("T19", 9).unwrap_err();
        let ja = failure(Lang::Ja, Failure::Coord(&off));
        assert_eq!(ja, "「T19」は9路盤の外です");
        assert!(
            width(&ja) > ja.chars().count(),
            "wide characters are measured"
        );
    }
}
