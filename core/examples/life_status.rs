//! Reads a stopped position as ASCII rows on stdin (`X` Black, `O` White,
//! `.` empty, top row first; lines starting with `#` are skipped) and
//! prints the Article 7 verdict on every chain:
//! `cargo run -p kaisho-core --example life_status < board.txt`.

use kaisho_core::Board;
use kaisho_core::life::{self, Limits};
use std::io::Read;
use std::time::Instant;

fn main() {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("cannot read the board from stdin: {e}");
        std::process::exit(2);
    }
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let board = match Board::from_rows(&rows) {
        Ok(board) => board,
        Err(e) => {
            eprintln!("{e}: give one line per row of the board");
            std::process::exit(2);
        }
    };
    let start = Instant::now();
    let analysis = life::analyse(&board, &Limits::default());
    let elapsed = start.elapsed();
    for chain in &analysis.chains {
        println!(
            "{} {:>4} ({:>3} stones) {:?}: {:?}",
            chain.color.letter(),
            chain.stones[0].to_gtp(board.size()),
            chain.stones.len(),
            chain.status,
            chain.reason
        );
    }
    println!("{} nodes in {elapsed:?}", analysis.nodes);
}
