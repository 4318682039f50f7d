//! `kaisho series …` run as the real binary, with its files in a temp dir.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn kaisho(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kaisho"))
        .env("KAISHO_HOME", home)
        .args(args)
        .output()
        .expect("the kaisho binary runs")
}

fn ok(home: &Path, args: &[&str]) -> String {
    let out = kaisho(home, args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn fails(home: &Path, args: &[&str]) -> String {
    let out = kaisho(home, args);
    assert!(!out.status.success(), "{args:?} should fail");
    String::from_utf8(out.stderr).unwrap()
}

fn json(home: &Path, id: &str) -> Value {
    serde_json::from_str(&ok(home, &["series", "show", id, "--json"])).unwrap()
}

#[test]
fn a_series_persists_across_runs_and_show_prints_the_terms() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    let out = ok(
        h,
        &[
            "series",
            "new",
            "--players",
            "Aki,Ben",
            "--ladder",
            "kou",
            "--step",
            "先相先",
            "--weaker",
            "Aki",
        ],
    );
    assert!(out.contains("Started series aki-ben"), "{out}");
    assert!(h.join("data/series/aki-ben.toml").exists());

    let mut blacks = Vec::new();
    for winner in ["Ben", "Aki", "draw", "Ben", "void"] {
        blacks.push(
            json(h, "aki-ben")["next"]["black"]
                .as_str()
                .unwrap()
                .to_string(),
        );
        ok(h, &["series", "record", "aki-ben", "--winner", winner]);
    }
    assert_eq!(blacks, ["Aki", "Ben", "Aki", "Aki", "Ben"]);

    let show = ok(h, &["series", "show", "aki-ben"]);
    assert!(show.contains("Next game: game 6"), "{show}");
    assert!(show.contains("先相先 (sen-ai-sen)"), "{show}");
    assert!(show.contains("game 3 of 3"), "{show}");
    assert!(show.contains("Black:    Aki (weaker)"), "{show}");
    assert!(show.contains("White:    Ben"), "{show}");
    assert!(show.contains("Ben +1 of 4"), "{show}");

    let v = json(h, "aki-ben");
    assert_eq!(v["next"]["game"], 6);
    assert_eq!(v["next"]["handicap"], 0);
    assert_eq!(v["next"]["komi"], 0.0);
    assert_eq!(v["lead"]["player"], "Ben");
    assert_eq!(v["games"].as_array().unwrap().len(), 5);
    assert_eq!(v["games"][2]["result"], "draw");
}

#[test]
fn a_four_game_lead_moves_the_step_and_restarts_the_pattern() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    ok(
        h,
        &[
            "series",
            "new",
            "--players",
            "Aki,Ben",
            "--ladder",
            "kou",
            "--step",
            "sen-ni-sen",
            "--weaker",
            "Aki",
            "--id",
            "club",
        ],
    );
    let handicaps: Vec<u64> = (0..3)
        .map(|_| {
            let n = json(h, "club")["next"]["handicap"].as_u64().unwrap();
            ok(h, &["series", "record", "club", "--winner", "Ben"]);
            n
        })
        .collect();
    assert_eq!(handicaps, [0, 2, 0], "先2先 is 先, 2 stones, 先");
    let out = ok(h, &["series", "record", "club", "--winner", "Ben"]);
    assert!(
        out.contains("four-game lead for Ben: the next game is 2先2 (Aki weaker) instead of 先2先"),
        "{out}"
    );
    let v = json(h, "club");
    assert_eq!(v["next"]["step"], "2先2");
    assert_eq!(v["next"]["position"], 1);
    assert_eq!(v["next"]["handicap"], 2);
    assert_eq!(v["next"]["step_began_at_game"], 5);
    assert!(v["lead"].is_null());
    assert_eq!(v["steps"][0]["end"], "moved");
}

