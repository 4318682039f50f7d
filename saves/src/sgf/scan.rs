//! A position scan of the first game tree, run before sgf-parse.
//!
//! sgf-parse builds the tree but its errors carry no position, and a user
//! with a broken file needs to know where to look. This scan walks the text
//! by the same lexical rules sgf-parse uses (a token is `(`, `)`, `;` or a
//! property: every character up to `[`, then bracketed values where `\`
//! escapes the next character) and reports the first structural problem with
//! its byte offset. When the text passes, it returns what the reader needs
//! for its own messages: the offset of each node on the main line and of
//! each property in it, and where the first game tree ends. Only the main
//! line's nodes are handed to sgf-parse, which builds every node it is given:
//! a file of many sibling variations would otherwise take memory hundreds of
//! times its size.

use super::error::{SgfError, SgfErrorKind};
use std::ops::Range;

/// A node on the main line: where its `;` stands and its properties.
#[derive(Clone, Debug, Default)]
pub(crate) struct NodeSpan {
    pub offset: usize,
    /// Just past the node's last value.
    pub end: usize,
    /// Each property's identifier as sgf-parse will see it, and its offset.
    pub properties: Vec<(String, usize)>,
    /// Identifiers written in lower case only (`b`, `sz`), which sgf-parse
    /// would drop; the reader upper-cases them.
    pub lower_case: Vec<Range<usize>>,
}

/// What the scan found in a structurally sound first game tree.
#[derive(Clone, Debug)]
pub(crate) struct Scan {
    /// The first game tree, from its `(` to its `)` inclusive.
    pub tree: Range<usize>,
    /// The main line (first variation at every branch), root first.
    pub main_line: Vec<NodeSpan>,
}

impl Scan {
    /// The offset of property `identifier` in main-line node `node`, or of the
    /// node itself if the property is not found there.
    pub fn property(&self, node: usize, identifier: &str) -> usize {
        self.main_line.get(node).map_or(self.tree.start, |span| {
            span.properties
                .iter()
                .find(|(id, _)| id == identifier)
                .map_or(span.offset, |&(_, offset)| offset)
        })
    }

    /// The offset of the last `identifier` property in main-line node `node`.
    pub fn last_property(&self, node: usize, identifier: &str) -> usize {
        self.main_line.get(node).map_or(self.tree.start, |span| {
            span.properties
                .iter()
                .rev()
                .find(|(id, _)| id == identifier)
                .map_or(span.offset, |&(_, offset)| offset)
        })
    }
}

/// The deepest a record's tree may go, in nodes from the root. sgf-parse
/// builds and drops its tree recursively, one stack frame per level, so a
/// deeper file (a few hundred kilobytes suffice) would overflow the stack;
/// real games are a few hundred moves long.
pub(crate) const MAX_DEPTH: usize = 5000;

/// The most property values the main line may hold, all its nodes
/// together. A game of a thousand moves with every point of the largest
/// board set up and marked on many of them needs a few tens of thousands;
/// sgf-parse and the reader keep each value as its own allocation, many
/// times the two bytes `[]` takes in the file.
pub(crate) const MAX_MAIN_LINE_VALUES: usize = 100_000;

struct OpenTree {
    offset: usize,
    has_node: bool,
    /// The depth of the node the tree hangs from.
    depth: usize,
}

/// The most games one file is imported as: a collection holds a few
/// hundred at most (a player's games of a year, a tournament), and each
/// becomes a saved game of two files. Those after it are counted, not
/// imported.
pub const MAX_GAMES_PER_FILE: usize = 1000;

/// The game trees of a file: a collection holds several, one after another.
#[derive(Clone, Debug, Default)]
pub(crate) struct Games {
    /// Each game tree in the order of the file, at most
    /// [`MAX_GAMES_PER_FILE`]: the range of its text, from its `(` to its
    /// `)`, or why its structure cannot be read. Such a tree is the last:
    /// where the next one starts cannot be told.
    pub trees: Vec<Result<Range<usize>, SgfError>>,
    /// The well-formed trees after the first [`MAX_GAMES_PER_FILE`].
    pub beyond: usize,
}

