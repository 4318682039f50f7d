//! The review screen: a finished game or an imported SGF record, stepped
//! through move by move. Each position is the rules engine's replay of the
//! moves before it, so captures, the ko point and the last move are the
//! engine's, not the file's.

use super::command::Command;
use super::disk::{Job, Then};
use super::out::Out;
use super::prompt::{Field, Prompt};
use super::{Screen, State};
use crate::words::Naming;
use crate::words::{Lang, Note, Say, note, refusal, say};
use kaisho_core::{Event, Game, GameError};
use kaisho_saves::log::SavedGame;
use kaisho_saves::sgf::SgfRecord;
use kaisho_saves::visible::visible;
use std::path::PathBuf;

/// A record's set-up the rules refuse: there is nothing to review.
#[derive(Debug, thiserror::Error)]
#[error("{title}: the set-up cannot be played: {error}")]
pub struct SetupRefused {
    /// The record's title.
    pub title: String,
    /// The board's size, for point names.
    pub size: u8,
    pub error: GameError,
}

impl SetupRefused {
    /// The refusal in `naming`'s language.
    #[must_use]
    pub fn said(&self, naming: Naming) -> String {
        let why = refusal(&self.error, naming, self.size);
        note(
            naming.lang,
            Note::SetupRefused {
                title: &self.title,
                why: &why,
            },
        )
    }
}

/// A record's move the rules refuse: the review stops before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    /// The move's number, from 1.
    pub number: usize,
    pub error: GameError,
}

impl MoveRefused {
    /// The refusal in `naming`'s language.
    #[must_use]
    pub fn said(&self, naming: Naming, size: u8) -> String {
        let why = refusal(&self.error, naming, size);
        let number = self.number;
        note(naming.lang, Note::MoveRefused { number, why: &why })
    }
}

/// A game being reviewed.
#[derive(Debug)]
pub struct Review {
    /// What is reviewed: the game's id or the file's name.
    pub title: String,
    pub record: SgfRecord,
    /// The record's events: its moves, with the resumptions they imply.
    events: Vec<Event>,
    /// `cuts[k]`: how many events lead to the position after `k` moves.
    cuts: Vec<usize>,
    /// Why the replay stops before the record's end, if it does.
    pub refusal: Option<MoveRefused>,
    /// Moves shown: the position after this many moves.
    pub at: usize,
    /// The position after `at` moves.
    pub game: Game,
    /// A saved game as it ended, agreed count included, shown at the end.
    ending: Option<Game>,
    /// Whether Esc goes back to the saved-games list (or home).
    pub from_games: bool,
}

impl Review {
    /// Reviews `record`; `ending` is the finished game, when known, whose
    /// count is shown at the last move.
    ///
    /// # Errors
    /// The record's set-up is refused by the rules.
    pub fn new(
        title: String,
        record: SgfRecord,
        ending: Option<Game>,
    ) -> Result<Review, SetupRefused> {
        let events = record.events();
        let mut game = match Game::new(record.settings.clone()) {
            Ok(game) => game,
            Err(error) => {
                let size = record.settings.size.get();
                return Err(SetupRefused { title, size, error });
            }
        };
        let start = game.clone();
        let mut cuts = vec![0];
        let mut refusal = None;
        for (i, event) in events.iter().enumerate() {
            if let Err(error) = game.apply(event.clone()) {
                refusal = Some(MoveRefused {
                    number: cuts.len(),
                    error,
                });
                break;
            }
            if matches!(event, Event::Play { .. } | Event::Pass { .. }) {
                cuts.push(i + 1);
            }
        }
        Ok(Review {
            title,
            record,
            events,
            cuts,
            refusal,
            at: 0,
            game: start,
            ending,
            from_games: false,
        })
    }

    /// Reviews a saved game, from its SGF record.
    ///
    /// # Errors
    /// The record's set-up is refused by the rules.
    pub fn from_saved(saved: &SavedGame, record: SgfRecord) -> Result<Review, SetupRefused> {
        let header = &saved.contents.header;
        let title = format!(
            "{}: {} v {}",
            header.game_id, header.black.name, header.white.name
        );
        Review::new(title, record, Some(saved.game.clone()))
    }

