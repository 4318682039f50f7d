//! The series screen: the series kept in the data folder, and for the one
//! chosen its players, step, next game's terms, lead and history. Enter
//! there plays the next game at this keyboard under the series' terms.

use super::command::Command;
use super::disk::{Job, SeriesAct, Then};
use super::lobby;
use super::local::begin;
use super::out::Out;
use super::prompt::{Field, Prompt};
use super::recording::SeriesGame;
use super::series_net::SeriesTerms;
use super::series_typed::{correct_in, setup_from_line};
use super::title::Title;
use super::{Pending, Screen, State};
use crate::words::Lang;
use crate::words::{SeriesNote, not_your_series, series_line_error, series_note};
use kaisho_core::BoardSize;
use kaisho_core::series::{Seat, Series};
use kaisho_saves::series::{Listing, SeriesId, StoreError};

/// The series list and, once one is opened, its details.
#[derive(Clone, Debug, Default)]
pub struct SeriesScreen {
    pub list: Vec<(SeriesId, Series)>,
    /// One message per series file that could not be read, naming the file.
    pub problems: Vec<String>,
    pub selected: usize,
    /// Whether the selected series' details are shown.
    pub open: bool,
}

impl SeriesScreen {
    /// The series under the selection.
    #[must_use]
    pub fn chosen(&self) -> Option<&(SeriesId, Series)> {
        self.list.get(self.selected)
    }
}

/// Asks for the series list.
pub(super) fn open(state: &State, out: &mut Out) {
    if state.places.is_none() {
        out.refuse(series_note(state.naming.lang, SeriesNote::NoFolder));
        return;
    }
    out.disk(Job::ListSeries, Then::OpenSeries { select: None });
}

/// The series read: the screen shows them, with series `select` open.
pub(super) fn listed(
    state: &mut State,
    listing: Result<Listing, StoreError>,
    select: Option<SeriesId>,
    out: &mut Out,
) {
    let mut screen = SeriesScreen::default();
    match listing {
        Ok(listing) => {
            screen.list = listing.series;
            screen.problems = listing.problems.iter().map(ToString::to_string).collect();
        }
        Err(e) => screen.problems.push(e.to_string()),
    }
    match select {
        Some(id) => {
            screen.selected = screen.list.iter().position(|(i, _)| *i == id).unwrap_or(0);
            screen.open = true;
        }
        None if screen.list.is_empty() && screen.problems.is_empty() => {
            out.say(series_note(state.naming.lang, SeriesNote::NoneYet));
        }
        None => {}
    }
    state.screen = Screen::Series(screen);
}

/// The keys of the series screen.
pub(super) fn run(state: &mut State, command: Command, out: &mut Out) {
    let lang = state.naming.lang;
    let Screen::Series(screen) = &mut state.screen else {
        return;
    };
    match command {
        Command::Up if !screen.open => screen.selected = screen.selected.saturating_sub(1),
        Command::Down if !screen.open => {
            screen.selected = (screen.selected + 1).min(screen.list.len().saturating_sub(1));
        }
        Command::Select if !screen.open => screen.open = screen.chosen().is_some(),
        Command::Select => fresh(state, SeriesAct::Play, out),
        Command::HostSeries | Command::JoinSeries if screen.open => {
            let hosting = command == Command::HostSeries;
            fresh(state, SeriesAct::OverLan { hosting }, out);
        }
        Command::HostSeries | Command::JoinSeries => {
            out.refuse(series_note(lang, SeriesNote::OpenFirst));
        }
        Command::Nigiri(seat) => fresh(state, SeriesAct::Nigiri { seat }, out),
        Command::AskNewSeries => {
            state.prompt = Some(Prompt::Text(Field::NewSeries, String::new()));
        }
        Command::AskCorrection if screen.open => {
            state.prompt = Some(Prompt::Text(Field::Correction, String::new()));
        }
        Command::AskCorrection => out.refuse(series_note(lang, SeriesNote::OpenFirst)),
        _ => {}
    }
}

/// Reads the chosen series again before `act`: another copy of kaisho (a
/// second screen, `kaisho series`, a partner's game) may have recorded,
/// corrected or drawn lots in it since the screen read it.
fn fresh(state: &State, act: SeriesAct, out: &mut Out) {
    let Screen::Series(screen) = &state.screen else {
        return;
    };
    if let Some((id, shown)) = screen.chosen() {
        let then = Then::Fresh {
            id: id.clone(),
            shown: Box::new(shown.clone()),
            act,
        };
        out.disk(Job::LoadSeries { id: id.clone() }, then);
    }
}

