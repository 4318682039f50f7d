//! Whole local games driven through the update with key messages, the way
//! two players at one keyboard would play them.

mod common;

use common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use kaisho::app::{Cmd, Msg, Prompt};
use kaisho_core::{Color, Event, NoResultState, Outcome, Phase, WinBy};

#[test]
fn a_local_game_from_the_first_move_to_the_counted_result() {
    let mut state = walls_game();
    pass_twice(&mut state);
    // The Article 7 draft marks the white stone in Black's area dead.
    assert_eq!(session(&state).marks, [gtp("B5", 9)]);
    // White passed first, so White, to move, proposes first: it disputes
    // the draft and claims nothing is dead.
    assert_eq!(session(&state).actor(), Color::White);
    let said = click(&mut state, "B5");
    assert_eq!(said, ["White B5 marked alive (1 stone)"]);
    let said = press(&mut state, KeyCode::Char('s'));
    assert_eq!(
        said,
        ["proposal 1 by White: no dead stones; count W+31.5; Black may accept or counter-propose"]
    );
    // Black cannot accept a proposal that does not exist yet… and instead marks B5.
    assert_eq!(session(&state).actor(), Color::Black);
    let said = click(&mut state, "B5");
    assert_eq!(
        said,
        ["White B5 marked dead (1 stone); Black may counter-propose"]
    );
    let count = session(&state).count.clone().expect("a live count");
    assert_eq!(count.dead_lifted, [1, 0]);
    let said = press(&mut state, KeyCode::Char('s'));
    assert_eq!(
        said,
        ["proposal 2 by Black: dead B5; count W+3.5; White may accept or counter-propose"]
    );
    // White may not accept its own, stale proposal; it accepts Black's.
    let said = press(&mut state, KeyCode::Char('a'));
    assert_eq!(
        said,
        ["White accepts proposal 2: White wins by 3.5 (W+3.5)"]
    );
    let game = &session(&state).game;
    assert_eq!(game.phase(), Phase::Ended);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            by: WinBy::Points(7)
        })
    );
    let score = game.score().expect("an agreed count");
    assert_eq!(score.territory, [27, 24]);
    assert_eq!(score.captures, [0, 1]);
    // Back to the home screen for another game.
    press(&mut state, KeyCode::Char('n'));
    assert!(state.table().is_none());
}

#[test]
fn resumption_gives_the_partner_the_first_move() {
    let mut state = walls_game();
    pass_twice(&mut state);
    assert_eq!(session(&state).actor(), Color::White);
    press(&mut state, KeyCode::Char('r'));
    assert_eq!(
        state.prompt,
        Some(Prompt::Confirm(kaisho::app::Ask::Resume))
    );
    let said = press(&mut state, KeyCode::Char('y'));
    assert_eq!(said, ["White asks to resume play; Black moves first"]);
    assert_eq!(session(&state).game.phase(), Phase::Playing);
    assert_eq!(session(&state).game.to_move(), Color::Black);
    play(&mut state, "E7");
    pass_twice(&mut state);
    // Black passed last this time, so White decides first again, from a
    // fresh draft.
    assert_eq!(session(&state).actor(), Color::White);
    assert_eq!(session(&state).marks, [gtp("B5", 9)]);
}

#[test]
fn an_unresolvable_ending_loses_for_both() {
    let mut state = walls_game();
    pass_twice(&mut state);
    press(&mut state, KeyCode::Char('x'));
    let said = press(&mut state, KeyCode::Char('n'));
    assert!(said.is_empty());
    assert_eq!(session(&state).game.phase(), Phase::Stopped);
    press(&mut state, KeyCode::Char('x'));
    let said = press(&mut state, KeyCode::Char('y'));
    assert_eq!(
        said,
        ["White declares the game unresolvable: both players lose"]
    );
    assert_eq!(session(&state).game.outcome(), Some(Outcome::BothLose));
}

#[test]
fn resignation_asks_first() {
    let mut state = new_game(9);
    press(&mut state, KeyCode::Char('r'));
    press(&mut state, KeyCode::Esc);
    assert_eq!(session(&state).game.phase(), Phase::Playing);
    press(&mut state, KeyCode::Char('r'));
    let said = press(&mut state, KeyCode::Char('y'));
    assert_eq!(said, ["Black resigns: White wins by resignation (W+R)"]);
}

