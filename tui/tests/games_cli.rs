//! `kaisho games` and `kaisho games export` on a real data folder.

use kaisho_core::{BoardSize, Color, Event, Komi, Point, Settings};
use kaisho_saves::log::{GameHeader, GameStore, Player};
use kaisho_saves::places::Places;
use std::process::Command;

fn kaisho(home: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kaisho"))
        .env("KAISHO_HOME", home)
        .args(args)
        .output()
        .unwrap()
}

/// The one game `kaisho ARGS games --json` lists, parsed.
fn listed_game(home: &std::path::Path, args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(["games", "--json"]);
    let out = kaisho(home, &all);
    serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap()
}

fn save(store: &GameStore, id: &str, events: &[Event]) {
    let player = |name: &str| Player {
        name: name.into(),
        fingerprint: None,
    };
    let header = GameHeader {
        game_id: id.into(),
        created_unix: 1_795_000_000,
        black: player("Shusaku"),
        white: player("Gennan"),
        settings: Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN),
        local_color: None,
        series: None,
        clock: None,
    };
    let mut log = store.create(&header).unwrap();
    for e in events {
        log.append(e, None).unwrap();
    }
}

#[test]
fn lists_finished_and_adjourned_games_and_exports_one() {
    let home = tempfile::tempdir().unwrap();
    let places = Places::under(home.path());
    let store = GameStore::new(places.games_dir());
    let play = Event::Play {
        color: Color::Black,
        point: Point::new(2, 2),
    };
    save(
        &store,
        "resigned",
        &[
            play.clone(),
            Event::Resign {
                color: Color::White,
            },
        ],
    );
    save(&store, "adjourned", &[play]);
    std::fs::write(places.games_dir().join("broken.kgl"), b"junk").unwrap();

    // The plain listing is ASCII for every terminal: `9x9`, not `9×9`.
    let plain = kaisho(home.path(), &["--ascii", "games"]);
    let text = String::from_utf8_lossy(&plain.stdout);
    assert!(text.contains(" 9x9 "), "{text}");
    assert!(text.is_ascii(), "{text}");

    let out = kaisho(home.path(), &["games", "--json"]);
    assert!(out.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let by_id = |id: &str| lines.iter().find(|l| l["id"] == id).unwrap().clone();
    assert_eq!(by_id("resigned")["result"], "B+R");
    assert_eq!(by_id("adjourned")["adjourned"], true);
    assert_eq!(by_id("adjourned")["moves"], 1);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("broken.kgl"), "{stderr}");

    let out = kaisho(home.path(), &["games", "export", "resigned"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = places.exports_dir().join("resigned.sgf");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        path.display().to_string()
    );
    let sgf = std::fs::read_to_string(&path).unwrap();
    assert!(
        sgf.contains("RE[B+R]") && sgf.contains("PB[Shusaku]") && sgf.contains(";B[cc]"),
        "{sgf}"
    );

    let out = kaisho(home.path(), &["games", "export", "nope"]);
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr).unwrap().contains("nope.kgl"));
}

#[test]
fn an_sgf_record_is_imported_as_a_saved_game_to_play_on() {
    let home = tempfile::tempdir().unwrap();
    let fixture = |name: &str| format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let out = kaisho(home.path(), &["games", "import", &fixture("walls.sgf")]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("22 moves, adjourned"), "{said}");

    let line = listed_game(home.path(), &[]);
    assert_eq!(line["black"], "Kuro");
    assert_eq!(line["adjourned"], true);
    let id = line["id"].as_str().unwrap();
    let saved = GameStore::new(Places::under(home.path()).games_dir())
        .load(id)
        .unwrap();
    assert_eq!(saved.game.phase(), kaisho_core::Phase::Stopped);
    assert_eq!(
        saved.game.board().get(Point::parse_gtp("B5", 9).unwrap()),
        Some(Color::White)
    );

    for (name, expected) in [("broken.sgf", "byte"), ("ko.sgf", "only legal records")] {
        let out = kaisho(home.path(), &["games", "import", &fixture(name)]);
        assert!(!out.status.success());
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(expected), "{name}: {stderr}");
    }
}

