//! The stopped positions of the committed GNU Go records, for the benches
//! that time the draft on them (`core/benches/life.rs`,
//! `tui/benches/draft.rs`, which include this file by path).

use kaisho_core::Board;
use std::path::Path;

/// Every board of `size` in `tests/corpus/life/*-{size}.txt`: the `size`
/// rows after each `position` line (each finished game, and the same game
/// cut after a quarter and after half of its moves). `manifest` is the
/// including crate's directory, one below the workspace.
pub fn stopped(manifest: &str, size: usize) -> Vec<Board> {
    let dir = Path::new(manifest).join("../tests/corpus/life");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the records in tests/corpus/life")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.to_string_lossy().ends_with(&format!("-{size}.txt")))
        .collect();
    files.sort();
    let mut boards = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a readable record");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("position ") {
                let rows = &lines[i + 1..=i + size];
                boards.push(Board::from_rows(rows).expect("a stored position"));
            }
        }
    }
    boards
}
