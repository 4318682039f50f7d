//! The stopped positions of the committed corpora, for the benches
//! that time the draft on them (`core/benches/life.rs`,
//! `tui/benches/draft.rs`, which include this file by path), and for the
//! tests that read one record's position; each includer uses a part.
#![allow(dead_code)]

use kaisho_core::Board;
use std::path::Path;

/// Every board of `size` in the records of `tests/corpus/{set}`: the
/// `size` rows after each `position` line of each record whose first line
/// gives that size (the finished game and, in the GNU Go sets, the same
/// game cut after a quarter and after half of its moves). `manifest` is
/// the including crate's directory, one below the workspace.
pub fn stopped(manifest: &str, set: &str, size: usize) -> Vec<Board> {
    records(manifest, set)
        .iter()
        .flat_map(|file| positions(file, size))
        .map(|(_, board)| board)
        .collect()
}

/// The finished position of every record of `size` in `tests/corpus/{set}`.
pub fn finished_games(manifest: &str, set: &str, size: usize) -> Vec<Board> {
    records(manifest, set)
        .iter()
        .flat_map(|file| positions(file, size))
        .filter_map(|(stage, board)| (stage == "finished").then_some(board))
        .collect()
}

/// The record files of `tests/corpus/{set}`, sorted.
fn records(manifest: &str, set: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(manifest).join("../tests/corpus").join(set);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the records of a corpus set")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

/// The finished position of the record `game` in `tests/corpus/{set}`.
pub fn finished(manifest: &str, set: &str, game: &str, size: usize) -> Board {
    let file = Path::new(manifest)
        .join("../tests/corpus")
        .join(set)
        .join(format!("{game}.txt"));
    positions(&file, size)
        .into_iter()
        .find_map(|(stage, board)| (stage == "finished").then_some(board))
        .expect("a finished position in the record")
}

/// The stage and board of each position of the record in `file`, if its
/// first line gives the board `size`.
fn positions(file: &Path, size: usize) -> Vec<(String, Board)> {
    let text = std::fs::read_to_string(file).expect("a readable record");
    let lines: Vec<&str> = text.lines().collect();
    let words: Vec<&str> = lines
        .first()
        .map_or(Vec::new(), |l| l.split_whitespace().collect());
    if !words
        .windows(2)
        .any(|w| w == ["size", size.to_string().as_str()])
    {
        return Vec::new();
    }
    lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| {
            let stage = line.strip_prefix("position ")?.split_whitespace().next()?;
            let rows = &lines[i + 1..=i + size];
            let board = Board::from_rows(rows).expect("a stored position");
            Some((stage.to_string(), board))
        })
        .collect()
}
