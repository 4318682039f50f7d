//! The screens of network play at 80×24, built from the network task's
//! reports alone (no sockets): the host's form, the lobby with its code,
//! a game with names, clocks and chat, a partner away, and a game left.

mod common;

use common::{Front, update};

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{ClockFace, Command, HomeItem, Msg, NetNews, Screen};
use kaisho_core::clock::{Clock, TimeControl};
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Settings};

fn news(state: &mut Front, news: NetNews) {
    update(state, Msg::Net(news));
}

/// The report of Aki and Ben's game beginning, this side playing `local`.
fn started(game: Game, local: Color) -> NetNews {
    started_news(&game, local, "20261122-1930-1")
}

/// Both clocks at 10 min + 3 × 30 s: Black has used 95 s, White has
/// thought `white_ms` on this move.
fn clocks(white_ms: u64) -> NetNews {
    let control = TimeControl::Byoyomi {
        main_ms: 600_000,
        periods: 3,
        period_ms: 30_000,
    };
    let mut black = Clock::new(control);
    black.spend(95_000).unwrap();
    NetNews::Clocks(ClockFace {
        clocks: [black, Clock::new(control)],
        running: Some((Color::White, white_ms)),
    })
}

/// A home with saves, the host's form open on a 9×9 board.
fn host_form(dir: &std::path::Path) -> Front {
    let mut state = home_in(dir);
    keys(&mut state, "jl");
    open_from_home(&mut state, HomeItem::HostLan);
    state
}

/// A 9×9 network game as Ben (White) sees it after three moves, with a
/// byo-yomi clock running for White.
fn network_game() -> Front {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    let settings = Settings::handicap(BoardSize::new(9).unwrap(), 0, Komi::MODERN).unwrap();
    let mut game = Game::new(settings).unwrap();
    for (color, name) in [
        (Color::Black, "E5"),
        (Color::White, "C4"),
        (Color::Black, "F3"),
    ] {
        game.apply(Event::Play {
            color,
            point: gtp(name, 9),
        })
        .unwrap();
    }
    // A game begins from the lobby of a join.
    state.screen = Screen::Lobby(Box::default());
    news(&mut state, started(game, Color::White));
    news(&mut state, clocks(42_000));
    news(&mut state, NetNews::Chat("onegaishimasu".into()));
    state
}

#[test]
fn host_form_for_a_nine_by_nine_game() {
    let dir = tempfile::tempdir().unwrap();
    in_both_languages!(&mut host_form(dir.path()));
}

#[test]
fn lobby_showing_the_join_code() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = host_form(dir.path());
    press(&mut state, KeyCode::Enter);
    news(
        &mut state,
        NetNews::Listening {
            code: "192.168.1.20:7878 tide-4821-oak".into(),
        },
    );
    news(
        &mut state,
        NetNews::Note("refused a connection: the join code was wrong (1 of 3 tries)".into()),
    );
    in_both_languages!(&mut state);
}

