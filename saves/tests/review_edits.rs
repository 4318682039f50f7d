//! Review edits over generated sequences: the same edits in the same order
//! write the same bytes on any two copies, what they write reads back as
//! the same tree, and one copy's edits replayed on a copy another writer
//! changed first keep every move and comment of both.

use kaisho_core::{Color, Event, Point};
use kaisho_saves::sgf::{Applied, NodePath, SgfTree, TreeEdit};
use proptest::prelude::*;

const RECORD: &str =
    "(;CA[UTF-8]GM[1]FF[4]SZ[9]GN[kept]XY[unknown];B[ee]C[first](;W[cc];B[gg])(;W[gc]))";

/// One generated edit: what (a black try, a white try, a comment), on
/// which node (an index into the nodes there are when it is made), where.
type Op = (u8, usize, u8, u8);

fn ops(max: usize) -> impl Strategy<Value = Vec<Op>> {
    prop::collection::vec((0u8..3, any::<usize>(), 0u8..9, 0u8..9), 0..max)
}

/// Every node's path, depth first, the main line first.
fn paths(tree: &SgfTree) -> Vec<NodePath> {
    let mut found = Vec::new();
    let mut pending = vec![NodePath::root()];
    while let Some(path) = pending.pop() {
        pending.extend((0..tree.children(&path)).rev().map(|i| path.child(i)));
        found.push(path);
    }
    found
}

/// The edits `ops` name, applied to `tree` in order, with where each landed.
fn made(tree: &mut SgfTree, ops: &[Op], who: &str) -> Vec<Applied> {
    ops.iter()
        .enumerate()
        .map(|(n, &(kind, node, col, row))| {
            let nodes = paths(tree);
            let at = nodes[node % nodes.len()].clone();
            let point = Some(Point::new(col, row));
            let edit = match kind {
                0 => TreeEdit::Try {
                    at,
                    color: Color::Black,
                    point,
                },
                1 => TreeEdit::Try {
                    at,
                    color: Color::White,
                    point,
                },
                _ => TreeEdit::Comment {
                    at,
                    text: format!("{who} {n}"),
                },
            };
            let landed = tree.apply(&edit).expect("small edits fit");
            Applied { edit, landed }
        })
        .collect()
}

proptest! {
    #[test]
    fn the_same_edits_write_the_same_bytes_and_replay_over_another_writer(
        ours in ops(30),
        theirs in ops(10),
    ) {
        let mut one = SgfTree::parse(RECORD).unwrap();
        let mut two = SgfTree::parse(RECORD).unwrap();
        let applied = made(&mut one, &ours, "ours");
        made(&mut two, &ours, "ours");
        prop_assert_eq!(one.write(), two.write());
        prop_assert_eq!(SgfTree::parse(&one.write()), Some(one.clone()));

        let mut file = SgfTree::parse(RECORD).unwrap();
        made(&mut file, &theirs, "theirs");
        let before = file.clone();
        let moved = file.replay(&applied).unwrap();
        for Applied { edit, landed } in &applied {
            let here = moved.path(landed);
            match edit {
                TreeEdit::Try { color, point, .. } => {
                    let expected = Event::Play { color: *color, point: point.unwrap() };
                    prop_assert_eq!(file.move_at(&here), Some(expected));
                }
                TreeEdit::Comment { text, .. } => {
                    let comment = file.comment_at(&here).unwrap_or_default();
                    prop_assert!(comment.contains(text.as_str()), "{} not in {}", text, comment);
                }
            }
        }
        // Nothing the other writer made is lost or moved.
        for path in paths(&before) {
            prop_assert_eq!(file.move_at(&path), before.move_at(&path));
            let kept = before.comment_at(&path).unwrap_or_default();
            prop_assert!(file.comment_at(&path).unwrap_or_default().starts_with(kept));
        }
    }

    #[test]
    fn the_moves_along_a_path_are_the_moves_at_each_of_its_beginnings(ops in ops(30)) {
        let mut tree = SgfTree::parse(RECORD).unwrap();
        made(&mut tree, &ops, "ours");
        for path in paths(&tree) {
            let each: Vec<_> = (0..=path.depth()).map(|d| tree.move_at(&path.prefix(d))).collect();
            prop_assert_eq!(tree.moves_along(&path), each);
        }
    }
}
