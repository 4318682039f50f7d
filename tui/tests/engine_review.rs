//! The engine's view in a review: `e` asks the engine in force for its
//! move and score at the node shown, through the shell and a task of its
//! own, and `E` adds the move as a variation marked as the engine's, kept
//! in the saved game's record; without an engine, `e` says how to set one
//! up and changes nothing. A fake engine answers deterministically; GNU Go
//! answers where it is installed; plain mode asks the same.

mod common;

use common::engine::{GNUGO, fake_engine, fake_engine_with, reaped, started_pid};
use common::record::{ID, fixture, imported};
use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{Asked, Command, Msg, Review, Screen, State};
use kaisho::shell::Shell;
use kaisho::words::Lang;
use kaisho_core::{Color, Event};
use kaisho_saves::sgf::{NodePath, SgfTree};
use std::path::Path;
use std::time::Duration;

fn review(state: &State) -> &Review {
    match &state.screen {
        Screen::Review(review) => review,
        other => panic!("not the review screen: {other:?}"),
    }
}

/// The fixture imported under `home` and reviewed at move 3 of its main
/// line (White to play), with `engine` in force and a live shell.
fn at_move_3(home: &Path, engine: Option<String>) -> Front {
    imported(home);
    let mut front = home_in(home);
    front.shell = Shell::default();
    front.state.engine = engine;
    run(&mut front, Command::ReviewSaved(ID.to_string()));
    keys(&mut front, "lll");
    assert_eq!(review(&front.state).at, 3);
    front
}

/// Waits for the engine's answer and takes it into the front end: what
/// it said.
async fn answer(front: &mut Front) -> Vec<String> {
    let msg = tokio::time::timeout(Duration::from_secs(60), front.shell.news())
        .await
        .expect("the engine answers within a minute");
    assert!(matches!(msg, Msg::Engine(_)), "{msg:?}");
    said(update(front, msg))
}

