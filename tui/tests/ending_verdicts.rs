//! The ending screen tells the verdict: the chain under the cursor shows
//! its status, whether a proof or an estimate gives it, and why; the
//! engine's refusal names which chains it holds dead and which alive, and
//! stays on the panel until the next proposal; a count whose winner
//! rests on doubtful chains shows the other outcome beside it.

mod common;

use common::{Front, click, pass_twice, press, screen_text, session, showing, update, walls_game};
use crossterm::event::KeyCode;
use kaisho::app::{Msg, NetNews};
use kaisho::words::{EngineLine, Lang, engine_line};

/// The walls game stopped, its draft read to the end.
fn stopped_and_read() -> Front {
    let mut state = walls_game();
    pass_twice(&mut state);
    read_to_the_end(state)
}

/// `state` once its draft is read to the end.
fn read_to_the_end(mut state: Front) -> Front {
    for _ in 0..200 {
        if !state.reading() {
            return state;
        }
        update(&mut state, Msg::Read);
    }
    panic!("the draft was still reading after 200 slices");
}

#[test]
fn the_chain_under_the_cursor_shows_its_verdict_proven_or_not_and_why() {
    let mut state = stopped_and_read();
    let draft = session(&state)
        .draft
        .as_ref()
        .expect("a draft")
        .analysis()
        .clone();
    for name in ["B5", "E5", "F5"] {
        let at = common::gtp(name, 9);
        let verdict = draft.at(at).expect("a stone stands there").clone();
        click(&mut state, name);
        let shown = screen_text(&state).replace('\n', " ");
        let status = match verdict.status {
            kaisho_core::life::Status::Alive => "alive",
            kaisho_core::life::Status::Dead => "dead",
            kaisho_core::life::Status::Seki => "seki",
            kaisho_core::life::Status::Unsettled => "unsettled",
        };
        let proven = if verdict.is_proven() {
            "proven"
        } else {
            "not proven"
        };
        let first = verdict.stones[0].to_gtp(9);
        let head = format!(
            "{first} ({} stone{}): {status}, {proven}:",
            verdict.stones.len(),
            if verdict.stones.len() == 1 { "" } else { "s" }
        );
        assert!(
            shown.contains(&head),
            "{name}: no {head:?} in\n{}",
            screen_text(&state)
        );
    }
}

#[test]
fn the_engines_refusal_names_dead_and_alive_and_stays_until_the_next_proposal() {
    let mut state = stopped_and_read();
    let line = engine_line(
        Lang::En,
        EngineLine::Disagrees {
            dead: "C3",
            alive: "B5",
        },
    );
    assert!(
        line.starts_with("The engine holds the stones at C3 dead and those at B5 alive;"),
        "{line}"
    );
    let said = common::said(update(&mut state, Msg::Net(NetNews::Disputed(line))));
    assert_eq!(said.len(), 1, "said once, for plain mode too: {said:?}");
    let shows = |state: &Front| screen_text(state).contains("The engine holds the stones at C3");
    assert!(shows(&state), "{}", screen_text(&state));
    for _ in 0..10 {
        update(&mut state, Msg::Tick);
    }
    assert!(shows(&state), "the refusal fades: {}", screen_text(&state));
    let proposals = session(&state).game.proposals().len();
    press(&mut state, KeyCode::Char('s'));
    assert_eq!(session(&state).game.proposals().len(), proposals + 1);
    assert!(!shows(&state), "{}", screen_text(&state));
}

/// The record of `kaisho score`'s doubtful invasion (tests/fixtures): four
/// White chains in Black's top side estimated alive in 69 % of the
/// playouts, two more unsettled; White wins by 36.5 as drafted, Black by
/// 35.5 with them dead. The panel said "White wins either way".
#[test]
fn a_winner_that_rests_on_doubtful_chains_is_shown_beside_the_other_outcome() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/doubtful-invasion.sgf");
    let record = kaisho_saves::sgf::read_file(&path).expect("the fixture reads");
    let mut game = kaisho_core::Game::new(record.settings.clone()).unwrap();
    let events = record.events();
    let (moves, passes) = events.split_at(events.len() - 2);
    assert!(
        passes
            .iter()
            .all(|e| matches!(e, kaisho_core::Event::Pass { .. }))
    );
    for event in moves {
        game.apply(event.clone()).unwrap();
    }
    let mut state = showing(game);
    pass_twice(&mut state);
    let state = read_to_the_end(state);
    let table = session(&state);
    let doubt = table
        .doubt
        .as_ref()
        .expect("the winner rests on doubtful chains");
    assert_eq!(doubt.now.result_string(), "W+36.5");
    assert_eq!(doubt.other.result_string(), "B+35.5");
    let shown = screen_text(&state);
    assert!(
        shown.contains("W+36.5, or B+35.5 if doubtful chains turn"),
        "{shown}"
    );
    assert!(!shown.contains("either way"), "{shown}");
    assert!(shown.contains("winner turns on J11 K8"), "{shown}");
    common::assert_fits_80(&state);
}
