//! Plain mode's `help`: its own commands for games, saves and series,
//! each with what it does in both languages, then the game's words, which
//! the `kaisho host`/`join` scripts take too.

use super::{Lang, game_help, pad_right, width};

/// The commands plain mode understands, for `help`: its own for games,
/// saves and series, then the game's words, which `kaisho host`/`join`
/// scripts take too.
#[must_use]
pub fn plain_help(lang: Lang) -> String {
    let own: &[(&str, &str, &str)] = &[
        (
            "new [SIZE] [KOMI] [HANDICAP]",
            "start a local game, e.g. new 9 6.5 0",
            "対局を始める (例: new 9 6.5 0)",
        ),
        (
            "host [SIZE] [KOMI] [HANDICAP] [PORT]",
            "host a LAN game and print its join code",
            "LANで対局を開き、参加コードを表示",
        ),
        (
            "review-offer",
            "after a LAN game: offer to review it together (検討)",
            "LAN の対局のあと: 一緒に検討しようと持ちかける",
        ),
        (
            "review-accept / review-decline",
            "answer the partner's offer to review the game together",
            "相手の検討の誘いに答える",
        ),
        (
            "review-host",
            "in a review of a saved game: share it with a code",
            "保存した対局の並べ直しで: コードを出して共有する",
        ),
        (
            "review-join CODE",
            "join a partner's review together with its code",
            "相手の検討にコードで加わる",
        ),
        (
            "newcode",
            "a new join code, once 3 wrong tries burned the code",
            "3回の誤りで使えなくなった参加コードの代わりを作る",
        ),
        (
            "engine [b|w] [SIZE KOMI HANDICAP]",
            "play the engine (--engine, [engine] command or GNU Go)",
            "思考エンジンと対局 (--engine、[engine] command、GNU Go)",
        ),
        (
            "engine level N",
            "GNU Go's level, 1 to 10, kept in config.toml",
            "GNU Go のレベル (1〜10)、config.toml に保存",
        ),
        (
            "engine command CMD",
            "the engine to play, kept in config.toml",
            "対局する思考エンジンのコマンド、config.toml に保存",
        ),
        (
            "join ADDRESS:PORT CODE",
            "join a LAN game with the host's code",
            "相手のコードでLANの対局に参加",
        ),
        (
            "watch ADDRESS:PORT CODE",
            "watch a LAN game (観戦) with its watch code; chat TEXT kibitzes",
            "観戦コードでLANの対局を観戦 (chat 文 で観戦者へひとこと)",
        ),
        (
            "clock MAIN [NxLEN]",
            "the clock of the next game: clock 20m 5x30s, clock none",
            "次の対局の持ち時間 (例: clock 20m 5x30s、秒読み)",
        ),
        (
            "series new A, B; STEP; WEAKER",
            "start a series (e.g. series new Aki, Ben; sen; Aki)",
            "番碁の記録を始める (例: series new Aki, Ben; sen; Aki)",
        ),
        (
            "series correct ID WINNER",
            "correct the series' last result, or strike it out",
            "直前の結果を直す (strike で取り消し)",
        ),
        ("moves", "list the moves of this game", "この対局の着手一覧"),
        (
            "look N",
            "show the board after move N of this game",
            "N手目の局面を表示",
        ),
        (
            "score",
            "show the count of the marked stones",
            "死に石の指定での計算を表示",
        ),
        (
            "names",
            "switch point names: GTP or 1949 style",
            "点の呼び方を切り替え (GTP / 十六の四)",
        ),
        (
            "games",
            "list the saved games, finished and adjourned",
            "保存した対局 (終局・打ち掛け) の一覧",
        ),
        (
            "resume ID",
            "go on with an adjourned game",
            "打ち掛けの対局を続ける",
        ),
        (
            "review ID",
            "review a saved game (then goto N, variations, board…)",
            "保存した対局を並べ直す (goto N、variations、board など)",
        ),
        (
            "import PATH",
            "review an SGF file (then goto N, board)",
            "SGFファイルを並べ直す",
        ),
        (
            "goto N",
            "in a review: the position after move N of the line shown",
            "並べ直しで表示中の変化のN手目の局面へ",
        ),
        (
            "variations",
            "in a review: the moves that may follow, numbered",
            "並べ直しでこの手のあとの変化を番号つきで表示",
        ),
        (
            "branch N",
            "in a review: on into the variation numbered N",
            "並べ直しでN番の変化へ進む",
        ),
        (
            "comment TEXT",
            "in a review: add TEXT to this move's comment",
            "並べ直しでこの手にコメントを加える",
        ),
        (
            "try POINT",
            "in a review: try a move (or pass); off the line it is a new variation",
            "並べ直しで試し打ち (pass も可)。棋譜にない手は新しい変化",
        ),
        (
            "ask-engine",
            "in a review: the engine's move and score estimate here",
            "並べ直しでこの局面の思考エンジンの手と形勢判断",
        ),
        (
            "add-engine",
            "in a review: add the engine's move as a variation marked as its",
            "並べ直しで思考エンジンの手を変化として加える",
        ),
        ("quit", "leave", "終了"),
    ];
    let mut lines = vec![match lang {
        Lang::En => "commands:".to_string(),
        Lang::Ja => "コマンド:".to_string(),
    }];
    // Two spaces at least between a usage and what it does.
    let column = own
        .iter()
        .map(|(usage, ..)| width(usage))
        .max()
        .unwrap_or(0)
        + 2;
    for (usage, en, ja) in own {
        let what = match lang {
            Lang::En => en,
            Lang::Ja => ja,
        };
        lines.push(format!("  {}{what}", pad_right(usage, column)));
    }
    lines.push(match lang {
        Lang::En => "during a game (the same words in kaisho host/join scripts):".to_string(),
        Lang::Ja => "対局中 (kaisho host/join のスクリプトと同じ語):".to_string(),
    });
    lines.extend(game_help(lang));
    lines.join("\n")
}