/// The game trees of `text`. The first `(` starts the first; after it,
/// a `(` starts another only when a node follows it (`(;`): text between
/// and after the trees that is not one (a server's trailer, a stray `)`)
/// is passed over. Each tree is scanned once, without recursion.
pub(crate) fn games(text: &str) -> Games {
    let mut games = Games::default();
    let Some(first) = text.find('(') else {
        return games;
    };
    let mut next = Some(first);
    while let Some(start) = next {
        let scanned = scan(text, start).map(|found| found.tree);
        let end = scanned.as_ref().ok().map(|tree| tree.end);
        if games.trees.len() < MAX_GAMES_PER_FILE {
            games.trees.push(scanned);
        } else if end.is_some() {
            games.beyond += 1;
        }
        next = end.and_then(|end| next_tree(text, end));
    }
    games
}

/// Where the next game tree from `from` on starts: a `(` followed, past
/// any white space, by `;`.
fn next_tree(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    loop {
        let open = at + text[at..].find('(')?;
        let node = bytes[open + 1..]
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|&b| b == b';');
        if node {
            return Some(open);
        }
        at = open + 1;
    }
}

/// Scans the first game tree of `text`, whose `(` stands at `start`; every
/// offset found is counted from the start of `text`.
pub(crate) fn scan(text: &str, start: usize) -> Result<Scan, SgfError> {
    let bytes = text.as_bytes();
    let mut pos = start;
    let mut open: Vec<OpenTree> = Vec::new();
    let mut depth = 0;
    let mut on_main_line = true;
    let mut in_node = false;
    let mut main_line: Vec<NodeSpan> = Vec::new();
    let mut main_line_values = 0;
    loop {
        while pos < bytes.len() && bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        let Some(&byte) = bytes.get(pos) else {
            let opened_at = open.last().map_or(0, |t| t.offset);
            return Err(SgfError::at(
                text.len(),
                SgfErrorKind::UnclosedTree { opened_at },
            ));
        };
        match byte {
            b'(' => {
                if open.last().is_some_and(|t| !t.has_node) {
                    return Err(SgfError::at(pos, SgfErrorKind::TreeWithoutNode));
                }
                open.push(OpenTree {
                    offset: pos,
                    has_node: false,
                    depth,
                });
                in_node = false;
                pos += 1;
            }
            b')' => {
                let Some(tree) = open.pop() else {
                    return Err(SgfError::at(pos, SgfErrorKind::TreeWithoutNode));
                };
                if open.is_empty() {
                    if !tree.has_node {
                        return Err(SgfError::at(tree.offset, SgfErrorKind::TreeWithoutNode));
                    }
                    return Ok(Scan {
                        tree: start..pos + 1,
                        main_line,
                    });
                }
                on_main_line &= !tree.has_node;
                depth = tree.depth;
                in_node = false;
                pos += 1;
            }
            b';' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(SgfError::at(pos, SgfErrorKind::TooDeep));
                }
                if let Some(tree) = open.last_mut() {
                    tree.has_node = true;
                }
                if on_main_line {
                    main_line.push(NodeSpan {
                        offset: pos,
                        end: pos + 1,
                        ..NodeSpan::default()
                    });
                }
                in_node = true;
                pos += 1;
            }
            _ => {
                let start = pos;
                let ident_end = identifier_end(text, pos)?;
                if !in_node {
                    return Err(SgfError::at(start, SgfErrorKind::PropertyOutsideNode));
                }
                let values;
                (pos, values) = values_end(bytes, ident_end)?;
                if let Some(node) = main_line.last_mut().filter(|_| on_main_line) {
                    main_line_values += values;
                    if main_line_values > MAX_MAIN_LINE_VALUES {
                        return Err(SgfError::at(start, SgfErrorKind::TooManyValues));
                    }
                    let raw = &text[start..ident_end];
                    let identifier = if raw.bytes().any(|b| b.is_ascii_uppercase()) {
                        raw.chars().filter(char::is_ascii_uppercase).collect()
                    } else {
                        node.lower_case.push(start..ident_end);
                        raw.chars()
                            .filter(char::is_ascii_lowercase)
                            .map(|c| c.to_ascii_uppercase())
                            .collect()
                    };
                    node.properties.push((identifier, start));
                    node.end = pos;
                }
            }
        }
    }
}

