//! Helpers shared by the front-end tests and benchmarks: key presses,
//! typed points, rendering at 80×24, and a few fixed games.
#![allow(dead_code)]

pub mod engine;
pub mod procs;
pub mod record;
pub mod svg;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use kaisho::app::{Cmd, Command, Msg, Options, Screen, State, Table, Tone};
use kaisho::layout::BoardLayout;
use kaisho::shell::Shell;
use kaisho::view::view;
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Phase, Point, Settings};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A 19×19 opening of 50 moves, as GTP names.
pub const OPENING: [&str; 50] = [
    "Q16", "D4", "Q4", "D16", "R6", "C14", "O3", "F17", "R14", "Q17", "R17", "P17", "R16", "O16",
    "C6", "F3", "C3", "D3", "C4", "D5", "C5", "E6", "E17", "E16", "F16", "E18", "G17", "F18",
    "G18", "D17", "E15", "D15", "E14", "K16", "C17", "C16", "D18", "B17", "C18", "B18", "C19",
    "Q10", "R10", "Q9", "K4", "J3", "K3", "K10", "L17", "M16",
];

/// The front end as the event loop drives it: the state, and the shell
/// that carries out what the update asks of the disk. The tests play the
/// network task's part themselves, so the shell is offline: requests to
/// the network come back among the commands.
pub struct Front {
    pub state: State,
    pub shell: Shell,
}

impl From<State> for Front {
    fn from(state: State) -> Front {
        Front {
            state,
            shell: Shell::offline(),
        }
    }
}

