//! J1989 Art. 3–6 and the Net Kiin handling of illegal moves, one rule a test.

mod common;

use common::{game_from_rows, play_all, pt};
use kaisho_core::{Color, Event, Game, GameError, IllegalMove, Komi, Phase};

fn play(game: &mut Game, name: &str) -> Result<kaisho_core::Effect, GameError> {
    let color = game.to_move();
    let point = pt(game.settings().size.get(), name);
    game.apply(Event::Play { color, point })
}

#[test]
fn capture_of_a_single_stone_in_the_corner() {
    let mut g = game_from_rows(
        &[".....", ".....", ".....", "X....", "O...."],
        Color::Black,
        Komi::ZERO,
    );
    let effect = play(&mut g, "B1").unwrap();
    assert_eq!(effect.captured, 1);
    assert_eq!(g.board().get(pt(5, "A1")), None);
    assert_eq!(g.captures(), [1, 0]);
}

#[test]
fn capture_on_the_edge_removes_the_whole_chain() {
    let mut g = game_from_rows(
        &[
            ".......", ".......", ".......", ".......", ".......", "XXX....", "OOO....",
        ],
        Color::Black,
        Komi::ZERO,
    );
    play_all(&mut g, &["D2", "pass"]);
    let effect = play(&mut g, "D1").unwrap();
    assert_eq!(effect.captured, 3);
    assert_eq!(g.board().rows()[6], "...X...");
    assert_eq!(g.captures()[Color::Black.index()], 3);
}

#[test]
fn one_stone_captures_several_chains_at_once() {
    // Black C3 takes the last liberty of four separate white stones.
    let mut g = game_from_rows(
        &["..X..", ".XOX.", "XO.OX", ".XOX.", "..X.."],
        Color::Black,
        Komi::ZERO,
    );
    let effect = play(&mut g, "C3").unwrap();
    assert_eq!(effect.captured, 4);
    assert_eq!(
        g.board().rows(),
        ["..X..", ".X.X.", "X.X.X", ".X.X.", "..X.."]
    );
    assert_eq!(g.board().ko(), None, "taking four stones is no ko");
}

#[test]
fn suicide_is_refused_and_leaves_the_game_unchanged() {
    let mut g = game_from_rows(
        &[".X...", "X....", ".....", ".....", "....."],
        Color::White,
        Komi::ZERO,
    );
    let before = g.state_hash();
    assert_eq!(
        play(&mut g, "A5"),
        Err(GameError::Illegal(IllegalMove::Suicide))
    );
    assert_eq!(g.state_hash(), before);
    assert!(g.events().is_empty());
    assert_eq!(g.to_move(), Color::White);
}

#[test]
fn suicide_of_several_stones_is_refused() {
    // White A4 would join A5 into a chain of two with no liberty.
    let mut g = game_from_rows(
        &["OX...", ".X...", "X....", ".....", "....."],
        Color::White,
        Komi::ZERO,
    );
    assert_eq!(
        play(&mut g, "A4"),
        Err(GameError::Illegal(IllegalMove::Suicide))
    );
}

#[test]
fn a_move_without_liberties_that_captures_is_not_suicide() {
    // White A5 has no empty neighbour, but it takes the last liberty of
    // the black stones B5 and A4.
    let mut g = game_from_rows(
        &[".XO..", "XO...", "O....", ".....", "....."],
        Color::White,
        Komi::ZERO,
    );
    let effect = play(&mut g, "A5").unwrap();
    assert_eq!(effect.captured, 2);
    assert_eq!(g.board().get(pt(5, "A5")), Some(Color::White));
    assert_eq!(g.board().get(pt(5, "B5")), None);
    assert_eq!(g.board().get(pt(5, "A4")), None);
}

#[test]
fn occupied_points_are_refused() {
    let mut g = game_from_rows(
        &[".....", ".....", "..X..", ".....", "....."],
        Color::White,
        Komi::ZERO,
    );
    assert_eq!(
        play(&mut g, "C3"),
        Err(GameError::Illegal(IllegalMove::Occupied))
    );
}

