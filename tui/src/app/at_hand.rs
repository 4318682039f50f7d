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

/// Whether the game screen is looking back.
#[must_use]
pub fn looking_back(state: &State) -> bool {
    state.table().is_some_and(|s| s.look.back.is_some())
}

/// Plain mode's `moves` and `look N`: the move list, or the board after
/// the first N moves, as text.
pub(super) fn say(state: &State, command: &Command, out: &mut Out) {
    let Some(session) = state.table() else {
        return out.refuse("no game yet: start one first".to_string());
    };
    let game = &session.game;
    let size = game.settings().size.get();
    let text = match *command {
        Command::ShowMoves => {
            let words = move_words(game, |p| state.naming.name(p, size));
            if words.is_empty() {
                "no moves yet".to_string()
            } else {
                words.join("\n")
            }
        }
        Command::ShowPosition(n) => {
            let Some(shown) = position_after(game, n as usize) else {
                return out.refuse(format!("move {n} cannot be shown"));
            };
            board_text(&Table::from_game(shown), state.naming)
        }
        _ => return,
    };
    out.cmds.push(Cmd::Say(text));
}

/// Carries out the record's commands on the game screen.
pub(super) fn run(state: &mut State, command: &Command, out: &mut Out) {
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
            let shown = if look.numbers { "shown" } else { "hidden" };
            return out.say(format!("move numbers on the stones {shown}"));
        }
        Command::LookBack => last.saturating_sub(1),
        Command::EndLook => {
            look.back = None;
            return out.say("back to the game".to_string());
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
            out.say(format!(
                "looking back: move {to} of {last}; Esc returns to the game"
            ));
        }
        None => out.refuse(format!("move {to} cannot be shown")),
    }
}
