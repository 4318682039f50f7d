//! The record at hand during a game: the move list, move numbers on the
//! stones, and looking back without leaving the game, whose clock and
//! partner go on meanwhile.

mod common;

use common::Front;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::Command;
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Settings};

const MOVES: [&str; 6] = ["E5", "C3", "G7", "C7", "G3", "E3"];

fn six_moves() -> Front {
    let mut state = new_game(9);
    for m in MOVES {
        play(&mut state, m);
    }
    state
}

#[test]
fn the_move_list_beside_the_board_at_80x24() {
    let mut state = six_moves();
    press(&mut state, KeyCode::Char('m'));
    in_both_languages!(&mut state);
    press(&mut state, KeyCode::Char('m'));
    assert!(!session(&state).look.moves);
}

#[test]
fn move_numbers_on_the_stones_at_80x24() {
    let mut state = six_moves();
    let said = press(&mut state, KeyCode::Char('#'));
    assert_eq!(said, ["move numbers on the stones shown"]);
    in_both_languages!(&mut state);
}

/// Sixteen stones on two far rows, then 17, 18 and 19 side by side on the
/// centre row of a 19×19 board; the cursor stays on 19.
fn three_in_a_row() -> Front {
    let mut state = new_game(19);
    for col in "ABCDEFGH".chars() {
        play(&mut state, &format!("{col}3"));
        play(&mut state, &format!("{col}17"));
    }
    for m in ["K10", "L10", "M10"] {
        play(&mut state, m);
    }
    state
}

#[test]
fn two_digit_move_numbers_keep_apart_and_under_the_cursor() {
    let mut state = three_in_a_row();
    press(&mut state, KeyCode::Char('#'));
    for (w, h) in [(80, 24), (100, 24)] {
        for ascii in [false, true] {
            state.options.ascii = ascii;
            let screen = render_at(&state, w, h).to_string();
            let gap = if ascii { " " } else { "─" };
            let run = format!("17{gap}18[19]");
            assert!(screen.contains(&run), "{w}x{h} {run}:\n{screen}");
            assert!(!screen.contains("1718"), "{screen}");
        }
    }
    state.options.ascii = false;
    // Too narrow for three columns a point: two, as without numbers.
    let narrow = render_at(&state, 50, 24).to_string();
    assert!(narrow.contains("[1"), "{narrow}");
    // Single digits keep their point's column.
    let screen = render(&state).to_string();
    assert!(screen.contains("7──9──11─13"), "{screen}");
}

#[test]
fn move_numbers_on_a_thirteen_board_keep_the_panel() {
    let mut state = new_game(13);
    for m in [
        "D4", "E4", "F4", "G4", "H4", "J4", "K4", "L4", "M4", "N4", "D10", "E10",
    ] {
        play(&mut state, m);
    }
    press(&mut state, KeyCode::Char('#'));
    let screen = render(&state).to_string();
    assert!(screen.contains("8──9──10"), "{screen}");
    assert!(screen.contains("11[12]"), "{screen}");
    assert!(screen.contains("prisoners"), "{screen}");
}

#[test]
fn the_cursor_beside_the_last_move_leaves_its_parentheses_whole() {
    let mut state = new_game(9);
    play(&mut state, "E5");
    press(&mut state, KeyCode::Char('h'));
    let screen = render(&state).to_string();
    assert!(screen.contains("[┼(●)┼"), "{screen}");
    press(&mut state, KeyCode::Char('l'));
    press(&mut state, KeyCode::Char('l'));
    let screen = render(&state).to_string();
    assert!(screen.contains("┼(●)┼]"), "{screen}");
    // On the edge the parenthesis keeps clear of the row label.
    play(&mut state, "J4");
    press(&mut state, KeyCode::Char('k'));
    let screen = render(&state).to_string();
    assert!(screen.contains("(○) 4"), "{screen}");
    assert!(screen.contains("[┤] 5"), "{screen}");
}

#[test]
fn looking_back_shows_an_earlier_position_and_play_goes_on_after() {
    let mut state = six_moves();
    let said = press(&mut state, KeyCode::Char('v'));
    assert_eq!(said, ["looking back: move 5 of 6; Esc returns to the game"]);
    press(&mut state, KeyCode::Char('h'));
    press(&mut state, KeyCode::Char('h'));
    let (at, shown) = session(&state).look.back.clone().expect("looking back");
    assert_eq!(at, 3);
    assert_eq!(shown.board().get(gtp("C7", 9)), None);
    assert_eq!(shown.board().get(gtp("G7", 9)), Some(Color::Black));
    in_both_languages!(&mut state);
    // Enter does not play while looking back; the game is untouched.
    press(&mut state, KeyCode::Enter);
    assert_eq!(session(&state).game.move_number(), 6);
    press(&mut state, KeyCode::Esc);
    assert!(session(&state).look.back.is_none());
    play(&mut state, "D4");
    assert_eq!(session(&state).game.move_number(), 7);
}

#[test]
fn a_network_game_goes_on_while_a_player_looks_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    let mut game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
    game.apply(Event::Play {
        color: Color::Black,
        point: gtp("E5", 9),
    })
    .unwrap();
    start_network_game(&mut state, game, Color::Black);
    press(&mut state, KeyCode::Char('v'));
    press(&mut state, KeyCode::Home);
    // The partner plays meanwhile; the game takes the move, the look stays.
    partner_event(
        &mut state,
        Event::Play {
            color: Color::White,
            point: gtp("C3", 9),
        },
    );
    assert_eq!(session(&state).game.move_number(), 2);
    assert_eq!(session(&state).look.back.as_ref().unwrap().0, 0);
    press(&mut state, KeyCode::End);
    assert_eq!(session(&state).look.back.as_ref().unwrap().0, 2);
}

#[test]
fn plain_mode_lists_the_moves_and_prints_an_earlier_board() {
    let mut state = six_moves();
    let lines = said(run(&mut state, Command::ShowMoves));
    assert_eq!(lines, ["1 B E5\n2 W C3\n3 B G7\n4 W C7\n5 B G3\n6 W E3"]);
    let board = said(run(&mut state, Command::ShowPosition(1))).join("\n");
    assert!(board.contains('X'), "{board}");
    assert!(!board.contains('O'), "{board}");
}
