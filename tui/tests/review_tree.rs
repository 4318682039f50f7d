//! The review reads and writes the record's tree: the club record of the
//! fixture, imported as a saved game, is stepped into its variation at
//! move 3, commented and tried on at the review screen, and its export
//! holds the new variation with the old comments and the new one.

mod common;

use common::record::{ID, fixture, imported};
use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{Command, Review, Screen, State};
use kaisho_core::{Color, Event, Point};
use kaisho_saves::log::GameStore;
use kaisho_saves::places::Places;
use kaisho_saves::sgf::{NodePath, SgfTree};

fn review(state: &State) -> &Review {
    match &state.screen {
        Screen::Review(review) => review,
        other => panic!("not the review screen: {other:?}"),
    }
}

fn path(indices: &[usize]) -> NodePath {
    NodePath::from_indices(indices.to_vec())
}

fn white(name: &str) -> Option<Event> {
    Some(Event::Play {
        color: Color::White,
        point: gtp(name, 19),
    })
}

#[test]
fn a_variation_is_read_commented_and_tried_on_and_the_export_keeps_it_all() {
    let home = tempfile::tempdir().unwrap();
    imported(home.path());
    let mut state = home_in(home.path());
    run(&mut state, Command::ReviewSaved(ID.to_string()));
    assert_eq!(review(&state).moves(), 7, "the main line");

    // Into the variation at move 3, and its comment.
    keys(&mut state, "lll");
    assert_eq!(review(&state).variation(), Some((1, 2)));
    let said = press(&mut state, KeyCode::Down);
    assert_eq!(said, ["move 3 of 4 · variation 2 of 2"]);
    assert_eq!(
        review(&state).comment().as_deref(),
        Some("Another third move.")
    );
    in_both_languages!("review_in_the_variation_at_move_3", &mut state);

    // A comment added to it is kept in the game's record at once.
    keys(&mut state, "cBlack could also play R5.");
    let said = press(&mut state, KeyCode::Enter);
    assert_eq!(said, [format!("kept in the record of game {ID}")]);

    // A move the rules refuse is refused with their reason; a legal one
    // off the line is a new variation, stepped into.
    keys(&mut state, "a");
    let said = play(&mut state, "R4");
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("occupied"), "{said:?}");
    let said = play(&mut state, "C16");
    assert_eq!(
        said,
        [
            "move 4 of 4 · variation 2 of 2".to_string(),
            format!("kept in the record of game {ID}")
        ]
    );
    assert_eq!(review(&state).variation(), Some((2, 2)));
    assert_eq!(review(&state).at, 4);
    in_both_languages!("review_trying_a_move_off_the_line", &mut state);

    // A move already in the record is stepped into, not added again.
    press(&mut state, KeyCode::Esc);
    press(&mut state, KeyCode::Char('h'));
    keys(&mut state, "a");
    let nodes = review(&state).tree().nodes();
    let said = play(&mut state, "P16");
    assert_eq!(said, ["move 4 of 4 · variation 1 of 2"]);
    assert_eq!(review(&state).tree().nodes(), nodes);
    press(&mut state, KeyCode::Esc);
    // Back to where the variations branch off: move 3 (the new one), then
    // move 2 (the record's).
    press(&mut state, KeyCode::Char('b'));
    assert_eq!(review(&state).at, 3);
    press(&mut state, KeyCode::Char('b'));
    assert_eq!(review(&state).at, 2);
    let said = press(&mut state, KeyCode::Char('b'));
    assert_eq!(said, ["no variation branches off above this move"]);

    let to = home.path().join("out.sgf");
    kaisho_cli(
        home.path(),
        &["games", "export", ID, "--to", to.to_str().unwrap()],
    );
    let exported = SgfTree::parse(&std::fs::read_to_string(&to).unwrap()).unwrap();
    assert_eq!(exported.result(), Some("B+R"));
    assert_eq!(
        exported.comment_at(&path(&[0])),
        Some("Komoku, the first move.")
    );
    assert_eq!(
        exported.comment_at(&path(&[0, 0, 0, 0, 0])),
        Some("Black takes the last corner.")
    );
    assert_eq!(exported.children(&path(&[0, 0])), 2);
    assert_eq!(
        exported.comment_at(&path(&[0, 0, 1])),
        Some("Another third move.\n\nBlack could also play R5.")
    );
    assert_eq!(exported.children(&path(&[0, 0, 1])), 2);
    assert_eq!(exported.move_at(&path(&[0, 0, 1, 0])), white("P16"));
    assert_eq!(exported.move_at(&path(&[0, 0, 1, 1])), white("C16"));
}

