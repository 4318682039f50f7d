//! The whole game tree of an imported record, kept so that an export gives
//! back everything the record held: properties kaisho has no use for,
//! comments on any node and every variation. [`SgfRecord`] is what kaisho
//! plays and reviews; this is what it hands back to other programs.

use super::record::{SgfMove, SgfRecord};
use super::tally::Tally;
use super::write::property;
use kaisho_core::Event;
use sgf_parse::go::Prop;
use sgf_parse::{GameTree, SgfNode, SgfProp, SimpleText, Text};
use std::sync::OnceLock;

/// The largest text whose whole tree is built: 2 MiB. sgf-parse builds
/// every variation, in memory a few dozen times the text's size; a
/// commented professional game with its variations is a few hundred
/// kilobytes. A larger record imports its main line alone.
pub const MAX_TREE_BYTES: usize = 2 * 1024 * 1024;

/// An imported record's first game tree as sgf-parse reads it.
#[derive(Clone, Debug)]
pub struct SgfTree {
    root: SgfNode<Prop>,
    /// Its written size and nodes, counted at the first edit and then
    /// moved by each; forgotten whenever the nodes are reached for change.
    tally: OnceLock<Tally>,
}

/// Two trees are equal when their nodes are: the tally follows from them.
impl PartialEq for SgfTree {
    fn eq(&self, other: &SgfTree) -> bool {
        self.root == other.root
    }
}

impl SgfTree {
    /// The first game tree of `text`, when sgf-parse reads it as a game of
    /// Go, the text is at most [`MAX_TREE_BYTES`] and the tree no deeper
    /// than a record may be; `None` otherwise (the main line may still
    /// import: see [`super::parse`], which is more lenient and bounded for
    /// any size). sgf-parse builds, compares and drops a tree one stack
    /// frame per level, so the depth is read first by the scan, which does
    /// not recurse; what follows the first tree is not handed to it.
    #[must_use]
    pub fn parse(text: &str) -> Option<SgfTree> {
        if text.len() > MAX_TREE_BYTES {
            return None;
        }
        let start = text.find('(')?;
        let first = super::scan::scan(text, start).ok()?.tree;
        let text = super::soft_breaks::without_soft_breaks(&text[first]);
        match sgf_parse::parse(&text).ok()?.into_iter().next()? {
            GameTree::GoGame(root) => Some(SgfTree {
                root,
                tally: OnceLock::new(),
            }),
            GameTree::Unknown(_) => None,
        }
    }

    /// A tree of `record`'s main line, for a record whose whole tree
    /// sgf-parse does not read (kaisho's reader is more lenient): its root
    /// as kaisho writes it and its moves with their comments. `None` when
    /// it would be written larger than [`MAX_TREE_BYTES`].
    #[must_use]
    pub fn of_main_line(record: &SgfRecord) -> Option<SgfTree> {
        let root = SgfRecord {
            moves: Vec::new(),
            variations: Vec::new(),
            territory: [Vec::new(), Vec::new()],
            ..record.clone()
        };
        Some(SgfTree::parse(&super::write(&root))?.with_moves_of(record)).filter(SgfTree::fits)
    }

    /// Whether the tree is written within [`MAX_TREE_BYTES`], so that what
    /// kaisho keeps of it reads back: a text just under the bound may be
    /// written a little larger (a charset named, a line break before each
    /// variation).
    #[must_use]
    pub fn fits(&self) -> bool {
        self.write().len() <= MAX_TREE_BYTES
    }

    /// The root node, for comparing trees.
    #[must_use]
    pub fn root(&self) -> &SgfNode<Prop> {
        &self.root
    }

    /// The root, to change the tree: its tally is forgotten, so whoever
    /// changes it keeps the tally true with [`SgfTree::keep_tally`] or
    /// leaves it to be counted again.
    pub(super) fn root_mut(&mut self) -> &mut SgfNode<Prop> {
        self.tally.take();
        &mut self.root
    }

    /// The tree's written size and nodes, counted once when not known.
    pub(super) fn tally(&self) -> Tally {
        *self.tally.get_or_init(|| Tally::of(self))
    }

    /// Sets the tally a change has moved the tree to.
    pub(super) fn keep_tally(&mut self, tally: Tally) {
        self.tally = OnceLock::from(tally);
    }

