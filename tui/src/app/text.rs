//! The board and the count as plain text, for plain mode's `board` and
//! `score` commands and for screen readers.

use super::count::ScoreRows;
use super::table::Table;
use crate::words::Naming;
use crate::words::{self, Lang, Text, width};
use kaisho_core::confirm::Scratch;
use kaisho_core::scoring::PointStatus;
use kaisho_core::{Color, Move, Phase, Point};
use std::fmt::Write;

/// The board as text, labelled in the naming style shown: `X` Black, `O`
/// White, `.` empty, `x`/`o` stones marked dead, `#` the ko point, and the
/// last stone played between parentheses, `(X)`; while a play-out is open,
/// its scratch board and its panel.
#[must_use]
pub fn board_text(session: &Table, naming: Naming) -> String {
    let game = &session.game;
    let scratch = game.playout();
    let board = scratch.map_or(game.board(), Scratch::board);
    let size = board.size();
    let last = match (scratch, game.last_move()) {
        (Some(s), _) => s.last_stone(),
        (None, Some(Move::Play(_, p))) => Some(p),
        (None, _) => None,
    };
    let rows: Vec<String> = (0..size).map(|r| naming.row_label(r, size)).collect();
    let label_width = rows.iter().map(|l| width(l)).max().unwrap_or(1).max(2);
    let header = column_labels(naming, size, label_width + 1);
    let mut out = header.clone();
    for (row, label) in (0..size).zip(&rows) {
        let pad = " ".repeat(label_width - width(label));
        let _ = write!(out, "{pad}{label} ");
        for col in 0..size {
            let p = Point::new(col, row);
            let dead = scratch.is_none() && session.marks.contains(&p);
            let c = match (board.get(p), dead) {
                (Some(Color::Black), false) => 'X',
                (Some(Color::White), false) => 'O',
                (Some(Color::Black), true) => 'x',
                (Some(Color::White), true) => 'o',
                (None, _) if board.ko() == Some(p) => '#',
                (None, _) => '.',
            };
            let open = if last == Some(p) {
                '('
            } else if col > 0 && last == Some(Point::new(col - 1, row)) {
                ')'
            } else {
                ' '
            };
            let _ = write!(out, "{open}{c}");
        }
        let close = if last == Some(Point::new(size - 1, row)) {
            ')'
        } else {
            ' '
        };
        let _ = writeln!(out, "{close}{label}");
    }
    out.push_str(header.trim_end_matches('\n'));
    if let Some(scratch) = scratch {
        for line in words::playout_panel(scratch, naming, size) {
            let _ = write!(out, "\n{line}");
        }
        return out;
    }
    let [b, w] = game.captures();
    let lang = naming.lang;
    // In play the side on turn; in the ending, the side that acts here.
    let to_play = match game.phase() {
        Phase::Playing => game.to_move(),
        _ => session.actor(),
    };
    let (moves, actor) = (game.move_number(), words::color(lang, to_play));
    let (black, white) = (
        words::color(lang, Color::Black),
        words::color(lang, Color::White),
    );
    let _ = match lang {
        Lang::En => write!(
            out,
            "\nmove {moves}, {actor} to play, prisoners {black} {b} {white} {w}"
        ),
        Lang::Ja => write!(
            out,
            "\n{moves}手目、{actor}の番、アゲハマ {black}{b} {white}{w}"
        ),
    };
    out
}

/// The column labels over (and under) the board: letters in GTP style, the
/// numbers from Black's left in two rows (tens, units) in the 1949 style.
fn column_labels(naming: Naming, size: u8, indent: usize) -> String {
    let labels: Vec<String> = (0..size).map(|c| naming.col_label(c, size)).collect();
    let line = |digit: &dyn Fn(&str) -> char| -> String {
        let cells: String = labels.iter().map(|l| format!(" {}", digit(l))).collect();
        format!("{}{cells}\n", " ".repeat(indent))
    };
    if labels.iter().all(|l| l.chars().count() == 1) {
        return line(&|l| l.chars().next().unwrap_or(' '));
    }
    let tens = line(&|l| {
        if l.len() > 1 {
            l.chars().next().unwrap_or(' ')
        } else {
            ' '
        }
    });
    let units = line(&|l| l.chars().last().unwrap_or(' '));
    format!("{tens}{units}")
}

/// The count as a table: the agreed one after the end, the one the marks
/// give during the ending.
#[must_use]
pub fn score_text(session: &Table, naming: Naming) -> String {
    let lang = naming.lang;
    let score = session.game.score().or(session.count.as_ref());
    let Some(score) = score else {
        return match session.game.phase() {
            Phase::Ended => Text::EndedWithoutCount.get(lang).to_string(),
            _ => Text::CountAfterStoppage.get(lang).to_string(),
        };
    };
    let rows = ScoreRows::of(score, naming.lang);
    let mut out = rows.table().join("\n");
    // The stones counted dead, by point: the count's own figures say only
    // how many.
    let dead =
        score.points_where(|s| matches!(s, PointStatus::Lifted(_) | PointStatus::DeadStays(_)));
    if !dead.is_empty() {
        let size = session.game.settings().size.get();
        let named = naming.names(&dead, size);
        let _ = write!(
            out,
            "\n{}",
            words::report(lang, words::Report::DeadStones(&named))
        );
    }
    let result = match (session.headline(lang), session.game.score()) {
        (Some(headline), None) => headline,
        _ => rows.result,
    };
    let _ = write!(out, "\n{}: {result}", Text::Result.get(lang));
    if session.game.score().is_none() {
        for line in provisional_lines(session, naming)
            .into_iter()
            .chain(doubt_line(session, naming))
        {
            let _ = write!(out, "\n{line}");
        }
    }
    out
}

/// Under the count of a stopped game while the draft leaves chains
/// unsettled: that the count is provisional, and each unsettled chain
/// that decides the winner with both results. So no one reads a winner that rests
/// on a guess (the panel and plain mode's `score`).
#[must_use]
pub fn provisional_lines(session: &Table, naming: Naming) -> Vec<String> {
    let lang = naming.lang;
    let size = session.game.settings().size.get();
    let Some(ends) = &session.ends else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    // One chain that decides the game says both ends itself, by name.
    if ends.unsettled > 1 || session.hinges.is_empty() {
        lines.push(ends.said(lang));
    }
    for hinge in &session.hinges {
        lines.push(hinge.said(lang, &naming.name(hinge.chain, size)));
    }
    lines
}

/// The doubtful chains that decide the winner together, by name, where
/// the count shows the other outcome for them ([`Table::doubt`]).
#[must_use]
pub fn doubt_line(session: &Table, naming: Naming) -> Option<String> {
    let size = session.game.settings().size.get();
    let doubt = session.doubt.as_ref()?;
    doubt
        .worth_naming(session.ends.as_ref())
        .then(|| doubt.said(naming.lang, |p| naming.name(p, size)))
}

/// A count of moves in English words, for the lines not yet in the
/// catalog's languages: `1 move`, `35 moves`.
#[must_use]
pub fn moves_text(n: impl Into<u64>) -> String {
    words::say(Lang::En, words::Say::Moves(n.into()))
}