#[test]
fn a_file_opened_for_review_takes_additions_in_memory_and_says_how_to_keep_them() {
    let home = tempfile::tempdir().unwrap();
    let mut state = home_in(home.path());
    let fixture = fixture();
    let before = std::fs::read(&fixture).unwrap();
    run(&mut state, Command::Import(fixture.display().to_string()));
    run(&mut state, Command::GoTo(2));
    let said = said(run(&mut state, Command::Try(Some(Point::new(2, 3)))));
    assert_eq!(said.len(), 2, "{said:?}");
    assert_eq!(said[0], "move 3 of 3 · variation 3 of 3");
    assert!(said[1].contains("kaisho games import PATH"), "{said:?}");
    assert_eq!(review(&state).variation(), Some((3, 3)));
    assert_eq!(
        std::fs::read(&fixture).unwrap(),
        before,
        "the file is unchanged"
    );
}

#[test]
fn an_addition_the_disk_refuses_is_written_with_the_next_one() {
    let home = tempfile::tempdir().unwrap();
    imported(home.path());
    let store = GameStore::new(Places::under(home.path()).games_dir());
    let lock = store.dir().join(format!(".{ID}.sgf.lock"));
    std::fs::create_dir(&lock).unwrap();
    let mut state = home_in(home.path());
    run(&mut state, Command::ReviewSaved(ID.to_string()));
    keys(&mut state, "cfirst note");
    let said = press(&mut state, KeyCode::Enter);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("not kept in the record"), "{said:?}");
    assert!(
        said[0].ends_with("it is written with the next addition"),
        "{said:?}"
    );
    let kept = store.kept_record(ID).unwrap().unwrap();
    assert_eq!(kept.comment_at(&NodePath::root()), None);

    std::fs::remove_dir(&lock).unwrap();
    // A click on the board while trying moves tries there.
    keys(&mut state, "a");
    let said = click(&mut state, "Q16");
    assert_eq!(
        said,
        [
            "move 1 of 1 · variation 2 of 2".to_string(),
            format!("kept in the record of game {ID}")
        ]
    );
    let kept = store.kept_record(ID).unwrap().unwrap();
    assert_eq!(kept.comment_at(&NodePath::root()), Some("first note"));
    assert_eq!(
        kept.move_at(&path(&[1])),
        Some(Event::Play {
            color: Color::Black,
            point: gtp("Q16", 19)
        })
    );
    assert_eq!(kept.write(), review(&state).tree().write());
}

/// After a variation of several moves is tried: `g` past its end says so,
/// `b` goes back to where it branched off on the line it left, and there
/// `j`/`k` choose which variation follows.
#[test]
fn going_to_a_move_past_the_line_back_to_the_branch_and_choosing_there() {
    let home = tempfile::tempdir().unwrap();
    imported(home.path());
    let mut state = home_in(home.path());
    run(&mut state, Command::ReviewSaved(ID.to_string()));
    assert_eq!(review(&state).moves(), 7, "the main line");
    // Two moves in, a variation of four moves tried.
    keys(&mut state, "ll");
    keys(&mut state, "a");
    for point in ["C3", "R3", "C5", "R5"] {
        play(&mut state, point);
    }
    press(&mut state, KeyCode::Esc);
    assert_eq!(review(&state).at, 6);
    assert_eq!(review(&state).moves(), 6, "the variation shown");
    // Move 7 is on the main line, not on the line shown: said, not hidden.
    keys(&mut state, "g");
    keys(&mut state, "7");
    let said = press(&mut state, KeyCode::Enter);
    assert_eq!(
        said,
        ["the line shown ends at move 6, before move 7: b goes back to where it branches off"]
    );
    // Back to the branch point, on the line it left: the main line again.
    let said = press(&mut state, KeyCode::Char('b'));
    assert_eq!(review(&state).at, 2);
    assert_eq!(review(&state).moves(), 7, "{said:?}");
    assert_eq!(review(&state).variation(), Some((1, 1)));
    // There, j chooses the variation that follows, without stepping in:
    // the record's own at move 3, then the one tried.
    press(&mut state, KeyCode::Char('j'));
    assert_eq!(review(&state).at, 2);
    assert_eq!(review(&state).moves(), 4, "the record's variation follows");
    press(&mut state, KeyCode::Char('j'));
    assert_eq!(review(&state).at, 2);
    assert_eq!(review(&state).moves(), 6, "the tried variation follows");
    press(&mut state, KeyCode::Char('l'));
    assert_eq!(review(&state).variation(), Some((3, 3)));
    press(&mut state, KeyCode::Char('h'));
    press(&mut state, KeyCode::Char('k'));
    press(&mut state, KeyCode::Char('k'));
    assert_eq!(review(&state).moves(), 7, "back to the main line");
}
