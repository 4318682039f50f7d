//! A game against a GTP engine, begun from the home menu or resumed from
//! Saved games: the update asks the shell to start the engine's seat, and
//! the game then runs on the network game's screen, fed by the seat's
//! reports exactly as by a partner's.

use super::Cmd;
use super::lobby::Lobby;
use super::net::{EngineGame, EngineTerms, NetRequest};
use super::out::Out;
use super::{Screen, State};
use crate::words::{EngineLine, engine_line};
use kaisho_core::clock::TimeControl;
use kaisho_core::{BoardSize, Color, Komi, Settings};

/// Starts a game against the engine in force, or says why there is none.
pub(super) fn start(state: &mut State, game: EngineGame, out: &mut Out) {
    let settings = BoardSize::new(u32::from(game.size))
        .map_err(|e| e.to_string())
        .and_then(|size| match game.handicap {
            0 => Ok(Settings::even(size, game.komi)),
            n => Settings::handicap(size, n, game.komi).map_err(|e| e.to_string()),
        });
    let settings = match settings {
        Ok(settings) => settings,
        Err(why) => return out.refuse(why),
    };
    let lang = state.naming.lang;
    let Some(command) = state.engine.clone() else {
        return out.refuse(engine_line(lang, EngineLine::Unavailable));
    };
    let terms = EngineTerms {
        command,
        settings,
        local: game.local,
        clock: game.clock,
        limit_secs: u64::from(state.config.engine_limit_secs),
        resume: None,
    };
    seat(state, terms, out);
}

/// Resumes adjourned engine game `id` against the engine it was played
/// with (`command`, kept beside its log): the seat reads the terms from
/// the log and replays its moves to the engine (the settings, colour and
/// clock here are placeholders the log replaces).
pub(super) fn resume(state: &mut State, id: String, command: String, out: &mut Out) {
    let terms = EngineTerms {
        command,
        settings: Settings::even(BoardSize::NINETEEN, Komi::ZERO),
        local: Color::Black,
        clock: TimeControl::None,
        limit_secs: u64::from(state.config.engine_limit_secs),
        resume: Some(id),
    };
    seat(state, terms, out);
}

/// Asks the shell for the engine's seat and waits for it in the lobby.
fn seat(state: &mut State, terms: EngineTerms, out: &mut Out) {
    let title = engine_line(state.naming.lang, EngineLine::Starting(&terms.command));
    let name = state.config.player_name.clone();
    out.cmds.push(Cmd::Net(NetRequest::StartEngine {
        terms: Box::new(terms),
        name,
    }));
    state.screen = Screen::Lobby(Box::new(Lobby {
        title,
        engine: true,
        ..Lobby::default()
    }));
    state.message = None;
}