/// Plays the first five moves of the triple-ko cycle as events; the sixth
/// comes from the keyboard.
fn triple_ko_repeated() -> Front {
    let mut game = triple_ko();
    let moves = [
        (Color::Black, "H8"),
        (Color::White, "B8"),
        (Color::Black, "C4"),
        (Color::White, "G8"),
        (Color::Black, "C8"),
    ];
    let events: Vec<Event> = moves
        .iter()
        .map(|&(color, name)| Event::Play {
            color,
            point: gtp(name, 9),
        })
        .collect();
    apply_all(&mut game, &events);
    let mut state = showing(game);
    let said = play(&mut state, "B4");
    assert_eq!(
        said,
        ["move 6, White B4, captures 1 at C4; the whole board repeats an earlier position"]
    );
    assert_eq!(
        state.prompt,
        Some(Prompt::NoResultOffer {
            to_move: Color::Black
        })
    );
    state
}

#[test]
fn a_triple_ko_ends_without_result_when_both_agree() {
    let mut state = triple_ko_repeated();
    let said = press(&mut state, KeyCode::Char('o'));
    assert_eq!(said, ["Black offers no-result"]);
    assert_eq!(
        state.prompt,
        Some(Prompt::NoResultAnswer { by: Color::Black })
    );
    // The answer is required: other keys do nothing.
    press(&mut state, KeyCode::Esc);
    let said = press(&mut state, KeyCode::Char('a'));
    assert_eq!(said, ["White accepts: no result (Void)"]);
    assert_eq!(session(&state).game.outcome(), Some(Outcome::NoResult));
}

#[test]
fn a_declined_repetition_refuses_the_next_repeating_move() {
    let mut state = triple_ko_repeated();
    let said = press(&mut state, KeyCode::Char('d'));
    assert_eq!(
        said,
        ["Black declines no-result: a move that repeats a position is refused from now on"]
    );
    assert_eq!(session(&state).game.no_result(), NoResultState::Declined);
    let said = play(&mut state, "H8");
    assert_eq!(
        said,
        [
            "H8: repetition: this move recreates an earlier position and no-result was declined (Net Kiin online rules Art. 16)"
        ]
    );
}

#[test]
fn a_repetition_prompt_can_wait_and_be_answered_later() {
    let mut state = triple_ko_repeated();
    press(&mut state, KeyCode::Esc);
    assert_eq!(state.prompt, None);
    let said = press(&mut state, KeyCode::Char('n'));
    assert_eq!(said, ["Black offers no-result"]);
    let said = press(&mut state, KeyCode::Char('d'));
    assert!(said[0].starts_with("White declines"), "{said:?}");
}

#[test]
fn leaving_a_game_asks_first_and_control_c_quits_at_once() {
    let mut state = new_game(9);
    assert!(update(&mut state, key(KeyCode::Char('q'))).is_empty());
    let said = press(&mut state, KeyCode::Char('y'));
    assert_eq!(said, ["the game was left; it was not saved"]);
    assert!(state.table().is_none());
    let ctrl_c = Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert_eq!(update(&mut new_game(9), ctrl_c), [Cmd::Quit]);
}

/// Over SSH a member who presses `q` or Esc once too often on the home
/// screen would drop to the shell: quitting asks first, `n` stays.
#[test]
fn quitting_from_home_asks_first() {
    for code in [KeyCode::Char('q'), KeyCode::Esc] {
        let mut state = home();
        assert!(update(&mut state, key(code)).is_empty());
        assert_eq!(state.prompt, Some(Prompt::Confirm(kaisho::app::Ask::Quit)));
        assert!(update(&mut state, key(KeyCode::Char('n'))).is_empty());
        assert_eq!(state.prompt, None);
        update(&mut state, key(code));
        assert_eq!(update(&mut state, key(KeyCode::Char('y'))), [Cmd::Quit]);
    }
}

