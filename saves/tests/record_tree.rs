//! An imported record keeps its whole tree: read, kept beside the game's
//! log, read back and exported, it is the same tree (every property,
//! comment and variation; only `CA` says UTF-8 now), for generated trees,
//! the club record of the fixture and every record of the repository's
//! corpora.

use kaisho_saves::log::GameStore;
use kaisho_saves::sgf::{self, SgfTree};
use proptest::prelude::*;
use sgf_parse::SgfNode;
use sgf_parse::go::Prop;
use std::path::{Path, PathBuf};

/// The tree without `CA`, each node's properties in a fixed order: what
/// must survive, since an export is in UTF-8 and may order properties
/// otherwise.
fn normal(node: &SgfNode<Prop>) -> SgfNode<Prop> {
    let mut properties: Vec<Prop> = node
        .properties
        .iter()
        .filter(|p| !matches!(p, Prop::CA(_)))
        .cloned()
        .collect();
    properties.sort_by_key(|p| format!("{p:?}"));
    SgfNode::new(
        properties,
        node.children.iter().map(normal).collect(),
        node.is_root,
    )
}

/// The SGF text an export of the record at `path` gives after its import
/// into `store`, and the tree read from the file.
fn round_trip(store: &GameStore, id: &str, path: &Path) -> (SgfTree, String) {
    let imported = sgf::import_file(path).unwrap().into_first().unwrap();
    let tree = imported.tree.expect("sgf-parse reads the whole file");
    store.keep_record(id, &tree).unwrap();
    let kept = store.kept_record(id).unwrap().unwrap();
    (tree, kept.with_moves_of(&imported.record).write())
}

fn assert_same_tree(original: &SgfTree, exported: &str) {
    let back = SgfTree::parse(exported).expect("the export reads back");
    assert_eq!(normal(back.root()), normal(original.root()), "{exported}");
}

#[test]
fn the_finished_club_record_survives_import_and_export_whole() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/finished-record.sgf");
    let (tree, exported) = round_trip(&store, "club", &fixture);
    assert_same_tree(&tree, &exported);
    for kept in [
        "RE[B+R]",
        "BR[4d]",
        "WR[8d]",
        "DT[1846-07-21]",
        "EV[Castle game]",
        "GN[The ear-reddening game]",
        "GC[Played at Gennan's house in Osaka]",
        "TM[600]",
        "OT[3x30 byo-yomi]",
        ";B[qd]C[Komoku, the first move.]",
        ";B[dp]C[Black takes the last corner.]",
        "(;B[qp]C[Another third move.];W[od])",
    ] {
        assert!(exported.contains(kept), "{kept} in {exported}");
    }
    assert_eq!(tree.result(), Some("B+R"));
    assert_eq!(tree.date(), Some("1846-07-21"));
}

fn corpus_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            corpus_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "sgf") {
            out.push(path);
        }
    }
}

#[test]
fn every_record_of_the_corpora_survives_import_and_export() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let mut files = Vec::new();
    corpus_files(&corpus, &mut files);
    assert!(files.len() > 100, "the corpora are there");
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    for (n, file) in files.iter().enumerate() {
        let (tree, exported) = round_trip(&store, &format!("g{n}"), file);
        let back = SgfTree::parse(&exported).expect("the export reads back");
        assert_eq!(
            normal(back.root()),
            normal(tree.root()),
            "{}",
            file.display()
        );
    }
}

/// SGF text escaped as a property value.
fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

fn value() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 .:;()\\[\\]\\\\+碁石の\n]{0,12}"
}

fn point() -> impl Strategy<Value = String> {
    (0u8..19, 0u8..19)
        .prop_map(|(c, r)| format!("{}{}", char::from(b'a' + c), char::from(b'a' + r)))
}

/// Marks on the board kaisho does not show: a label with its text, and
/// triangles.
fn markup() -> impl Strategy<Value = String> {
    (
        prop::option::of((point(), value())),
        prop::collection::btree_set(point(), 0..3),
    )
        .prop_map(|(label, triangles)| {
            let mut text = String::new();
            if let Some((at, label)) = label {
                text.push_str(&format!("LB[{at}:{}]", escaped(&label)));
            }
            if !triangles.is_empty() {
                text.push_str("TR");
                for at in triangles {
                    text.push_str(&format!("[{at}]"));
                }
            }
            text
        })
}

/// A node: a move or a pass of either colour, a comment, marks, a
/// property kaisho has no use for.
fn node() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just('B'), Just('W')],
        prop::option::of(point()),
        prop::option::of(value()),
        prop::option::of(("X[A-Z]", value())),
        markup(),
    )
        .prop_map(|(color, at, comment, extra, marks)| {
            let at = at.unwrap_or_default();
            let mut text = format!(";{color}[{at}]{marks}");
            if let Some(comment) = comment {
                text.push_str(&format!("C[{}]", escaped(&comment)));
            }
            if let Some((id, v)) = extra {
                text.push_str(&format!("{id}[{}]", escaped(&v)));
            }
            text
        })
}

/// A tree: a root of game information, a main line, and side lines
/// branching from its nodes, some of them branching again.
fn tree() -> impl Strategy<Value = String> {
    let line = || prop::collection::vec(node(), 1..6).prop_map(|n| n.concat());
    (
        prop::collection::vec(("(GN|EV|DT|RE|BR|WR|TM|OT|PC|SO)", value()), 0..6),
        prop::collection::vec(node(), 1..12),
        prop::collection::vec((0usize..12, line(), prop::option::of(line())), 0..4),
    )
        .prop_map(|(info, main, sides)| {
            let mut text = String::from("(;GM[1]FF[4]SZ[19]");
            for (id, v) in info {
                text.push_str(&format!("{id}[{}]", escaped(&v)));
            }
            let branch_at = |i: usize| i % main.len();
            for (i, node) in main.iter().enumerate() {
                let here: Vec<_> = sides.iter().filter(|s| branch_at(s.0) == i).collect();
                if here.is_empty() {
                    text.push_str(node);
                    continue;
                }
                text.push_str(&format!("({node}"));
                let rest = main[i + 1..].concat();
                text.push_str(&rest);
                text.push(')');
                for (_, side, again) in here {
                    match again {
                        Some(again) => text.push_str(&format!("({side}({again})({again}))")),
                        None => text.push_str(&format!("({side})")),
                    }
                }
                break;
            }
            text.push(')');
            text
        })
}

proptest! {
    #[test]
    fn generated_trees_survive_import_and_export(text in tree()) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("record.sgf");
        std::fs::write(&path, &text).unwrap();
        let store = GameStore::new(dir.path().join("games"));
        let (tree, exported) = round_trip(&store, "g", &path);
        let back = SgfTree::parse(&exported).expect("the export reads back");
        prop_assert_eq!(normal(back.root()), normal(tree.root()), "{}", exported);
    }
}
