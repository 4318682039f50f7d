//! The messages the update sets on the message line and says to plain
//! mode: refusals of keys and typed values, the saved games, the review,
//! adjournment (打ち掛け), the ending's marks, take-backs (待った), the
//! settings. One exhaustive `match` per language over [`Note`].

use super::Lang;
use super::event::color;
use kaisho_core::Color;
use kaisho_saves::sgf::EditError;
use std::path::Path;

/// A message with its values.
#[derive(Clone, Copy, Debug)]
pub enum Note<'a> {
    /// A command that needs a game, with none shown.
    NoGameYet,
    /// Plain mode's `moves` before the first move.
    NoMovesYet,
    /// A position outside the game's moves.
    MoveCannotBeShown(usize),
    /// Move numbers on the stones, shown or hidden.
    Numbers(bool),
    BackToGame,
    LookingBack {
        to: usize,
        last: usize,
    },
    /// The terminal is too small for the board to take keys.
    BoardHidden {
        w: u16,
        h: u16,
    },
    NoAdjournedChosen,
    NotAMoveNumber(&'a str),
    /// The naming style changed: an example point in it.
    PointsNamedLike(&'a str),
    GameNotOver,
    ChatNeedsPartner,
    /// Network game `id` adjourned by this side.
    NetAdjourned(&'a str),
    /// The player hosts or joins under the name of one who never set it.
    NameNotSet(&'a str),
    /// Game `id` against an engine adjourned by the player.
    EngineAdjourned(&'a str),
    /// A game with no log left for home.
    LeftUnsaved,
    /// A network request not sent, and why.
    NotSent(&'a str),
    /// Game `id` adjourned at this keyboard; `export` says where its SGF went.
    Adjourned {
        id: &'a str,
        export: &'a str,
    },
    NoStoneToMark(&'a str),
    /// A chain marked dead (or alive again) in the ending.
    Marked {
        color: Color,
        point: &'a str,
        dead: bool,
        stones: usize,
        counter: Option<Color>,
    },
    NoProposal,
    /// The store of a move failed: the game stops.
    StoreFailed(&'a str),
    /// The screen's copy of a network game no longer matches it.
    Diverged,
    /// The title of a game at one keyboard, and of one that is not saved.
    LocalTitle,
    UnsavedTitle,
    /// The log of a new game could not be made: `said` is the game begun.
    NotSaved {
        said: &'a str,
        why: &'a str,
    },
    NoMoveToTakeBack,
    UndoLimit {
        asker: Color,
        asked: u32,
        limit: u32,
    },
    NoUndoToAnswer,
    NoGamesFolder,
    UnreadableFiles(usize),
    NoSavedGameToOpen,
    GameFinished(&'a str),
    /// A resumed game's title in a series.
    SeriesGameTitle {
        id: &'a str,
        number: u32,
    },
    Resumed {
        id: &'a str,
        moves: u32,
        to_move: Color,
        note: Option<&'a str>,
    },
    NotAnAddress(&'a str),
    /// A saved game by its id.
    Game(&'a str),
    /// A record opened for review, with its moves and what to know.
    Reviewing {
        title: &'a str,
        moves: usize,
        notice: Option<&'a str>,
    },
    /// A record's set-up the rules refuse.
    SetupRefused {
        title: &'a str,
        why: &'a str,
    },
    /// A record's move the rules refuse: the review stops before it.
    MoveRefused {
        number: usize,
        why: &'a str,
    },
    /// Switching variations where the node has no sibling.
    NoOtherVariation,
    /// No node above the one shown has more than one move after it.
    NoBranchPoint,
    /// A move asked for past the end of the line shown.
    LineEndsAt {
        asked: usize,
        moves: usize,
    },
    /// `branch N` past the moves that follow the node.
    NoSuchVariation {
        number: usize,
        count: usize,
    },
    /// `variations` at a node that ends its line.
    NothingFollows,
    /// `variations`: the moves that may follow node `at`, numbered.
    Variations {
        at: usize,
        moves: &'a str,
    },
    /// An addition to a file's review, which stays in memory.
    AddedInMemory,
    /// An addition to a partner's record that this side does not keep.
    AddedForTheReview,
    /// A review's additions written into saved game `id`'s record.
    KeptInRecord(&'a str),
    /// This side's record of a game could not be merged with a partner's
    /// and was kept in a file of its own.
    RecordKeptAside {
        game: &'a str,
        aside: &'a Path,
    },
    /// Additions a failed write left out, not kept at the second try
    /// either when the review was left.
    LostAtLeaving {
        game: &'a str,
        additions: usize,
        why: &'a str,
    },
    /// A partner's record of a shared game differs from this side's log.
    PartnersRecordRefused {
        why: &'a str,
    },
    /// A review together is only of a saved game.
    ReviewTogetherNeedsSavedGame,
    /// A review together is already hosted or under way.
    AlreadyReviewingTogether,
    /// Hosting a review together: the code follows.
    ReviewHosting,
    /// The code of a review together, to read to the partner.
    ReviewCode(&'a str),
    /// `partner` is in the review together.
    ReviewJoined(&'a str),
    /// The record `partner` sent for a review together does not read.
    ReviewRecordUnread(&'a str),
    /// A review together's steps last as long as it does, and why.
    ReviewInMemory {
        why: &'a str,
    },
    /// A move tried by the side not to play at its node.
    TriedOutOfTurn,
    /// A review together after a game needs the partner still connected.
    ReviewNeedsPartner,
    /// This side offered to review the game together.
    ReviewOffered,
    /// A review's additions not written, and why; `again` when they are
    /// sent with the next addition.
    NotKept {
        why: &'a str,
        again: bool,
    },
    /// The journal of game `game`'s review additions not folded into its
    /// record at the review's end, and why: they stay in the journal.
    NotFolded {
        game: &'a str,
        why: &'a str,
    },
    /// An addition the tree refuses.
    EditRefused(&'a EditError),
    /// A record too large to build its tree for review.
    TooLargeToReview(&'a str),
    NoSavedGamesIn(&'a str),
    /// A saved game's state: its result words, or adjourned.
    BothLose,
    NoResult,
    Jigo,
    AdjournedState,
    NameEmpty,
    SettingsSaved(&'a str),
    /// A setting's values.
    On(bool),
    NoUndo,
    PerGame(u32),
    /// The language setting's value, in its own language.
    LanguageName(Lang),
    /// Where a finished game's SGF went, or why it did not.
    SgfSaved(&'a str),
    SgfWriteFailed {
        exports: &'a str,
        log: &'a str,
        error: &'a str,
    },
    SgfFailed(&'a str),
    /// A line of the move list: its number, the player, the point or a pass.
    MoveLine {
        number: usize,
        color: Color,
        point: Option<&'a str>,
    },
    /// Network play without a data folder.
    NetNeedsHome,
    NotAPort(&'a str),
    /// The host's join code, to read to the partner.
    JoinCode(&'a str),
    /// A new join code was asked for while the code still works.
    CodeNotBurned,
    /// A network game begun or resumed: this side's colour, whose turn;
    /// no turn when it resumes stopped or in its ending, which the lines
    /// after it say.
    NetGameBegins {
        id: &'a str,
        resumed: bool,
        local: Color,
        to_move: Option<Color>,
    },
    /// A network game's title: Black's and White's names.
    Versus([&'a str; 2]),
    /// Typed words that are not a clock, as typed.
    NotAClock(&'a str),
    /// A clock typed and taken, in words.
    Clock(&'a str),
}

/// `note` in `lang`.
#[must_use]
pub fn note(lang: Lang, note: Note<'_>) -> String {
    match lang {
        Lang::En => english(note),
        Lang::Ja => japanese(note),
    }
}

fn english(note: Note<'_>) -> String {
    let c = |side| color(Lang::En, side);
    match note {
        Note::NoGameYet => "no game yet: start one first".into(),
        Note::NoMovesYet => "no moves yet".into(),
        Note::MoveCannotBeShown(n) => format!("move {n} cannot be shown"),
        Note::Numbers(shown) => format!(
            "move numbers on the stones {}",
            if shown { "shown" } else { "hidden" }
        ),
        Note::BackToGame => "back to the game".into(),
        Note::LookingBack { to, last } => {
            format!("looking back: move {to} of {last}; Esc returns to the game")
        }
        Note::BoardHidden { w, h } => {
            format!("the board does not fit: enlarge the terminal to at least {w}x{h} to play on")
        }
        Note::NoAdjournedChosen => "no adjourned game chosen to resume".into(),
        Note::NotAMoveNumber(text) => format!("'{text}' is not a move number"),
        Note::PointsNamedLike(example) => format!("points are now named like {example}"),
        Note::GameNotOver => "the game is not over yet".into(),
        Note::ChatNeedsPartner => {
            "chat goes to a partner over the network; this game is played at one keyboard".into()
        }
        Note::NetAdjourned(id) => {
            format!("game {id} adjourned (打ち掛け): either side can resume it from Saved games")
        }
        Note::NameNotSet(name) => format!(
            "your partner will see you as {name}: set your name on the Settings screen \
             (your name) or as name under [player] in config.toml"
        ),
        Note::EngineAdjourned(id) => format!(
            "game {id} adjourned (打ち掛け): resume it from Saved games to play on against the engine"
        ),
        Note::LeftUnsaved => "the game was left; it was not saved".into(),
        Note::NotSent(why) => format!("not sent: {why}"),
        Note::Adjourned { id, export } => {
            format!("game {id} adjourned (打ち掛け): resume it from Saved games; {export}")
        }
        Note::NoStoneToMark(point) => format!("no stone stands at {point} to be marked dead"),
        Note::Marked {
            color: side,
            point,
            dead,
            stones,
            counter,
        } => {
            let verb = if dead { "dead" } else { "alive" };
            let stones = match stones {
                1 => "1 stone".to_string(),
                n => format!("{n} stones"),
            };
            let mut text = format!("{} {point} marked {verb} ({stones})", c(side));
            if let Some(side) = counter {
                text += &format!("; {} may counter-propose", c(side));
            }
            text
        }
        Note::NoProposal => "there is no proposal to accept yet; propose one first".into(),
        Note::StoreFailed(e) => format!(
            "the game is stopped: {e}. This move was not played; every move before \
             it is saved — free the disk and resume the game from Saved games"
        ),
        Note::Diverged => "the game on this screen no longer matches the network game, so it \
             takes no more moves here; every move is in the log: resume the game from Saved games"
            .into(),
        Note::LocalTitle => "kaisho - local game".into(),
        Note::UnsavedTitle => "local game - NOT SAVED".into(),
        Note::NotSaved { said, why } => format!(
            "{said}. Not saved: this game cannot be saved, so it takes no moves: {why}. \
             Fix the folder or free the disk, then start a new game"
        ),
        Note::NoMoveToTakeBack => "there is no move to take back".into(),
        Note::UndoLimit {
            asker,
            asked,
            limit,
        } => format!(
            "{} has asked to take back a move {asked} time{} in this game; \
             the limit is {limit} (Settings: undo limit)",
            c(asker),
            if asked == 1 { "" } else { "s" }
        ),
        Note::NoUndoToAnswer => "there is no request to take back a move to answer".into(),
        Note::NoGamesFolder => "no folder for saved games: start kaisho with --home DIR".into(),
        Note::UnreadableFiles(n) => {
            format!("{n} file(s) could not be read: listed below, left untouched")
        }
        Note::NoSavedGameToOpen => "no saved game to open; press i to review an SGF file".into(),
        Note::GameFinished(id) => format!("game {id} is finished; review it instead"),
        Note::SeriesGameTitle { id, number } => format!("series {id}, game {number}"),
        Note::Resumed {
            id,
            moves,
            to_move,
            note,
        } => {
            let text = format!("game {id} resumed at move {moves}; {} to play", c(to_move));
            match note {
                Some(note) => format!("{text}. Note: {note}"),
                None => text,
            }
        }
        Note::NotAnAddress(addr) => format!("'{addr}' is not an address such as 192.168.1.20:7878"),
        Note::Game(id) => format!("game {id}"),
        Note::Reviewing {
            title,
            moves,
            notice,
        } => {
            let moves = match moves {
                1 => "1 move".to_string(),
                n => format!("{n} moves"),
            };
            match notice {
                Some(notice) => format!("reviewing {title}: {moves}; {notice}"),
                None => format!("reviewing {title}: {moves}"),
            }
        }
        Note::SetupRefused { title, why } => format!("{title}: the set-up cannot be played: {why}"),
        Note::MoveRefused { number, why } => {
            format!("move {number} is refused by the rules ({why}); the review stops before it")
        }
        Note::NoOtherVariation => "no other variation here: the move shown is the only one".into(),
        Note::NoBranchPoint => "no variation branches off above this move".into(),
        Note::LineEndsAt { asked, moves } => format!(
            "the line shown ends at move {moves}, before move {asked}: b goes back to where it branches off"
        ),
        Note::NoSuchVariation { number, count } => match count {
            0 => format!("no variation {number}: nothing follows this move"),
            1 => format!("no variation {number}: one move follows this one"),
            n => format!("no variation {number}: {n} moves follow this one"),
        },
        Note::NothingFollows => "nothing follows this move".into(),
        Note::Variations { at, moves } => format!("after move {at}: {moves}"),
        Note::AddedForTheReview => "added to the review: the host's record keeps it; this side keeps no record of the game, so here it lasts while the review is open".into(),
        Note::AddedInMemory => "added to this review only: the file is not changed; to keep additions, import it with kaisho games import PATH and review it from Saved games".into(),
        Note::KeptInRecord(id) => format!("kept in the record of game {id}"),
        Note::LostAtLeaving {
            game,
            additions,
            why,
        } => {
            let them = if additions == 1 {
                "1 addition".to_string()
            } else {
                format!("{additions} additions")
            };
            format!(
                "{them} of this review could not be kept in the record of game {game} ({why}): lost on leaving"
            )
        }
        Note::PartnersRecordRefused { why } => format!(
            "{why}: it was not taken, and your record is unchanged; the review's additions last only while it is open"
        ),
        Note::RecordKeptAside { game, aside } => format!(
            "your record of game {game} and the partner's are too large to merge: yours is kept as {}",
            aside.display()
        ),
        Note::ReviewTogetherNeedsSavedGame => {
            "only a saved game can be reviewed together: open it from Saved games".to_string()
        }
        Note::AlreadyReviewingTogether => {
            "this review is already hosted or shared; Esc ends it".to_string()
        }
        Note::ReviewHosting => "hosting a review together: the code follows".to_string(),
        Note::ReviewCode(code) => format!(
            "review code: {code} (your partner presses J in Saved games and types it)"
        ),
        Note::ReviewJoined(partner) => format!(
            "reviewing together with {partner}: every step and addition shows on both screens"
        ),
        Note::ReviewRecordUnread(partner) => {
            format!("the record {partner} sent does not read as a game of Go; the review is left")
        }
        Note::ReviewInMemory { why } => format!(
            "the review's additions last while it is open ({why}); export the game to keep them"
        ),
        Note::TriedOutOfTurn => {
            "a move tried by the side not to play there is refused".to_string()
        }
        Note::ReviewNeedsPartner => "reviewing together after a game needs the partner still connected: review it from Saved games and press R".to_string(),
        Note::ReviewOffered => "offered to review the game together; waiting for the partner's answer".to_string(),
        Note::NotKept { why, again: true } => {
            format!("not kept in the record ({why}); it is written with the next addition")
        }
        Note::NotKept { why, again: false } => {
            format!("not kept in the record ({why}); it stays in this review only")
        }
        Note::NotFolded { game, why } => format!(
            "the review's additions to game {game} stay in its journal beside the record ({why}); they are read with the record and written into it when its next review ends"
        ),
        Note::EditRefused(error) => edit_refused_en(error),
        Note::TooLargeToReview(title) => format!("{title} is too large to review; open it in another program"),
        Note::NoSavedGamesIn(dir) => format!("no saved games in {dir}"),
        Note::BothLose => "both lose".into(),
        Note::NoResult => "no result".into(),
        Note::Jigo => "jigo".into(),
        Note::AdjournedState => "adjourned".into(),
        Note::NameEmpty => "a name cannot be empty".into(),
        Note::SettingsSaved(path) => format!("settings saved to {path}"),
        Note::On(on) => if on { "on" } else { "off" }.into(),
        Note::NoUndo => "none".into(),
        Note::PerGame(n) => format!("{n} per game"),
        Note::LanguageName(lang) => language_name(lang).into(),
        Note::SgfSaved(path) => format!("SGF saved to {path}"),
        Note::SgfWriteFailed {
            exports,
            log,
            error,
        } => format!("the SGF export to {exports} failed: {error}; the game log {log} is safe"),
        Note::SgfFailed(e) => format!("the SGF export failed: {e}"),
        Note::NotAClock(text) => format!(
            "'{text}' is not a clock: type main time and byo-yomi, e.g. 20m 5x30s, 45m, 0 3x10s or none"
        ),
        Note::Clock(clock) => format!("clock: {clock}"),
        Note::NetNeedsHome => "network play needs a data folder for its identity and game logs: \
             start kaisho with --home DIR"
            .into(),
        Note::NotAPort(text) => {
            format!("'{text}' is not a port: give a number from 0 (any free port) to 65535")
        }
        Note::JoinCode(code) => format!("join code: {code}"),
        Note::CodeNotBurned => {
            "the join code still works: a new one is made only once three wrong tries burned it"
                .to_string()
        }
        Note::NetGameBegins {
            id,
            resumed,
            local,
            to_move,
        } => {
            let verb = if resumed { "resumed" } else { "begins" };
            let you = format!("game {id} {verb}: you play {}", c(local));
            match to_move {
                Some(side) if side == local => format!("{you}; your move"),
                Some(side) => format!("{you}; {} to play", c(side)),
                None => you,
            }
        }
        Note::Versus([a, b]) => format!("{a} v {b}"),
        Note::MoveLine {
            number,
            color: side,
            point,
        } => {
            let side = if side == Color::Black { "B" } else { "W" };
            format!("{number} {side} {}", point.unwrap_or("pass"))
        }
    }
}

fn japanese(note: Note<'_>) -> String {
    let c = |side| color(Lang::Ja, side);
    match note {
        Note::NoGameYet => "対局がありません。先に対局を始めてください".into(),
        Note::NoMovesYet => "まだ着手がありません".into(),
        Note::MoveCannotBeShown(n) => format!("{n}手目は表示できません"),
        Note::Numbers(shown) => format!(
            "石の手数を{}",
            if shown {
                "表示します"
            } else {
                "隠します"
            }
        ),
        Note::BackToGame => "対局に戻りました".into(),
        Note::LookingBack { to, last } => {
            format!("振り返り中: {last}手中{to}手目。Escで対局に戻ります")
        }
        Note::BoardHidden { w, h } => {
            format!("盤が入りません。端末を{w}x{h}以上に広げてください")
        }
        Note::NoAdjournedChosen => "再開する打ち掛けの対局が選ばれていません".into(),
        Note::NotAMoveNumber(text) => format!("「{text}」は手数ではありません"),
        Note::PointsNamedLike(example) => format!("点の呼び方を{example}の形にしました"),
        Note::GameNotOver => "まだ終局していません".into(),
        Note::ChatNeedsPartner => {
            "チャットはネットワークの相手に送るものです。この対局は一台で打っています".into()
        }
        Note::NetAdjourned(id) => {
            format!("対局{id}を打ち掛けにしました。どちらからも保存した対局から再開できます")
        }
        Note::NameNotSet(name) => format!(
            "相手にはあなたが{name}と表示されます: 設定画面の「名前」か、config.toml の [player] の name で名前を設定してください"
        ),
        Note::EngineAdjourned(id) => {
            format!("対局{id}を打ち掛けにしました。保存した対局から再開してエンジンと続きを打てます")
        }
        Note::LeftUnsaved => "対局を離れました。保存されていません".into(),
        Note::NotSent(why) => format!("送れませんでした: {why}"),
        Note::Adjourned { id, export } => {
            format!("対局{id}を打ち掛けにしました。保存した対局から再開できます。{export}")
        }
        Note::NoStoneToMark(point) => format!("{point}には死に石にする石がありません"),
        Note::Marked {
            color: side,
            point,
            dead,
            stones,
            counter,
        } => {
            let verb = if dead { "死に" } else { "生き" };
            let mut text = format!("{}{point}を{verb}にしました（{stones}子）", c(side));
            if let Some(side) = counter {
                text += &format!("。{}は対案を出せます", c(side));
            }
            text
        }
        Note::NoProposal => "受ける提案がまだありません。先に提案してください".into(),
        Note::StoreFailed(e) => format!(
            "対局を止めました: {e}。この手は打たれていません。それまでの手はすべて保存済みです。\
             ディスクを空けて、保存した対局から再開してください"
        ),
        Note::Diverged => "この画面の対局がネットワークの対局と一致しなくなったので、\
             ここではもう着手できません。全手は記録にあります。保存した対局から再開してください"
            .into(),
        Note::LocalTitle => "kaisho - 対局".into(),
        Note::UnsavedTitle => "対局 - 保存されていません".into(),
        Note::NotSaved { said, why } => format!(
            "{said}。保存されていません: この対局は保存できないので着手できません: {why}。\
             フォルダを直すかディスクを空けて、新しい対局を始めてください"
        ),
        Note::NoMoveToTakeBack => "待ったできる手がありません".into(),
        Note::UndoLimit {
            asker,
            asked,
            limit,
        } => format!(
            "{}はこの対局で{asked}回待ったを求めました。上限は{limit}回です（設定: 待ったの回数）",
            c(asker)
        ),
        Note::NoUndoToAnswer => "答える待ったの求めがありません".into(),
        Note::NoGamesFolder => {
            "保存する対局のフォルダがありません: kaisho --home DIR で起動してください".into()
        }
        Note::UnreadableFiles(n) => {
            format!("{n}個のファイルが読めません。下に示し、手は付けていません")
        }
        Note::NoSavedGameToOpen => {
            "開く保存した対局がありません。iでSGFファイルを検討できます".into()
        }
        Note::GameFinished(id) => format!("対局{id}は終局しています。検討で開いてください"),
        Note::SeriesGameTitle { id, number } => format!("番碁{id} 第{number}局"),
        Note::Resumed {
            id,
            moves,
            to_move,
            note,
        } => {
            let text = format!(
                "対局{id}を{moves}手目から再開しました。{}の番です",
                c(to_move)
            );
            match note {
                Some(note) => format!("{text}。注意: {note}"),
                None => text,
            }
        }
        Note::NotAnAddress(addr) => {
            format!("「{addr}」はアドレスではありません（例 192.168.1.20:7878）")
        }
        Note::Game(id) => format!("対局{id}"),
        Note::Reviewing {
            title,
            moves,
            notice,
        } => match notice {
            Some(notice) => format!("{title}を検討中: {moves}手。{notice}"),
            None => format!("{title}を検討中: {moves}手"),
        },
        Note::SetupRefused { title, why } => format!("{title}: 初期配置が打てません: {why}"),
        Note::MoveRefused { number, why } => {
            format!("{number}手目は規約により打てません（{why}）。検討はその手の前で止まります")
        }
        Note::NoOtherVariation => "ほかの変化はありません: この手だけです".into(),
        Note::NoBranchPoint => "この手より前に分岐はありません".into(),
        Note::LineEndsAt { asked, moves } => format!(
            "表示中の手順は{moves}手目までで、{asked}手目はありません。b で分岐したところに戻ります"
        ),
        Note::NoSuchVariation { number, count } => match count {
            0 => format!("変化{number}はありません: この手のあとに手はありません"),
            n => format!("変化{number}はありません: この手のあとは{n}通りです"),
        },
        Note::NothingFollows => "この手のあとに手はありません".into(),
        Note::Variations { at, moves } => format!("{at}手目のあと: {moves}"),
        Note::AddedForTheReview => "検討に加えました。相手の棋譜には残ります。こちらにはこの対局の棋譜がないので、検討が開いている間だけです".into(),
        Note::AddedInMemory => "この検討の中だけに加えました (ファイルは変わりません)。残すには kaisho games import パス で取り込み、保存した対局から検討してください".into(),
        Note::KeptInRecord(id) => format!("対局{id}の棋譜に残しました"),
        Note::LostAtLeaving {
            game,
            additions,
            why,
        } => format!(
            "この検討の追加{additions}件は対局{game}の棋譜に残せず ({why})、失われました"
        ),
        Note::PartnersRecordRefused { why } => format!(
            "{why}。相手の棋譜は取り込まず、こちらの棋譜はそのままです。検討の追加は開いている間だけ残ります"
        ),
        Note::RecordKeptAside { game, aside } => format!(
            "対局{game}のこちらの棋譜と相手の棋譜は大きすぎて合わせられません。こちらの棋譜は {} に残しました",
            aside.display()
        ),
        Note::ReviewTogetherNeedsSavedGame => {
            "一緒に検討できるのは保存した対局だけです。保存した対局から開いてください".to_string()
        }
        Note::AlreadyReviewingTogether => {
            "この検討はすでに開いているか共有中です。Esc で終わります".to_string()
        }
        Note::ReviewHosting => "一緒に検討する場を開きます。コードが出ます".to_string(),
        Note::ReviewCode(code) => format!(
            "検討コード: {code} (相手は保存した対局で J を押して入力します)"
        ),
        Note::ReviewJoined(partner) => format!(
            "{partner}さんと一緒に検討中: 手順と追加は両方の画面に出ます"
        ),
        Note::ReviewRecordUnread(partner) => {
            format!("{partner}さんが送った棋譜は碁の棋譜として読めません。検討を離れます")
        }
        Note::ReviewInMemory { why } => format!(
            "検討の追加は開いている間だけ残ります ({why})。残すには対局を書き出してください"
        ),
        Note::TriedOutOfTurn => "手番でない側の試しの手は断ります".to_string(),
        Note::ReviewNeedsPartner => "対局後に一緒に検討するには相手がつながっている必要があります。保存した対局から開いて R を押してください".to_string(),
        Note::ReviewOffered => "一緒に検討しようと伝えました。相手の返事を待っています".to_string(),
        Note::NotKept { why, again: true } => {
            format!("棋譜に残せませんでした ({why})。次に加えるときに書き込みます")
        }
        Note::NotKept { why, again: false } => {
            format!("棋譜に残せませんでした ({why})。この並べ直しの中だけに残ります")
        }
        Note::NotFolded { game, why } => format!(
            "対局 {game} の検討の追加は棋譜の横の記録に残っています ({why})。棋譜を読むときに一緒に読み、次の検討を終えるときに棋譜へ書き込みます"
        ),
        Note::EditRefused(error) => edit_refused_ja(error),
        Note::TooLargeToReview(title) => format!("{title}は大きすぎて検討できません。ほかのプログラムで開いてください"),
        Note::NoSavedGamesIn(dir) => format!("{dir}に保存した対局はありません"),
        Note::BothLose => "両負け".into(),
        Note::NoResult => "無勝負".into(),
        Note::Jigo => "持碁".into(),
        Note::AdjournedState => "打ち掛け".into(),
        Note::NameEmpty => "名前は空にできません".into(),
        Note::SettingsSaved(path) => format!("設定を保存しました: {path}"),
        Note::On(on) => if on { "入" } else { "切" }.into(),
        Note::NoUndo => "なし".into(),
        Note::PerGame(n) => format!("1局{n}回"),
        Note::LanguageName(lang) => language_name(lang).into(),
        Note::SgfSaved(path) => format!("SGFを保存しました: {path}"),
        Note::SgfWriteFailed {
            exports,
            log,
            error,
        } => format!("SGFの{exports}への書き出しに失敗しました: {error}。棋譜ログ{log}は無事です"),
        Note::SgfFailed(e) => format!("SGFの書き出しに失敗しました: {e}"),
        Note::NotAClock(text) => format!(
            "「{text}」は持ち時間ではありません: 持ち時間と秒読みを入力してください（例 20m 5x30s、45m、0 3x10s、none）"
        ),
        Note::Clock(clock) => format!("持ち時間: {clock}"),
        Note::NetNeedsHome => "ネットワーク対局には身元と棋譜ログを置くデータフォルダが要ります: \
             kaisho --home DIR で起動してください"
            .into(),
        Note::NotAPort(text) => format!(
            "「{text}」はポート番号ではありません: 0（空いているポート）から65535までの数を入れてください"
        ),
        Note::JoinCode(code) => format!("参加コード: {code}"),
        Note::CodeNotBurned => {
            "参加コードはまだ使えます。新しいコードは3回の誤りで使えなくなったときだけ作ります"
                .to_string()
        }
        Note::NetGameBegins {
            id,
            resumed,
            local,
            to_move,
        } => {
            let verb = if resumed {
                "再開しました"
            } else {
                "始めました"
            };
            let you = format!("対局{id}を{verb}: あなたは{}番", c(local));
            match to_move {
                Some(side) if side == local => format!("{you}。あなたの番です"),
                Some(side) => format!("{you}。{}の番です", c(side)),
                None => you,
            }
        }
        Note::Versus([a, b]) => format!("{a} 対 {b}"),
        Note::MoveLine {
            number,
            color: side,
            point,
        } => format!("{number} {} {}", c(side), point.unwrap_or("パス")),
    }
}

/// A language by its own name, as the setting shows it.
/// Why the tree refused an addition, in English.
fn edit_refused_en(error: &EditError) -> String {
    match error {
        EditError::NoSuchNode { .. } => {
            "that node is not in the record any more; step to another and add there".into()
        }
        EditError::OffBoard { .. } => "that point is off the board".into(),
        EditError::EmptyComment => "the comment is empty; type the text to add".into(),
        EditError::CommentTooLong { chars, max } => format!(
            "the comment is {chars} characters long; at most {max} are added at once, so add it in parts"
        ),
        EditError::NodeFull { max, .. } => {
            format!("this move's comments would pass {max} characters; comment on the next move")
        }
        EditError::TreeFull { max } => format!(
            "the record holds {max} moves and comments, the most a review adds to; export it to go on in another program"
        ),
        EditError::TooDeep { max } => {
            format!("this line is {max} moves deep, the most a record holds")
        }
        EditError::TooLarge { max, .. } => format!(
            "the record would pass {max} bytes, the most kaisho reads back; export it to go on in another program"
        ),
    }
}

/// Why the tree refused an addition, in Japanese.
pub(super) fn edit_refused_ja(error: &EditError) -> String {
    match error {
        EditError::NoSuchNode { .. } => {
            "その局面は棋譜にありません。別の手に進んでから加えてください".into()
        }
        EditError::OffBoard { .. } => "その点は盤の外です".into(),
        EditError::EmptyComment => "コメントが空です。加える文を入力してください".into(),
        EditError::CommentTooLong { chars, max } => format!(
            "コメントが{chars}文字あります。一度に加えられるのは{max}文字までなので、分けて加えてください"
        ),
        EditError::NodeFull { max, .. } => {
            format!("この手のコメントが{max}文字を超えます。次の手にコメントしてください")
        }
        EditError::TreeFull { max } => format!(
            "棋譜の手とコメントが{max}に達しました。書き出してほかのプログラムで続けてください"
        ),
        EditError::TooDeep { max } => format!("この変化は{max}手あり、棋譜の上限です"),
        EditError::TooLarge { max, .. } => format!(
            "棋譜が{max}バイトを超えます (kaishoが読み戻せる上限)。書き出してほかのプログラムで続けてください"
        ),
    }
}

fn language_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "English",
        Lang::Ja => "日本語",
    }
}
