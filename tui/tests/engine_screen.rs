//! The engine on the screen: the home menu's item, a game against GNU Go
//! played through the update and the shell on the network game's screen
//! to a counted result, resumed after an adjournment, and the engine
//! "thinking" while the screen goes on.

mod common;

use common::engine::{GNUGO, fake_engine};
use common::{Front, home_in, open_from_home, render, run, update};
use kaisho::app::{Command, HomeItem, Msg, Screen, State, Table};
use kaisho::shell::Shell;
use kaisho_core::{Color, Phase};
use kaisho_saves::log::GameStore;
use kaisho_saves::places::Places;
use std::path::Path;
use std::time::Duration;

/// The home screen under `dir` with `engine` in force, a live shell and a
/// 9×9 board chosen.
fn front_with(dir: &Path, engine: Option<String>) -> Front {
    let mut front = home_in(dir);
    front.shell = Shell::default();
    front.state.engine = engine;
    front.state.home.size = 9;
    front
}

fn table(state: &State) -> Option<&Table> {
    state.table()
}

/// Takes the engine's reports into the front end until `done` holds, for
/// at most thirty seconds, answering with `answer` after each report.
async fn settle(
    front: &mut Front,
    done: impl Fn(&State) -> bool,
    mut answer: impl FnMut(&mut Front),
) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while !done(&front.state) {
        let news = tokio::time::timeout_at(deadline, front.shell.next())
            .await
            .unwrap_or_else(|_| panic!("timed out; message {:?}", front.state.message));
        update(front, Msg::Net(news));
        answer(front);
    }
}

/// Adjourns the engine game on the screen and waits until the seat has
/// closed, once the engine is gone.
async fn adjourn(front: &mut Front) {
    run(front, Command::Adjourn);
    loop {
        let news = tokio::time::timeout(Duration::from_secs(10), front.shell.next())
            .await
            .expect("the seat closes");
        if matches!(news, kaisho::app::NetNews::Closed(_)) {
            break;
        }
    }
}

/// The player passes on every turn and accepts the engine's proposal.
fn pass_and_accept(front: &mut Front) {
    let Some(session) = table(&front.state) else {
        return;
    };
    let local = session.net.as_ref().map_or(Color::Black, |n| n.local);
    let game = &session.game;
    let our_turn = game.phase() == Phase::Playing && game.to_move() == local;
    let theirs_open = game
        .open_proposal()
        .and_then(|i| game.proposals().get(i as usize))
        .is_some_and(|p| p.by != local);
    if our_turn {
        run(front, Command::Pass);
    } else if theirs_open {
        run(front, Command::Accept);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_gnugo_from_the_home_menu_ends_counted_and_exported() {
    assert!(
        Path::new(GNUGO).exists(),
        "GNU Go is not installed at {GNUGO}"
    );
    let dir = tempfile::tempdir().unwrap();
    let mut front = front_with(dir.path(), Some(format!("{GNUGO} --mode gtp --level 1")));
    open_from_home(&mut front, HomeItem::PlayEngine);
    assert!(matches!(front.state.screen, Screen::Lobby(_)));
    settle(&mut front, |s| table(s).is_some(), |_| {}).await;
    common::play(&mut front, "E5");
    settle(
        &mut front,
        |s| table(s).is_some_and(|t| t.game.phase() == Phase::Ended),
        pass_and_accept,
    )
    .await;
    let session = table(&front.state).unwrap();
    let net = session.net.as_ref().expect("played on the network screen");
    assert_eq!(net.names[1], "GNU Go");
    let score = session.game.score().expect("counted");
    assert_eq!(session.game.outcome(), Some(score.outcome()));
    let places = Places::under(dir.path());
    let saved = GameStore::new(places.games_dir())
        .load(&net.game_id)
        .unwrap();
    assert_eq!(saved.game.events(), session.game.events());
    // The screen asked for the SGF at the end, as after a network game.
    let exported = std::fs::read_dir(places.exports_dir())
        .map(|d| d.count())
        .unwrap_or(0);
    assert_eq!(exported, 1, "one SGF export");
}

/// An engine game left in the middle is resumed from Saved games: the
/// seat replays the moves to the engine, which plays on from them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_adjourned_engine_game_resumes_from_saved_games() {
    let dir = tempfile::tempdir().unwrap();
    let engine = format!("{GNUGO} --mode gtp --level 1");
    let mut front = front_with(dir.path(), Some(engine.clone()));
    open_from_home(&mut front, HomeItem::PlayEngine);
    settle(&mut front, |s| table(s).is_some(), |_| {}).await;
    common::play(&mut front, "E5");
    settle(
        &mut front,
        |s| table(s).is_some_and(|t| t.game.move_number() == 2),
        |_| {},
    )
    .await;
    let id = table(&front.state)
        .unwrap()
        .net
        .as_ref()
        .unwrap()
        .game_id
        .clone();
    let before = table(&front.state).unwrap().game.events().to_vec();
    adjourn(&mut front).await;
    // A new front end, as after quitting: the game from Saved games.
    let mut front = front_with(dir.path(), Some(engine));
    run(&mut front, Command::ResumeSaved(id.clone()));
    settle(&mut front, |s| table(s).is_some(), |_| {}).await;
    let session = table(&front.state).unwrap();
    assert_eq!(session.game.events(), before.as_slice(), "the log's game");
    assert_eq!(session.net.as_ref().unwrap().game_id, id);
    // A point GNU Go did not take with its answer.
    let free = ["C3", "G7", "C7"]
        .into_iter()
        .find(|v| {
            let point = common::gtp(v, 9);
            session.game.check_play(Color::Black, point).is_ok()
        })
        .unwrap();
    common::play(&mut front, free);
    settle(
        &mut front,
        |s| table(s).is_some_and(|t| t.game.move_number() == 4),
        |_| {},
    )
    .await;
    let saved = GameStore::new(Places::under(dir.path()).games_dir())
        .load(&id)
        .unwrap();
    assert_eq!(
        saved.game.move_number(),
        4,
        "the engine played on in the same log"
    );
}

#[test]
fn without_an_engine_the_item_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = home_in(dir.path());
    front.state.engine = None;
    let screen = render(&front.state).to_string();
    assert!(
        screen.contains("Play the engine  (no engine found)"),
        "{screen}"
    );
    let said = {
        let at = front
            .state
            .home
            .items
            .iter()
            .position(|&i| i == HomeItem::PlayEngine);
        assert!(at.is_some(), "the item is on the menu");
        open_from_home(&mut front, HomeItem::PlayEngine);
        front.state.message.clone().expect("a reason").text
    };
    assert!(
        said.contains("No engine to play") && said.contains("--engine"),
        "{said}"
    );
    assert!(matches!(front.state.screen, Screen::Home));
}

