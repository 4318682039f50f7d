//! A review's additions to a record's tree: moves tried off the line and
//! comments, each a [`TreeEdit`] at a [`NodePath`]. Edits only ever append
//! (a child after the others, a comment after the node's text), so a path
//! that named a node still names it after any later edit, in this copy or
//! another; two copies that apply the same edits in the same order write
//! the same bytes. That is what lets a review's additions be applied again
//! on a file another copy of kaisho changed meanwhile, and sent to a
//! partner as they are.

use super::scan::MAX_DEPTH;
use super::tally::Tally;
use super::tree::SgfTree;
use crate::limits::{MAX_REVIEW_COMMENT_CHARS, MAX_REVIEW_NODES, MAX_SGF_TEXT_CHARS};
use crate::visible::visible;
use kaisho_core::{Color, Event, Point};
use sgf_parse::go::{Move, Prop};
use sgf_parse::{SgfNode, SgfProp, Text};
use std::fmt;

/// A node of the tree, as the child indices that lead to it from the root
/// (the main line is child 0 at every node). Indices, not moves: a record
/// may hold nodes without a move, and two children with the same one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodePath(Vec<usize>);

impl NodePath {
    /// The root node.
    #[must_use]
    pub fn root() -> NodePath {
        NodePath(Vec::new())
    }

    /// The path of these child indices from the root.
    #[must_use]
    pub fn from_indices(indices: Vec<usize>) -> NodePath {
        NodePath(indices)
    }

    /// The child indices from the root.
    #[must_use]
    pub fn indices(&self) -> &[usize] {
        &self.0
    }

    /// The number of steps from the root: 0 at the root.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.0.len()
    }

    /// Child `index` of this node.
    #[must_use]
    pub fn child(&self, index: usize) -> NodePath {
        let mut indices = self.0.clone();
        indices.push(index);
        NodePath(indices)
    }

    /// The node `depth` steps from the root on the way here.
    #[must_use]
    pub fn prefix(&self, depth: usize) -> NodePath {
        NodePath(self.0[..depth.min(self.0.len())].to_vec())
    }

    fn starts_with(&self, other: &NodePath) -> bool {
        self.0.starts_with(&other.0)
    }
}

/// Written as the 1-based child numbers from the root, `1.2.1`; the root
/// as `root`.
impl fmt::Display for NodePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("root");
        }
        let numbers: Vec<String> = self.0.iter().map(|i| (i + 1).to_string()).collect();
        f.write_str(&numbers.join("."))
    }
}

/// One addition to a tree. The enum is the unit a review keeps, writes
/// again over a changed file and will send over the network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeEdit {
    /// A move by `color` at `point` (a pass when `None`) after the node
    /// `at`: a new child after the others, or the child that already holds
    /// this move. The tree does not know the rules: the caller checks the
    /// move against the position.
    Try {
        at: NodePath,
        color: Color,
        point: Option<Point>,
    },
    /// `text` added to the comment of node `at`: the node's `C` when it has
    /// none, else after it as a new paragraph (a blank line between), so
    /// nobody's words are replaced.
    Comment { at: NodePath, text: String },
}

impl TreeEdit {
    /// The node the edit is made at.
    #[must_use]
    pub fn at(&self) -> &NodePath {
        match self {
            TreeEdit::Try { at, .. } | TreeEdit::Comment { at, .. } => at,
        }
    }

    fn moved_to(&self, at: NodePath) -> TreeEdit {
        match self {
            TreeEdit::Try { color, point, .. } => TreeEdit::Try {
                at,
                color: *color,
                point: *point,
            },
            TreeEdit::Comment { text, .. } => TreeEdit::Comment {
                at,
                text: text.clone(),
            },
        }
    }
}

