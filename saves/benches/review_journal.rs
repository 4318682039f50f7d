//! What one addition of a review costs on a record of 5,000 nodes: a
//! comment appended to the record's journal and flushed, as a review keeps
//! it now, beside the way it was kept before, the saved game and its
//! record read again and the whole record written atomically with a flush.

mod common;

use common::header;
use criterion::{Criterion, criterion_group, criterion_main};
use kaisho_core::{Color, Event, Point};
use kaisho_saves::export;
use kaisho_saves::kept_review::RecordKeeper;
use kaisho_saves::log::GameStore;
use kaisho_saves::sgf::{Applied, NodePath, Note, SgfTree, TreeEdit};
use std::time::Duration;

fn words(note: Note<'_>, _: u8) -> String {
    format!("{note:?}")
}

/// A saved game of three moves whose record holds 5,000 nodes: the line
/// of passes a review tried after its last move, as deep as a record may
/// be.
fn record_of_5000_nodes(store: &GameStore) -> SgfTree {
    let mut log = store.create(&header("g")).expect("new log");
    for (n, point) in [(3, 3), (15, 15), (3, 15)].into_iter().enumerate() {
        let color = if n % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let event = Event::Play {
            color,
            point: Point::new(point.0, point.1),
        };
        log.append(&event, None).expect("append");
    }
    let saved = store.load("g").expect("the game");
    let mut tree = export::tree_of(&saved, &export::record_of(&saved, &words)).expect("a tree");
    let mut at = tree.line_from(&NodePath::root());
    let mut color = Color::Black;
    while tree.nodes() < 5_000 {
        at = tree
            .apply(&TreeEdit::Try {
                at,
                color,
                point: None,
            })
            .expect("a pass");
        color = color.opponent();
    }
    store.keep_record("g", &tree).expect("the record");
    tree
}

/// The `n`th comment, on a node of `line` by turns.
fn comment(line: &NodePath, n: usize) -> Applied {
    let at = line.prefix(n % line.depth());
    Applied {
        edit: TreeEdit::Comment {
            at: at.clone(),
            text: format!("comment {n}"),
        },
        landed: at,
    }
}

fn one_addition(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let store = GameStore::new(dir.path());
    let line = record_of_5000_nodes(&store).line_from(&NodePath::root());
    let mut group = c.benchmark_group("review_addition_on_5000_nodes");
    group.measurement_time(Duration::from_secs(20));
    let mut keeper = RecordKeeper::new(store.clone(), "g");
    let mut n = 0;
    group.bench_function("appended_to_the_journal", |b| {
        b.iter(|| {
            n += 1;
            let kept = keeper.keep(&words, &[comment(&line, n)]).expect("kept");
            assert!(kept.moved.is_empty());
        })
    });
    keeper.fold().expect("folded");
    group.bench_function("whole_record_read_and_written_as_before", |b| {
        b.iter(|| {
            n += 1;
            let saved = store.load("g").expect("the game");
            let record = export::record_of(&saved, &words);
            let mut kept = export::tree_of(&saved, &record).expect("a tree");
            kept.replay(&[comment(&line, n)]).expect("applies");
            store.keep_record("g", &kept).expect("written");
        })
    });
    group.finish();
}

criterion_group!(benches, one_addition);
criterion_main!(benches);
