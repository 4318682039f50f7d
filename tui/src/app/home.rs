//! The home screen: a menu built from a list of items, so that hosting,
//! joining, series and saved games appear here by adding an item when they
//! exist, and never before.

use super::command::Command;
use super::net::EngineGame;
use super::timer::CLOCKS;
use crate::words::{FormValue, Lang, clock_words, form_value};
use kaisho_core::clock::TimeControl;
use kaisho_core::handicap::max_stones;
use kaisho_core::{BoardSize, Color, Komi};

/// One line of the home menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HomeItem {
    /// Start a hot-seat game with the values below.
    PlayLocal,
    /// Host a game for a partner on the local network.
    HostLan,
    /// Join a partner's game with the code it shows.
    JoinLan,
    /// Watch a game on the local network (観戦) with its watch code.
    WatchLan,
    /// Play a GTP engine with the values below; its value is the colour
    /// the player takes.
    PlayEngine,
    /// The engine to play: GNU Go's level, stepped; Enter types a command.
    Engine,
    BoardSize,
    Komi,
    Handicap,
    /// The clock of a local game.
    Clock,
    /// The saved and adjourned games, and SGF import.
    Games,
    /// The handicap series kept between club members.
    Series,
    /// Name, board size, komi, point names, ASCII mode.
    Settings,
    Quit,
}

/// The menu when nothing can be saved: only what works without a folder.
const UNSAVED: &[HomeItem] = &[
    HomeItem::PlayLocal,
    HomeItem::BoardSize,
    HomeItem::Komi,
    HomeItem::Handicap,
    HomeItem::Clock,
    HomeItem::Quit,
];

/// The menu with a data folder.
const SAVED: &[HomeItem] = &[
    HomeItem::PlayLocal,
    HomeItem::BoardSize,
    HomeItem::Komi,
    HomeItem::Handicap,
    HomeItem::Clock,
    HomeItem::HostLan,
    HomeItem::JoinLan,
    HomeItem::Games,
    HomeItem::Series,
    HomeItem::Settings,
    HomeItem::PlayEngine,
    HomeItem::Engine,
    HomeItem::WatchLan,
    HomeItem::Quit,
];

/// The board sizes offered.
const SIZES: [u8; 3] = [9, 13, 19];
/// Komi is chosen in half points between these bounds.
const KOMI_HALVES: std::ops::RangeInclusive<i32> = 0..=40;

/// The board size `by` places along the sizes offered (a size not offered
/// counts as the first).
pub(super) fn next_size(size: u8, by: i32) -> u8 {
    let at = SIZES.iter().position(|&s| s == size).unwrap_or(0);
    let next = (at as i32 + by).rem_euclid(SIZES.len() as i32) as usize;
    SIZES[next]
}

/// Komi `by` half points away, within the bounds offered.
pub(super) fn next_komi(komi: Komi, by: i32) -> Komi {
    Komi::from_halves((komi.halves() + by).clamp(*KOMI_HALVES.start(), *KOMI_HALVES.end()))
}

/// Where `control` stands among the [`CLOCKS`] presets, if it is one.
#[must_use]
pub fn preset_of(control: TimeControl) -> Option<usize> {
    CLOCKS
        .iter()
        .position(|&preset| TimeControl::from(preset) == control)
}

/// The preset `by` places from `control` (a clock that is not a preset
/// counts as the first).
#[must_use]
pub fn next_clock(control: TimeControl, by: i32) -> TimeControl {
    let at = preset_of(control).unwrap_or(0) as i32;
    let next = (at + by).rem_euclid(CLOCKS.len() as i32) as usize;
    TimeControl::from(CLOCKS[next])
}

/// The menu selection and the values of a local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Home {
    /// The menu's lines, top to bottom.
    pub items: &'static [HomeItem],
    pub selected: usize,
    pub size: u8,
    pub komi: Komi,
    pub handicap: u8,
    /// An index into [`CLOCKS`].
    pub clock: usize,
    /// A clock typed freely, in place of the preset while set.
    pub custom_clock: Option<TimeControl>,
    /// The komi of an even game, which comes back when the handicap goes.
    pub even_komi: Komi,
    /// Whether the player set the komi: then a handicap leaves it alone.
    pub komi_chosen: bool,
    /// The colour the player takes against the engine.
    pub engine_color: Color,
}

