//! Games, reviews, series and settings through the update, with every file
//! in a temporary home: what the screens do and what lands on the disk.

mod common;

use common::{Front, update};

use common::*;
use crossterm::event::KeyCode;
use crossterm::event::{KeyEvent, KeyModifiers};
use kaisho::app::{Cmd, Command, HomeItem, Msg, Screen, State};
use kaisho::words::Lang;
use kaisho_core::series::{
    KomiPolicy, LadderKind, Player, Seat, Series, SeriesResult, SeriesSetup, Step,
};
use kaisho_core::{Color, Komi, Outcome, Phase, WinBy};
use kaisho_saves::log::GameStore;
use kaisho_saves::places::Places;
use kaisho_saves::series::{SeriesId, SeriesStore};
use std::path::Path;

fn store(dir: &Path) -> GameStore {
    GameStore::new(Places::under(dir).games_dir())
}

/// The id of the game showing.
fn game_id(state: &State) -> String {
    session(state)
        .recording
        .as_ref()
        .expect("a saved game")
        .id()
        .to_string()
}

fn games_screen(state: &State) -> &kaisho::app::GamesList {
    match &state.screen {
        Screen::Games(list) => list,
        other => panic!("not the saved-games screen: {other:?}"),
    }
}

fn review_screen(state: &State) -> &kaisho::app::Review {
    match &state.screen {
        Screen::Review(review) => review,
        other => panic!("not the review screen: {other:?}"),
    }
}

/// The walls game to its agreed count, in a home under `dir`.
fn counted_game(dir: &Path) -> Front {
    let mut state = walls_game_in(home_in(dir));
    pass_twice(&mut state);
    keys(&mut state, "sa");
    assert_eq!(session(&state).game.phase(), Phase::Ended);
    state
}

#[test]
fn a_whole_local_game_is_on_the_disk_and_replays_to_the_same_result() {
    let home = tempfile::tempdir().unwrap();
    let state = counted_game(home.path());
    let id = game_id(&state);
    let saved = store(home.path()).load(&id).expect("the log loads");
    let game = &session(&state).game;
    let logged: Vec<_> = saved
        .contents
        .events
        .iter()
        .map(|l| l.event.clone())
        .collect();
    assert_eq!(logged, game.events());
    assert_eq!(saved.game.outcome(), game.outcome());
    assert_eq!(
        saved.game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            by: WinBy::Points(7)
        })
    );
    assert_eq!(saved.game.score(), game.score());
    assert_eq!(saved.contents.header.black.name, "Player");
    // The SGF export is where the result screen says.
    let export = Places::under(home.path())
        .exports_dir()
        .join(format!("{id}.sgf"));
    assert!(export.exists(), "{}", export.display());
    let after = &session(&state).after;
    assert_eq!(after, &[format!("SGF saved to {}", export.display())]);
    let screen = format!("{}", render(&state));
    assert!(screen.contains("SGF saved to"), "{screen}");
}

#[test]
fn a_game_left_in_play_is_adjourned_resumed_and_finished() {
    let home = tempfile::tempdir().unwrap();
    let mut state = new_game_in(home.path());
    play(&mut state, "E5");
    play(&mut state, "D4");
    let id = game_id(&state);
    press(&mut state, KeyCode::Char('q'));
    let said = press(&mut state, KeyCode::Char('y'));
    let export = Places::under(home.path())
        .exports_dir()
        .join(format!("{id}.sgf"));
    assert_eq!(
        said,
        [format!(
            "game {id} adjourned (打ち掛け): resume it from Saved games; SGF saved to {}",
            export.display()
        )]
    );
    let sgf = std::fs::read_to_string(&export).unwrap();
    assert!(
        sgf.contains(";B[ee] ;W[df]") && !sgf.contains("RE["),
        "{sgf}"
    );
    assert!(state.table().is_none());

    // A new start, as after quitting kaisho: the game is listed as adjourned.
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Games);
    let list = games_screen(&state);
    assert_eq!(list.games.len(), 1);
    assert!(list.games[0].is_adjourned());
    assert_eq!(list.games[0].moves, 2);
    let said = press(&mut state, KeyCode::Enter);
    assert_eq!(
        said,
        [format!("game {id} resumed at move 2; Black to play")]
    );
    play(&mut state, "C3");
    keys(&mut state, "ry");
    assert_eq!(
        session(&state).game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            by: WinBy::Resignation
        })
    );
    let saved = store(home.path()).load(&id).unwrap();
    assert_eq!(saved.game.move_number(), 3);
    assert_eq!(saved.game.outcome(), session(&state).game.outcome());
    let listing = store(home.path()).list();
    assert_eq!(listing.games.len(), 1, "resuming adds no second game");
    assert!(!listing.games[0].is_adjourned());
}

