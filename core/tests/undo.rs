//! 待った by consent: a move taken back only when the opponent accepts, the
//! record keeping both the move and its withdrawal, and a replay giving the
//! same game again.

mod common;

use common::pt;
use kaisho_core::{BoardSize, Color, Event, Game, GameError, Komi, Phase, Settings};

const B: Color = Color::Black;
const W: Color = Color::White;

fn nine() -> Game {
    Game::new(Settings::even(
        BoardSize::new(9).unwrap(),
        Komi::from_halves(13),
    ))
    .unwrap()
}

fn play(game: &mut Game, color: Color, name: &str) {
    game.apply(Event::Play {
        color,
        point: pt(9, name),
    })
    .unwrap();
}

#[test]
fn accepted_undo_restores_the_position_and_the_turn() {
    let mut game = nine();
    play(&mut game, B, "E5");
    let before = game.clone();
    play(&mut game, W, "C3");
    game.apply(Event::RequestUndo { by: W }).unwrap();
    game.apply(Event::AcceptUndo { by: B }).unwrap();
    assert_eq!(game.board(), before.board());
    assert_eq!(game.to_move(), W);
    assert_eq!(game.move_number(), 1);
    assert_eq!(game.position_key(), before.position_key());
    assert_eq!(
        game.events().len(),
        4,
        "the move and its withdrawal stay recorded"
    );
    assert_eq!(game.standing_moves().count(), 1);
    // The point is free again and White may play elsewhere.
    play(&mut game, W, "G7");
}

#[test]
fn undo_of_a_capture_gives_the_stones_and_the_prisoners_back() {
    let mut game = nine();
    for (c, m) in [(B, "A2"), (W, "A1"), (B, "E5")] {
        play(&mut game, c, m);
    }
    play(&mut game, W, "F5");
    play(&mut game, B, "B1");
    assert_eq!(game.captures(), [1, 0]);
    game.apply(Event::RequestUndo { by: B }).unwrap();
    game.apply(Event::AcceptUndo { by: W }).unwrap();
    assert_eq!(game.captures(), [0, 0]);
    assert_eq!(game.board().get(pt(9, "A1")), Some(W));
    assert_eq!(game.board().get(pt(9, "B1")), None);
}

#[test]
fn declined_undo_keeps_the_move_and_play_goes_on() {
    let mut game = nine();
    play(&mut game, B, "E5");
    game.apply(Event::RequestUndo { by: B }).unwrap();
    game.apply(Event::DeclineUndo { by: W }).unwrap();
    assert_eq!(game.board().get(pt(9, "E5")), Some(B));
    assert_eq!(game.to_move(), W);
    assert_eq!(game.undo_request(), None);
    assert_eq!(game.undo_requests(B), 1);
    play(&mut game, W, "C3");
}

#[test]
fn never_without_consent() {
    let mut game = nine();
    play(&mut game, B, "E5");
    assert_eq!(
        game.apply(Event::AcceptUndo { by: W }),
        Err(GameError::NoUndoRequest)
    );
    game.apply(Event::RequestUndo { by: B }).unwrap();
    assert_eq!(
        game.apply(Event::AcceptUndo { by: B }),
        Err(GameError::OwnOffer),
        "the asker cannot grant their own request"
    );
    assert_eq!(
        game.apply(Event::Play {
            color: W,
            point: pt(9, "C3")
        }),
        Err(GameError::UndoOpen { by: B }),
        "a request is answered before play goes on"
    );
    assert_eq!(game.board().get(pt(9, "E5")), Some(B));
}

#[test]
fn only_the_player_who_made_the_last_move_may_ask() {
    let mut game = nine();
    assert_eq!(
        game.apply(Event::RequestUndo { by: W }),
        Err(GameError::NothingToUndo)
    );
    play(&mut game, B, "E5");
    assert_eq!(
        game.apply(Event::RequestUndo { by: W }),
        Err(GameError::NotYourMoveToUndo { last: B })
    );
}

#[test]
fn undo_of_the_second_pass_resumes_play() {
    let mut game = nine();
    game.apply(Event::Pass { color: B }).unwrap();
    game.apply(Event::Pass { color: W }).unwrap();
    assert_eq!(game.phase(), Phase::Stopped);
    game.apply(Event::RequestUndo { by: W }).unwrap();
    game.apply(Event::AcceptUndo { by: B }).unwrap();
    assert_eq!(game.phase(), Phase::Playing);
    assert_eq!(game.to_move(), W);
}

