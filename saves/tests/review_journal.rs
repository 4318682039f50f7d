//! A review's additions go into a journal beside the game's record
//! (`<id>.review`), appended and flushed one by one, and are folded into
//! the record when the review ends: two copies appending at once keep
//! both's additions, and a crash between any two steps of a fold loses
//! and doubles nothing.

mod common;

use common::{header_with, opened, play, saved_game, words};
use kaisho_core::{Color, Point};
use kaisho_saves::kept_review::{RecordKeeper, Stop};
use kaisho_saves::log::GameStore;
use kaisho_saves::sgf::{Applied, NodePath, SgfTree, TreeEdit};

fn path(indices: &[usize]) -> NodePath {
    NodePath::from_indices(indices.to_vec())
}

fn comment(at: &[usize], text: &str) -> TreeEdit {
    TreeEdit::Comment {
        at: path(at),
        text: text.into(),
    }
}

fn tried(at: &[usize], color: Color, col: u8, row: u8) -> TreeEdit {
    TreeEdit::Try {
        at: path(at),
        color,
        point: Some(Point::new(col, row)),
    }
}

/// A review's copy of a game's record and the keeper of its additions,
/// going on from each answer as the review screen does.
struct Reviewing {
    own: SgfTree,
    keeper: RecordKeeper,
}

impl Reviewing {
    fn open(store: &GameStore, id: &str) -> Reviewing {
        Reviewing {
            own: opened(store, id),
            keeper: RecordKeeper::new(store.clone(), id),
        }
    }

    /// Makes `edit` on the review's copy and keeps it; where it landed in
    /// the record.
    fn add(&mut self, edit: TreeEdit) -> NodePath {
        let landed = self.own.apply(&edit).unwrap();
        let kept = self
            .keeper
            .keep(
                &words,
                &[Applied {
                    edit,
                    landed: landed.clone(),
                }],
            )
            .unwrap();
        if let Some(tree) = kept.tree {
            self.own = tree;
        }
        kept.moved.path(&landed)
    }
}

fn files(store: &GameStore) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(store.dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.starts_with('.'))
        .collect();
    names.sort();
    names
}

#[test]
fn two_copies_appending_keep_both_additions() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    saved_game(&store, "g");
    // The record is made once, so that both copies go on from it.
    Reviewing::open(&store, "g").add(comment(&[], "the game"));
    let writers: Vec<_> = (0..2u8)
        .map(|writer| {
            let store = store.clone();
            std::thread::spawn(move || {
                let mut review = Reviewing::open(&store, "g");
                for n in 0..20u8 {
                    review.add(comment(&[0, 0], &format!("writer {writer} line {n:02}")));
                    review.add(tried(&[0], Color::White, 3 + writer * 4, n % 9));
                }
                review
            })
        })
        .collect();
    let reviews: Vec<Reviewing> = writers.into_iter().map(|w| w.join().unwrap()).collect();
    assert!(store.journal_path("g").exists(), "{:?}", files(&store));
    let kept = store.kept_record("g").unwrap().unwrap();
    let said = kept.comment_at(&path(&[0, 0])).unwrap();
    for writer in 0..2 {
        for n in 0..20 {
            let line = format!("writer {writer} line {n:02}");
            assert_eq!(said.matches(&line).count(), 1, "{line} in {said}");
        }
    }
    // Both writers' tries, each once: the main line's move and 2 × 9.
    assert_eq!(kept.children(&path(&[0])), 1 + 18);
    // Each copy went on from what the other wrote.
    for review in reviews {
        assert_eq!(review.own.children(&path(&[0])), kept.children(&path(&[0])));
    }
    // The end of a review folds the journal into the record.
    RecordKeeper::new(store.clone(), "g").fold().unwrap();
    assert!(!store.journal_path("g").exists());
    let folded = std::fs::read_to_string(store.record_path("g")).unwrap();
    assert_eq!(folded, kept.write());
    assert_eq!(store.kept_record("g").unwrap().unwrap(), kept);
}