/// `kaisho games | head -1`: the reader goes away before kaisho has printed
/// everything; kaisho ends without a panic or a word on stderr.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_listing_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let home = tempfile::tempdir().unwrap();
    let places = Places::under(home.path());
    let store = GameStore::new(places.games_dir());
    for n in 0..3 {
        save(&store, &format!("game-{n}"), &[]);
    }
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    for args in [&["games"][..], &["games", "--json"], &["--help"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_kaisho"))
            .env("KAISHO_HOME", home.path())
            .args(args)
            .stdout(writer.try_clone().unwrap())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{args:?}");
        if args[0] == "games" {
            assert!(
                out.status.success() || out.status.signal() == Some(SIGPIPE),
                "{args:?}: {:?}",
                out.status
            );
        }
    }
}

/// The signal a write to a closed pipe raises (13 on every Unix).
#[cfg(unix)]
const SIGPIPE: i32 = 13;

/// Runs kaisho and kills it if it has not finished within 20 seconds, so
/// that a hang fails the test instead of stopping the run.
fn kaisho_within(home: &std::path::Path, args: &[&str]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kaisho"))
        .env("KAISHO_HOME", home)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("kaisho {args:?} did not finish within 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A FIFO in the folder of games blocked `kaisho games` forever and a link to
/// /dev/zero was read without end; both are listed as skipped, at once.
#[cfg(unix)]
#[test]
fn games_lists_special_files_as_skipped_without_waiting() {
    let home = tempfile::tempdir().unwrap();
    let places = Places::under(home.path());
    let store = GameStore::new(places.games_dir());
    save(&store, "kept", &[]);
    let made = Command::new("mkfifo")
        .arg(store.path_of("fifo"))
        .status()
        .unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", store.path_of("zero")).unwrap();
    let out = kaisho_within(home.path(), &["games"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("kept"), "{stdout}");
    assert!(stderr.contains("fifo.kgl was skipped"), "{stderr}");
    assert!(stderr.contains("zero.kgl was skipped"), "{stderr}");
}

/// One size cap for SGF files in replay, score and import, and the same
/// refusal of special files.
#[test]
fn sgf_over_the_size_cap_is_refused_by_every_command() {
    let home = tempfile::tempdir().unwrap();
    let big = home.path().join("big.sgf");
    let cap = kaisho_saves::sgf::MAX_SGF_BYTES as usize;
    let body = "(;B[aa])".repeat(cap / 8 + 1);
    std::fs::write(&big, format!("(;SZ[19]{body})")).unwrap();
    let path = big.to_str().unwrap();
    for args in [
        &["replay", path][..],
        &["score", path],
        &["games", "import", path],
    ] {
        let out = kaisho_within(home.path(), args);
        assert!(!out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("larger than the {cap} bytes")),
            "{args:?}: {stderr}"
        );
    }
    assert!(
        GameStore::new(Places::under(home.path()).games_dir())
            .list()
            .games
            .is_empty()
    );
}

#[test]
fn games_are_listed_imported_and_refused_in_japanese() {
    let home = tempfile::tempdir().unwrap();
    let out = kaisho(home.path(), &["--lang", "ja", "games"]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("に保存した対局はありません。"), "{said}");

    let fixture = |name: &str| format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let out = kaisho(
        home.path(),
        &["--lang", "ja", "games", "import", &fixture("walls.sgf")],
    );
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.contains(
            "として取り込みました (22手、打ち掛け、結果なし: 保存した対局で Enter を押すと検討"
        ),
        "{said}"
    );

    let places = Places::under(home.path());
    std::fs::write(places.games_dir().join("broken.kgl"), b"junk").unwrap();
    let out = kaisho(home.path(), &["--lang", "ja", "games"]);
    let listed = String::from_utf8(out.stdout).unwrap();
    assert!(
        listed.contains("22手") && listed.contains("打ち掛け"),
        "{listed}"
    );
    assert!(
        listed.contains(" (黒) 対 ") && listed.contains(" (白)"),
        "{listed}"
    );
    assert!(!listed.contains("(B) v"), "{listed}");
    let warned = String::from_utf8(out.stderr).unwrap();
    assert!(
        warned.contains("kaisho: 注意: ") && warned.contains("broken.kgl"),
        "{warned}"
    );

    let out = kaisho(home.path(), &["--lang", "ja", "games", "export", "nope"]);
    assert!(!out.status.success());
    let refused = String::from_utf8(out.stderr).unwrap();
    assert!(refused.starts_with("kaisho: エラー: "), "{refused}");
}

/// A mistyped id is told as one, in both languages, not as a disk problem.
#[test]
fn exporting_an_unknown_id_says_there_is_no_such_game() {
    let home = tempfile::tempdir().unwrap();
    for (lang, said) in [
        ("en", "there is no saved game 'nosuch'"),
        ("ja", "保存された対局「nosuch」はありません"),
    ] {
        let out = kaisho(home.path(), &["--lang", lang, "games", "export", "nosuch"]);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{err}");
        assert!(err.contains("kaisho games"), "{err}");
        assert!(
            !err.contains("disk space") && !err.contains("空き容量"),
            "{err}"
        );
    }
}

/// `series new --help` marks --players as required, as it is.
#[test]
fn series_new_names_players_as_required() {
    let home = tempfile::tempdir().unwrap();
    let out = kaisho(home.path(), &["series", "new", "--step", "sen"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--players"), "{err}");
    let help = kaisho(home.path(), &["series", "new", "--help"]);
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("--players <PLAYERS>... --step <STEP>")
            || text.contains("--players <PLAYERS> --step <STEP>"),
        "{text}"
    );
}

/// The bytes `kaisho games export ID --to FILE` writes for game `id`.
fn exported_bytes(home: &std::path::Path, id: &str) -> Vec<u8> {
    let to = home.join("out.sgf");
    let out = kaisho(home, &["games", "export", id, "--to", to.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(&to).unwrap()
}

/// The club record of the fixture: resigned, with game information,
/// comments on moves 1 and 5 and a variation at move 3.
fn finished_record() -> String {
    format!(
        "{}/../saves/tests/fixtures/finished-record.sgf",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn a_finished_record_is_imported_finished_and_exported_whole() {
    let home = tempfile::tempdir().unwrap();
    let out = kaisho(home.path(), &["games", "import", &finished_record()]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("7 moves, finished, B+R"), "{said}");
    assert!(
        said.contains("text read as UTF-8 (as the record declares)"),
        "{said}"
    );

    let line = listed_game(home.path(), &[]);
    assert_eq!(line["result"], "B+R");
    assert_eq!(line["adjourned"], false);
    assert_eq!(line["date"], "1846-07-21");
    let id = line["id"].as_str().unwrap();
    let listed = String::from_utf8(kaisho(home.path(), &["games"]).stdout).unwrap();
    assert!(
        listed.contains("1846-07-21") && listed.contains("B+R"),
        "{listed}"
    );

    let exported = String::from_utf8(exported_bytes(home.path(), id)).expect("UTF-8");
    let original = std::fs::read_to_string(finished_record()).unwrap();
    let tree = |text: &str| kaisho_saves::sgf::SgfTree::parse(text).unwrap();
    assert_eq!(tree(&exported), tree(&original), "{exported}");
    assert!(exported.contains("DT[1846-07-21]"), "{exported}");
}

#[test]
fn a_record_without_a_charset_is_read_in_the_japanese_set_it_was_written_in() {
    let home = tempfile::tempdir().unwrap();
    let text = "(;GM[1]SZ[9]PB[本因坊秀策]PW[井上幻庵因碩];B[ee])";
    let path = home.path().join("sjis.sgf");
    std::fs::write(&path, encoding_rs::SHIFT_JIS.encode(text).0).unwrap();
    let out = kaisho(home.path(), &["games", "import", path.to_str().unwrap()]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.contains("text read as Shift_JIS (detected, since"),
        "{said}"
    );
    let line = listed_game(home.path(), &["--lang", "ja"]);
    assert_eq!(line["black"], "本因坊秀策");
    assert_eq!(line["adjourned"], true);
    let out = kaisho(
        home.path(),
        &["--lang", "ja", "games", "import", path.to_str().unwrap()],
    );
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.contains("文字コードは Shift_JIS (棋譜に指定がないため判定)"),
        "{said}"
    );
}

#[test]
fn a_shift_jis_record_is_exported_in_utf8_with_its_names_and_comments() {
    let home = tempfile::tempdir().unwrap();
    let text =
        "(;GM[1]CA[Shift_JIS]SZ[9]PB[本因坊秀策]PW[井上幻庵因碩]EV[御城碁];B[ee]C[耳赤の一手])";
    let path = home.path().join("declared.sgf");
    std::fs::write(&path, encoding_rs::SHIFT_JIS.encode(text).0).unwrap();
    let out = kaisho(home.path(), &["games", "import", path.to_str().unwrap()]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.contains("text read as Shift_JIS (as the record declares)"),
        "{said}"
    );
    let line = listed_game(home.path(), &[]);
    let id = line["id"].as_str().unwrap();
    let exported = String::from_utf8(exported_bytes(home.path(), id)).expect("UTF-8");
    assert_eq!(
        exported,
        "(;GM[1]CA[UTF-8]SZ[9]PB[本因坊秀策]PW[井上幻庵因碩]EV[御城碁];B[ee]C[耳赤の一手])\n",
    );
}

/// A record too large to keep whole imports its main line, and says so.
#[test]
fn a_record_over_the_tree_bound_imports_its_main_line_and_says_so() {
    let home = tempfile::tempdir().unwrap();
    let comment = "x".repeat(16_000);
    let mut text = String::from("(;GM[1]SZ[9];B[ee]");
    for _ in 0..140 {
        text.push_str(&format!("(;W[aa]C[{comment}])"));
    }
    text.push(')');
    assert!(text.len() > kaisho_saves::sgf::MAX_TREE_BYTES);
    let path = home.path().join("large.sgf");
    std::fs::write(&path, &text).unwrap();
    let out = kaisho(home.path(), &["games", "import", path.to_str().unwrap()]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("2 moves, adjourned"), "{said}");
    assert!(said.contains("only the main line was kept"), "{said}");
    let games = Places::under(home.path()).games_dir();
    let kept = std::fs::read_dir(&games)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "sgf")
        })
        .count();
    assert_eq!(kept, 0, "no tree kept");
}

/// The id of the one game `kaisho games import FILE` made under `home`.
fn imported_id(home: &std::path::Path, file: &std::path::Path) -> String {
    let out = kaisho(home, &["games", "import", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    listed_game(home, &[])["id"].as_str().unwrap().to_string()
}

#[test]
fn a_record_just_under_the_bound_full_of_times_is_kept_so_that_it_reads_back() {
    let home = tempfile::tempdir().unwrap();
    let mut text = String::from("(;GM[1]SZ[19]RE[B+R]");
    // Comments as long as a node may hold, so the line stays short.
    let comment = format!("C[{}]", "12:30 ".repeat(2_500));
    let mut moves = 0;
    while text.len() + comment.len() + 40 < kaisho_saves::sgf::MAX_TREE_BYTES - 10_000 {
        let (color, other) = if moves % 2 == 0 {
            ('B', 'W')
        } else {
            ('W', 'B')
        };
        // Passes and comments: a long line with no captures to check.
        text.push_str(&format!(";{color}[]{comment}(;{other}[aa])"));
        moves += 1;
    }
    text.push(')');
    let path = home.path().join("times.sgf");
    std::fs::write(&path, &text).unwrap();
    let id = imported_id(home.path(), &path);
    let kept = Places::under(home.path())
        .games_dir()
        .join(format!("{id}.sgf"));
    let kept_bytes = std::fs::metadata(&kept).expect("the tree is kept").len();
    assert!(
        kept_bytes <= kaisho_saves::sgf::MAX_TREE_BYTES as u64,
        "{kept_bytes} bytes kept"
    );
    let listed = kaisho(home.path(), &["games"]);
    let said = String::from_utf8_lossy(&listed.stdout);
    let warned = String::from_utf8_lossy(&listed.stderr);
    assert!(said.contains(&id), "{said}{warned}");
    assert!(!warned.contains("not an SGF game tree"), "{warned}");
    let exported = String::from_utf8(exported_bytes(home.path(), &id)).unwrap();
    assert!(exported.contains("C[12:30 12:30"), "no colon escaped");
}

#[test]
fn a_kept_record_nested_too_deep_is_refused_by_name_not_crashed_on() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("game.sgf");
    std::fs::write(&path, "(;GM[1]SZ[9]RE[B+R];B[ee];W[cc]C[a](;B[gg]))").unwrap();
    let id = imported_id(home.path(), &path);
    let kept = Places::under(home.path())
        .games_dir()
        .join(format!("{id}.sgf"));
    let deep = format!(
        "(;GM[1]SZ[9]{}{})",
        "(;B[aa]".repeat(100_000),
        ")".repeat(100_000)
    );
    std::fs::write(&kept, deep).unwrap();
    for args in [vec!["games", "export", id.as_str()], vec!["games"]] {
        let out = kaisho(home.path(), &args);
        assert!(out.status.code().is_some(), "{args:?} was killed: {out:?}");
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!said.contains("overflowed its stack"), "{said}");
        assert!(said.contains(&format!("{id}.sgf")), "{args:?}: {said}");
    }
}

#[test]
fn exports_of_one_game_are_the_same_bytes_every_time() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("counted.sgf");
    std::fs::write(
        &path,
        "(;GM[1]SZ[9]RE[B+5.5]AB[cc][gg][cg][gc];W[ee];B[dd]TB[aa][ba][ca][ab][bb]TW[ii][hi][ih][hh][gi])",
    )
    .unwrap();
    let id = imported_id(home.path(), &path);
    let first = exported_bytes(home.path(), &id);
    for _ in 0..3 {
        assert_eq!(exported_bytes(home.path(), &id), first);
    }
    let text = String::from_utf8(first).unwrap();
    assert!(text.contains("TB[aa][ab][ba][bb][ca]"), "{text}");
}

#[test]
fn a_record_with_junk_after_it_and_no_date_is_kept_whole_and_dated_by_nobody() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("junk.sgf");
    let record = "(;GM[1]SZ[9]RE[W+3 moku]PB[Aki]XX[keep]C[hi];B[ee]C[c1](;W[cc])(;W[gg]))";
    std::fs::write(&path, format!("{record}\n)junk (;GM[1]")).unwrap();
    let id = imported_id(home.path(), &path);
    let line = listed_game(home.path(), &[]);
    assert_eq!(line["date"], serde_json::Value::Null, "{line}");
    assert_eq!(line["result"], "W+3 moku");
    let listed = String::from_utf8(kaisho(home.path(), &["games"]).stdout).unwrap();
    let today = kaisho_saves::log::day_of(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64,
    );
    assert!(!listed.contains(&today), "{listed}");
    let exported = String::from_utf8(exported_bytes(home.path(), &id)).unwrap();
    let written = |text: &str| kaisho_saves::sgf::SgfTree::parse(text).unwrap().write();
    assert_eq!(written(&exported), written(record), "{exported}");
    assert!(!exported.contains("DT["), "no date invented: {exported}");
}

