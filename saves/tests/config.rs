//! The config file: defaults, round trip, and broken files kept as they are.

use kaisho_core::{BoardSize, Komi};
use kaisho_saves::config::{
    Config, CoordinateStyle, Language, TimeControl, load, save, save_engine_command,
};
use std::fs;

#[test]
fn a_missing_file_gives_the_defaults_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let loaded = load(&dir.path().join("config.toml"));
    assert_eq!(loaded.config, Config::default());
    assert!(loaded.problem.is_none());
}

#[test]
fn settings_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let config = Config {
        player_name: "本因坊".into(),
        board_size: BoardSize::new(13).unwrap(),
        komi: Komi::RULES_1949,
        time_control: TimeControl::Absolute { main_seconds: 600 },
        coordinates: CoordinateStyle::Rules1949,
        ascii: true,
        undo_limit: 0,
        bell: true,
        lang: Some(Language::Ja),
        announce: false,
        watchers: false,
        max_watchers: 5,
        relay: None,
        engine_command: Some("gnugo --mode gtp --level 3".into()),
        engine_limit_secs: 15,
    };
    fs::write(
        &path,
        "[engine]\ncommand = \"gnugo --mode gtp --level 3\"\nlimit_seconds = 15\n",
    )
    .unwrap();
    save(&path, &config).unwrap();
    let loaded = load(&path);
    assert_eq!(loaded.problem, None);
    assert_eq!(loaded.config, config);
}

#[test]
fn announcing_hosted_games_is_on_unless_the_file_turns_it_off() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, "[player]\nname = \"Sai\"\n").unwrap();
    assert!(load(&path).config.announce);
    fs::write(&path, "[network]\nannounce = false\n").unwrap();
    let loaded = load(&path);
    assert_eq!(loaded.problem, None);
    assert!(!loaded.config.announce);
    fs::write(&path, "[network]\nannounce = \"maybe\"\n").unwrap();
    let problem = load(&path)
        .problem
        .expect("a value that is no boolean is named");
    assert_eq!(problem.line, Some(2));
}

#[test]
fn watching_is_on_for_sixteen_unless_the_file_says_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, "[player]\nname = \"Sai\"\n").unwrap();
    let config = load(&path).config;
    assert!(config.watchers);
    assert_eq!(config.max_watchers, 16);
    fs::write(&path, "[network]\nwatchers = false\nmax_watchers = 3\n").unwrap();
    let loaded = load(&path);
    assert_eq!(loaded.problem, None);
    assert!(!loaded.config.watchers);
    assert_eq!(loaded.config.max_watchers, 3);
    for wrong in ["0", "65"] {
        fs::write(&path, format!("[network]\n\nmax_watchers = {wrong}\n")).unwrap();
        let problem = load(&path).problem.expect("a cap out of range is named");
        assert_eq!(problem.line, Some(3));
        assert!(problem.message.contains("1 to 64"), "{}", problem.message);
    }
}

#[test]
fn a_hand_written_partial_file_fills_in_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(
        &path,
        "[player]\nname = \"Sai\"\n\n[game]\nkomi = 0\nclock = { mode = \"byoyomi\", main_seconds = 0, periods = 3, period_seconds = 10 }\n",
    )
    .unwrap();
    let loaded = load(&path);
    assert_eq!(loaded.problem, None);
    assert_eq!(loaded.config.player_name, "Sai");
    assert_eq!(loaded.config.komi, Komi::ZERO);
    assert_eq!(loaded.config.board_size, BoardSize::NINETEEN);
    assert_eq!(
        loaded.config.time_control,
        TimeControl::Byoyomi {
            main_seconds: 0,
            periods: 3,
            period_seconds: 10
        }
    );
}

#[test]
fn a_syntax_error_gives_defaults_a_message_with_file_and_line_and_keeps_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let text = "[player]\nname = \"Sai\"\n[game\nkomi = 6.5\n";
    fs::write(&path, text).unwrap();
    let loaded = load(&path);
    assert_eq!(loaded.config, Config::default());
    let problem = loaded.problem.unwrap();
    assert_eq!(problem.line, Some(3));
    let message = problem.to_string();
    assert!(message.contains("config.toml line 3"), "{message}");
    assert!(message.contains("default settings"), "{message}");
    assert!(
        save(&path, &Config::default()).is_err(),
        "a broken file is not overwritten"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn a_value_out_of_range_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(
        &path,
        "[player]\nname = \"Sai\"\n\n[game]\nboard_size = 30\n",
    )
    .unwrap();
    let problem = load(&path).problem.unwrap();
    assert_eq!(problem.line, Some(5));
    assert!(
        problem.message.contains("board size 30"),
        "{}",
        problem.message
    );
    fs::write(&path, "[game]\nkomi = 6.3\n").unwrap();
    assert_eq!(load(&path).problem.unwrap().line, Some(2));
}

