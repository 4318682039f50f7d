//! Time that speaks: the clock's calls on the message line and in plain
//! mode as a game at one keyboard ticks, the bell when it is on, and the
//! partner's move ringing it in a network game.

mod common;

use common::{Front, update};

use common::*;
use kaisho::app::{Cmd, HomeItem, Msg, NetNews, Screen, Timer};
use kaisho_core::clock::TimeControl;
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Settings};

/// A 9×9 game at one keyboard with 15 s of main time and 2 × 12 s byo-yomi.
fn timed_game() -> Front {
    let mut state = new_game(9);
    if let Screen::Game(session) = &mut state.screen {
        session.timer = Timer::new(TimeControl::Byoyomi {
            main_ms: 15_000,
            periods: 2,
            period_ms: 12_000,
        });
    }
    state
}

/// What `n` ticks say, and whether any rang the bell.
fn ticks(state: &mut Front, n: usize) -> (Vec<String>, usize) {
    let mut lines = Vec::new();
    let mut bells = 0;
    for _ in 0..n {
        for cmd in update(state, Msg::Tick) {
            match cmd {
                Cmd::Say(text) => lines.push(text),
                Cmd::Bell => bells += 1,
                _ => {}
            }
        }
    }
    (lines, bells)
}

#[test]
fn the_last_ten_seconds_of_a_period_are_counted_on_the_message_line() {
    let mut state = timed_game();
    let (said, bells) = ticks(&mut state, 15 + 12);
    let mut expected = vec!["Black: byo-yomi, 2 x 12 s".to_string()];
    expected.extend((1..=10).rev().map(|s| format!("Black: {s}")));
    expected.push("Black: the last period".to_string());
    assert_eq!(said, expected);
    assert_eq!(bells, 0, "the bell is off by default");
    assert_eq!(
        state.message.as_ref().unwrap().text,
        "Black: the last period"
    );
}

#[test]
fn a_move_stops_the_count_and_the_partners_clock_starts_fresh() {
    let mut state = timed_game();
    ticks(&mut state, 20);
    play(&mut state, "E5");
    let (said, _) = ticks(&mut state, 5);
    assert_eq!(
        said,
        Vec::<String>::new(),
        "White has 15 s of main time left"
    );
}

#[test]
fn with_the_bell_on_warnings_ring_and_the_count_does_not_ring_every_second() {
    let mut state = timed_game();
    state.config.bell = true;
    let (_, bells) = ticks(&mut state, 15 + 12);
    // byo-yomi begins, 10 s counted, the last period.
    assert_eq!(bells, 3);
}

#[test]
fn a_countdown_second_at_80x24() {
    let mut state = timed_game();
    ticks(&mut state, 19);
    in_both_languages!(&mut state);
    let (_, redraw) = frame_bytes(&mut state, |state| {
        update(state, Msg::Tick);
    });
    println!("a countdown second: {redraw} B");
    assert!(redraw <= 80, "a countdown second sent {redraw} B");
}

#[test]
fn the_partners_move_rings_the_bell_only_when_it_is_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    let game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
    start_network_game(&mut state, game.clone(), Color::White);
    let remote = |state: &mut Front, name: &str, color: Color| {
        let point = gtp(name, 9);
        partner_event(state, Event::Play { color, point })
    };
    let quiet = remote(&mut state, "E5", Color::Black);
    assert!(!quiet.contains(&Cmd::Bell), "{quiet:?}");
    play(&mut state, "C3");
    state.config.bell = true;
    // Our own move, sent, does not ring.
    let c3 = Event::Play {
        color: Color::White,
        point: gtp("C3", 9),
    };
    let sent = task_checks(&mut state, c3);
    assert!(!sent.contains(&Cmd::Bell), "{sent:?}");
    let rung = remote(&mut state, "G7", Color::Black);
    assert_eq!(
        rung.iter().filter(|c| **c == Cmd::Bell).count(),
        1,
        "{rung:?}"
    );
}

/// Types `text` into the open prompt and presses Enter.
fn type_in(state: &mut Front, text: &str) -> Vec<String> {
    let mut said = Vec::new();
    for c in text.chars() {
        said.extend(press(state, crossterm::event::KeyCode::Char(c)));
    }
    said.extend(press(state, crossterm::event::KeyCode::Enter));
    said
}

