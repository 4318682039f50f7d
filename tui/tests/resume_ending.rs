//! A game taken up again in its ending opens as the stop did: a stopped
//! game resumed from Saved games, a record imported with `kaisho games
//! import` that ends with two passes, and a network game begun again are
//! drafted by Article 7 again, read in slices, and a proposal left on the
//! table is shown again with whose it is and who answers it.

mod common;

use common::{Front, home, home_in, keys, open_from_home, pass_twice, press, render, run, said};
use common::{click, gtp, session, update, walls_game_in};
use crossterm::event::KeyCode;
use kaisho::app::{Command, HomeItem, Msg, Screen};
use kaisho::words::Lang;
use kaisho_core::life::{self, Limits};
use kaisho_core::{
    Board, BoardSize, Color, Event, Game, Komi, Outcome, Phase, Point, Settings, WinBy,
};
use kaisho_saves::log::{GameHeader, GameStore, Player};
use kaisho_saves::places::Places;
use std::path::Path;

/// Sends read slices until the draft is read; what they said.
fn read_out(state: &mut Front) -> Vec<String> {
    let mut told = Vec::new();
    for _ in 0..100 {
        if !state.reading() {
            return told;
        }
        told.extend(said(update(state, Msg::Read)));
    }
    panic!("the draft was still reading after 100 slices");
}

/// The count as plain mode's `score` prints it.
fn score(state: &mut Front) -> String {
    said(run(state, Command::ShowScore)).join("\n")
}

/// The draft's note at the stop of the walls game (White's B5 dead inside
/// Black's side, proven without a search).
const WALLS_DRAFT: &str = "the game is stopped; the Article 7 draft marks 1 stone dead";

/// The walls game stopped by two passes and drafted, in a home under `dir`.
fn stopped_walls(dir: &Path) -> Front {
    let mut state = walls_game_in(home_in(dir));
    press(&mut state, KeyCode::Char('p'));
    let told = press(&mut state, KeyCode::Char('p'));
    assert_eq!(told.last().map(String::as_str), Some(WALLS_DRAFT));
    assert!(!state.reading());
    assert_eq!(session(&state).marks, [pt("B5")]);
    state
}

fn pt(name: &str) -> Point {
    gtp(name, 9)
}

/// Leaves the game on screen for home (q, then yes): it stays adjourned.
fn adjourn(state: &mut Front) {
    keys(state, "qy");
    assert!(matches!(state.screen, Screen::Home), "{:?}", state.screen);
}

/// A new start in `dir`, as after quitting kaisho, and the one adjourned
/// game resumed from Saved games; what the resumption said.
fn resumed_in(dir: &Path, lang: Lang) -> (Front, Vec<String>) {
    resumed_with(dir, lang, KeyCode::Enter)
}

/// The game of Saved games under `dir` taken up with `key`: Enter for a
/// game of kaisho's own, `r` for an imported record (Enter reviews it).
fn resumed_with(dir: &Path, lang: Lang, key: KeyCode) -> (Front, Vec<String>) {
    let mut state = home_in(dir);
    state.naming.lang = lang;
    open_from_home(&mut state, HomeItem::Games);
    let told = press(&mut state, key);
    assert!(matches!(state.screen, Screen::Game(_)), "{told:?}");
    (state, told)
}

/// What the board and panel show, as text.
fn screen(state: &Front) -> String {
    format!("{:?}", render(state).buffer())
}

