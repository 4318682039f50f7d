//! Plain mode driven through a pipe, running the real binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `kaisho` with `args`, feeds `input` and returns its status and
/// output. Its files go to a temporary home of its own.
fn kaisho(args: &[&str], input: &[u8]) -> (bool, String) {
    let home = tempfile::tempdir().expect("a temporary home");
    kaisho_in(home.path(), args, input)
}

/// Runs `kaisho` with its files under `home`, in an English locale unless
/// the arguments say otherwise.
fn kaisho_in(home: &std::path::Path, args: &[&str], input: &[u8]) -> (bool, String) {
    kaisho_in_locale(home, args, input, "C.UTF-8")
}

/// Runs `kaisho` with its files under `home` and `LANG` set to `lang`.
fn kaisho_in_locale(
    home: &std::path::Path,
    args: &[&str],
    input: &[u8],
    lang: &str,
) -> (bool, String) {
    let output = started(home, args, input, (lang, &home.join("kaisho.log")))
        .wait_with_output()
        .expect("kaisho ends");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// `kaisho` started with `args`, its files under `home`, `LANG` and the
/// log file as given, and `input` written to it.
fn started(
    home: &std::path::Path,
    args: &[&str],
    input: &[u8],
    (lang, log): (&str, &std::path::Path),
) -> std::process::Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaisho"))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .env("KAISHO_HOME", home)
        .env("KAISHO_LOG", log)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kaisho starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    child
}

const GAME: &str = "\
new 9
play D5
play F5
play D4
play F4
play D6
play F6
play D3
play F3
play D7
play F7
play D2
play F2
play D8
play F8
play D1
play F1
play D9
play F9
play G5
play G4
play E5
play G6
play E4
play H5
play F5
play E6
play B5
play E3
pass
pass
propose
propose dead B5
score
accept
";