#[test]
fn a_finished_game_is_reviewed_move_by_move() {
    let home = tempfile::tempdir().unwrap();
    let mut state = counted_game(home.path());
    press(&mut state, KeyCode::Char('n'));
    open_from_home(&mut state, HomeItem::Games);
    press(&mut state, KeyCode::Enter);
    let review = review_screen(&state);
    assert_eq!(review.moves(), 29);
    assert_eq!(review.at, 0);
    assert_eq!(review.game.move_number(), 0);
    press(&mut state, KeyCode::Right);
    keys(&mut state, "ll");
    assert_eq!(review_screen(&state).game.move_number(), 3);
    press(&mut state, KeyCode::Char('h'));
    assert_eq!(review_screen(&state).at, 2);
    // Move 24 captured the stone at G5.
    keys(&mut state, "g24");
    press(&mut state, KeyCode::Enter);
    let review = review_screen(&state);
    assert_eq!(review.at, 24);
    assert_eq!(review.game.captures(), [0, 1]);
    press(&mut state, KeyCode::End);
    let review = review_screen(&state);
    assert_eq!(review.at, 29);
    // The last node carries the proposals and the acceptance as comments,
    // and the end shows the agreed count.
    let comment = review.comment().expect("a comment on the last move");
    assert!(comment.contains("proposal 1"), "{comment}");
    assert!(comment.contains("Black accepts proposal 1"), "{comment}");
    assert!(review.shown().score().is_some());
    press(&mut state, KeyCode::Home);
    assert_eq!(review_screen(&state).at, 0);
    // Past either end nothing moves; a bad number is refused.
    press(&mut state, KeyCode::Left);
    assert_eq!(review_screen(&state).at, 0);
    keys(&mut state, "gx");
    let said = press(&mut state, KeyCode::Enter);
    assert_eq!(said, ["'x' is not a move number"]);
    keys(&mut state, "g999");
    press(&mut state, KeyCode::Enter);
    assert_eq!(review_screen(&state).at, 29);
    press(&mut state, KeyCode::Esc);
    games_screen(&state);
    press(&mut state, KeyCode::Esc);
    assert!(matches!(state.screen, Screen::Home));
}

#[test]
fn a_corrupt_log_is_listed_as_a_problem_while_the_other_games_load() {
    let home = tempfile::tempdir().unwrap();
    let mut state = new_game_in(home.path());
    play(&mut state, "E5");
    let good = game_id(&state);
    let games = Places::under(home.path()).games_dir();
    let bad = games.join("broken.kgl");
    std::fs::write(&bad, b"not a game log at all").unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Games);
    let list = games_screen(&state);
    assert_eq!(list.games.len(), 1);
    assert_eq!(list.games[0].id, good);
    assert_eq!(list.problems.len(), 1);
    assert!(
        list.problems[0].starts_with("broken.kgl is not a kaisho game log"),
        "{:?}",
        list.problems
    );
    let screen = format!("{}", render(&state));
    assert!(screen.contains("broken.kgl"), "{screen}");
    assert!(screen.contains(&good), "{screen}");
    assert_eq!(
        std::fs::read(&bad).unwrap(),
        b"not a game log at all",
        "the file is left as it was"
    );
}