/// Before a series game, the partner's copy holds another last result:
/// the question in place, and the answer sent to the network task.
#[test]
fn lobby_asking_whether_to_take_the_partners_last_result() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = host_form(dir.path());
    press(&mut state, KeyCode::Enter);
    news(
        &mut state,
        NetNews::TakeLastResult {
            series: "aki-ben".into(),
            said: "game 3 corrected: 持碁 (jigo), a draw (was: Ben wins)".into(),
        },
    );
    in_both_languages!(&mut state);
    let cmds = update(&mut state, Msg::Key(key_event(KeyCode::Char('y'))));
    let sent: Vec<_> = cmds
        .iter()
        .filter_map(|c| match c {
            kaisho::app::Cmd::Net(r) => Some(r.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(sent, [kaisho::app::NetRequest::TakeLastResult(true)]);
    assert!(state.prompt.is_none());
}

#[test]
fn network_game_with_clocks_and_chat() {
    let mut state = network_game();
    keys(&mut state, "c");
    for c in "yoroshiku".chars() {
        press(&mut state, KeyCode::Char(c));
    }
    press(&mut state, KeyCode::Enter);
    in_both_languages!(&mut state);
}

#[test]
fn network_game_with_the_partner_away() {
    let mut state = network_game();
    news(
        &mut state,
        NetNews::Away("connection lost: timed out. Waiting up to 60 s".into()),
    );
    // A move now is refused with the reason, and nothing is sent.
    let cmds = update(&mut state, Msg::Key(key_event(KeyCode::Enter)));
    assert!(cmds.iter().all(|c| !matches!(c, kaisho::app::Cmd::Net(_))));
    in_both_languages!(&mut state);
}

#[test]
fn network_game_left_by_the_partner() {
    let mut state = network_game();
    news(
        &mut state,
        NetNews::Closed(
            "the partner left (bye); the game is adjourned (打ち掛け): resume it from Saved games"
                .into(),
        ),
    );
    in_both_languages!(&mut state);
}

fn key_event(code: KeyCode) -> crossterm::event::KeyEvent {
    crossterm::event::KeyEvent::new(code, crossterm::event::KeyModifiers::NONE)
}

/// A second of the running clock rewrites the clock's few characters, not
/// the panel: over a slow SSH link a game costs nearly nothing at rest.
#[test]
fn a_clock_second_redraws_a_few_bytes() {
    let mut state = network_game();
    let (_, redraw) = frame_bytes(&mut state, |state| news(state, clocks(43_000)));
    assert!(redraw > 0, "the clock did not change on screen");
    println!("a clock second: {redraw} B");
    assert!(redraw <= 40, "a clock second sent {redraw} B");
}

#[test]
fn a_game_that_begins_after_the_player_left_the_lobby_stays_off_the_screen() {
    let mut state = network_game();
    state.screen = Screen::Home;
    let game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
    news(&mut state, started(game, Color::Black));
    assert!(matches!(state.screen, Screen::Home));
}

/// Both sides propose at once: White's proposal crosses Black's and is
/// taken back. White's screen then shows Black's proposal, its marks and
/// its count, which is what `a` accepts.
#[test]
fn after_crossed_proposals_the_screen_shows_the_proposal_on_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    let settings = Settings::handicap(BoardSize::new(9).unwrap(), 0, Komi::MODERN).unwrap();
    let mut game = Game::new(settings).unwrap();
    for event in [
        Event::Play {
            color: Color::Black,
            point: gtp("E5", 9),
        },
        Event::Play {
            color: Color::White,
            point: gtp("E6", 9),
        },
        Event::Pass {
            color: Color::Black,
        },
        Event::Pass {
            color: Color::White,
        },
    ] {
        game.apply(event).unwrap();
    }
    state.screen = Screen::Lobby(Box::default());
    news(&mut state, started(game.clone(), Color::White));
    let white_alone = session(&state).count.clone();
    let dead = vec![gtp("E6", 9)];
    let mut on_table = game.clone();
    on_table
        .apply(Event::Propose {
            by: Color::Black,
            dead: dead.clone(),
        })
        .unwrap();
    // Our proposal went out; the host's, sent at once, crossed it and won.
    let ours = Event::Propose {
        by: Color::White,
        dead: Vec::new(),
    };
    task_checks(&mut state, ours.clone());
    news(
        &mut state,
        NetNews::Withdrawn {
            event: ours,
            hash: game.state_hash(),
            moves: game.move_number(),
            again: false,
        },
    );
    news(
        &mut state,
        NetNews::Remote {
            event: Event::Propose {
                by: Color::Black,
                dead: dead.clone(),
            },
            hash: on_table.state_hash(),
        },
    );
    let shown = session(&state);
    assert_eq!(shown.marks, dead);
    let count = shown.count.clone().expect("a count");
    assert_eq!(count, on_table.count_with(&dead).unwrap());
    assert_ne!(Some(count), white_alone);
}

/// A report whose state hash the screen's mirror does not reach is a fault
/// said on the message line: the game stops here, nothing panics.
#[test]
fn a_report_the_mirror_disagrees_with_stops_the_game_with_a_fault() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    let settings = Settings::handicap(BoardSize::new(9).unwrap(), 0, Komi::MODERN).unwrap();
    state.screen = Screen::Lobby(Box::default());
    news(
        &mut state,
        started(Game::new(settings).unwrap(), Color::White),
    );
    let e5 = Event::Play {
        color: Color::Black,
        point: gtp("E5", 9),
    };
    let said = common::said(update(
        &mut state,
        Msg::Net(NetNews::Remote { event: e5, hash: 7 }),
    ));
    assert!(
        said.iter()
            .any(|s| s.contains("no longer matches the network game")),
        "{said:?}"
    );
    assert!(session(&state).halted.is_some());
    // The game takes no more moves here.
    let said = common::said(run(&mut state, Command::Play(gtp("C3", 9))));
    assert!(
        said.iter().any(|s| s.contains("no longer matches")),
        "{said:?}"
    );
}

/// Types `text` into the open prompt and presses Enter.
fn type_and_enter(state: &mut Front, text: &str) -> Vec<kaisho::app::Cmd> {
    for c in text.chars() {
        press(state, KeyCode::Char(c));
    }
    update(state, common::key(KeyCode::Enter))
}