#[test]
fn a_whole_game_through_a_pipe_ends_cleanly_at_end_of_input() {
    let (ok, out) = kaisho(&["--plain"], GAME.as_bytes());
    assert!(ok, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    for expected in [
        "new local game: 9x9, komi 6.5; Black to play",
        "move 1, Black D5",
        "move 24, White H5, captures 1 at G5",
        "F5: the point is occupied (J1989 Art. 3)",
        "move 28, White passes",
        "move 29, Black passes; two passes stop the game: mark the dead stones and propose",
        "proposal 1 by White: no dead stones; count W+31.5; Black may accept or counter-propose",
        "proposal 2 by Black: dead B5; count W+3.5; White may accept or counter-propose",
        "total            28   31.5",
        "White accepts proposal 2: White wins by 3.5 (W+3.5)",
    ] {
        assert!(lines.contains(&expected), "missing {expected:?} in\n{out}");
    }
}

#[test]
fn board_help_and_mistakes_are_answered_in_text() {
    let input = "play D4\nnew 9\nplay D4\nboard\nfrobnicate\nplay\nresume\nhelp\nquit\nplay E5\n";
    let (ok, out) = kaisho(&["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    assert!(
        out.contains("no game yet: start one with new, e.g. new 9"),
        "{out}"
    );
    assert!(out.contains(" 4  . . .(X). . . . . 4"), "{out}");
    assert!(
        out.contains("unknown command 'frobnicate'; type help for the list"),
        "{out}"
    );
    assert!(out.contains("usage: play POINT, e.g. play D4"), "{out}");
    assert!(
        out.contains("cannot resume while the game is in play"),
        "{out}"
    );
    assert!(out.contains("propose [dead] POINTS"), "{out}");
    // quit ends the session: the move after it is never read.
    assert!(!out.contains("move 2"), "{out}");
}

#[test]
fn output_that_is_not_a_terminal_chooses_plain_mode() {
    let (ok, out) = kaisho(&[], b"new 13 0.5 2\nplay G7\n");
    assert!(ok, "{out}");
    assert!(
        out.contains("new local game: 13x13, komi 0.5, 2 handicap stones; White to play"),
        "{out}"
    );
    assert!(out.contains("move 1, White G7"), "{out}");
}

#[test]
fn bad_bytes_and_bad_settings_do_not_stop_it() {
    let mut input = b"new 4\nnew 9 6.25\nnew 9 6.5 12\n".to_vec();
    input.extend([0xff, 0xfe, b'\n', b'n', b'e', b'w', b'\n']);
    let (ok, out) = kaisho(&["--plain"], &input);
    assert!(ok, "{out}");
    assert!(out.contains("board size 4 is not supported"), "{out}");
    assert!(out.contains("komi '6.25'"), "{out}");
    assert!(out.contains("12 handicap stones cannot be placed"), "{out}");
    assert!(out.contains("new local game: 19x19"), "{out}");
}

#[test]
fn a_proposal_during_play_is_refused_and_marks_nothing() {
    let (ok, out) = kaisho(&["--plain"], b"new 9\nplay E5\npropose dead E5\nboard\n");
    assert!(ok, "{out}");
    assert!(
        out.contains("cannot propose dead stones while the game is in play"),
        "{out}"
    );
    assert!(out.contains(" 5  . . . .(X). . . . 5"), "{out}");
}

#[test]
fn saved_games_are_listed_resumed_and_reviewed_in_plain_mode() {
    let home = tempfile::tempdir().expect("a temporary home");
    let (ok, out) = kaisho_in(
        home.path(),
        &["--plain"],
        b"new 9\nplay E5\nplay D4\nquit\n",
    );
    assert!(ok, "{out}");
    let (ok, out) = kaisho_in(home.path(), &["--plain"], b"games\n");
    assert!(ok, "{out}");
    let line = out
        .lines()
        .find(|l| l.ends_with("adjourned"))
        .unwrap_or_else(|| panic!("no adjourned game in\n{out}"));
    assert!(line.contains("9x9  2 moves"), "{line}");
    let id = line.split_whitespace().next().expect("an id");
    let input = format!("resume {id}\nplay C3\nresign\nreview {id}\ngoto 2\nboard\n");
    let (ok, out) = kaisho_in(home.path(), &["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    assert!(
        out.contains(&format!("game {id} resumed at move 2; Black to play")),
        "{out}"
    );
    assert!(out.contains("move 3, Black C3"), "{out}");
    assert!(
        out.contains("White resigns: Black wins by resignation (B+R)"),
        "{out}"
    );
    assert!(
        out.contains(&format!("reviewing game {id}: 3 moves")),
        "{out}"
    );
    assert!(out.contains("move 2 of 3"), "{out}");
    assert!(out.contains(" 4  . . .(O). . . . . 4"), "{out}");
    let export = home.path().join("data/exports").join(format!("{id}.sgf"));
    assert!(export.exists(), "no SGF at {}", export.display());
    // The export reads back for review as any SGF file does.
    let input = format!("import {}\ngoto 3\nboard\n", export.display());
    let (ok, out) = kaisho_in(home.path(), &["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    assert!(
        out.contains(&format!("reviewing {id}.sgf: 3 moves")),
        "{out}"
    );
    assert!(out.contains(" 3  . .(X). . . . . . 3"), "{out}");
}

/// A disk that takes no more: under a file-size limit the log cannot grow,
/// and the game stops with the reason instead of going on unsaved.
#[test]
fn a_log_that_cannot_be_written_stops_the_game_and_keeps_the_moves_before() {
    let home = tempfile::tempdir().expect("a temporary home");
    let script = format!(
        "trap '' XFSZ; ulimit -f 1; exec '{}' --plain",
        env!("CARGO_BIN_EXE_kaisho")
    );
    let mut input = String::from("new 9\n");
    for row in 1..=9 {
        for col in ["A", "C", "E", "G", "J"] {
            input.push_str(&format!("play {col}{row}\n"));
        }
    }
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .env("KAISHO_HOME", home.path())
        .env("KAISHO_LOG", home.path().join("kaisho.log"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child.wait_with_output().expect("kaisho ends");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}");
    let stopped: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("the game is stopped: could not append to the game log"))
        .collect();
    assert!(!stopped.is_empty(), "{out}");
    // The move that could not be saved is not shown as played: every move
    // shown is on the disk, and the moves after it are refused.
    let played = out.lines().filter(|l| l.starts_with("move ")).count();
    assert!(played < 45, "{out}");
    assert_eq!(stopped.len(), 45 - played, "{out}");
    let games = kaisho_saves::log::GameStore::new(home.path().join("data/games")).list();
    assert_eq!(games.games.len(), 1, "{:?}", games.problems);
    assert_eq!(games.games[0].moves as usize, played, "{out}");
}

/// A games folder that cannot be made (its path is a regular file, which
/// stops root as well): kaisho said "Not saved" once and took moves that
/// went nowhere. The game now takes none, and says why.
#[test]
fn a_game_whose_log_cannot_be_created_takes_no_moves() {
    let home = tempfile::tempdir().expect("a temporary home");
    std::fs::create_dir_all(home.path().join("data")).unwrap();
    std::fs::write(
        home.path().join("data").join("games"),
        b"a file, not a folder",
    )
    .unwrap();
    let (_, out) = kaisho_in(
        home.path(),
        &["--plain"],
        b"new 9\nplay D4\nplay E5\nboard\nquit\n",
    );
    assert!(out.contains("cannot be saved"), "{out}");
    assert!(!out.contains("move 1, Black D4"), "{out}");
    assert!(out.matches("takes no moves").count() >= 3, "{out}");
}

/// A local game left with `quit` was not exported; it is, like `leave`.
#[test]
fn quitting_a_local_game_exports_it() {
    let home = tempfile::tempdir().expect("a temporary home");
    let (ok, out) = kaisho_in(home.path(), &["--plain"], b"new 9\nplay D4\nquit\n");
    assert!(ok, "{out}");
    assert!(
        out.contains("adjourned") && out.contains("SGF saved to"),
        "{out}"
    );
    let exports: Vec<_> = std::fs::read_dir(home.path().join("data").join("exports"))
        .unwrap()
        .collect();
    assert_eq!(exports.len(), 1);
    let sgf = std::fs::read_to_string(exports[0].as_ref().unwrap().path()).unwrap();
    assert!(sgf.contains(";B[df]"), "{sgf}");
}

/// An export that fails at the end of a game was not reported in plain mode.
#[test]
fn a_failed_sgf_export_is_reported() {
    let home = tempfile::tempdir().expect("a temporary home");
    std::fs::create_dir_all(home.path().join("data")).unwrap();
    std::fs::write(home.path().join("data").join("exports"), b"a file").unwrap();
    let (_, out) = kaisho_in(home.path(), &["--plain"], b"new 9\nplay D4\nresign\n");
    assert!(out.contains("B+R"), "{out}");
    assert!(
        out.contains("the SGF export to") && out.contains("failed"),
        "{out}"
    );
}

/// `undo` at one keyboard takes the last move back at once; the board
/// printed after it no longer shows the stone.
#[test]
fn undo_takes_the_last_move_back_in_plain_mode() {
    let (ok, out) = kaisho(
        &["--plain"],
        b"new 9\nplay E5\nplay C3\nundo\nplay G7\nquit\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("Black agrees: taken back; move 1 stands, White to play"),
        "{out}"
    );
    assert!(out.contains("move 2, White G7"), "{out}");
}

/// Plain mode speaks the clock: a game with one 3-second period counts
/// its last seconds on their own lines, then the flag falls.
#[test]
fn plain_mode_counts_the_last_seconds_aloud() {
    let home = tempfile::tempdir().expect("a temporary home");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaisho"))
        .arg("--plain")
        .env("KAISHO_HOME", home.path())
        .env("KAISHO_LOG", home.path().join("kaisho.log"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kaisho starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"clock 0 1x3s\nnew 9\n")
        .expect("input written");
    stdin.flush().expect("flushed");
    std::thread::sleep(std::time::Duration::from_millis(5500));
    stdin.write_all(b"quit\n").expect("quit written");
    drop(stdin);
    let output = child.wait_with_output().expect("kaisho ends");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let at = |text: &str| lines.iter().position(|l| *l == text);
    let (two, one) = (at("Black: 2"), at("Black: 1"));
    assert!(two.is_some() && one > two, "{out}");
    assert!(out.contains("clock: byo-yomi 1 x 3 s"), "{out}");
    assert!(out.contains("Black ran out of time"), "{out}");
    assert!(!out.contains('\u{7}'), "the bell is off by default: {out}");
}

/// A bare point is a move, in either naming style whatever is shown, and an
/// impossible point says why instead of "unknown command".
#[test]
fn a_bare_point_is_played_in_any_naming_style() {
    let (ok, out) = kaisho(
        &["--plain"],
        b"new 9\nD4\n5-5\nnames\nC3\n9-1\n16-4\nquit\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("move 1, Black D4"), "{out}");
    assert!(out.contains("move 2, White E5"), "{out}");
    assert!(out.contains("move 3, Black 3-7"), "{out}");
    assert!(out.contains("move 4, White 9-1"), "{out}");
    assert!(out.contains("'16-4' lies outside a 9×9 board"), "{out}");
    assert!(!out.contains("unknown command"), "{out}");
}

/// The printed board follows the naming style and marks the last stone.
#[test]
fn the_printed_board_follows_the_names_and_marks_the_last_move() {
    let (ok, out) = kaisho(
        &["--plain"],
        b"new 9\nplay D4\nplay E5\nboard\nnames\nboard\nquit\n",
    );
    assert!(ok, "{out}");
    let boards: Vec<&str> = out.split("to play, prisoners").collect();
    let gtp = boards[0];
    assert!(gtp.contains("    A B C D E F G H J\n"), "{out}");
    assert!(gtp.contains(" 5  . . . .(O). . . . 5"), "{out}");
    assert!(gtp.contains(" 4  . . . X . . . . . 4"), "{out}");
    let japanese = boards[1];
    assert!(japanese.contains("    1 2 3 4 5 6 7 8 9\n"), "{out}");
    assert!(!japanese.contains(" A B C"), "{out}");
    assert!(japanese.contains(" 6  . . . X . . . . . 6"), "{out}");
    assert!(japanese.contains(" 5  . . . .(O). . . . 5"), "{out}");
}

/// A 9×9 game to two passes whose dead chains take the draft more than
/// one slice of reading.
fn read_in_slices() -> String {
    let mut input = String::from("new 9\n");
    let black = [
        "B9", "A8", "B8", "F9", "H9", "F8", "H8", "F7", "H7", "F6", "G6", "H6",
    ];
    let white = ["C9", "C8", "C7", "A7", "B7", "G8", "G7"];
    for (k, b) in black.iter().enumerate() {
        input += &format!("play {b}\n");
        input += &white
            .get(k)
            .map_or("pass\n".to_string(), |w| format!("play {w}\n"));
    }
    input += "pass\n";
    input
}

#[test]
fn plain_mode_prints_the_draft_once_it_is_read() {
    let (ok, out) = kaisho(&["--plain"], read_in_slices().as_bytes());
    assert!(ok, "{out}");
    let stop = out
        .lines()
        .find(|l| l.starts_with("the game is stopped; "))
        .unwrap_or_else(|| panic!("no draft at stoppage in\n{out}"));
    assert!(
        stop.contains("marks 5 stones dead; estimated dead, not proven (~, check them): A8 G8"),
        "{stop}"
    );
    let read = out
        .lines()
        .find(|l| l.starts_with("read to the end: "))
        .unwrap_or_else(|| panic!("no verdicts in\n{out}"));
    assert!(read.contains("marks 5 stones dead"), "{read}");
}

/// White's wall on C, Black's on D, and a White stone at G5 in Black's 45
/// points, which the draft leaves unsettled: plain mode's count says it
/// is provisional and gives the result either way.
#[test]
fn plain_mode_says_a_count_resting_on_an_unsettled_chain_is_provisional() {
    let mut input = String::from("new 9\n");
    for row in (1..=9).rev() {
        input += &format!("play D{row}\nplay C{row}\n");
    }
    input += "pass\nplay G5\npass\npass\nscore\nquit\n";
    let (ok, out) = kaisho(&["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let result = lines
        .iter()
        .position(|l| l.starts_with("result: "))
        .unwrap_or_else(|| panic!("no count in\n{out}"));
    // The headline is both ends (the report: "Black wins" with nothing
    // said of the other outcome), never a winner resting on a guess.
    assert_eq!(
        lines[result..result + 2],
        [
            "result: undecided: W+24.5 or B+21.5",
            "B+21.5 if G5 is dead, W+24.5 if alive",
        ],
        "{out}"
    );
}

/// Plain mode in Japanese, chosen by `--lang ja` or by the locale: the
/// moves, the refusal with its article, the board's last line, the count
/// and the help are Japanese, with the club's terms.
#[test]
fn plain_mode_speaks_japanese_by_flag_or_locale() {
    let input = b"new 9\nplay E5\nplay E5\npass\npass\nboard\nscore\nhelp\nquit\n";
    let home = tempfile::tempdir().unwrap();
    let (ok, by_flag) = kaisho_in(home.path(), &["--plain", "--lang", "ja"], input);
    assert!(ok, "{by_flag}");
    let home = tempfile::tempdir().unwrap();
    let (ok, by_locale) = kaisho_in_locale(home.path(), &["--plain"], input, "ja_JP.UTF-8");
    assert!(ok, "{by_locale}");
    for out in [&by_flag, &by_locale] {
        for expected in [
            "kaisho プレーンモード。new 9 で9路の対局、help でコマンド一覧。",
            "新しい対局: 9路、コミ6.5、互先。黒の番",
            "1手目 黒 E5",
            "E5: 石のある点です (日本囲碁規約 第三条)",
            "2手目 白 パス",
            "3手目 黒 パス。対局の停止",
            "3手目、白の番、アゲハマ 黒0 白0",
            "アゲハマ",
            "コミ",
            "結果: 黒の73目半勝ち (B+73.5)",
            "host [SIZE] [KOMI] [HANDICAP] [PORT]  LANで対局を開き",
            "終局に合意できないと宣言: 両負け",
        ] {
            assert!(out.contains(expected), "missing {expected:?} in\n{out}");
        }
    }
    let home = tempfile::tempdir().unwrap();
    let (ok, english) = kaisho_in(home.path(), &["--plain"], input);
    assert!(ok, "{english}");
    assert!(english.contains("move 1, Black E5"), "{english}");
}

/// A line that is not a command is answered in the player's language:
/// the usage of the command meant, or the word that could not be read.
#[test]
fn typing_mistakes_are_answered_in_japanese() {
    let input = b"goto\nnew nine\nfoo\nplay\nnew 9 6.3\nnew 9\nplay Z9\nquit\n";
    let home = tempfile::tempdir().unwrap();
    let (ok, out) = kaisho_in(home.path(), &["--plain", "--lang", "ja"], input);
    assert!(ok, "{out}");
    for expected in [
        "使い方: goto 手数",
        "「nine」は盤の大きさではありません",
        "「foo」というコマンドはありません。help で一覧を",
        "使い方: play 点 (例: play D4)",
        "コミ「6.3」が読めません",
        "「Z9」は9路盤の外です",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
    assert!(!out.contains("usage:"), "{out}");
}

/// Plain mode plays a dispute out: `playout POINT` opens it, points and
/// `pass` play on the scratch board, `board` shows it, `close` puts the
/// game back and offers the verdict as marks, which `board` then shows.
#[test]
fn a_play_out_is_typed_as_commands_in_plain_mode() {
    let input = "new 9\nE5\npass\npass\nplayout\nplayout E5\nE4\npass\nD5\npass\nE6\npass\nF5\nboard\nclose\nboard\npropose E5\naccept\n";
    let (ok, out) = kaisho(&["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    for expected in [
        "usage: playout POINT, a stone of the chain to play out, e.g. playout D9",
        "White opens a play-out on E5: the attacker moves first; the game stays as it is",
        "play-out: White E4",
        "play-out: Black passes",
        "play-out: White F5",
        "White attacks Black's stone at E5",
        "so far: captured",
        "play-out: the stones were captured; they are offered as dead: propose when ready",
        " 5  . . . . x . . . . 5",
    ] {
        assert!(out.contains(expected), "missing {expected:?} in\n{out}");
    }
    assert!(
        out.contains(" 5  . . . O .(O). . . 5"),
        "the scratch board shows E5 taken: {out}"
    );
    assert!(
        out.contains("Black accepts proposal 1: White wins by 6.5 (W+6.5)"),
        "{out}"
    );
}

mod common;

/// Piped lines wait for what they need: the moves after `engine` wait for
/// the game, and each move waits for the engine's reply, so a script plays
/// in the order it is written.
#[test]
fn piped_lines_wait_for_the_engine_game_and_its_replies() {
    let home = tempfile::tempdir().unwrap();
    let command = common::engine::fake_engine(home.path(), "passer");
    let input = b"engine b 9 6.5 0\nE5\nC3\nboard\nquit\n";
    let (_, out) = kaisho_in(home.path(), &["--plain", "--engine", &command], input);
    assert!(!out.contains("unknown command"), "{out}");
    assert!(!out.contains("out of turn"), "{out}");
    let c3 = out
        .find("move 3, Black C3")
        .unwrap_or_else(|| panic!("{out}"));
    let e5 = out
        .find("move 1, Black E5")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(e5 < c3, "{out}");
    let board = out
        .rfind("A B C D E F G H J")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(board > c3, "the board comes after the moves: {out}");
}

/// Plain mode's output for `input` against a fake engine that answers D4,
/// then F5, then passes; it must end cleanly.
fn against_the_engine(input: &[u8]) -> String {
    let home = tempfile::tempdir().unwrap();
    let command = common::engine::fake_engine_with(home.path(), "passer", "", "D4 F5", "");
    let (ok, out) = kaisho_in(home.path(), &["--plain", "--engine", &command], input);
    assert!(ok, "{out}");
    out
}

/// Asserts that `out` holds each of `texts`, in that order.
fn in_order(out: &str, texts: &[&str]) {
    let mut from = 0;
    for text in texts {
        let at = out[from..]
            .find(text)
            .unwrap_or_else(|| panic!("{text:?} after byte {from} of\n{out}"));
        from += at + text.len();
    }
}

/// `board` and `quit` after a move wait for the engine's reply, as moves
/// do: the board shows the reply, and quitting adjourns the game after it
/// and says so.
#[test]
fn board_and_quit_wait_for_the_engine_s_reply() {
    let out = against_the_engine(b"engine b 9 6.5 0\nE5\nC3\nboard\nquit\n");
    in_order(
        &out,
        &[
            "move 4, White F5",
            "move 4, Black to play",
            "adjourned (打ち掛け): resume it from Saved games to play on against the engine",
        ],
    );
}

/// The last piped line is played and answered before plain mode ends, and
/// the end of the input adjourns the game and says so.
#[test]
fn the_last_piped_move_is_answered_and_the_end_of_input_adjourns() {
    let out = against_the_engine(b"engine b 9 6.5 0\nE5\nG7\n");
    in_order(
        &out,
        &["move 3, Black G7", "move 4, White F5", "against the engine"],
    );
}

/// An engine that cannot start is said to have failed even when the input
/// ends at once.
#[test]
fn an_engine_that_fails_at_the_end_of_input_is_said_to_have_failed() {
    let home = tempfile::tempdir().unwrap();
    let input = b"engine b 9 6.5 0\n";
    let (_, out) = kaisho_in(home.path(), &["--plain", "--engine", "/bin/false"], input);
    assert!(out.contains("The game did not start"), "{out}");
}

/// Plain mode's `undo` against the engine takes back the player's move and
/// the engine's reply; the next move is the game's first again.
#[test]
fn plain_undo_against_the_engine_takes_back_the_move_and_the_reply() {
    let home = tempfile::tempdir().unwrap();
    let command = common::engine::fake_engine(home.path(), "passer");
    let input = b"engine b 9 6.5 0\nE5\nundo\nC3\nboard\nquit\n";
    let (_, out) = kaisho_in(home.path(), &["--plain", "--engine", &command], input);
    let asked = out
        .find("Black asks to take back moves 1 and 2; White may allow it or not")
        .unwrap_or_else(|| panic!("{out}"));
    let agreed = out
        .find("White agrees: taken back; move 0 stands, Black to play")
        .unwrap_or_else(|| panic!("{out}"));
    let c3 = out
        .find("move 1, Black C3")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(asked < agreed && agreed < c3, "{out}");
}

/// A line plain mode does not know is echoed as it was typed.
#[test]
fn an_unknown_command_is_echoed_as_typed() {
    let home = tempfile::tempdir().unwrap();
    let (_, out) = kaisho_in(home.path(), &["--plain"], b"Frobnicate\nquit\n");
    assert!(out.contains("unknown command 'Frobnicate'"), "{out}");
}

/// The walls game of [`GAME`] up to its two passes.
fn stopped_game() -> &'static str {
    GAME.split("propose").next().expect("the moves and passes")
}

/// The adjourned game listed in `home`, by its id.
fn adjourned_id(home: &std::path::Path) -> String {
    let (ok, out) = kaisho_in(home, &["--plain"], b"games\n");
    assert!(ok, "{out}");
    let line = out
        .lines()
        .find(|l| l.ends_with("adjourned"))
        .unwrap_or_else(|| panic!("no adjourned game in\n{out}"));
    line.split_whitespace().next().expect("an id").to_string()
}

/// The first line of `out` that starts with `start`.
fn line_from<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting {start:?} in\n{out}"))
}

#[test]
fn a_stopped_game_resumed_in_plain_mode_prints_its_draft_again() {
    let home = tempfile::tempdir().expect("a temporary home");
    let (ok, out) = kaisho_in(home.path(), &["--plain"], read_in_slices().as_bytes());
    assert!(ok, "{out}");
    let stop = line_from(&out, "the game is stopped; ").to_string();
    assert!(
        stop.contains("marks 5 stones dead; estimated dead, not proven (~, check them): A8 G8"),
        "{stop}"
    );
    let read = line_from(&out, "read to the end: ").to_string();
    assert!(read.contains("marks 5 stones dead"), "{read}");
    let id = adjourned_id(home.path());
    let input = format!("resume {id}\n");
    let (ok, out) = kaisho_in(home.path(), &["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    assert!(
        out.contains(&format!("game {id} resumed at move 25; White to play")),
        "{out}"
    );
    assert_eq!(line_from(&out, "the game is stopped; "), stop);
    assert_eq!(line_from(&out, "read to the end: "), read);
}

#[test]
fn a_proposal_left_on_the_table_is_printed_again_in_plain_mode() {
    let home = tempfile::tempdir().expect("a temporary home");
    let input = format!("{}propose dead B5\n", stopped_game());
    let (ok, out) = kaisho_in(home.path(), &["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    let sentence = "proposal 1 by White: dead B5; count W+3.5; Black may accept or counter-propose";
    assert!(out.lines().any(|l| l == sentence), "{out}");
    let id = adjourned_id(home.path());
    let input = format!("resume {id}\n");
    let (ok, out) = kaisho_in(home.path(), &["--plain", "--lang", "ja"], input.as_bytes());
    assert!(ok, "{out}");
    assert!(
        out.lines()
            .any(|l| l
                == "白の終局処理案1: 死に石 B5、計算 W+3.5。黒は合意するか対案を出してください"),
        "{out}"
    );
    let input = format!("resume {id}\naccept\n");
    let (ok, out) = kaisho_in(home.path(), &["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    assert!(out.lines().any(|l| l == sentence), "{out}");
    assert!(
        out.contains("Black accepts proposal 1: White wins by 3.5 (W+3.5)"),
        "{out}"
    );
}

/// Plain mode: `help` and the `engine` usage name the engine in force and
/// its level; `engine level N` changes it and keeps it in config.toml; a
/// level GNU Go does not offer is refused.
#[test]
fn plain_mode_shows_and_sets_the_engines_level() {
    let dir = tempfile::tempdir().unwrap();
    let (_, text) = kaisho_in(
        dir.path(),
        &["--plain", "--engine", "gnugo --mode gtp --level 4"],
        b"help\nengine level 2\nengine level 11\nengine 9 9 9 9\n",
    );
    assert!(text.contains("engine level N"), "{text}");
    assert!(
        text.contains(
            "Engine: GNU Go (level 4). Change it with engine level 1-10 (GNU Go) or engine command CMD."
        ),
        "{text}"
    );
    let file = kaisho_saves::places::Places::under(dir.path()).config_file();
    assert!(
        text.contains(&format!(
            "Engine: GNU Go (level 2), saved to {}",
            file.display()
        )),
        "{text}"
    );
    assert!(text.contains("GNU Go's level is 1 to 10"), "{text}");
    assert!(
        text.contains("usage: engine [b|w] [SIZE KOMI HANDICAP] | engine level 1-10")
            && text.contains("Engine: GNU Go (level 2). Change it"),
        "{text}"
    );
    assert_eq!(
        kaisho_saves::config::load(&file)
            .config
            .engine_command
            .as_deref(),
        Some("gnugo --mode gtp --level 2")
    );
}

/// A saved record's review in plain mode: its variations listed and
/// entered, a comment and a move tried, kept in the record and exported.
#[test]
fn a_review_in_plain_mode_lists_enters_comments_and_tries_variations() {
    let home = tempfile::tempdir().expect("a temporary home");
    let fixture = format!(
        "{}/../saves/tests/fixtures/finished-record.sgf",
        env!("CARGO_MANIFEST_DIR")
    );
    let (ok, out) = kaisho_in(home.path(), &["games", "import", &fixture], b"");
    assert!(ok, "{out}");
    let (ok, out) = kaisho_in(home.path(), &["games", "--json"], b"");
    assert!(ok, "{out}");
    let line: serde_json::Value = serde_json::from_str(out.trim()).expect("one game");
    let id = line["id"].as_str().expect("an id").to_string();
    let input = format!(
        "review {id}\ngoto 2\nvariations\nbranch 3\nbranch 2\ncomment A calmer move.\ntry R4\ntry C16\nvariations\ntry pass\n"
    );
    let (ok, out) = kaisho_in(home.path(), &["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    assert!(
        out.contains("after move 2: 1 Black Q3  2 Black R4"),
        "{out}"
    );
    assert!(
        out.contains("no variation 3: 2 moves follow this one"),
        "{out}"
    );
    assert!(out.contains("move 3 of 4 · variation 2 of 2"), "{out}");
    assert!(
        out.contains(&format!("kept in the record of game {id}")),
        "{out}"
    );
    assert!(out.contains("occupied"), "{out}");
    assert!(out.contains("move 4 of 4 · variation 2 of 2"), "{out}");
    assert!(out.contains("nothing follows this move"), "{out}");
    let (ok, out) = kaisho_in(home.path(), &["games", "export", &id], b"");
    assert!(ok, "{out}");
    let export = home.path().join("data/exports").join(format!("{id}.sgf"));
    let text = std::fs::read_to_string(&export).expect("the export");
    assert!(
        text.contains("B[qp]C[Another third move.\n\nA calmer move.]"),
        "{text}"
    );
    assert!(text.contains("(;W[od])\n(;W[cd];B[])"), "{text}");
}

#[cfg(unix)]
#[test]
fn a_fifo_as_the_log_file_neither_hangs_the_start_nor_goes_unsaid() {
    let home = tempfile::tempdir().expect("a temporary home");
    let fifo = home.path().join("log-fifo");
    let status = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    let mut child = started(home.path(), &["--plain"], b"quit\n", ("C.UTF-8", &fifo));
    let begun = std::time::Instant::now();
    while child.try_wait().expect("status").is_none() {
        if begun.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("kaisho hung on a FIFO as its log file");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let output = child.wait_with_output().expect("kaisho ends");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(
        text.lines().next().is_some_and(
            |l| l.starts_with("no log is kept") && l.contains("log-fifo is not a regular file")
        ),
        "{text}"
    );
    assert!(text.contains("kaisho plain mode"), "{text}");
}

#[test]
fn plain_add_engine_before_asking_names_plain_mode_s_word() {
    let home = tempfile::tempdir().expect("a temporary home");
    let record = home.path().join("g.sgf");
    std::fs::write(&record, "(;GM[1]SZ[9];B[ee];W[cc])").unwrap();
    let (ok, _) = kaisho_in(
        home.path(),
        &["games", "import", record.to_str().unwrap()],
        b"",
    );
    assert!(ok);
    let (ok, listed) = kaisho_in(home.path(), &["games", "--json"], b"");
    assert!(ok);
    let listed: serde_json::Value = serde_json::from_str(listed.trim()).expect("JSON");
    let id = listed["id"].as_str().expect("an id").to_string();
    let (_, text) = kaisho_in(
        home.path(),
        &["--plain"],
        format!("review {id}\nadd-engine\nquit\n").as_bytes(),
    );
    let said = text
        .lines()
        .find(|l| l.starts_with("no engine's move"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(said.contains("ask-engine"), "{said}");
}

/// The report: plain mode's `score` gave only how many stones were dead.
/// It names them by point: a White stone at G5 in Black's area, proposed
/// dead (`propose G5`), is listed under the count.
#[test]
fn plain_mode_score_names_the_dead_stones_by_point() {
    let mut input = String::from("new 9\n");
    for row in (1..=9).rev() {
        input += &format!("play D{row}\nplay C{row}\n");
    }
    input += "pass\nplay G5\npass\npass\npropose G5\nscore\nquit\n";
    let (ok, out) = kaisho(&["--plain"], input.as_bytes());
    assert!(ok, "{out}");
    assert!(
        out.lines().any(|l| l == "dead stones: G5"),
        "the dead stone by point in\n{out}"
    );
}
