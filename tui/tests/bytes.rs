//! What a slow SSH link carries: the bytes of the first frame and of the
//! redraw after one move, held to the budgets of the terminal front end.

mod common;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::Command;

/// The first frame of a mid-game 19×19 screen fits in 6 KB.
const FIRST_FRAME: usize = 6 * 1024;
/// A move, with its panel updates, costs at most 200 bytes.
const ONE_MOVE: usize = 200;

#[test]
fn a_move_played_at_the_cursor_redraws_little() {
    let mut state = mid_game();
    keys(&mut state, "jj");
    let (first, redraw) = frame_bytes(&mut state, |state| {
        press(state, KeyCode::Enter);
    });
    println!("first frame {first} B, move by Enter {redraw} B");
    assert!(first <= FIRST_FRAME, "first frame {first} B");
    assert!(redraw <= ONE_MOVE, "redraw {redraw} B");
}

#[test]
fn a_clicked_move_redraws_little() {
    let mut state = mid_game();
    let point = gtp("R3", 19);
    let (_, redraw) = frame_bytes(&mut state, |state| {
        run(state, Command::At(point));
    });
    println!("move by click {redraw} B");
    assert!(redraw <= ONE_MOVE, "redraw {redraw} B");
}

#[test]
fn a_cursor_step_redraws_little() {
    let mut state = mid_game();
    let (_, redraw) = frame_bytes(&mut state, |state| {
        press(state, KeyCode::Char('l'));
    });
    println!("cursor step {redraw} B");
    assert!(redraw <= ONE_MOVE, "redraw {redraw} B");
}
