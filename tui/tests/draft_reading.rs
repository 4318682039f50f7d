//! The dead-stone draft read beside the ending: the screen opens with the
//! complete draft (what is proven at once, and the estimate for the rest),
//! proofs replace estimates slice by slice, and a player's marks are never
//! overwritten.

mod common;

#[path = "../../tests/corpus/boards.rs"]
mod boards;

use common::{Front, click, pass_twice, render, session, set_up, update};
use kaisho::app::Msg;
use kaisho_core::life::{self, Limits};
use kaisho_core::{Board, Point};

/// A 9×9 position whose dead chains (B9, G8) take more than one slice of
/// reading: nothing of them is proven without a search.
fn corners() -> Board {
    let mut rows = vec![".XO..X.X.", "XXO..XOX.", "OOO..XOX.", ".....XXX."];
    rows.resize(9, ".........");
    Board::from_rows(&rows).expect("a 9x9 board")
}

/// The position as a game just started from a set-up, stopped by two passes.
fn stopped(board: &Board) -> Front {
    let mut state = set_up(board);
    pass_twice(&mut state);
    state
}

/// Sends read slices until the draft is read; returns how many it took.
fn read_out(state: &mut Front) -> (usize, Vec<String>) {
    let mut said = Vec::new();
    for slice in 0..100 {
        if !state.reading() {
            return (slice, said);
        }
        said.extend(common::said(update(state, Msg::Read)));
    }
    panic!("the draft was still reading after 100 slices");
}

fn pt(name: &str) -> Point {
    common::gtp(name, 9)
}

#[test]
fn a_stopped_game_shows_the_draft_at_once_and_proves_it_in_slices() {
    let board = corners();
    let mut state = stopped(&board);
    let at_once = life::draft(&board, &Limits::first_look());
    let first = session(&state);
    assert_eq!(first.marks, at_once);
    let estimated = |state: &Front| -> Vec<Point> {
        let draft = session(state).draft.as_ref().expect("a draft");
        draft.estimated().flat_map(|c| c.stones.clone()).collect()
    };
    for p in ["B9", "G8"] {
        assert!(first.marks.contains(&pt(p)), "{p}: {:?}", first.marks);
        assert!(estimated(&state).contains(&pt(p)), "{p} is not proven yet");
    }
    assert!(state.reading());
    let screen = format!("{:?}", render(&state).buffer());
    assert!(screen.contains("reading: "), "{screen}");
    assert!(screen.contains("estimated (~)"), "{screen}");
    assert!(screen.contains("~"), "{screen}");

    let (slices, said) = read_out(&mut state);
    assert!(slices >= 2, "read in {slices} slice(s)");
    let full = life::draft(&board, &Limits::default());
    let last = session(&state);
    assert_eq!(last.marks, full);
    assert!(
        full.contains(&pt("B9")) && full.contains(&pt("G8")),
        "{full:?}"
    );
    for p in ["B9", "G8"] {
        assert!(!estimated(&state).contains(&pt(p)), "{p} is proven now");
    }
    assert_eq!(last.count, last.game.count_with(&full).ok());
    assert!(
        said.iter().any(|s| s.starts_with("read to the end: ")),
        "{said:?}"
    );
    let screen = format!("{:?}", render(&state).buffer());
    assert!(!screen.contains("reading: "), "{screen}");
}

#[test]
fn keys_work_while_the_draft_reads() {
    let board = corners();
    let mut state = stopped(&board);
    let before = session(&state).cursor;
    common::press(&mut state, crossterm::event::KeyCode::Left);
    assert_ne!(session(&state).cursor, before);
    assert!(state.reading());
}

#[test]
fn a_players_hand_marks_survive_later_slices() {
    let board = corners();
    let mut state = stopped(&board);
    assert!(state.reading());
    click(&mut state, "C9");
    let hand = session(&state).marks.clone();
    assert!(hand.contains(&pt("C9")), "{hand:?}");
    let (slices, _) = read_out(&mut state);
    assert!(slices >= 1);
    assert_eq!(session(&state).marks, hand);
}

#[test]
fn ending_screen_while_the_draft_reads() {
    let mut state = stopped(&corners());
    in_both_languages!(&mut state);
}

#[test]
fn two_sides_reading_the_same_stop_reach_the_same_draft() {
    let board = corners();
    let mut host = stopped(&board);
    let mut guest = stopped(&board);
    // One side draws a frame and takes keys between its slices.
    common::press(&mut guest, crossterm::event::KeyCode::Right);
    read_out(&mut host);
    while guest.reading() {
        render(&guest);
        update(&mut guest, Msg::Read);
        common::press(&mut guest, crossterm::event::KeyCode::Left);
    }
    assert_eq!(session(&host).marks, session(&guest).marks);
    assert_eq!(session(&host).count, session(&guest).count);
}

