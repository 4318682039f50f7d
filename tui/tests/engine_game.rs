//! A GTP engine at the board: a real GNU Go game through the engine's seat
//! to a counted result (handicap, byo-yomi, the ending), and fake engines
//! that die, hang, answer garbage or an illegal move, each of which
//! adjourns the game with the reason, the log intact and no process left.

use kaisho::app::{EngineTerms, NetNews, NetRequest};
use kaisho::engine::seat;
use kaisho::words::Lang;
use kaisho_core::clock::TimeControl;
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Phase, Point, Settings};
use kaisho_saves::log::GameStore;
use kaisho_saves::places::Places;
use std::path::Path;
use std::time::Duration;
use tokio::sync::mpsc::{self, UnboundedReceiver, UnboundedSender};
use tokio::task::JoinHandle;

mod common;

#[path = "../../tests/corpus/boards.rs"]
mod boards;

use common::engine::{GNUGO, fake_engine, fake_engine_with, reaped};

/// One engine game run by the seat's task, as the screen would hold it.
struct Run {
    requests: UnboundedSender<NetRequest>,
    news: UnboundedReceiver<NetNews>,
    task: JoinHandle<Option<u32>>,
    places: Places,
    /// The game as the reports build it.
    mirror: Option<Game>,
    local: Color,
    id: String,
    closed: Option<String>,
    notes: Vec<String>,
}

impl Run {
    fn start(dir: &Path, terms: EngineTerms) -> Run {
        let places = Places::under(dir);
        let (requests, rx) = mpsc::unbounded_channel();
        let (news_tx, news) = mpsc::unbounded_channel();
        let local = terms.local;
        let task = tokio::spawn(seat::run(
            terms,
            "Aki".to_string(),
            places.clone(),
            Lang::En,
            rx,
            news_tx,
        ));
        Run {
            requests,
            news,
            task,
            places,
            mirror: None,
            local,
            id: String::new(),
            closed: None,
            notes: Vec::new(),
        }
    }

    /// The next report, applied to the mirror; `None` once the task closed.
    async fn next(&mut self) -> Option<NetNews> {
        let news = tokio::time::timeout(Duration::from_secs(30), self.news.recv())
            .await
            .expect("a report within 30 s")?;
        match &news {
            NetNews::Started(started) => {
                let game = Game::replay(started.settings.clone(), &started.events).unwrap();
                assert_eq!(game.state_hash(), started.hash);
                self.id = started.game_id.clone();
                self.mirror = Some(game);
            }
            NetNews::Sent { event, hash } | NetNews::Remote { event, hash } => {
                let game = self.mirror.as_mut().expect("started");
                game.apply(event.clone())
                    .expect("the task's event is legal");
                assert_eq!(game.state_hash(), *hash, "the mirror agrees");
            }
            NetNews::Closed(text) => self.closed = Some(text.clone()),
            NetNews::Note(text) | NetNews::Disputed(text) => self.notes.push(text.clone()),
            NetNews::Rejected { event, error } => panic!("{event:?} rejected: {error}"),
            _ => {}
        }
        Some(news)
    }

    fn act(&self, event: Event) {
        self.requests.send(NetRequest::Act(event)).unwrap();
    }

    fn game(&self) -> &Game {
        self.mirror.as_ref().expect("started")
    }

    fn our_turn(&self) -> bool {
        self.mirror
            .as_ref()
            .is_some_and(|g| g.phase() == Phase::Playing && g.to_move() == self.local)
    }

    /// Waits for the task's end and returns the engine's process id.
    async fn finish(&mut self) -> Option<u32> {
        while self.next().await.is_some() {}
        tokio::time::timeout(Duration::from_secs(10), &mut self.task)
            .await
            .expect("the task ends")
            .expect("the task does not panic")
    }
}

fn terms(command: String, settings: Settings, local: Color, clock: TimeControl) -> EngineTerms {
    EngineTerms {
        command,
        settings,
        local,
        clock,
        limit_secs: 60,
        resume: None,
    }
}

