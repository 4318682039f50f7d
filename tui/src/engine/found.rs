//! Which engine to play: the command line's `--engine`, else
//! `[engine] command` in config.toml, else GNU Go where it is installed.

use std::path::{Path, PathBuf};

/// GNU Go's program name, and where Debian puts it outside most `PATH`s.
const GNUGO: &str = "gnugo";
const GAMES: &str = "/usr/games";

/// The engine command in force: `flag`, else `configured`, else GNU Go
/// in GTP mode when it is found on `path` (a `PATH` value) or in
/// `/usr/games`.
#[must_use]
pub fn engine_command(
    flag: Option<&str>,
    configured: Option<&str>,
    path: Option<&std::ffi::OsStr>,
) -> Option<String> {
    let given = |c: Option<&str>| c.map(str::trim).filter(|c| !c.is_empty()).map(String::from);
    given(flag)
        .or_else(|| given(configured))
        .or_else(|| gnugo(path).map(|p| format!("{} --mode gtp", quoted(&p))))
}

/// GNU Go's program, if installed.
fn gnugo(path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    let dirs = path.map(|p| std::env::split_paths(p).collect::<Vec<_>>());
    dirs.into_iter()
        .flatten()
        .chain(std::iter::once(PathBuf::from(GAMES)))
        .map(|dir| dir.join(GNUGO))
        .find(|p| is_program(p))
}

fn is_program(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// A path as one word of a command line.
fn quoted(path: &Path) -> String {
    let text = path.to_string_lossy();
    shlex::try_quote(&text).map_or_else(|_| text.to_string(), |q| q.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_comes_before_the_setting_and_gnugo() {
        let none = Some(std::ffi::OsStr::new(""));
        assert_eq!(
            engine_command(Some("katago gtp"), Some("pachi"), none).as_deref(),
            Some("katago gtp")
        );
        assert_eq!(
            engine_command(Some("  "), Some("pachi -t 5"), none).as_deref(),
            Some("pachi -t 5")
        );
    }

    #[test]
    fn gnugo_is_found_on_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join("gnugo");
        std::fs::write(&program, "#!/bin/sh\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let found = engine_command(None, None, Some(dir.path().as_os_str())).unwrap();
        assert_eq!(found, format!("{} --mode gtp", program.display()));
    }
}
