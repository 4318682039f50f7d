//! Records from other programs on the Saved games screen: a record without
//! a result (an analysis file, a problem set) opens for review as a
//! finished game does, with `r` to play on it; `i` imports every game of a
//! collection and says which were refused and why; a file reviewed says
//! which bytes of it could not be read.

mod common;

use common::{Front, home_in, kaisho_cli, keys, open_from_home, press, screen_text};
use crossterm::event::KeyCode;
use kaisho::app::{HomeItem, Screen};
use std::path::Path;

/// Saved games opened in a home under `dir`.
fn saved_games(dir: &Path) -> Front {
    let mut state = home_in(dir);
    open_from_home(&mut state, HomeItem::Games);
    assert!(matches!(state.screen, Screen::Games(_)));
    state
}

/// Types `path` at the `i` prompt of Saved games; what was said.
fn import_on_screen(state: &mut Front, path: &Path) -> Vec<String> {
    keys(state, "i");
    keys(state, &path.display().to_string());
    press(state, KeyCode::Enter)
}

/// The Black players Saved games lists, sorted.
fn listed_blacks(state: &Front) -> Vec<String> {
    let Screen::Games(list) = &state.screen else {
        panic!("not on Saved games: {:?}", state.screen);
    };
    let mut blacks: Vec<String> = list.games.iter().map(|g| g.black.clone()).collect();
    blacks.sort();
    blacks
}

#[test]
fn enter_on_an_unfinished_imported_record_reviews_it() {
    let home = tempfile::tempdir().unwrap();
    let problem = home.path().join("problem.sgf");
    std::fs::write(
        &problem,
        "(;GM[1]FF[4]SZ[9]PB[Problem]C[Black to live];B[ee]C[the vital point];W[dc])",
    )
    .unwrap();
    kaisho_cli(home.path(), &["games", "import", problem.to_str().unwrap()]);

    let mut state = saved_games(home.path());
    let shown = screen_text(&state);
    assert!(
        shown.contains("Enter open") && shown.contains("r play on"),
        "{shown}"
    );
    let told = press(&mut state, KeyCode::Enter);
    let Screen::Review(review) = &state.screen else {
        panic!(
            "Enter did not review the record: {:?} {told:?}",
            state.screen
        );
    };
    assert_eq!(review.record.black.as_deref(), Some("Problem"));
    assert_eq!(review.comment().as_deref(), Some("Black to live"));

    press(&mut state, KeyCode::Esc);
    assert!(
        matches!(state.screen, Screen::Games(_)),
        "{:?}",
        state.screen
    );
    let told = press(&mut state, KeyCode::Char('r'));
    assert!(
        matches!(state.screen, Screen::Game(_)),
        "r plays on: {told:?}"
    );
}

#[test]
fn a_collection_imported_on_saved_games_makes_every_game_and_says_which_were_refused() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("club.sgf");
    std::fs::write(
        &file,
        "(;GM[1]SZ[9]PB[Aki];B[ee])\n(;GM[1]SZ[9]PB[Ben];B[cc];W[cc])\n(;GM[1]SZ[9]PB[Chie];B[gg])",
    )
    .unwrap();
    let mut state = saved_games(home.path());
    let told = import_on_screen(&mut state, &file);
    assert_eq!(listed_blacks(&state), ["Aki", "Chie"], "{told:?}");
    let line = told.join("\n");
    assert!(
        line.contains("club.sgf holds 3 games: 2 imported as saved games, game 2 refused"),
        "{line}"
    );
    assert!(
        line.contains("game 2 of club.sgf was not imported: ")
            && line.contains("the point is occupied"),
        "{line}"
    );
}

#[test]
fn a_file_reviewed_says_which_bytes_it_could_not_read() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("damaged.sgf");
    std::fs::write(&file, b"(;GM[1]CA[UTF-8]SZ[9]PB[Aki \xff];B[ee])").unwrap();
    let mut state = saved_games(home.path());
    let told = import_on_screen(&mut state, &file).join("\n");
    assert!(matches!(state.screen, Screen::Review(_)), "{told}");
    assert!(
        told.contains(
            "1 byte that is not UTF-8 replaced with U+FFFD, the first at byte 28 (in PB[] of the root)"
        ),
        "{told}"
    );
}
