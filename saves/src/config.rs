//! The player's settings, in a TOML file they may edit by hand. A broken
//! file never stops kaisho: it starts on the defaults, says which line is
//! wrong, and leaves the file as it is.

use crate::atomic::{Access, write_atomically};
use crate::bounded::read_regular;
use crate::limits::{MAX_CONFIG_BYTES, MAX_NAME_CHARS, check_length};
use kaisho_core::{BoardSize, Komi};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// How board points are named on screen and typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CoordinateStyle {
    /// `D4`, as GTP programs and most servers write them.
    Gtp,
    /// `16の四`, as the 1949 rules (Art. 9) name them.
    #[serde(rename = "1949")]
    Rules1949,
}

/// The language of the screens, plain mode and exported comments, as
/// `lang = "en"` or `"ja"` under `[display]`; left out, the locale decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    En,
    Ja,
}

/// The clock of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "lowercase")]
pub enum TimeControl {
    /// No clock.
    None,
    /// A fixed amount of time for the whole game.
    Absolute { main_seconds: u32 },
    /// Japanese byo-yomi: main time, then `periods` periods of `period_seconds`.
    Byoyomi {
        main_seconds: u32,
        periods: u32,
        period_seconds: u32,
    },
}

impl From<TimeControl> for kaisho_core::clock::TimeControl {
    fn from(control: TimeControl) -> Self {
        let ms = |seconds: u32| u64::from(seconds) * 1000;
        match control {
            TimeControl::None => Self::None,
            TimeControl::Absolute { main_seconds } => Self::Absolute {
                main_ms: ms(main_seconds),
            },
            TimeControl::Byoyomi {
                main_seconds,
                periods,
                period_seconds,
            } => Self::Byoyomi {
                main_ms: ms(main_seconds),
                periods,
                period_ms: ms(period_seconds),
            },
        }
    }
}

impl From<kaisho_core::clock::TimeControl> for TimeControl {
    /// The file counts in whole seconds; a part of a second is dropped.
    fn from(control: kaisho_core::clock::TimeControl) -> Self {
        use kaisho_core::clock::TimeControl as Core;
        let seconds = |ms: u64| u32::try_from(ms / 1000).unwrap_or(u32::MAX);
        match control {
            Core::None => Self::None,
            Core::Absolute { main_ms } => Self::Absolute {
                main_seconds: seconds(main_ms),
            },
            Core::Byoyomi {
                main_ms,
                periods,
                period_ms,
            } => Self::Byoyomi {
                main_seconds: seconds(main_ms),
                periods,
                period_seconds: seconds(period_ms),
            },
        }
    }
}

/// Everything the config file holds, with the defaults a new player gets.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub player_name: String,
    pub board_size: BoardSize,
    pub komi: Komi,
    pub time_control: TimeControl,
    pub coordinates: CoordinateStyle,
    pub ascii: bool,
    /// How many times a player may ask to take back a move (待った) in one
    /// game; 0 allows none.
    pub undo_limit: u32,
    /// Whether the terminal bell rings on the partner's move and on time
    /// warnings.
    pub bell: bool,
    /// The language chosen in the file; `None` leaves it to the locale.
    pub lang: Option<Language>,
    /// Whether a hosted game announces itself on the local network
    /// (multicast DNS); off, the partner types the address and the code.
    pub announce: bool,
    /// `[network] watchers`: whether a game hosted from the screen lets
    /// club members watch it (観戦) unless the lobby's choice says not.
    pub watchers: bool,
    /// `[network] max_watchers`: how many may watch one hosted game at a
    /// time, 1 to [`MAX_WATCHERS`].
    pub max_watchers: u32,
    /// `[network] relay`: the relay of a game across the internet, `none`,
    /// `n0` or a relay's URL; `None` when the member has not chosen one.
    pub relay: Option<String>,
    /// `[engine] command`: the GTP engine to play (its command line);
    /// `None` lets the front end look for GNU Go.
    pub engine_command: Option<String>,
    /// `[engine] limit_seconds`: how long an engine may think for one move
    /// beyond its clock before the game is adjourned.
    pub engine_limit_secs: u32,
}

/// The name of a player who has not set one: partners see it, so the front
/// end tells such a player how to set theirs where a partner will see it.
pub const DEFAULT_NAME: &str = "Player";

impl Default for Config {
    fn default() -> Config {
        Config {
            player_name: DEFAULT_NAME.to_string(),
            board_size: BoardSize::NINETEEN,
            komi: Komi::MODERN,
            // A casual game at one keyboard has no clock; byo-yomi is one
            // choice away in Settings and on the home screen.
            time_control: TimeControl::None,
            coordinates: CoordinateStyle::Gtp,
            ascii: false,
            undo_limit: 3,
            bell: false,
            lang: None,
            announce: true,
            watchers: true,
            max_watchers: DEFAULT_MAX_WATCHERS,
            relay: None,
            engine_command: None,
            engine_limit_secs: DEFAULT_ENGINE_LIMIT_SECS,
        }
    }
}