/// Series `id` read again before `act`: done when the file holds what the
/// screen showed (`shown`); otherwise the screen shows the series as it now
/// is and says so, and the key is pressed again on what it shows (a stale
/// screen never offers a correction nobody made, nor starts another game
/// than the one it showed).
pub(super) fn read_fresh(
    state: &mut State,
    (id, shown): (SeriesId, &Series),
    found: Series,
    act: SeriesAct,
    out: &mut Out,
) {
    if found != *shown {
        return reread(state, &id, found, out);
    }
    match act {
        SeriesAct::Play => play_next(state, out),
        SeriesAct::OverLan { hosting } => over_lan(state, hosting, out),
        SeriesAct::Correct { word } => correct_read(state.naming.lang, id, &found, &word, out),
        SeriesAct::Nigiri { seat } => nigiri(state, seat, out),
    }
}

/// Series `id` as the file now holds it, on the screen, with a word that
/// it changed in another copy of kaisho.
pub(super) fn reread(state: &mut State, id: &SeriesId, found: Series, out: &mut Out) {
    let number = found.next_game().number;
    if let Screen::Series(screen) = &mut state.screen
        && let Some(entry) = screen.list.iter_mut().find(|(i, _)| i == id)
    {
        entry.1 = found;
    }
    let id = id.to_string();
    let note = SeriesNote::ChangedMeanwhile { id: &id, number };
    out.refuse(series_note(state.naming.lang, note));
}

/// Starts the next game of the open series, or asks for the nigiri first.
fn play_next(state: &mut State, out: &mut Out) {
    let lang = state.naming.lang;
    let Screen::Series(screen) = &state.screen else {
        return;
    };
    let Some((id, series)) = screen.chosen() else {
        return;
    };
    let terms = series.next_game();
    let (Some(black), Some(white)) = (terms.black, terms.white()) else {
        let names = Seat::BOTH.map(|s| series.setup().player(s).name.clone());
        state.prompt = Some(Prompt::Nigiri { names });
        return;
    };
    let size = match BoardSize::new(u32::from(state.home.size)) {
        Ok(size) => size,
        Err(e) => return out.refuse(e.to_string()),
    };
    let settings = match terms.settings(size) {
        Ok(settings) => settings,
        Err(e) => {
            let e = e.to_string();
            return out.refuse(series_note(lang, SeriesNote::BoardTooSmall(&e)));
        }
    };
    let names = [black, white].map(|s| series.setup().player(s).name.clone());
    let title = Title::SeriesGame {
        id: id.to_string(),
        number: terms.number,
    };
    let link = SeriesGame {
        id: id.clone(),
        series: series.clone(),
        terms,
    };
    begin(
        state,
        settings,
        [&names[0], &names[1]],
        Some(link),
        title,
        out,
    );
}

/// Hosts the open series' next game on the LAN (the host's form, with the
/// series' komi, handicap and colours fixed), or asks for the code of the
/// partner's hosting of it.
fn over_lan(state: &mut State, hosting: bool, out: &mut Out) {
    let Screen::Series(screen) = &state.screen else {
        return;
    };
    let Some((id, series)) = screen.chosen() else {
        return;
    };
    let me = state.config.player_name.clone();
    let terms = match SeriesTerms::of_player(id, series, &me, hosting) {
        Ok(terms) => terms,
        Err(e) => return out.refuse(not_your_series(state.naming.lang, &e)),
    };
    let game = SeriesGame {
        id: id.clone(),
        series: series.clone(),
        terms: series.next_game(),
    };
    let pair = Box::new((terms, game));
    if hosting {
        lobby::open_host(state, out);
        if let Screen::HostForm(form) = &mut state.screen {
            form.series = Some(pair);
        }
    } else {
        state.pending = Some(Pending::JoinSeries(pair));
        state.prompt = Some(Prompt::Text(Field::JoinCode, String::new()));
    }
}

/// Starts the series a typed line describes and asks to save it.
pub(super) fn create(state: &State, text: &str, out: &mut Out) {
    if state.places.is_none() {
        return out.refuse(series_note(state.naming.lang, SeriesNote::NoFolder));
    }
    let series = setup_from_line(text).and_then(|s| Ok(Series::new(s)?));
    let series = match series {
        Ok(series) => Box::new(series),
        Err(e) => return out.refuse(series_line_error(state.naming.lang, &e)),
    };
    let then = Then::Created {
        series: series.clone(),
    };
    out.disk(Job::CreateSeries { series }, then);
}

