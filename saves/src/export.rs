//! SGF export of saved games: every finished or adjourned game can be
//! written as an FF[4] record that other programs read, with the proposals
//! of the ending, the chat and the watchers' lines (kibitz, which the log
//! holds once the players may see them; lines the network task gives that
//! the log does not yet hold are added) as comments and the agreed
//! territory as TB/TW marks.

use crate::atomic::{Access, write_atomically};
use crate::log::{LogError, SavedGame, day_of};
use crate::sgf::{self, KibitzLine, Note, SgfProperty, SgfRecord, SgfTree, TimeLeft, Words};
use kaisho_core::clock::{Clock, TimeControl};
use kaisho_core::{Color, Event};
use std::path::{Path, PathBuf};

/// Why an SGF export did not happen; the game log itself stays safe.
#[derive(Debug)]
pub enum ExportFailure {
    /// The game log could not be read.
    Load(LogError),
    /// The SGF file could not be written into `exports`.
    Write {
        exports: PathBuf,
        log: PathBuf,
        error: std::io::Error,
    },
}

/// The SGF record of a saved game, its comments in the front end's `words`
/// (the chat as it was typed); an imported game's with the date, the game
/// comment and the main line's comments of the record it came from, so
/// that its review shows them.
#[must_use]
pub fn record_of(saved: &SavedGame, words: Words<'_>) -> SgfRecord {
    let header = &saved.contents.header;
    let kept = saved.kept.as_ref().and_then(SgfTree::record);
    let date = kept
        .as_ref()
        .and_then(|k| k.date.clone())
        .unwrap_or_else(|| day_of(header.created_unix));
    let mut record = SgfRecord::from_game(
        &saved.game,
        &header.black.name,
        &header.white.name,
        &date,
        words,
    );
    if let Some(kept) = kept {
        add_kept_comments(&mut record, kept);
    }
    if let Some(control) = header.clock {
        time_control(&mut record, control);
        time_left(&mut record, saved, control);
    }
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
    add_kibitz(&mut record, saved, &saved.contents.kibitz, words);
    record
}

/// The comments of the record an imported game came from, each before
/// kaisho's own on its node, and its game comment where kaisho has none.
fn add_kept_comments(record: &mut SgfRecord, kept: SgfRecord) {
    let first = |kept: Option<String>, own: Option<String>| match (kept, own) {
        (Some(kept), Some(own)) => Some(format!("{kept}\n{own}")),
        (kept, own) => kept.or(own),
    };
    record.root_comment = first(kept.root_comment, record.root_comment.take());
    record.game_comment = kept.game_comment.or(record.game_comment.take());
    for (m, k) in record.moves.iter_mut().zip(kept.moves) {
        m.comment = first(k.comment, m.comment.take());
    }
}

/// `TM` (main time in seconds) and, for byo-yomi, `OT` (`3x30 byo-yomi`)
/// of a clocked game, so that other programs show how it was timed.
fn time_control(record: &mut SgfRecord, control: TimeControl) {
    let (main_ms, periods, period_ms) = control.parts();
    if control == TimeControl::None {
        return;
    }
    let mut kept = |identifier: &str, value: String| {
        record.extra.push(SgfProperty {
            identifier: identifier.to_string(),
            values: vec![value],
        });
    };
    kept("TM", (main_ms / 1000).to_string());
    if periods > 0 {
        kept("OT", format!("{periods}x{} byo-yomi", period_ms / 1000));
    }
}

/// Each standing move's `BL`/`WL`: its player's clock after it, booked
/// from the time each move used as the log holds it. A move taken back
/// keeps the time it used spent, as the clocks did in play.
fn time_left(record: &mut SgfRecord, saved: &SavedGame, control: TimeControl) {
    let mut clocks = [Clock::new(control); 2];
    let mut moves = 0usize;
    for logged in &saved.contents.events {
        match logged.event {
            Event::Play { color, .. } | Event::Pass { color } => {
                let clock = &mut clocks[color.index()];
                if let Some(used) = logged.time_used_ms {
                    let _ = clock.spend(u64::from(used));
                }
                if let Some(m) = record.moves.get_mut(moves) {
                    m.time_left = Some(left_on(clock));
                }
                moves += 1;
            }
            Event::AcceptUndo { .. } => moves = moves.saturating_sub(1),
            _ => {}
        }
    }
}

/// A clock as SGF gives it: main time while it lasts, then the period's
/// length and the periods left.
fn left_on(clock: &Clock) -> TimeLeft {
    match clock.control() {
        TimeControl::Byoyomi {
            period_ms, periods, ..
        } if clock.main_left_ms() == 0 && periods > 0 => TimeLeft {
            seconds: period_ms / 1000,
            periods: Some(clock.periods_left()),
        },
        _ => TimeLeft {
            seconds: clock.main_left_ms() / 1000,
            periods: None,
        },
    }
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
    write_record(saved, &record_of(saved, words), path)
}

/// The SGF text of the saved game whose record is `record`: for an
/// imported game, the whole record it was made from (every property,
/// comment and variation), with the moves played since at the end of its
/// main line; for a game played in kaisho, `record` itself.
#[must_use]
pub fn text_of(saved: &SavedGame, record: &SgfRecord) -> String {
    match &saved.kept {
        Some(tree) => tree.with_moves_of(record).write(),
        None => sgf::write(record),
    }
}

/// The tree of the saved game whose record is `record`, as its export
/// writes it: what a review of it steps through and adds to. `None` only
/// for a record larger than a tree is read ([`sgf::MAX_TREE_BYTES`]).
#[must_use]
pub fn tree_of(saved: &SavedGame, record: &SgfRecord) -> Option<SgfTree> {
    SgfTree::parse(&text_of(saved, record))
}

/// Writes the saved game whose record is `record` as SGF to `path`,
/// atomically.
pub fn write_record(saved: &SavedGame, record: &SgfRecord, path: &Path) -> std::io::Result<()> {
    write_atomically(path, text_of(saved, record).as_bytes(), Access::Normal)
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
