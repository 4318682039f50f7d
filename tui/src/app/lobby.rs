//! Finding a partner from the screen: the host's form (board, komi,
//! handicap, colours, clock, port), and the lobby that shows the join code
//! or the progress of joining until the game begins.

use super::Cmd;
use super::command::Command;
use super::home::{komi_for_handicap, komi_text, next_handicap, next_komi, next_size};
use super::net::{NetRequest, Plan};
use super::out::Out;
use super::prompt::{Field, Prompt};
use super::recording::SeriesGame;
use super::series_net::SeriesTerms;
use super::timer::CLOCKS;
use super::{Screen, State};
use crate::words::{FormValue, Lang, Note, clock_words, form_value, note};
use crate::words::{Say, WatchSay, net_refusal, say, watch_say};
use kaisho_core::clock::TimeControl;
use kaisho_core::handicap::max_stones;
use kaisho_core::{BoardSize, Komi};
use kaisho_net::discovery::Announcement;
use kaisho_net::{Colors, Terms, TimeW};
use kaisho_saves::config::DEFAULT_NAME;
use std::net::SocketAddr;

/// The port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;

/// One line of the host's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostItem {
    BoardSize,
    Komi,
    Handicap,
    Colors,
    Clock,
    Port,
    /// Whether club members may watch (観戦), with a watch code.
    Watchers,
    Start,
}

/// The form, top to bottom.
pub const HOST_ITEMS: &[HostItem] = &[
    HostItem::BoardSize,
    HostItem::Komi,
    HostItem::Handicap,
    HostItem::Watchers,
    HostItem::Colors,
    HostItem::Clock,
    HostItem::Port,
    HostItem::Start,
];

const COLORS: [Colors; 3] = [Colors::Nigiri, Colors::HostBlack, Colors::HostWhite];

/// The terms a host is about to offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostForm {
    pub selected: usize,
    pub size: u8,
    pub komi: Komi,
    pub handicap: u8,
    pub colors: Colors,
    /// An index into [`CLOCKS`].
    pub clock: usize,
    /// A clock typed freely, in place of the preset while set.
    pub custom_clock: Option<TimeControl>,
    /// Whether the player set the komi: then a handicap leaves it alone.
    pub komi_chosen: bool,
    /// The komi of an even game, which comes back when the handicap goes.
    pub even_komi: Komi,
    pub port: u16,
    /// Let club members watch, at most this many at a time; `None` lets
    /// none in.
    pub watchers: Option<u32>,
    /// The most watchers when watching is turned on here.
    pub max_watchers: u32,
    /// A series game: komi, handicap and colours are the series', not the
    /// form's.
    pub series: Option<Box<(SeriesTerms, SeriesGame)>>,
}

impl HostForm {
    /// The line under the selection.
    #[must_use]
    pub fn item(&self) -> HostItem {
        HOST_ITEMS[self.selected.min(HOST_ITEMS.len() - 1)]
    }

    /// The text of an item's value, for items that have one, in `lang`.
    #[must_use]
    pub fn value(&self, item: HostItem, lang: Lang) -> Option<String> {
        let says = |value| form_value(lang, value);
        if let (Some(series), HostItem::Komi | HostItem::Handicap | HostItem::Colors) =
            (&self.series, item)
        {
            let (terms, game) = &**series;
            return Some(match item {
                HostItem::Komi => says(FormValue::SeriesKomi {
                    komi: game.terms.komi,
                    id: &game.id.to_string(),
                    number: terms.number,
                }),
                HostItem::Handicap => says(match terms.handicap {
                    0 => FormValue::NoHandicap,
                    n => FormValue::Stones(n),
                }),
                _ => says(FormValue::Colors(terms.colors)),
            });
        }
        Some(match item {
            HostItem::BoardSize => format!("{0}x{0}", self.size),
            HostItem::Komi => komi_text(lang, self.komi, self.komi_chosen, self.handicap),
            HostItem::Handicap => says(match self.handicap {
                0 => FormValue::NoHandicap,
                n => FormValue::StonesPlacedByBlack(n),
            }),
            HostItem::Colors => says(FormValue::Colors(self.colors)),
            HostItem::Clock => clock_words(lang, self.time_control()),
            HostItem::Port => self.port.to_string(),
            HostItem::Watchers => watch_say(
                lang,
                match self.watchers {
                    Some(n) => WatchSay::Allowed(n),
                    None => WatchSay::NotAllowed,
                },
            ),
            HostItem::Start => return None,
        })
    }