/// Why an edit was refused; the tree is as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The path leads to no node of this tree.
    NoSuchNode { path: NodePath },
    /// The point is off the board.
    OffBoard { point: Point, size: u8 },
    /// The comment holds nothing but blanks.
    EmptyComment,
    /// The comment is longer than one edit may add.
    CommentTooLong { chars: usize, max: usize },
    /// The node's comment would grow past what a record's property holds.
    NodeFull { chars: usize, max: usize },
    /// The tree holds as many nodes as a review may grow it to.
    TreeFull { max: usize },
    /// The line is as deep as a record may be.
    TooDeep { max: usize },
    /// The record would be written larger than a tree is read back.
    TooLarge { bytes: usize, max: usize },
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::NoSuchNode { path } => write!(
                f,
                "the record has no node {path}; step to a node it holds and add there"
            ),
            EditError::OffBoard { point, size } => write!(
                f,
                "{} is off the {size}×{size} board; choose a point on the board",
                point.to_sgf()
            ),
            EditError::EmptyComment => write!(f, "the comment is empty; type the text to add"),
            EditError::CommentTooLong { chars, max } => write!(
                f,
                "the comment is {chars} characters long; at most {max} are added at once, so add it in parts"
            ),
            EditError::NodeFull { chars, max } => write!(
                f,
                "the node's comment would be {chars} characters; a node holds at most {max}, so comment on the next node"
            ),
            EditError::TreeFull { max } => write!(
                f,
                "the record holds {max} nodes, the most a review adds to; export it to go on in another program"
            ),
            EditError::TooDeep { max } => write!(
                f,
                "the line is {max} nodes deep, the most a record holds; try the move on a shorter line"
            ),
            EditError::TooLarge { bytes, max } => write!(
                f,
                "the record would be {bytes} bytes, over the {max} kaisho reads back; export it to go on in another program"
            ),
        }
    }
}

impl std::error::Error for EditError {}

/// An edit as one copy applied it, with the node it landed on there (the
/// try's child, the commented node), so that the same edits applied on
/// another copy can have their later paths carried over ([`SgfTree::replay`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub edit: TreeEdit,
    pub landed: NodePath,
}

/// Where the nodes one copy added sit in the copy its edits were replayed
/// on: another writer's children may have taken the indices first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moved(Vec<(NodePath, NodePath)>);

impl Moved {
    /// Whether nothing moved: every node landed where it did in the copy
    /// the edits were made on.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `path` of the first copy as a path of the second: its longest moved
    /// beginning replaced.
    #[must_use]
    pub fn path(&self, path: &NodePath) -> NodePath {
        let found = self
            .0
            .iter()
            .filter(|(from, _)| path.starts_with(from))
            .max_by_key(|(from, _)| from.depth());
        match found {
            Some((from, to)) => {
                let mut indices = to.0.clone();
                indices.extend_from_slice(&path.0[from.depth()..]);
                NodePath(indices)
            }
            None => path.clone(),
        }
    }
}

impl SgfTree {
    fn node(&self, path: &NodePath) -> Option<&SgfNode<Prop>> {
        path.0
            .iter()
            .try_fold(self.root(), |node, &i| node.children.get(i))
    }

    fn node_mut(&mut self, path: &NodePath) -> Result<&mut SgfNode<Prop>, EditError> {
        let missing = || EditError::NoSuchNode { path: path.clone() };
        let mut node = self.root_mut();
        for &i in &path.0 {
            node = node.children.get_mut(i).ok_or_else(missing)?;
        }
        Ok(node)
    }

    /// The board's size, `SZ` of the root (19 when it has none).
    #[must_use]
    pub fn size(&self) -> u8 {
        match self.root().get_property("SZ") {
            Some(Prop::SZ((columns, _))) => *columns,
            _ => 19,
        }
    }

    /// Whether `path` leads to a node.
    #[must_use]
    pub fn holds(&self, path: &NodePath) -> bool {
        self.node(path).is_some()
    }

    /// How many children the node has: the moves that may follow it.
    #[must_use]
    pub fn children(&self, path: &NodePath) -> usize {
        self.node(path).map_or(0, |node| node.children.len())
    }

    /// The move on the node, `Event::Play` or `Event::Pass`; `tt` is a pass
    /// on boards up to 19×19, as FF\[4\] has it.
    #[must_use]
    pub fn move_at(&self, path: &NodePath) -> Option<Event> {
        self.node(path).and_then(|node| move_of(node, self.size()))
    }