fn nine() -> BoardSize {
    BoardSize::new(9).unwrap()
}

/// A command line that runs `engine` with what kaisho sends copied to
/// `transcript`.
fn recorded(engine: &str, transcript: &Path) -> String {
    format!("sh -c 'tee {} | {engine}'", transcript.display())
}

/// A whole game against GNU Go (level 1, 9×9): two handicap stones for the
/// player as Black, placed in kaisho's 1949 order and found on GNU Go's
/// board; a byo-yomi clock sent with `time_settings` and booked in the log;
/// GNU Go's dead stones proposed at the stoppage, accepted, and counted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gnugo_game_with_handicap_and_byoyomi_ends_counted() {
    if !Path::new(GNUGO).exists() {
        panic!("GNU Go is not installed at {GNUGO}: run .ci/install-gnugo");
    }
    let dir = tempfile::tempdir().unwrap();
    let transcript = dir.path().join("sent.gtp");
    let command = recorded(&format!("{GNUGO} --mode gtp --level 1"), &transcript);
    let settings = Settings::handicap(nine(), 2, Komi::ZERO).unwrap();
    let stones: Vec<String> = settings.setup.iter().map(|(_, p)| p.to_gtp(9)).collect();
    let clock = TimeControl::Byoyomi {
        main_ms: 60_000,
        periods: 3,
        period_ms: 10_000,
    };
    let mut run = Run::start(dir.path(), terms(command, settings, Color::Black, clock));
    // The player tries three stones inside White's side, then passes.
    let mut tries = ["E5", "C7", "G3"].into_iter();
    let mut proposals_accepted = 0;
    for _ in 0..400 {
        let Some(news) = run.next().await else { break };
        if run.our_turn() && matches!(news, NetNews::Started(_) | NetNews::Remote { .. }) {
            let game = run.game();
            let play = tries
                .by_ref()
                .map(|v| Point::parse_gtp(v, 9).unwrap())
                .find(|&p| game.check_play(Color::Black, p).is_ok());
            run.act(match play {
                Some(point) => Event::Play {
                    color: Color::Black,
                    point,
                },
                None => Event::Pass {
                    color: Color::Black,
                },
            });
        }
        if let NetNews::Remote {
            event: Event::Propose {
                by: Color::White, ..
            },
            ..
        } = news
        {
            let proposal = run
                .game()
                .open_proposal()
                .expect("the engine's proposal is open");
            run.act(Event::Accept {
                by: Color::Black,
                proposal,
            });
            proposals_accepted += 1;
        }
    }
    let pid = run.finish().await.expect("GNU Go ran");
    assert!(reaped(pid), "the engine was reaped");
    assert_eq!(proposals_accepted, 1, "notes: {:?}", run.notes);
    let game = run.game();
    assert_eq!(game.phase(), Phase::Ended);
    let score = game.score().expect("counted");
    assert_eq!(game.outcome().unwrap(), score.outcome());
    // The log holds the same game, counted, with each move's time.
    let saved = GameStore::new(run.places.games_dir())
        .load(&run.id)
        .unwrap();
    assert_eq!(saved.game.events(), game.events());
    assert_eq!(saved.game.outcome(), game.outcome());
    let moves = saved
        .contents
        .events
        .iter()
        .filter(|e| matches!(e.event, Event::Play { .. } | Event::Pass { .. }));
    assert!(moves.clone().count() > 4);
    assert!(
        moves.clone().all(|e| e.time_used_ms.is_some()),
        "every move booked"
    );
    // What GNU Go was told.
    let sent = std::fs::read_to_string(&transcript).unwrap();
    assert!(
        sent.contains("boardsize 9\n") && sent.contains("komi 0\n"),
        "{sent}"
    );
    assert!(
        sent.contains(&format!("set_free_handicap {}\n", stones.join(" "))),
        "{sent}"
    );
    assert!(sent.contains("list_stones black\n"), "{sent}");
    assert!(sent.contains("time_settings 60 10 1\n"), "{sent}");
    assert!(sent.contains("time_left white "), "{sent}");
    assert!(sent.contains("genmove white\n"), "{sent}");
    assert!(sent.contains("final_status_list dead\n"), "{sent}");
    let stone = |l: &str| l.starts_with("play black ") && l != "play black pass";
    assert!(
        sent.lines().any(stone),
        "the player's stones reach the engine: {sent}"
    );
}

