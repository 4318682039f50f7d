//! 待った by consent: at one keyboard the last move is taken back at once
//! (both players sit there; the request and its acceptance are both
//! recorded); in a network game the request goes to the partner, who
//! accepts or declines. Each player's requests per game are limited by the
//! undo limit in Settings.

use super::command::Command;
use super::out::Out;
use super::{Screen, State};
use crate::words::{Note, note};
use kaisho_core::Event;

/// Carries out `Undo`, `AcceptUndo` or `DeclineUndo` on the game shown.
pub(super) fn run(state: &mut State, command: &Command, out: &mut Out) {
    let limit = state.config.undo_limit;
    let naming = state.naming;
    let Screen::Game(session) = &mut state.screen else {
        return;
    };
    match command {
        Command::Undo => {
            let Some(last) = session.game.standing_moves().last() else {
                return out.refuse(note(naming.lang, Note::NoMoveToTakeBack));
            };
            let asker = match &session.net {
                Some(net) => net.local,
                None => last.color(),
            };
            let asked = session.game.undo_requests(asker);
            if asked >= limit {
                let said = Note::UndoLimit {
                    asker,
                    asked,
                    limit,
                };
                return out.refuse(note(naming.lang, said));
            }
            // At one keyboard the partner sits here: consent is given at
            // once, when the request is stored.
            session.apply(Event::RequestUndo { by: asker }, naming, out);
        }
        Command::AcceptUndo | Command::DeclineUndo => {
            let Some(asker) = session.game.undo_request() else {
                return out.refuse(note(naming.lang, Note::NoUndoToAnswer));
            };
            let by = asker.opponent();
            let event = if *command == Command::AcceptUndo {
                Event::AcceptUndo { by }
            } else {
                Event::DeclineUndo { by }
            };
            session.apply(event, naming, out);
        }
        _ => {}
    }
}