    /// The move on each node from the root to the end of `path`, the
    /// root's first: [`SgfTree::move_at`] of each of its beginnings, in one
    /// walk down the line rather than one from the root for each; it ends
    /// early where the path leaves the tree.
    #[must_use]
    pub fn moves_along(&self, path: &NodePath) -> Vec<Option<Event>> {
        let size = self.size();
        let mut next = Some(self.root());
        let mut steps = path.0.iter();
        std::iter::from_fn(|| {
            let node = next?;
            next = steps.next().and_then(|&i| node.children.get(i));
            Some(move_of(node, size))
        })
        .collect()
    }

    /// The node's `C`.
    #[must_use]
    pub fn comment_at(&self, path: &NodePath) -> Option<&str> {
        comment_of(self.node(path)?)
    }

    /// `path` followed along the first child of each node to the end: the
    /// line a step forward follows from there.
    #[must_use]
    pub fn line_from(&self, path: &NodePath) -> NodePath {
        let mut line = path.clone();
        let mut node = self.node(path);
        while let Some(next) = node.and_then(|n| n.children.first()) {
            line.0.push(0);
            node = Some(next);
        }
        line
    }

    /// The number of nodes in the tree.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.tally().nodes
    }

    /// Applies `edit` and gives the node it landed on; refused edits leave
    /// the tree as it was.
    ///
    /// # Errors
    /// The path leads nowhere, or the edit passes a bound: a comment's
    /// length, a node's comment, the tree's nodes, its depth, its written
    /// size (the largest tree kaisho reads back).
    pub fn apply(&mut self, edit: &TreeEdit) -> Result<NodePath, EditError> {
        let before = self.tally();
        let (landed, undo) = match edit {
            TreeEdit::Try { at, color, point } => self.try_move(at, *color, *point)?,
            TreeEdit::Comment { at, text } => self.comment(at, text)?,
        };
        let Some(undo) = undo else {
            return Ok(landed);
        };
        let after = undo.tally_after(self, &landed, before);
        if after.bytes > super::MAX_TREE_BYTES {
            undo.revert(self, &landed);
            self.keep_tally(before);
            return Err(EditError::TooLarge {
                bytes: after.bytes,
                max: super::MAX_TREE_BYTES,
            });
        }
        self.keep_tally(after);
        Ok(landed)
    }

    /// Applies the edits another copy made, in order, each path carried
    /// over from that copy's tree to this one, and tells where that copy's
    /// new nodes landed here.
    ///
    /// # Errors
    /// An edit is refused here; those before it stay applied.
    pub fn replay(&mut self, applied: &[Applied]) -> Result<Moved, EditError> {
        self.replay_here(applied).map(|(moved, _)| moved)
    }

    /// [`SgfTree::replay`], also giving the edits as they applied here:
    /// each at its node in this tree, with the node it landed on, so that
    /// applying them in order to another copy of this tree as it was
    /// lands each where it landed here.
    ///
    /// # Errors
    /// An edit is refused here; those before it stay applied.
    pub fn replay_here(&mut self, applied: &[Applied]) -> Result<(Moved, Vec<Applied>), EditError> {
        let mut moved = Moved::default();
        let mut made = Vec::with_capacity(applied.len());
        for Applied { edit, landed } in applied {
            let edit = edit.moved_to(moved.path(edit.at()));
            let here = self.apply(&edit)?;
            let expected = moved.path(landed);
            if here != expected {
                moved.0.push((landed.clone(), here.clone()));
            }
            made.push(Applied { edit, landed: here });
        }
        Ok((moved, made))
    }

    fn try_move(
        &mut self,
        at: &NodePath,
        color: Color,
        point: Option<Point>,
    ) -> Result<(NodePath, Option<Undo>), EditError> {
        let size = self.size();
        if let Some(point) = point.filter(|p| !p.is_on(size)) {
            return Err(EditError::OffBoard { point, size });
        }
        let event = match point {
            Some(point) => Event::Play { color, point },
            None => Event::Pass { color },
        };
        let node = self
            .node(at)
            .ok_or(EditError::NoSuchNode { path: at.clone() })?;
        if let Some(twin) = node
            .children
            .iter()
            .position(|child| move_of(child, size).as_ref() == Some(&event))
        {
            return Ok((at.child(twin), None));
        }
        // The root is a node of the record's depth too.
        if at.depth() + 2 > MAX_DEPTH {
            return Err(EditError::TooDeep { max: MAX_DEPTH });
        }
        if self.nodes() >= MAX_REVIEW_NODES {
            return Err(EditError::TreeFull {
                max: MAX_REVIEW_NODES,
            });
        }
        let played = match point {
            Some(point) => Move::Move(sgf_parse::go::Point {
                x: point.col,
                y: point.row,
            }),
            None => Move::Pass,
        };
        let prop = match color {
            Color::Black => Prop::B(played),
            Color::White => Prop::W(played),
        };
        let node = self.node_mut(at)?;
        node.children
            .push(SgfNode::new(vec![prop], Vec::new(), false));
        let landed = at.child(node.children.len() - 1);
        Ok((landed, Some(Undo::Child)))
    }

    fn comment(
        &mut self,
        at: &NodePath,
        text: &str,
    ) -> Result<(NodePath, Option<Undo>), EditError> {
        let text = review_comment(text)?;
        let old = self.comment_at(at).map(str::to_string);
        let new = match &old {
            Some(old) => format!("{old}\n\n{text}"),
            None => text.to_string(),
        };
        let chars = new.chars().count();
        if chars > MAX_SGF_TEXT_CHARS {
            return Err(EditError::NodeFull {
                chars,
                max: MAX_SGF_TEXT_CHARS,
            });
        }
        set_comment(self.node_mut(at)?, Some(new));
        Ok((at.clone(), Some(Undo::Comment(old))))
    }
}

