//! `kaisho replay --json` over the whole GNU Go corpus in tests/corpus/: the
//! binary refuses no move GNU Go accepted, and its JSON report equals the
//! sidecar GNU Go's final position was recorded in (same keys by design).

use serde_json::Value;
use std::path::Path;
use std::process::Command;

#[test]
fn kaisho_replay_agrees_with_gnugo_on_every_corpus_record() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let mut files = Vec::new();
    for kind in ["random", "selfplay"] {
        let dir = std::fs::read_dir(corpus.join(kind)).expect("the corpus is checked in");
        files.extend(
            dir.map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "sgf")),
        );
    }
    assert!(files.len() >= 2000, "only {} records", files.len());
    let out = Command::new(env!("CARGO_BIN_EXE_kaisho"))
        .arg("replay")
        .arg("--json")
        .args(&files)
        .output()
        .unwrap();
    let reports: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), files.len());
    for (file, report) in files.iter().zip(&reports) {
        let sidecar = std::fs::read_to_string(file.with_extension("json")).unwrap();
        let expected: Value = serde_json::from_str(&sidecar).unwrap();
        assert_eq!(report["error"], Value::Null, "{}", file.display());
        for key in ["size", "board", "captures", "moves"] {
            assert_eq!(report[key], expected[key], "{key} of {}", file.display());
        }
    }
    assert!(out.status.success());
}