/// The offset of the `[` that ends the identifier starting at `start`.
fn identifier_end(text: &str, start: usize) -> Result<usize, SgfError> {
    for (i, c) in text[start..].char_indices() {
        if c == '[' {
            return Ok(start + i);
        }
        if !c.is_ascii() {
            return Err(SgfError::at(
                start + i,
                SgfErrorKind::BadIdentifier {
                    text: excerpt(&text[start..]),
                },
            ));
        }
    }
    Err(SgfError::at(
        start,
        SgfErrorKind::BadIdentifier {
            text: excerpt(&text[start..]),
        },
    ))
}

/// The offset just past the last bracketed value starting at `pos` (a `[`),
/// and how many values there are.
fn values_end(bytes: &[u8], mut pos: usize) -> Result<(usize, usize), SgfError> {
    let mut count = 0;
    loop {
        while pos < bytes.len() && bytes[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if bytes.get(pos) != Some(&b'[') {
            return Ok((pos, count));
        }
        count += 1;
        let opened = pos;
        pos += 1;
        loop {
            match bytes.get(pos) {
                None => return Err(SgfError::at(opened, SgfErrorKind::UnclosedValue)),
                Some(b'\\') => pos += 2,
                Some(b']') => break,
                Some(_) => pos += 1,
            }
        }
        pos += 1;
    }
}

/// The first few characters of `text`, for a message.
fn excerpt(text: &str) -> String {
    let short: String = text.chars().take(12).collect();
    if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> SgfError {
        scan(text, 0).expect_err("the scan should refuse this text")
    }

    #[test]
    fn main_line_follows_the_first_variation() {
        let text = "(;GM[1]SZ[9];B[aa](;W[bb]C[x];B[cc])(;W[dd]))";
        let s = scan(text, 0).unwrap();
        let offsets: Vec<usize> = s.main_line.iter().map(|n| n.offset).collect();
        let expected: Vec<usize> = text.match_indices(';').map(|(i, _)| i).take(4).collect();
        assert_eq!(offsets, expected);
        assert_eq!(s.tree, 0..text.len());
        assert_eq!(s.property(0, "SZ"), text.find("SZ").unwrap());
        assert_eq!(s.property(2, "C"), text.find("C[").unwrap());
    }

    #[test]
    fn an_empty_variation_does_not_end_the_main_line() {
        let s = scan("(;a[1]()(;B[aa]))", 0).unwrap();
        assert_eq!(s.main_line.len(), 2);
    }

    #[test]
    fn only_the_first_tree_is_scanned() {
        let text = "(;B[aa])(;B[bb] broken";
        assert_eq!(scan(text, 0).unwrap().tree, 0..8);
        assert_eq!(scan("xx(;B[aa])", 2).unwrap().tree, 2..10);
    }

    #[test]
    fn lower_case_identifiers_are_found() {
        let s = scan("(;sz[9];b[aa];AddWhite[bb])", 0).unwrap();
        assert_eq!(s.main_line[0].lower_case, vec![2..4]);
        assert_eq!(s.main_line[1].lower_case, vec![8..9]);
        assert_eq!(s.main_line[0].properties[0].0, "SZ");
        assert_eq!(s.main_line[2].properties[0].0, "AW");
    }

    #[test]
    fn problems_are_placed_where_they_are() {
        assert_eq!(error("(;C[open").offset, 3);
        assert_eq!(error("(;C[open").kind, SgfErrorKind::UnclosedValue);
        assert_eq!(
            error("(;B[aa];W[bb]").kind,
            SgfErrorKind::UnclosedTree { opened_at: 0 }
        );
        assert_eq!(error("(;B[aa];W[bb]").offset, 13);
        assert_eq!(error("(B[aa])").kind, SgfErrorKind::PropertyOutsideNode);
        assert_eq!(error("(;B[aa](;W[bb])C[x])").offset, 15);
        assert_eq!(error("(;B[aa]((;W[bb])))").offset, 8);
        assert_eq!(error("()").kind, SgfErrorKind::TreeWithoutNode);
        assert_eq!(error("(;B[aa] junk)").offset, 8);
        assert_eq!(error("(;B碁[aa])").offset, 3);
        assert!(matches!(
            error("(;B碁[aa])").kind,
            SgfErrorKind::BadIdentifier { .. }
        ));
    }

    #[test]
    fn the_games_of_a_collection_are_found_one_after_another() {
        let ranges = |text: &str| -> Vec<Result<Range<usize>, SgfErrorKind>> {
            games(text)
                .trees
                .into_iter()
                .map(|tree| tree.map_err(|e| e.kind))
                .collect()
        };
        assert_eq!(ranges("(;SZ[9];B[ee])"), vec![Ok(0..14)]);
        assert_eq!(
            ranges("(;B[aa])(;B[bb](;W[cc])(;W[dd]))\n(;B[ee])"),
            vec![Ok(0..8), Ok(8..32), Ok(33..41)]
        );
        // Junk after the trees is passed over; it is not a game.
        assert_eq!(
            ranges("(;B[aa])\n)junk(;B[bb])( not a tree"),
            vec![Ok(0..8), Ok(14..22)]
        );
        // A broken tree is the last: where another would start is unknown.
        assert_eq!(
            ranges("(;B[aa]) ( ;B[bb] (;W[cc]"),
            vec![Ok(0..8), Err(SgfErrorKind::UnclosedTree { opened_at: 18 })]
        );
        assert!(ranges("no tree").is_empty());
    }

    #[test]
    fn games_past_the_cap_are_counted_not_kept() {
        let text = "(;B[aa])".repeat(MAX_GAMES_PER_FILE + 3);
        let found = games(&text);
        assert_eq!(found.trees.len(), MAX_GAMES_PER_FILE);
        assert_eq!(found.beyond, 3);
    }

    #[test]
    fn depth_counts_nodes_on_the_deepest_path() {
        let chain = format!("(;{})", "B[aa];".repeat(MAX_DEPTH - 1));
        assert!(scan(&chain, 0).is_ok());
        let chain = format!("(;{})", "B[aa];".repeat(MAX_DEPTH));
        assert_eq!(error(&chain).kind, SgfErrorKind::TooDeep);
        let nested = format!(
            "(;{}{})",
            "(;B[aa]".repeat(MAX_DEPTH),
            ")".repeat(MAX_DEPTH)
        );
        assert_eq!(error(&nested).kind, SgfErrorKind::TooDeep);
        let wide = format!("(;{})", "(;B[aa];W[bb])".repeat(MAX_DEPTH));
        assert!(scan(&wide, 0).is_ok(), "siblings do not add depth");
    }

    #[test]
    fn main_line_nodes_are_bounded_and_variations_are_not_kept() {
        let many = format!("(;{})", "C[]".repeat(MAX_MAIN_LINE_VALUES + 1));
        assert_eq!(error(&many).kind, SgfErrorKind::TooManyValues);
        let spread = format!("(;AB{};C[][])", "[aa]".repeat(MAX_MAIN_LINE_VALUES - 1));
        assert_eq!(error(&spread).kind, SgfErrorKind::TooManyValues);
        assert!(scan(&spread.replace("C[][]", "C[]"), 0).is_ok());
        let side = format!(
            "(;B[aa](;W[bb])(;C{}))",
            "[x]".repeat(MAX_MAIN_LINE_VALUES + 1)
        );
        let s = scan(&side, 0).unwrap();
        assert_eq!(s.main_line.len(), 2);
        assert_eq!(&side[s.main_line[1].offset..s.main_line[1].end], ";W[bb]");
    }

    #[test]
    fn escaped_brackets_stay_inside_values() {
        let s = scan(r"(;C[a \] b \\];B[aa])", 0).unwrap();
        assert_eq!(s.main_line.len(), 2);
    }
}
