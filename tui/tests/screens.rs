//! Every screen rendered at 80×24 on ratatui's TestBackend, compared with
//! the committed snapshots under `tests/snapshots/`.

mod common;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{Options, Screen};
use kaisho_core::{Color, Event};

#[test]
fn home_screen() {
    in_both_languages!(&mut home());
}

#[test]
fn home_screen_with_a_nine_by_nine_handicap_game_chosen() {
    let mut state = home();
    keys(&mut state, "jljjll");
    in_both_languages!(&mut state);
}

#[test]
fn game_screen_at_the_start_of_a_nine_by_nine_game() {
    in_both_languages!(&mut new_game(9));
}

#[test]
fn game_screen_nineteen_by_nineteen_mid_game() {
    let mut state = mid_game();
    keys(&mut state, "kkh");
    in_both_languages!(&mut state);
}

#[test]
fn game_screen_with_1949_point_names() {
    let mut state = mid_game();
    press(&mut state, KeyCode::Char('t'));
    in_both_languages!(&mut state);
}

#[test]
fn game_screen_in_ascii() {
    let mut state = mid_game();
    state.options = Options {
        ascii: true,
        color: false,
    };
    state.naming.ascii = true;
    in_both_languages!(&mut state);
}

#[test]
fn game_screen_in_ascii_with_1949_point_names() {
    let mut state = mid_game();
    state.options.ascii = true;
    state.naming.ascii = true;
    press(&mut state, KeyCode::Char('t'));
    in_both_languages!(&mut state);
}

#[test]
fn game_screen_refusing_an_illegal_move() {
    let mut state = mid_game();
    play(&mut state, "Q16");
    in_both_languages!(&mut state);
}

#[test]
fn game_screen_asking_before_resigning() {
    let mut state = new_game(9);
    press(&mut state, KeyCode::Char('r'));
    in_both_languages!(&mut state);
}

#[test]
fn game_screen_typing_a_point() {
    let mut state = new_game(13);
    keys(&mut state, ":K1");
    in_both_languages!(&mut state);
}

#[test]
fn game_screen_after_a_repetition_with_the_ko_marked() {
    let mut game = triple_ko();
    let moves = [
        (Color::Black, "H8"),
        (Color::White, "B8"),
        (Color::Black, "C4"),
        (Color::White, "G8"),
        (Color::Black, "C8"),
    ];
    for (color, name) in moves {
        apply_all(
            &mut game,
            &[Event::Play {
                color,
                point: gtp(name, 9),
            }],
        );
    }
    let mut state = showing(game);
    play(&mut state, "B4");
    in_both_languages!(&mut state);
}

#[test]
fn help_overlay_on_the_game_screen() {
    let mut state = mid_game();
    press(&mut state, KeyCode::Char('?'));
    in_both_languages!(&mut state);
}

#[test]
fn help_overlay_on_the_ending_screen() {
    let mut state = walls_game();
    pass_twice(&mut state);
    press(&mut state, KeyCode::Char('?'));
    in_both_languages!(&mut state);
}

#[test]
fn ending_screen_with_a_chain_marked_dead() {
    let mut state = walls_game();
    pass_twice(&mut state);
    click(&mut state, "B5");
    press(&mut state, KeyCode::Char('s'));
    click(&mut state, "B5");
    in_both_languages!(&mut state);
}

#[test]
fn result_screen_after_agreement() {
    let mut state = walls_game();
    pass_twice(&mut state);
    keys(&mut state, "sa");
    in_both_languages!(&mut state);
}

/// A short terminal keeps the count's total and the result: the blank
/// lines go first.
#[test]
fn result_screen_at_60x20_keeps_the_total_and_the_result() {
    let mut state = walls_game();
    pass_twice(&mut state);
    keys(&mut state, "sa");
    let screen = render_at(&state, 60, 20).to_string();
    assert!(screen.contains("total"), "{screen}");
    assert!(screen.contains("wins by"), "{screen}");
    assert!(
        screen.contains("dead") && screen.contains("territory"),
        "{screen}"
    );
}

#[test]
fn result_screen_after_resignation() {
    let mut state = mid_game();
    keys(&mut state, "ry");
    in_both_languages!(&mut state);
}