/// The text a review adds as a comment, as both sides of a review together
/// keep it: its control and bidirectional characters made visible, then
/// counted within [`MAX_REVIEW_COMMENT_CHARS`], and not blank. One rule,
/// applied where a comment is typed (before a step is sent or numbered),
/// to every step a partner sends and again when it is added, so that both
/// records hold the same bytes and a comment one side takes the other
/// takes too.
///
/// # Errors
/// The comment is blank, or longer than one addition may be once made
/// visible.
pub fn review_comment(text: &str) -> Result<String, EditError> {
    if text.trim().is_empty() {
        return Err(EditError::EmptyComment);
    }
    let text = visible(text).into_owned();
    let chars = text.chars().count();
    if chars > MAX_REVIEW_COMMENT_CHARS {
        return Err(EditError::CommentTooLong {
            chars,
            max: MAX_REVIEW_COMMENT_CHARS,
        });
    }
    Ok(text)
}

/// How to take back an edit that made the tree too large to read back.
enum Undo {
    /// Remove the child added last.
    Child,
    /// Put the node's comment back as it was.
    Comment(Option<String>),
}

impl Undo {
    /// The tally of `tree` after the edit this undoes landed on `landed`,
    /// from the tally `before` it: moved by what the edit added.
    fn tally_after(&self, tree: &SgfTree, landed: &NodePath, before: Tally) -> Tally {
        let node = tree.node(landed);
        let moved = match self {
            Undo::Child => node
                .zip(landed.indices().last())
                .map(|(leaf, &index)| before.with_leaf(leaf, index)),
            Undo::Comment(old) => node.and_then(|n| n.get_property("C")).map(|new| {
                let old = old
                    .as_ref()
                    .map(|text| Prop::C(Text { text: text.clone() }));
                before.with_property(old.as_ref(), new)
            }),
        };
        moved.unwrap_or_else(|| Tally::of(tree))
    }

    fn revert(self, tree: &mut SgfTree, landed: &NodePath) {
        match self {
            Undo::Child => {
                if let Ok(parent) = tree.node_mut(&landed.prefix(landed.depth() - 1)) {
                    parent.children.pop();
                }
            }
            Undo::Comment(old) => {
                if let Ok(node) = tree.node_mut(landed) {
                    set_comment(node, old);
                }
            }
        }
    }
}

/// The node's `C`.
pub(super) fn comment_of(node: &SgfNode<Prop>) -> Option<&str> {
    match node.get_property("C") {
        Some(Prop::C(text)) => Some(&text.text),
        _ => None,
    }
}