    fn step(&mut self, by: i32) {
        let cycle = |at: usize, len: usize| (at as i32 + by).rem_euclid(len as i32) as usize;
        let fixed = self.series.is_some()
            && matches!(
                self.item(),
                HostItem::Komi | HostItem::Handicap | HostItem::Colors
            );
        if fixed {
            return;
        }
        match self.item() {
            HostItem::BoardSize => {
                self.size = next_size(self.size, by);
                let max = BoardSize::new(u32::from(self.size)).map_or(0, max_stones);
                self.handicap = self.handicap.min(max);
            }
            HostItem::Komi => {
                self.komi = next_komi(self.komi, by);
                self.komi_chosen = true;
            }
            HostItem::Handicap => {
                let max = BoardSize::new(u32::from(self.size)).map_or(0, max_stones);
                let before = self.handicap;
                self.handicap = next_handicap(self.handicap, by, max);
                self.komi = komi_for_handicap(
                    self.komi,
                    self.even_komi,
                    self.komi_chosen,
                    before,
                    self.handicap,
                );
                // The weaker player takes Black with the handicap stones.
                if self.handicap > 0 && self.colors == Colors::Nigiri {
                    self.colors = Colors::HostWhite;
                }
            }
            HostItem::Colors => {
                let at = COLORS.iter().position(|&c| c == self.colors).unwrap_or(0);
                self.colors = COLORS[cycle(at, COLORS.len())];
            }
            HostItem::Clock => {
                self.custom_clock = None;
                self.clock = cycle(self.clock, CLOCKS.len());
            }
            HostItem::Watchers => {
                self.watchers = match self.watchers {
                    Some(_) => None,
                    None => Some(self.max_watchers),
                };
            }
            HostItem::Port | HostItem::Start => {}
        }
    }

    /// The clock chosen: the one typed, or the preset.
    #[must_use]
    pub fn time_control(&self) -> TimeControl {
        self.custom_clock
            .unwrap_or_else(|| TimeControl::from(CLOCKS[self.clock.min(CLOCKS.len() - 1)]))
    }

    /// The terms this form offers.
    #[must_use]
    pub fn terms(&self) -> Terms {
        let time = TimeW::from(self.time_control());
        match &self.series {
            Some(series) => series.0.offer(self.size, time),
            None => Terms {
                game_id: String::new(),
                size: self.size,
                komi_halves: self.komi.halves(),
                handicap: self.handicap,
                time,
                colors: self.colors,
                series: None,
            },
        }
    }
}

/// Waiting for the partner: what is being done, the join code when
/// hosting, and what happened so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lobby {
    pub title: String,
    pub code: Option<String>,
    pub lines: Vec<String>,
    /// Set when the network task has ended without a game.
    pub closed: bool,
    /// The series game being set up, recorded in the series at its end.
    pub series: Option<SeriesGame>,
    /// What a host announces on the local network while it waits (its
    /// port filled in once it listens); `None` when it does not announce.
    pub announcing: Option<Announcement>,
    /// The code club members watch with, when watching is allowed.
    pub watch_code: Option<String>,
    /// The seat is an engine's: it is starting, not waiting for a person,
    /// and the game it starts has no chat and no watchers.
    pub engine: bool,
    /// The join code was burned by three wrong tries; the player may ask
    /// for a new one.
    pub burned: bool,
    /// The code a join was tried with: a join that failed goes back to the
    /// Join screen with it typed, so a retry needs one correction, not
    /// the whole code again.
    pub retry: Option<String>,
}