/// `--ascii` asks for ASCII: Japanese, which ASCII cannot show, gives way to
/// English, as on the drawn screen.
#[test]
fn games_in_ascii_are_listed_in_english_whatever_the_language() {
    let home = tempfile::tempdir().unwrap();
    let store = GameStore::new(Places::under(home.path()).games_dir());
    let play = Event::Play {
        color: Color::Black,
        point: Point::new(2, 2),
    };
    save(&store, "g1", &[play]);
    let out = kaisho(home.path(), &["games", "--ascii", "--lang", "ja"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("adjourned"), "{text}");
    assert!(text.is_ascii(), "{text}");
}

/// Every game of a collection is a saved game of its own; each that
/// cannot be taken is refused on its own, by its number in the file and
/// why, and the others are imported all the same.
#[test]
fn a_collection_imports_every_game() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("collection.sgf");
    std::fs::write(
        &path,
        "(;GM[1]SZ[9]PB[One];B[ee])\n(;GM[1]SZ[9]PB[Two];B[cc];W[cc])\n\
         (;GM[1]SZ[9]PB[Three]RE[B+R];B[gg])\n(;GM[1]SZ[99]PB[Four])\n",
    )
    .unwrap();
    let out = kaisho(home.path(), &["games", "import", path.to_str().unwrap()]);
    let said = String::from_utf8(out.stdout).unwrap();
    let warned = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{said}{warned}");
    let file = path.display();
    assert!(
        said.contains(&format!("imported game 1 of {file} as game ")),
        "{said}"
    );
    assert!(
        said.contains(&format!("imported game 3 of {file} as game ")),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "{file} holds 4 games: 2 imported as saved games, games 2, 4 refused"
        )),
        "{said}"
    );
    assert!(
        warned.contains(&format!("game 2 of {file} was not imported: "))
            && warned.contains("event 2 was refused"),
        "{warned}"
    );
    assert!(
        warned.contains(&format!("game 4 of {file} was not imported: "))
            && warned.contains("SZ[99:99] cannot be used"),
        "{warned}"
    );
    let out = kaisho(home.path(), &["games", "--json"]);
    let mut blacks: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["black"].to_string())
        .collect();
    blacks.sort();
    assert_eq!(blacks, ["\"One\"", "\"Three\""]);

    // A collection of which no game can be taken fails, and names each.
    let none = home.path().join("none.sgf");
    std::fs::write(&none, "(;GM[1]SZ[99])(;GM[1]SZ[4])").unwrap();
    let out = kaisho(home.path(), &["games", "import", none.to_str().unwrap()]);
    assert!(!out.status.success());
    let told = String::from_utf8(out.stderr).unwrap();
    assert!(
        told.contains("game 1 of") && told.contains("game 2 of"),
        "{told}"
    );

    // A single game is not numbered, and says nothing of others.
    let single = home.path().join("single.sgf");
    std::fs::write(&single, "(;GM[1]SZ[9];B[ee])").unwrap();
    let out = kaisho(home.path(), &["games", "import", single.to_str().unwrap()]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.starts_with(&format!("imported {}", single.display())),
        "{said}"
    );
    assert!(
        !said.contains("holds") && !said.contains("game 1 of"),
        "{said}"
    );
}

/// Bytes the declared set cannot read are counted, and the first placed
/// by its byte in the file and its property and move in the record.
#[test]
fn bytes_replaced_are_counted_and_placed_in_the_import_s_words() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("damaged.sgf");
    let mut bytes = b"(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[Aki];B[ee];W[cc]C[bad ".to_vec();
    let first = bytes.len();
    bytes.extend(b"\xff\xfe here];B[gg])");
    std::fs::write(&path, &bytes).unwrap();
    let out = kaisho(home.path(), &["games", "import", path.to_str().unwrap()]);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains(&format!(
            "text read as UTF-8 (as the record declares); 2 bytes that are not UTF-8 replaced \
             with U+FFFD, the first at byte {first} (in C[] of move 2)"
        )),
        "{said}"
    );
    let out = kaisho(
        home.path(),
        &["--lang", "ja", "games", "import", path.to_str().unwrap()],
    );
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.contains(&format!(
            "UTF-8 として読めない 2 バイトを U+FFFD に置き換えました。最初は {first} バイト目 (2手目の C[])"
        )),
        "{said}"
    );
}