/// Sets or removes the node's `C`, in its place among the properties, or
/// last when it had none.
pub(super) fn set_comment(node: &mut SgfNode<Prop>, text: Option<String>) {
    let place = node.properties.iter().position(|p| p.identifier() == "C");
    match (place, text) {
        (Some(i), Some(text)) => node.properties[i] = Prop::C(Text { text }),
        (Some(i), None) => {
            node.properties.remove(i);
        }
        (None, Some(text)) => node.properties.push(Prop::C(Text { text })),
        (None, None) => {}
    }
}

fn move_of(node: &SgfNode<Prop>, size: u8) -> Option<Event> {
    let (color, played) = node.properties.iter().find_map(|p| match p {
        Prop::B(m) => Some((Color::Black, *m)),
        Prop::W(m) => Some((Color::White, *m)),
        _ => None,
    })?;
    Some(match played {
        Move::Move(p) if !(size <= 19 && p.x == 19 && p.y == 19) => Event::Play {
            color,
            point: Point::new(p.x, p.y),
        },
        _ => Event::Pass { color },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "(;GM[1]FF[4]SZ[9]XX[kept];B[ee]C[first](;W[cc])(;W[gg]C[side]))";

    fn tree() -> SgfTree {
        SgfTree::parse(RECORD).unwrap()
    }

    fn try_at(at: &[usize], color: Color, point: Option<(u8, u8)>) -> TreeEdit {
        TreeEdit::Try {
            at: NodePath::from_indices(at.to_vec()),
            color,
            point: point.map(|(c, r)| Point::new(c, r)),
        }
    }

    fn comment_at(at: &[usize], text: &str) -> TreeEdit {
        TreeEdit::Comment {
            at: NodePath::from_indices(at.to_vec()),
            text: text.to_string(),
        }
    }

    #[test]
    fn the_same_edits_in_the_same_order_write_the_same_bytes() {
        let edits = [
            try_at(&[0], Color::White, Some((6, 2))),
            comment_at(&[0, 2], "a third idea"),
            try_at(&[0, 2], Color::Black, None),
            comment_at(&[0], "more on the first move"),
            comment_at(&[], "at the start"),
        ];
        let mut one = tree();
        let mut two = tree();
        let landed_one: Vec<_> = edits.iter().map(|e| one.apply(e).unwrap()).collect();
        let landed_two: Vec<_> = edits.iter().map(|e| two.apply(e).unwrap()).collect();
        assert_eq!(landed_one, landed_two);
        assert_eq!(one.write(), two.write());
        assert_eq!(
            one.write(),
            "(;CA[UTF-8]GM[1]FF[4]SZ[9]XX[kept]C[at the start];B[ee]C[first\n\nmore on the first move]\n(;W[cc])\n(;W[gg]C[side])\n(;W[gc]C[a third idea];B[]))\n"
        );
        let read = SgfTree::parse(&one.write()).unwrap();
        assert_eq!(
            read.comment_at(&NodePath::from_indices(vec![0, 2])),
            Some("a third idea")
        );
        assert_eq!(read.children(&NodePath::from_indices(vec![0])), 3);
    }

    #[test]
    fn a_move_already_there_is_found_not_added_twice() {
        let mut tree = tree();
        let before = tree.write();
        let landed = tree
            .apply(&try_at(&[0], Color::White, Some((6, 6))))
            .unwrap();
        assert_eq!(landed, NodePath::from_indices(vec![0, 1]));
        assert_eq!(tree.write(), before);
        let other = tree
            .apply(&try_at(&[0], Color::Black, Some((6, 6))))
            .unwrap();
        assert_eq!(other, NodePath::from_indices(vec![0, 2]), "another colour");
        let again = tree
            .apply(&try_at(&[0], Color::Black, Some((6, 6))))
            .unwrap();
        assert_eq!(again, other);
        assert_eq!(tree.children(&NodePath::from_indices(vec![0])), 3);
        // A pass written as tt on a small board is the same pass.
        let mut tt = SgfTree::parse("(;SZ[9];B[ee](;W[tt]))").unwrap();
        assert_eq!(
            tt.apply(&try_at(&[0], Color::White, None)).unwrap(),
            NodePath::from_indices(vec![0, 0])
        );
    }

    #[test]
    fn edits_past_the_bounds_are_refused_and_change_nothing() {
        let mut tree = tree();
        let before = tree.write();
        let refused = [
            (comment_at(&[0, 5], "x"), "no node 1.6"),
            (comment_at(&[0], "  \n"), "empty"),
            (
                comment_at(&[0], &"碁".repeat(MAX_REVIEW_COMMENT_CHARS + 1)),
                "at most 2000 are added at once",
            ),
            (
                try_at(&[0], Color::Black, Some((9, 0))),
                "off the 9×9 board",
            ),
            (try_at(&[3], Color::Black, Some((0, 0))), "no node 4"),
        ];
        for (edit, says) in refused {
            let error = tree.apply(&edit).unwrap_err();
            assert!(error.to_string().contains(says), "{error}");
        }
        assert_eq!(tree.write(), before);

        let full = "x".repeat(MAX_REVIEW_COMMENT_CHARS);
        let mut filled = 0;
        let error = loop {
            match tree.apply(&comment_at(&[0], &full)) {
                Ok(_) => filled += 1,
                Err(error) => break error,
            }
        };
        assert_eq!(filled, 8, "16 KiB of text on one node");
        assert!(matches!(error, EditError::NodeFull { .. }), "{error}");

        let mut line = SgfTree::parse("(;SZ[9])").unwrap();
        let mut at = NodePath::root();
        let error = loop {
            let color = if at.depth().is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            };
            match line.apply(&TreeEdit::Try {
                at: at.clone(),
                color,
                point: None,
            }) {
                Ok(landed) => at = landed,
                Err(error) => break error,
            }
        };
        assert_eq!(error, EditError::TooDeep { max: MAX_DEPTH });
        assert_eq!(line.nodes(), MAX_DEPTH);
        assert!(SgfTree::parse(&line.write()).is_some(), "still read back");
    }

    #[test]
    fn a_tree_at_its_node_bound_takes_no_new_move_but_finds_old_ones() {
        let moves: String = (0..MAX_REVIEW_NODES - 1)
            .map(|i| {
                format!(
                    "(;B[{}])",
                    Point::new((i % 19) as u8, (i / 19 % 19) as u8).to_sgf()
                )
            })
            .collect();
        let mut wide = SgfTree::parse(&format!("(;SZ[19]{moves})")).unwrap();
        assert_eq!(wide.nodes(), MAX_REVIEW_NODES);
        let error = wide
            .apply(&try_at(&[], Color::White, Some((3, 3))))
            .unwrap_err();
        assert_eq!(
            error,
            EditError::TreeFull {
                max: MAX_REVIEW_NODES
            }
        );
        assert_eq!(
            wide.apply(&try_at(&[], Color::Black, Some((0, 0))))
                .unwrap(),
            NodePath::from_indices(vec![0])
        );
    }

    #[test]
    fn edits_replayed_on_a_copy_another_writer_changed_keep_both() {
        let mut file = tree();
        let mut ours = tree();
        // Another writer adds a variation and a comment first.
        file.apply(&try_at(&[0], Color::White, Some((2, 6))))
            .unwrap();
        file.apply(&comment_at(&[0, 2], "theirs")).unwrap();
        // This copy, from the tree as it was, tried another move and went on.
        let mut applied = Vec::new();
        for edit in [
            try_at(&[0], Color::White, Some((6, 2))),
            comment_at(&[0, 2], "ours"),
            try_at(&[0, 2], Color::Black, Some((4, 2))),
            comment_at(&[0, 2, 0], "ours, deeper"),
        ] {
            let landed = ours.apply(&edit).unwrap();
            applied.push(Applied { edit, landed });
        }
        let moved = file.replay(&applied).unwrap();
        let path = |i: &[usize]| NodePath::from_indices(i.to_vec());
        assert_eq!(moved.path(&path(&[0, 2, 0])), path(&[0, 3, 0]));
        assert_eq!(file.comment_at(&path(&[0, 2])), Some("theirs"));
        assert_eq!(file.comment_at(&path(&[0, 3])), Some("ours"));
        assert_eq!(file.comment_at(&path(&[0, 3, 0])), Some("ours, deeper"));
        assert_eq!(
            file.move_at(&path(&[0, 3, 0])),
            Some(Event::Play {
                color: Color::Black,
                point: Point::new(4, 2)
            })
        );
        assert_eq!(moved.path(&path(&[0, 1])), path(&[0, 1]), "unmoved");
    }
}