/// Plays one move as Black on an even 9×9 board against a fake engine;
/// returns the closing line, the engine's pid and the run.
async fn misbehaving(dir: &Path, mode: &str, limit_secs: u64) -> (String, u32, Run) {
    let command = fake_engine(dir, mode);
    let settings = Settings::even(nine(), Komi::MODERN);
    let mut terms = terms(command, settings, Color::Black, TimeControl::None);
    terms.limit_secs = limit_secs;
    let mut run = Run::start(dir, terms);
    let point = Point::parse_gtp("E5", 9).unwrap();
    while let Some(news) = run.next().await {
        if let NetNews::Started(_) = news {
            run.act(Event::Play {
                color: Color::Black,
                point,
            });
        }
    }
    let pid = run.finish().await.expect("the fake engine ran");
    let text = run.closed.clone().expect("a closing line");
    (text, pid, run)
}

/// The game stays adjourned with the player's move in its log.
fn log_intact(run: &Run) {
    let saved = GameStore::new(run.places.games_dir())
        .load(&run.id)
        .unwrap();
    assert!(saved.game.outcome().is_none(), "adjourned, not ended");
    assert_eq!(saved.game.events(), run.game().events());
    assert_eq!(saved.game.move_number(), 1, "the player's move is kept");
}

/// The fake engine in `mode` adjourns the game with a closing line that
/// says each of `says` and no raw escape, the log intact and the engine
/// reaped.
async fn adjourns(mode: &str, limit_secs: u64, says: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let (text, pid, run) = misbehaving(dir.path(), mode, limit_secs).await;
    assert!(text.contains("The game is adjourned"), "{text}");
    for part in says {
        assert!(text.contains(part), "{text}");
    }
    assert!(!text.contains('\u{1b}'), "escapes are made visible: {text}");
    log_intact(&run);
    let sgf = run.places.exports_dir().join(format!("{}.sgf", run.id));
    assert!(sgf.exists(), "the adjourned game's SGF is written: {text}");
    assert!(reaped(pid), "the engine was reaped");
}

#[tokio::test]
async fn an_engine_that_dies_adjourns_the_game() {
    adjourns("die", 60, &["the engine stopped", "exit status: 3"]).await;
}

#[tokio::test]
async fn an_engine_that_hangs_adjourns_the_game_at_the_limit() {
    adjourns("hang", 1, &["no answer to `genmove white` within 1 s"]).await;
}

#[tokio::test]
async fn an_engine_that_answers_garbage_adjourns_the_game() {
    adjourns("garbage", 60, &["not GTP", "hello ␛[31mworld"]).await;
}

#[tokio::test]
async fn an_engine_whose_garbage_is_long_is_shown_cut_with_its_length() {
    let dir = tempfile::tempdir().unwrap();
    let (text, _, _) = misbehaving(dir.path(), "long-garbage", 60).await;
    assert!(text.contains("␛[2Jxxx"), "{text}");
    assert!(text.contains("… (63004 characters)"), "{text}");
    assert!(
        text.chars().count() < 1000,
        "{} characters shown",
        text.chars().count()
    );
}

