//! The settings screen: the player's name, the default board size, komi
//! and clock, point names and ASCII mode, written to `config.toml` atomically
//! when saved. A config file that does not parse is never overwritten.

use super::command::Command;
use super::disk::{Job, Then};
use super::home::{next_clock, next_komi, next_size};
use super::out::Out;
use super::prompt::{Field, Prompt};
use super::{Screen, State};
use crate::words::{Lang, Note, clock_words, note};
use kaisho_core::BoardSize;
use kaisho_saves::config::{Config, CoordinateStyle, Language, MAX_WATCHERS};
use std::path::Path;

/// One line of the settings form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsItem {
    Name,
    BoardSize,
    Komi,
    /// The clock a new game starts with: a preset, or one typed.
    Clock,
    Coordinates,
    Ascii,
    /// How many times each player may ask to take back a move per game.
    UndoLimit,
    /// The terminal bell on the partner's move and on time warnings.
    Bell,
    /// Whether a hosted game announces itself on the local network.
    Announce,
    /// Whether a game hosted from the screen lets club members watch.
    Watchers,
    /// How many may watch one hosted game at a time.
    MaxWatchers,
    /// The language of the screens, plain mode and exports: English or
    /// Japanese, in force once saved.
    Language,
    Save,
}

/// The form, top to bottom.
pub const SETTINGS_ITEMS: &[SettingsItem] = &[
    SettingsItem::Name,
    SettingsItem::BoardSize,
    SettingsItem::Komi,
    SettingsItem::Coordinates,
    SettingsItem::Ascii,
    SettingsItem::UndoLimit,
    SettingsItem::Clock,
    SettingsItem::Bell,
    SettingsItem::Announce,
    SettingsItem::Watchers,
    SettingsItem::MaxWatchers,
    SettingsItem::Language,
    SettingsItem::Save,
];

/// The most requests to take back a move the form offers per game.
const MAX_UNDO_LIMIT: u32 = 20;

/// The settings being edited; nothing changes until they are saved.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsForm {
    pub selected: usize,
    pub config: Config,
    /// The language in force: the form's language item shows it while the
    /// config file leaves the language to the locale.
    pub lang: Lang,
}

impl SettingsForm {
    /// The line under the selection.
    #[must_use]
    pub fn item(&self) -> SettingsItem {
        SETTINGS_ITEMS[self.selected.min(SETTINGS_ITEMS.len() - 1)]
    }

    /// The language the language item shows: the one chosen in the form,
    /// else the one in force.
    #[must_use]
    pub fn language(&self) -> Lang {
        self.config.lang.map_or(self.lang, Lang::from)
    }

    /// The text of an item's value, for items that have one, in `lang`.
    #[must_use]
    pub fn value(&self, item: SettingsItem, lang: Lang) -> Option<String> {
        let c = &self.config;
        Some(match item {
            SettingsItem::Name => c.player_name.clone(),
            SettingsItem::BoardSize => format!("{0}x{0}", c.board_size.get()),
            SettingsItem::Komi => c.komi.to_string(),
            SettingsItem::Clock => clock_words(lang, c.time_control.into()),
            SettingsItem::Coordinates => match c.coordinates {
                CoordinateStyle::Gtp => "GTP (D4)".to_string(),
                CoordinateStyle::Rules1949 => "1949 (16の四)".to_string(),
            },
            SettingsItem::Ascii => note(lang, Note::On(c.ascii)),
            SettingsItem::UndoLimit => match c.undo_limit {
                0 => note(lang, Note::NoUndo),
                n => note(lang, Note::PerGame(n)),
            },
            SettingsItem::Bell => note(lang, Note::On(c.bell)),
            SettingsItem::Announce => note(lang, Note::On(c.announce)),
            SettingsItem::Watchers => note(lang, Note::On(c.watchers)),
            SettingsItem::MaxWatchers => c.max_watchers.to_string(),
            SettingsItem::Language => note(lang, Note::LanguageName(self.language())),
            SettingsItem::Save => return None,
        })
    }