/// `q` leaves a game everywhere, the result screen included: it goes home
/// and never ends the program there.
#[test]
fn q_on_the_result_screen_goes_home_and_does_not_quit() {
    let mut state = new_game(9);
    press(&mut state, KeyCode::Char('r'));
    press(&mut state, KeyCode::Char('y'));
    assert_eq!(session(&state).game.phase(), Phase::Ended);
    let cmds = update(&mut state, key(KeyCode::Char('q')));
    assert!(!cmds.contains(&Cmd::Quit), "{cmds:?}");
    assert!(matches!(state.screen, kaisho::app::Screen::Home));
}

/// `t` names a point of the board on the screen: the upper right star
/// point, which every player knows.
#[test]
fn t_names_a_point_of_the_board_shown() {
    for (size, gtp, old_style) in [
        (9, "G7", "7の三"),
        (13, "K10", "10の四"),
        (19, "Q16", "16の四"),
    ] {
        let mut state = new_game(size);
        let to_1949 = press(&mut state, KeyCode::Char('t'));
        assert_eq!(
            to_1949,
            [format!("points are now named like {old_style}")],
            "{size}"
        );
        let back = press(&mut state, KeyCode::Char('t'));
        assert_eq!(back, [format!("points are now named like {gtp}")], "{size}");
    }
}

/// `m` shows the move list; Esc hides it again and does nothing else.
#[test]
fn esc_closes_the_move_list() {
    let mut state = new_game(9);
    play(&mut state, "E5");
    press(&mut state, KeyCode::Char('m'));
    assert!(session(&state).look.moves);
    let said = press(&mut state, KeyCode::Esc);
    assert!(said.is_empty(), "{said:?}");
    assert!(!session(&state).look.moves);
    assert_eq!(state.prompt, None);
    assert!(state.table().is_some());
}

#[test]
fn the_cursor_moves_with_arrows_and_hjkl_and_stays_on_the_board() {
    let mut state = new_game(9);
    keys(&mut state, "hhhhhhhhhhkkkkkkkkkk");
    assert_eq!(session(&state).cursor, gtp("A9", 9));
    press(&mut state, KeyCode::Right);
    press(&mut state, KeyCode::Down);
    assert_eq!(session(&state).cursor, gtp("B8", 9));
    let said = press(&mut state, KeyCode::Char(' '));
    assert_eq!(said, ["move 1, Black B8"]);
    let said = keys(&mut state, "lj\r");
    assert!(said.is_empty());
    let said = press(&mut state, KeyCode::Enter);
    assert_eq!(said, ["move 2, White C7"]);
}

#[test]
fn typed_points_follow_the_naming_style() {
    let mut state = new_game(19);
    press(&mut state, KeyCode::Char('t'));
    let said = play(&mut state, "16の四");
    assert_eq!(said, ["move 1, Black 16の四"]);
    let said = play(&mut state, "4-16");
    assert_eq!(said, ["move 2, White 4の十六"]);
    let said = play(&mut state, "D5");
    assert_eq!(said, ["move 3, Black 4の十五"]);
    let said = play(&mut state, "zz");
    assert!(said[0].contains("not a point name"), "{said:?}");
    let typed = keys(&mut state, ":x");
    assert!(typed.is_empty());
    press(&mut state, KeyCode::Backspace);
    press(&mut state, KeyCode::Esc);
    assert_eq!(state.prompt, None);
}

#[test]
fn help_lists_the_keys_and_any_key_closes_it() {
    let mut state = new_game(9);
    press(&mut state, KeyCode::Char('?'));
    assert!(state.help);
    let said = press(&mut state, KeyCode::Char('p'));
    assert!(said.is_empty());
    assert!(!state.help);
    assert_eq!(session(&state).game.move_number(), 0);
}

#[test]
fn messages_fade_after_some_ticks() {
    let mut state = new_game(9);
    assert!(state.message.is_some());
    for _ in 0..8 {
        update(&mut state, Msg::Tick);
    }
    assert!(state.message.is_none());
}