#[tokio::test]
async fn an_engine_with_a_name_over_the_limit_plays_under_its_name_cut() {
    let dir = tempfile::tempdir().unwrap();
    let command = fake_engine(dir.path(), "long-name");
    let settings = Settings::even(nine(), Komi::MODERN);
    let mut run = Run::start(
        dir.path(),
        terms(command, settings, Color::Black, TimeControl::None),
    );
    let names = loop {
        match run.next().await.expect("the game starts") {
            NetNews::Started(started) => break started.names,
            NetNews::Closed(text) => panic!("the game did not start: {text}"),
            _ => {}
        }
    };
    assert_eq!(names[1], "N".repeat(64));
    run.act(Event::Play {
        color: Color::Black,
        point: Point::parse_gtp("E5", 9).unwrap(),
    });
    while run.game().move_number() < 2 {
        run.next().await.expect("the engine answers");
    }
    run.requests.send(NetRequest::Leave).unwrap();
    run.finish().await;
}

/// The bytes the fake engine in `dir` got into the pipe before kaisho
/// stopped reading and killed it.
fn sent(dir: &Path, mode: &str) -> u64 {
    let count = std::fs::read_to_string(dir.join(format!("fake-{mode}.py.sent"))).unwrap();
    count.trim().parse().unwrap()
}

#[tokio::test]
async fn an_engine_whose_line_never_ends_adjourns_the_game_after_the_line_bound() {
    let dir = tempfile::tempdir().unwrap();
    let (text, pid, run) = misbehaving(dir.path(), "endless-line", 60).await;
    assert!(text.contains("The game is adjourned"), "{text}");
    assert!(text.contains("a line of more than 65536 bytes"), "{text}");
    log_intact(&run);
    assert!(reaped(pid), "the engine was reaped");
    let sent = sent(dir.path(), "endless-line");
    eprintln!("the engine got {sent} bytes into the pipe");
    assert!(sent <= 1 << 20, "{sent} bytes taken");
}

#[tokio::test]
async fn an_engine_whose_answer_never_ends_adjourns_the_game_after_the_answer_bound() {
    let dir = tempfile::tempdir().unwrap();
    let (text, pid, run) = misbehaving(dir.path(), "endless-answer", 60).await;
    assert!(text.contains("The game is adjourned"), "{text}");
    assert!(text.contains("more than 1024 lines"), "{text}");
    log_intact(&run);
    assert!(reaped(pid), "the engine was reaped");
    let sent = sent(dir.path(), "endless-answer");
    eprintln!("the engine got {sent} bytes into the pipe");
    assert!(sent <= 1 << 20, "{sent} bytes taken");
}

#[tokio::test]
async fn an_engine_that_answers_an_illegal_move_adjourns_the_game() {
    adjourns(
        "illegal",
        60,
        &["the engine played E5, which the rules refuse"],
    )
    .await;
}

/// Against the fake engine `command`: the player plays `moves` as Black,
/// then passes to stop the game; returns the run with the game stopped and
/// the engine's first word on the ending taken in.
async fn stopped_against(dir: &Path, command: String, moves: &[&str]) -> Run {
    let settings = Settings::even(nine(), Komi::MODERN);
    let mut run = Run::start(
        dir,
        terms(command, settings, Color::Black, TimeControl::None),
    );
    let mut moves = moves.iter().map(|v| Point::parse_gtp(v, 9).unwrap());
    while let Some(news) = run.next().await {
        if run.our_turn() && matches!(news, NetNews::Started(_) | NetNews::Remote { .. }) {
            run.act(match moves.next() {
                Some(point) => Event::Play {
                    color: Color::Black,
                    point,
                },
                None => Event::Pass {
                    color: Color::Black,
                },
            });
        }
        if matches!(news, NetNews::Note(_) | NetNews::Disputed(_))
            && run.game().phase() != Phase::Playing
        {
            return run;
        }
    }
    panic!("the game closed before the ending: {:?}", run.closed);
}

/// The player proposes `dead` and the run goes on until the engine has
/// answered with an event.
async fn propose(run: &mut Run, dead: &[&str]) -> Event {
    let dead = dead
        .iter()
        .map(|v| Point::parse_gtp(v, 9).unwrap())
        .collect();
    run.act(Event::Propose {
        by: Color::Black,
        dead,
    });
    loop {
        if let Some(NetNews::Remote { event, .. }) = run.next().await {
            return event;
        }
    }
}

