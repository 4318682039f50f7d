//! Choosing the engine on the home menu or in plain mode: GNU Go's level
//! stepped or named, or any command typed. The choice is in force at once
//! and written to `[engine] command` in the config file, which the shell
//! reads again just before it writes, so nothing another copy of kaisho
//! saved there is lost.

use super::State;
use super::disk::{Job, Then};
use super::out::Out;
use super::prompt::{Field, Prompt};
use super::strength::{GNUGO_LEVELS, next_level, strength, with_level};
use crate::words::{EngineLine, engine_line};
use std::path::Path;

/// Opens the prompt for the engine's command, holding the one in force.
pub(super) fn ask(state: &mut State) {
    let current = state.engine.clone().unwrap_or_default();
    state.prompt = Some(Prompt::Text(Field::EngineCommand, current));
}

/// GNU Go's level `by` steps from the one in force.
pub(super) fn step_level(state: &mut State, by: i32, out: &mut Out) {
    match leveled(state, |level| next_level(level, by)) {
        Ok(command) => choose(state, command, out),
        Err(why) => out.refuse(why),
    }
}

/// GNU Go's level set to `level`.
pub(super) fn set_level(state: &mut State, level: u8, out: &mut Out) {
    match leveled(state, |_| level) {
        Ok(command) => choose(state, command, out),
        Err(why) => out.refuse(why),
    }
}

/// The command in force with GNU Go's level `new` makes of the present
/// one; or why not: no engine, an engine whose strength is its command's,
/// or a level GNU Go does not offer.
fn leveled(state: &State, new: impl FnOnce(u8) -> u8) -> Result<String, String> {
    let lang = state.naming.lang;
    let command = state
        .engine
        .as_deref()
        .ok_or_else(|| engine_line(lang, EngineLine::Unavailable))?;
    let engine = strength(command);
    let no_level = || engine_line(lang, EngineLine::NoLevel(&engine.name));
    let level = new(engine.level.ok_or_else(no_level)?);
    if !GNUGO_LEVELS.contains(&level) {
        return Err(engine_line(lang, EngineLine::LevelRange));
    }
    with_level(command, level).ok_or_else(no_level)
}

/// A typed engine command, put in force.
pub(super) fn set_command(state: &mut State, text: &str, out: &mut Out) {
    let command = text.trim();
    if command.is_empty() || shlex::split(command).is_none_or(|w| w.is_empty()) {
        return out.refuse(engine_line(state.naming.lang, EngineLine::CommandEmpty));
    }
    choose(state, command.to_string(), out);
}

/// `command` in force now, and asked to be kept in the config file when
/// there is a data folder.
fn choose(state: &mut State, command: String, out: &mut Out) {
    state.engine = Some(command.clone());
    state.config.engine_command = Some(command.clone());
    if state.places.is_some() {
        out.disk(Job::SaveEngine(command), Then::Engine);
    } else {
        said(state, None, out);
    }
}

/// The config file now holds the engine's command at `path`.
pub(super) fn saved(state: &State, path: &Path, out: &mut Out) {
    said(state, Some(&path.display().to_string()), out);
}

fn said(state: &State, path: Option<&str>, out: &mut Out) {
    let Some(command) = state.engine.as_deref() else {
        return;
    };
    let engine = strength(command);
    let line = EngineLine::Chosen {
        name: &engine.name,
        level: engine.level,
        path,
    };
    out.say(engine_line(state.naming.lang, line));
}