#[test]
fn even_games_need_a_nigiri_and_then_alternate() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    ok(
        h,
        &[
            "series",
            "new",
            "--players",
            "Aki,Ben",
            "--ladder",
            "otsu",
            "--step",
            "tagai-sen",
        ],
    );
    let e = fails(h, &["series", "record", "aki-ben", "--winner", "Aki"]);
    assert!(e.contains("nigiri"), "{e}");
    assert!(json(h, "aki-ben")["next"]["black"].is_null());
    let out = ok(
        h,
        &[
            "series",
            "nigiri",
            "aki-ben",
            "--grabber",
            "Aki",
            "--stones",
            "12",
            "--call",
            "odd",
        ],
    );
    assert!(
        out.contains("Aki takes Black"),
        "a wrong call leaves Black to the grabber: {out}"
    );
    assert_eq!(json(h, "aki-ben")["next"]["komi"], 6.5);
    ok(h, &["series", "record", "aki-ben", "--winner", "Aki"]);
    assert_eq!(json(h, "aki-ben")["next"]["black"], "Ben");
}

#[test]
fn the_ladders_end_is_announced() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    ok(
        h,
        &[
            "series",
            "new",
            "--players",
            "Aki,Ben",
            "--ladder",
            "hei",
            "--step",
            "25子",
            "--weaker",
            "Aki",
        ],
    );
    let show = ok(h, &["series", "show", "aki-ben"]);
    assert!(show.contains("last step of the 丙 ladder"), "{show}");
    for _ in 0..3 {
        ok(h, &["series", "record", "aki-ben", "--winner", "Ben"]);
    }
    let out = ok(h, &["series", "record", "aki-ben", "--winner", "Ben"]);
    assert!(out.contains("cannot move further"), "{out}");
    assert_eq!(json(h, "aki-ben")["next"]["handicap"], 25);
}

#[test]
fn the_home_flag_wins_over_the_variable() {
    let env_home = tempfile::tempdir().unwrap();
    let flag_home = tempfile::tempdir().unwrap();
    let flag = flag_home.path().to_str().unwrap();
    ok(
        env_home.path(),
        &[
            "--home",
            flag,
            "series",
            "new",
            "--players",
            "Aki,Ben",
            "--step",
            "2子",
            "--weaker",
            "Ben",
        ],
    );
    assert!(flag_home.path().join("data/series/aki-ben.toml").exists());
    assert!(!env_home.path().join("data").exists());
    let listed = ok(env_home.path(), &["series", "list", "--home", flag]);
    assert!(listed.contains("aki-ben"), "{listed}");
}

#[test]
fn a_corrupt_series_is_named_left_alone_and_the_others_list() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    ok(
        h,
        &[
            "series",
            "new",
            "--players",
            "Aki,Ben",
            "--step",
            "sen",
            "--weaker",
            "Aki",
        ],
    );
    let bad = h.join("data/series/broken.toml");
    std::fs::write(&bad, "version = 1\nladder = \"kou\"\n[[[").unwrap();
    let out = kaisho(h, &["series", "list"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("aki-ben"));
    let warning = String::from_utf8_lossy(&out.stderr);
    assert!(warning.contains("broken.toml"), "{warning}");
    let e = fails(h, &["series", "record", "broken", "--winner", "Aki"]);
    assert!(
        e.contains("broken.toml") && e.contains("left as it is"),
        "{e}"
    );
    assert_eq!(
        std::fs::read_to_string(&bad).unwrap(),
        "version = 1\nladder = \"kou\"\n[[["
    );
}

