//! The saved-games screen: every game log, newest first, finished ones
//! with their result and adjourned ones marked; files that cannot be read
//! listed by name below, never hiding the good games. Enter resumes an
//! adjourned game or reviews a finished one or an imported record (an
//! analysis file or a problem set has no result, and is there to be
//! read); `r` plays on an adjourned game, an imported one too. `i` reviews
//! an SGF file, or imports a file of several games whole.

use super::command::Command;
use super::disk::{Job, Resumed, Then};
use super::lobby::{self, DEFAULT_PORT};
use super::net::Plan;
use super::out::Out;
use super::prompt::{Field, Prompt};
use super::recording::Recording;
use super::review::Review;
use super::table::Table;
use super::timer::Timer;
use super::title::Title;
use super::{Screen, State};
use crate::words::{Lang, Note, Say, import_line, note, say};
use kaisho_core::Outcome;
use kaisho_saves::import::FileImport;
use kaisho_saves::log::{GameSummary, Listing, LogError, SavedGame};
use kaisho_saves::sgf::{SgfRecord, SgfTree};
use std::net::SocketAddr;

/// The list of saved games and the problems met while reading them.
#[derive(Clone, Debug, Default)]
pub struct GamesList {
    pub games: Vec<GameSummary>,
    /// One message per file that could not be read, naming the file.
    pub problems: Vec<String>,
    pub selected: usize,
}

impl GamesList {
    /// The list of the games the folder of game logs holds.
    #[must_use]
    pub fn from_listing(listing: Listing) -> GamesList {
        GamesList {
            games: listing.games,
            problems: listing.problems.iter().map(by_name).collect(),
            selected: 0,
        }
    }

    /// The game under the selection.
    #[must_use]
    pub fn chosen(&self) -> Option<&GameSummary> {
        self.games.get(self.selected)
    }
}

/// A problem with the file named by its name alone: the list is of one
/// folder, and a full path would take most of a line.
fn by_name(problem: &LogError) -> String {
    let path = problem.path();
    let text = problem.to_string();
    match path.file_name() {
        Some(name) => text.replace(&path.display().to_string(), &name.to_string_lossy()),
        None => text,
    }
}

/// A game's state in a few characters, in English: its result, or
/// `adjourned`.
#[must_use]
pub fn status(game: &GameSummary) -> String {
    status_in(game, Lang::En)
}

/// A game's state in a few characters in `lang`: its result, or
/// adjourned (打ち掛け).
#[must_use]
pub fn status_in(game: &GameSummary, lang: Lang) -> String {
    match game.outcome {
        Some(Outcome::BothLose) => note(lang, Note::BothLose),
        Some(Outcome::NoResult) => note(lang, Note::NoResult),
        Some(Outcome::Jigo) => note(lang, Note::Jigo),
        Some(outcome) => outcome.result_string(),
        None => match &game.recorded_result {
            Some(result) => result.clone(),
            None => note(lang, Note::AdjournedState),
        },
    }
}

/// Whether there is a folder of saved games; if not, says so.
fn has_places(state: &State, out: &mut Out) -> bool {
    if state.places.is_none() {
        out.refuse(note(state.naming.lang, Note::NoGamesFolder));
    }
    state.places.is_some()
}

/// Asks for the saved-games screen.
pub(super) fn open(state: &State, out: &mut Out) {
    if has_places(state, out) {
        out.disk(Job::ListGames, Then::OpenGames);
    }
}

/// The saved games read: the screen shows them.
pub(super) fn listed(state: &mut State, list: GamesList, out: &mut Out) {
    if !list.problems.is_empty() {
        let unread = Note::UnreadableFiles(list.problems.len());
        out.refuse(note(state.naming.lang, unread));
    }
    state.screen = Screen::Games(list);
}