/// A fixed pseudo-random walk over keys, clicks and sizes: nothing panics.
#[test]
fn no_input_sequence_panics() {
    let codes = [
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Backspace,
        KeyCode::Char(' '),
        KeyCode::Char('p'),
        KeyCode::Char('r'),
        KeyCode::Char('y'),
        KeyCode::Char('n'),
        KeyCode::Char('s'),
        KeyCode::Char('a'),
        KeyCode::Char('x'),
        KeyCode::Char('o'),
        KeyCode::Char('d'),
        KeyCode::Char(':'),
        KeyCode::Char('t'),
        KeyCode::Char('?'),
        KeyCode::Char('h'),
        KeyCode::Char('l'),
        KeyCode::Char('Z'),
        KeyCode::Char('9'),
        KeyCode::Char('の'),
        KeyCode::F(5),
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut state = home();
    for step in 0..10_000 {
        let r = next();
        let msg = match r % 10 {
            0 => Msg::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: (r >> 8) as u16 % 90,
                row: (r >> 24) as u16 % 30,
                modifiers: KeyModifiers::NONE,
            }),
            1 if step % 50 == 0 => Msg::Resize((r >> 8) as u16 % 100, (r >> 24) as u16 % 40),
            _ => key(codes[(r >> 32) as usize % codes.len()]),
        };
        if update(&mut state, msg) == [Cmd::Quit] {
            state = home();
        }
        if step % 97 == 0 {
            let (w, h) = state.viewport;
            render_at(&state, w.max(1), h.max(1));
        }
    }
}

#[test]
fn clicks_on_a_window_too_small_for_the_board_do_nothing() {
    let mut state = new_game(19);
    update(&mut state, Msg::Resize(60, 20));
    let layout = kaisho::layout::BoardLayout::new(19, state.naming);
    let click = || {
        Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: layout.x(3),
            row: layout.y(3),
            modifiers: KeyModifiers::NONE,
        })
    };
    assert!(update(&mut state, click()).is_empty());
    update(&mut state, Msg::Resize(80, 24));
    assert_eq!(said(update(&mut state, click())), ["move 1, Black D16"]);
}

/// At 60×20 a 19×19 board cannot be shown: typed moves and passes are
/// refused instead of acting on a board nobody sees.
#[test]
fn keys_do_not_act_on_a_board_the_terminal_cannot_show() {
    let mut state = new_game(19);
    update(&mut state, Msg::Resize(60, 20));
    let said = play(&mut state, "D16");
    assert!(
        said.iter()
            .all(|s| s.contains("enlarge the terminal to at least 46x22")),
        "{said:?}"
    );
    keys(&mut state, "pp");
    assert_eq!(session(&state).game.move_number(), 0);
    assert_eq!(session(&state).game.phase(), Phase::Playing);
    update(&mut state, Msg::Resize(80, 24));
    play(&mut state, "D16");
    assert_eq!(session(&state).game.move_number(), 1);
}

/// A point may be typed in either naming style whatever the board shows.
#[test]
fn typed_points_are_read_in_every_naming_style() {
    let mut state = new_game(19);
    let said = play(&mut state, "16-4");
    assert_eq!(said, ["move 1, Black Q16"]);
    press(&mut state, KeyCode::Char('t'));
    play(&mut state, "D4");
    play(&mut state, "十六の十六");
    let board = session(&state).game.board();
    assert_eq!(board.get(gtp("D4", 19)), Some(Color::White));
    assert_eq!(board.get(gtp("Q4", 19)), Some(Color::Black));
    let said = play(&mut state, "zz");
    assert!(
        said.iter()
            .any(|s| s.contains("D4") && s.contains("16-4") && s.contains("16の四")),
        "{said:?}"
    );
}

/// At 46×22 the help of a 19×19 game does not fit: its last line says
/// how to scroll, `j` brings the last keys into view, and any other key
/// closes it.
#[test]
fn a_help_taller_than_the_terminal_scrolls() {
    let mut state = mid_game();
    update(&mut state, Msg::Resize(46, 22));
    press(&mut state, KeyCode::Char('?'));
    let shown = |state: &Front| {
        let backend = render_at(state, 46, 22);
        let buffer = backend.buffer();
        (0..buffer.area.height)
            .map(|y| {
                (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let first = shown(&state);
    assert!(first.contains("j/k scroll"), "{first}");
    assert!(!first.contains("stays adjourned"), "{first}");
    for _ in 0..40 {
        press(&mut state, KeyCode::Char('j'));
    }
    let end = shown(&state);
    assert!(end.contains("stays adjourned"), "{end}");
    assert!(state.help);
    press(&mut state, KeyCode::Char('x'));
    assert!(!state.help);
}