fn white(name: &str) -> Event {
    Event::Play {
        color: Color::White,
        point: gtp(name, 19),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn e_shows_the_engines_move_and_score_and_capital_e_keeps_it_as_a_marked_variation() {
    let home = tempfile::tempdir().unwrap();
    let engine = fake_engine_with(home.path(), "reviewer", "", "C3", "");
    let mut front = at_move_3(home.path(), Some(engine));
    let nodes = review(&front.state).tree().nodes();

    let said = press(&mut front, KeyCode::Char('e'));
    assert_eq!(said, ["asking python3 about this position…"]);
    // The screen goes on while the engine reads: a step is taken at once.
    let said = press(&mut front, KeyCode::Char('e'));
    assert_eq!(
        said,
        ["the engine is still reading the position asked about"]
    );

    let said = answer(&mut front).await;
    assert_eq!(
        said,
        ["python3: White C3; score estimate B+3.5; E adds its move as a variation"]
    );
    let pid = started_pid(home.path(), "reviewer");
    assert!(reaped(pid), "the engine {pid} is closed and reaped");
    assert!(
        screen_text(&front.state).contains("White C3; score estimate B+3.5"),
        "{}",
        screen_text(&front.state)
    );
    assert_eq!(
        review(&front.state).tree().nodes(),
        nodes,
        "nothing added yet"
    );

    let said = press(&mut front, KeyCode::Char('E'));
    assert_eq!(
        said,
        [
            "move 4 of 4 · variation 2 of 2".to_string(),
            format!("kept in the record of game {ID}")
        ]
    );
    let shown = review(&front.state);
    assert_eq!(shown.at, 4);
    assert_eq!(shown.comment().as_deref(), Some("python3: B+3.5"));
    assert!(shown.engine.is_none(), "the answer is used up");
    in_both_languages!("review_with_the_engines_move_added", &mut front.state);

    // Once added, `E` asks for a new question rather than repeating it.
    press(&mut front, KeyCode::Char('h'));
    let said = press(&mut front, KeyCode::Char('E'));
    assert_eq!(
        said,
        [
            "no engine's move for this position: ask for one first (e on the screen, ask-engine in plain mode)"
        ]
    );

    let to = home.path().join("out.sgf");
    kaisho_cli(
        home.path(),
        &["games", "export", ID, "--to", to.to_str().unwrap()],
    );
    let exported = SgfTree::parse(&std::fs::read_to_string(&to).unwrap()).unwrap();
    let at_3 = NodePath::from_indices(vec![0, 0, 0]);
    assert_eq!(exported.children(&at_3), 2);
    assert_eq!(exported.move_at(&at_3.child(0)), Some(white("P17")));
    assert_eq!(exported.move_at(&at_3.child(1)), Some(white("C3")));
    assert_eq!(exported.comment_at(&at_3.child(1)), Some("python3: B+3.5"));
}

/// The engine's answer in Japanese, and an engine that gives no score
/// says so; a pass is its move too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_without_a_score_says_so_in_japanese() {
    let home = tempfile::tempdir().unwrap();
    let engine = fake_engine_with(home.path(), "passer", "", "", "");
    let mut front = at_move_3(home.path(), Some(engine));
    front.state.naming.lang = Lang::Ja;
    press(&mut front, KeyCode::Char('e'));
    let said = answer(&mut front).await;
    assert_eq!(
        said,
        ["python3: 白 パス、形勢判断なし。E でこの手を変化として加える"]
    );
    let said = press(&mut front, KeyCode::Char('E'));
    assert_eq!(said.len(), 2, "{said:?}");
    let shown = review(&front.state);
    assert_eq!(
        shown.game.last_move(),
        Some(kaisho_core::Move::Pass(Color::White))
    );
    assert_eq!(shown.comment().as_deref(), Some("python3の手"));
}

/// Without an engine in force (none configured and GNU Go absent), `e`
/// says how to set one up, in both languages, and asks nothing.
#[test]
fn without_an_engine_e_says_how_to_set_one_up_and_changes_nothing() {
    let home = tempfile::tempdir().unwrap();
    imported(home.path());
    let mut front = home_in(home.path());
    front.state.engine = None;
    run(&mut front, Command::ReviewSaved(ID.to_string()));
    keys(&mut front, "lll");
    let nodes = review(&front.state).tree().nodes();
    let cmds = update(&mut front, key(KeyCode::Char('e')));
    assert_eq!(
        said(cmds),
        [
            "No engine to ask. To set one up: install GNU Go, or name an engine with --engine \"CMD\" or [engine] command in config.toml."
        ]
    );
    front.state.naming.lang = Lang::Ja;
    let said = press(&mut front, KeyCode::Char('e'));
    assert_eq!(
        said,
        [
            "尋ねる思考エンジンがありません。GNU Go を入れるか、--engine \"CMD\" または config.toml の [engine] command で思考エンジンを指定してください。"
        ]
    );
    let shown = review(&front.state);
    assert_eq!(shown.tree().nodes(), nodes);
    assert_eq!(shown.at, 3);
    assert!(shown.engine.is_none());
}

/// An engine command that does not run: the answer is the failure and
/// how to set an engine up; nothing is added.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_does_not_start_says_why_and_how_to_set_one_up() {
    let home = tempfile::tempdir().unwrap();
    let missing = home.path().join("no-such-engine");
    let engine = format!("{} --mode gtp", missing.display());
    let mut front = at_move_3(home.path(), Some(engine));
    let nodes = review(&front.state).tree().nodes();
    press(&mut front, KeyCode::Char('e'));
    let said = answer(&mut front).await;
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("The engine gave no answer: cannot start the engine"),
        "{said:?}"
    );
    assert!(
        said[0].ends_with("To set one up: install GNU Go, or name an engine with --engine \"CMD\" or [engine] command in config.toml."),
        "{said:?}"
    );
    let said = press(&mut front, KeyCode::Char('E'));
    assert_eq!(
        said,
        [
            "no engine's move for this position: ask for one first (e on the screen, ask-engine in plain mode)"
        ]
    );
    assert_eq!(review(&front.state).tree().nodes(), nodes);
    let saved = std::fs::read_to_string(
        kaisho_saves::places::Places::under(home.path())
            .games_dir()
            .join(format!("{ID}.sgf")),
    )
    .unwrap();
    assert_eq!(
        SgfTree::parse(&saved).unwrap().nodes(),
        SgfTree::parse(&std::fs::read_to_string(fixture()).unwrap())
            .unwrap()
            .nodes(),
        "the kept record is unchanged"
    );
}

