//! SGF throughput: the GNU Go corpus (tests/corpus) parsed and replayed
//! under the rules, reported as moves per second; and a review's additions
//! to a tree, 5,000 passes tried one after another down one line.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use kaisho_core::{Color, Game};
use kaisho_saves::sgf::{self, NodePath, SgfTree, TreeEdit};
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

fn corpus() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let mut texts = Vec::new();
    for kind in ["random", "selfplay"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(kind))
            .expect("the corpus is in tests/corpus")
            .map(|e| e.expect("readable folder").path())
            .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
            .collect();
        paths.sort();
        texts.extend(
            paths
                .iter()
                .map(|p| std::fs::read_to_string(p).expect("readable record")),
        );
    }
    texts
}

fn parse_and_replay(texts: &[String]) -> u64 {
    let mut moves = 0;
    for text in texts {
        let record = sgf::parse(text).expect("corpus records parse");
        let game = Game::replay(record.settings.clone(), &record.events()).expect("legal");
        moves += u64::from(game.move_number());
    }
    moves
}

fn sgf_throughput(c: &mut Criterion) {
    let texts = corpus();
    let moves = parse_and_replay(&texts);
    let bytes: usize = texts.iter().map(String::len).sum();
    println!("{} records, {moves} moves, {bytes} bytes", texts.len());
    let mut group = c.benchmark_group("sgf_corpus");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.throughput(Throughput::Elements(moves));
    group.bench_function("parse_and_replay", |b| {
        b.iter(|| parse_and_replay(black_box(&texts)))
    });
    group.throughput(Throughput::Elements(texts.len() as u64));
    group.bench_function("parse_only", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| sgf::parse(black_box(t)).expect("parses").moves.len())
                .sum::<usize>()
        })
    });
    group.finish();
}

/// Each pass after the node the one before landed on, as `try pass` steps
/// a review: the line grows to the 5,000 nodes a record holds, and the last
/// pass is refused.
fn passes_down_a_line(tree: &mut SgfTree) -> NodePath {
    let mut at = NodePath::root();
    for n in 0..5_000 {
        let color = if n % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let edit = TreeEdit::Try {
            at: at.clone(),
            color,
            point: None,
        };
        match tree.apply(&edit) {
            Ok(landed) => at = landed,
            Err(_) => break,
        }
    }
    at
}

fn review_additions(c: &mut Criterion) {
    let tree = SgfTree::parse("(;GM[1]FF[4]SZ[9]KM[6.5])").expect("a tree");
    let mut group = c.benchmark_group("review");
    group.sample_size(10);
    group.bench_function("5000_passes_tried_down_one_line", |b| {
        b.iter_batched(
            || tree.clone(),
            |mut tree| black_box(passes_down_a_line(&mut tree)),
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, sgf_throughput, review_additions);
criterion_main!(benches);