    /// The board's size, for point names.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.record.settings.size.get()
    }

    /// Why the replay stops before the record's end, in `naming`'s
    /// language.
    #[must_use]
    pub fn refusal_said(&self, naming: Naming) -> Option<String> {
        Some(self.refusal.as_ref()?.said(naming, self.size()))
    }

    /// The moves of the record that replay under the rules.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.cuts.len() - 1
    }

    /// Shows the position after `k` moves (at most the last one).
    pub fn go(&mut self, k: usize) {
        let k = k.min(self.moves());
        if let Ok(game) = Game::replay(self.record.settings.clone(), &self.events[..self.cuts[k]]) {
            self.game = game;
            self.at = k;
        }
    }

    /// The game to draw: at the last move of a saved game, the game as it
    /// ended, with its agreed count.
    #[must_use]
    pub fn shown(&self) -> &Game {
        match &self.ending {
            Some(ending) if self.at == self.moves() && self.refusal.is_none() => ending,
            _ => &self.game,
        }
    }

    /// The comment of the node shown: the record's root comments before the
    /// first move, the move's comment after it. A comment comes from outside:
    /// its lines keep their breaks, every other control character is made
    /// visible.
    #[must_use]
    pub fn comment(&self) -> Option<String> {
        let text = if self.at == 0 {
            let parts: Vec<&str> = [&self.record.game_comment, &self.record.root_comment]
                .into_iter()
                .filter_map(|c| c.as_deref())
                .collect();
            (!parts.is_empty()).then(|| parts.join("\n"))?
        } else {
            self.record.moves.get(self.at - 1)?.comment.clone()?
        };
        Some(text.lines().map(visible).collect::<Vec<_>>().join("\n"))
    }
}

/// A record opened for review under `title`, with its moves and
/// `notice`, what to know about it.
pub(super) fn reviewing(lang: Lang, title: &str, review: &Review, notice: Option<&str>) -> String {
    let said = Note::Reviewing {
        title,
        moves: review.moves(),
        notice,
    };
    note(lang, said)
}

/// The keys of the review screen.
pub(super) fn run(state: &mut State, command: Command, out: &mut Out) {
    let naming = state.naming;
    let Screen::Review(review) = &mut state.screen else {
        return;
    };
    // Every step says where it landed, so no earlier "move k of n" stays
    // on the message line after the position changed.
    match command {
        Command::Left => review.go(review.at.saturating_sub(1)),
        Command::Right => {
            if review.at == review.moves()
                && let Some(why) = review.refusal_said(naming)
            {
                out.refuse(why);
                return;
            }
            review.go(review.at + 1);
        }
        Command::First => review.go(0),
        Command::Last => review.go(review.moves()),
        Command::GoTo(n) => review.go(n as usize),
        Command::AskMove => {
            state.prompt = Some(Prompt::Text(Field::MoveNumber, String::new()));
            return;
        }
        _ => return,
    }
    let at = Say::ReviewAt {
        at: review.at,
        moves: review.moves(),
    };
    out.say(say(naming.lang, at));
}

/// Asks for an SGF file to open for review.
pub(super) fn import(state: &State, path: &str, out: &mut Out) {
    let path = path.trim();
    if path.is_empty() {
        return;
    }
    let path = PathBuf::from(path);
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let from_games = matches!(state.screen, Screen::Games(_));
    out.disk(Job::ReadSgf { path }, Then::Import { name, from_games });
}

/// The SGF file named `name` read: the review screen shows it.
pub(super) fn imported(
    state: &mut State,
    name: String,
    from_games: bool,
    record: SgfRecord,
    out: &mut Out,
) {
    match Review::new(name, record, None) {
        Ok(mut review) => {
            review.from_games = from_games;
            let why = review.refusal_said(state.naming);
            let text = reviewing(state.naming.lang, &review.title, &review, why.as_deref());
            state.screen = Screen::Review(Box::new(review));
            out.say(text);
        }
        Err(e) => out.refuse(e.said(state.naming)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record's comments reach the review screen with their line breaks
    /// and with every escape sequence made visible, never obeyed.
    #[test]
    fn comments_keep_their_lines_and_show_escapes() {
        let text = "(;GM[1]FF[4]SZ[9]GC[a\nb\u{1b}\\]0;t\u{7}];B[ee]C[\u{1b}[31mred])";
        let record = kaisho_saves::sgf::parse(text).expect("the record reads");
        let mut review = Review::new("t".to_string(), record, None).expect("it replays");
        assert_eq!(review.comment().as_deref(), Some("a\nb␛]0;t␇"));
        review.go(1);
        assert_eq!(review.comment().as_deref(), Some("␛[31mred"));
    }
}
