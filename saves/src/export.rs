//! SGF export of saved games: every finished or adjourned game can be
//! written as an FF[4] record that other programs read, with the proposals
//! of the ending and the chat as comments and the agreed territory as
//! TB/TW marks.

use crate::atomic::{Access, write_atomically};
use crate::log::SavedGame;
use crate::sgf::{self, SgfRecord, Words};
use kaisho_core::Event;
use std::path::{Path, PathBuf};

/// The SGF record of a saved game, its comments in the front end's `words`
/// (the chat as it was typed).
#[must_use]
pub fn record_of(saved: &SavedGame, words: Words<'_>) -> SgfRecord {
    let header = &saved.contents.header;
    let date = time::OffsetDateTime::from_unix_timestamp(header.created_unix)
        .map(|t| t.date().to_string())
        .unwrap_or_default();
    let mut record = SgfRecord::from_game(
        &saved.game,
        &header.black.name,
        &header.white.name,
        &date,
        words,
    );
    // Each chat line goes on the node of the last move standing before it.
    let moves_before = |events: u32| {
        saved.contents.events[..events as usize]
            .iter()
            .fold(0usize, |moves, l| match l.event {
                Event::Play { .. } | Event::Pass { .. } => moves + 1,
                Event::AcceptUndo { .. } => moves.saturating_sub(1),
                _ => moves,
            })
    };
    for line in &saved.contents.chat {
        record.comment_after(
            moves_before(line.after_event),
            &format!("[{}] {}", line.from, line.text),
        );
    }
    record
}

/// Writes the saved game as SGF to `path`, atomically.
pub fn export_to(saved: &SavedGame, path: &Path, words: Words<'_>) -> std::io::Result<()> {
    write_atomically(
        path,
        sgf::write(&record_of(saved, words)).as_bytes(),
        Access::Normal,
    )
}

/// Writes the saved game to `dir/<game id>.sgf` and returns the path.
pub fn export_into(saved: &SavedGame, dir: &Path, words: Words<'_>) -> std::io::Result<PathBuf> {
    let path = dir.join(format!("{}.sgf", saved.contents.header.game_id));
    export_to(saved, &path, words)?;
    Ok(path)
}