/// The keys of the saved-games screen.
pub(super) fn run(state: &mut State, command: Command, out: &mut Out) {
    let Screen::Games(list) = &mut state.screen else {
        return;
    };
    match command {
        Command::Up => list.selected = list.selected.saturating_sub(1),
        Command::Down => {
            list.selected = (list.selected + 1).min(list.games.len().saturating_sub(1));
        }
        Command::Select | Command::PlayOn => {
            let Some(game) = list.chosen() else {
                out.refuse(note(state.naming.lang, Note::NoSavedGameToOpen));
                return;
            };
            let id = game.id.clone();
            let play_on = command == Command::PlayOn;
            match (game.is_adjourned(), game.imported) {
                (true, imported) if play_on || !imported => resume(state, &id, out),
                (false, _) if play_on => {
                    out.refuse(note(state.naming.lang, Note::GameFinished(&id)));
                }
                _ => review(state, &id, out),
            }
        }
        Command::AskImport => state.prompt = Some(Prompt::Text(Field::SgfPath, String::new())),
        _ => {}
    }
}

/// A collection imported from `file`: the list shows its games, and the
/// message line how many were taken and why any was refused.
pub(super) fn collection_imported(state: &State, file: &str, done: &FileImport, out: &mut Out) {
    let line = import_line(state.naming.lang, file, done);
    if done.made() == 0 {
        out.refuse(line);
    } else {
        out.say(line);
    }
    out.disk(Job::ListGames, Then::BackToGames);
}

/// Asks to reopen an adjourned game and go on playing it. A network game
/// is resumed with its partner: the player chooses to wait for them here
/// or to dial their host.
pub(super) fn resume(state: &State, id: &str, out: &mut Out) {
    if has_places(state, out) {
        let game = id.to_string();
        out.disk(Job::ResumeLog { game }, Then::Resume { id: id.to_string() });
    }
}

/// Adjourned network game `id`: how to meet the partner again.
pub(super) fn networked(state: &mut State, id: String) {
    state.prompt = Some(Prompt::NetResume { id });
}

/// The adjourned game `id`'s log reopened: play goes on.
pub(super) fn resumed(state: &mut State, id: &str, resumed: Resumed, out: &mut Out) {
    let Resumed { saved, series } = resumed;
    if saved.game.outcome().is_some() {
        out.refuse(note(state.naming.lang, Note::GameFinished(id)));
        return;
    }
    let (recording, warning) = Recording::resumed(state.naming.lang, id, &saved, series);
    let header = &saved.contents.header;
    let mut session = Table::from_game(saved.game.clone());
    if let Some(clock) = header.clock {
        session.timer = Timer::resumed(clock, &saved.contents.events);
    }
    let lang = state.naming.lang;
    session.title = match recording.series() {
        Some(sg) => Title::SeriesGame {
            id: sg.id.to_string(),
            number: sg.terms.number,
        },
        None => Title::Versus([header.black.name.clone(), header.white.name.clone()]),
    };
    session.recording = Some(recording);
    let said = Note::Resumed {
        id,
        moves: saved.game.move_number(),
        to_move: session.actor(),
        note: warning.as_deref(),
    };
    out.say(note(lang, said));
    session.taken_up(state.naming, out);
    state.screen = Screen::Game(Box::new(session));
}

/// Waits on the default port for the partner of adjourned network game `id`.
pub(super) fn host_resume(state: &mut State, id: String, out: &mut Out) {
    let bind = SocketAddr::new(state.listen, DEFAULT_PORT);
    let title = say(state.naming.lang, Say::WaitingFor(&id));
    let watchers = state
        .config
        .watchers
        .then_some(state.config.max_watchers as usize);
    let plan = Plan::HostResume { bind, id, watchers };
    lobby::start(state, plan, title, out);
}

/// Asks for the host's address to resume adjourned network game `id`,
/// offering the address the game was joined at, if it is known.
pub(super) fn ask_rejoin(state: &mut State, id: String, out: &mut Out) {
    if state.places.is_some() {
        let game = id.clone();
        out.disk(Job::HostOf { game }, Then::AskRejoin { id });
    } else {
        rejoin_at(state, id, None);
    }
}

/// The prompt for the host's address, filled with `known`.
pub(super) fn rejoin_at(state: &mut State, id: String, known: Option<SocketAddr>) {
    let known = known.map(|addr| addr.to_string()).unwrap_or_default();
    state.pending = Some(super::Pending::Resume(id));
    state.prompt = Some(Prompt::Text(Field::HostAddress, known));
}

