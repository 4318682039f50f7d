//! The play-out (確認) at one keyboard: opened on the chain at the cursor
//! in the ending, played with the same keys as a game, closed, and its
//! verdict offered as marks that the players still propose and accept.

mod common;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{Command, Screen};
use kaisho_core::confirm::Verdict;
use kaisho_core::{BoardSize, Color, Game, Komi, Phase, Point, Settings};

/// テーマ1 A: the bent four in the corner; the black stones around it live.
const BENT_FOUR: [&str; 9] = [
    "XX.OX....",
    "X.OOX....",
    "OOOXX....",
    "XXXX.....",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
];

/// テーマ2 A: 万年コウ.
const MANNEN_KO: [&str; 9] = [
    "O.O.XO...",
    "XOO.XO...",
    "XXXXXO...",
    "OOOOOO...",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
];

fn p(name: &str) -> Point {
    gtp(name, 9)
}

/// A game at this keyboard on `rows`, stopped by two passes.
fn stopped(rows: &[&str]) -> Front {
    let mut setup = Vec::new();
    for (row, line) in rows.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            match c {
                'X' => setup.push((Color::Black, Point::new(col as u8, row as u8))),
                'O' => setup.push((Color::White, Point::new(col as u8, row as u8))),
                _ => {}
            }
        }
    }
    let settings = Settings {
        setup,
        ..Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)
    };
    let mut state = showing(Game::new(settings).unwrap());
    pass_twice(&mut state);
    state
}

/// Puts the cursor on `name` and presses `o`.
fn open_at(state: &mut Front, name: &str) -> Vec<String> {
    if let Screen::Game(table) = &mut state.screen {
        table.cursor = p(name);
    }
    press(state, KeyCode::Char('o'))
}

/// Plays typed points and `pass` on the scratch board; what each said.
fn scratch(state: &mut Front, moves: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for m in moves {
        out.extend(if *m == "pass" {
            press(state, KeyCode::Char('p'))
        } else {
            play(state, m)
        });
    }
    out
}

/// The bent four at the keyboard, as 10図–11図 play it: the white stones
/// are taken, the game is put back as it was, the marks offer them dead,
/// and the players' proposal and acceptance end the game with them dead.
#[test]
fn bent_four_in_the_corner_is_captured_when_played_out_at_one_keyboard() {
    let mut state = stopped(&BENT_FOUR);
    let board = session(&state).game.board().clone();
    let said = open_at(&mut state, "D9");
    assert!(said[0].contains("opens a play-out on D9"), "{said:?}");
    scratch(&mut state, &["C9", "B8", "B9", "A9", "A8"]);
    let refused = play(&mut state, "A9");
    assert!(refused.iter().any(|s| s.contains("ko")), "{refused:?}");
    scratch(&mut state, &["pass", "C9"]);
    let table = session(&state);
    let open = table.game.playout().expect("the play-out is open");
    assert_eq!(open.board().get(p("D9")), None, "the scratch board took D9");
    assert_eq!(table.game.board(), &board, "the game's board is as it was");
    let said = press(&mut state, KeyCode::Char('e'));
    assert!(
        said.iter().any(|s| s.contains("offered as dead")),
        "{said:?}"
    );
    let table = session(&state);
    assert!(table.game.playout().is_none());
    for stone in ["D9", "C8", "D8", "A7", "B7", "C7"] {
        assert!(table.marks.contains(&p(stone)), "{stone} offered dead");
    }
    assert_eq!(table.game.phase(), Phase::Stopped, "nothing proposed yet");
    keys(&mut state, "sa");
    let game = &session(&state).game;
    assert_eq!(game.phase(), Phase::Ended);
    assert!(game.proposals()[0].dead.contains(&p("D9")));
}

/// A scratch move on a stone is refused as a move on the board is: its
/// point named and its article once; a scratch move that captures says
/// what it took.
#[test]
fn a_scratch_move_names_its_point_when_refused_and_its_captures_when_it_takes() {
    let mut state = stopped(&BENT_FOUR);
    open_at(&mut state, "D9");
    play(&mut state, "E9");
    let refused = state.message.as_ref().map(|m| m.text.clone());
    assert_eq!(
        refused.as_deref(),
        Some("E9: the point is occupied (J1989 Art. 3)")
    );
    let said = scratch(&mut state, &["C9", "B8", "B9", "A9", "A8", "pass", "C9"]);
    assert!(
        said.iter()
            .any(|s| s == "play-out: Black C9, captures 7 at D9 B8 C8 D8 A7 B7 C7"),
        "{said:?}"
    );
}

/// 万年コウ at the keyboard (テーマ2 7–8図): White retakes only after passing
/// for the ko; the white stones are held and offered alive, unmarking them
/// if they were marked.
#[test]
fn mannen_ko_played_out_at_one_keyboard_is_held() {
    let mut state = stopped(&MANNEN_KO);
    if let Screen::Game(table) = &mut state.screen {
        table.marks = vec![p("B8"), p("C8"), p("C9")];
    }
    open_at(&mut state, "C9");
    scratch(&mut state, &["B9"]);
    let refused = play(&mut state, "A9");
    assert!(refused.iter().any(|s| s.contains("ko")), "{refused:?}");
    scratch(
        &mut state,
        &["pass", "D9", "A9", "pass", "D8", "pass", "pass"],
    );
    assert_eq!(
        session(&state).game.playout().map(|s| s.verdict()),
        Some(Verdict::Held)
    );
    let said = press(&mut state, KeyCode::Esc);
    assert!(
        said.iter().any(|s| s.contains("offered as alive")),
        "{said:?}"
    );
    assert!(
        session(&state).marks.is_empty(),
        "the held stones are unmarked"
    );
}