#[test]
fn a_free_clock_typed_on_home_times_the_next_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    open_from_home(&mut state, HomeItem::Clock);
    assert_eq!(
        state.prompt,
        Some(kaisho::app::Prompt::Text(
            kaisho::app::Field::Clock,
            String::new()
        ))
    );
    let said = type_in(&mut state, "25m 4x20s");
    assert_eq!(said, ["clock: 25 min + 4 x 20 s"]);
    in_both_languages!("home_screen_with_a_free_clock", &mut state);
    assert_eq!(
        state.home.time_control(),
        TimeControl::Byoyomi {
            main_ms: 1_500_000,
            periods: 4,
            period_ms: 20_000
        }
    );
    // A wrong clock is refused with the forms that work, and nothing changes.
    open_from_home(&mut state, HomeItem::Clock);
    let said = type_in(&mut state, "soon");
    assert_eq!(
        said,
        [
            "'soon' is not a clock: type main time and byo-yomi, e.g. 20m 5x30s, 45m, 0 3x10s or none"
        ]
    );
    assert_eq!(state.home.time_control().parts(), (1_500_000, 4, 20_000));
    open_from_home(&mut state, HomeItem::PlayLocal);
    let timer = session(&state).timer.expect("a clock");
    assert_eq!(timer.clocks[0].main_left_ms(), 1_500_000);
    assert_eq!(timer.clocks[1].periods_left(), 4);
}

#[test]
fn a_free_clock_typed_on_the_host_form_goes_into_the_terms() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    open_from_home(&mut state, HomeItem::HostLan);
    let Screen::HostForm(form) = &mut state.screen else {
        panic!("not the host's form");
    };
    form.selected = kaisho::app::HOST_ITEMS
        .iter()
        .position(|&i| i == kaisho::app::HostItem::Clock)
        .unwrap();
    press(&mut state, crossterm::event::KeyCode::Enter);
    type_in(&mut state, "1h 5x60s");
    in_both_languages!("host_form_with_a_free_clock", &mut state);
    let Screen::HostForm(form) = &state.screen else {
        panic!("not the host's form");
    };
    assert_eq!(
        form.terms().time,
        kaisho_net::TimeW::Byoyomi {
            main_ms: 3_600_000,
            periods: 5,
            period_ms: 60_000
        }
    );
}

#[test]
fn plain_mode_sets_a_free_clock_with_clock() {
    let mut state = home();
    let cmds = run(&mut state, kaisho::app::Command::SetClock("0 3x10s".into()));
    assert_eq!(said(cmds), ["clock: byo-yomi 3 x 10 s"]);
    assert_eq!(state.home.time_control().parts(), (0, 3, 10_000));
}

/// A network game's clocks as the task reports them: 10 min + 3 × 30 s,
/// `color` on turn having thought `ms`.
fn net_clocks(color: Color, ms: u64) -> Msg {
    let control = TimeControl::Byoyomi {
        main_ms: 600_000,
        periods: 3,
        period_ms: 30_000,
    };
    Msg::Net(NetNews::Clocks(kaisho::app::ClockFace {
        clocks: [kaisho_core::clock::Clock::new(control); 2],
        running: Some((color, ms)),
    }))
}

#[test]
fn a_network_game_calls_only_our_own_clock() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    let game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
    start_network_game(&mut state, game, Color::Black);
    state.config.bell = true;
    update(&mut state, net_clocks(Color::Black, 539_000));
    let cmds = update(&mut state, net_clocks(Color::Black, 540_400));
    assert_eq!(said(cmds.clone()), ["Black: one minute of main time left"]);
    assert!(cmds.contains(&Cmd::Bell));
    // The partner's clock is theirs to watch.
    update(&mut state, net_clocks(Color::White, 539_000));
    let cmds = update(&mut state, net_clocks(Color::White, 541_000));
    assert_eq!(said(cmds), Vec::<String>::new());
}

/// The loser on time reads `time up` after the flag, never the clock it
/// had booked before its last turn; and once the flag has fallen nobody
/// is asked to move.
#[test]
fn a_game_lost_on_time_shows_time_up_for_the_loser() {
    let mut state = timed_game();
    let (said, _) = ticks(&mut state, 15 + 24 + 2);
    assert!(
        said.iter().any(|s| s.contains("Black ran out of time")),
        "{said:?}"
    );
    let rows = screen_rows(&state);
    let black = rows
        .iter()
        .position(|r| r.contains("● Black"))
        .expect("Black's line");
    assert!(rows[black + 1].contains("time up"), "{rows:#?}");
    assert!(!rows[black + 1].contains('+'), "{rows:#?}");
}

/// The rows of the screen at 80×24.
fn screen_rows(state: &Front) -> Vec<String> {
    let backend = render(state);
    let buffer = backend.buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect()
        })
        .collect()
}

/// A network game between the flag's fall and the claim: the panel says
/// the time is up, not "your move".
#[test]
fn a_fallen_flag_is_not_shown_as_the_players_move() {
    let game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
    let mut state = home();
    start_network_game(&mut state, game, Color::Black);
    // Main time and all three periods spent: 10 min + 3 × 30 s and more.
    update(&mut state, net_clocks(Color::Black, 700_000));
    let screen = screen_rows(&state).join("\n");
    assert!(screen.contains("time up"), "{screen}");
    assert!(screen.contains("Black's time is up"), "{screen}");
    assert!(!screen.contains("to play: your move"), "{screen}");
}
