//! Two copies of kaisho adding to the review of one saved game: each
//! addition is applied to the record as the file holds it, under its lock,
//! so neither loses what the other wrote.

mod common;

use common::{header_with, opened, play, saved_game, words};
use kaisho_core::{Color, Point};
use kaisho_saves::export;
use kaisho_saves::kept_review::{RecordKeeper, adopt_record};
use kaisho_saves::log::GameStore;
use kaisho_saves::sgf::{Applied, Moved, NodePath, SgfTree, TreeEdit};

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

/// Keeps `edits` in game `id`'s record as a review that has just opened
/// does: the record as now written, and where the edits landed in it.
fn keep_review(store: &GameStore, id: &str, edits: &[Applied]) -> (SgfTree, Moved) {
    let kept = RecordKeeper::new(store.clone(), id)
        .keep(&words, edits)
        .unwrap();
    (kept.tree.expect("read afresh"), kept.moved)
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

    let (after_first, _) = keep_review(&store, "g", &first_edits);
    let (after_second, moved) = keep_review(&store, "g", &second_edits);
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
                    keep_review(&store, "g", &edits);
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

/// The host's copy of game `id` on a machine of its own (`dir`), with
/// `note` added on White's first move.
fn hosts_copy(dir: &std::path::Path, id: &str, note: &str) -> SgfTree {
    let host_store = GameStore::new(dir);
    saved_game(&host_store, id);
    let mut partners = opened(&host_store, id);
    partners
        .apply(&TreeEdit::Comment {
            at: path(&[0, 0]),
            text: note.into(),
        })
        .unwrap();
    partners
}

/// A comment of this side's own added to its record of `id` on Black's
/// first move, as a review keeps it.
fn comment_own(store: &GameStore, id: &str, text: &str) {
    let mut own = opened(store, id);
    let mine = made_on(
        &mut own,
        vec![TreeEdit::Comment {
            at: path(&[0]),
            text: text.into(),
        }],
    );
    keep_review(store, id, &mine);
}

/// A partner's record of the same game is taken with this side's own
/// additions merged in, so nothing this side wrote is lost and the
/// partner's nodes keep their names; a game this side does not have is
/// refused, with nothing written.
#[test]
fn a_partners_record_is_merged_with_ones_own_and_nothing_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    saved_game(&store, "g");
    comment_own(&store, "g", "my own note");
    let hosts = tempfile::tempdir().unwrap();
    let partners = hosts_copy(hosts.path(), "g", "the host's note");
    let adopted = adopt_record(&store, "g", &partners, &words).unwrap();
    assert_eq!(adopted.aside, None);
    let kept = store.kept_record("g").unwrap().unwrap();
    assert_eq!(kept.comment_at(&path(&[0, 0])), Some("the host's note"));
    let black = kept.comment_at(&path(&[0])).unwrap_or_default();
    assert!(black.contains("my own note"), "{black}");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        !names.iter().any(|n| n.contains("before-review")),
        "{names:?}"
    );
    // Taking the same record again changes nothing.
    let before = std::fs::read(store.record_path("g")).unwrap();
    adopt_record(&store, "g", &partners, &words).unwrap();
    assert_eq!(std::fs::read(store.record_path("g")).unwrap(), before);
    // A game this side does not have is refused and writes nothing.
    assert!(adopt_record(&store, "other", &partners, &words).is_err());
    assert!(!store.record_path("other").exists());
}

/// Two reviews together hosted by the partner, one after the other, each
/// after a comment of this side's own: both comments stay in the record.
#[test]
fn additions_made_between_two_reviews_together_are_all_kept() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    saved_game(&store, "g");
    let hosts = tempfile::tempdir().unwrap();
    let partners = hosts_copy(hosts.path(), "g", "the host's note");
    comment_own(&store, "g", "mine-one");
    adopt_record(&store, "g", &partners, &words).unwrap();
    comment_own(&store, "g", "mine-two");
    adopt_record(&store, "g", &partners, &words).unwrap();
    let kept = std::fs::read_to_string(store.record_path("g")).unwrap();
    for note in ["mine-one", "mine-two", "the host's note"] {
        assert_eq!(kept.matches(note).count(), 1, "{note} in {kept}");
    }
    let exported = String::from_utf8(export_text(&store, "g")).unwrap();
    assert!(exported.contains("mine-one") && exported.contains("mine-two"));
}

fn export_text(store: &GameStore, id: &str) -> Vec<u8> {
    let saved = store.load(id).unwrap();
    export::text_of(&saved, &export::record_of(&saved, &words)).into_bytes()
}