#[test]
fn a_stopped_game_resumed_from_saved_games_is_drafted_and_counts_as_before() {
    let home = tempfile::tempdir().unwrap();
    let mut state = stopped_walls(home.path());
    let marks = session(&state).marks.clone();
    let count = session(&state).count.clone();
    let before = score(&mut state);
    adjourn(&mut state);

    let (mut state, told) = resumed_in(home.path(), Lang::En);
    assert!(told[0].contains("resumed at move 29"), "{told:?}");
    assert_eq!(told[1..], [WALLS_DRAFT]);
    let table = session(&state);
    assert_eq!(table.marks, marks);
    assert_eq!(table.count, count);
    assert_eq!(
        table.count.as_ref().map(kaisho_core::Score::outcome),
        Some(Outcome::Win {
            winner: Color::White,
            by: WinBy::Points(7)
        })
    );
    assert_eq!(score(&mut state), before);
    assert!(
        screen(&state).contains("marked 1 dead"),
        "{}",
        screen(&state)
    );
    // White passed first, so White proposes first, as at the stop.
    assert_eq!(session(&state).actor(), Color::White);
}

#[test]
fn a_proposal_left_on_the_table_is_shown_again_and_can_be_accepted() {
    let home = tempfile::tempdir().unwrap();
    let mut state = stopped_walls(home.path());
    // White takes B5 back to life and proposes no dead stones.
    click(&mut state, "B5");
    let proposed = keys(&mut state, "s");
    let sentence = "proposal 1 by White: no dead stones; count W+31.5; \
                    Black may accept or counter-propose";
    assert_eq!(proposed, [sentence]);
    adjourn(&mut state);

    let (mut state, told) = resumed_in(home.path(), Lang::En);
    assert_eq!(told.last().map(String::as_str), Some(sentence), "{told:?}");
    let table = session(&state);
    assert!(table.marks.is_empty(), "{:?}", table.marks);
    assert_eq!(table.actor(), Color::Black);
    let shown = screen(&state);
    assert!(shown.contains("proposal 1 by White"), "{shown}");
    assert_eq!(told[1], WALLS_DRAFT);
    keys(&mut state, "a");
    assert_eq!(
        session(&state).game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            by: WinBy::Points(63)
        })
    );
}

#[test]
fn a_counter_proposal_left_on_the_table_is_shown_again_with_its_proposer() {
    let home = tempfile::tempdir().unwrap();
    let mut state = stopped_walls(home.path());
    click(&mut state, "B5");
    keys(&mut state, "s");
    // Black marks B5 dead again and counter-proposes.
    click(&mut state, "B5");
    let countered = keys(&mut state, "s");
    let sentence = "proposal 2 by Black: dead B5; count W+3.5; \
                    White may accept or counter-propose";
    assert_eq!(countered, [sentence]);
    adjourn(&mut state);

    let (mut state, told) = resumed_in(home.path(), Lang::En);
    assert_eq!(told.last().map(String::as_str), Some(sentence), "{told:?}");
    assert_eq!(session(&state).marks, [pt("B5")]);
    assert_eq!(session(&state).actor(), Color::White);
    keys(&mut state, "a");
    assert_eq!(
        session(&state).game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            by: WinBy::Points(7)
        })
    );
}

/// Runs `kaisho games import FILE` with its files under `home`.
fn import(home: &Path, file: &Path) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kaisho"))
        .args(["--home"])
        .arg(home)
        .args(["--lang", "en", "games", "import"])
        .arg(file)
        .env("KAISHO_LOG", home.join("kaisho.log"))
        .output()
        .expect("kaisho runs");
    let told = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{told}");
    assert!(told.contains("adjourned"), "{told}");
}

#[test]
fn an_imported_record_that_ends_with_two_passes_is_drafted() {
    let played = tempfile::tempdir().unwrap();
    let mut state = stopped_walls(played.path());
    let marks = session(&state).marks.clone();
    let before = score(&mut state);
    let id = session(&state).recording.as_ref().unwrap().id().to_string();
    adjourn(&mut state);
    let export = Places::under(played.path())
        .exports_dir()
        .join(format!("{id}.sgf"));

    let home = tempfile::tempdir().unwrap();
    import(home.path(), &export);
    let (mut state, told) = resumed_with(home.path(), Lang::En, KeyCode::Char('r'));
    assert_eq!(told.last().map(String::as_str), Some(WALLS_DRAFT));
    assert_eq!(session(&state).marks, marks);
    assert_eq!(score(&mut state), before);
}

