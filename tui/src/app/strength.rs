//! The engine's name and strength, read from its command line, so the home
//! menu and plain mode can show whom the player is about to meet before
//! the engine is started; and GNU Go's `--level` changed in that command,
//! the one place its strength lives (the config file keeps the command).

use std::ops::RangeInclusive;

/// The levels GNU Go offers; 10, its strongest, unless told.
pub const GNUGO_LEVELS: RangeInclusive<u8> = 1..=10;
const GNUGO_DEFAULT_LEVEL: u8 = 10;
const LEVEL: &str = "--level";

/// Whom an engine command runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strength {
    /// GNU Go's own name, else the program's file name.
    pub name: String,
    /// GNU Go's level; `None` for an engine whose strength kaisho cannot
    /// read from its command.
    pub level: Option<u8>,
}

/// The program an engine command runs: the file name of its first word
/// (`engine` when there is none).
#[must_use]
pub fn program_name(command: &str) -> String {
    shlex::split(command)
        .and_then(|words| words.into_iter().next())
        .and_then(|program| {
            std::path::Path::new(&program)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "engine".to_string())
}

fn is_gnugo(command: &str) -> bool {
    let program = program_name(command);
    program == "gnugo" || program == "gnugo.exe"
}

/// The engine `command` runs and, for GNU Go, its level: the last
/// `--level N` (or `--level=N`) given, else GNU Go's default.
#[must_use]
pub fn strength(command: &str) -> Strength {
    if !is_gnugo(command) {
        return Strength {
            name: program_name(command),
            level: None,
        };
    }
    let words = shlex::split(command).unwrap_or_default();
    let mut level = GNUGO_DEFAULT_LEVEL;
    for (i, word) in words.iter().enumerate() {
        let value = match word.strip_prefix(LEVEL) {
            Some("") => words.get(i + 1).map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        if let Some(n) = value.and_then(|v| v.parse().ok()) {
            level = n;
        }
    }
    Strength {
        name: "GNU Go".to_string(),
        level: Some(level),
    }
}

/// `command` with GNU Go's level set to `level` (any `--level` given
/// before taken out); `None` when the command does not run GNU Go or
/// cannot be split into words.
#[must_use]
pub fn with_level(command: &str, level: u8) -> Option<String> {
    if !is_gnugo(command) {
        return None;
    }
    let words = shlex::split(command)?;
    let mut kept = Vec::with_capacity(words.len() + 2);
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        if word == LEVEL {
            words.next();
        } else if !word.starts_with("--level=") {
            kept.push(word);
        }
    }
    kept.push(LEVEL.to_string());
    kept.push(level.to_string());
    shlex::try_join(kept.iter().map(String::as_str)).ok()
}

/// The level `by` steps from the one in force, within [`GNUGO_LEVELS`].
#[must_use]
pub fn next_level(level: u8, by: i32) -> u8 {
    let (low, high) = (*GNUGO_LEVELS.start(), *GNUGO_LEVELS.end());
    u8::try_from((i32::from(level) + by).clamp(i32::from(low), i32::from(high))).unwrap_or(high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnugo_is_named_with_its_level_or_its_default() {
        let at = |c: &str| strength(c).level;
        assert_eq!(strength("/usr/games/gnugo --mode gtp").name, "GNU Go");
        assert_eq!(at("/usr/games/gnugo --mode gtp"), Some(10));
        assert_eq!(at("gnugo --mode gtp --level 3"), Some(3));
        assert_eq!(at("gnugo --level=4 --mode gtp"), Some(4));
        assert_eq!(
            strength("katago gtp -model m.bin.gz"),
            Strength {
                name: "katago".to_string(),
                level: None
            }
        );
    }

    #[test]
    fn the_level_is_set_in_the_command_once() {
        assert_eq!(
            with_level("/usr/games/gnugo --mode gtp --level 3", 7).as_deref(),
            Some("/usr/games/gnugo --mode gtp --level 7")
        );
        assert_eq!(
            with_level("'/opt/my games/gnugo' --level=2 --mode gtp", 1).as_deref(),
            Some("'/opt/my games/gnugo' --mode gtp --level 1")
        );
        assert_eq!(with_level("pachi -t 5", 3), None);
        assert_eq!(
            (next_level(10, 1), next_level(1, -1), next_level(5, -1)),
            (10, 1, 4)
        );
    }
}
