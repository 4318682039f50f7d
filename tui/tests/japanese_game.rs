//! A game at one keyboard played in Japanese from start to review: every
//! message the update says is in Japanese, and the language is chosen in
//! Settings, saved to `config.toml` and in force at once.

mod common;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{Command, HomeItem, Screen, SettingsItem};
use kaisho::words::Lang;
use kaisho_core::{Komi, Phase};
use kaisho_saves::places::Places;

/// The ASCII words a Japanese message may hold: SGF, the key and command
/// names the player types, and the players' names (a series' id is made
/// of them).
const ALLOWED: [&str; 11] = [
    "SGF", "Esc", "kaisho", "strike", "kou", "Player", "Aki", "Ben", "Chie", "Dai", "Carl",
];

/// The first run of three or more ASCII letters in `text` that is not an
/// allowed word or the player's name, and not in a file's path or a game's
/// id (a run of path characters holding a `/` or a digit).
fn english_in(text: &str) -> Option<String> {
    let pathish = |c: char| c.is_ascii_alphanumeric() || "/._-".contains(c);
    let mut token = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if pathish(c) {
            token.push(c);
            continue;
        }
        if !token.contains(|c: char| c == '/' || c.is_ascii_digit()) {
            let english = token
                .split(|c: char| !c.is_ascii_alphabetic())
                .find(|w| w.len() >= 3 && !ALLOWED.iter().any(|a| a.eq_ignore_ascii_case(w)));
            if let Some(word) = english {
                return Some(word.to_string());
            }
        }
        token.clear();
    }
    None
}

fn assert_japanese(said: &[String]) {
    for line in said {
        let english = english_in(line);
        assert!(english.is_none(), "not Japanese: {line:?} ({english:?})");
    }
}

/// A 9×9 game in Japanese in a home under `dir`, with what was said.
fn game_in_japanese(dir: &std::path::Path) -> (Front, Vec<String>) {
    let mut state = home_in(dir);
    state.naming.lang = Lang::Ja;
    let said = said(run(
        &mut state,
        Command::StartLocal {
            size: 9,
            komi: Komi::MODERN,
            handicap: 0,
        },
    ));
    (state, said)
}

#[test]
fn the_checker_finds_english() {
    assert_eq!(english_in("game g1 adjourned").as_deref(), Some("game"));
    assert_eq!(english_in("SGFを/tmp/x/a.sgfに保存しました"), None);
    assert_eq!(english_in("黒 D4 (J1989 第三条)"), None);
    assert_eq!(english_in("黒D4を打った。move 3").as_deref(), Some("move"));
    assert_eq!(english_in("対局20261124-162112-2-cba285b5を打ち掛け"), None);
}

#[test]
fn a_local_game_in_japanese_says_every_message_in_japanese() {
    let home = tempfile::tempdir().unwrap();
    let (mut state, mut all) = game_in_japanese(home.path());
    for name in WALLS {
        all.extend(play(&mut state, name));
    }
    // Refusals, looking back, move numbers, a take-back.
    all.extend(play(&mut state, "E1"));
    all.extend(play(&mut state, "E1"));
    assert_fits_80(&state);
    insta::assert_snapshot!("game_screen_played_in_japanese", render(&state));
    all.extend(keys(&mut state, "v"));
    all.extend(press(&mut state, KeyCode::Left));
    all.extend(press(&mut state, KeyCode::Esc));
    all.extend(keys(&mut state, "u"));
    all.extend(keys(&mut state, "n"));
    // Stop, the ending's marks, a proposal and its acceptance, the result.
    all.extend(keys(&mut state, "pp"));
    assert_eq!(session(&state).game.phase(), Phase::Stopped);
    assert_fits_80(&state);
    insta::assert_snapshot!("ending_screen_played_in_japanese", render(&state));
    all.extend(keys(&mut state, "s"));
    all.extend(keys(&mut state, "a"));
    assert_eq!(session(&state).game.phase(), Phase::Ended);
    all.extend(session(&state).after.clone());
    assert!(
        all.iter().any(|s| s.contains("SGFを")),
        "the export is said: {all:?}"
    );
    // The game is not over: nothing to refuse. A new game, adjourned.
    all.extend(press(&mut state, KeyCode::Char('n')));
    let (mut state, said) = game_in_japanese(home.path());
    all.extend(said);
    all.extend(play(&mut state, "E5"));
    all.extend(keys(&mut state, "qy"));
    assert!(
        all.iter().any(|s| s.contains("打ち掛け")),
        "adjourned: {all:?}"
    );
    // The saved games, the finished one reviewed, the adjourned resumed.
    open_from_home(&mut state, HomeItem::Games);
    let Screen::Games(list) = &state.screen else {
        panic!("not the saved-games screen");
    };
    let finished = list
        .games
        .iter()
        .position(|g| !g.is_adjourned())
        .expect("the finished game is listed");
    let adjourned = list
        .games
        .iter()
        .position(|g| g.is_adjourned())
        .expect("the adjourned game is listed");
    list_to(&mut state, finished);
    all.extend(press(&mut state, KeyCode::Enter));
    assert!(matches!(state.screen, Screen::Review(_)));
    all.extend(press(&mut state, KeyCode::Right));
    all.extend(keys(&mut state, "gx"));
    all.extend(press(&mut state, KeyCode::Enter));
    all.extend(press(&mut state, KeyCode::End));
    all.extend(press(&mut state, KeyCode::Esc));
    list_to(&mut state, adjourned);
    all.extend(press(&mut state, KeyCode::Enter));
    assert!(state.table().is_some(), "the adjourned game resumed");
    assert!(all.len() > 40, "{all:?}");
    assert_japanese(&all);
}

