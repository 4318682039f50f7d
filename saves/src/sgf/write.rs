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
    // Each branch point's variations are children of its node beside the
    // main line's next node: the main line from there goes in parentheses
    // as the first child, the variations after it, so that readers follow
    // the game; later branch points nest inside the main line's group.
    let mut branches: Vec<(usize, Vec<SgfMove>)> = record
        .variations
        .iter()
        .filter(|v| !v.moves.is_empty())
        .map(|v| branch(record, v))
        .collect();
    branches.sort_by_key(|b| b.0);
    let mut forks: Vec<usize> = branches.iter().map(|b| b.0).collect();
    forks.dedup();
    let mut next = 0;
    for &fork in &forks {
        nodes(&mut out, &record.moves[next..fork], next);
        out.push_str("\n(");
        next = fork;
    }
    nodes(&mut out, &record.moves[next..], next);
    if next == record.moves.len() && !forks.is_empty() {
        out.push(';');
    }
    points(&mut out, "TB", &record.territory[0]);
    points(&mut out, "TW", &record.territory[1]);
    for &fork in forks.iter().rev() {
        out.push(')');
        for (_, moves) in branches.iter().filter(|b| b.0 == fork) {
            out.push_str("\n(");
            nodes(&mut out, moves, 1);
            out.push(')');
        }
    }
    out.push_str(")\n");
    out
}

/// Where `variation` hangs from the main line (the moves before its
/// branch) and its nodes. A variation from the end of the main line, as a
/// play-out after the last pass is, hangs from the move before, its first
/// node repeating the last move: the main line then keeps a node after the
/// branch, and holds no empty node, which readers would count as a move.
fn branch(record: &SgfRecord, variation: &SgfVariation) -> (usize, Vec<SgfMove>) {
    let length = record.moves.len();
    match record.moves.last() {
        Some(last) if variation.after >= length => {
            let repeated = SgfMove {
                event: last.event.clone(),
                comment: None,
                time_left: None,
            };
            let moves = std::iter::once(repeated)
                .chain(variation.moves.iter().cloned())
                .collect();
            (length - 1, moves)
        }
        _ => (variation.after.min(length), variation.moves.clone()),
    }
}

/// Appends one node per move, `first` being the number of moves before
/// them (for the line breaks), each with its comment.
fn nodes(out: &mut String, moves: &[SgfMove], first: usize) {
    for (n, m) in moves.iter().enumerate() {
        if !out.ends_with('(') {
            out.push(if (first + n).is_multiple_of(MOVES_PER_LINE) {
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
        if let Some(left) = m.time_left {
            let (time, other) = match m.event.actor() {
                Color::Black => ("BL", "OB"),
                Color::White => ("WL", "OW"),
            };
            let _ = write!(out, "{time}[{}]", left.seconds);
            if let Some(periods) = left.periods {
                let _ = write!(out, "{other}[{periods}]");
            }
        }
    }
}

/// Appends `ID[v1][v2]…` with each value escaped; a property needs at least
/// one value, so an empty list is written as `ID[]`.
pub(super) fn property<'a>(
    out: &mut String,
    identifier: &str,
    values: impl IntoIterator<Item = &'a str>,
) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::record::SgfVariation;
    use kaisho_core::{BoardSize, Komi, Settings};

    fn at(event: Event) -> SgfMove {
        SgfMove {
            event,
            comment: None,
            time_left: None,
        }
    }

    #[test]
    fn three_play_outs_leave_no_empty_node_and_the_count_on_the_last_move() {
        let mut record = SgfRecord::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN));
        let black = Color::Black;
        let white = Color::White;
        record.moves = vec![
            at(Event::Play {
                color: black,
                point: Point::new(4, 4),
            }),
            at(Event::Pass { color: white }),
            at(Event::Pass { color: black }),
        ];
        for col in 0..3 {
            record.variations.push(SgfVariation {
                after: 3,
                moves: vec![at(Event::Play {
                    color: white,
                    point: Point::new(col, 0),
                })],
            });
        }
        record.territory = [vec![Point::new(8, 8)], vec![Point::new(0, 8)]];
        let text = write(&record);
        assert!(!text.contains("(;)") && !text.contains(";)"), "{text}");
        let root = &sgf_parse::go::parse(&text).unwrap()[0];
        let main: Vec<_> = root.main_variation().collect();
        assert_eq!(main.len(), 4, "{text}");
        assert!(main[1..].iter().all(|n| n.get_move().is_some()), "{text}");
        let last = main[3];
        assert!(last.get_property("TB").is_some() && last.get_property("TW").is_some());
        assert_eq!(
            main[2].children().count(),
            4,
            "the main line and three play-outs"
        );
        for play_out in main[2].children().skip(1) {
            assert_eq!(
                play_out.get_move(),
                main[3].get_move(),
                "the last pass again"
            );
            assert_eq!(play_out.children().count(), 1, "then the scratch move");
        }
    }
}
