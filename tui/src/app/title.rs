//! What a game's panel is headed with, kept as what it is and worded when
//! drawn, so that it follows the language in force.

use crate::words::{Lang, Note, note};

/// A game's heading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Title {
    /// A game at one keyboard.
    Local,
    /// A game at one keyboard whose log could not be made.
    Unsaved,
    /// Game `number` of series `id`.
    SeriesGame { id: String, number: u32 },
    /// Black's and White's names.
    Versus([String; 2]),
}

impl Title {
    /// The heading in `lang`.
    #[must_use]
    pub fn words(&self, lang: Lang) -> String {
        match self {
            Title::Local => note(lang, Note::LocalTitle),
            Title::Unsaved => note(lang, Note::UnsavedTitle),
            Title::SeriesGame { id, number } => note(
                lang,
                Note::SeriesGameTitle {
                    id,
                    number: *number,
                },
            ),
            Title::Versus([black, white]) => note(lang, Note::Versus([black, white])),
        }
    }
}
