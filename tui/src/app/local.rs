//! A game at this keyboard begins: from the home menu's terms, or as the
//! next game of a series.

use super::disk::{Job, Then};
use super::out::Out;
use super::recording::{Recording, SeriesGame};
use super::table::Table;
use super::timer::Timer;
use super::title::Title;
use super::{Screen, State};
use crate::words::{Note, note};
use kaisho_core::{BoardSize, Settings};

pub(super) fn start_local(
    state: &mut State,
    size: u8,
    komi: kaisho_core::Komi,
    handicap: u8,
    out: &mut Out,
) {
    let size = match BoardSize::new(u32::from(size)) {
        Ok(size) => size,
        Err(e) => return out.refuse(e.to_string()),
    };
    let settings = match Settings::handicap(size, handicap, komi) {
        Ok(settings) => settings,
        Err(e) => return out.refuse(e.to_string()),
    };
    // Hot-seat: the player named in the settings takes Black.
    let name = state.config.player_name.clone();
    begin(state, settings, [&name, "Guest"], None, Title::Local, out);
}

/// Starts a game at this keyboard and asks the shell for its log; the
/// game is said once the log exists ([`logged`]). Without a data folder
/// the game is played unsaved.
pub(super) fn begin(
    state: &mut State,
    settings: Settings,
    names: [&str; 2],
    series: Option<SeriesGame>,
    title: Title,
    out: &mut Out,
) {
    let mut session = match Table::new(settings.clone()) {
        Ok(session) => session,
        Err(e) => return out.refuse(e.to_string()),
    };
    session.title = title;
    let clock = state.home.time_control();
    session.timer = Timer::new(clock);
    let first = session.game.to_move();
    let size = settings.size.get();
    state.screen = Screen::Game(Box::new(session));
    state.prompt = None;
    let komi = settings.komi.to_string();
    let news = crate::words::Say::NewLocalGame {
        size,
        komi: &komi,
        handicap: settings.handicap,
        first,
    };
    let said = crate::words::say(state.naming.lang, news);
    if state.places.is_none() {
        return out.say(said);
    }
    let job = Job::StartLog {
        settings,
        names: names.map(str::to_string),
        series: series.as_ref().map(|s| s.id.clone()),
        clock,
    };
    let series = series.map(Box::new);
    out.disk(job, Then::Begin { series, said });
}

/// The shell's answer to the log of the game just begun. If the log could
/// not be created the game takes no moves, and both the message and the
/// panel say so.
pub(super) fn logged(
    state: &mut State,
    result: Result<String, impl std::fmt::Display>,
    series: Option<SeriesGame>,
    said: String,
    out: &mut Out,
) {
    let Screen::Game(session) = &mut state.screen else {
        return;
    };
    match result {
        Ok(id) => {
            session.recording = Some(Recording::new(id, series));
            out.say(said);
        }
        Err(e) => {
            let lang = state.naming.lang;
            session.title = Title::Unsaved;
            let why = e.to_string();
            let text = note(
                lang,
                Note::NotSaved {
                    said: &said,
                    why: &why,
                },
            );
            session.halted = Some(text.clone());
            out.refuse(text);
        }
    }
}
