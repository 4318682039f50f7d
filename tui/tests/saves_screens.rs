//! The screens of saved games, review, series and settings at 80×24,
//! compared with the committed snapshots. The saves are written with fixed
//! ids and dates so that the screens do not depend on the clock.

mod common;

use common::Front;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{HomeItem, Screen};
use kaisho_core::series::{
    KomiPolicy, LadderKind, Player, Seat, Series, SeriesResult, SeriesSetup, Step,
};
use kaisho_core::{Event, Game};
use kaisho_saves::log::{GameHeader, GameStore, Player as LogPlayer};
use kaisho_saves::places::Places;
use kaisho_saves::series::{SeriesId, SeriesStore};
use ratatui::backend::TestBackend;
use std::path::Path;

/// 2026-11-22 04:00 UTC.
const DATE: i64 = 1_795_320_000;

/// The walls game, counted by agreement, as a finished game.
fn counted() -> Game {
    let mut state = walls_game();
    pass_twice(&mut state);
    keys(&mut state, "sa");
    session(&state).game.clone()
}

/// Writes `events` of a game on `game`'s settings as the log `id`.
fn save(dir: &Path, id: &str, minutes: i64, game: &Game, events: &[Event]) {
    save_as(dir, id, minutes, game, events, ["Aki", "Ben"]);
}

/// The same between the players `names` (Black, White).
fn save_as(dir: &Path, id: &str, minutes: i64, game: &Game, events: &[Event], names: [&str; 2]) {
    let store = GameStore::new(Places::under(dir).games_dir());
    let player = |name: &str| LogPlayer {
        name: name.to_string(),
        fingerprint: None,
    };
    let mut log = store
        .create(&GameHeader {
            game_id: id.to_string(),
            created_unix: DATE + 60 * minutes,
            black: player(names[0]),
            white: player(names[1]),
            settings: game.settings().clone(),
            local_color: None,
            series: None,
            clock: None,
        })
        .expect("a new log");
    for event in events {
        log.append(event, None).expect("appended");
    }
}

/// A home with a finished game, an adjourned one and a damaged file.
fn home_with_games(dir: &Path) -> Front {
    let game = counted();
    save(dir, "20261122-0400-1", 0, &game, game.events());
    save(dir, "20261122-0430-1", 30, &game, &game.events()[..12]);
    let games = Places::under(dir).games_dir();
    std::fs::write(games.join("broken.kgl"), b"not a game log at all").expect("written");
    home_in(dir)
}

#[test]
fn home_screen_with_saves() {
    let home = tempfile::tempdir().unwrap();
    in_both_languages!(&mut home_in(home.path()));
}

#[test]
fn saved_games_screen_with_an_adjourned_game_and_a_damaged_file() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_with_games(home.path());
    open_from_home(&mut state, HomeItem::Games);
    press(&mut state, KeyCode::Down);
    in_both_languages!(&mut state);
}

#[test]
fn review_screen_at_a_capture() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_with_games(home.path());
    open_from_home(&mut state, HomeItem::Games);
    // The newest (adjourned) game is first; the finished one second.
    press(&mut state, KeyCode::Down);
    press(&mut state, KeyCode::Enter);
    keys(&mut state, "g24");
    press(&mut state, KeyCode::Enter);
    in_both_languages!(&mut state);
}

#[test]
fn review_screen_at_the_end_with_the_agreed_count() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_with_games(home.path());
    open_from_home(&mut state, HomeItem::Games);
    press(&mut state, KeyCode::Down);
    press(&mut state, KeyCode::Enter);
    press(&mut state, KeyCode::End);
    in_both_languages!(&mut state);
}

