//! The series screen: the series kept in the data folder, and for the one
//! chosen its players, step, next game's terms, lead and history. Enter
//! there plays the next game at this keyboard under the series' terms.

use super::command::Command;
use super::lobby;
use super::local::begin;
use super::out::Out;
use super::prompt::{Field, Prompt};
use super::recording::SeriesGame;
use super::series_net::SeriesTerms;
use super::series_typed::{correct_by_word, setup_from_line};
use super::{Pending, Screen, State};
use kaisho_core::BoardSize;
use kaisho_core::series::{Seat, Series};
use kaisho_saves::series::{SeriesId, SeriesStore};

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

/// Shows the series list.
pub(super) fn open(state: &mut State, out: &mut Out) {
    let Some(places) = &state.places else {
        out.refuse("no folder for series: start kaisho with --home DIR".to_string());
        return;
    };
    let mut screen = SeriesScreen::default();
    match SeriesStore::new(places).list() {
        Ok(listing) => {
            screen.list = listing.series;
            screen.problems = listing.problems.iter().map(ToString::to_string).collect();
        }
        Err(e) => screen.problems.push(e.to_string()),
    }
    if screen.list.is_empty() && screen.problems.is_empty() {
        out.say(
            "no series yet: n starts one (or `kaisho series new --players A,B --step 先`)".into(),
        );
    }
    state.screen = Screen::Series(screen);
}

/// The keys of the series screen.
pub(super) fn run(state: &mut State, command: Command, out: &mut Out) {
    let Screen::Series(screen) = &mut state.screen else {
        return;
    };
    match command {
        Command::Up if !screen.open => screen.selected = screen.selected.saturating_sub(1),
        Command::Down if !screen.open => {
            screen.selected = (screen.selected + 1).min(screen.list.len().saturating_sub(1));
        }
        Command::Select if !screen.open => screen.open = screen.chosen().is_some(),
        Command::Select => play_next(state, out),
        Command::HostSeries | Command::JoinSeries if screen.open => {
            over_lan(state, command == Command::HostSeries, out);
        }
        Command::HostSeries | Command::JoinSeries => {
            out.refuse("open a series first (Enter)".to_string());
        }
        Command::Nigiri(seat) => nigiri(state, seat, out),
        Command::AskNewSeries => {
            state.prompt = Some(Prompt::Text(Field::NewSeries, String::new()));
        }
        Command::AskCorrection if screen.open => {
            state.prompt = Some(Prompt::Text(Field::Correction, String::new()));
        }
        Command::AskCorrection => out.refuse("open a series first (Enter)".to_string()),
        _ => {}
    }
}

/// Starts the next game of the open series, or asks for the nigiri first.
fn play_next(state: &mut State, out: &mut Out) {
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
            return out.refuse(format!(
                "{e}; choose a larger board size on the home screen"
            ));
        }
    };
    let names = [black, white].map(|s| series.setup().player(s).name.clone());
    let title = format!("series {id}, game {}", terms.number);
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
    let terms = match SeriesTerms::next(id, series, &me, hosting) {
        Ok(terms) => terms,
        Err(e) => return out.refuse(e),
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

/// Starts the series a typed line describes, saves it and shows it open.
pub(super) fn create(state: &mut State, text: &str, out: &mut Out) {
    let Some(places) = &state.places else {
        return out.refuse("no folder for series: start kaisho with --home DIR".to_string());
    };
    let series = match setup_from_line(text).and_then(|s| Series::new(s).map_err(|e| e.to_string()))
    {
        Ok(series) => series,
        Err(e) => return out.refuse(e),
    };
    let store = SeriesStore::new(places);
    let names = Seat::BOTH.map(|s| series.setup().player(s).name.clone());
    let id = store.new_id([&names[0], &names[1]]);
    if let Err(e) = store.create(&id, &series) {
        return out.refuse(e.to_string());
    }
    let next = series.next_game();
    let black = next.black.map_or("nigiri".to_string(), |s| {
        format!("Black {}", series.setup().player(s).name)
    });
    out.say(format!(
        "started series {id}: {} v {}; next: game 1, {} ({}), {black}",
        names[0],
        names[1],
        next.step.japanese(),
        next.step.romaji()
    ));
    if let Screen::Series(_) = state.screen {
        let mut quiet = Out::default();
        open(state, &mut quiet);
        if let Screen::Series(screen) = &mut state.screen {
            screen.selected = screen.list.iter().position(|(i, _)| *i == id).unwrap_or(0);
            screen.open = true;
        }
    }
}

/// Corrects the last result of series `id` (or of the open one) to what
/// `word` names, or strikes it out, and saves the series.
pub(super) fn correct(state: &mut State, id: Option<&str>, word: &str, out: &mut Out) {
    let Some(places) = &state.places else {
        return out.refuse("no folder for series: start kaisho with --home DIR".to_string());
    };
    let store = SeriesStore::new(places);
    let found = match (id, &state.screen) {
        (Some(id), _) => SeriesId::parse(id)
            .map_err(|e| e.to_string())
            .and_then(|id| store.load(&id).map(|s| (id, s)).map_err(|e| e.to_string())),
        (None, Screen::Series(screen)) => screen
            .chosen()
            .cloned()
            .ok_or_else(|| "open a series first (Enter)".to_string()),
        (None, _) => Err("name the series: series correct ID WORD".to_string()),
    };
    let (id, series) = match found {
        Ok(found) => found,
        Err(e) => return out.refuse(e),
    };
    let (fixed, said) = match correct_by_word(&series, word) {
        Ok(done) => done,
        Err(e) => return out.refuse(e),
    };
    if let Err(e) = store.save(&id, &fixed) {
        return out.refuse(e.to_string());
    }
    if let Screen::Series(screen) = &mut state.screen
        && let Some(entry) = screen.list.iter_mut().find(|(i, _)| *i == id)
    {
        entry.1 = fixed;
    }
    out.say(format!("series {id}: {said}"));
}

/// Records who takes Black after the nigiri, then starts the game.
fn nigiri(state: &mut State, seat: Seat, out: &mut Out) {
    let (Some(places), Screen::Series(screen)) = (&state.places, &mut state.screen) else {
        return;
    };
    let Some((id, series)) = screen.list.get_mut(screen.selected) else {
        return;
    };
    if let Err(e) = series.nigiri(seat) {
        return out.refuse(e.to_string());
    }
    if let Err(e) = SeriesStore::new(places).save(id, series) {
        return out.refuse(e.to_string());
    }
    out.say(format!(
        "{} takes Black in game {}",
        series.setup().player(seat).name,
        series.next_game().number
    ));
    play_next(state, out);
}