#[test]
fn a_small_terminal_is_asked_to_grow() {
    insta::assert_snapshot!(render_at(&mid_game(), 70, 20));
}

/// A game without stones and without komi is 先, not an even game, in
/// the panel's terms.
#[test]
fn a_game_without_komi_or_stones_is_labelled_sen() {
    let settings = kaisho_core::Settings::even(
        kaisho_core::BoardSize::new(9).unwrap(),
        kaisho_core::Komi::ZERO,
    );
    let mut state = showing(kaisho_core::Game::new(settings).unwrap());
    let screen = format!("{}", render(&state));
    assert!(screen.contains("9x9, komi 0, sen"), "{screen}");
    state.naming.lang = kaisho::words::Lang::Ja;
    let screen = format!("{:?}", render(&state).buffer());
    assert!(screen.contains("コミ0、先"), "{screen}");
}

/// The help in ASCII mode names the club's terms in romaji: "(matta)",
/// never a kanji.
#[test]
fn ascii_mode_help_is_ascii() {
    let mut state = new_game(9);
    state.options.ascii = true;
    state.naming.ascii = true;
    press(&mut state, KeyCode::Char('?'));
    let screen = format!("{}", render(&state));
    assert!(screen.contains("(matta)"), "{screen}");
    assert!(screen.is_ascii(), "{screen}");
}

#[test]
fn ascii_mode_keeps_engine_messages_ascii() {
    let mut state = new_game(9);
    state.options.ascii = true;
    state.naming.ascii = true;
    play(&mut state, "Z1");
    let screen = format!("{}", render(&state));
    assert!(screen.contains("'Z1' lies outside a 9x9 board"), "{screen}");
    assert!(screen.is_ascii(), "{screen}");
}

/// While the terminal is too small for the screen, keys do nothing: the
/// menu's selection and Enter act only once the screen is seen again.
#[test]
fn keys_do_nothing_while_the_screen_is_too_small() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    common::update(&mut state, kaisho::app::Msg::Resize(40, 10));
    let screen = format!("{}", render_at(&state, 40, 10));
    assert!(screen.contains("Enlarge"), "{screen}");
    let before = state.home;
    keys(&mut state, "jjjjjjj");
    press(&mut state, KeyCode::Enter);
    assert!(
        matches!(state.screen, Screen::Home),
        "a screen opened unseen"
    );
    assert_eq!(state.home, before, "the menu moved unseen");
}

/// A 19×19 board does not fit 60×20 even without its panel.
#[test]
fn nineteen_by_nineteen_at_60_by_20_asks_for_a_larger_terminal() {
    let mut state = mid_game();
    common::update(&mut state, kaisho::app::Msg::Resize(60, 20));
    insta::assert_snapshot!(render_at(&state, 60, 20));
}

/// A 9×9 board fits 40×15 alone, with one status line under it.
#[test]
fn nine_by_nine_at_40_by_15_shows_the_board_and_a_status_line() {
    let mut state = new_game(9);
    play(&mut state, "E5");
    play(&mut state, "C3");
    state.message = None;
    insta::assert_snapshot!(render_at(&state, 40, 15));
}

/// The compact status line keeps whose turn it is while a message is
/// shown (a game just resumed, a move said), with the message after it.
#[test]
fn nine_by_nine_at_40_by_15_keeps_the_turn_beside_a_message() {
    let mut state = new_game(9);
    common::update(&mut state, kaisho::app::Msg::Resize(40, 15));
    play(&mut state, "E5");
    assert!(state.message.is_some());
    let backend = render_at(&state, 40, 15);
    let buffer = backend.buffer();
    let status: String = (0..40).map(|x| buffer[(x, 11)].symbol()).collect();
    assert!(status.starts_with("White to play"), "{status:?}");
    assert!(status.contains("E5"), "{status:?}");
}

/// The compact screen shows the open question on its status line.
#[test]
fn nine_by_nine_at_40_by_15_shows_the_open_question() {
    let mut state = new_game(9);
    common::update(&mut state, kaisho::app::Msg::Resize(40, 15));
    press(&mut state, KeyCode::Char(':'));
    keys(&mut state, "D4");
    insta::assert_snapshot!(render_at(&state, 40, 15));
}