fn series_home(dir: &Path) -> Front {
    let wins = [
        Seat::Second,
        Seat::Second,
        Seat::First,
        Seat::Second,
        Seat::Second,
        Seat::Second,
        Seat::First,
    ];
    let mut results: Vec<SeriesResult> = wins.into_iter().map(SeriesResult::Win).collect();
    results.push(SeriesResult::Jigo);
    aki_ben_series(dir, &results);
    let store = SeriesStore::new(&Places::under(dir));
    let player = |name: &str| Player {
        id: format!("local:{name}"),
        name: name.to_string(),
    };
    let fresh = Series::new(SeriesSetup {
        players: [player("Chie"), player("Dai")],
        ladder: LadderKind::Otsu,
        start: Step::Even,
        weaker: None,
        threshold: 4,
        komi: KomiPolicy::default(),
    })
    .expect("a series");
    store
        .create(&SeriesId::parse("chie-dai").expect("an id"), &fresh)
        .expect("created");
    home_in(dir)
}

#[test]
fn series_list() {
    let home = tempfile::tempdir().unwrap();
    let mut state = series_home(home.path());
    open_from_home(&mut state, HomeItem::Series);
    in_both_languages!(&mut state);
}

#[test]
fn series_screen_with_history_and_chart() {
    let home = tempfile::tempdir().unwrap();
    let mut state = series_home(home.path());
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Enter);
    in_both_languages!(&mut state);
}

/// The step of each game as the chart shows it: the label of the row its
/// mark is on, found under the game's number.
fn charted_steps(screen: &TestBackend) -> Vec<(String, String)> {
    let buffer = screen.buffer();
    let row = |y: u16| -> Vec<String> {
        (48..buffer.area.width)
            .map(|x| buffer[(x, y)].symbol().to_string())
            .collect()
    };
    let numbers_y = (0..buffer.area.height)
        .rev()
        .find(|&y| {
            row(y)
                .concat()
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit())
        })
        .expect("the games' numbers");
    let numbers = row(numbers_y);
    let mut steps = Vec::new();
    for (x, cell) in numbers.iter().enumerate() {
        if cell.trim().is_empty() || numbers.get(x + 1).is_some_and(|c| !c.trim().is_empty()) {
            continue;
        }
        let number: String = numbers[..=x]
            .iter()
            .rev()
            .take_while(|c| !c.trim().is_empty())
            .map(String::as_str)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let marked = (0..numbers_y)
            .rev()
            .find(|&y| ["●", "○"].contains(&row(y)[x].as_str()))
            .expect("a mark over each game");
        // A kanji's second column reads as a blank: the label ends at the
        // first two blanks in a row.
        let label = row(marked).concat();
        let label = label.split("  ").next().unwrap_or("").replace(' ', "");
        steps.push((number, label));
    }
    steps
}

#[test]
fn the_step_chart_names_each_games_step_on_any_screen() {
    let home = tempfile::tempdir().unwrap();
    let mut state = series_home(home.path());
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Enter);
    let played = |from: u32| -> Vec<(String, String)> {
        (from..=9)
            .map(|n| {
                let step = if n <= 6 { "先相先" } else { "先" };
                (n.to_string(), step.to_string())
            })
            .collect()
    };
    // The latest games that fit, the next one last.
    for (w, h, from) in [(80, 24, 2), (90, 40, 1)] {
        let screen = render_at(&state, w, h);
        assert_eq!(charted_steps(&screen), played(from), "{w}x{h}:\n{screen}");
    }
}

#[test]
fn settings_screen() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Settings);
    keys(&mut state, "jjl");
    in_both_languages!(&mut state);
}

#[test]
fn settings_screen_with_a_typed_clock() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Settings);
    let Screen::Settings(form) = &mut state.screen else {
        panic!("not the settings screen");
    };
    form.selected = kaisho::app::SETTINGS_ITEMS
        .iter()
        .position(|&i| i == kaisho::app::SettingsItem::Clock)
        .unwrap();
    press(&mut state, KeyCode::Enter);
    keys(&mut state, "20m 5x30s");
    press(&mut state, KeyCode::Enter);
    in_both_languages!(&mut state);
}

#[test]
fn help_overlay_on_the_review_screen() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_with_games(home.path());
    open_from_home(&mut state, HomeItem::Games);
    press(&mut state, KeyCode::Down);
    press(&mut state, KeyCode::Enter);
    press(&mut state, KeyCode::Char('?'));
    in_both_languages!(&mut state);
}