/// The file format, version 1. Every field may be left out.
#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(default)]
struct ConfigFileV1 {
    version: Option<u32>,
    player: PlayerSection,
    game: GameSection,
    display: DisplaySection,
    network: NetworkSection,
    engine: EngineSection,
}

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(default)]
struct PlayerSection {
    name: Option<String>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(default)]
struct GameSection {
    board_size: Option<u32>,
    komi: Option<f64>,
    clock: Option<TimeControl>,
    undo_limit: Option<u32>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(default)]
struct DisplaySection {
    coordinates: Option<CoordinateStyle>,
    ascii: Option<bool>,
    bell: Option<bool>,
    lang: Option<Language>,
}

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(default)]
struct NetworkSection {
    announce: Option<bool>,
    watchers: Option<bool>,
    max_watchers: Option<u32>,
    relay: Option<String>,
}

/// The longest `relay` value read: a URL of a few dozen characters.
pub const MAX_RELAY_CHARS: usize = 512;

/// The watchers a hosted game lets in unless the file says.
pub const DEFAULT_MAX_WATCHERS: u32 = 16;
/// The most watchers `max_watchers` may allow.
pub const MAX_WATCHERS: u32 = 64;

#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(default)]
struct EngineSection {
    command: Option<String>,
    limit_seconds: Option<u32>,
}

/// The seconds an engine may think beyond its clock unless the file says.
pub const DEFAULT_ENGINE_LIMIT_SECS: u32 = 60;

/// Why the config file was not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigProblem {
    pub path: PathBuf,
    /// The line of the error, from 1, when the file could be read.
    pub line: Option<usize>,
    pub message: String,
    /// Met while saving the settings, which were read and stay in force;
    /// else while reading them, and the defaults are in force.
    pub saving: bool,
}

impl fmt::Display for ConfigProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{} line {line}: {}", self.path.display(), self.message)?,
            None => write!(f, "{}: {}", self.path.display(), self.message)?,
        }
        if self.saving {
            f.write_str("; the settings were not saved, and the file is as it was")
        } else {
            f.write_str("; kaisho is using its default settings and left the file as it is")
        }
    }
}

impl std::error::Error for ConfigProblem {}

/// The settings in force, and the problem with the file if it could not be used.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedConfig {
    pub config: Config,
    pub problem: Option<ConfigProblem>,
}

/// Reads the config file; a missing file gives the defaults without a problem.
#[must_use]
pub fn load(path: &Path) -> LoadedConfig {
    let problem = |line, message| ConfigProblem {
        path: path.to_path_buf(),
        line,
        message,
        saving: false,
    };
    match read_text(path) {
        Ok(None) => LoadedConfig {
            config: Config::default(),
            problem: None,
        },
        Ok(Some(text)) => match parse(&text) {
            Ok(config) => LoadedConfig {
                config,
                problem: None,
            },
            Err((line, message)) => defaults_because(problem(line, message)),
        },
        Err(message) => defaults_because(problem(None, message)),
    }
}

/// The file's text, or `None` when there is no file. The file goes through
/// the bounded reader, so a FIFO, a device or a file far larger than any
/// settings is refused at once, never waited on or read on.
fn read_text(path: &Path) -> Result<Option<String>, String> {
    match read_regular(path, MAX_CONFIG_BYTES) {
        Ok(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| "is not UTF-8 text".to_string()),
        Err(refused) if refused.is_missing() => Ok(None),
        Err(refused) => Err(format!("could not be read ({refused})")),
    }
}