/// An empty or malformed code is refused on the Join screen itself, with
/// what was typed kept in the prompt; nothing is dialled.
#[test]
fn a_code_that_cannot_be_dialled_keeps_the_join_form() {
    let dir = tempfile::tempdir().unwrap();
    for typed in ["", "127.0.0.1:7878"] {
        let mut state = home_in(dir.path());
        open_from_home(&mut state, HomeItem::JoinLan);
        let cmds = type_and_enter(&mut state, typed);
        assert!(
            !cmds.iter().any(|c| matches!(c, kaisho::app::Cmd::Net(_))),
            "{typed:?}: {cmds:?}"
        );
        assert!(matches!(state.screen, Screen::Join(_)), "{typed:?}");
        assert_eq!(
            state.prompt,
            Some(kaisho::app::Prompt::Text(
                kaisho::app::Field::JoinCode,
                typed.to_string()
            ))
        );
        assert!(
            state
                .message
                .as_ref()
                .is_some_and(|m| m.text.contains("an address and a code")),
            "{:?}",
            state.message
        );
    }
}

/// The Join screen of a home with saves (kept while the returned folder
/// lives) after `code` was typed and Enter pressed, and the commands that
/// gave.
fn joined_with(code: &str) -> (tempfile::TempDir, Front, Vec<kaisho::app::Cmd>) {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    open_from_home(&mut state, HomeItem::JoinLan);
    let cmds = type_and_enter(&mut state, code);
    (dir, state, cmds)
}

/// A mistyped code is refused on the screen itself: the refusal says what
/// is wrong and what a code looks like, above the prompt that keeps it.
#[test]
fn a_mistyped_join_code_is_refused_where_it_was_typed() {
    let typed = "10.77.0.1:787river-8403-stone";
    let (_home, state, _) = joined_with(typed);
    let screen = format!("{}", render(&state));
    let rows: Vec<&str> = screen.lines().map(|r| r.trim_matches('"')).collect();
    let prompt = rows
        .iter()
        .position(|r| r.contains(typed) && !r.contains("should be"))
        .unwrap_or_else(|| panic!("the prompt keeps the code:\n{screen}"));
    let refusal = rows[..prompt]
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        refusal.contains("should be an address and a code")
            && refusal.contains("192.168.1.20:7878 tide-4821-oak"),
        "{screen}"
    );
}

/// A join the host refused (a wrong code): Esc goes back to the Join
/// screen with the address and code typed, for one correction.
#[test]
fn a_refused_join_goes_back_to_the_form_with_the_code_typed() {
    let code = "127.0.0.1:7878 tide-4821-oak";
    let (_home, mut state, cmds) = joined_with(code);
    assert!(cmds.iter().any(|c| matches!(c, kaisho::app::Cmd::Net(_))));
    assert!(matches!(state.screen, Screen::Lobby(_)));
    update(
        &mut state,
        Msg::Net(NetNews::Closed(
            "wrong join code (2 tries left): check it with the host and try again".into(),
        )),
    );
    press(&mut state, KeyCode::Esc);
    assert!(matches!(state.screen, Screen::Join(_)));
    assert_eq!(
        state.prompt,
        Some(kaisho::app::Prompt::Text(
            kaisho::app::Field::JoinCode,
            code.to_string()
        ))
    );
}

/// A game resumed by a side that had closed shows the chat its log kept.
#[test]
fn a_resumed_network_game_shows_the_chat_from_its_log() {
    let game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
    let mut state = home();
    state.screen = Screen::Lobby(Box::default());
    let mut started = match started_news(&game, Color::Black, "g1") {
        NetNews::Started(started) => started,
        _ => unreachable!("started_news makes a start"),
    };
    started.resumed = true;
    started.chat = vec!["Ben: onegaishimasu".into()];
    update(&mut state, Msg::Net(NetNews::Started(started)));
    let net = session(&state).net.as_ref().expect("a network game");
    assert_eq!(net.chat, ["Ben: onegaishimasu"]);
    let screen = format!("{:?}", render(&state).buffer());
    assert!(screen.contains("Ben: onegaishimasu"), "{screen}");
}

#[test]
fn the_result_of_a_network_game_shows_the_key_to_review_it_together() {
    let mut net = home();
    let game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
    start_network_game(&mut net, game, Color::Black);
    partner_event(
        &mut net,
        Event::Resign {
            color: Color::White,
        },
    );
    let text = screen_text(&net.state);
    assert!(text.contains("R review together"), "{text}");
    // At one keyboard there is no partner to review with: no such hint.
    let mut local = new_game(9);
    press(&mut local, KeyCode::Char('r'));
    press(&mut local, KeyCode::Char('y'));
    let text = screen_text(&local.state);
    assert!(!text.contains("R review"), "{text}");
    assert!(text.contains("n home"), "{text}");
}

/// A 9×9 network game with `moves` played, Black's and White's in turn.
fn game_with(moves: &[&str]) -> Game {
    let mut game = Game::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)).unwrap();
    for (i, name) in moves.iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let event = match *name {
            "pass" => Event::Pass { color },
            name => Event::Play {
                color,
                point: gtp(name, 9),
            },
        };
        game.apply(event).unwrap();
    }
    game
}