/// The engine item on the home menu with its colour, 80×24.
#[test]
fn engine_item_on_the_home_menu() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = home_in(dir.path());
    front.state.engine = Some("gnugo --mode gtp".into());
    let at = front
        .state
        .home
        .items
        .iter()
        .position(|&i| i == HomeItem::PlayEngine)
        .unwrap();
    front.state.home.selected = at;
    run(&mut front, Command::Right);
    assert_eq!(front.state.home.engine_color, Color::White);
    in_both_languages!(&mut front.state);
}

/// A game against an engine that is thinking, 80×24: the player took
/// White, the engine's first move is awaited.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_thinking() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = front_with(dir.path(), Some(fake_engine(dir.path(), "hang")));
    front.state.home.engine_color = Color::White;
    open_from_home(&mut front, HomeItem::PlayEngine);
    settle(
        &mut front,
        |s| {
            table(s)
                .and_then(|t| t.net.as_ref())
                .is_some_and(|n| n.thinking)
        },
        |_| {},
    )
    .await;
    front.state.message = None;
    let state = &mut front.state;
    for lang in kaisho::words::Lang::ALL {
        state.naming.lang = lang;
        common::assert_fits_80(state);
    }
    state.naming.lang = kaisho::words::Lang::En;
    insta::assert_snapshot!("engine_thinking", render(state));
    state.naming.lang = kaisho::words::Lang::Ja;
    insta::assert_snapshot!("engine_thinking_ja", render(state));
    state.naming.lang = kaisho::words::Lang::En;

    // Nobody to chat with and nobody watching: the help lists neither key,
    // and `c` opens no prompt.
    let offered: Vec<kaisho::app::Command> = kaisho::app::bindings_here(state)
        .map(|b| b.command.clone())
        .collect();
    assert!(
        !offered.contains(&kaisho::app::Command::AskChat),
        "{offered:?}"
    );
    assert!(
        !offered.contains(&kaisho::app::Command::Ask(kaisho::app::Ask::CloseWatching)),
        "{offered:?}"
    );
    let screen = format!("{:?}", render(state).buffer());
    assert!(!screen.contains("chat with"), "{screen}");
    common::press(&mut front, crossterm::event::KeyCode::Char('c'));
    assert_eq!(front.state.prompt, None);
}

/// While the engine starts, the lobby says so: nobody is awaited.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_says_the_engine_is_starting() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = front_with(dir.path(), Some(fake_engine(dir.path(), "hang")));
    open_from_home(&mut front, HomeItem::PlayEngine);
    let screen = format!("{:?}", render(&front.state).buffer());
    assert!(screen.contains("Starting the engine..."), "{screen}");
    assert!(!screen.contains("Waiting for the partner"), "{screen}");
}