/// A 13×13 game stopped by two passes with White's stone at B7 dead in
/// Black's side, and `more` after it.
fn thirteen(more: &[Event]) -> Game {
    let size = BoardSize::new(13).unwrap();
    let mut game = Game::new(Settings::even(size, Komi::MODERN)).unwrap();
    let at = |name: &str| gtp(name, 13);
    for row in 1..=13 {
        for (color, col) in [(Color::Black, "D"), (Color::White, "F")] {
            let point = at(&format!("{col}{row}"));
            game.apply(Event::Play { color, point }).unwrap();
        }
    }
    let ending = [
        Event::Pass {
            color: Color::Black,
        },
        Event::Play {
            color: Color::White,
            point: at("B7"),
        },
        Event::Pass {
            color: Color::Black,
        },
        Event::Pass {
            color: Color::White,
        },
    ];
    for event in ending.iter().chain(more) {
        game.apply(event.clone()).unwrap();
    }
    game
}

/// `game` logged as an adjourned game in a home under `dir`.
fn saved(dir: &Path, game: &Game) {
    let store = GameStore::new(Places::under(dir).games_dir());
    let player = |name: &str| Player {
        name: name.to_string(),
        fingerprint: None,
    };
    let header = GameHeader {
        game_id: store.new_id(1_795_000_000),
        created_unix: 1_795_000_000,
        black: player("Aki"),
        white: player("Ben"),
        settings: game.settings().clone(),
        local_color: None,
        series: None,
        clock: None,
    };
    let mut log = store.create(&header).unwrap();
    for event in game.events() {
        log.append(event, None).unwrap();
    }
}

#[test]
fn a_thirteen_by_thirteen_game_resumed_in_japanese_is_drafted_in_japanese() {
    let home = tempfile::tempdir().unwrap();
    let game = thirteen(&[]);
    assert_eq!(game.phase(), Phase::Stopped);
    saved(home.path(), &game);
    let (mut state, told) = resumed_in(home.path(), Lang::Ja);
    assert!(
        told.iter()
            .any(|t| t.starts_with("対局の停止。第七条による死に石の案")),
        "{told:?}"
    );
    read_out(&mut state);
    let draft = life::draft(game.board(), &Limits::default());
    assert_eq!(draft, [gtp("B7", 13)]);
    let table = session(&state);
    assert_eq!(table.marks, draft);
    assert_eq!(table.count, game.count_with(&draft).ok());
}

#[test]
fn a_thirteen_by_thirteen_proposal_is_shown_again_in_japanese() {
    let home = tempfile::tempdir().unwrap();
    let dead = vec![gtp("B7", 13)];
    let game = thirteen(&[Event::Propose {
        by: Color::Black,
        dead: dead.clone(),
    }]);
    saved(home.path(), &game);
    let (state, told) = resumed_in(home.path(), Lang::Ja);
    let last = told.last().unwrap();
    assert!(
        last.starts_with("黒の終局処理案1: 死に石 B7、計算 ")
            && last.ends_with("。白は合意するか対案を出してください"),
        "{told:?}"
    );
    assert_eq!(session(&state).marks, dead);
    assert_eq!(session(&state).actor(), Color::White);
}

/// The walls position stopped, as a network game's log holds it, with
/// `more` after the stop.
fn stopped_network_game(more: &[Event]) -> Game {
    let home = tempfile::tempdir().unwrap();
    let mut state = walls_game_in(home_in(home.path()));
    pass_twice(&mut state);
    let mut game = session(&state).game.clone();
    for event in more {
        game.apply(event.clone()).unwrap();
    }
    game
}