/// A 100,000-character name in config.toml made every local game's header
/// too large to read back; it is refused like any other bad setting (a
/// name that long makes the file larger than a config file is read at, so
/// the name here is 10,000 characters, within that size; the next test
/// has the 100,000).
#[test]
fn a_name_over_the_limit_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let text = format!("[player]\nname = \"{}\"\n", "n".repeat(10_000));
    fs::write(&path, &text).unwrap();
    let loaded = load(&path);
    let problem = loaded.problem.expect("the long name is refused");
    assert_eq!(problem.line, Some(2));
    assert!(
        problem.message.contains("at most 64"),
        "{}",
        problem.message
    );
    assert_eq!(loaded.config, Config::default());
    assert_eq!(fs::read_to_string(&path).unwrap(), text, "the file is kept");
}

/// A file larger than any settings, such as one with a 100,000-character
/// name, is refused by its size before it is read, named, and kept.
#[test]
fn a_config_file_over_its_size_is_refused_unread_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    let text = format!("[player]\nname = \"{}\"\n", "n".repeat(100_000));
    fs::write(&path, &text).unwrap();
    let loaded = load(&path);
    let problem = loaded.problem.expect("the file is refused");
    assert_eq!(problem.line, None);
    assert!(
        problem.message.contains("larger than the 65536 bytes"),
        "{}",
        problem.message
    );
    assert!(problem.to_string().contains("config.toml"), "{problem}");
    assert_eq!(loaded.config, Config::default());
    assert!(
        save(&path, &Config::default()).is_err(),
        "never overwritten"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), text, "the file is kept");
}

/// A casual game at one keyboard starts without a clock unless the player
/// chose one.
#[test]
fn the_default_game_has_no_clock() {
    assert_eq!(Config::default().time_control, TimeControl::None);
}

#[test]
fn a_clock_in_the_file_is_the_games_clock_in_milliseconds() {
    use kaisho_core::clock::TimeControl as Core;
    let file = TimeControl::Byoyomi {
        main_seconds: 1200,
        periods: 5,
        period_seconds: 30,
    };
    let core = Core::from(file);
    assert_eq!(
        core,
        Core::Byoyomi {
            main_ms: 1_200_000,
            periods: 5,
            period_ms: 30_000
        }
    );
    assert_eq!(TimeControl::from(core), file);
}

/// A clock no game can be played with (no periods, no time) is named with
/// its line and the defaults are used.
#[test]
fn an_unplayable_clock_is_named_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    for clock in [
        "{ mode = \"byoyomi\", main_seconds = 600, periods = 0, period_seconds = 30 }",
        "{ mode = \"byoyomi\", main_seconds = 600, periods = 3, period_seconds = 0 }",
        "{ mode = \"absolute\", main_seconds = 0 }",
    ] {
        fs::write(&path, format!("[game]\nkomi = 0\nclock = {clock}\n")).unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.config, Config::default());
        let problem = loaded.problem.expect("a problem");
        assert_eq!(problem.line, Some(3), "{clock}");
        assert!(
            problem.message.contains("the clock cannot be played with"),
            "{problem}"
        );
    }
}

#[test]
fn the_language_is_read_from_display_and_an_unknown_one_is_named_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "[display]\nlang = \"ja\"\n").unwrap();
    assert_eq!(load(&path).config.lang, Some(Language::Ja));
    std::fs::write(&path, "[display]\nascii = true\n").unwrap();
    assert_eq!(load(&path).config.lang, None);
    std::fs::write(&path, "[display]\nascii = true\nlang = \"fr\"\n").unwrap();
    let loaded = load(&path);
    assert_eq!(loaded.config, Config::default());
    assert_eq!(loaded.problem.unwrap().line, Some(3));
}

#[test]
fn an_engine_limit_of_zero_is_refused_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(
        &path,
        "[engine]\ncommand = \"gnugo --mode gtp\"\nlimit_seconds = 0\n",
    )
    .unwrap();
    let loaded = load(&path);
    let problem = loaded.problem.expect("refused");
    assert_eq!(problem.line, Some(3));
    assert!(
        problem.message.contains("limit_seconds"),
        "{}",
        problem.message
    );
    assert_eq!(loaded.config, Config::default());
}

