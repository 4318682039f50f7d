//! A partner's record of a shared game taken as this side's, without
//! losing anything this side had written: the partner's tree gives the
//! shape (so the nodes a review together names are the same on both
//! sides), this side's tree gives every node it also holds (its game
//! information, its marks), and what only one side had is added from it:
//! the partner's variations and comment paragraphs, this side's variations
//! after the partner's and this side's paragraphs. The tree only grows.

use super::review_tree::{comment_of, set_comment};
use super::tree::SgfTree;
use crate::limits::MAX_SGF_TEXT_CHARS;
use sgf_parse::SgfNode;
use sgf_parse::go::Prop;

/// What a paragraph break is in a comment: a review appends each addition
/// after one.
const PARAGRAPH: &str = "\n\n";

impl SgfTree {
    /// `self`, a partner's tree, with `own`'s nodes and paragraphs: see the
    /// module. `None` when a node's comment would grow past what a record
    /// holds, or the tree past what is read back; the caller then keeps
    /// `own` aside instead.
    #[must_use]
    pub fn with_additions_of(&self, own: &SgfTree) -> Option<SgfTree> {
        let mut merged = self.clone();
        let mut pending = vec![(Vec::<usize>::new(), own.root())];
        while let Some((path, own_node)) = pending.pop() {
            let node = path
                .iter()
                .try_fold(merged.root_mut(), |node, &i| node.children.get_mut(i))?;
            let comment = merged_comment(comment_of(own_node), comment_of(node));
            if comment
                .as_ref()
                .is_some_and(|c| c.chars().count() > MAX_SGF_TEXT_CHARS)
            {
                return None;
            }
            node.properties.clone_from(&own_node.properties);
            set_comment(node, comment);
            let mut matched = vec![false; node.children.len()];
            for own_child in &own_node.children {
                let twin = (0..node.children.len())
                    .find(|&i| !matched[i] && same_node(&node.children[i], own_child));
                match twin {
                    Some(i) => {
                        matched[i] = true;
                        let mut child = path.clone();
                        child.push(i);
                        pending.push((child, own_child));
                    }
                    None => {
                        node.children.push(own_child.clone());
                        matched.push(true);
                    }
                }
            }
        }
        merged.fits().then_some(merged)
    }
}

/// `own`'s comment with every paragraph of `theirs` it lacks after it.
fn merged_comment(own: Option<&str>, theirs: Option<&str>) -> Option<String> {
    let Some(theirs) = theirs else {
        return own.map(str::to_string);
    };
    let Some(own) = own else {
        return Some(theirs.to_string());
    };
    let mine: Vec<&str> = own.split(PARAGRAPH).collect();
    let mut text = own.to_string();
    for paragraph in theirs.split(PARAGRAPH) {
        if !mine.contains(&paragraph) {
            text.push_str(PARAGRAPH);
            text.push_str(paragraph);
        }
    }
    Some(text)
}

/// Whether two children of one node are the same node: the same move, or,
/// for nodes without one, the same properties besides the comment.
fn same_node(a: &SgfNode<Prop>, b: &SgfNode<Prop>) -> bool {
    let moves = |n: &SgfNode<Prop>| {
        n.properties
            .iter()
            .filter(|p| matches!(p, Prop::B(_) | Prop::W(_)))
            .cloned()
            .collect::<Vec<_>>()
    };
    let (move_a, move_b) = (moves(a), moves(b));
    if !move_a.is_empty() || !move_b.is_empty() {
        return move_a == move_b;
    }
    let rest = |n: &SgfNode<Prop>| {
        n.properties
            .iter()
            .filter(|p| !matches!(p, Prop::C(_)))
            .cloned()
            .collect::<Vec<_>>()
    };
    rest(a) == rest(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::NodePath;

    fn tree(text: &str) -> SgfTree {
        SgfTree::parse(text).unwrap()
    }

    #[test]
    fn each_side_s_variations_and_paragraphs_are_kept_in_the_partner_s_shape() {
        let partner =
            tree("(;GM[1]SZ[9]DT[2030-01-01];B[ee]C[proposal\n\ntheirs](;W[cc])(;W[gg]C[G]))");
        let own = tree("(;GM[1]SZ[9]DT[2026-11-28];B[ee]C[proposal\n\nmine](;W[cc]C[c])(;W[dd]))");
        let merged = partner.with_additions_of(&own).unwrap();
        let at = |indices: &[usize]| NodePath::from_indices(indices.to_vec());
        // The partner's paths name the same nodes.
        assert_eq!(merged.comment_at(&at(&[0, 1])), Some("G"));
        assert_eq!(merged.children(&at(&[0])), 3);
        // This side's own variation comes after the partner's.
        assert!(merged.move_at(&at(&[0, 2])).is_some());
        assert_eq!(merged.comment_at(&at(&[0, 0])), Some("c"));
        assert_eq!(
            merged.comment_at(&at(&[0])),
            Some("proposal\n\nmine\n\ntheirs")
        );
        // This side's game information stands.
        assert_eq!(merged.date(), Some("2026-11-28"));
    }

    #[test]
    fn taking_the_same_additions_twice_adds_nothing() {
        let partner = tree("(;GM[1]SZ[9];B[ee]C[a](;W[cc])(;W[gg]))");
        let own = tree("(;GM[1]SZ[9];B[ee]C[b](;W[cc]C[x])(;W[dd]))");
        let once = partner.with_additions_of(&own).unwrap();
        let twice = once.with_additions_of(&once).unwrap();
        assert_eq!(twice.write(), once.write());
        assert_eq!(once.with_additions_of(&own).unwrap().write(), once.write());
    }

    #[test]
    fn a_comment_that_would_outgrow_a_property_is_not_merged() {
        let long = "x".repeat(MAX_SGF_TEXT_CHARS - 10);
        let partner = tree(&format!("(;GM[1]SZ[9]C[{long}])"));
        let own = tree(&format!("(;GM[1]SZ[9]C[{long}y])"));
        assert!(partner.with_additions_of(&own).is_none());
    }
}
