//! The pictures of the real screen in the README and the manual
//! (`docs/pictures/`): drawn here from kaisho's own render at 80×24 and
//! compared with the committed files, so a change to the screen that does
//! not bring new pictures fails. `KAISHO_PICTURES=write cargo test -p
//! kaisho --test pictures` writes them anew.

mod common;

use common::svg::picture;
use common::{Front, OPENING, home, play, press, render, run, showing, update};
use crossterm::event::KeyCode;
use kaisho::app::{Command, Msg};
use kaisho::words::Lang;
use kaisho_core::{Event, Game, Komi, Phase};
use std::path::{Path, PathBuf};

fn pictures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/pictures")
}

/// Compares the picture with the committed file, or writes it when asked.
fn check(name: &str, svg: &str) {
    let path = pictures_dir().join(name);
    if std::env::var_os("KAISHO_PICTURES").is_some_and(|v| v == "write") {
        std::fs::create_dir_all(pictures_dir()).expect("docs/pictures can be made");
        std::fs::write(&path, svg).expect("the picture is written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == svg,
        "docs/pictures/{name} is not the screen kaisho draws now: \
         run `KAISHO_PICTURES=write cargo test -p kaisho --test pictures` and commit the pictures"
    );
}

/// The 50-move opening of the tests at one keyboard, said in `lang`.
fn game_in(lang: Lang) -> Front {
    let mut state = home();
    state.naming.lang = lang;
    run(
        &mut state,
        Command::StartLocal {
            size: 19,
            komi: Komi::MODERN,
            handicap: 0,
        },
    );
    for name in OPENING {
        play(&mut state, name);
    }
    state
}

/// A finished 19×19 game of the committed GNU Go records, stopped by two
/// passes at the keyboard with its draft read to the end, said in `lang`.
fn ending_in(lang: Lang) -> Front {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus/life/g029-19.sgf");
    let record = kaisho_saves::sgf::read_file(&path).expect("the committed record");
    let mut events = record.events();
    while matches!(events.last(), Some(Event::Pass { .. })) {
        events.pop();
    }
    let mut game = Game::new(record.settings.clone()).expect("the record's settings");
    common::apply_all(&mut game, &events);
    let mut state = showing(game);
    state.naming.lang = lang;
    press(&mut state, KeyCode::Char('p'));
    press(&mut state, KeyCode::Char('p'));
    assert_eq!(common::session(&state).game.phase(), Phase::Stopped);
    for _ in 0..200 {
        if !state.reading() {
            return state;
        }
        update(&mut state, Msg::Read);
    }
    panic!("the draft was still reading after 200 slices");
}

fn drawn(state: &Front, title: &str) -> String {
    picture(render(state).buffer(), title)
}

#[test]
fn the_game_screen_pictures_are_the_screen_drawn_now() {
    check(
        "game.svg",
        &drawn(&game_in(Lang::En), "kaisho: a 19×19 game at 80×24"),
    );
    check(
        "game-ja.svg",
        &drawn(&game_in(Lang::Ja), "kaisho: 19路の対局画面 (80×24)"),
    );
}

#[test]
fn the_ending_pictures_are_the_screen_drawn_now() {
    check(
        "ending.svg",
        &drawn(
            &ending_in(Lang::En),
            "kaisho: the ending of a 19×19 game with the dead stones marked",
        ),
    );
    check(
        "ending-ja.svg",
        &drawn(&ending_in(Lang::Ja), "kaisho: 終局処理の画面 (死に石の印)"),
    );
}

/// The picture holds the screen's text: every stone and the panel's words
/// are in it, so a picture of an empty or cut screen is caught here too.
#[test]
fn a_picture_holds_every_cell_of_the_screen() {
    let state = game_in(Lang::En);
    let buffer = render(&state).buffer().clone();
    let svg = picture(&buffer, "t");
    let stones = |s: &str| s.matches('●').count() + s.matches('○').count();
    let on_screen: String = buffer.content().iter().map(|c| c.symbol()).collect();
    assert_eq!(stones(&svg), stones(&on_screen));
    assert!(stones(&svg) >= 50, "{} stones", stones(&svg));
    assert!(svg.contains("Black"), "{svg}");
}
