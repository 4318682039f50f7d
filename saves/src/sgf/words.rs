//! The comments an SGF export writes about a game, as facts for the front
//! end to put into words: saves holds no sentences of its own, so a
//! record's comments come out in the players' language.

use kaisho_core::confirm::Verdict;
use kaisho_core::{Color, Event, Outcome};

/// One comment an export writes, before it is put into words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note<'a> {
    /// An event that is not a move, applied after `moves` moves of the main
    /// line; `proposal` numbers the proposals so far from 1 (this one
    /// included), and `outcome` is the result when the event ended the game.
    Event {
        event: &'a Event,
        moves: u32,
        proposal: u32,
        outcome: Option<Outcome>,
    },
    /// A move (a stone or a pass) taken back by `by`'s consent (待った),
    /// which leaves the main line and stays as a comment.
    Withdrawn { event: &'a Event, by: Color },
    /// What a play-out (確認) showed, on the last node of its variation.
    Verdict(&'a Verdict),
    /// The game comment of a game both players lost, for which SGF's `RE`
    /// has no value.
    BothLose,
    /// A watcher's line (kibitz), kept from the players until the game
    /// ended.
    Kibitz { name: &'a str, text: &'a str },
}

/// A watcher's line (kibitz): who said it, what, and after how many of
/// the game's events; an export puts it on that node as a comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KibitzLine {
    pub after_event: u32,
    pub name: String,
    pub text: String,
}

/// The front end's words for a comment on a board of `size` lines.
pub type Words<'a> = &'a dyn Fn(Note<'_>, u8) -> String;