/// The loops read in bursts (`Shell::read_for`, `READ_BURST` at each tick):
/// a burst as long as the draft needs reads it to its end at once, a burst
/// of no time reads one slice, and the draft is the same either way, since
/// the clock only says how many slices come at a time, never what they read.
#[test]
fn a_burst_reads_the_draft_to_its_end_and_reaches_the_draft_of_single_slices() {
    let board = corners();
    let mut burst = stopped(&board);
    let mut single = stopped(&board);
    let said = burst
        .shell
        .read_for(&mut burst.state, std::time::Duration::from_secs(60));
    assert!(!burst.reading(), "{said:?}");
    let mut ticks = 0;
    while single.reading() && ticks < 100 {
        single
            .shell
            .read_for(&mut single.state, std::time::Duration::ZERO);
        ticks += 1;
    }
    assert!(ticks > 1, "{ticks} ticks");
    assert!(!single.reading());
    assert_eq!(session(&burst).marks, session(&single).marks);
    assert_eq!(session(&burst).count, session(&single).count);
    assert!(session(&burst).marks.contains(&pt("B9")));
}

/// The report's 9×9 game: Black's wall on the E file, White's on the F
/// file, White's C3–C2 alone in Black's 34 points, Black's H3–H2 in
/// White's 25. The screen drafted W+33.5, C3 counted alive; every club
/// player marks all four stones dead: B+2.5, nothing left unsettled, and
/// what rests on the estimate is marked as such.
#[test]
fn the_walls_game_is_drafted_as_a_club_marks_it() {
    let moves = [
        "E5", "F5", "E4", "F4", "E6", "F6", "E3", "F3", "E7", "F7", "E2", "F2", "E8", "F8", "E1",
        "F1", "E9", "F9", "H3", "C3", "H2", "C2", "C4", "G3", "D2", "H4",
    ];
    let mut board = Board::new(kaisho_core::BoardSize::new(9).unwrap());
    for (k, m) in moves.iter().enumerate() {
        let color = if k % 2 == 0 {
            kaisho_core::Color::Black
        } else {
            kaisho_core::Color::White
        };
        board.play(color, pt(m)).expect("a legal move");
    }
    let mut state = stopped(&board);
    read_out(&mut state);
    let table = session(&state);
    let draft = table.draft.as_ref().expect("a draft");
    assert_eq!(draft.unsettled().count(), 0);
    for p in ["C3", "C2", "H3", "H2"] {
        assert!(table.marks.contains(&pt(p)), "{p}: {:?}", table.marks);
    }
    let screen = format!("{:?}", render(&state).buffer());
    assert!(screen.contains("(B+2.5)"), "{screen}");
    assert!(!screen.contains("provisional"), "{screen}");
    assert!(draft.estimated().any(|c| c.stones.contains(&pt("C3"))));
    assert!(screen.contains("estimated (~)"), "{screen}");
    assert!(screen.contains("o~"), "{screen}");
    let said = common::press(&mut state, crossterm::event::KeyCode::Char('s'));
    assert!(
        said.iter()
            .any(|s| s.contains("(marked dead on an estimate, ~: C3)")),
        "{said:?}"
    );
}

/// The finished human game of `tests/corpus/life-human` whose top right is
/// a capturing race the playouts split about evenly: the screen reads the
/// whole board up to the total, then the chains still unsettled alone, and
/// ends with the draft `kaisho score` gives, White's N16 and R16 captured
/// as the players counted them.
#[test]
fn the_screen_reads_the_unsettled_fight_deeper_to_the_drafts_end() {
    let board = boards::finished(
        env!("CARGO_MANIFEST_DIR"),
        "life-human",
        "gnugo-kgs_20040516-GoBucks-GnuGoCVS",
        19,
    );
    let mut state = stopped(&board);
    let limits = Limits::default();
    let (slices, _) = read_out(&mut state);
    let general = (limits.nodes_total / kaisho::app::SLICE_NODES) as usize;
    assert!(slices > general, "read in {slices} slices");
    let full = life::draft(&board, &limits);
    assert_eq!(session(&state).marks, full);
    let draft = session(&state).draft.as_ref().expect("a draft");
    assert_eq!(draft.unsettled().count(), 0);
    for p in ["N16", "R16"] {
        assert!(full.contains(&common::gtp(p, 19)), "{p}: {full:?}");
    }
}

/// The report: "13 chains estimated (~)" with one `~` drawn, since chains
/// estimated alive were counted but not marked. The panel counts the
/// chains the board marks, in every slice of the reading.
#[test]
fn the_panel_counts_the_estimated_chains_the_board_marks() {
    let mut state = stopped(&corners());
    let mut counted_alive = false;
    for _ in 0..100 {
        let table = session(&state);
        let draft = table.draft.as_ref().expect("a draft");
        counted_alive |= draft.estimated().count() > draft.marked_estimates(&table.marks).count();
        let marked = draft.marked_estimates(&table.marks).count();
        let screen = format!("{:?}", render(&state).buffer());
        let said = kaisho::words::say(
            kaisho::words::Lang::En,
            kaisho::words::Say::Estimated { chains: marked },
        );
        if marked > 0 {
            assert!(screen.contains(&said), "{said}: {screen}");
        } else {
            assert!(!screen.contains("estimated (~)"), "{screen}");
        }
        if !state.reading() {
            break;
        }
        update(&mut state, Msg::Read);
    }
    assert!(counted_alive, "the position has a chain estimated alive");
}