/// An engine that does not answer within `limit_seconds` is given up:
/// the failure is said, the engine killed and reaped, nothing added.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_hangs_is_given_up_after_its_limit_and_reaped() {
    let home = tempfile::tempdir().unwrap();
    let engine = fake_engine(home.path(), "hang");
    let mut front = at_move_3(home.path(), Some(engine));
    front.state.config.engine_limit_secs = 1;
    let nodes = review(&front.state).tree().nodes();
    press(&mut front, KeyCode::Char('e'));
    let said = answer(&mut front).await;
    assert_eq!(
        said,
        [
            "The engine gave no answer: the engine gave no answer to `genmove white` within 1 s. Nothing was added."
        ]
    );
    let pid = started_pid(home.path(), "hang");
    assert!(reaped(pid), "the engine {pid} is killed and reaped");
    assert_eq!(review(&front.state).tree().nodes(), nodes);
    assert!(review(&front.state).engine.is_none());
}

/// GNU Go, where it is installed, answers with a point on the board that
/// the rules take for White at move 3, and the score it estimates.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gnugo_answers_a_legal_point_and_a_score() {
    if !Path::new(GNUGO).exists() {
        eprintln!("skipped: GNU Go is not installed at {GNUGO} (.ci/install-gnugo)");
        return;
    }
    let home = tempfile::tempdir().unwrap();
    let mut front = at_move_3(home.path(), Some(format!("{GNUGO} --mode gtp --level 1")));
    let said = press(&mut front, KeyCode::Char('e'));
    assert_eq!(said, ["asking GNU Go (level 1) about this position…"]);
    let said = answer(&mut front).await;
    let shown = review(&front.state);
    let Some(Asked::Answered { saw, .. }) = &shown.engine else {
        panic!("no answer: {said:?}");
    };
    let Event::Play { color, point } = saw.best else {
        panic!("GNU Go does not pass at move 3: {said:?}");
    };
    assert_eq!(color, Color::White);
    assert!(point.is_on(19), "{point:?}");
    let mut game = shown.game.clone();
    game.apply(saw.best.clone())
        .expect("the rules take GNU Go's move");
    let score = saw.score.as_deref().expect("GNU Go estimates the score");
    assert!(
        score.starts_with("B+") || score.starts_with("W+") || score == "0",
        "{score}"
    );
    assert!(said[0].starts_with("GNU Go (level 1): White "), "{said:?}");
}

/// Plain mode asks the same: `ask-engine` waits for the answer before
/// the next line, and `add-engine` keeps the move in the record.
#[test]
fn plain_mode_asks_the_engine_and_adds_its_move() {
    let home = tempfile::tempdir().unwrap();
    imported(home.path());
    let engine = fake_engine_with(home.path(), "reviewer", "", "C3", "");
    let input = format!("review {ID}\ngoto 3\nask-engine\nadd-engine\nvariations\n");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaisho"))
        .args(["--plain", "--engine", &engine])
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .env("KAISHO_HOME", home.path())
        .env("KAISHO_LOG", home.path().join("kaisho.log"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .expect("kaisho runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("asking python3 about this position…"),
        "{text}"
    );
    assert!(
        text.contains("python3: White C3; score estimate B+3.5"),
        "{text}"
    );
    assert!(text.contains("move 4 of 4 · variation 2 of 2"), "{text}");
    assert!(
        text.contains(&format!("kept in the record of game {ID}")),
        "{text}"
    );
    let kept = std::fs::read_to_string(
        kaisho_saves::places::Places::under(home.path())
            .games_dir()
            .join(format!("{ID}.sgf")),
    )
    .unwrap();
    assert!(kept.contains("W[cq]C[python3: B+3.5]"), "{kept}");
}