    /// The record kaisho reads from the tree's main line, for its comments
    /// and game information; `None` when kaisho's reader refuses it.
    #[must_use]
    pub fn record(&self) -> Option<SgfRecord> {
        super::parse(&self.write()).ok()
    }

    /// `RE` of the root: the result the record gives, if any.
    #[must_use]
    pub fn result(&self) -> Option<&str> {
        match self.root.get_property("RE") {
            Some(Prop::RE(text)) => Some(&text.text),
            _ => None,
        }
    }

    /// `DT` of the root: the date the game was played, as written.
    #[must_use]
    pub fn date(&self) -> Option<&str> {
        match self.root.get_property("DT") {
            Some(Prop::DT(text)) => Some(&text.text),
            _ => None,
        }
    }

    /// The tree with the moves kaisho's `record` holds beyond those of the
    /// tree's main line (play went on after the import) added to the end of
    /// the main line with their comments, and the record's result when the
    /// tree has none.
    #[must_use]
    pub fn with_moves_of(&self, record: &SgfRecord) -> SgfTree {
        let mut tree = self.clone();
        let mut last = tree.root_mut();
        let mut moves = 0;
        loop {
            if last.get_move().is_some() {
                moves += 1;
            }
            if last.children.is_empty() {
                break;
            }
            last = &mut last.children[0];
        }
        for m in record.moves.iter().skip(moves) {
            last.children.insert(0, node_of(m));
            last = &mut last.children[0];
        }
        if let (None, Some(result)) = (self.result(), &record.result) {
            tree.root_mut().properties.push(Prop::RE(SimpleText {
                text: result.clone(),
            }));
        }
        tree
    }

    /// The tree as SGF text in UTF-8: `CA[UTF-8]` in place of the charset
    /// it was read in, a square board's size as one number (`SZ[19]`, which
    /// every reader takes), each node's properties in their order, the
    /// main line first at each branch. Written without recursion, so no
    /// line is too long to write.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = String::from("(");
        let mut pending: Vec<Step<'_>> = vec![Step::Node(&self.root)];
        while let Some(step) = pending.pop() {
            match step {
                Step::Close => out.push(')'),
                Step::Node(node) => {
                    out.push(';');
                    if node.is_root && node.get_property("CA").is_none() {
                        out.push_str("CA[UTF-8]");
                    }
                    for prop in &node.properties {
                        write_property(&mut out, prop);
                    }
                    let branches = node.children.len() > 1;
                    for child in node.children.iter().rev() {
                        if branches {
                            pending.push(Step::Close);
                        }
                        pending.push(Step::Node(child));
                        if branches {
                            pending.push(Step::Open);
                        }
                    }
                }
                Step::Open => out.push_str("\n("),
            }
        }
        out.push_str(")\n");
        out
    }
}

/// What is left to write of a tree.
enum Step<'a> {
    Open,
    Node(&'a SgfNode<Prop>),
    Close,
}

/// One property as SGF. sgf-parse writes the values of a property it does
/// not know (or found malformed) as they were read, unescaped, so a `]` or
/// `\\` in them would end the value early: those values are escaped here.
/// It escapes every `:` of a text, which only a composed value (a label, a
/// line, an application's name and version) needs: elsewhere the escape
/// is taken out again, so a comment full of times like `12:30` is written
/// no larger than it was read.
pub(super) fn write_property(out: &mut String, prop: &Prop) {
    match prop {
        Prop::CA(_) => out.push_str("CA[UTF-8]"),
        Prop::SZ((columns, rows)) if columns == rows => out.push_str(&format!("SZ[{columns}]")),
        Prop::Unknown(identifier, values) | Prop::Invalid(identifier, values) => {
            property(out, identifier, values.iter().map(String::as_str));
        }
        // Points and pairs of points, held in sets: written in order, so
        // that one record is written the same bytes every time.
        Prop::AB(_)
        | Prop::AW(_)
        | Prop::AE(_)
        | Prop::TB(_)
        | Prop::TW(_)
        | Prop::CR(_)
        | Prop::MA(_)
        | Prop::SL(_)
        | Prop::SQ(_)
        | Prop::TR(_)
        | Prop::DD(_)
        | Prop::VW(_)
        | Prop::AR(_)
        | Prop::LN(_) => in_order(out, &prop.to_string()),
        Prop::AP(_) | Prop::LB(_) | Prop::FG(_) | Prop::SZ(_) => {
            out.push_str(&prop.to_string());
        }
        other => without_colon_escapes(out, &other.to_string()),
    }
}