/// `board` on the partner's turn names the partner as the side to play,
/// not this side.
#[test]
fn the_board_on_the_partner_s_turn_names_the_partner_to_play() {
    let mut state = home();
    state.screen = Screen::Lobby(Box::default());
    news(&mut state, started(game_with(&["E5", "C4"]), Color::White));
    let said = common::said(run(&mut state, Command::ShowBoard));
    let board = said.join("\n");
    assert!(board.contains("move 2, Black to play"), "{board}");
}

/// A stopped game resumed says whose colour this side plays and that the
/// game is stopped, never that it is one's move.
#[test]
fn a_stopped_game_resumed_over_the_network_names_no_move_to_play() {
    let mut state = home();
    state.screen = Screen::Lobby(Box::default());
    let mut begins = match started_news(&game_with(&["E5", "pass", "pass"]), Color::Black, "g1") {
        NetNews::Started(started) => started,
        _ => unreachable!("started_news makes a start"),
    };
    begins.resumed = true;
    let said = common::said(update(&mut state, Msg::Net(NetNews::Started(begins))));
    let first = said.first().expect("the game resumed is said");
    assert_eq!(first, "game g1 resumed: you play Black", "{said:?}");
    assert!(
        said.iter().any(|s| s.contains("the game is stopped")),
        "{said:?}"
    );
}

/// A player who never set a name is told how as they host or join, where
/// the partner is about to see it; a player with a name is not.
#[test]
fn hosting_or_joining_under_the_default_name_says_how_to_set_one() {
    let dir = tempfile::tempdir().unwrap();
    let told = |state: &Front, cmds: Vec<kaisho::app::Cmd>| {
        let said = common::said(cmds);
        let lobby = match &state.screen {
            Screen::Lobby(lobby) => lobby.lines.clone(),
            _ => panic!("a lobby"),
        };
        let hint = "your partner will see you as Player: set your name";
        (
            said.iter().any(|s| s.starts_with(hint)),
            lobby.iter().any(|s| s.starts_with(hint)),
        )
    };
    let mut state = host_form(dir.path());
    let cmds = update(&mut state, common::key(KeyCode::Enter));
    assert_eq!(told(&state, cmds), (true, true), "hosting");
    let (_home, state, cmds) = joined_with("127.0.0.1:7878 tide-4821-oak");
    assert_eq!(told(&state, cmds), (true, true), "joining");
    let mut state = host_form(dir.path());
    state.config.player_name = "Aki".into();
    let cmds = update(&mut state, common::key(KeyCode::Enter));
    assert_eq!(told(&state, cmds), (false, false), "a name set");
}

/// The joiner's resignation crossed the host's move: the screen takes it
/// back, shows the host's move, then the resignation made again after it,
/// and says so; the game ends as White's win by resignation, with the
/// crossed event named by the number it had (move 2, not move 1).
#[test]
fn a_crossed_resignation_is_shown_made_again_after_the_hosts_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    let settings = Settings::handicap(BoardSize::new(9).unwrap(), 0, Komi::MODERN).unwrap();
    let mut game = Game::new(settings).unwrap();
    let e5 = Event::Play {
        color: Color::Black,
        point: gtp("E5", 9),
    };
    game.apply(e5).unwrap();
    state.screen = Screen::Lobby(Box::default());
    news(&mut state, started(game.clone(), Color::Black));
    let resign = Event::Resign {
        color: Color::Black,
    };
    task_checks(&mut state, resign.clone());
    news(
        &mut state,
        NetNews::Withdrawn {
            event: resign.clone(),
            hash: game.state_hash(),
            moves: 1,
            again: true,
        },
    );
    assert_eq!(
        state.message.as_ref().map(|m| m.text.as_str()),
        Some("your event (Black resigns) crossed the partner's and is made again after it")
    );
    assert_eq!(session(&state).game.outcome(), None, "taken back");
    let c3 = Event::Play {
        color: Color::White,
        point: gtp("C3", 9),
    };
    game.apply(c3.clone()).unwrap();
    news(
        &mut state,
        NetNews::Remote {
            event: c3,
            hash: game.state_hash(),
        },
    );
    task_checks(&mut state, resign);
    let result = session(&state).game.outcome().map(|o| o.result_string());
    assert_eq!(result.as_deref(), Some("W+R"));
    // A crossed move is named by its own number.
    let naming = kaisho::words::naming_for(kaisho::words::Lang::En);
    let d4 = Event::Play {
        color: Color::White,
        point: gtp("D4", 9),
    };
    let crossed = kaisho::words::Crossed {
        event: &d4,
        moves: 2,
        again: false,
    };
    let line = kaisho::words::crossed(crossed, naming, 9);
    assert!(line.contains("move 2, White D4"), "{line}");
}
