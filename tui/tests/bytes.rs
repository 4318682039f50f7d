//! What a slow SSH link carries: the bytes of the first frame and of the
//! redraw after one move, held to the budgets of the terminal front end.

mod common;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::Command;
use kaisho::view::view;

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

/// The bytes of each frame while a move is typed as `:R3` and Enter.
fn typed_move_frames() -> Vec<(String, String)> {
    let mut state = mid_game();
    let sink = Sink::default();
    let mut terminal = byte_terminal(sink.clone());
    terminal.draw(|frame| view(&state, frame)).expect("draw");
    sink.take();
    let mut frames = Vec::new();
    for (label, code) in [
        (":", KeyCode::Char(':')),
        ("R", KeyCode::Char('R')),
        ("3", KeyCode::Char('3')),
        ("Enter", KeyCode::Enter),
    ] {
        press(&mut state, code);
        terminal.draw(|frame| view(&state, frame)).expect("draw");
        frames.push((
            label.to_string(),
            String::from_utf8_lossy(&sink.take()).into_owned(),
        ));
    }
    frames
}

/// A move typed with `:` costs little more than the move itself: the
/// prompt line is written, not padded out to the screen's width.
#[test]
fn a_typed_move_redraws_little() {
    let frames = typed_move_frames();
    let total: usize = frames.iter().map(|(_, b)| b.len()).sum();
    for (label, bytes) in &frames {
        println!("{label}: {} B {bytes:?}", bytes.len());
    }
    // Opening the prompt writes its text, not blanks to the screen's edge.
    let (_, open) = &frames[0];
    assert!(!open.contains("     \u{1b}"), "padded prompt: {open:?}");
    for (label, bytes) in &frames[1..3] {
        assert!(bytes.len() <= 40, "{label}: {} B {bytes:?}", bytes.len());
    }
    let enter = frames.last().map_or(0, |(_, b)| b.len());
    println!("typed move: {total} B in all, the move's own redraw (Enter) {enter} B");
    assert!(enter <= ONE_MOVE, "Enter {enter} B");
    assert!(total <= 2 * ONE_MOVE, "typed move {total} B");
}

/// With no clock running, a second that changes nothing on screen (a tick
/// while a message waits to fade, a prompt left open) sends no bytes.
#[test]
fn an_idle_screen_sends_nothing() {
    let mut state = mid_game();
    let sink = Sink::default();
    let mut terminal = byte_terminal(sink.clone());
    terminal.draw(|frame| view(&state, frame)).expect("draw");
    press(&mut state, KeyCode::Char(':'));
    terminal.draw(|frame| view(&state, frame)).expect("draw");
    sink.take();
    let mut idle = 0;
    for _ in 0..10 {
        common::update(&mut state, kaisho::app::Msg::Tick);
        terminal.draw(|frame| view(&state, frame)).expect("draw");
        idle += sink.take().len();
    }
    println!("idle: {idle} B in 10 s");
    assert_eq!(idle, 0);
}
