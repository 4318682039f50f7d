//! Where a character of a file's text stands in its records, in the terms a
//! player finds it by: the game of the file, the property and the move.

use super::scan::{Games, scan};
use std::ops::Range;

/// Where a character of a file's text stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The game of the file, from 1.
    pub game: usize,
    /// The property whose value holds it (`C`, `PB`); `None` outside any
    /// value.
    pub property: Option<String>,
    /// How many moves of the main line lead to its node: 0 at the root
    /// and on the nodes before the first move; `None` off the main line.
    pub moves: Option<usize>,
}

/// The place of the character at `at` in `text`, whose game trees are
/// `games`; `None` outside them.
pub(crate) fn place(text: &str, games: &Games, at: usize) -> Option<Place> {
    let (index, range) = games
        .trees
        .iter()
        .enumerate()
        .find_map(|(i, tree)| match tree {
            Ok(range) if range.contains(&at) => Some((i, range.clone())),
            _ => None,
        })?;
    let moves = scan(text, range.start).ok().and_then(|found| {
        let node = found
            .main_line
            .iter()
            .position(|node| (node.offset..node.end).contains(&at))?;
        let moves = found.main_line[..=node]
            .iter()
            .filter(|node| node.properties.iter().any(|(id, _)| id == "B" || id == "W"))
            .count();
        Some(moves)
    });
    Some(Place {
        game: index + 1,
        property: property_at(text, range, at),
        moves,
    })
}

/// The identifier of the property whose value holds `at`, walking the
/// tree in `range` by the scan's rules: a value opens with `[` and closes
/// with the first `]` that no `\` escapes; the identifier is the letters
/// before the first of a property's values.
fn property_at(text: &str, range: Range<usize>, at: usize) -> Option<String> {
    let bytes = text.as_bytes();
    let mut identifier = 0..0;
    let mut letters_from = None;
    let mut pos = range.start;
    while pos < range.end.min(at + 1) {
        match bytes[pos] {
            b'[' => {
                if let Some(from) = letters_from.take() {
                    identifier = from..pos;
                }
                let mut end = pos + 1;
                while end < range.end && bytes[end] != b']' {
                    end += if bytes[end] == b'\\' { 2 } else { 1 };
                }
                if at <= end {
                    let written = &text[identifier];
                    return Some(written.to_ascii_uppercase());
                }
                pos = end;
            }
            b if b.is_ascii_alphabetic() => {
                letters_from.get_or_insert(pos);
            }
            b if b.is_ascii_whitespace() => {}
            _ => letters_from = None,
        }
        pos += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::scan::games;

    #[test]
    fn a_character_is_placed_by_game_property_and_move() {
        let text = "(;PB[x]C[root];B[aa]C[one];W[bb]\n(;B[cc]C[two])(;B[dd]C[side]))(;GN[next]AB[aa] [bb])";
        let found = games(text);
        let at = |needle: &str| {
            let at = text.find(needle).unwrap();
            place(text, &found, at)
        };
        let placed = |game, property: &str, moves| {
            Some(Place {
                game,
                property: Some(property.to_string()),
                moves,
            })
        };
        assert_eq!(at("x]"), placed(1, "PB", Some(0)));
        assert_eq!(at("root"), placed(1, "C", Some(0)));
        assert_eq!(at("one"), placed(1, "C", Some(1)));
        assert_eq!(at("two"), placed(1, "C", Some(3)));
        assert_eq!(at("side"), placed(1, "C", None));
        assert_eq!(at("next"), placed(2, "GN", Some(0)));
        assert_eq!(at("bb])"), placed(2, "AB", Some(0)));
        assert_eq!(
            at(";B[aa]").map(|p| p.property),
            Some(None),
            "between values"
        );
    }
}