/// The player proposes `dead`, the engine accepts, and the game ends.
async fn accepted(run: &mut Run, dead: &[&str]) {
    let answer = propose(run, dead).await;
    assert!(
        matches!(
            answer,
            Event::Accept {
                by: Color::White,
                ..
            }
        ),
        "{answer:?}"
    );
    assert_eq!(run.game().phase(), Phase::Ended);
}

/// An engine that cannot answer `final_status_list` leaves the ending to
/// the player with a note, and accepts a proposal Article 7 does not
/// contradict.
#[tokio::test]
async fn an_engine_without_final_status_list_leaves_the_ending_to_the_player() {
    let dir = tempfile::tempdir().unwrap();
    let mute = fake_engine_with(dir.path(), "mute", "", "", "");
    let mut run = stopped_against(dir.path(), mute, &["E5"]).await;
    assert_eq!(
        run.game().phase(),
        Phase::Stopped,
        "no proposal from the engine"
    );
    assert!(
        run.notes.last().unwrap().contains("the decision is yours"),
        "{:?}",
        run.notes
    );
    accepted(&mut run, &[]).await;
    let score = run.game().score().expect("counted");
    assert_eq!(run.game().outcome(), Some(score.outcome()));
    run.finish().await;
}

fn points(names: &[&str]) -> Vec<Point> {
    let mut points: Vec<Point> = names
        .iter()
        .map(|v| Point::parse_gtp(v, 9).unwrap())
        .collect();
    points.sort_unstable();
    points
}

/// The engine's list is its word: with Black's C3 and White's G7 on an
/// open board (which kaisho's analysis leaves unsettled) and the engine
/// holding C3 dead, a proposal that leaves C3 standing is refused, and so
/// is one that marks the engine's own G7 dead, each answered by the
/// engine's list again with the chains named; its own list is accepted.
#[tokio::test]
async fn the_engine_refuses_a_proposal_that_differs_from_its_list_and_names_the_chains() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_engine_with(dir.path(), "passer", "C3", "G7", "");
    let mut run = stopped_against(dir.path(), engine, &["C3"]).await;
    let proposal = run.game().proposals().last().expect("the engine proposed");
    assert_eq!(
        (proposal.by, proposal.dead.clone()),
        (Color::White, points(&["C3"]))
    );
    for (marked, named) in [
        (vec![], "holds the stones at C3 dead;"),
        (vec!["C3", "G7"], "holds the stones at G7 alive;"),
    ] {
        let answer = propose(&mut run, &marked).await;
        assert_eq!(
            answer,
            Event::Propose {
                by: Color::White,
                dead: points(&["C3"])
            }
        );
        let notes = run.notes.len();
        while run.notes.len() == notes {
            run.next().await.expect("the engine says why");
        }
        let note = run.notes.last().unwrap();
        assert!(note.contains(named), "{note}");
    }
    accepted(&mut run, &["C3"]).await;
    run.finish().await;
}

/// Where kaisho proves the engine wrong, the proof stands: Black's corner
/// with two eyes lives unconditionally (Benson), so the engine that names
/// it dead proposes no dead stones, and accepts the same.
#[tokio::test]
async fn a_proven_verdict_overrules_the_engines_list() {
    let dir = tempfile::tempdir().unwrap();
    let two_eyes = ["B1", "A2", "B2", "C2", "D2", "D1"];
    let engine = fake_engine_with(dir.path(), "passer", "B2", "", "");
    let mut run = stopped_against(dir.path(), engine, &two_eyes).await;
    let proposal = run.game().proposals().last().expect("the engine proposed");
    assert_eq!((proposal.by, proposal.dead.clone()), (Color::White, vec![]));
    accepted(&mut run, &[]).await;
    assert!(run.game().score().unwrap().dead_lifted == [0, 0]);
    run.finish().await;
}