#[test]
fn an_sgf_file_is_imported_for_review_and_a_broken_one_is_refused_with_its_offset() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Games);
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    press(&mut state, KeyCode::Char('i'));
    keys(
        &mut state,
        &fixtures.join("broken.sgf").display().to_string(),
    );
    let said = press(&mut state, KeyCode::Enter);
    assert!(said[0].contains("SGF error at byte"), "{said:?}");
    games_screen(&state);
    press(&mut state, KeyCode::Char('i'));
    keys(
        &mut state,
        &fixtures.join("capture.sgf").display().to_string(),
    );
    let said = press(&mut state, KeyCode::Enter);
    assert!(said[0].starts_with("reviewing capture.sgf"), "{said:?}");
    press(&mut state, KeyCode::End);
    let review = review_screen(&state);
    assert!(review.at > 0);
    assert_eq!(review.at, review.moves());
    // A record with an illegal move replays up to it and says why it stops.
    press(&mut state, KeyCode::Esc);
    press(&mut state, KeyCode::Char('i'));
    keys(&mut state, &fixtures.join("ko.sgf").display().to_string());
    let said = press(&mut state, KeyCode::Enter);
    assert!(
        said[0].contains("move 9 is refused by the rules"),
        "{said:?}"
    );
    assert_eq!(review_screen(&state).moves(), 8);
    press(&mut state, KeyCode::End);
    let said = press(&mut state, KeyCode::Right);
    assert!(said[0].contains("ko"), "{said:?}");
    assert_eq!(review_screen(&state).at, 8);
    // Set-up stones off the board are refused before the review opens.
    press(&mut state, KeyCode::Esc);
    press(&mut state, KeyCode::Char('i'));
    keys(
        &mut state,
        &fixtures.join("bad-setup.sgf").display().to_string(),
    );
    let said = press(&mut state, KeyCode::Enter);
    assert!(said[0].contains("bad-setup.sgf"), "{said:?}");
    games_screen(&state);
}

#[test]
fn a_series_game_is_played_and_its_result_moves_the_step() {
    let home = tempfile::tempdir().unwrap();
    let id = aki_ben_series(home.path(), &ben_wins(3));
    let mut state = home_in(home.path());
    // The series games use the home menu's board size.
    press(&mut state, KeyCode::Down);
    press(&mut state, KeyCode::Right);
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Enter);
    let said = press(&mut state, KeyCode::Enter);
    assert_eq!(said, ["new local game: 9x9, komi 0; Black to play"]);
    let header = store(home.path()).load(&game_id(&state)).unwrap();
    assert_eq!(header.contents.header.black.name, "Aki");
    assert_eq!(header.contents.header.white.name, "Ben");
    assert_eq!(header.contents.header.series.as_deref(), Some("aki-ben"));
    // Aki, the weaker, has Black in game 4 and resigns.
    keys(&mut state, "ry");
    let after = &session(&state).after;
    assert_eq!(after.len(), 2, "{after:?}");
    assert_eq!(
        after[1],
        "Series aki-ben, game 4: Ben wins. four-game lead for Ben: the next game is 先 (Aki weaker) instead of 先相先, and the count starts again."
    );
    let series = SeriesStore::new(&Places::under(home.path()))
        .load(&id)
        .unwrap();
    assert_eq!(series.games().len(), 4);
    assert_eq!(series.current().step, Step::Sen);
}