/// Each way a fold may be cut short by a kill: before it begins, with
/// the journal marked, with the record written but the journal still
/// there. Whatever the files hold, the record read is the one with every
/// addition once; the next copy adds to it and folds it, and nothing is
/// lost or doubled.
#[test]
fn a_kill_between_journal_and_fold_loses_nothing() {
    for stop in [None, Some(Stop::Marked), Some(Stop::Written)] {
        let dir = tempfile::tempdir().unwrap();
        let store = GameStore::new(dir.path());
        saved_game(&store, "g");
        let mut review = Reviewing::open(&store, "g");
        review.add(comment(&[0], "before the kill"));
        review.add(tried(&[0], Color::White, 6, 2));
        review.add(comment(&[0, 1], "a variation"));
        let before = store.kept_record("g").unwrap().unwrap();
        assert_eq!(before, review.own);
        if let Some(stop) = stop {
            review.keeper.fold_until(Some(stop)).unwrap();
        }
        drop(review);
        let after_kill = store.kept_record("g").unwrap().unwrap();
        assert_eq!(after_kill, before, "{stop:?}: the record as it was");
        let text = after_kill.write();
        assert_eq!(text.matches("before the kill").count(), 1, "{stop:?}");
        assert_eq!(text.matches("W[gc]").count(), 1, "{stop:?}");

        // The next run of kaisho adds to it and folds it at the end.
        let mut next = Reviewing::open(&store, "g");
        assert_eq!(next.own, before, "{stop:?}");
        next.add(comment(&[0, 1], "after the kill"));
        let mut expected = before.clone();
        expected.apply(&comment(&[0, 1], "after the kill")).unwrap();
        assert_eq!(store.kept_record("g").unwrap().unwrap(), expected);
        next.keeper.fold().unwrap();
        assert!(!store.journal_path("g").exists(), "{stop:?}");
        assert_eq!(
            std::fs::read_to_string(store.record_path("g")).unwrap(),
            expected.write(),
            "{stop:?}"
        );
        assert_eq!(
            files(&store),
            ["g.kgl", "g.sgf"],
            "{stop:?}: no file left over"
        );
    }
}

/// A journal past its bound is folded on the addition that passes it,
/// without the review noticing: each addition is still kept once.
#[test]
fn a_journal_past_its_bound_is_folded_as_it_goes() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    saved_game(&store, "g");
    let mut review = Reviewing::open(&store, "g");
    let mut folds = 0;
    let mut grown = 0;
    for n in 0..81u8 {
        let at = review.add(tried(&[0], Color::White, n % 9, n / 9));
        for part in ["first", "second"] {
            let text = format!("{n:02} {part} {}", "x".repeat(1900));
            review.add(TreeEdit::Comment {
                at: at.clone(),
                text,
            });
            let now = std::fs::metadata(store.journal_path("g")).map_or(0, |m| m.len());
            if now < grown {
                folds += 1;
            }
            grown = now;
        }
    }
    assert!(folds >= 1, "the journal was folded on the way");
    assert!(
        grown <= kaisho_saves::limits::JOURNAL_FOLD_BYTES + 8 * 1024,
        "{grown}"
    );
    let kept = store.kept_record("g").unwrap().unwrap();
    let text = kept.write();
    for n in 0..81 {
        for part in ["first", "second"] {
            let said = format!("{n:02} {part} ");
            assert_eq!(text.matches(&said).count(), 1, "{said}");
        }
    }
    assert_eq!(kept, review.own);
}

/// The golden files of review journal format 1: a record and the journal
/// of a review's additions to it, as this format writes them.
const GOLDEN_V1: &str = "tests/golden/review-journal-v1";

/// What the golden record reads as with its journal's additions.
const GOLDEN_V1_READ: &str = "(;CA[UTF-8]GM[1]FF[4]SZ[9]KM[6.5]PB[Aki]PW[Ben]C[検討: 黒の布石]\
;B[ee]\n(;W[cc];B[gg])\n(;W[gc]C[a calmer answer];B[];W[gg]C[thick]))\n";