/// The large-territory rule is no reading: a lone black stone on an empty
/// board is alive by it alone, and an engine that holds it dead keeps its
/// view, proposes it dead and refuses a proposal that leaves it.
#[tokio::test]
async fn a_chain_alive_by_the_large_territory_rule_alone_does_not_overrule_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_engine_with(dir.path(), "passer", "E5", "", "");
    let mut run = stopped_against(dir.path(), engine, &["E5"]).await;
    let proposal = run.game().proposals().last().expect("the engine proposed");
    assert_eq!(
        (proposal.by, proposal.dead.clone()),
        (Color::White, points(&["E5"]))
    );
    let answer = propose(&mut run, &[]).await;
    assert_eq!(
        answer,
        Event::Propose {
            by: Color::White,
            dead: points(&["E5"])
        }
    );
    accepted(&mut run, &["E5"]).await;
    run.finish().await;
}

/// A counter-proposal that marks a group with two eyes dead is refused
/// with the group named, and the engine's own proposal comes again, which
/// the player then accepts.
#[tokio::test]
async fn the_engine_answers_a_contradicted_proposal_with_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let two_eyes = ["B1", "A2", "B2", "C2", "D2", "D1"];
    let engine = fake_engine_with(dir.path(), "passer", "", "", "");
    let mut run = stopped_against(dir.path(), engine, &two_eyes).await;
    assert_eq!(
        run.game().proposals().len(),
        1,
        "the engine proposed no dead stones"
    );
    let answer = propose(&mut run, &["B2"]).await;
    assert_eq!(
        answer,
        Event::Propose {
            by: Color::White,
            dead: Vec::new()
        }
    );
    while run.notes.len() < 2 {
        run.next().await.expect("the engine says why");
    }
    assert!(
        run.notes[1].contains("holds the stones at A2 alive;"),
        "{:?}",
        run.notes
    );
    let proposal = run.game().open_proposal().unwrap();
    run.act(Event::Accept {
        by: Color::Black,
        proposal,
    });
    while run.game().phase() != Phase::Ended {
        run.next().await.expect("the game ends");
    }
    assert!(run.game().score().unwrap().dead_lifted == [0, 0]);
    run.finish().await;
}

/// In a play-out the engine plays its side on the scratch board: Black's
/// C3, which the engine holds alive, is played out; the engine attacks
/// with `kgs-genmove_cleanup`'s moves while the player passes, takes it,
/// and after the play-out closes accepts C3 dead, which it refused before.
#[tokio::test]
async fn the_engine_plays_a_play_out_and_accepts_what_it_shows() {
    let dir = tempfile::tempdir().unwrap();
    let engine = fake_engine_with(dir.path(), "passer", "", "G7", "C4 B3 D3 C2");
    let mut run = stopped_against(dir.path(), engine, &["C3"]).await;
    let c3 = Point::parse_gtp("C3", 9).unwrap();
    run.act(Event::OpenPlayout {
        by: Color::Black,
        area: vec![c3],
    });
    let mut engine_stones = Vec::new();
    while run.game().playout().is_some_and(|s| !s.captured()) || engine_stones.is_empty() {
        match run.next().await.expect("the play-out goes on") {
            NetNews::Remote {
                event: Event::PlayoutPlay { color, point },
                ..
            } => {
                assert_eq!(color, Color::White);
                engine_stones.push(point);
                if run.game().playout().is_some_and(|s| !s.captured()) {
                    run.act(Event::PlayoutPass {
                        color: Color::Black,
                    });
                }
            }
            NetNews::Remote { event, .. } => panic!("the engine did {event:?}"),
            _ => {}
        }
    }
    let attack: Vec<Point> = ["C4", "B3", "D3", "C2"]
        .iter()
        .map(|v| Point::parse_gtp(v, 9).unwrap())
        .collect();
    assert_eq!(
        engine_stones, attack,
        "the engine's cleanup moves, in order"
    );
    run.act(Event::ClosePlayout { by: Color::Black });
    while run.game().playout().is_some() {
        run.next().await.expect("the play-out closes");
    }
    accepted(&mut run, &["C3"]).await;
    run.finish().await;
}

