//! How many bytes a tree writes and how many nodes it holds, kept beside
//! the tree and moved by what each review edit adds: an edit checks the
//! record's bounds at the cost of what it adds, not of writing and walking
//! the whole record again.

use super::tree::{SgfTree, write_property};
use sgf_parse::SgfNode;
use sgf_parse::go::Prop;

/// The brackets and line break a variation is written in, `\n(` … `)`.
const VARIATION_BYTES: usize = "\n()".len();

/// A tree's written size and node count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Tally {
    /// The length of [`SgfTree::write`].
    pub(super) bytes: usize,
    /// The nodes of the tree, the root among them.
    pub(super) nodes: usize,
}

impl Tally {
    /// The whole tree written and walked once: for a tree just read, or
    /// changed other than by a review's edits.
    pub(super) fn of(tree: &SgfTree) -> Tally {
        let mut nodes = 0;
        let mut pending = vec![tree.root()];
        while let Some(node) = pending.pop() {
            nodes += 1;
            pending.extend(node.children.iter());
        }
        Tally {
            bytes: tree.write().len(),
            nodes,
        }
    }

    /// After `leaf`, a node without children, was added as child `index`
    /// of its parent: its own text, and a variation's brackets once its
    /// parent has more than one child (the first child's too, when it is
    /// the second).
    pub(super) fn with_leaf(self, leaf: &SgfNode<Prop>, index: usize) -> Tally {
        let brackets = match index {
            0 => 0,
            1 => 2 * VARIATION_BYTES,
            _ => VARIATION_BYTES,
        };
        let text = 1 + leaf.properties.iter().map(property_bytes).sum::<usize>();
        Tally {
            bytes: self.bytes + text + brackets,
            nodes: self.nodes + 1,
        }
    }

    /// After a node's property `old` (none, when the node had none) was
    /// replaced by `new`.
    pub(super) fn with_property(self, old: Option<&Prop>, new: &Prop) -> Tally {
        Tally {
            bytes: self.bytes + property_bytes(new) - old.map_or(0, property_bytes),
            nodes: self.nodes,
        }
    }
}

fn property_bytes(prop: &Prop) -> usize {
    let mut out = String::new();
    write_property(&mut out, prop);
    out.len()
}
