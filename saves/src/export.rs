//! SGF export of saved games: every finished or adjourned game can be
//! written as an FF[4] record that other programs read, with the proposals
//! of the ending, the chat and the watchers' lines (kibitz, which the log
//! does not hold: the host's network task gives them) as comments and the
//! agreed territory as TB/TW marks.

use crate::atomic::{Access, write_atomically};
use crate::log::SavedGame;
use crate::sgf::{self, KibitzLine, Note, SgfRecord, Words};
use kaisho_core::{Color, Event};
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
    // Each chat line goes on the node of the last move standing before it,
    // under the name of the player who said it.
    for line in &saved.contents.chat {
        let from = match line.from {
            Color::Black => &header.black.name,
            Color::White => &header.white.name,
        };
        record.comment_after(
            moves_before(saved, line.after_event),
            &format!("[{from}] {}", line.text),
        );
    }
    record
}

/// The moves standing after the first `events` events of the game (all
/// of them, when it names more).
fn moves_before(saved: &SavedGame, events: u32) -> usize {
    let all = &saved.contents.events;
    let n = usize::try_from(events).map_or(all.len(), |n| n.min(all.len()));
    let mut movers = Vec::new();
    for logged in &all[..n] {
        match logged.event {
            Event::Play { .. } | Event::Pass { .. } => movers.push(logged.event.actor()),
            // The reply of the one who consents goes with the asker's move.
            Event::AcceptUndo { by } => {
                if movers.last() == Some(&by) {
                    movers.pop();
                }
                movers.pop();
            }
            _ => {}
        }
    }
    movers.len()
}

/// Puts the watchers' lines into `record` as comments, each on the node
/// of the last move standing when it was said, in the front end's
/// `words`.
pub fn add_kibitz(
    record: &mut SgfRecord,
    saved: &SavedGame,
    kibitz: &[KibitzLine],
    words: Words<'_>,
) {
    let size = saved.game.settings().size.get();
    for line in kibitz {
        let note = Note::Kibitz {
            name: &line.name,
            text: &line.text,
        };
        record.comment_after(moves_before(saved, line.after_event), &words(note, size));
    }
}

/// Writes the saved game as SGF to `path`, atomically.
pub fn export_to(saved: &SavedGame, path: &Path, words: Words<'_>) -> std::io::Result<()> {
    write_record(&record_of(saved, words), path)
}

/// Writes `record` as SGF to `path`, atomically.
pub fn write_record(record: &SgfRecord, path: &Path) -> std::io::Result<()> {
    write_atomically(path, sgf::write(record).as_bytes(), Access::Normal)
}

/// Where the export of the saved game goes in `dir`: `<game id>.sgf`.
#[must_use]
pub fn path_in(saved: &SavedGame, dir: &Path) -> PathBuf {
    dir.join(format!("{}.sgf", saved.contents.header.game_id))
}

/// Writes the saved game to `dir/<game id>.sgf` and returns the path.
pub fn export_into(saved: &SavedGame, dir: &Path, words: Words<'_>) -> std::io::Result<PathBuf> {
    let path = path_in(saved, dir);
    export_to(saved, &path, words)?;
    Ok(path)
}