/// Art. 7.2 at the keyboard: after moves elsewhere the retake is still
/// refused, naming the ko and the article, until White passes for it.
#[test]
fn a_ko_under_7_2_at_one_keyboard_waits_for_a_pass() {
    let mut state = stopped(&MANNEN_KO);
    open_at(&mut state, "C9");
    scratch(&mut state, &["B9", "J1", "A1"]);
    let refused = play(&mut state, "A9");
    assert!(
        refused
            .iter()
            .any(|s| s.contains("B9") && s.contains("7.2")),
        "{refused:?}"
    );
    in_both_languages!(&mut state);
    scratch(&mut state, &["pass", "B1", "A9"]);
    let open = session(&state).game.playout().unwrap();
    assert_eq!(open.board().get(p("A9")), Some(Color::White));
}

/// A play-out closed half-way leaves the board, the phase, the marks and
/// the prisoners as they were, and offers nothing.
#[test]
fn an_abandoned_play_out_at_one_keyboard_changes_nothing() {
    let mut state = stopped(&BENT_FOUR);
    let before = session(&state);
    let (board, marks, captures, phase) = (
        before.game.board().clone(),
        before.marks.clone(),
        before.game.captures(),
        before.game.phase(),
    );
    open_at(&mut state, "D9");
    scratch(&mut state, &["C9", "B8"]);
    let said = update(&mut state, kaisho::app::Msg::Command(Command::ClosePlayout));
    assert!(said_text(said).contains("given up"));
    let after = session(&state);
    assert_eq!(after.game.board(), &board);
    assert_eq!(after.marks, marks);
    assert_eq!(after.game.captures(), captures);
    assert_eq!(after.game.phase(), phase);
    assert_eq!(
        after.game.confirmed()[0].verdict,
        Verdict::GivenUp,
        "the play-out is in the record"
    );
}

fn said_text(cmds: Vec<kaisho::app::Cmd>) -> String {
    said(cmds).join("\n")
}

/// The scratch board of the bent four with the ko just taken, at 80×24.
#[test]
fn scratch_board_of_a_bent_four_with_a_ko_barred() {
    let mut state = stopped(&BENT_FOUR);
    open_at(&mut state, "D9");
    scratch(&mut state, &["C9", "B8", "B9", "A9", "A8"]);
    in_both_languages!(&mut state);
}

/// The SGF comment on a play-out's last node says what it showed, in the
/// language of the export.
#[test]
fn the_sgf_comment_of_a_play_out_says_its_verdict_in_both_languages() {
    use kaisho::words::{Lang, sgf_note};
    use kaisho_saves::sgf::Note;
    let captured = Verdict::Captured {
        reestablished: vec![p("A9")],
    };
    assert_eq!(
        sgf_note(Lang::En, Note::Verdict(&captured), 9),
        "play-out: the stones were captured and stones stand again at A9"
    );
    assert_eq!(
        sgf_note(Lang::Ja, Note::Verdict(&Verdict::Held), 9),
        "確認: 石は取られませんでした"
    );
}

/// A terminal too small for the panel still says a play-out is open and
/// whose turn it is there, under the scratch board.
#[test]
fn a_small_terminal_says_the_play_out_under_the_scratch_board() {
    let mut state = stopped(&BENT_FOUR);
    open_at(&mut state, "D9");
    scratch(&mut state, &["C9"]);
    state.message = None;
    let screen = render_at(&state, 40, 13).to_string();
    assert!(screen.contains("play-out"), "{screen}");
    assert!(screen.contains("White to play"), "{screen}");
}

/// A play-out's capture settles its chain. `lone-invader.sgf`'s board:
/// White's wall on C, Black's on D, and White's G5 in Black's 45 points,
/// which the draft leaves unsettled (`?` on the board, the count
/// provisional and undecided). Once Black captures G5 in a play-out, G5
/// loses its `?` and the count is no longer provisional.
#[test]
fn a_play_out_that_captures_an_unsettled_chain_settles_its_mark_and_the_count() {
    let rows = ["..OX....."; 9];
    let mut rows: Vec<&str> = rows.to_vec();
    rows[4] = "..OX..O..";
    let mut state = stopped(&rows);
    for _ in 0..200 {
        if !state.reading() {
            break;
        }
        update(&mut state, kaisho::app::Msg::Read);
    }
    let open: Vec<Point> = session(&state).open_chains().map(|c| c.stones[0]).collect();
    assert_eq!(open, vec![p("G5")], "G5 is unsettled");
    let marks_before = screen_text(&state).matches('?').count();
    assert_eq!(session(&state).ends.as_ref().map(|e| e.unsettled), Some(1));
    open_at(&mut state, "G5");
    scratch(
        &mut state,
        &["F5", "pass", "H5", "pass", "G4", "pass", "G6"],
    );
    press(&mut state, KeyCode::Char('e'));
    let table = session(&state);
    assert!(table.game.playout().is_none());
    assert!(table.marks.contains(&p("G5")), "offered dead");
    assert_eq!(
        table.open_chains().count(),
        0,
        "G5 is settled by the play-out"
    );
    assert!(table.ends.is_none(), "the count is no longer provisional");
    assert_eq!(
        screen_text(&state).matches('?').count(),
        marks_before - 1,
        "{}",
        screen_text(&state)
    );
}
