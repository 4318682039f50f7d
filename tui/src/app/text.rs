//! The board and the count as plain text, for plain mode's `board` and
//! `score` commands and for screen readers.

use super::count::ScoreRows;
use super::session::Session;
use kaisho_core::{Color, Phase};
use std::fmt::Write;

/// The board in ASCII with GTP coordinates: `X` Black, `O` White, `.` empty,
/// `x`/`o` stones marked dead, `#` the ko point.
#[must_use]
pub fn board_text(session: &Session) -> String {
    let game = &session.game;
    let board = game.board();
    let size = board.size();
    let letters: String = (0..size)
        .map(|c| {
            let name = kaisho_core::Point::new(c, 0).to_gtp(size);
            format!(" {}", &name[..1])
        })
        .collect();
    let mut out = format!("   {letters}\n");
    for row in 0..size {
        let label = size - row;
        let _ = write!(out, "{label:>2} ");
        for col in 0..size {
            let p = kaisho_core::Point::new(col, row);
            let dead = session.marks.contains(&p);
            let c = match (board.get(p), dead) {
                (Some(Color::Black), false) => 'X',
                (Some(Color::White), false) => 'O',
                (Some(Color::Black), true) => 'x',
                (Some(Color::White), true) => 'o',
                (None, _) if board.ko() == Some(p) => '#',
                (None, _) => '.',
            };
            let _ = write!(out, " {c}");
        }
        let _ = writeln!(out, " {label}");
    }
    let _ = write!(out, "   {letters}");
    let [b, w] = game.captures();
    let _ = write!(
        out,
        "\nmove {}, {} to play, prisoners Black {b} White {w}",
        game.move_number(),
        session.actor()
    );
    out
}

/// The count as a table: the agreed one after the end, the one the marks
/// give during the ending.
#[must_use]
pub fn score_text(session: &Session) -> String {
    let score = session.game.score().or(session.count.as_ref());
    let Some(score) = score else {
        return match session.game.phase() {
            Phase::Ended => "the game ended without a count".to_string(),
            _ => "the count is made after two passes stop the game".to_string(),
        };
    };
    let rows = ScoreRows::of(score);
    let mut out = rows.table().join("\n");
    let _ = write!(out, "\nresult: {}", rows.result);
    out
}

/// A count of moves in words: `1 move`, `35 moves`.
#[must_use]
pub fn moves_text(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    }
}