/// Dials the host at `addr` (typed) to resume adjourned network game `id`.
pub(super) fn rejoin(state: &mut State, id: String, addr: &str, out: &mut Out) {
    let addr = addr.trim();
    let parsed = addr
        .parse::<SocketAddr>()
        .or_else(|_| format!("{addr}:{DEFAULT_PORT}").parse::<SocketAddr>());
    match parsed {
        Ok(addr) => {
            let at = addr.to_string();
            let title = say(state.naming.lang, Say::Rejoining { id: &id, addr: &at });
            lobby::start(state, Plan::JoinResume { addr, id }, title, out);
        }
        Err(_) => out.refuse(note(state.naming.lang, Note::NotAnAddress(addr))),
    }
}

/// Asks for a saved game to open in the review screen.
pub(super) fn review(state: &State, id: &str, out: &mut Out) {
    if has_places(state, out) {
        let from_games = matches!(state.screen, Screen::Games(_));
        let then = Then::Review {
            id: id.to_string(),
            from_games,
        };
        out.disk(
            Job::LoadGame {
                game: id.to_string(),
                lang: state.naming.lang,
            },
            then,
        );
    }
}

/// Saved game `id` read: the review screen shows it.
pub(super) fn reviewed(
    state: &mut State,
    id: &str,
    from_games: bool,
    (saved, record, tree): (SavedGame, SgfRecord, Option<SgfTree>),
    out: &mut Out,
) {
    let Some(tree) = tree else {
        return out.refuse(note(state.naming.lang, Note::TooLargeToReview(id)));
    };
    match Review::from_saved(&saved, record, tree) {
        Ok(mut review) => {
            review.from_games = from_games;
            let notice = saved.notice().map(|n| n.to_string());
            let lang = state.naming.lang;
            let title = note(lang, Note::Game(id));
            let text = super::review::reviewing(lang, &title, &review, notice.as_deref());
            state.screen = Screen::Review(Box::new(review));
            out.say(text);
        }
        Err(e) => out.refuse(e.said(state.naming)),
    }
}

/// Asks for the saved games as text lines, for plain mode.
pub(super) fn list_text(state: &State, out: &mut Out) {
    if has_places(state, out) {
        out.disk(Job::ListGames, Then::ListGames);
    }
}

/// The saved games as text lines.
pub(super) fn say_list(state: &State, list: GamesList, out: &mut Out) {
    if list.games.is_empty()
        && let Some(places) = &state.places
    {
        let dir = places.games_dir().display().to_string();
        out.say(note(state.naming.lang, Note::NoSavedGamesIn(&dir)));
    }
    for g in &list.games {
        out.say(format!(
            "{}  {}x{}  {}  {}  {}",
            g.id,
            g.size,
            g.size,
            say(state.naming.lang, Say::Moves(g.moves.into())),
            say(
                state.naming.lang,
                Say::Pairing {
                    black: &g.black,
                    white: &g.white,
                }
            ),
            status_in(g, state.naming.lang)
        ));
    }
    for problem in list.problems {
        out.refuse(problem);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(outcome: Option<Outcome>, moves: u32) -> GameSummary {
        GameSummary {
            id: "g".into(),
            path: "g.kgl".into(),
            black: "B".into(),
            white: "W".into(),
            size: 9,
            moves,
            created_unix: 0,
            date: Some("1970-01-01".into()),
            outcome,
            recorded_result: None,
            notice: None,
            imported: false,
        }
    }

    #[test]
    fn results_read_as_words_not_type_names() {
        assert_eq!(status(&summary(Some(Outcome::BothLose), 3)), "both lose");
        assert_eq!(status(&summary(Some(Outcome::NoResult), 3)), "no result");
        assert_eq!(status(&summary(None, 3)), "adjourned");
        assert_eq!(super::super::text::moves_text(1u32), "1 move");
        assert_eq!(super::super::text::moves_text(35u32), "35 moves");
    }

    #[test]
    fn results_read_in_the_clubs_words_in_japanese() {
        let said = |o| status_in(&summary(o, 3), Lang::Ja);
        assert_eq!(said(Some(Outcome::BothLose)), "両負け");
        assert_eq!(said(Some(Outcome::NoResult)), "無勝負");
        assert_eq!(said(Some(Outcome::Jigo)), "持碁");
        assert_eq!(said(None), "打ち掛け");
    }
}