#[test]
fn a_nigiri_at_the_board_decides_black_in_an_even_series() {
    let home = tempfile::tempdir().unwrap();
    let player = |name: &str| Player {
        id: format!("local:{name}"),
        name: name.to_string(),
    };
    let series = Series::new(SeriesSetup {
        players: [player("Aki"), player("Ben")],
        ladder: LadderKind::Kou,
        start: Step::Even,
        weaker: None,
        threshold: 4,
        komi: KomiPolicy::default(),
    })
    .unwrap();
    let sid = SeriesId::parse("even").unwrap();
    SeriesStore::new(&Places::under(home.path()))
        .create(&sid, &series)
        .unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Series);
    keys(&mut state, "  ");
    assert!(state.prompt.is_some(), "the nigiri is asked for");
    let said = press(&mut state, KeyCode::Char('2'));
    assert_eq!(
        said,
        [
            "Ben takes Black in game 1",
            "new local game: 19x19, komi 6.5; Black to play"
        ]
    );
    let saved = store(home.path()).load(&game_id(&state)).unwrap();
    assert_eq!(saved.contents.header.black.name, "Ben");
    let series = SeriesStore::new(&Places::under(home.path()))
        .load(&sid)
        .unwrap();
    assert_eq!(series.next_game().black, Some(Seat::Second));
}

#[test]
fn a_broken_config_gives_defaults_a_message_naming_its_line_and_is_never_overwritten() {
    let home = tempfile::tempdir().unwrap();
    let file = Places::under(home.path()).config_file();
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let text = "[game]\nkomi = 6.5\nboard_size = = 9\n";
    std::fs::write(&file, text).unwrap();
    let mut state = home_in(home.path());
    let problem = state.config_problem.clone().expect("a problem");
    assert!(problem.contains("config.toml line 3"), "{problem}");
    assert_eq!(state.home.size, 19);
    let screen = format!("{}", render(&state));
    assert!(screen.contains("line 3"), "{screen}");
    open_from_home(&mut state, HomeItem::Settings);
    let said = press(&mut state, KeyCode::Char('s'));
    assert!(said[0].contains("fix or move the file"), "{said:?}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
}

#[test]
fn settings_are_edited_saved_and_put_into_force() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Settings);
    // The name: Enter, erase, type, Enter.
    press(&mut state, KeyCode::Enter);
    for _ in 0..10 {
        press(&mut state, KeyCode::Backspace);
    }
    keys(&mut state, "Aki");
    press(&mut state, KeyCode::Enter);
    // Board size 19 → 9, komi 6.5 → 7.5, 1949 names, ASCII on.
    keys(&mut state, "jl");
    keys(&mut state, "jll");
    keys(&mut state, "jl");
    keys(&mut state, "jl");
    let said = press(&mut state, KeyCode::Char('s'));
    let file = Places::under(home.path()).config_file();
    assert_eq!(said, [format!("settings saved to {}", file.display())]);
    let loaded = kaisho_saves::config::load(&file);
    assert_eq!(loaded.problem, None);
    assert_eq!(loaded.config.player_name, "Aki");
    assert_eq!(loaded.config.board_size.get(), 9);
    assert_eq!(loaded.config.komi, Komi::from_halves(15));
    assert_eq!(
        loaded.config.coordinates,
        kaisho_saves::config::CoordinateStyle::Rules1949
    );
    assert!(loaded.config.ascii);
    assert!(state.options.ascii && state.naming.ascii);
    assert_eq!(state.home.size, 9);
    // A new start reads them back.
    let state = home_in(home.path());
    assert_eq!(state.naming.style, kaisho::app::CoordStyle::Japanese);
    assert_eq!(state.home.komi, Komi::from_halves(15));
}