#[test]
fn review_screen_of_an_imported_record_stopped_by_a_ko() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Games);
    press(&mut state, KeyCode::Char('i'));
    let ko = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ko.sgf");
    keys(&mut state, &ko.display().to_string());
    press(&mut state, KeyCode::Enter);
    press(&mut state, KeyCode::End);
    in_both_languages!(&mut state);
}

#[test]
fn game_screen_stopped_because_its_log_could_not_be_written() {
    let mut state = new_game(9);
    play(&mut state, "E5");
    if let kaisho::app::Screen::Game(session) = &mut state.screen {
        session.halted = Some(
            "the game is stopped: could not append to the game log 20261122-0400-1.kgl: \
             No space left on device (os error 28). Every move before this one is saved; \
             free the disk and resume the game from Saved games"
                .to_string(),
        );
    }
    run(&mut state, kaisho::app::Command::Pass);
    in_both_languages!(&mut state);
}

/// A game of a series names its players, not only their colours.
#[test]
fn series_game_screen_names_the_players() {
    let home = tempfile::tempdir().unwrap();
    let mut state = series_home(home.path());
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Enter);
    press(&mut state, KeyCode::Enter);
    assert!(state.table().is_some(), "a game started");
    in_both_languages!(&mut state);
}

/// Wide names (kanji take two columns) keep the columns in line, and the
/// result column is cut with `…` at the screen's edge, never silently.
#[test]
fn saved_games_line_up_by_display_width() {
    let home = tempfile::tempdir().unwrap();
    let game = counted();
    let short = &game.events()[..12];
    save_as(
        home.path(),
        "20261122-0400-1",
        0,
        &game,
        short,
        ["Aki", "Ben"],
    );
    save_as(
        home.path(),
        "20261122-0430-1",
        30,
        &game,
        short,
        ["山田太郎", "佐藤花子"],
    );
    save_as(
        home.path(),
        "20261122-0500-1",
        60,
        &game,
        short,
        ["寿寿寿寿寿寿寿寿寿寿寿", "梅梅梅梅梅梅梅梅梅梅梅"],
    );
    for lang in kaisho::words::Lang::ALL {
        let mut state = home_in(home.path());
        state.naming.lang = lang;
        open_from_home(&mut state, HomeItem::Games);
        let backend = render(&state);
        let buffer = backend.buffer();
        let status = kaisho::app::games_status_in(
            &kaisho_saves::log::GameStore::new(Places::under(home.path()).games_dir())
                .list()
                .games[0],
            lang,
        );
        let first = status.chars().next().unwrap().to_string();
        let columns: Vec<u16> = (0..buffer.area.height)
            .filter_map(|y| {
                let row: String = (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect();
                row.contains("20261122-").then(|| {
                    (0..buffer.area.width)
                        .rev()
                        .find(|&x| buffer[(x, y)].symbol() == first)
                        .expect("the result column")
                })
            })
            .collect();
        assert_eq!(columns.len(), 3, "{lang:?}: {buffer:?}");
        assert!(
            columns.iter().all(|&c| c == columns[0]),
            "{lang:?}: {columns:?}\n{buffer:?}"
        );
        assert_fits_80(&state);
    }
}

#[test]
fn the_saved_games_header_stands_over_its_columns_with_the_ids_made_today() {
    let home = tempfile::tempdir().unwrap();
    let game = counted();
    save(
        home.path(),
        "20261128-101245-1-4453d38e",
        0,
        &game,
        game.events(),
    );
    let mut front = home_in(home.path());
    open_from_home(&mut front, kaisho::app::HomeItem::Games);
    let text = screen_text(&front);
    let header = text
        .lines()
        .find(|l| l.contains("board"))
        .expect("the header");
    let row = text
        .lines()
        .find(|l| l.contains("20261128-101245-1-4453d38e"))
        .expect("the game's row");
    assert_eq!(
        header.find("board").map(|at| at + "board".len()),
        row.find("9x9").map(|at| at + "9x9".len()),
        "\n{header}\n{row}"
    );
}