/// The handicap one step up or down (`by` > 0 is up), at most `max`: one
/// stone is not a handicap, so 0 is followed by 2.
#[must_use]
pub fn next_handicap(current: u8, by: i32, max: u8) -> u8 {
    match (current, by > 0) {
        (0, true) => 2,
        (2, false) => 0,
        (h, true) => h.saturating_add(1),
        (h, false) => h.saturating_sub(1),
    }
    .min(max)
}

/// The komi once the handicap changed from `before` to `after` stones: no
/// komi in a handicap game (1949 Art. 19: 置碁にはコミを付けない, unless the
/// players agree otherwise), the even game's komi back at no handicap. A
/// komi the player set stays.
#[must_use]
pub fn komi_for_handicap(komi: Komi, even: Komi, chosen: bool, before: u8, after: u8) -> Komi {
    match (chosen, before, after) {
        (true, _, _) => komi,
        (false, 0, 1..) => Komi::ZERO,
        (false, 1.., 0) => even,
        _ => komi,
    }
}

/// The komi's value on a menu: a handicap game's komi says why it is 0.
#[must_use]
pub fn komi_text(lang: Lang, komi: Komi, chosen: bool, handicap: u8) -> String {
    if handicap > 0 && !chosen && komi == Komi::ZERO {
        form_value(lang, FormValue::HandicapKomi(komi))
    } else {
        komi.to_string()
    }
}

impl Default for Home {
    fn default() -> Home {
        Home {
            items: UNSAVED,
            selected: 0,
            size: 19,
            komi: Komi::MODERN,
            handicap: 0,
            clock: 0,
            custom_clock: None,
            even_komi: Komi::MODERN,
            komi_chosen: false,
            engine_color: Color::Black,
        }
    }
}

impl Home {
    /// The menu with the entries that need a data folder.
    #[must_use]
    pub fn with_saves() -> Home {
        Home {
            items: SAVED,
            ..Home::default()
        }
    }

    #[must_use]
    pub fn item(&self) -> HomeItem {
        self.items[self.selected.min(self.items.len() - 1)]
    }

    /// The text of an item's value, for items that have one, in `lang`.
    #[must_use]
    pub fn value(&self, item: HomeItem, lang: Lang) -> Option<String> {
        match item {
            HomeItem::BoardSize => Some(format!("{0}x{0}", self.size)),
            HomeItem::Komi => Some(komi_text(lang, self.komi, self.komi_chosen, self.handicap)),
            HomeItem::Handicap => Some(form_value(
                lang,
                match self.handicap {
                    0 => FormValue::NoHandicap,
                    n => FormValue::Stones(n),
                },
            )),
            HomeItem::Clock => Some(clock_words(lang, self.time_control())),
            HomeItem::PlayEngine => Some(form_value(
                lang,
                FormValue::Colors(match self.engine_color {
                    Color::Black => kaisho_net::Colors::HostBlack,
                    Color::White => kaisho_net::Colors::HostWhite,
                }),
            )),
            _ => None,
        }
    }

    /// Applies a menu command; returns the command it leads to, if any.
    pub fn run(&mut self, command: &Command) -> Option<Command> {
        match command {
            Command::Up => self.selected = self.selected.saturating_sub(1),
            Command::Down => self.selected = (self.selected + 1).min(self.items.len() - 1),
            // The engine's level is the config's, not the menu's: the
            // update steps it and saves it.
            Command::Left if self.item() == HomeItem::Engine => {
                return Some(Command::StepEngineLevel(-1));
            }
            Command::Right if self.item() == HomeItem::Engine => {
                return Some(Command::StepEngineLevel(1));
            }
            Command::Left => self.step(-1),
            Command::Right => self.step(1),
            Command::Select => {
                return match self.item() {
                    HomeItem::PlayLocal => Some(Command::StartLocal {
                        size: self.size,
                        komi: self.komi,
                        handicap: self.handicap,
                    }),
                    HomeItem::PlayEngine => Some(Command::StartEngine(EngineGame {
                        size: self.size,
                        komi: self.komi,
                        handicap: self.handicap,
                        local: self.engine_color,
                        clock: self.time_control(),
                    })),
                    HomeItem::Quit => Some(Command::Quit),
                    HomeItem::HostLan => Some(Command::OpenHost),
                    HomeItem::JoinLan => Some(Command::AskJoin),
                    HomeItem::WatchLan => Some(Command::AskWatch),
                    HomeItem::Games => Some(Command::OpenGames),
                    HomeItem::Series => Some(Command::OpenSeries),
                    HomeItem::Settings => Some(Command::OpenSettings),
                    HomeItem::Clock => Some(Command::AskClock),
                    HomeItem::Engine => Some(Command::AskEngine),
                    HomeItem::BoardSize | HomeItem::Komi | HomeItem::Handicap => {
                        self.step(1);
                        None
                    }
                };
            }
            _ => {}
        }
        None
    }