/// The engine command chosen on the home menu and the settings screen's
/// values are each written into the file as it is on the disk now: what
/// the other wrote, or another copy of kaisho with a stale copy of the
/// settings, and keys this build does not know, stay.
#[test]
fn each_write_keeps_what_another_copy_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    save_engine_command(&path, "gnugo --mode gtp --level 4").unwrap();
    let loaded = load(&path);
    assert_eq!(loaded.problem, None);
    assert_eq!(
        loaded.config.engine_command.as_deref(),
        Some("gnugo --mode gtp --level 4")
    );
    // Another copy, loaded before the engine was chosen, saves its settings.
    let stale = Config {
        player_name: "Sai".into(),
        undo_limit: 7,
        ..Config::default()
    };
    save(&path, &stale).unwrap();
    let text = fs::read_to_string(&path).unwrap() + "\n[later]\nnote = \"kept\"\n";
    fs::write(&path, text).unwrap();
    let loaded = load(&path).config;
    assert_eq!(
        loaded,
        Config {
            engine_command: Some("gnugo --mode gtp --level 4".into()),
            ..stale.clone()
        },
        "the engine chosen stays"
    );
    save_engine_command(&path, "gnugo --mode gtp --level 9").unwrap();
    let loaded = load(&path);
    assert_eq!(loaded.problem, None);
    assert_eq!(
        loaded.config,
        Config {
            engine_command: Some("gnugo --mode gtp --level 9".into()),
            ..stale
        }
    );
    assert!(
        fs::read_to_string(&path)
            .unwrap()
            .contains("note = \"kept\"")
    );
}

/// Two copies saving at the same instant: one the settings screen's
/// values, the other the engine chosen on the home menu, 40 times each.
/// Each write reads the file, changes its keys and writes it whole; without
/// the lock one copy would write back a file from before the other's
/// change, losing it. Both last values stand.
#[test]
fn two_copies_saving_at_once_lose_neither_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    const ROUNDS: u32 = 40;
    let engine = {
        let path = path.clone();
        std::thread::spawn(move || {
            for i in 0..ROUNDS {
                save_engine_command(&path, &format!("gnugo --mode gtp --level {i}")).unwrap();
            }
        })
    };
    let settings = {
        let path = path.clone();
        std::thread::spawn(move || {
            for i in 0..ROUNDS {
                let config = Config {
                    player_name: format!("Sai {i}"),
                    ..Config::default()
                };
                save(&path, &config).unwrap();
            }
        })
    };
    engine.join().unwrap();
    settings.join().unwrap();
    let loaded = load(&path);
    assert_eq!(loaded.problem, None);
    let last = ROUNDS - 1;
    assert_eq!(loaded.config.player_name, format!("Sai {last}"));
    assert_eq!(
        loaded.config.engine_command,
        Some(format!("gnugo --mode gtp --level {last}"))
    );
}

/// A file that does not parse is never written over by the engine choice.
#[test]
fn the_engine_command_leaves_a_broken_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    fs::write(&path, "[engine\ncommand = 1\n").unwrap();
    let refused = save_engine_command(&path, "gnugo --mode gtp").unwrap_err();
    assert_eq!(refused.line, Some(1));
    assert_eq!(fs::read_to_string(&path).unwrap(), "[engine\ncommand = 1\n");
}

/// The relay of games across the internet is the member's choice, kept in
/// `[network] relay`: none, n0 or a URL; anything else is refused with the
/// line; saving the settings screen's values keeps it.
#[test]
fn the_relay_is_none_n0_or_a_url_and_saving_the_settings_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    for relay in ["none", "n0", "https://relay.club.example"] {
        fs::write(&path, format!("[network]\nrelay = \"{relay}\"\n")).unwrap();
        let loaded = load(&path);
        assert!(loaded.problem.is_none(), "{relay}: {:?}", loaded.problem);
        assert_eq!(loaded.config.relay.as_deref(), Some(relay));
    }
    fs::write(&path, "[network]\nrelay = \"https://relay.club.example\"\n").unwrap();
    let config = Config {
        bell: true,
        ..load(&path).config
    };
    save(&path, &config).unwrap();
    let again = load(&path).config;
    assert!(again.bell);
    assert_eq!(again.relay.as_deref(), Some("https://relay.club.example"));
    for wrong in ["relay club", "ftp://relay", "", "https://a b"] {
        fs::write(
            &path,
            format!("[network]\nannounce = true\nrelay = \"{wrong}\"\n"),
        )
        .unwrap();
        let loaded = load(&path);
        let problem = loaded.problem.expect(wrong);
        assert_eq!(problem.line, Some(3), "{wrong}");
        assert!(
            problem.message.contains("relay must be none, n0"),
            "{problem}"
        );
        assert_eq!(loaded.config, Config::default());
    }
}