#[test]
fn bad_input_is_refused_with_a_message() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    let cases: [(&[&str], &str); 6] = [
        (
            &[
                "series",
                "new",
                "--players",
                "Aki,Ben",
                "--ladder",
                "otsu",
                "--step",
                "先相先",
                "--weaker",
                "Aki",
            ],
            "Art. 15.3",
        ),
        (
            &["series", "new", "--players", "Aki,Ben", "--step", "先"],
            "weaker",
        ),
        (
            &["series", "new", "--players", "Aki,Aki", "--step", "even"],
            "tell them apart",
        ),
        (
            &["series", "new", "--players", "Aki,Ben", "--step", "sen-san"],
            "not a handicap step",
        ),
        (
            &[
                "series",
                "new",
                "--players",
                "Aki,Ben",
                "--step",
                "even",
                "--komi",
                "6.3",
            ],
            "komi",
        ),
        (&["series", "show", "../etc"], "not a series id"),
    ];
    for (args, words) in cases {
        let e = fails(h, args);
        assert!(e.contains(words), "{args:?}: {e}");
    }
    ok(
        h,
        &[
            "series",
            "new",
            "--players",
            "Aki,Ben",
            "--step",
            "2-3-2",
            "--weaker",
            "Ben",
        ],
    );
    let e = fails(h, &["series", "record", "aki-ben", "--winner", "Cat"]);
    assert!(e.contains("use Aki or Ben"), "{e}");
}

#[test]
fn a_wrong_result_is_corrected_or_struck_out_and_the_step_follows() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    ok(
        h,
        &[
            "series",
            "new",
            "--players",
            "Aki,Ben",
            "--step",
            "先相先",
            "--weaker",
            "Aki",
        ],
    );
    for _ in 0..4 {
        ok(h, &["series", "record", "aki-ben", "--winner", "Ben"]);
    }
    assert_eq!(json(h, "aki-ben")["next"]["step"], "先");
    // The fourth game was Aki's: the lead and the step go back.
    let out = ok(h, &["series", "correct", "aki-ben", "--winner", "Aki"]);
    assert!(
        out.starts_with("Game 4 corrected: Aki wins (was: Ben wins)."),
        "{out}"
    );
    assert_eq!(json(h, "aki-ben")["next"]["step"], "先相先");
    let out = ok(h, &["series", "correct", "aki-ben", "--winner", "strike"]);
    assert!(out.contains("Game 4 struck out"), "{out}");
    assert_eq!(json(h, "aki-ben")["next"]["game"], 4);
    let err = fails(h, &["series", "correct", "aki-ben", "--winner", "Carl"]);
    assert!(
        err.contains("'Carl' is not a player of this series"),
        "{err}"
    );
}

#[test]
fn a_series_is_kept_in_japanese_with_the_clubs_terms() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    let ja = |args: &[&str]| {
        let mut all = vec!["--lang", "ja"];
        all.extend_from_slice(args);
        ok(h, &all)
    };
    let new = [
        "series",
        "new",
        "--players",
        "Aki,Ben",
        "--ladder",
        "otsu",
        "--step",
        "even",
    ];
    let out = ja(&new);
    assert!(out.contains("番碁 aki-ben を始めました"), "{out}");
    assert!(out.contains("互先: 初局はニギリ、以後は黒白交互"), "{out}");
    assert!(out.contains("ニギリで決めます"), "{out}");

    let e = fails(
        h,
        &[
            "--lang", "ja", "series", "record", "aki-ben", "--winner", "Aki",
        ],
    );
    assert!(e.starts_with("kaisho: エラー: 第1局は互先の初局で"), "{e}");
    let nigiri = [
        "series",
        "nigiri",
        "aki-ben",
        "--grabber",
        "Aki",
        "--stones",
        "12",
        "--call",
        "odd",
    ];
    let out = ja(&nigiri);
    assert!(
        out.contains("ニギリ: Aki が12個 (偶数先) 握り、Ben が奇数先と答えました: 外れ"),
        "{out}"
    );
    assert!(out.contains("第1局は Aki が黒です"), "{out}");

    let out = ja(&["series", "record", "aki-ben", "--winner", "持碁"]);
    assert!(out.contains("第1局: 持碁 (勝越しは動きません)"), "{out}");
    let out = ja(&["series", "correct", "aki-ben", "--winner", "both-lose"]);
    assert!(
        out.contains("第1局の結果を訂正しました: 両負け (元: 持碁)"),
        "{out}"
    );
    let out = ja(&["series", "correct", "aki-ben", "--winner", "strike"]);
    assert!(
        out.contains("第1局の結果を取り消しました (元: 両負け)"),
        "{out}"
    );

    let show = ja(&["series", "show", "aki-ben"]);
    for expected in [
        "乙の手合割",
        "コミは互先で6.5目",
        "手合の推移:",
        "次の対局: 第1局",
    ] {
        assert!(show.contains(expected), "missing {expected:?} in {show}");
    }
    let listed = ja(&["series", "list"]);
    assert!(
        listed.contains("Aki 対 Ben") && listed.contains("次: 第1局、互先、黒 Aki"),
        "{listed}"
    );

    let e = fails(h, &["--lang", "ja", "series", "show", "nobody"]);
    assert!(e.contains("番碁「nobody」はありません"), "{e}");
    let e = fails(
        h,
        &[
            "--lang", "ja", "series", "record", "aki-ben", "--winner", "Cho",
        ],
    );
    assert!(e.contains("「Cho」はこの番碁の対局者ではありません"), "{e}");
}