/// Moves the saved games' selection to line `to`.
fn list_to(state: &mut Front, to: usize) {
    for _ in 0..10 {
        let Screen::Games(list) = &state.screen else {
            panic!("not the saved-games screen");
        };
        match list.selected.cmp(&to) {
            std::cmp::Ordering::Less => press(state, KeyCode::Down),
            std::cmp::Ordering::Greater => press(state, KeyCode::Up),
            std::cmp::Ordering::Equal => return,
        };
    }
}

/// Selects the settings form's `item`.
fn select(state: &mut Front, item: SettingsItem) {
    let Screen::Settings(form) = &mut state.screen else {
        panic!("not the settings screen");
    };
    form.selected = kaisho::app::SETTINGS_ITEMS
        .iter()
        .position(|&i| i == item)
        .unwrap();
}

#[test]
fn the_language_is_chosen_in_settings_saved_and_in_force_at_once() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    state.naming.lang = Lang::En;
    open_from_home(&mut state, HomeItem::Settings);
    select(&mut state, SettingsItem::Language);
    press(&mut state, KeyCode::Enter);
    let said = press(&mut state, KeyCode::Char('s'));
    assert_eq!(state.naming.lang, Lang::Ja);
    assert!(said[0].starts_with("設定を"), "{said:?}");
    let config = Places::under(home.path()).config_file();
    let text = std::fs::read_to_string(&config).unwrap();
    assert!(text.contains("lang = \"ja\""), "{text}");
    // A new start reads it: the setting beats the locale.
    let mut state = home_in(home.path());
    assert_eq!(kaisho::words::chosen(None, &state.config), Lang::Ja);
    state.naming.lang = Lang::Ja;
    // And back to English.
    open_from_home(&mut state, HomeItem::Settings);
    select(&mut state, SettingsItem::Language);
    press(&mut state, KeyCode::Right);
    let said = press(&mut state, KeyCode::Char('s'));
    assert_eq!(state.naming.lang, Lang::En);
    assert!(said[0].starts_with("settings saved"), "{said:?}");
}

#[test]
fn settings_screen_with_the_language_item() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Settings);
    select(&mut state, SettingsItem::Language);
    press(&mut state, KeyCode::Enter);
    in_both_languages!(&mut state);
}

/// Types `text` into the open prompt and presses Enter.
fn type_in(state: &mut Front, text: &str) -> Vec<String> {
    for c in text.chars() {
        press(state, KeyCode::Char(c));
    }
    press(state, KeyCode::Enter)
}

#[test]
fn a_series_in_japanese_says_every_message_in_japanese() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    state.naming.lang = Lang::Ja;
    open_from_home(&mut state, HomeItem::Series);
    let mut all = Vec::new();
    press(&mut state, KeyCode::Char('n'));
    all.extend(type_in(&mut state, "Chie"));
    assert!(all[0].starts_with("対局者、手合割"), "{all:?}");
    press(&mut state, KeyCode::Char('n'));
    all.extend(type_in(&mut state, "Chie; sen-ai-sen"));
    assert!(all[1].starts_with("対局者を2人"), "{all:?}");
    press(&mut state, KeyCode::Char('n'));
    all.extend(type_in(&mut state, "Chie, Dai; sen-ai-sen; Dai"));
    // The next game of the open series, resigned by Black.
    all.extend(press(&mut state, KeyCode::Enter));
    assert!(state.table().is_some(), "the series game began: {all:?}");
    all.extend(keys(&mut state, "ry"));
    assert_eq!(session(&state).game.phase(), Phase::Ended);
    all.extend(session(&state).after.clone());
    assert!(
        all.iter()
            .any(|s| s.starts_with("番碁chie-dai 第1局: Chieの勝ち")),
        "the result is recorded: {all:?}"
    );
    // The result corrected on the series screen.
    all.extend(press(&mut state, KeyCode::Char('n')));
    open_from_home(&mut state, HomeItem::Series);
    all.extend(press(&mut state, KeyCode::Enter));
    press(&mut state, KeyCode::Char('c'));
    let refused = type_in(&mut state, "Carl");
    assert!(refused[0].starts_with("Carlは"), "{refused:?}");
    all.extend(refused);
    press(&mut state, KeyCode::Char('c'));
    all.extend(type_in(&mut state, "Dai"));
    assert!(
        all.iter()
            .any(|s| s.contains("第1局の結果を直しました: Daiの勝ち")),
        "corrected: {all:?}"
    );
    assert_japanese(&all);
}