/// Opens the host's form with the home menu's board, komi and handicap.
pub(super) fn open_host(state: &mut State, out: &mut Out) {
    if state.places.is_none() {
        out.refuse(note(state.naming.lang, Note::NetNeedsHome));
        return;
    }
    let home = state.home;
    state.screen = Screen::HostForm(Box::new(HostForm {
        series: None,
        selected: HOST_ITEMS.len() - 1,
        size: home.size,
        komi: home.komi,
        handicap: home.handicap,
        colors: if home.handicap > 0 {
            Colors::HostWhite
        } else {
            Colors::Nigiri
        },
        clock: home.clock,
        custom_clock: home.custom_clock,
        komi_chosen: home.komi_chosen,
        even_komi: home.even_komi,
        port: DEFAULT_PORT,
        watchers: state.config.watchers.then_some(state.config.max_watchers),
        max_watchers: state.config.max_watchers,
    }));
}

/// Hosts at once with the terms given and the home menu's clock.
pub(super) fn host_now(
    state: &mut State,
    size: u8,
    komi: Komi,
    handicap: u8,
    port: u16,
    out: &mut Out,
) {
    open_host(state, out);
    let Screen::HostForm(form) = &mut state.screen else {
        return;
    };
    form.size = size;
    form.komi = komi;
    form.handicap = handicap;
    form.clock = state.home.clock;
    form.custom_clock = state.home.custom_clock;
    form.port = port;
    form.colors = if handicap > 0 {
        Colors::HostWhite
    } else {
        Colors::Nigiri
    };
    form.selected = HOST_ITEMS.len() - 1;
    run_form(state, Command::Select, out);
}

/// The keys of the host's form.
pub(super) fn run_form(state: &mut State, command: Command, out: &mut Out) {
    let Screen::HostForm(form) = &mut state.screen else {
        return;
    };
    match command {
        Command::Up => form.selected = form.selected.saturating_sub(1),
        Command::Down => form.selected = (form.selected + 1).min(HOST_ITEMS.len() - 1),
        Command::Left => form.step(-1),
        Command::Right => form.step(1),
        Command::Select => match form.item() {
            HostItem::Port => state.prompt = Some(Prompt::Text(Field::Port, String::new())),
            HostItem::Clock => state.prompt = Some(Prompt::Text(Field::Clock, String::new())),
            HostItem::Start => {
                let bind = SocketAddr::new(state.listen, form.port);
                let terms = form.terms();
                let komi = Komi::from_halves(terms.komi_halves).to_string();
                let clock = clock_words(state.naming.lang, form.time_control());
                let hosting = Say::Hosting {
                    size: form.size,
                    komi: &komi,
                    clock: &clock,
                };
                let title = say(state.naming.lang, hosting);
                let (offered, series) = form.series.take().map(|s| *s).unzip();
                let plan = Plan::Host {
                    bind,
                    terms,
                    series: offered,
                    watchers: form.watchers.map(|n| n as usize),
                };
                start(state, plan, title, out);
                if let Screen::Lobby(lobby) = &mut state.screen {
                    lobby.series = series;
                }
            }
            _ => form.step(1),
        },
        _ => {}
    }
}

/// Sets the port typed on the host's form.
pub(super) fn set_port(state: &mut State, text: &str, out: &mut Out) {
    let Screen::HostForm(form) = &mut state.screen else {
        return;
    };
    // Port 0 asks the system for a free port; the code shows the one given.
    match text.trim().parse::<u16>() {
        Ok(port) => form.port = port,
        Err(_) => out.refuse(note(state.naming.lang, Note::NotAPort(text.trim()))),
    }
}