/// The refusals `kaisho series` words from the series' own checks (a
/// correction naming nobody, two players with one name) are said in
/// Japanese too, not passed through in English.
#[test]
fn a_refused_correction_and_a_refused_pair_of_players_are_told_in_japanese() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    ok(
        h,
        &[
            "series",
            "new",
            "--players",
            "Aki,Ben",
            "--step",
            "sen",
            "--weaker",
            "Ben",
        ],
    );
    ok(h, &["series", "record", "aki-ben", "--winner", "Aki"]);
    let e = fails(
        h,
        &[
            "--lang", "ja", "series", "correct", "aki-ben", "--winner", "Cho",
        ],
    );
    assert!(e.contains("Choはこの番碁の対局者ではありません"), "{e}");
    assert!(
        !has_english(&e, &["Cho", "Aki", "Ben", "strike", "kaisho"]),
        "{e}"
    );
    let e = fails(
        h,
        &[
            "--lang",
            "ja",
            "series",
            "new",
            "--players",
            "Aki,Aki",
            "--step",
            "even",
        ],
    );
    assert!(e.contains("--players: 2人とも「Aki」です"), "{e}");
    assert!(!has_english(&e, &["Aki", "players", "kaisho"]), "{e}");
}

/// Whether `text`, once the `values` given are taken out, still holds a
/// run of three or more Latin letters: a word left in English.
fn has_english(text: &str, values: &[&str]) -> bool {
    let rest = values
        .iter()
        .fold(text.to_string(), |t, v| t.replace(v, " "));
    rest.split(|c: char| !c.is_ascii_alphabetic())
        .any(|run| run.len() >= 3)
}

/// The command the Series screen offers when there is no series works as
/// it is written, in both languages.
#[test]
fn the_series_screen_s_own_command_starts_a_series() {
    use kaisho::words::{Lang, SeriesNote, series_note};
    for lang in [Lang::En, Lang::Ja] {
        let home = tempfile::tempdir().unwrap();
        let hint = series_note(lang, SeriesNote::NoneYet);
        let command = hint
            .split("kaisho ")
            .nth(1)
            .and_then(|rest| rest.split(['`', '）']).next())
            .unwrap_or_else(|| panic!("no command in {hint}"));
        let args: Vec<&str> = command.split_whitespace().collect();
        let out = ok(home.path(), &args);
        assert!(out.contains("Started series"), "{out}");
    }
}

/// A handicap step without the weaker player names the flag that gives it.
#[test]
fn a_handicap_step_without_the_weaker_player_names_the_flag() {
    let home = tempfile::tempdir().unwrap();
    let err = fails(
        home.path(),
        &["series", "new", "--players", "Aki,Ben", "--step", "先"],
    );
    assert!(err.contains("--weaker"), "{err}");
}
