//! 待った on the screens: at one keyboard `u` takes the last move back at
//! once and both the move and its withdrawal reach the log; the limit from
//! Settings is kept; over the network the partner's request opens a prompt
//! that `y` or `n` answers.

mod common;

use common::update;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{Cmd, Msg, NetRequest, Prompt};
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Settings};
use kaisho_saves::log::{GameStore, read_log};
use kaisho_saves::places::Places;

#[test]
fn u_takes_the_last_move_back_at_one_keyboard_and_the_log_keeps_both() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = new_game_in(dir.path());
    play(&mut state, "E5");
    play(&mut state, "C3");
    let said = press(&mut state, KeyCode::Char('u'));
    assert_eq!(
        said,
        [
            "White asks to take back move 2; Black may allow it or not",
            "Black agrees: taken back; move 1 stands, White to play"
        ]
    );
    let game = &session(&state).game;
    assert_eq!(game.board().get(gtp("C3", 9)), None);
    assert_eq!(game.to_move(), Color::White);
    // White plays elsewhere; the log holds the withdrawn move and the undo.
    play(&mut state, "G7");
    let id = session(&state).recording.as_ref().unwrap().id().to_string();
    let store = GameStore::new(Places::under(dir.path()).games_dir());
    let log = read_log(&store.path_of(&id)).unwrap();
    let events: Vec<Event> = log.events.iter().map(|l| l.event.clone()).collect();
    assert_eq!(events.len(), 5);
    assert_eq!(events[2], Event::RequestUndo { by: Color::White });
    assert_eq!(events[3], Event::AcceptUndo { by: Color::Black });
    let replayed = Game::replay(log.header.settings.clone(), &events).unwrap();
    assert_eq!(replayed.board(), session(&state).game.board());
}

#[test]
fn the_undo_limit_from_settings_is_kept_per_player() {
    let mut state = new_game(9);
    state.config.undo_limit = 1;
    play(&mut state, "E5");
    play(&mut state, "C3");
    press(&mut state, KeyCode::Char('u'));
    play(&mut state, "D4");
    let said = press(&mut state, KeyCode::Char('u'));
    assert_eq!(
        said,
        [
            "White has asked to take back a move 1 time in this game; the limit is 1 (Settings: undo limit)"
        ]
    );
    assert_eq!(
        session(&state).game.board().get(gtp("D4", 9)),
        Some(Color::White)
    );
    // Black has a request of its own left.
    play(&mut state, "F5");
    press(&mut state, KeyCode::Char('u'));
    assert_eq!(session(&state).game.board().get(gtp("F5", 9)), None);
}

#[test]
fn there_is_nothing_to_take_back_before_the_first_move() {
    let mut state = new_game(9);
    let said = press(&mut state, KeyCode::Char('u'));
    assert_eq!(said, ["there is no move to take back"]);
    assert!(session(&state).game.events().is_empty());
}

/// A 9×9 network game as Ben (Black) sees it after Black E5 and White C3.
fn network_game() -> Front {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    let settings = Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN);
    let mut game = Game::new(settings).unwrap();
    for (color, name) in [(Color::Black, "E5"), (Color::White, "C3")] {
        game.apply(Event::Play {
            color,
            point: gtp(name, 9),
        })
        .unwrap();
    }
    start_network_game(&mut state, game, Color::Black);
    state
}

/// The partner's request arrives as the network task reports it.
fn partner_asks(state: &mut Front) {
    partner_event(state, Event::RequestUndo { by: Color::White });
}

#[test]
fn the_partners_request_asks_before_anything_is_taken_back() {
    let mut state = network_game();
    partner_asks(&mut state);
    assert_eq!(state.prompt, Some(Prompt::UndoAnswer { by: Color::White }));
    assert_eq!(
        session(&state).game.board().get(gtp("C3", 9)),
        Some(Color::White)
    );
    in_both_languages!(&mut state);
    // A move of ours waits: the prompt takes the keys, and play is refused.
    let cmds = update(&mut state, key(KeyCode::Char('y')));
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::Net(NetRequest::Act(Event::AcceptUndo { by: Color::Black }))
        )),
        "{cmds:?}"
    );
    assert_eq!(state.prompt, None);
}