#[test]
fn undo_is_refused_after_the_end() {
    let mut game = nine();
    play(&mut game, B, "E5");
    game.apply(Event::Resign { color: W }).unwrap();
    assert!(matches!(
        game.apply(Event::RequestUndo { by: B }),
        Err(GameError::WrongPhase { .. })
    ));
}

#[test]
fn undos_in_a_row_walk_back_through_both_colours() {
    let mut game = nine();
    play(&mut game, B, "E5");
    play(&mut game, W, "C3");
    game.apply(Event::RequestUndo { by: W }).unwrap();
    game.apply(Event::AcceptUndo { by: B }).unwrap();
    game.apply(Event::RequestUndo { by: B }).unwrap();
    game.apply(Event::AcceptUndo { by: W }).unwrap();
    assert_eq!(game.move_number(), 0);
    assert_eq!(game.to_move(), B);
    assert_eq!(game.last_move(), None);
    assert_eq!(game.position_key(), nine().position_key());
}

#[test]
fn replay_reproduces_a_game_with_withdrawals_exactly() {
    let mut game = nine();
    play(&mut game, B, "E5");
    play(&mut game, W, "C3");
    game.apply(Event::RequestUndo { by: W }).unwrap();
    game.apply(Event::DeclineUndo { by: B }).unwrap();
    play(&mut game, B, "G7");
    game.apply(Event::RequestUndo { by: B }).unwrap();
    game.apply(Event::AcceptUndo { by: W }).unwrap();
    play(&mut game, B, "G3");
    play(&mut game, W, "D4");
    let again = Game::replay(game.settings().clone(), game.events()).unwrap();
    assert_eq!(again.board(), game.board());
    assert_eq!(again.state_hash(), game.state_hash());
    assert_eq!(again.events(), game.events());
    assert_eq!(again.move_number(), 4);
    assert_eq!(again.undo_requests(W), 1);
    assert_eq!(again.undo_requests(B), 1);
    assert_eq!(again.board().get(pt(9, "G7")), None);
    assert_eq!(again.board().get(pt(9, "G3")), Some(B));
}

/// 待った on one's own turn: the move and the opponent's reply to it are
/// taken back together, counted as one request of the asker's.
#[test]
fn a_request_on_ones_turn_takes_back_the_move_and_the_reply() {
    let mut game = nine();
    play(&mut game, B, "E5");
    play(&mut game, W, "C3");
    play(&mut game, B, "G7");
    play(&mut game, W, "D4");
    game.apply(Event::RequestUndo { by: B }).unwrap();
    game.apply(Event::AcceptUndo { by: W }).unwrap();
    assert_eq!(game.move_number(), 2);
    assert_eq!(game.to_move(), B);
    assert_eq!(game.board().get(pt(9, "G7")), None);
    assert_eq!(game.board().get(pt(9, "D4")), None);
    assert_eq!(game.board().get(pt(9, "C3")), Some(W));
    assert_eq!((game.undo_requests(B), game.undo_requests(W)), (1, 0));
    game.apply(Event::RequestUndo { by: B }).unwrap();
    game.apply(Event::AcceptUndo { by: W }).unwrap();
    assert_eq!(game.move_number(), 0, "E5 and its reply C3 went too");
    assert_eq!(game.position_key(), nine().position_key());
    let again = Game::replay(game.settings().clone(), game.events()).unwrap();
    assert_eq!(again.state_hash(), game.state_hash());
    assert_eq!(again.undo_requests(B), 2);
}

/// A player with no move of their own before the reply has nothing to ask
/// back, and a declined request on one's turn leaves both moves standing.
#[test]
fn a_request_on_ones_turn_needs_ones_own_move_before_the_reply() {
    let mut game = nine();
    play(&mut game, B, "E5");
    assert_eq!(
        game.apply(Event::RequestUndo { by: W }),
        Err(GameError::NotYourMoveToUndo { last: B })
    );
    play(&mut game, W, "C3");
    game.apply(Event::RequestUndo { by: B }).unwrap();
    game.apply(Event::DeclineUndo { by: W }).unwrap();
    assert_eq!(game.move_number(), 2);
    assert_eq!(game.to_move(), B);
}