/// A copy of the golden record and journal in a folder of their own.
fn golden_copy() -> (tempfile::TempDir, GameStore) {
    let dir = tempfile::tempdir().unwrap();
    for name in ["g.sgf", "g.review"] {
        std::fs::copy(format!("{GOLDEN_V1}/{name}"), dir.path().join(name)).unwrap();
    }
    let store = GameStore::new(dir.path());
    (dir, store)
}

#[test]
fn golden_v1_review_journal_loads() {
    let (dir, store) = golden_copy();
    let kept = store.kept_record("g").unwrap().unwrap();
    assert_eq!(kept.write(), GOLDEN_V1_READ);
    assert_eq!(
        std::fs::read(dir.path().join("g.review")).unwrap(),
        std::fs::read(format!("{GOLDEN_V1}/g.review")).unwrap(),
        "reading changes nothing"
    );
}

/// Writes the golden files of review journal format 1; run by hand only
/// when the format is first released.
#[test]
#[ignore = "writes the golden review journal of format version 1"]
fn write_golden_v1_review_journal() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let record = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Aki]PW[Ben];B[ee];W[cc];B[gg])";
    let tree = SgfTree::parse(record).unwrap();
    store.keep_record("g", &tree).unwrap();
    let settings = kaisho_saves::sgf::parse(record).unwrap().settings;
    let mut log = store
        .create(&header_with("g", ["Aki", "Ben"], settings))
        .unwrap();
    for (color, point) in [
        (Color::Black, "E5"),
        (Color::White, "C7"),
        (Color::Black, "G3"),
    ] {
        log.append(&play(color, point), None).unwrap();
    }
    let mut review = Reviewing::open(&store, "g");
    let answer = review.add(tried(&[0], Color::White, 6, 2));
    review.add(TreeEdit::Comment {
        at: answer.clone(),
        text: "a calmer answer".into(),
    });
    let pass = review.add(TreeEdit::Try {
        at: answer,
        color: Color::Black,
        point: None,
    });
    let thick = review.add(TreeEdit::Try {
        at: pass,
        color: Color::White,
        point: Some(Point::new(6, 6)),
    });
    review.add(comment(&[], "検討: 黒の布石"));
    review.add(TreeEdit::Comment {
        at: thick,
        text: "thick".into(),
    });
    std::fs::create_dir_all(GOLDEN_V1).unwrap();
    for name in ["g.sgf", "g.review"] {
        std::fs::copy(dir.path().join(name), format!("{GOLDEN_V1}/{name}")).unwrap();
    }
    assert_eq!(
        store.kept_record("g").unwrap().unwrap().write(),
        GOLDEN_V1_READ
    );
}

/// A journal is applied only to the record it was written for, and a
/// record damaged before its last is never skipped: either is an error
/// naming the journal, and both files are left as they are.
#[test]
fn a_journal_for_another_record_or_damaged_inside_is_an_error_naming_it() {
    use kaisho_saves::journal::JournalProblem;
    use kaisho_saves::log::LogError;
    let (_dir, store) = golden_copy();
    let journal = std::fs::read(store.journal_path("g")).unwrap();
    let record = std::fs::read(store.record_path("g")).unwrap();

    let other = String::from_utf8(record.clone())
        .unwrap()
        .replace("B[gg]", "B[gg]C[edited]");
    std::fs::write(store.record_path("g"), other).unwrap();
    match store.kept_record("g") {
        Err(
            e @ LogError::ReviewJournal {
                problem: JournalProblem::OtherRecord,
                ..
            },
        ) => {
            assert!(e.to_string().contains("g.review"), "{e}");
        }
        other => panic!("expected another record, got {other:?}"),
    }
    std::fs::write(store.record_path("g"), &record).unwrap();

    let mut damaged = journal.clone();
    damaged[40] ^= 0x55;
    std::fs::write(store.journal_path("g"), &damaged).unwrap();
    assert!(matches!(
        store.kept_record("g"),
        Err(LogError::ReviewJournal {
            problem: JournalProblem::Damaged { record: 1, .. },
            ..
        })
    ));
    assert_eq!(std::fs::read(store.journal_path("g")).unwrap(), damaged);
}