#[test]
fn n_refuses_the_partners_request() {
    let mut state = network_game();
    partner_asks(&mut state);
    let cmds = update(&mut state, key(KeyCode::Char('n')));
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::Net(NetRequest::Act(Event::DeclineUndo { by: Color::Black }))
        )),
        "{cmds:?}"
    );
}

/// On our turn the request covers our last move and the partner's reply,
/// and says so; nothing is taken back before the partner answers.
#[test]
fn our_request_on_our_turn_asks_for_our_move_and_the_reply() {
    let mut state = network_game();
    let cmds = update(&mut state, key(KeyCode::Char('u')));
    let said = common::said(as_the_task(&mut state, cmds));
    assert_eq!(
        said,
        ["Black asks to take back moves 1 and 2; White may allow it or not"]
    );
    let game = &session(&state).game;
    assert_eq!(game.undo_request(), Some(Color::Black));
    assert_eq!(game.board().get(gtp("C3", 9)), Some(Color::White));
    assert_eq!(game.board().get(gtp("E5", 9)), Some(Color::Black));
}

#[test]
fn our_request_goes_to_the_partner_and_changes_nothing_yet() {
    let mut state = network_game();
    let d4 = Event::Play {
        color: Color::Black,
        point: gtp("D4", 9),
    };
    task_checks(&mut state, d4);
    let cmds = update(&mut state, key(KeyCode::Char('u')));
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::Net(NetRequest::Act(Event::RequestUndo { by: Color::Black }))
        )),
        "{cmds:?}"
    );
    assert_eq!(
        session(&state).game.board().get(gtp("D4", 9)),
        Some(Color::Black)
    );
}

#[test]
fn u_after_two_passes_takes_the_second_pass_back_and_play_goes_on() {
    let mut state = new_game(9);
    play(&mut state, "E5");
    press(&mut state, KeyCode::Char('p'));
    press(&mut state, KeyCode::Char('p'));
    assert_eq!(session(&state).game.phase(), kaisho_core::Phase::Stopped);
    press(&mut state, KeyCode::Char('u'));
    assert_eq!(session(&state).game.phase(), kaisho_core::Phase::Playing);
    assert_eq!(session(&state).game.to_move(), Color::Black);
    play(&mut state, "C3");
    assert_eq!(session(&state).game.move_number(), 3);
}

#[test]
fn the_asker_gets_a_fresh_turn_on_the_clock() {
    let mut state = new_game(9);
    if let kaisho::app::Screen::Game(session) = &mut state.screen {
        session.timer =
            kaisho::app::Timer::new(kaisho_core::clock::TimeControl::Absolute { main_ms: 600_000 });
    }
    play(&mut state, "E5");
    for _ in 0..7 {
        update(&mut state, Msg::Tick);
    }
    press(&mut state, KeyCode::Char('u'));
    let timer = session(&state).timer.expect("a clock");
    assert_eq!(timer.running_ms, 0, "White's seven seconds are not Black's");
    assert_eq!(timer.clocks[1].main_left_ms(), 600_000);
}

/// Whether the help shown for `state` offers a take-back.
fn help_offers_undo(state: &mut Front) -> bool {
    press(state, KeyCode::Char('?'));
    let screen = format!("{:?}", render(state).buffer());
    press(state, KeyCode::Esc);
    screen.contains("take back")
}

/// 待った in the ending is offered only while no proposal is on the table:
/// once one is, the core refuses it (J1989 Art. 9), so the help no longer
/// offers it and `u` does nothing.
#[test]
fn the_ending_offers_a_take_back_only_before_a_proposal() {
    let mut state = new_game(9);
    play(&mut state, "E5");
    pass_twice(&mut state);
    assert!(help_offers_undo(&mut state), "stopped, nothing proposed");
    press(&mut state, KeyCode::Char('s'));
    assert_eq!(session(&state).game.phase(), kaisho_core::Phase::Ending);
    assert!(!help_offers_undo(&mut state), "a proposal on the table");
    let said = press(&mut state, KeyCode::Char('u'));
    assert!(said.is_empty(), "{said:?}");
    assert_eq!(session(&state).game.phase(), kaisho_core::Phase::Ending);
}
