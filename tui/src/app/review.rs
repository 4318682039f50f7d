//! The review screen: a finished game or an imported SGF record, stepped
//! through move by move. Each position is the rules engine's replay of the
//! moves before it, so captures, the ko point and the last move are the
//! engine's, not the file's.

use super::command::Command;
use super::prompt::{Field, Prompt};
use super::text::moves_text;
use super::update::Out;
use super::{Screen, State};
use kaisho_core::{Event, Game};
use kaisho_saves::export::record_of;
use kaisho_saves::log::SavedGame;
use kaisho_saves::sgf::{self, SgfRecord};
use kaisho_saves::visible::visible;
use std::path::Path;

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
    pub refusal: Option<String>,
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
    pub fn new(title: String, record: SgfRecord, ending: Option<Game>) -> Result<Review, String> {
        let events = record.events();
        let mut game = Game::new(record.settings.clone())
            .map_err(|e| format!("{title}: the set-up cannot be played: {e}"))?;
        let start = game.clone();
        let mut cuts = vec![0];
        let mut refusal = None;
        for (i, event) in events.iter().enumerate() {
            if let Err(e) = game.apply(event.clone()) {
                refusal = Some(format!(
                    "move {} is refused by the rules ({e}); the review stops before it",
                    cuts.len()
                ));
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
    pub fn from_saved(saved: &SavedGame, lang: crate::words::Lang) -> Result<Review, String> {
        let header = &saved.contents.header;
        let title = format!(
            "{}: {} v {}",
            header.game_id, header.black.name, header.white.name
        );
        Review::new(
            title,
            record_of(saved, &crate::words::sgf_words(lang)),
            Some(saved.game.clone()),
        )
    }

    /// Reads an SGF file for review; the error says what is wrong and where.
    pub fn import(path: &Path) -> Result<Review, String> {
        let record = sgf::read_file(path).map_err(|e| e.to_string())?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        Review::new(name, record, None)
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

/// The keys of the review screen.
pub(super) fn run(state: &mut State, command: Command, out: &mut Out) {
    let Screen::Review(review) = &mut state.screen else {
        return;
    };
    // Every step says where it landed, so no earlier "move k of n" stays
    // on the message line after the position changed.
    match command {
        Command::Left => review.go(review.at.saturating_sub(1)),
        Command::Right => {
            if review.at == review.moves()
                && let Some(why) = &review.refusal
            {
                out.refuse(why.clone());
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
    out.say(format!("move {} of {}", review.at, review.moves()));
}

/// Opens an SGF file for review.
pub(super) fn import(state: &mut State, path: &str, out: &mut Out) {
    let path = path.trim();
    if path.is_empty() {
        return;
    }
    match Review::import(Path::new(path)) {
        Ok(mut review) => {
            review.from_games = matches!(state.screen, Screen::Games(_));
            let mut text = format!(
                "reviewing {}: {}",
                review.title,
                moves_text(review.moves() as u64)
            );
            if let Some(why) = &review.refusal {
                text = format!("{text}; {why}");
            }
            state.screen = Screen::Review(Box::new(review));
            out.say(text);
        }
        Err(e) => out.refuse(e),
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
