//! The record at hand on the game screen: the keys that show the move list
//! and move numbers and step back through the game so far, and plain
//! mode's `moves` and `look N`.

use super::command::Command;
use super::look::{move_words, position_after};
use super::msg::Cmd;
use super::out::Out;
use super::table::Table;
use super::text::board_text;
use super::{Screen, State};
use crate::words::{Note, note};

/// Whether the game screen is looking back.
#[must_use]
pub fn looking_back(state: &State) -> bool {
    state.table().is_some_and(|s| s.look.back.is_some())
}

/// Plain mode's `moves` and `look N`: the move list, or the board after
/// the first N moves, as text.
pub(super) fn say(state: &State, command: &Command, out: &mut Out) {
    let Some(session) = state.table() else {
        return out.refuse(note(state.naming.lang, Note::NoGameYet));
    };
    let game = &session.game;
    let size = game.settings().size.get();
    let text = match *command {
        Command::ShowMoves => {
            let words = move_words(game, state.naming.lang, |p| state.naming.name(p, size));
            if words.is_empty() {
                note(state.naming.lang, Note::NoMovesYet)
            } else {
                words.join("\n")
            }
        }
        Command::ShowPosition(n) => {
            let Some(shown) = position_after(game, n as usize) else {
                let n = n as usize;
                return out.refuse(note(state.naming.lang, Note::MoveCannotBeShown(n)));
            };
            board_text(&Table::from_game(shown), state.naming)
        }
        _ => return,
    };
    out.cmds.push(Cmd::Say(text));
}

/// Carries out the record's commands on the game screen.
pub(super) fn run(state: &mut State, command: &Command, out: &mut Out) {
    let lang = state.naming.lang;
    let Screen::Game(session) = &mut state.screen else {
        return;
    };
    let look = &mut session.look;
    let last = session.game.standing_moves().count();
    let at = look.back.as_ref().map_or(last, |(at, _)| *at);
    let to = match command {
        Command::ToggleMoves => {
            look.moves = !look.moves;
            return;
        }
        Command::ToggleNumbers => {
            look.numbers = !look.numbers;
            return out.say(note(lang, Note::Numbers(look.numbers)));
        }
        Command::LookBack => last.saturating_sub(1),
        Command::EndLook => {
            look.back = None;
            return out.say(note(lang, Note::BackToGame));
        }
        Command::Left => at.saturating_sub(1),
        Command::Right => (at + 1).min(last),
        Command::First => 0,
        Command::Last => last,
        _ => return,
    };
    match position_after(&session.game, to) {
        Some(game) => {
            look.back = Some((to, game));
            out.say(note(lang, Note::LookingBack { to, last }));
        }
        None => out.refuse(note(lang, Note::MoveCannotBeShown(to))),
    }
}