impl std::ops::Deref for Front {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl std::ops::DerefMut for Front {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
}

/// Applies one message through the shell, as the event loop does; what is
/// left for the loop (quit, say, bell, applied).
pub fn update(front: &mut Front, msg: Msg) -> Vec<Cmd> {
    front.shell.step(&mut front.state, msg)
}

/// The home screen of an 80×24 terminal with colour and Unicode.
pub fn home() -> Front {
    State::new(
        Options {
            ascii: false,
            color: true,
        },
        (80, 24),
    )
    .into()
}

/// The home screen with every file under `dir`, as `--home DIR` gives it.
pub fn home_in(dir: &std::path::Path) -> Front {
    kaisho::launch::initial_state(
        Some(dir),
        Options {
            ascii: false,
            color: true,
        },
        (80, 24),
    )
    .into()
}

/// A new 9×9 game started from the home screen of a home under `dir`.
pub fn new_game_in(dir: &std::path::Path) -> Front {
    let mut state = home_in(dir);
    run(
        &mut state,
        Command::StartLocal {
            size: 9,
            komi: Komi::MODERN,
            handicap: 0,
        },
    );
    state
}

/// Selects a home menu item with the arrow keys and opens it with Enter.
pub fn open_from_home(state: &mut Front, item: kaisho::app::HomeItem) {
    let at = state
        .home
        .items
        .iter()
        .position(|&i| i == item)
        .expect("the item is on the menu");
    while state.home.selected > at {
        press(state, KeyCode::Up);
    }
    while state.home.selected < at {
        press(state, KeyCode::Down);
    }
    press(state, KeyCode::Enter);
}

/// A state showing `game`.
pub fn showing(game: Game) -> Front {
    let mut state = home();
    state.screen = Screen::Game(Box::new(Table::from_game(game)));
    state
}

/// `board` as a game just started from a set-up, Black to move, on the
/// screen.
pub fn set_up(board: &kaisho_core::Board) -> Front {
    showing(game_set_up(board))
}

/// `board` as a game just started from a set-up, Black to move.
pub fn game_set_up(board: &kaisho_core::Board) -> Game {
    let setup = board
        .points()
        .filter_map(|p| board.get(p).map(|c| (c, p)))
        .collect();
    let size = BoardSize::new(u32::from(board.size())).expect("a board size");
    let settings = Settings {
        setup,
        ..Settings::even(size, Komi::MODERN)
    };
    Game::new(settings).expect("a legal set-up")
}

/// A new local game started from the home screen with keys.
pub fn new_game(size: u8) -> Front {
    let mut state = home();
    run(
        &mut state,
        Command::StartLocal {
            size,
            komi: Komi::MODERN,
            handicap: 0,
        },
    );
    state
}

/// The opening above, played through the update as typed points.
pub fn mid_game() -> Front {
    let mut state = new_game(19);
    for name in OPENING {
        let said = play(&mut state, name);
        assert!(!said.iter().any(|s| s.contains(':')), "{name}: {said:?}");
    }
    state
}

/// Runs the `kaisho` command line with its files under `home` and
/// checks that it succeeds; its standard output.
pub fn kaisho_cli(home: &std::path::Path, args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kaisho"))
        .env("KAISHO_HOME", home)
        .args(args)
        .output()
        .expect("kaisho runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

pub fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Presses one key and returns what the update said.
pub fn press(state: &mut Front, code: KeyCode) -> Vec<String> {
    said(update(state, key(code)))
}

/// Presses a key for each character.
pub fn keys(state: &mut Front, text: &str) -> Vec<String> {
    text.chars()
        .flat_map(|c| press(state, KeyCode::Char(c)))
        .collect()
}

/// Types `:`, a point name and Enter, as a player plays by typing.
pub fn play(state: &mut Front, name: &str) -> Vec<String> {
    let mut out = keys(state, &format!(":{name}"));
    out.extend(press(state, KeyCode::Enter));
    out
}

pub fn run(state: &mut Front, command: Command) -> Vec<Cmd> {
    update(state, Msg::Command(command))
}

/// The texts of the `Say` commands.
pub fn said(cmds: Vec<Cmd>) -> Vec<String> {
    cmds.into_iter()
        .filter_map(|c| match c {
            Cmd::Say(text) => Some(text),
            _ => None,
        })
        .collect()
}

pub fn session(state: &State) -> &Table {
    state.table().expect("a game is showing")
}

/// The screen at `w`×`h`, as the snapshots show it.
pub fn render_at(state: &State, w: u16, h: u16) -> TestBackend {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    terminal.draw(|frame| view(state, frame)).expect("draw");
    terminal.backend().clone()
}

/// The text of the screen as drawn at 80×24, a line per row.
pub fn screen_text(state: &State) -> String {
    let backend = render(state);
    let buffer = backend.buffer();
    let width = usize::from(buffer.area.width);
    buffer
        .content
        .chunks(width)
        .map(|row| row.iter().map(|cell| cell.symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn render(state: &State) -> TestBackend {
    render_at(state, 80, 24)
}

/// The columns of the row `y` that hold anything but blanks, up to the
/// last one.
fn drawn_width(backend: &TestBackend, y: u16) -> u16 {
    let buffer = backend.buffer();
    (0..buffer.area.width)
        .rev()
        .find(|&x| !buffer[(x, y)].symbol().trim().is_empty())
        .map_or(0, |x| x + 1)
}

/// Checks that no text of the screen is cut at 80 columns: a row that
/// fills the 80th column at 80×24 and goes on past it when the screen is
/// 200 columns wide was cut (text wrapped to the width ends at a word,
/// before the edge, and a line that fits ends where it ends).
pub fn assert_fits_80(state: &State) {
    if state.help {
        // The overlay wraps its lines in its box, centred on any width: it
        // fits when its last line is still drawn at 80×24.
        let last = kaisho::words::Text::AnyKeyClosesHelp.get(state.naming.lang);
        let screen = render(state).to_string();
        let drawn: String = screen.chars().filter(|c| *c != ' ').collect();
        let last: String = last.chars().filter(|c| *c != ' ').collect();
        assert!(drawn.contains(&last), "the help is cut:\n{screen}");
        return;
    }
    let narrow = render(state);
    let wide = render_at(state, 200, 24);
    // A box drawn to the edge (the move list) ends in its border.
    let border = |y: u16| "┐┘│┤+|".contains(narrow.buffer()[(79, y)].symbol());
    // A line wrapped at a word that ends right at the edge: the wide row
    // has a blank at column 81 and the next row begins with the word
    // after it.
    let row = |b: &TestBackend, y: u16, from: u16| -> String {
        (from..b.buffer().area.width)
            .map(|x| b.buffer()[(x, y)].symbol().to_string())
            .collect()
    };
    let wrapped = |y: u16| {
        let rest = row(&wide, y, 80);
        let next_word = rest.trim_start().split(' ').next().unwrap_or("");
        rest.starts_with(' ') && y < 23 && !next_word.is_empty() && {
            // The next row goes on with it, at the screen's edge or
            // in a panel beside the board.
            let next = row(&narrow, y + 1, 0);
            next.starts_with(next_word) || next.contains(&format!("  {next_word}"))
        }
    };
    for y in 0..24 {
        let cut = drawn_width(&narrow, y) == 80
            && drawn_width(&wide, y) > 80
            && !border(y)
            && !wrapped(y);
        assert!(
            !cut,
            "row {y} is cut at 80 columns in {:?}:\n{narrow}\n{wide}",
            state.naming.lang
        );
    }
}

/// Snapshots the screen at 80×24 in English and in Japanese (the
/// snapshot's name with `@ja`), after checking that neither runs past 80
/// columns.
#[macro_export]
macro_rules! in_both_languages {
    ($state:expr) => {{
        let state: &mut kaisho::app::State = $state;
        for lang in kaisho::words::Lang::ALL {
            state.naming.lang = lang;
            common::assert_fits_80(state);
        }
        state.naming.lang = kaisho::words::Lang::En;
        insta::assert_snapshot!(common::render(state));
        state.naming.lang = kaisho::words::Lang::Ja;
        insta::with_settings!({ snapshot_suffix => "ja" }, {
            insta::assert_snapshot!(common::render(state));
        });
        state.naming.lang = kaisho::words::Lang::En;
    }};
    ($name:expr, $state:expr) => {{
        let state: &mut kaisho::app::State = $state;
        for lang in kaisho::words::Lang::ALL {
            state.naming.lang = lang;
            common::assert_fits_80(state);
        }
        state.naming.lang = kaisho::words::Lang::En;
        insta::assert_snapshot!($name, common::render(state));
        state.naming.lang = kaisho::words::Lang::Ja;
        insta::assert_snapshot!(concat!($name, "_ja"), common::render(state));
        state.naming.lang = kaisho::words::Lang::En;
    }};
}

pub fn gtp(name: &str, size: u8) -> Point {
    Point::parse_gtp(name, size).expect("a point name")
}

/// Three kos on a 9×9 board, Black to move, set up so that taking them in
/// turn (B H8, W B8, B C4, W G8, B C8, W B4) recreates the start: triple ko.
pub fn triple_ko() -> Game {
    let mut setup = Vec::new();
    for (ox, oy, holder) in [
        (0u8, 0u8, Color::Black),
        (5, 0, Color::White),
        (0, 4, Color::White),
    ] {
        let at = |c: u8, r: u8| Point::new(ox + c, oy + r);
        for p in [at(1, 0), at(0, 1), at(1, 2)] {
            setup.push((Color::Black, p));
        }
        for p in [at(2, 0), at(3, 1), at(2, 2)] {
            setup.push((Color::White, p));
        }
        let ko_stone = match holder {
            Color::Black => at(2, 1),
            Color::White => at(1, 1),
        };
        setup.push((holder, ko_stone));
    }
    let settings = Settings {
        setup,
        ..Settings::even(BoardSize::new(9).expect("9"), Komi::MODERN)
    };
    Game::new(settings).expect("a legal set-up")
}

/// Applies events to a game, which must accept them.
pub fn apply_all(game: &mut Game, events: &[Event]) {
    for event in events {
        game.apply(event.clone()).expect("a legal event");
    }
}

/// Black builds a wall on D, White on F; Black invades at G5 and is captured.
pub const WALLS: [&str; 18] = [
    "D5", "F5", "D4", "F4", "D6", "F6", "D3", "F3", "D7", "F7", "D2", "F2", "D8", "F8", "D1", "F1",
    "D9", "F9",
];

pub fn click(state: &mut Front, name: &str) -> Vec<String> {
    let size = match &state.screen {
        Screen::Review(review) => review.size(),
        _ => session(state).game.settings().size.get(),
    };
    let p = gtp(name, size);
    let layout = BoardLayout::new(size, state.naming);
    said(update(
        state,
        Msg::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: layout.x(p.col),
            row: layout.y(p.row),
            modifiers: KeyModifiers::NONE,
        }),
    ))
}

/// Plays the walls and the capture; returns the state with White to move
/// after move 27, and dame left on E.
pub fn walls_game() -> Front {
    walls_game_in(home())
}

/// The walls game started from the home screen of `state`.
pub fn walls_game_in(mut state: Front) -> Front {
    // From the home menu: size is the second item; 19 → 9 is one step right.
    press(&mut state, KeyCode::Down);
    press(&mut state, KeyCode::Right);
    assert_eq!(state.home.size, 9);
    press(&mut state, KeyCode::Up);
    let said = press(&mut state, KeyCode::Enter);
    assert_eq!(said, ["new local game: 9x9, komi 6.5; Black to play"]);
    for name in WALLS {
        play(&mut state, name);
    }
    assert_eq!(session(&state).game.move_number(), 18);
    play(&mut state, "G5");
    play(&mut state, "G4");
    play(&mut state, "E5");
    play(&mut state, "G6");
    play(&mut state, "E4");
    let said = play(&mut state, "H5");
    assert_eq!(said, ["move 24, White H5, captures 1 at G5"]);
    assert_eq!(session(&state).game.captures(), [0, 1]);

    // Refusals name the point and the reason, and leave the game as it was.
    let said = play(&mut state, "F5");
    assert_eq!(said, ["F5: the point is occupied (J1989 Art. 3)"]);
    let said = play(&mut state, "G5");
    assert_eq!(
        said,
        ["G5: suicide: the stone would have no liberty (J1989 Art. 4)"]
    );
    assert_eq!(session(&state).game.move_number(), 24);
    assert_eq!(state.message.as_ref().map(|m| m.tone), Some(Tone::Error));

    play(&mut state, "E6");
    // White invades Black's side with a stone that cannot live.
    let said = click(&mut state, "B5");
    assert_eq!(said, ["move 26, White B5"]);
    play(&mut state, "E3");
    state
}

pub fn pass_twice(state: &mut Front) {
    let first = press(state, KeyCode::Char('p'));
    assert_eq!(first.len(), 1, "{first:?}");
    let second = press(state, KeyCode::Char('p'));
    assert!(second[0].contains("two passes stop the game"), "{second:?}");
    assert_eq!(session(state).game.phase(), Phase::Stopped);
}

/// Bytes a terminal would receive, shared with the test that reads them.
#[derive(Clone, Default)]
pub struct Sink(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    /// The bytes written since the last call.
    pub fn take(&self) -> Vec<u8> {
        std::mem::take(&mut self.0.borrow_mut())
    }
}

/// A terminal that writes its escape sequences into `sink`, as a real
/// terminal would receive them, at 80×24, through the backend kaisho uses.
pub fn byte_terminal(
    sink: Sink,
) -> Terminal<kaisho::quiet::Quiet<ratatui::backend::CrosstermBackend<Sink>>> {
    Terminal::with_options(
        kaisho::quiet::Quiet::new(ratatui::backend::CrosstermBackend::new(sink), false),
        ratatui::TerminalOptions {
            viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, 80, 24)),
        },
    )
    .expect("an in-memory terminal")
}

/// Bytes sent for the first frame of `state`, then for the frame after
/// `step` changes it.
pub fn frame_bytes(state: &mut Front, step: impl FnOnce(&mut Front)) -> (usize, usize) {
    let sink = Sink::default();
    let mut terminal = byte_terminal(sink.clone());
    terminal.draw(|frame| view(state, frame)).expect("draw");
    let first = sink.take().len();
    step(state);
    terminal.draw(|frame| view(state, frame)).expect("draw");
    (first, sink.take().len())
}

/// Aki and Ben's series in the data folder under `dir`, id `aki-ben`:
/// 先相先 on the 甲 ladder with Aki the weaker, then `results`.
pub fn aki_ben_series(
    dir: &std::path::Path,
    results: &[kaisho_core::series::SeriesResult],
) -> kaisho_saves::series::SeriesId {
    use kaisho_core::series::{KomiPolicy, LadderKind, Player, Seat, Series, SeriesSetup, Step};
    let player = |name: &str| Player {
        id: format!("local:{name}"),
        name: name.to_string(),
    };
    let mut series = Series::new(SeriesSetup {
        players: [player("Aki"), player("Ben")],
        ladder: LadderKind::Kou,
        start: Step::SenAiSen,
        weaker: Some(Seat::First),
        threshold: 4,
        komi: KomiPolicy::default(),
    })
    .expect("a series");
    for &result in results {
        series.record(result).expect("recorded");
    }
    let id = kaisho_saves::series::SeriesId::parse("aki-ben").expect("an id");
    kaisho_saves::series::SeriesStore::new(&kaisho_saves::places::Places::under(dir))
        .create(&id, &series)
        .expect("created");
    id
}

/// Ben's `n` wins in a row.
pub fn ben_wins(n: usize) -> Vec<kaisho_core::series::SeriesResult> {
    vec![kaisho_core::series::SeriesResult::Win(kaisho_core::series::Seat::Second); n]
}

/// The partner's `event` in a network game, as the network task reports
/// it once checked and logged; what the update asks for.
pub fn partner_event(state: &mut Front, event: Event) -> Vec<Cmd> {
    let mut game = session(state).game.clone();
    game.apply(event.clone())
        .expect("the partner's event applies");
    update(
        state,
        Msg::Net(kaisho::app::NetNews::Remote {
            event,
            hash: game.state_hash(),
        }),
    )
}

/// Our `event`, checked by the network task's game, as the task reports
/// it: sent with the state hash after it, or refused with the rule's reason.
pub fn task_checks(state: &mut Front, event: Event) -> Vec<Cmd> {
    let mut game = session(state).game.clone();
    let news = match game.apply(event.clone()) {
        Ok(_) => kaisho::app::NetNews::Sent {
            event,
            hash: game.state_hash(),
        },
        Err(error) => kaisho::app::NetNews::Rejected { event, error },
    };
    update(state, Msg::Net(news))
}

/// The commands `cmds` of a network game with the network task's part
/// played: each event to act on is checked and reported back.
pub fn as_the_task(state: &mut Front, cmds: Vec<Cmd>) -> Vec<Cmd> {
    let mut rest = Vec::new();
    for cmd in cmds {
        match cmd {
            Cmd::Net(kaisho::app::NetRequest::Act(event)) => {
                let more = task_checks(state, event);
                rest.extend(as_the_task(state, more));
            }
            other => rest.push(other),
        }
    }
    rest
}

/// The report of a network game starting on `game`, this side playing
/// `local`, with game id `game_id`: Aki has Black, Ben White.
pub fn started_news(game: &Game, local: Color, game_id: &str) -> kaisho::app::NetNews {
    kaisho::app::NetNews::Started(Box::new(kaisho::app::Started {
        settings: game.settings().clone(),
        events: game.events().to_vec(),
        hash: game.state_hash(),
        local,
        names: ["Aki".into(), "Ben".into()],
        game_id: game_id.into(),
        resumed: false,
        series: None,
        chat: Vec::new(),
    }))
}

/// A network game starting on `game`, this side playing `local`, as the
/// network task reports it: Aki has Black, Ben White.
pub fn start_network_game(state: &mut Front, game: Game, local: Color) {
    state.screen = Screen::Lobby(Box::default());
    update(
        state,
        Msg::Net(started_news(&game, local, "20261124-0900-1")),
    );
}

/// The words a Japanese player may still read in Latin letters: the
/// format of the export, nothing else. Names, fingerprints, the join
/// code, the game's id and paths are taken out before the check.
pub const LATIN_ALLOWED: &[&str] = &["SGF"];

/// Every line in `lines`, with each of `values` taken out, that holds a
/// run of three or more ASCII letters not in [`LATIN_ALLOWED`].
pub fn english_lines(lines: &[String], values: &[&str]) -> Vec<String> {
    lines
        .iter()
        .filter(|line| {
            let mut rest = (*line).clone();
            for value in values {
                rest = rest.replace(value, " ");
            }
            rest.split(|c: char| !c.is_ascii_alphabetic())
                .any(|run| run.len() >= 3 && !LATIN_ALLOWED.contains(&run))
        })
        .cloned()
        .collect()
}

/// Reads `text` with Python's sgfmill, an independent reader, and checks
/// it finds `branches` nodes with more than one move after them. Without
/// sgfmill (outside CI, which installs it) the check is skipped, said so.
pub fn sgfmill_sees_variations(text: &str, branches: usize) {
    const READER: &str = r#"
import sys
from sgfmill import sgf
game = sgf.Sgf_game.from_bytes(sys.stdin.buffer.read())
def count(node):
    return (len(node) > 1) + sum(count(child) for child in node)
print(count(game.get_root()))
"#;
    let found = std::process::Command::new("python3")
        .args(["-c", "import sgfmill"])
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "sgfmill must be installed under CI (.ci/install-sgfmill)"
        );
        eprintln!("sgfmill is not installed: the export was not read by it");
        return;
    }
    let mut child = std::process::Command::new("python3")
        .args(["-c", READER])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .expect("its input")
        .write_all(text.as_bytes())
        .expect("the record is written to it");
    let out = child.wait_with_output().expect("sgfmill answers");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let seen: usize = String::from_utf8_lossy(&out.stdout).trim().parse().unwrap();
    assert_eq!(seen, branches, "sgfmill's branch points in {text}");
}