/// The new series saved as `id`: says so and shows it open.
pub(super) fn created(state: &State, id: SeriesId, series: &Series, out: &mut Out) {
    let [a, b] = Seat::BOTH.map(|s| series.setup().player(s).name.as_str());
    let next = series.next_game();
    let started = SeriesNote::Started {
        id: &id.to_string(),
        names: [a, b],
        step: next.step,
        black: next.black.map(|s| series.setup().player(s).name.as_str()),
    };
    out.say(series_note(state.naming.lang, started));
    if let Screen::Series(_) = state.screen {
        out.disk(Job::ListSeries, Then::OpenSeries { select: Some(id) });
    }
}

/// Corrects the last result of series `id` (or of the open one) to what
/// `word` names, or strikes it out, and asks to save the series.
pub(super) fn correct(state: &State, id: Option<&str>, word: &str, out: &mut Out) {
    let lang = state.naming.lang;
    if state.places.is_none() {
        return out.refuse(series_note(state.naming.lang, SeriesNote::NoFolder));
    }
    match (id, &state.screen) {
        (Some(id), _) => match SeriesId::parse(id) {
            Ok(id) => {
                let then = Then::Correct {
                    id: id.clone(),
                    word: word.to_string(),
                };
                out.disk(Job::LoadSeries { id }, then);
            }
            Err(e) => out.refuse(e.to_string()),
        },
        (None, Screen::Series(screen)) if screen.chosen().is_some() => {
            let word = word.to_string();
            fresh(state, SeriesAct::Correct { word }, out);
        }
        (None, Screen::Series(_)) => out.refuse(series_note(lang, SeriesNote::OpenFirst)),
        (None, _) => out.refuse(series_note(lang, SeriesNote::NameTheSeries)),
    }
}

/// Series `id` read: its last result corrected by `word`, to be saved.
pub(super) fn correct_read(lang: Lang, id: SeriesId, series: &Series, word: &str, out: &mut Out) {
    let (fixed, said) = match correct_in(lang, series, word) {
        Ok(done) => done,
        Err(e) => return out.refuse(series_line_error(lang, &e)),
    };
    let fixed = Box::new(fixed);
    let then = Then::Corrected {
        id: id.clone(),
        series: fixed.clone(),
        said,
    };
    let job = Job::SaveSeries {
        id,
        base: Box::new(series.clone()),
        series: fixed,
    };
    out.disk(job, then);
}

/// Series `id` saved corrected: the screen shows it, and says what changed.
pub(super) fn corrected(state: &mut State, id: SeriesId, fixed: Series, said: &str, out: &mut Out) {
    if let Screen::Series(screen) = &mut state.screen
        && let Some(entry) = screen.list.iter_mut().find(|(i, _)| *i == id)
    {
        entry.1 = fixed;
    }
    let id = id.to_string();
    out.say(series_note(
        state.naming.lang,
        SeriesNote::Changed { id: &id, said },
    ));
}

/// Records who takes Black after the nigiri and asks to save the series.
fn nigiri(state: &mut State, seat: Seat, out: &mut Out) {
    let (Some(_), Screen::Series(screen)) = (&state.places, &mut state.screen) else {
        return;
    };
    let Some((id, series)) = screen.list.get_mut(screen.selected) else {
        return;
    };
    let base = Box::new(series.clone());
    if let Err(e) = series.nigiri(seat) {
        return out.refuse(e.to_string());
    }
    let job = Job::SaveSeries {
        id: id.clone(),
        base,
        series: Box::new(series.clone()),
    };
    out.disk(
        job,
        Then::Nigiri {
            id: id.clone(),
            seat,
        },
    );
}

/// The nigiri's result saved: says who takes Black, then starts the game.
pub(super) fn nigiri_saved(state: &mut State, seat: Seat, out: &mut Out) {
    let Screen::Series(screen) = &state.screen else {
        return;
    };
    let Some((_, series)) = screen.chosen() else {
        return;
    };
    let takes = SeriesNote::TakesBlack {
        name: &series.setup().player(seat).name,
        number: series.next_game().number,
    };
    out.say(series_note(state.naming.lang, takes));
    play_next(state, out);
}
