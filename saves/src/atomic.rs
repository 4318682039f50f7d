//! Replacing a small file so that a crash leaves either the old contents or
//! the new, never a mixture: write a temporary file beside it, flush it,
//! rename it over the old one, flush the folder.
//!
//! The temporary file is created afresh, never opened where something
//! already stands: a folder may be shared or written by another copy of
//! kaisho, and a link placed at the temporary name must not turn a save
//! into a write through it (to another user's file), nor a FIFO there
//! hang the save while it holds a lock. A copy killed mid-write leaves its
//! temporary file behind; [`clear_stale`] removes those of processes that
//! are gone.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Who may read the file once written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The default permissions of new files.
    Normal,
    /// Only the owner may read or write it (0600 on Unix): keys and secrets.
    OwnerOnly,
}

/// The most names tried for one temporary file: each taken name belongs
/// to another writer or was left by a crash, so a few suffice.
const MAX_TEMP_NAMES: u32 = 64;

/// What a temporary file's name holds after the target's name.
const TEMP_MARK: &str = ".tmp-";

/// Writes `bytes` to `path` atomically, creating the folder if needed.
pub fn write_atomically(path: &Path, bytes: &[u8], access: Access) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        fs::create_dir_all(dir)?;
    }
    let (mut file, temp) = create_temp(path, access)?;
    let result = (|| {
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result?;
    if let Some(dir) = dir
        && let Ok(d) = File::open(dir)
    {
        d.sync_all()?;
    }
    Ok(())
}

/// Creates a new, empty temporary file beside `path`
/// (`.<name>.tmp-<pid>-<n>`), exclusively: a name where anything stands
/// (a file, a link, a FIFO) is passed over for the next, and a link is
/// never followed.
pub(crate) fn create_temp(path: &Path, access: Access) -> io::Result<(File, PathBuf)> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
        if access == Access::OwnerOnly {
            options.mode(0o600);
        }
    }
    #[cfg(not(unix))]
    let _ = access;
    let pid = std::process::id();
    for n in 0..MAX_TEMP_NAMES {
        let temp = path.with_file_name(format!(".{}{TEMP_MARK}{pid}-{n}", name.to_string_lossy()));
        match options.open(&temp) {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!(
            "{MAX_TEMP_NAMES} temporary names beside {} are taken; remove the files named .{}{TEMP_MARK}… there",
            path.display(),
            name.to_string_lossy()
        ),
    ))
}

/// Removes the temporary files in `dir` that processes now gone left
/// behind (killed between creating and renaming them), and gives how many.
/// A temporary file of a process still running is left to it.
pub fn clear_stale(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let mut cleared = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temp_owner) else {
            continue;
        };
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if !is_dir && !process_alive(pid) && fs::remove_file(entry.path()).is_ok() {
            cleared += 1;
        }
    }
    cleared
}

/// The process a temporary file's name says made it: `….tmp-<pid>` or
/// `….tmp-<pid>-<n>` (the first form is the one older versions wrote).
fn temp_owner(name: &str) -> Option<u32> {
    let (_, suffix) = name.rsplit_once(TEMP_MARK)?;
    let (pid, n) = suffix.split_once('-').unwrap_or((suffix, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(pid) && digits(n)).then(|| pid.parse().ok())?
}

/// Whether process `pid` runs (as anyone's): a signal 0 reaches it, or is
/// refused for want of permission.
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return true;
    };
    if pid <= 0 {
        return true;
    }
    // SAFETY: signal 0 sends nothing; it only asks whether the process is there.
    let answer = unsafe { libc::kill(pid, 0) };
    answer == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Without a way to ask, every process is taken to run: nothing is removed.
#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_contents_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("file.toml");
        write_atomically(&path, b"one", Access::Normal).unwrap();
        write_atomically(&path, b"two", Access::Normal).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["file.toml"]);
    }

    #[cfg(unix)]
    #[test]
    fn owner_only_files_are_mode_0600() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key");
        write_atomically(&path, b"secret", Access::OwnerOnly).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("file");
        write_atomically(&path, b"old", Access::Normal).unwrap();
        // Folders at every temporary name make the write fail.
        let pid = std::process::id();
        for n in 0..MAX_TEMP_NAMES {
            fs::create_dir(dir.path().join(format!(".file.tmp-{pid}-{n}"))).unwrap();
        }
        let err = write_atomically(&path, b"new", Access::Normal).unwrap_err();
        assert!(err.to_string().contains("temporary names"), "{err}");
        assert_eq!(fs::read(&path).unwrap(), b"old");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_the_temporary_name_is_not_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, b"another user's").unwrap();
        let path = dir.path().join("config.toml");
        // At the name older versions used and at the first one tried now.
        let pid = std::process::id();
        for temp in [
            format!(".config.toml.tmp-{pid}"),
            format!(".config.toml.tmp-{pid}-0"),
        ] {
            std::os::unix::fs::symlink(&victim, dir.path().join(temp)).unwrap();
        }
        write_atomically(&path, b"mine", Access::OwnerOnly).unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"another user's");
        assert_eq!(fs::read(&path).unwrap(), b"mine");
        assert!(!fs::symlink_metadata(&path).unwrap().is_symlink());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_at_the_temporary_name_does_not_hang_the_write() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("series.toml");
        let pid = std::process::id();
        for name in [
            format!(".series.toml.tmp-{pid}"),
            format!(".series.toml.tmp-{pid}-0"),
        ] {
            let fifo = dir.path().join(name);
            let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
            // SAFETY: a valid path, for a test.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        }
        let (done, wait) = std::sync::mpsc::channel();
        let target = path.clone();
        std::thread::spawn(move || {
            let _ = done.send(write_atomically(&target, b"games", Access::Normal).is_ok());
        });
        let written = wait.recv_timeout(std::time::Duration::from_secs(5));
        assert_eq!(written, Ok(true), "the write hung or failed");
        assert_eq!(fs::read(&path).unwrap(), b"games");
    }

    #[test]
    fn stale_temporary_files_of_gone_processes_are_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new("true").spawn().unwrap();
        child.wait().unwrap();
        let gone = child.id();
        let own = std::process::id();
        let stale = [
            format!(".g1.sgf.tmp-{gone}-0"),
            format!(".config.toml.tmp-{gone}"),
            format!("g2.tmp-{gone}"),
        ];
        let kept = [
            format!(".g1.sgf.tmp-{own}-0"),
            "g1.log".to_string(),
            ".notes.tmp-x1".to_string(),
        ];
        for name in stale.iter().chain(&kept) {
            fs::write(dir.path().join(name), b"x").unwrap();
        }
        assert_eq!(clear_stale(dir.path()), stale.len());
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        let mut expected = kept.to_vec();
        expected.sort();
        assert_eq!(left, expected);
    }

    #[test]
    fn a_failed_rename_leaves_what_was_there_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        // A non-empty folder where the file should go makes the rename fail.
        let target = dir.path().join("a.toml");
        fs::create_dir_all(&target).unwrap();
        fs::write(target.join("keep"), b"old").unwrap();
        assert!(write_atomically(&target, b"new", Access::Normal).is_err());
        assert_eq!(fs::read(target.join("keep")).unwrap(), b"old");
        let names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.toml"]);
    }
}