/// A fixed pseudo-random walk over the keys of every screen, with saved
/// games, a damaged file, a series and SGF paths to type: nothing panics.
#[test]
fn no_input_sequence_panics_on_the_saves_screens() {
    let home = tempfile::tempdir().unwrap();
    aki_ben_series(home.path(), &ben_wins(3));
    let mut state = counted_game(home.path());
    press(&mut state, KeyCode::Char('n'));
    let games = Places::under(home.path()).games_dir();
    std::fs::write(games.join("broken.kgl"), b"KGL\0garbage").unwrap();
    let codes = [
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Backspace,
        KeyCode::Char(' '),
        KeyCode::Char('j'),
        KeyCode::Char('k'),
        KeyCode::Char('h'),
        KeyCode::Char('l'),
        KeyCode::Char('g'),
        KeyCode::Char('i'),
        KeyCode::Char('s'),
        KeyCode::Char('a'),
        KeyCode::Char('p'),
        KeyCode::Char('y'),
        KeyCode::Char('n'),
        KeyCode::Char('1'),
        KeyCode::Char('2'),
        KeyCode::Char('9'),
        KeyCode::Char('/'),
        KeyCode::Char('?'),
        KeyCode::Char('t'),
        KeyCode::Char('q'),
    ];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut seen = std::collections::BTreeSet::new();
    for step in 0..9_000 {
        seen.insert(match &state.screen {
            Screen::Home => "home",
            Screen::Game(_) => "game",
            Screen::Games(_) => "games",
            Screen::Review(_) => "review",
            Screen::Series(_) => "series",
            Screen::Settings(_) => "settings",
            Screen::HostForm(_) => "host form",
            Screen::Lobby(_) => "lobby",
            Screen::Watch(_) => "watch",
            Screen::Join(_) => "join",
        });
        let r = next();
        let msg = if step % 61 == 0 {
            Msg::Resize((r >> 8) as u16 % 100, (r >> 24) as u16 % 40)
        } else {
            // On the home menu mostly move and choose, to reach every screen.
            let pool: &[KeyCode] = match state.screen {
                Screen::Home => &[KeyCode::Down, KeyCode::Down, KeyCode::Up, KeyCode::Enter],
                _ => &codes,
            };
            Msg::Key(KeyEvent::new(
                pool[(r >> 32) as usize % pool.len()],
                KeyModifiers::NONE,
            ))
        };
        if update(&mut state, msg) == [Cmd::Quit] {
            state = home_in(home.path());
        }
        if step % 37 == 0 {
            let (w, h) = state.viewport;
            render_at(&state, w.max(1), h.max(1));
        }
    }
    assert_eq!(seen.len(), 10, "the walk reached only {seen:?}");
}

#[test]
fn an_adjourned_series_game_is_recorded_when_resumed_unless_the_series_moved_on() {
    let home = tempfile::tempdir().unwrap();
    let id = aki_ben_series(home.path(), &ben_wins(3));
    let series_store = SeriesStore::new(&Places::under(home.path()));
    let start_and_leave = |state: &mut Front| {
        open_from_home(state, HomeItem::Series);
        keys(state, "  ");
        play(state, "Q16");
        keys(state, "qy");
        assert!(state.table().is_none());
    };
    let mut state = home_in(home.path());
    start_and_leave(&mut state);
    open_from_home(&mut state, HomeItem::Games);
    press(&mut state, KeyCode::Enter);
    assert_eq!(
        session(&state).title.words(Lang::En),
        "series aki-ben, game 4"
    );
    // White (Ben) resigns: Aki wins game 4, and the lead drops to two.
    keys(&mut state, "ry");
    assert!(session(&state).after[1].starts_with("Series aki-ben, game 4: Aki wins."));
    assert_eq!(series_store.load(&id).unwrap().games().len(), 4);

    // A game adjourned while the series records another result elsewhere.
    press(&mut state, KeyCode::Char('n'));
    start_and_leave(&mut state);
    let base = series_store.load(&id).unwrap();
    let mut series = base.clone();
    series.record(SeriesResult::Jigo).unwrap();
    series_store.save(&id, &base, &series).unwrap();
    open_from_home(&mut state, HomeItem::Games);
    let said = press(&mut state, KeyCode::Enter);
    assert!(said[0].contains("has moved on"), "{said:?}");
    keys(&mut state, "ry");
    assert_eq!(session(&state).after.len(), 1, "only the SGF export");
    assert_eq!(series_store.load(&id).unwrap().games().len(), 5);
}