    fn step(&mut self, by: i32) {
        match self.item() {
            HomeItem::BoardSize => {
                self.size = next_size(self.size, by);
                self.handicap = self.handicap.min(self.max_handicap());
            }
            HomeItem::Komi => {
                self.komi = next_komi(self.komi, by);
                self.komi_chosen = true;
            }
            HomeItem::Clock => {
                self.custom_clock = None;
                let n = CLOCKS.len() as i32;
                self.clock = (self.clock as i32 + by).rem_euclid(n) as usize;
            }
            HomeItem::PlayEngine => self.engine_color = self.engine_color.opponent(),
            HomeItem::Handicap => {
                let before = self.handicap;
                self.handicap = next_handicap(self.handicap, by, self.max_handicap());
                self.komi = komi_for_handicap(
                    self.komi,
                    self.even_komi,
                    self.komi_chosen,
                    before,
                    self.handicap,
                );
            }
            _ => {}
        }
    }

    /// Makes `control` the clock of the next game: its preset when it is
    /// one, else a typed clock.
    pub fn set_time_control(&mut self, control: TimeControl) {
        match preset_of(control) {
            Some(at) => {
                self.clock = at;
                self.custom_clock = None;
            }
            None => self.custom_clock = Some(control),
        }
    }

    /// The clock chosen: the one typed, or the preset.
    #[must_use]
    pub fn time_control(&self) -> TimeControl {
        self.custom_clock
            .unwrap_or_else(|| TimeControl::from(CLOCKS[self.clock.min(CLOCKS.len() - 1)]))
    }

    fn max_handicap(&self) -> u8 {
        BoardSize::new(u32::from(self.size)).map_or(0, max_stones)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_stay_in_range() {
        let mut home = Home {
            selected: 3,
            size: 9,
            ..Home::default()
        };
        for _ in 0..20 {
            home.run(&Command::Right);
        }
        assert_eq!(home.handicap, 9);
        home.selected = 1;
        home.run(&Command::Left);
        assert_eq!(home.size, 19);
        home.selected = 2;
        for _ in 0..100 {
            home.run(&Command::Left);
        }
        assert_eq!(home.komi, Komi::ZERO);
        home.selected = 3;
        for _ in 0..30 {
            home.run(&Command::Left);
        }
        assert_eq!(home.handicap, 0);
    }

    /// 1949 Art. 19: a handicap game has no komi unless the players agree
    /// on one; the even game's komi comes back with no handicap.
    #[test]
    fn a_handicap_game_has_no_komi_unless_one_is_set() {
        let mut home = Home {
            selected: 3,
            size: 9,
            ..Home::default()
        };
        assert_eq!(home.item(), HomeItem::Handicap);
        home.run(&Command::Right);
        assert_eq!((home.handicap, home.komi), (2, Komi::ZERO));
        assert_eq!(
            home.value(HomeItem::Komi, Lang::En).unwrap(),
            "0 (handicap game, 1949 Art. 19)"
        );
        home.run(&Command::Left);
        assert_eq!((home.handicap, home.komi), (0, Komi::MODERN));
        home.selected = 2;
        home.run(&Command::Right);
        home.selected = 3;
        home.run(&Command::Right);
        assert_eq!(home.handicap, 2);
        assert_eq!(home.komi, next_komi(Komi::MODERN, 1), "a set komi stays");
    }
}
