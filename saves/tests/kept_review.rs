//! Two copies of kaisho adding to the review of one saved game: each
//! addition is applied to the record as the file holds it, under its lock,
//! so neither loses what the other wrote.

mod common;

use common::{header_with, nine_by_nine, play};
use kaisho_core::{Color, Point};
use kaisho_saves::export;
use kaisho_saves::kept_review::{adopt_record, keep_review};
use kaisho_saves::log::GameStore;
use kaisho_saves::sgf::{Applied, NodePath, Note, SgfTree, TreeEdit};

fn words(note: Note<'_>, _: u8) -> String {
    format!("{note:?}")
}

/// A 9×9 game of kaisho's own with three moves, saved in `store` as `id`.
fn saved_game(store: &GameStore, id: &str) {
    let header = header_with(id, ["Shusaku", "Gennan"], nine_by_nine());
    let mut log = store.create(&header).unwrap();
    for (color, point) in [
        (Color::Black, "E5"),
        (Color::White, "C7"),
        (Color::Black, "G3"),
    ] {
        log.append(&play(color, point), None).unwrap();
    }
}

/// The tree a review of game `id` opens on now.
fn opened(store: &GameStore, id: &str) -> SgfTree {
    let saved = store.load(id).unwrap();
    export::tree_of(&saved, &export::record_of(&saved, &words)).unwrap()
}

/// `edits` applied to a review's own copy, as the screen applies them.
fn made_on(tree: &mut SgfTree, edits: Vec<TreeEdit>) -> Vec<Applied> {
    edits
        .into_iter()
        .map(|edit| {
            let landed = tree.apply(&edit).unwrap();
            Applied { edit, landed }
        })
        .collect()
}

fn path(indices: &[usize]) -> NodePath {
    NodePath::from_indices(indices.to_vec())
}

#[test]
fn two_reviews_opened_together_both_keep_their_variations_and_comments() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    saved_game(&store, "g");
    assert!(
        store.kept_record("g").unwrap().is_none(),
        "a game of its own"
    );
    let mut first = opened(&store, "g");
    let mut second = opened(&store, "g");
    let first_edits = made_on(
        &mut first,
        vec![
            TreeEdit::Try {
                at: path(&[0]),
                color: Color::White,
                point: Some(Point::new(6, 2)),
            },
            TreeEdit::Comment {
                at: path(&[0, 1]),
                text: "the first reviewer's idea".into(),
            },
        ],
    );
    let second_edits = made_on(
        &mut second,
        vec![
            TreeEdit::Try {
                at: path(&[0]),
                color: Color::White,
                point: Some(Point::new(2, 6)),
            },
            TreeEdit::Comment {
                at: path(&[0, 1]),
                text: "the second reviewer's idea".into(),
            },
            TreeEdit::Comment {
                at: path(&[]),
                text: "reviewed twice".into(),
            },
        ],
    );
    assert_eq!(first_edits[0].landed, second_edits[0].landed, "both at 1.2");

    let (after_first, _) = keep_review(&store, "g", &words, &first_edits).unwrap();
    let (after_second, moved) = keep_review(&store, "g", &words, &second_edits).unwrap();
    assert_eq!(moved.path(&path(&[0, 1])), path(&[0, 2]));
    let kept = store
        .kept_record("g")
        .unwrap()
        .expect("made on the first addition");
    assert_eq!(kept, after_second);
    assert_eq!(
        kept.children(&path(&[0])),
        3,
        "the main line and both tries"
    );
    assert_eq!(
        kept.comment_at(&path(&[0, 1])),
        Some("the first reviewer's idea")
    );
    assert_eq!(
        kept.comment_at(&path(&[0, 2])),
        Some("the second reviewer's idea")
    );
    assert_eq!(kept.comment_at(&path(&[])), Some("reviewed twice"));
    assert_eq!(
        kept.move_at(&path(&[0, 0, 0])),
        Some(play(Color::Black, "G3")),
        "the game's own moves stay the main line"
    );
    assert_ne!(after_first, after_second);
    // The export is the kept tree.
    let saved = store.load("g").unwrap();
    let text = export::text_of(&saved, &export::record_of(&saved, &words));
    assert_eq!(SgfTree::parse(&text).unwrap(), kept);
}

#[test]
fn writers_at_the_same_time_lose_no_comment() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    saved_game(&store, "g");
    let writers: Vec<_> = (0..2)
        .map(|writer| {
            let dir = dir.path().to_path_buf();
            std::thread::spawn(move || {
                let store = GameStore::new(dir);
                let mut own = opened(&store, "g");
                for n in 0..15 {
                    let edits = made_on(
                        &mut own,
                        vec![TreeEdit::Comment {
                            at: path(&[0, 0]),
                            text: format!("writer {writer} line {n}"),
                        }],
                    );
                    keep_review(&store, "g", &words, &edits).unwrap();
                }
            })
        })
        .collect();
    for writer in writers {
        writer.join().unwrap();
    }
    let kept = store.kept_record("g").unwrap().unwrap();
    let comment = kept.comment_at(&path(&[0, 0])).unwrap();
    for writer in 0..2 {
        for n in 0..15 {
            let line = format!("writer {writer} line {n}");
            assert!(comment.contains(&line), "{line} lost: {comment}");
        }
    }
}

/// The joiner of a review together takes the host's record as its own copy
/// of the game, so both add the same steps to the same record: a copy of
/// its own that differs is kept beside it first, and a game it does not
/// have is refused, with nothing written.
#[test]
fn a_partners_record_is_adopted_and_a_record_of_ones_own_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    saved_game(&store, "g");
    let mut own = opened(&store, "g");
    let mine = made_on(
        &mut own,
        vec![TreeEdit::Comment {
            at: path(&[0]),
            text: "my own note".into(),
        }],
    );
    keep_review(&store, "g", &words, &mine).unwrap();
    // The host's copy of the same game, on its own machine.
    let hosts = tempfile::tempdir().unwrap();
    let host_store = GameStore::new(hosts.path());
    saved_game(&host_store, "g");
    let mut partners = opened(&host_store, "g");
    partners
        .apply(&TreeEdit::Comment {
            at: path(&[0, 0]),
            text: "the host's note".into(),
        })
        .unwrap();
    adopt_record(&store, "g", &partners).unwrap();
    let kept = std::fs::read_to_string(store.record_path("g")).unwrap();
    assert_eq!(kept, partners.write());
    let aside = std::fs::read_to_string(dir.path().join("g.before-review.sgf")).unwrap();
    assert!(aside.contains("my own note"), "{aside}");
    assert!(!kept.contains("my own note"));
    // Adopting the same record again keeps nothing aside anew.
    std::fs::remove_file(dir.path().join("g.before-review.sgf")).unwrap();
    adopt_record(&store, "g", &partners).unwrap();
    assert!(!dir.path().join("g.before-review.sgf").exists());
    // A game this side does not have is refused and writes nothing.
    assert!(adopt_record(&store, "other", &partners).is_err());
    assert!(!store.record_path("other").exists());
}