const KO: [&str; 5] = [".....", ".XO..", "X.XO.", ".XO..", "....."];

#[test]
fn ko_cannot_be_retaken_at_once() {
    let mut g = game_from_rows(&KO, Color::White, Komi::ZERO);
    let effect = play(&mut g, "B3").unwrap();
    assert_eq!(effect.captured, 1);
    assert_eq!(g.board().ko(), Some(pt(5, "C3")));
    assert_eq!(play(&mut g, "C3"), Err(GameError::Illegal(IllegalMove::Ko)));
}

#[test]
fn ko_can_be_retaken_after_a_move_elsewhere() {
    let mut g = game_from_rows(&KO, Color::White, Komi::ZERO);
    play_all(&mut g, &["B3", "E1", "E5"]);
    let effect = play(&mut g, "C3").unwrap();
    assert_eq!(effect.captured, 1);
}

#[test]
fn ko_can_be_retaken_after_a_pass() {
    let mut g = game_from_rows(&KO, Color::White, Komi::ZERO);
    play_all(&mut g, &["B3", "pass", "E5"]);
    assert!(play(&mut g, "C3").is_ok());
}

#[test]
fn snapback_is_legal() {
    // Black throws in at A1; White takes it at B1, leaving its three stones
    // with A1 as their only liberty; Black retakes there at once. Taking
    // three stones is no ko, so the immediate retake is legal.
    let mut g = game_from_rows(
        &[".....", ".....", "XX...", "OOX..", "..X.."],
        Color::Black,
        Komi::ZERO,
    );
    play_all(&mut g, &["A1"]);
    let effect = play(&mut g, "B1").unwrap();
    assert_eq!(effect.captured, 1, "White captures the thrown-in stone");
    assert_eq!(g.board().ko(), None);
    let effect = play(&mut g, "A1").unwrap();
    assert_eq!(effect.captured, 3, "the snapback takes three white stones");
    assert_eq!(g.captures(), [3, 1]);
}

#[test]
fn only_the_player_on_turn_may_play_or_pass() {
    let mut g = game_from_rows(&KO, Color::White, Komi::ZERO);
    assert_eq!(
        g.apply(Event::Pass {
            color: Color::Black
        }),
        Err(GameError::NotYourTurn {
            expected: Color::White
        })
    );
    assert_eq!(
        g.apply(Event::Play {
            color: Color::Black,
            point: pt(5, "E5")
        }),
        Err(GameError::NotYourTurn {
            expected: Color::White
        })
    );
}

#[test]
fn handicap_game_places_stones_and_white_moves_first() {
    use kaisho_core::{BoardSize, Settings};
    let mut g = Game::new(Settings::handicap(BoardSize::NINETEEN, 4, Komi::ZERO).unwrap()).unwrap();
    assert_eq!(g.to_move(), Color::White);
    for name in ["Q16", "D4", "Q4", "D16"] {
        assert_eq!(g.board().get(pt(19, name)), Some(Color::Black), "{name}");
    }
    assert!(play(&mut g, "C3").is_ok());
    assert_eq!(g.board().get(pt(19, "C3")), Some(Color::White));
}

#[test]
fn two_passes_stop_the_game() {
    let mut g = game_from_rows(&KO, Color::White, Komi::ZERO);
    play_all(&mut g, &["pass"]);
    assert_eq!(g.phase(), Phase::Playing);
    play_all(&mut g, &["E5", "pass"]);
    assert_eq!(g.phase(), Phase::Playing, "passes must be consecutive");
    let effect = g
        .apply(Event::Pass {
            color: Color::Black,
        })
        .unwrap();
    assert!(effect.stopped);
    assert_eq!(g.phase(), Phase::Stopped);
    assert!(matches!(
        play(&mut g, "A1"),
        Err(GameError::WrongPhase { .. })
    ));
}