/// A local game with the 20-minute sudden-death clock chosen on the home
/// menu: each tick of the event loop is a second of the side on turn.
fn timed_game(dir: &Path) -> Front {
    let mut state = home_in(dir);
    let clock = state
        .home
        .items
        .iter()
        .position(|&i| i == HomeItem::Clock)
        .unwrap();
    for _ in 0..clock {
        press(&mut state, KeyCode::Down);
    }
    for _ in 0..4 {
        press(&mut state, KeyCode::Right);
    }
    assert_eq!(
        state.home.value(HomeItem::Clock, Lang::En).as_deref(),
        Some("20 min sudden death")
    );
    while state.home.selected > 0 {
        press(&mut state, KeyCode::Up);
    }
    press(&mut state, KeyCode::Enter);
    state
}

fn ticks(state: &mut Front, n: usize) {
    for _ in 0..n {
        update(state, Msg::Tick);
    }
}

#[test]
fn a_local_clock_books_each_move_and_comes_back_with_the_game() {
    let home = tempfile::tempdir().unwrap();
    let mut state = timed_game(home.path());
    ticks(&mut state, 5);
    play(&mut state, "Q16");
    ticks(&mut state, 2);
    let id = game_id(&state);
    let screen = format!("{:?}", render(&state).buffer());
    assert!(screen.contains("19:55"), "{screen}");
    assert!(screen.contains("19:58"), "{screen}");
    // The log holds the clock and the five seconds Black's move took.
    let saved = store(home.path()).load(&id).unwrap();
    assert_eq!(
        saved.contents.header.clock,
        Some(kaisho_core::clock::TimeControl::Absolute { main_ms: 1_200_000 })
    );
    assert_eq!(saved.contents.events[0].time_used_ms, Some(5000));
    keys(&mut state, "qy");

    // Resumed, Black's clock is where the log left it; White's turn starts afresh.
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Games);
    press(&mut state, KeyCode::Enter);
    let timer = session(&state).timer.expect("the clock came back");
    assert_eq!(timer.clocks[0].main_left_ms(), 1_195_000);
    assert_eq!(timer.clocks[1].main_left_ms(), 1_200_000);
}

#[test]
fn a_flag_that_falls_loses_the_game_on_time() {
    let home = tempfile::tempdir().unwrap();
    let mut state = timed_game(home.path());
    play(&mut state, "Q16");
    ticks(&mut state, 1200);
    assert!(
        session(&state).game.outcome().is_none(),
        "20 minutes are not over"
    );
    ticks(&mut state, 1);
    assert_eq!(
        session(&state).game.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            by: WinBy::Time
        })
    );
    let saved = store(home.path()).load(&game_id(&state)).unwrap();
    assert_eq!(saved.game.outcome(), session(&state).game.outcome());
}

/// After a jump to a move, End moves the message on with the position:
/// it says the last move, not the move jumped to before.
#[test]
fn the_review_message_follows_every_step() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/walls.sgf");
    run(&mut state, Command::Import(fixture.display().to_string()));
    let total = review_screen(&state).moves();
    assert!(total > 3);
    run(&mut state, Command::GoTo(2));
    assert_eq!(
        state.message.as_ref().unwrap().text,
        format!("move 2 of {total}")
    );
    press(&mut state, KeyCode::End);
    assert_eq!(review_screen(&state).at, total);
    assert_eq!(
        state.message.as_ref().unwrap().text,
        format!("move {total} of {total}")
    );
    press(&mut state, KeyCode::Left);
    assert_eq!(
        state.message.as_ref().unwrap().text,
        format!("move {} of {total}", total - 1)
    );
}

/// The host's form starts from the clock chosen on the home screen.
#[test]
fn the_host_form_starts_from_the_home_screen_clock() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    let at = state
        .home
        .items
        .iter()
        .position(|&i| i == HomeItem::Clock)
        .unwrap();
    state.home.selected = at;
    press(&mut state, KeyCode::Right);
    assert_eq!(
        state.home.value(HomeItem::Clock, Lang::En).as_deref(),
        Some("10 min + 3 x 30 s")
    );
    open_from_home(&mut state, HomeItem::HostLan);
    let Screen::HostForm(form) = &state.screen else {
        panic!("the host form is open");
    };
    assert_eq!(
        form.value(kaisho::app::HostItem::Clock, Lang::En)
            .as_deref(),
        Some("10 min + 3 x 30 s")
    );
}

