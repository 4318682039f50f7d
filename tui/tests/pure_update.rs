//! The update without a disk: a whole game at one keyboard is driven
//! through `app::update` alone, the test answering every command the shell
//! would carry out. The data folder named in the state does not exist and
//! is never made: the update only asks.

use kaisho::app::{Cmd, Command, Done, Job, Msg, Options, Screen, State, update};
use kaisho_core::{Color, Event, Komi, Outcome, Phase, Point, WinBy};
use kaisho_saves::config::{Config, LoadedConfig};
use kaisho_saves::log::LogError;
use kaisho_saves::places::Places;
use std::path::{Path, PathBuf};

/// A folder that is never there: the update may name it, never touch it.
const NOWHERE: &str = "/nonexistent/kaisho-pure-update";

/// The home screen with a data folder that does not exist.
fn front_end() -> State {
    State::with_places(
        Options {
            ascii: false,
            color: true,
        },
        (80, 24),
        Places::under(Path::new(NOWHERE)),
        LoadedConfig {
            config: Config::default(),
            problem: None,
        },
    )
}

/// What the test, standing in for the shell, was asked and answered.
#[derive(Default)]
struct Answers {
    stored: Vec<Event>,
    exported: Vec<String>,
    said: Vec<String>,
    /// Answer the next append with a failure.
    fail_next_append: bool,
}

impl Answers {
    /// Applies `msg` and answers every job on the data folder, in order,
    /// each answer taken before the next command, as the shell does.
    fn drive(&mut self, state: &mut State, msg: Msg) {
        let mut queue: std::collections::VecDeque<Cmd> = update(state, msg).into();
        while let Some(cmd) = queue.pop_front() {
            let answer = match cmd {
                Cmd::Disk(job, then) => Msg::Disk(self.answer(job), then),
                Cmd::Say(text) => {
                    self.said.push(text);
                    continue;
                }
                Cmd::Net(request) => {
                    panic!("a game at one keyboard asked the network: {request:?}")
                }
                Cmd::Discover(request) => {
                    panic!("a game at one keyboard asked for discovery: {request:?}")
                }
                Cmd::AskEngine(ask) => {
                    panic!("a game at one keyboard asked an engine: {ask:?}")
                }
                Cmd::Quit | Cmd::Bell | Cmd::Applied(_) => continue,
            };
            for cmd in update(state, answer).into_iter().rev() {
                queue.push_front(cmd);
            }
        }
    }

    fn answer(&mut self, job: Job) -> Done {
        match job {
            Job::StartLog { .. } => Done::LogStarted(Ok("pure-1".to_string())),
            Job::Append { game, event, .. } => {
                assert_eq!(game, "pure-1");
                if std::mem::take(&mut self.fail_next_append) {
                    return Done::Appended(Err(LogError::Refused {
                        path: PathBuf::from(NOWHERE).join("pure-1.kgl"),
                        reason: "the disk is full".to_string(),
                    }));
                }
                self.stored.push(event);
                Done::Appended(Ok(()))
            }
            Job::Export { game, .. } => {
                self.exported.push(game);
                Done::Exported(Ok(PathBuf::from(NOWHERE).join("pure-1.sgf")))
            }
            other => panic!("a game at one keyboard asked for {other:?}"),
        }
    }

    fn run(&mut self, state: &mut State, command: Command) {
        self.drive(state, Msg::Command(command));
    }
}

/// A 9×9 even game at this keyboard.
const NEW_GAME: Command = Command::StartLocal {
    size: 9,
    komi: Komi::MODERN,
    handicap: 0,
};

fn at(name: &str) -> Point {
    Point::parse_gtp(name, 9).expect("a point on the board")
}

#[test]
fn a_whole_game_runs_through_the_update_without_a_disk() {
    let mut state = front_end();
    let mut shell = Answers::default();
    shell.run(&mut state, NEW_GAME);
    assert!(
        shell.said[0].starts_with("new local game: 9x9"),
        "{:?}",
        shell.said
    );
    // Black walls off the left, White the right; then both pass.
    for (b, w) in [("D1", "F1"), ("D2", "F2"), ("D3", "F3"), ("D4", "F4")] {
        shell.run(&mut state, Command::Play(at(b)));
        shell.run(&mut state, Command::Play(at(w)));
    }
    for (b, w) in [
        ("D5", "F5"),
        ("D6", "F6"),
        ("D7", "F7"),
        ("D8", "F8"),
        ("D9", "F9"),
    ] {
        shell.run(&mut state, Command::Play(at(b)));
        shell.run(&mut state, Command::Play(at(w)));
    }
    shell.run(&mut state, Command::Pass);
    shell.run(&mut state, Command::Pass);
    let session = state.table().expect("the game is showing");
    assert_eq!(session.game.phase(), Phase::Stopped);
    // The ending: one side proposes no dead stones, the other accepts.
    while state.reading() {
        shell.drive(&mut state, Msg::Read);
    }
    shell.run(&mut state, Command::ProposeDead(Vec::new()));
    shell.run(&mut state, Command::Accept);

    let Screen::Game(session) = &state.screen else {
        panic!("the game screen shows the result");
    };
    let outcome = session.game.outcome().expect("the game has ended");
    // 27 points of Black's against 27 of White's and komi: White by komi.
    assert_eq!(
        outcome,
        Outcome::Win {
            winner: Color::White,
            by: WinBy::Points(Komi::MODERN.halves() as u32),
        }
    );
    assert_eq!(
        shell.stored,
        session.game.events(),
        "the update asked to store every event"
    );
    assert_eq!(
        shell.exported,
        ["pure-1"],
        "the ended game is exported once"
    );
    assert!(
        session.after[0].starts_with("SGF saved to"),
        "{:?}",
        session.after
    );
    assert!(!Path::new(NOWHERE).exists(), "the update touched the disk");
}

#[test]
fn a_move_whose_store_fails_is_not_played_and_the_game_stops() {
    let mut state = front_end();
    let mut shell = Answers::default();
    shell.run(&mut state, NEW_GAME);
    shell.run(&mut state, Command::Play(at("E5")));
    shell.fail_next_append = true;
    shell.run(&mut state, Command::Play(at("C3")));
    let session = state.table().expect("the game is showing");
    assert_eq!(
        session.game.events().len(),
        1,
        "only the stored move is played"
    );
    assert_eq!(session.game.board().get(at("C3")), None);
    assert!(session.halted.is_some(), "the game takes no more moves");
    shell.run(&mut state, Command::Play(at("G7")));
    assert_eq!(shell.stored.len(), 1, "nothing more is asked to be stored");
    assert!(!Path::new(NOWHERE).exists(), "the update touched the disk");
}