fn defaults_because(problem: ConfigProblem) -> LoadedConfig {
    LoadedConfig {
        config: Config::default(),
        problem: Some(problem),
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn parse(text: &str) -> Result<Config, (Option<usize>, String)> {
    let file: ConfigFileV1 = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start));
        (line, e.message().to_string())
    })?;
    let find = |key: &str| text.find(key).map(|offset| line_of(text, offset));
    if let Some(v) = file.version
        && v != 1
    {
        return Err((
            find("version"),
            format!("config version {v} is not known; use 1"),
        ));
    }
    let defaults = Config::default();
    let board_size = match file.game.board_size {
        Some(n) => BoardSize::new(n).map_err(|e| (find("board_size"), e.to_string()))?,
        None => defaults.board_size,
    };
    let komi = match file.game.komi {
        Some(k) => Komi::parse(&k.to_string()).map_err(|e| (find("komi"), e.to_string()))?,
        None => defaults.komi,
    };
    if let Some(clock) = file.game.clock {
        check_clock(clock).map_err(|e| (find("clock"), e))?;
    }
    // A count from 1 to `max`, the default when the file has none.
    let counted = |value: Option<u32>, max: u32, default: u32, key: &str, what: &str| match value {
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(_) => Err((find(key), format!("{what} must be 1 to {max}"))),
        None => Ok(default),
    };
    let engine_limit_secs = counted(
        file.engine.limit_seconds,
        MAX_CLOCK_SECONDS,
        defaults.engine_limit_secs,
        "limit_seconds",
        "the engine's limit_seconds",
    )?;
    let max_watchers = counted(
        file.network.max_watchers,
        MAX_WATCHERS,
        defaults.max_watchers,
        "max_watchers",
        "max_watchers",
    )?;
    if let Some(name) = &file.player.name {
        check_length("player name", name, MAX_NAME_CHARS).map_err(|e| (find("name"), e))?;
    }
    if let Some(relay) = &file.network.relay {
        check_relay(relay).map_err(|e| (find("relay"), e))?;
    }
    Ok(Config {
        player_name: file
            .player
            .name
            .map_or(defaults.player_name, crate::visible::visible_owned),
        board_size,
        komi,
        time_control: file.game.clock.unwrap_or(defaults.time_control),
        coordinates: file.display.coordinates.unwrap_or(defaults.coordinates),
        ascii: file.display.ascii.unwrap_or(defaults.ascii),
        undo_limit: file.game.undo_limit.unwrap_or(defaults.undo_limit),
        bell: file.display.bell.unwrap_or(defaults.bell),
        lang: file.display.lang,
        announce: file.network.announce.unwrap_or(defaults.announce),
        watchers: file.network.watchers.unwrap_or(defaults.watchers),
        max_watchers,
        relay: file.network.relay.map(|r| r.trim().to_string()),
        engine_command: file.engine.command.filter(|c| !c.trim().is_empty()),
        engine_limit_secs,
    })
}

/// Refuses a relay that is neither `none`, `n0` nor an http(s) URL.
fn check_relay(relay: &str) -> Result<(), String> {
    let relay = relay.trim();
    let url = relay.starts_with("https://") || relay.starts_with("http://");
    let fits = relay.chars().count() <= MAX_RELAY_CHARS && !relay.contains(char::is_whitespace);
    if (relay == "none" || relay == "n0" || url) && fits {
        Ok(())
    } else {
        Err(format!(
            "relay must be none, n0 or your club's relay as a URL (https://…, at most {MAX_RELAY_CHARS} characters)"
        ))
    }
}

/// The longest main time or period a clock may hold: a day.
const MAX_CLOCK_SECONDS: u32 = 86_400;
/// The most byo-yomi periods a clock may hold.
const MAX_PERIODS: u32 = 100;

/// Refuses a clock no game can be played with: no time at all, no periods
/// or empty ones, or more than a day.
fn check_clock(clock: TimeControl) -> Result<(), String> {
    let usable = match clock {
        TimeControl::None => true,
        TimeControl::Absolute { main_seconds } => (1..=MAX_CLOCK_SECONDS).contains(&main_seconds),
        TimeControl::Byoyomi {
            main_seconds,
            periods,
            period_seconds,
        } => {
            main_seconds <= MAX_CLOCK_SECONDS
                && (1..=MAX_PERIODS).contains(&periods)
                && (1..=MAX_CLOCK_SECONDS).contains(&period_seconds)
        }
    };
    if usable {
        Ok(())
    } else {
        Err(format!(
            "the clock cannot be played with: give main_seconds (1 to {MAX_CLOCK_SECONDS}) for \"absolute\", or periods (1 to {MAX_PERIODS}) of period_seconds (1 to {MAX_CLOCK_SECONDS}) for \"byoyomi\""
        ))
    }
}

/// The text of the config file about to be written over, if there is one;
/// a file that does not parse is the player's work in progress and is
/// refused, so it is never overwritten.
fn writable(path: &Path) -> Result<Option<String>, ConfigProblem> {
    read_text(path)
        .map_err(|message| (None, message))
        .and_then(|existing| match existing {
            Some(text) => parse(&text).map(|_| Some(text)),
            None => Ok(None),
        })
        .map_err(|(line, message)| ConfigProblem {
            path: path.to_path_buf(),
            line,
            message: format!("{message} — fix or move the file before saving settings"),
            saving: true,
        })
}

/// Sets `[engine] command` and nothing else, as [`rewrite`] does.
pub fn save_engine_command(path: &Path, command: &str) -> Result<(), ConfigProblem> {
    rewrite(path, |file| {
        let engine = file
            .entry("engine")
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        if let toml::Value::Table(engine) = engine {
            engine.insert("command".into(), toml::Value::String(command.into()));
        }
    })
}