/// Esc with changes not saved asks before dropping them; with none it
/// leaves at once.
#[test]
fn leaving_settings_with_unsaved_changes_asks_first() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Settings);
    keys(&mut state, "jl");
    press(&mut state, KeyCode::Esc);
    assert!(matches!(state.screen, Screen::Settings(_)));
    assert_eq!(
        state.prompt,
        Some(kaisho::app::Prompt::Confirm(
            kaisho::app::Ask::DiscardSettings
        ))
    );
    press(&mut state, KeyCode::Char('n'));
    assert!(
        matches!(state.screen, Screen::Settings(_)),
        "no keeps the form"
    );
    press(&mut state, KeyCode::Esc);
    press(&mut state, KeyCode::Char('y'));
    assert!(matches!(state.screen, Screen::Home));
    assert_eq!(state.config.board_size.get(), 19, "nothing was saved");
    open_from_home(&mut state, HomeItem::Settings);
    press(&mut state, KeyCode::Esc);
    assert!(matches!(state.screen, Screen::Home));
}

/// A clock written in `config.toml` is the home screen's clock, shown in its
/// panel, and the clock of the game started from there.
#[test]
fn a_clock_in_the_config_is_on_home_and_starts_the_game() {
    let home = tempfile::tempdir().unwrap();
    let file = Places::under(home.path()).config_file();
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        "[game]\nboard_size = 9\nclock = { mode = \"byoyomi\", main_seconds = 1500, periods = 4, period_seconds = 20 }\n",
    )
    .unwrap();
    let mut state = home_in(home.path());
    assert_eq!(
        state.home.value(HomeItem::Clock, Lang::En).as_deref(),
        Some("25 min + 4 x 20 s")
    );
    let screen = format!("{}", render(&state));
    assert!(screen.contains("25 min + 4 x 20 s"), "{screen}");
    open_from_home(&mut state, HomeItem::PlayLocal);
    let timer = session(&state).timer.expect("a clock");
    assert_eq!(timer.clocks[0].main_left_ms(), 1_500_000);
    assert_eq!(timer.clocks[1].periods_left(), 4);
}

/// Without a clock in the file a game at one keyboard has none.
#[test]
fn the_default_config_starts_a_game_without_a_clock() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    assert_eq!(
        state.home.value(HomeItem::Clock, Lang::En).as_deref(),
        Some("no clock")
    );
    open_from_home(&mut state, HomeItem::PlayLocal);
    assert!(session(&state).timer.is_none());
}

/// Settings offers the clock presets with `h`/`l` and takes a typed clock
/// with Enter; saving writes it to `config.toml` and home starts from it.
#[test]
fn settings_change_the_clock_and_save_it() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Settings);
    let Screen::Settings(form) = &mut state.screen else {
        panic!("not the settings screen");
    };
    form.selected = kaisho::app::SETTINGS_ITEMS
        .iter()
        .position(|&i| i == kaisho::app::SettingsItem::Clock)
        .unwrap();
    keys(&mut state, "l");
    press(&mut state, KeyCode::Char('s'));
    let file = Places::under(home.path()).config_file();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains(
            "[game.clock]\nmode = \"byoyomi\"\nmain_seconds = 600\nperiods = 3\nperiod_seconds = 30\n"
        ),
        "{text}"
    );
    assert_eq!(state.home.time_control().parts(), (600_000, 3, 30_000));
    // Enter types any clock, as on the home screen.
    press(&mut state, KeyCode::Enter);
    keys(&mut state, "0 3x10s");
    let said = press(&mut state, KeyCode::Enter);
    assert_eq!(said, ["clock: byo-yomi 3 x 10 s"]);
    press(&mut state, KeyCode::Char('s'));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains(
            "[game.clock]\nmode = \"byoyomi\"\nmain_seconds = 0\nperiods = 3\nperiod_seconds = 10\n"
        ),
        "{text}"
    );
    // A new start reads it back onto the home screen.
    let state = home_in(home.path());
    assert_eq!(state.home.time_control().parts(), (0, 3, 10_000));
}