/// `written`, a property whose values hold no escapes (points), with its
/// values sorted.
fn in_order(out: &mut String, written: &str) {
    let Some((identifier, values)) = written.split_once('[') else {
        out.push_str(written);
        return;
    };
    let mut values: Vec<&str> = values.trim_end_matches(']').split("][").collect();
    values.sort_unstable();
    out.push_str(identifier);
    for value in values {
        out.push('[');
        out.push_str(value);
        out.push(']');
    }
}

/// `written`, an escaped property, with each `\:` written as `:`; the other
/// escapes (`\\`, `\]`) stay as they are.
fn without_colon_escapes(out: &mut String, written: &str) {
    let mut chars = written.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(':') => out.push(':'),
            Some(escaped) => {
                out.push('\\');
                out.push(escaped);
            }
            None => out.push('\\'),
        }
    }
}

/// A node of the main line for a move kaisho played, with its comment.
fn node_of(m: &SgfMove) -> SgfNode<Prop> {
    let mut properties = match m.event {
        Event::Play { color, point } => {
            vec![Prop::new(color.letter().to_string(), vec![point.to_sgf()])]
        }
        Event::Pass { color } => vec![Prop::new(color.letter().to_string(), vec![String::new()])],
        _ => Vec::new(),
    };
    if let Some(comment) = &m.comment {
        properties.push(Prop::C(Text {
            text: comment.clone(),
        }));
    }
    SgfNode::new(properties, Vec::new(), false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::{NodePath, TreeEdit, parse};
    use kaisho_core::{Color, Point};
    use proptest::prelude::*;

    /// Texts whose written length differs from their own: escapes, line
    /// breaks, characters of several bytes.
    const TEXTS: [&str; 5] = ["thick", "a]b\\c", "碁 ]", "two\nlines", ":]\\]"];

    proptest! {
        /// The size and node count the edits keep are what writing and
        /// walking the whole tree give, whatever the edits: tries (passes
        /// among them) on any node, a second and third child, comments
        /// new and added to, on the root too; refused edits change neither.
        #[test]
        fn the_tally_edits_keep_is_what_the_tree_writes(
            ops in prop::collection::vec((0u8..4, any::<usize>(), 0u8..10, 0u8..9), 0..60),
        ) {
            let mut tree = SgfTree::parse(
                "(;GM[1]FF[4]SZ[9]XY[un\\]known]C[root];B[ee]C[first](;W[cc];B[gg])(;W[gc]))",
            )
            .unwrap();
            let path = |indices: &[usize]| NodePath::from_indices(indices.to_vec());
            let mut nodes = vec![path(&[]), path(&[0]), path(&[0, 0]), path(&[0, 0, 0]), path(&[0, 1])];
            for (kind, node, col, row) in ops {
                let at = nodes[node % nodes.len()].clone();
                let point = (col < 9).then(|| Point::new(col, row));
                let edit = match kind {
                    0 => TreeEdit::Try { at, color: Color::Black, point },
                    1 => TreeEdit::Try { at, color: Color::White, point },
                    _ => TreeEdit::Comment { at, text: TEXTS[usize::from(row) % TEXTS.len()].into() },
                };
                if let Ok(landed) = tree.apply(&edit) {
                    nodes.push(landed);
                }
                let kept = *tree.tally.get().expect("the edit kept the tally");
                prop_assert_eq!(kept, Tally::of(&tree));
                prop_assert_eq!(kept.bytes, tree.write().len());
            }
        }
    }

    #[test]
    fn moves_played_after_the_import_follow_the_main_line_and_the_result_is_added() {
        let text = "(;GM[1]SZ[9]GN[kept](;B[ee]C[one];W[cc])(;B[dd]))";
        let tree = SgfTree::parse(text).unwrap();
        let mut record = parse("(;GM[1]SZ[9];B[ee];W[cc];B[gg];W[])").unwrap();
        record.moves[2].comment = Some("played on".to_string());
        record.result = Some("B+R".to_string());
        let written = tree.with_moves_of(&record).write();
        assert_eq!(
            written,
            "(;CA[UTF-8]GM[1]SZ[9]GN[kept]RE[B+R]\n(;B[ee]C[one];W[cc];B[gg]C[played on];W[])\n(;B[dd]))\n"
        );
        assert_eq!(
            tree.with_moves_of(&parse(text).unwrap()),
            tree,
            "nothing new"
        );
    }

    #[test]
    fn a_record_sgf_parse_refuses_is_reviewed_as_its_main_line() {
        let text = "(;GM[1]SZ[9]GC[club]C[start];B[ee]C[one];W[cc];B[gg])";
        let record = parse(text).unwrap();
        let tree = SgfTree::of_main_line(&record).unwrap();
        assert_eq!(tree.record().unwrap(), record);
        assert_eq!(tree.nodes(), 4);
    }

    #[test]
    fn a_tree_deeper_than_a_record_may_be_is_refused_without_recursing() {
        // Nested variations deep enough to overflow the stack of a
        // recursive reader, well within the size bound.
        let deep = format!("{}{}", "(;B[aa]".repeat(100_000), ")".repeat(100_000));
        assert!(deep.len() < MAX_TREE_BYTES);
        let refused = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || SgfTree::parse(&deep).is_none())
            .unwrap()
            .join();
        assert_eq!(refused.ok(), Some(true), "refused, not crashed");
        // As deep as a record may be still reads, on a worker's stack.
        let depth = super::super::scan::MAX_DEPTH - 1;
        let deepest = format!(
            "(;GM[1]{}{}",
            "(;B[aa]".repeat(depth),
            ")".repeat(depth + 1)
        );
        let read = std::thread::Builder::new()
            .stack_size(2 * 1024 * 1024)
            .spawn(move || SgfTree::parse(&deepest).map(|tree| tree.nodes()))
            .unwrap()
            .join();
        assert_eq!(read.ok(), Some(Some(depth + 1)));
    }

    #[test]
    fn only_the_first_tree_is_read_and_what_follows_it_is_not_its_concern() {
        let tree = SgfTree::parse("(;GM[1]SZ[9];B[ee]C[kept])\n)junk(;GM[1]").unwrap();
        assert_eq!(tree.nodes(), 2);
        assert_eq!(
            tree.comment_at(&NodePath::from_indices(vec![0])),
            Some("kept")
        );
    }

    #[test]
    fn text_is_written_with_only_the_escapes_sgf_needs() {
        let text = r"(;GM[1]SZ[9]C[at 12:30 a\\:b \] c]GN[x:y]LB[ee:12\:30]AP[kaisho:1]XX[u:v];B[ee]C[13:05])";
        let tree = SgfTree::parse(text).unwrap();
        let written = tree.write();
        assert!(written.contains(r"C[at 12:30 a\\:b \] c]"), "{written}");
        assert!(written.contains("GN[x:y]"), "{written}");
        assert!(written.contains("C[13:05]"), "{written}");
        let again = SgfTree::parse(&written).unwrap();
        assert_eq!(again.write(), written, "reads back as it was");
        assert_eq!(
            again.comment_at(&NodePath::root()),
            tree.comment_at(&NodePath::root())
        );
    }

    #[test]
    fn point_lists_are_written_in_one_order_every_time() {
        let text = "(;GM[1]SZ[9]AB[ia][ab][ee][ca]AW[dd][bb];B[cc]TB[hh][aa][gi][ba]TW[ii][ab]AR[aa:bb][cc:dd])";
        let written = SgfTree::parse(text).unwrap().write();
        assert!(written.contains("AB[ab][ca][ee][ia]"), "{written}");
        assert!(written.contains("TB[aa][ba][gi][hh]"), "{written}");
        assert!(written.contains("AR[aa:bb][cc:dd]"), "{written}");
        // Every parse builds its sets anew, in another order: the bytes stay.
        for _ in 0..20 {
            assert_eq!(SgfTree::parse(text).unwrap().write(), written);
            assert_eq!(SgfTree::parse(&written).unwrap().write(), written);
        }
    }

    #[test]
    fn a_record_over_the_bound_keeps_no_tree() {
        let long = format!("(;GM[1]C[{}])", "x".repeat(MAX_TREE_BYTES));
        assert!(SgfTree::parse(&long).is_none());
        assert!(SgfTree::parse("(;GM[2];B[aa])").is_none(), "not Go");
    }
}