/// A host that replaced its record of the game with other moves, another
/// result or other players: this side's record is left as it was, and
/// the refusal says what differs.
#[test]
fn a_partners_record_of_other_moves_result_or_players_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    saved_game(&store, "g");
    comment_own(&store, "g", "mine");
    let before = std::fs::read(store.record_path("g")).unwrap();
    let hosts = tempfile::tempdir().unwrap();
    let honest = hosts_copy(hosts.path(), "g", "note").write();
    let forgeries = [
        (honest.replace(";W[cc]", ";W[dd]"), "move 2"),
        (honest.replace(";B[gg]", ";B[gg];W[aa]"), "move 4"),
        (
            honest
                .replace("PB[Shusaku]", "PB[Gennan]")
                .replace("PW[Gennan]", "PW[Shusaku]"),
            "players",
        ),
        (honest.replace("SZ[9]", "SZ[9]RE[B+R]"), "result is B+R"),
        (honest.replace("KM[6.5]", "KM[0.5]"), "komi"),
    ];
    for (forged, said) in forgeries {
        assert_ne!(forged, honest, "{said}: the forgery changed nothing");
        let tree = SgfTree::parse(&forged).unwrap();
        let err = adopt_record(&store, "g", &tree, &words).unwrap_err();
        assert!(err.to_string().contains(said), "{said}: {err}");
        assert!(err.to_string().contains("is not yours"), "{err}");
        assert_eq!(std::fs::read(store.record_path("g")).unwrap(), before);
    }
    // Nothing of the game's own log is lost either: the export is ours.
    let exported = String::from_utf8(export_text(&store, "g")).unwrap();
    assert!(exported.contains(";W[cc]") && exported.contains("mine"));
}

/// Where the two records cannot be merged (a comment would outgrow what a
/// record holds), this side's is kept aside in a file of its own, a new
/// one each time, never overwritten.
#[test]
fn a_record_that_cannot_be_merged_is_kept_aside_each_time_anew() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    saved_game(&store, "g");
    let hosts = tempfile::tempdir().unwrap();
    let mut partners = hosts_copy(hosts.path(), "g", "note");
    // Each time the host and this side both write long comments on one
    // node: Black's first move, then Black's second.
    for (n, (mine, node)) in [
        ("first of mine", [0].as_slice()),
        ("second of mine", &[0, 0, 0]),
    ]
    .into_iter()
    .enumerate()
    {
        for _ in 0..10 {
            partners
                .apply(&TreeEdit::Comment {
                    at: path(node),
                    text: "h".repeat(1500),
                })
                .unwrap();
        }
        for _ in 0..3 {
            let mut own = opened(&store, "g");
            let edits = made_on(
                &mut own,
                vec![TreeEdit::Comment {
                    at: path(node),
                    text: format!("{mine} {}", "m".repeat(1500)),
                }],
            );
            keep_review(&store, "g", &edits);
        }
        let adopted = adopt_record(&store, "g", &partners, &words).unwrap();
        let aside = dir.path().join(format!("g.before-review-{}.sgf", n + 1));
        assert_eq!(adopted.aside.as_deref(), Some(aside.as_path()));
        assert!(std::fs::read_to_string(&aside).unwrap().contains(mine));
    }
    let first = std::fs::read_to_string(dir.path().join("g.before-review-1.sgf")).unwrap();
    assert!(!first.contains("second of mine"), "never overwritten");
}

/// An imported game whose record gives a counted result (the game itself
/// did not end in kaisho): a partner with the same record is taken, not
/// refused for a result this side's log does not hold.
#[test]
fn a_partners_copy_of_an_imported_counted_game_is_taken() {
    let text = "(;GM[1]SZ[9]KM[6.5]RE[W+3.5]PB[Aki]PW[Ben];B[ee];W[cc];B[gg]C[mine])";
    let homes = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let stores = homes.each_ref().map(|h| GameStore::new(h.path()));
    for store in &stores {
        let record = kaisho_saves::sgf::parse(text).unwrap();
        let header = header_with("g", ["Aki", "Ben"], record.settings.clone());
        store
            .keep_record("g", &SgfTree::parse(text).unwrap())
            .unwrap();
        let mut log = store.create(&header).unwrap();
        for event in record.events() {
            log.append(&event, None).unwrap();
        }
    }
    let partners = opened(&stores[1], "g");
    assert_eq!(partners.result(), Some("W+3.5"));
    adopt_record(&stores[0], "g", &partners, &words).unwrap();
    let kept = std::fs::read_to_string(stores[0].record_path("g")).unwrap();
    assert!(
        kept.contains("RE[W+3.5]") && kept.contains("C[mine]"),
        "{kept}"
    );
}