/// An adjourned game this installation joined, as White, in a home under
/// `dir`; its id.
fn joined_game(dir: &Path, id: &str) -> String {
    let player = |name: &str| kaisho_saves::log::Player {
        name: name.to_string(),
        fingerprint: None,
    };
    let settings =
        kaisho_core::Settings::even(kaisho_core::BoardSize::new(9).unwrap(), Komi::MODERN);
    store(dir)
        .create(&kaisho_saves::log::GameHeader {
            game_id: id.to_string(),
            created_unix: 1_795_000_000,
            black: player("Aki"),
            white: player("Ben"),
            settings,
            local_color: Some(Color::White),
            series: None,
            clock: None,
        })
        .expect("a new log");
    id.to_string()
}

/// Rejoining an adjourned joined game offers the address it was joined at
/// in the dial prompt, to be used or edited.
#[test]
fn the_rejoin_prompt_offers_the_address_the_game_was_joined_at() {
    let home = tempfile::tempdir().unwrap();
    let id = joined_game(home.path(), "20261124-1000-1");
    let addr = "192.168.1.20:7878".parse().unwrap();
    store(home.path()).remember_host(&id, addr).unwrap();
    let mut state = home_in(home.path());
    run(&mut state, Command::ResumeSaved(id.clone()));
    assert_eq!(state.prompt, Some(kaisho::app::Prompt::NetResume { id }));
    press(&mut state, KeyCode::Char('d'));
    assert_eq!(
        state.prompt,
        Some(kaisho::app::Prompt::Text(
            kaisho::app::Field::HostAddress,
            "192.168.1.20:7878".to_string()
        ))
    );
    // The address can be edited before dialling.
    for _ in 0..4 {
        press(&mut state, KeyCode::Backspace);
    }
    keys(&mut state, "7999");
    assert_eq!(
        state.prompt,
        Some(kaisho::app::Prompt::Text(
            kaisho::app::Field::HostAddress,
            "192.168.1.20:7999".to_string()
        ))
    );
}

/// A joined game without a recorded address (an older one) asks with an
/// empty prompt.
#[test]
fn the_rejoin_prompt_is_empty_without_a_recorded_address() {
    let home = tempfile::tempdir().unwrap();
    let id = joined_game(home.path(), "20261124-1000-2");
    let mut state = home_in(home.path());
    run(&mut state, Command::ResumeSaved(id));
    press(&mut state, KeyCode::Char('d'));
    assert_eq!(
        state.prompt,
        Some(kaisho::app::Prompt::Text(
            kaisho::app::Field::HostAddress,
            String::new()
        ))
    );
}

/// A record imported with the result it gives, here a count under other
/// rules that the moves do not reach, is finished: the list shows its
/// result and Enter opens it for review, not for play.
#[test]
fn an_imported_record_with_a_result_opens_for_review() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("counted.sgf");
    std::fs::write(
        &file,
        "(;GM[1]SZ[9]KM[6.5]RE[W+3.5]DT[2020-01-02];B[ee];W[cc]C[kept])",
    )
    .unwrap();
    kaisho_cli(home.path(), &["games", "import", file.to_str().unwrap()]);
    let mut state = home_in(home.path());
    open_from_home(&mut state, HomeItem::Games);
    let listed = &games_screen(&state).games[0];
    assert!(!listed.is_adjourned());
    assert_eq!(listed.result().as_deref(), Some("W+3.5"));
    assert_eq!(listed.date.as_deref(), Some("2020-01-02"));
    press(&mut state, KeyCode::Enter);
    assert_eq!(review_screen(&state).moves(), 2);
    press(&mut state, KeyCode::End);
    let comment = review_screen(&state)
        .comment()
        .expect("the record's comment");
    assert_eq!(comment, "kept");
}