/// Asks for the join code the host shows.
pub(super) fn ask_code(state: &mut State, out: &mut Out) {
    if state.places.is_none() {
        out.refuse(note(state.naming.lang, Note::NetNeedsHome));
        return;
    }
    super::finding::open_join(state, false);
}

/// Opens the Watch screen's prompt: the games open to watchers and the
/// watch code.
pub(super) fn ask_watch(state: &mut State, out: &mut Out) {
    if state.places.is_none() {
        out.refuse(note(state.naming.lang, Note::NetNeedsHome));
        return;
    }
    super::finding::open_join(state, true);
}

/// Joins with a typed code; for a series game, only the series' next game.
pub(super) fn join(
    state: &mut State,
    code: &str,
    series: Option<(SeriesTerms, SeriesGame)>,
    out: &mut Out,
) {
    let code = code.trim().to_string();
    // A code that cannot be dialled is refused here, and the prompt stays
    // open with what was typed.
    if let Err(e) = kaisho_net::JoinCode::parse(&code) {
        let naming = state.naming;
        out.refuse(net_refusal(&e, naming, BoardSize::NINETEEN.get()));
        state.prompt = Some(Prompt::Text(Field::JoinCode, code));
        return;
    }
    let title = say(state.naming.lang, Say::Joining(&code));
    let (terms, game) = series.unzip();
    let retry = game.is_none().then(|| code.clone());
    let plan = Plan::Join {
        code,
        series: terms,
    };
    start(state, plan, title, out);
    if let Screen::Lobby(lobby) = &mut state.screen {
        lobby.series = game;
        lobby.retry = retry;
    }
}

/// Starts the network task with `plan` and shows the lobby.
pub(super) fn start(state: &mut State, plan: Plan, title: String, out: &mut Out) {
    let name = state.config.player_name.clone();
    let announcing = match &plan {
        Plan::Host {
            terms, watchers, ..
        } => super::finding::announcement_for(state, terms).map(|mut game| {
            game.watching = watchers.is_some();
            game
        }),
        _ => None,
    };
    // The partner sees the name from the first message on: a player who
    // never set one is told how, once, as the game is set up.
    let lines = if name == DEFAULT_NAME {
        let text = note(state.naming.lang, Note::NameNotSet(DEFAULT_NAME));
        out.cmds.push(Cmd::Say(text.clone()));
        vec![text]
    } else {
        Vec::new()
    };
    out.cmds.push(Cmd::Net(NetRequest::Start { plan, name }));
    state.screen = Screen::Lobby(Box::new(Lobby {
        title,
        announcing,
        lines,
        ..Lobby::default()
    }));
    state.message = None;
}

/// Asks the network task for a fresh join code in place of a burned one;
/// a code that still works is kept (a new one would cost the partner the
/// code already read out).
pub(super) fn new_code(state: &mut State, out: &mut Out) {
    let Screen::Lobby(lobby) = &mut state.screen else {
        return;
    };
    if lobby.burned && !lobby.closed {
        lobby.burned = false;
        out.cmds.push(Cmd::Net(NetRequest::NewCode));
    } else {
        out.refuse(note(state.naming.lang, Note::CodeNotBurned));
    }
}

/// Leaves the lobby: the network task stops, nothing was played. A join
/// that failed goes back to the Join screen with its code typed.
pub(super) fn leave(state: &mut State, out: &mut Out) {
    let mut retry = None;
    if let Screen::Lobby(lobby) = &mut state.screen {
        if !lobby.closed {
            out.cmds.push(Cmd::Net(NetRequest::Leave));
        }
        retry = lobby.retry.take().filter(|_| lobby.closed);
    }
    state.screen = Screen::Home;
    state.message = None;
    if let Some(code) = retry {
        super::finding::open_join(state, false);
        state.prompt = Some(Prompt::Text(Field::JoinCode, code));
    }
}
