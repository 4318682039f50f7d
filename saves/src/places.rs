//! Where kaisho keeps its files: a data directory (game logs, series,
//! identity), a config directory and a state directory (the log file).
//!
//! By default these are the platform's directories for "kaisho" (on Linux
//! `~/.local/share/kaisho`, `~/.config/kaisho` and
//! `~/.local/state/kaisho`). Setting `KAISHO_HOME`, or passing `--home DIR`
//! (which wins over the variable), puts them under one directory instead,
//! as `DIR/data`, `DIR/config` and `DIR/state`: tests and portable
//! installs use that.

use directories::ProjectDirs;
use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};

/// The environment variable that moves every kaisho file under one directory.
pub const HOME_ENV: &str = "KAISHO_HOME";

/// The directories kaisho reads and writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Places {
    data: PathBuf,
    config: PathBuf,
    state: PathBuf,
}

/// No directory could be found for kaisho's files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoHome;

impl fmt::Display for NoHome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot find a home directory for kaisho's files: pass --home DIR or set {HOME_ENV}"
        )
    }
}

impl std::error::Error for NoHome {}

impl Places {
    /// The directories for this run: `--home` if given, else `KAISHO_HOME`
    /// if set and not empty, else the platform's.
    pub fn locate(home_flag: Option<&Path>) -> Result<Places, NoHome> {
        Places::resolve(home_flag, std::env::var_os(HOME_ENV))
    }

    /// [`Places::locate`] with the environment variable's value passed in,
    /// so the choice can be tested without touching the process environment.
    pub fn resolve(home_flag: Option<&Path>, home_env: Option<OsString>) -> Result<Places, NoHome> {
        if let Some(home) = home_flag {
            return Ok(Places::under(home));
        }
        if let Some(home) = home_env.filter(|h| !h.is_empty()) {
            return Ok(Places::under(Path::new(&home)));
        }
        let dirs = ProjectDirs::from("", "", "kaisho").ok_or(NoHome)?;
        // Only some platforms name a state folder; the rest keep the log
        // with the data that is the user's own too.
        let state = dirs.state_dir().unwrap_or_else(|| dirs.data_local_dir());
        Ok(Places {
            data: dirs.data_dir().to_path_buf(),
            config: dirs.config_dir().to_path_buf(),
            state: state.to_path_buf(),
        })
    }

    /// Everything under one directory: `home/data`, `home/config` and
    /// `home/state`.
    #[must_use]
    pub fn under(home: &Path) -> Places {
        Places {
            data: home.join("data"),
            config: home.join("config"),
            state: home.join("state"),
        }
    }

    /// Where saved games, series and the identity live.
    #[must_use]
    pub fn data_dir(&self) -> &Path {
        &self.data
    }

    /// Where settings live.
    #[must_use]
    pub fn config_dir(&self) -> &Path {
        &self.config
    }

    /// The folder of game logs.
    #[must_use]
    pub fn games_dir(&self) -> PathBuf {
        self.data.join("games")
    }

    /// The folder finished and adjourned games are exported to as SGF.
    #[must_use]
    pub fn exports_dir(&self) -> PathBuf {
        self.data.join("exports")
    }

    /// This installation's key pair and certificate.
    #[must_use]
    pub fn identity_file(&self) -> PathBuf {
        self.data.join("identity.key")
    }

    /// The peers this installation has played.
    #[must_use]
    pub fn known_peers_file(&self) -> PathBuf {
        self.data.join("known_peers.toml")
    }

    /// The player's settings.
    #[must_use]
    pub fn config_file(&self) -> PathBuf {
        self.config.join("config.toml")
    }

    /// The log file: in a folder of the user's own, never a shared
    /// temporary one where anyone could put a FIFO or a link in its place.
    #[must_use]
    pub fn log_file(&self) -> PathBuf {
        self.state.join("kaisho.log")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_over_the_variable() {
        let p = Places::resolve(Some(Path::new("/flag")), Some("/env".into())).unwrap();
        assert_eq!(p.data_dir(), Path::new("/flag/data"));
        assert_eq!(p.config_dir(), Path::new("/flag/config"));
    }

    #[test]
    fn the_variable_wins_over_the_platform() {
        let p = Places::resolve(None, Some("/env".into())).unwrap();
        assert_eq!(p, Places::under(Path::new("/env")));
    }

    #[test]
    fn an_empty_variable_is_ignored() {
        assert_eq!(
            Places::resolve(None, Some(OsString::new())),
            Places::resolve(None, None)
        );
    }
}