#[test]
fn a_network_game_begun_again_in_its_ending_is_drafted() {
    let game = stopped_network_game(&[]);
    let mut state = home();
    state.screen = Screen::Lobby(Box::default());
    let news = common::started_news(&game, Color::Black, "20261124-0900-1");
    let told = said(update(&mut state, Msg::Net(news)));
    assert_eq!(told.last().map(String::as_str), Some(WALLS_DRAFT));
    let draft = life::draft(game.board(), &Limits::default());
    assert_eq!(session(&state).marks, draft);
    assert_eq!(session(&state).count, game.count_with(&draft).ok());
}

#[test]
fn a_partners_proposal_is_shown_again_when_a_network_game_begins_again() {
    let proposal = Event::Propose {
        by: Color::White,
        dead: Vec::new(),
    };
    let game = stopped_network_game(&[proposal]);
    let mut state = home();
    state.screen = Screen::Lobby(Box::default());
    let news = common::started_news(&game, Color::Black, "20261124-0900-1");
    let told = said(update(&mut state, Msg::Net(news)));
    assert_eq!(
        told.last().map(String::as_str),
        Some(
            "proposal 1 by White: no dead stones; count W+31.5; \
             Black may accept or counter-propose"
        ),
        "{told:?}"
    );
    assert!(session(&state).marks.is_empty());
    let shown = screen(&state);
    assert!(shown.contains("accept or counter"), "{shown}");
}

/// A 9×9 set-up whose dead chains (B9, G8) take more than one slice of
/// reading, stopped by two passes, with `more` after the stop.
fn corners(more: &[Event]) -> Game {
    let mut rows = vec![".XO..X.X.", "XXO..XOX.", "OOO..XOX.", ".....XXX."];
    rows.resize(9, ".........");
    let board = Board::from_rows(&rows).expect("a 9x9 board");
    let mut game = common::game_set_up(&board);
    let passes = [Color::Black, Color::White].map(|color| Event::Pass { color });
    for event in passes.iter().chain(more) {
        game.apply(event.clone()).unwrap();
    }
    game
}

#[test]
fn a_resumed_game_reads_its_draft_in_slices_as_at_the_stop() {
    let home = tempfile::tempdir().unwrap();
    let game = corners(&[]);
    saved(home.path(), &game);
    let (mut state, told) = resumed_in(home.path(), Lang::En);
    let first = life::draft(game.board(), &Limits::first_look());
    assert_eq!(session(&state).marks, first);
    assert!(
        told[1].starts_with("the game is stopped; the Article 7 draft marks ")
            && told[1].contains("; estimated dead, not proven"),
        "{told:?}"
    );
    assert!(state.reading());
    assert!(screen(&state).contains("reading: "), "{}", screen(&state));
    let read = read_out(&mut state);
    assert!(read[0].starts_with("read to the end: "), "{read:?}");
    let full = life::draft(game.board(), &Limits::default());
    assert!(
        full.contains(&pt("B9")) && full.contains(&pt("G8")),
        "{full:?}"
    );
    assert_eq!(session(&state).marks, full);
    assert_eq!(session(&state).count, game.count_with(&full).ok());
}

#[test]
fn the_draft_read_after_resuming_leaves_the_proposal_on_the_table_marked() {
    let home = tempfile::tempdir().unwrap();
    let first = life::draft(corners(&[]).board(), &Limits::first_look());
    let proposal = Event::Propose {
        by: Color::White,
        dead: first.clone(),
    };
    let game = corners(&[proposal]);
    saved(home.path(), &game);
    let (mut state, told) = resumed_in(home.path(), Lang::En);
    assert!(
        told.last().unwrap().starts_with("proposal 1 by White: "),
        "{told:?}"
    );
    read_out(&mut state);
    // The draft read on to its end, but the marks stay what `a` accepts.
    assert_eq!(session(&state).marks, first);
    keys(&mut state, "a");
    assert_eq!(
        session(&state).game.score(),
        game.count_with(&first).ok().as_ref()
    );
}