/// A move typed while the engine thinks is refused at once as not the
/// player's turn, and never played later.
#[tokio::test]
async fn a_move_typed_while_the_engine_thinks_is_refused_not_played_late() {
    let dir = tempfile::tempdir().unwrap();
    let command = fake_engine(dir.path(), "hang");
    let settings = Settings::even(nine(), Komi::MODERN);
    let mut terms = terms(command, settings, Color::White, TimeControl::None);
    terms.limit_secs = 2;
    let mut run = Run::start(dir.path(), terms);
    let point = Point::parse_gtp("E5", 9).unwrap();
    let event = Event::Play {
        color: Color::White,
        point,
    };
    let mut refused = None;
    while let Ok(Some(news)) = tokio::time::timeout(Duration::from_secs(30), run.news.recv()).await
    {
        match news {
            NetNews::Thinking(true) => run.act(event.clone()),
            NetNews::Rejected { event: e, error } => refused = Some((e, error)),
            NetNews::Started(started) => run.id = started.game_id.clone(),
            NetNews::Sent { .. } | NetNews::Remote { .. } => panic!("nothing is played"),
            _ => {}
        }
    }
    let (e, error) = refused.expect("the move was refused");
    assert_eq!(e, event);
    assert_eq!(
        error,
        kaisho_core::GameError::NotYourTurn {
            expected: Color::Black
        }
    );
    let saved = GameStore::new(run.places.games_dir())
        .load(&run.id)
        .unwrap();
    assert!(saved.game.events().is_empty(), "the log holds no move");
}

/// The handicap stones are checked on the engine's side with
/// `list_stones`: an engine whose board differs stops the game before it
/// begins, and is reaped.
#[tokio::test]
async fn an_engine_whose_board_differs_from_the_handicap_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let command = fake_engine(dir.path(), "wrongboard");
    let settings = Settings::handicap(nine(), 2, Komi::ZERO).unwrap();
    let mut run = Run::start(
        dir.path(),
        terms(command, settings, Color::Black, TimeControl::None),
    );
    let pid = run.finish().await.expect("the fake engine ran");
    assert!(run.mirror.is_none(), "no game began");
    let text = run.closed.clone().expect("a closing line");
    assert!(
        text.contains("board differs") && text.contains("A1"),
        "{text}"
    );
    assert!(reaped(pid));
}

/// An engine that fails before the game is set up leaves no game: the line
/// says so and does not send the player to Saved games.
#[tokio::test]
async fn an_engine_that_fails_to_start_says_nothing_was_saved() {
    for command in ["/bin/false", "cat"] {
        let dir = tempfile::tempdir().unwrap();
        let settings = Settings::even(nine(), Komi::MODERN);
        let mut terms = terms(command.into(), settings, Color::Black, TimeControl::None);
        terms.limit_secs = 1;
        let mut run = Run::start(dir.path(), terms);
        while run.next().await.is_some() {}
        run.finish().await;
        let text = run.closed.clone().expect("a closing line");
        assert!(text.contains("Nothing was saved"), "{command}: {text}");
        assert!(!text.contains("Saved games"), "{command}: {text}");
        let listed = GameStore::new(run.places.games_dir()).list();
        assert!(listed.games.is_empty(), "{command}: {:?}", listed.games);
    }
}