/// The move count of the game on the screen is `n`, with no take-back
/// waiting for its answer.
fn at_move(n: u32) -> impl Fn(&State) -> bool {
    move |s| table(s).is_some_and(|t| t.game.move_number() == n && t.game.undo_request().is_none())
}

/// 待った on the screen against an engine, with the undo limit at one: no
/// move yet is nothing to take back; on the player's turn `u` takes back
/// their move and the engine's instant reply; a second request is past
/// the limit and is refused with it, in both languages; the log holds the
/// game the screen shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn u_against_the_engine_takes_back_the_move_and_its_reply_within_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let engine = common::engine::fake_engine_with(dir.path(), "passer", "", "C3 D4 F6", "");
    let mut front = front_with(dir.path(), Some(engine));
    front.state.config.undo_limit = 1;
    open_from_home(&mut front, HomeItem::PlayEngine);
    settle(&mut front, |s| table(s).is_some(), |_| {}).await;
    run(&mut front, Command::Undo);
    let said = front.state.message.clone().expect("a reason").text;
    assert_eq!(said, "there is no move to take back");
    common::play(&mut front, "E5");
    settle(&mut front, at_move(2), |_| {}).await;
    run(&mut front, Command::Undo);
    settle(&mut front, at_move(0), |_| {}).await;
    let game = &table(&front.state).unwrap().game;
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.undo_requests(Color::Black), 1);
    common::play(&mut front, "E5");
    settle(&mut front, at_move(2), |_| {}).await;
    for (lang, says) in [
        (kaisho::words::Lang::En, "the limit is 1"),
        (kaisho::words::Lang::Ja, "上限は1回です"),
    ] {
        front.state.naming.lang = lang;
        run(&mut front, Command::Undo);
        let said = front.state.message.clone().expect("a reason").text;
        assert!(said.contains(says), "{said}");
    }
    let session = table(&front.state).unwrap();
    assert_eq!(session.game.move_number(), 2, "nothing was taken back");
    let saved = GameStore::new(Places::under(dir.path()).games_dir())
        .load(&session.net.as_ref().unwrap().game_id)
        .unwrap();
    assert_eq!(saved.game.events(), session.game.events());
}

/// Against GNU Go, the move and its reply taken back are gone from GNU Go's
/// board too: the player then plays on the point GNU Go had answered on,
/// which GNU Go would refuse if its stone were still there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn u_against_gnugo_takes_back_its_reply_on_its_board() {
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: GNU Go is not installed at {GNUGO} (.ci/install-gnugo)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut front = front_with(dir.path(), Some(format!("{GNUGO} --mode gtp --level 1")));
    open_from_home(&mut front, HomeItem::PlayEngine);
    settle(&mut front, |s| table(s).is_some(), |_| {}).await;
    common::play(&mut front, "E5");
    settle(&mut front, at_move(2), |_| {}).await;
    let reply = table(&front.state).unwrap().game.last_move();
    let Some(kaisho_core::Move::Play(_, point)) = reply else {
        panic!("GNU Go answered with a stone: {reply:?}");
    };
    run(&mut front, Command::Undo);
    settle(&mut front, at_move(0), |_| {}).await;
    common::play(&mut front, &point.to_gtp(9));
    settle(&mut front, at_move(2), |_| {}).await;
    let session = table(&front.state).unwrap();
    assert_eq!(
        session.game.board().get(point),
        Some(Color::Black),
        "GNU Go took the point back and let the player have it"
    );
    assert_eq!(
        session.net.as_ref().unwrap().link,
        kaisho::app::LinkState::Connected,
        "the game goes on"
    );
}

/// A game with a take-back, adjourned and resumed from Saved games, is the
/// same game: the withdrawn moves stay withdrawn and the request still
/// counts against the player's limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_back_against_the_engine_survives_adjournment() {
    let dir = tempfile::tempdir().unwrap();
    let engine = common::engine::fake_engine_with(dir.path(), "passer", "", "C3 D4", "");
    let mut front = front_with(dir.path(), Some(engine.clone()));
    open_from_home(&mut front, HomeItem::PlayEngine);
    settle(&mut front, |s| table(s).is_some(), |_| {}).await;
    common::play(&mut front, "E5");
    settle(&mut front, at_move(2), |_| {}).await;
    run(&mut front, Command::Undo);
    settle(&mut front, at_move(0), |_| {}).await;
    let session = table(&front.state).unwrap();
    let id = session.net.as_ref().unwrap().game_id.clone();
    let before = session.game.events().to_vec();
    adjourn(&mut front).await;
    let mut front = front_with(dir.path(), Some(engine));
    run(&mut front, Command::ResumeSaved(id));
    settle(&mut front, |s| table(s).is_some(), |_| {}).await;
    let game = &table(&front.state).unwrap().game;
    assert_eq!(game.events(), before.as_slice());
    assert_eq!(game.move_number(), 0);
    assert_eq!(game.undo_requests(Color::Black), 1);
}