    fn step(&mut self, by: i32) {
        let item = self.item();
        let c = &mut self.config;
        match item {
            SettingsItem::BoardSize => {
                let size = next_size(c.board_size.get(), by);
                if let Ok(size) = BoardSize::new(u32::from(size)) {
                    c.board_size = size;
                }
            }
            SettingsItem::Komi => c.komi = next_komi(c.komi, by),
            SettingsItem::Clock => c.time_control = next_clock(c.time_control.into(), by).into(),
            SettingsItem::Coordinates => {
                c.coordinates = match c.coordinates {
                    CoordinateStyle::Gtp => CoordinateStyle::Rules1949,
                    CoordinateStyle::Rules1949 => CoordinateStyle::Gtp,
                };
            }
            SettingsItem::Ascii => c.ascii = !c.ascii,
            SettingsItem::UndoLimit => {
                c.undo_limit = c.undo_limit.saturating_add_signed(by).min(MAX_UNDO_LIMIT);
            }
            SettingsItem::Bell => c.bell = !c.bell,
            SettingsItem::Announce => c.announce = !c.announce,
            SettingsItem::Watchers => c.watchers = !c.watchers,
            SettingsItem::MaxWatchers => {
                c.max_watchers = c
                    .max_watchers
                    .saturating_add_signed(by)
                    .clamp(1, MAX_WATCHERS);
            }
            SettingsItem::Language => {
                c.lang = Some(match c.lang.map_or(self.lang, Lang::from) {
                    Lang::En => Language::Ja,
                    Lang::Ja => Language::En,
                });
            }
            SettingsItem::Name | SettingsItem::Save => {}
        }
    }
}

/// Shows the settings screen with the settings in force.
pub(super) fn open(state: &mut State) {
    state.screen = Screen::Settings(SettingsForm {
        selected: 0,
        config: state.config.clone(),
        lang: state.naming.lang,
    });
}

/// The keys of the settings screen.
pub(super) fn run(state: &mut State, command: Command, out: &mut Out) {
    let Screen::Settings(form) = &mut state.screen else {
        return;
    };
    match command {
        Command::Up => form.selected = form.selected.saturating_sub(1),
        Command::Down => form.selected = (form.selected + 1).min(SETTINGS_ITEMS.len() - 1),
        Command::Left => form.step(-1),
        Command::Right => form.step(1),
        Command::Select => match form.item() {
            SettingsItem::Name => {
                let name = form.config.player_name.clone();
                state.prompt = Some(Prompt::Text(Field::Name, name));
            }
            SettingsItem::Clock => state.prompt = Some(Prompt::Text(Field::Clock, String::new())),
            SettingsItem::Save => save(state, out),
            _ => form.step(1),
        },
        Command::SaveSettings => save(state, out),
        _ => {}
    }
}

/// Takes a typed name into the form.
pub(super) fn set_name(state: &mut State, text: &str, out: &mut Out) {
    let Screen::Settings(form) = &mut state.screen else {
        return;
    };
    let name = text.trim();
    if name.is_empty() {
        out.refuse(note(state.naming.lang, Note::NameEmpty));
    } else {
        form.config.player_name = name.to_string();
    }
}

/// Asks to write the form to the config file.
fn save(state: &State, out: &mut Out) {
    let (Some(_), Screen::Settings(form)) = (&state.places, &state.screen) else {
        return;
    };
    let config = Box::new(form.config.clone());
    let then = Then::Settings {
        config: config.clone(),
    };
    out.disk(Job::SaveConfig(config), then);
}

/// The config file written at `path`: the settings are in force, the
/// language chosen in them at once.
pub(super) fn saved(state: &mut State, config: Config, path: &Path, out: &mut Out) {
    if let Some(lang) = config.lang {
        state.naming.lang = lang.into();
    }
    state.apply_config(config);
    let path = path.display().to_string();
    out.say(note(state.naming.lang, Note::SettingsSaved(&path)));
}