/// Against the fake engine in `mode`, which passes: the player plays E5
/// and G7 as Black, then on their turn asks to take back; returns the run
/// once the engine has consented, and the transcript of what the engine
/// was told.
async fn taken_back(dir: &Path, mode: &str) -> (Run, String) {
    let transcript = dir.join("sent.txt");
    let engine = fake_engine(dir, mode);
    let settings = Settings::even(nine(), Komi::MODERN);
    let command = recorded(&engine, &transcript);
    let mut run = Run::start(
        dir,
        terms(command, settings, Color::Black, TimeControl::None),
    );
    let mut moves = ["E5", "G7"].iter().map(|v| Point::parse_gtp(v, 9).unwrap());
    while let Some(news) = run.next().await {
        if matches!(
            news,
            NetNews::Remote {
                event: Event::AcceptUndo { .. },
                ..
            }
        ) {
            break;
        }
        if run.our_turn() && matches!(news, NetNews::Started(_) | NetNews::Remote { .. }) {
            run.act(match moves.next() {
                Some(point) => Event::Play {
                    color: Color::Black,
                    point,
                },
                None => Event::RequestUndo { by: Color::Black },
            });
        }
    }
    run.requests.send(NetRequest::Leave).unwrap();
    run.finish().await;
    let sent = std::fs::read_to_string(&transcript).unwrap();
    (run, sent)
}

/// 待った against the engine on the player's turn: the engine consents at
/// once, the player's move and the engine's reply are taken back on its
/// board with two GTP `undo`s, the request counts against the player's
/// limit, and the log and the adjourned game's SGF hold the line that
/// stands.
#[tokio::test]
async fn a_take_back_against_the_engine_undoes_the_move_and_its_reply() {
    let dir = tempfile::tempdir().unwrap();
    let (run, sent) = taken_back(dir.path(), "passer").await;
    let game = run.game();
    assert_eq!(game.move_number(), 2, "E5 and the pass after it stand");
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.undo_requests(Color::Black), 1);
    let after_g7 = sent.split("play black G7").nth(1).expect("G7 told");
    assert_eq!(
        after_g7.lines().filter(|l| *l == "undo").count(),
        2,
        "{sent}"
    );
    let saved = GameStore::new(run.places.games_dir())
        .load(&run.id)
        .unwrap();
    assert_eq!(saved.game.events(), game.events());
    assert_eq!(saved.game.state_hash(), game.state_hash());
    let sgf =
        std::fs::read_to_string(run.places.exports_dir().join(format!("{}.sgf", run.id))).unwrap();
    let read = kaisho_saves::sgf::parse(&sgf).unwrap();
    let replayed = Game::replay(read.settings.clone(), &read.events()).unwrap();
    assert_eq!(replayed.board(), game.board(), "{sgf}");
}

/// An engine that refuses GTP `undo` is given the position that stands
/// again from a clear board.
#[tokio::test]
async fn an_engine_that_refuses_undo_is_given_the_position_again() {
    let dir = tempfile::tempdir().unwrap();
    let (run, sent) = taken_back(dir.path(), "no-undo").await;
    assert_eq!(run.game().move_number(), 2);
    let after = sent.rsplit("\nundo\n").next().unwrap();
    assert!(
        after.contains("clear_board\nkomi 6.5")
            && after.contains("play black E5\nplay white pass\n"),
        "{sent}"
    );
}

/// The engine takes the draft's proofs, the further reading's among them:
/// in the finished human game whose top right the playouts split about
/// evenly, an engine that names no stone dead proposes White's N16 and
/// R16, which the reading of the chains left unsettled proves captured,
/// and leaves White's O14, only estimated dead, standing.
#[test]
fn the_engine_takes_the_proofs_of_the_further_reading() {
    let board = boards::finished(
        env!("CARGO_MANIFEST_DIR"),
        "life-human",
        "gnugo-kgs_20040516-GoBucks-GnuGoCVS",
        19,
    );
    let game = common::game_set_up(&board);
    let stand = kaisho::engine::stand::Stand {
        dead: Some(Vec::new()),
        ..Default::default()
    };
    let own = kaisho::engine::stand::Ending::at_stoppage(&game, stand).own();
    let at = |name: &str| Point::parse_gtp(name, 19).unwrap();
    for name in ["N16", "R16"] {
        assert!(own.contains(&at(name)), "{name}: {own:?}");
    }
    assert!(!own.contains(&at("O14")), "{own:?}");
}
