//! Writing an [`SgfRecord`] as SGF FF\[4\] text.

use super::record::{SgfMove, SgfRecord, SgfVariation};
use kaisho_core::{Color, Event, Point};
use std::fmt::Write;

/// Moves per line, so that the file stays readable in a text editor.
const MOVES_PER_LINE: usize = 10;

/// Writes `record` as an FF\[4\] game tree: the root holds GM, FF, CA\[UTF-8\],
/// SZ, KM, HA (when not 0), RU, PB, PW, DT, RE, GC, the root comment, the
/// kept extra properties, the set-up as AB/AW and PL when the first player
/// is not the one a reader would infer; then one node per move, passes as
/// `[]`, each with its comment; `TB`/`TW` on the last node. Text values are
/// escaped (`\` and `]`), so any text reads back as it was.
#[must_use]
pub fn write(record: &SgfRecord) -> String {
    let s = &record.settings;
    let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]");
    let _ = write!(out, "SZ[{}]KM[{}]", s.size.get(), s.komi);
    if s.handicap != 0 {
        let _ = write!(out, "HA[{}]", s.handicap);
    }
    let texts = [
        ("RU", &record.rules),
        ("PB", &record.black),
        ("PW", &record.white),
        ("DT", &record.date),
        ("RE", &record.result),
        ("GC", &record.game_comment),
        ("C", &record.root_comment),
    ];
    for (identifier, text) in texts {
        if let Some(text) = text {
            property(&mut out, identifier, [text.as_str()]);
        }
    }
    for extra in &record.extra {
        property(
            &mut out,
            &extra.identifier,
            extra.values.iter().map(String::as_str),
        );
    }
    for (identifier, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let stones: Vec<Point> = s
            .setup
            .iter()
            .filter(|&&(c, _)| c == color)
            .map(|&(_, p)| p)
            .collect();
        points(&mut out, identifier, &stones);
    }
    if s.first != record.implied_first() {
        let _ = write!(out, "PL[{}]", s.first.letter());
    }
    // A variation branches after its node: the main line from there goes
    // in parentheses as the first child (an empty node when it has no move
    // left), the variation after it, so that readers follow the game.
    let mut branches: Vec<&SgfVariation> = record
        .variations
        .iter()
        .filter(|v| !v.moves.is_empty())
        .collect();
    branches.sort_by_key(|v| v.after);
    let mut open: Vec<&SgfVariation> = Vec::new();
    let mut next = 0;
    let segment = |out: &mut String, until: usize, next: &mut usize, opened: bool| {
        let until = until.clamp(*next, record.moves.len());
        if opened && until == *next {
            out.push(';');
        }
        nodes(out, &record.moves[*next..until], *next);
        *next = until;
    };
    for variation in branches {
        segment(&mut out, variation.after, &mut next, !open.is_empty());
        out.push_str("\n(");
        open.push(variation);
    }
    segment(&mut out, record.moves.len(), &mut next, !open.is_empty());
    points(&mut out, "TB", &record.territory[0]);
    points(&mut out, "TW", &record.territory[1]);
    for variation in open.into_iter().rev() {
        out.push_str(")\n(");
        nodes(&mut out, &variation.moves, 1);
        out.push(')');
    }
    out.push_str(")\n");
    out
}

/// Appends one node per move, `first` being the number of moves before
/// them (for the line breaks), each with its comment.
fn nodes(out: &mut String, moves: &[SgfMove], first: usize) {
    for (n, m) in moves.iter().enumerate() {
        if !out.ends_with('(') {
            out.push(if (first + n) % MOVES_PER_LINE == 0 {
                '\n'
            } else {
                ' '
            });
        }
        match m.event {
            Event::Play { color, point } => {
                let _ = write!(out, ";{}[{}]", color.letter(), point.to_sgf());
            }
            Event::Pass { color } => {
                let _ = write!(out, ";{}[]", color.letter());
            }
            _ => continue,
        }
        if let Some(comment) = &m.comment {
            property(out, "C", [comment.as_str()]);
        }
    }
}

/// Appends `ID[v1][v2]…` with each value escaped; a property needs at least
/// one value, so an empty list is written as `ID[]`.
fn property<'a>(out: &mut String, identifier: &str, values: impl IntoIterator<Item = &'a str>) {
    out.push_str(identifier);
    let mut values = values.into_iter().peekable();
    if values.peek().is_none() {
        out.push_str("[]");
    }
    for value in values {
        out.push('[');
        for c in value.chars() {
            if c == ']' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
        out.push(']');
    }
}

/// Appends a point list property, or nothing for an empty list.
fn points(out: &mut String, identifier: &str, points: &[Point]) {
    if !points.is_empty() {
        out.push_str(identifier);
        for p in points {
            let _ = write!(out, "[{}]", p.to_sgf());
        }
    }
}