/// Writes the values the settings screen edits (not the engine's) into
/// the file, as [`rewrite`] does.
pub fn save(path: &Path, config: &Config) -> Result<(), ConfigProblem> {
    let file = ConfigFileV1 {
        version: Some(1),
        player: PlayerSection {
            name: Some(config.player_name.clone()),
        },
        game: GameSection {
            board_size: Some(u32::from(config.board_size.get())),
            komi: Some(f64::from(config.komi.halves()) / 2.0),
            clock: Some(config.time_control),
            undo_limit: Some(config.undo_limit),
        },
        display: DisplaySection {
            coordinates: Some(config.coordinates),
            ascii: Some(config.ascii),
            bell: Some(config.bell),
            lang: config.lang,
        },
        network: NetworkSection {
            announce: Some(config.announce),
            watchers: Some(config.watchers),
            max_watchers: Some(config.max_watchers),
            // Chosen for games across the internet, not on the settings
            // screen: the file keeps what it says.
            relay: None,
        },
        // The engine is not the settings screen's: `save_engine_command`
        // writes its command, the player's editor its limit.
        engine: EngineSection::default(),
    };
    let values = toml::Table::try_from(&file).map_err(|e| unwritten(path, e.to_string()))?;
    rewrite(path, |file| {
        for (key, value) in values {
            match (file.get_mut(&key), value) {
                (Some(toml::Value::Table(section)), toml::Value::Table(value)) => {
                    section.extend(value);
                }
                (_, value) => {
                    file.insert(key, value);
                }
            }
        }
    })
}

/// Why the config file at `path` was not written.
fn unwritten(path: &Path, message: String) -> ConfigProblem {
    ConfigProblem {
        path: path.to_path_buf(),
        line: None,
        message,
        saving: true,
    }
}

/// Changes the config file by `change`, atomically: the file is read again
/// just before it is written, so every value `change` leaves alone stays
/// as it is on the disk, whatever another copy of kaisho (or the player's
/// editor) wrote there since this one loaded it. A file that does not
/// parse is the player's work in progress: it is never overwritten.
fn rewrite(path: &Path, change: impl FnOnce(&mut toml::Table)) -> Result<(), ConfigProblem> {
    let problem = |message: String| unwritten(path, message);
    // Two copies saving at once read, change and write one after the
    // other, so neither writes back a file from before the other's change.
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let _lock =
        crate::lock::hold(&path.with_file_name(format!(".{name}.lock"))).map_err(|(what, e)| {
            problem(format!(
                "its lock file could not be held: {what} failed ({e})"
            ))
        })?;
    let mut file: toml::Table = match writable(path)? {
        Some(text) => toml::from_str(&text).map_err(|e| problem(e.message().to_string()))?,
        None => toml::Table::new(),
    };
    change(&mut file);
    if let Some(dir) = path.parent() {
        crate::atomic::clear_stale(dir);
    }
    let text = toml::to_string_pretty(&file).map_err(|e| problem(e.to_string()))?;
    write_atomically(path, text.as_bytes(), Access::Normal)
        .map_err(|e| problem(format!("could not be written ({e})")))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::bounded::hostile;

    #[test]
    fn a_save_that_fails_says_the_settings_were_not_saved_not_that_defaults_rule() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let mut config = Config {
            player_name: "Aki".into(),
            ..Config::default()
        };
        save(&path, &config).unwrap();
        assert_eq!(load(&path).config.player_name, "Aki");
        let lock = dir.path().join(".config.toml.lock");
        std::fs::remove_file(&lock).unwrap();
        std::fs::create_dir(&lock).unwrap();
        config.player_name = "Ben".into();
        let said = save(&path, &config).unwrap_err().to_string();
        assert!(said.contains("the settings were not saved"), "{said}");
        assert!(!said.contains("default settings"), "{said}");
        assert_eq!(load(&path).config.player_name, "Aki");
    }

    #[test]
    fn a_config_that_never_ends_is_refused_at_once_and_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        hostile::each_kind(&path, |kind, path| {
            let loaded = load(&path);
            assert_eq!(loaded.config, Config::default(), "{kind}");
            let problem = loaded.problem.expect(kind);
            assert!(
                problem.message.starts_with("could not be read ("),
                "{kind}: {problem}"
            );
            assert!(
                problem.to_string().contains("left the file as it is"),
                "{kind}"
            );
            let before = path.symlink_metadata().unwrap();
            let refused = save(&path, &Config::default()).expect_err(kind);
            assert!(
                refused.message.contains("before saving settings"),
                "{kind}: {refused}"
            );
            let after = path.symlink_metadata().unwrap();
            assert_eq!(
                (after.file_type(), after.len()),
                (before.file_type(), before.len()),
                "{kind} left in place"
            );
        });
    }
}
