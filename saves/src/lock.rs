//! An exclusive advisory lock (`flock`) on a lock file beside the file it
//! guards, so that two copies of kaisho changing one file read, change and
//! write it one after the other and neither erases what the other wrote;
//! and a shared one for a reader that must not see a change half made.

use std::fs;
use std::io;
use std::path::Path;

/// A lock held until dropped (closing the file releases the lock).
pub(crate) struct FileLock {
    _file: fs::File,
}

/// Holds the lock file at `path`, made with its folder when missing,
/// waiting while another holds it; where the platform has no `flock` the
/// file is only opened.
///
/// # Errors
/// What could not be done (`create the folder of`, `open`, `inspect`,
/// `use as a lock`, `lock`) and why.
pub(crate) fn hold(path: &Path) -> Result<FileLock, (&'static str, io::Error)> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|e| ("create the folder of", e))?;
    }
    let mut options = fs::OpenOptions::new();
    options.create(true).truncate(false).write(true);
    // Opened without waiting and without following a link, so a FIFO or a
    // device left in its place is refused, never waited on.
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    let file = options.open(path).map_err(|e| ("open", e))?;
    take(file, Turn::Exclusive)
}

/// Holds the lock file at `path` shared with other readers, waiting while
/// a writer holds it, when the file is there and can be used; `None`
/// otherwise (nothing was ever written under it, or it cannot be opened),
/// and the reader goes on without it. Never creates the file.
pub(crate) fn hold_shared(path: &Path) -> Option<FileLock> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    take(options.open(path).ok()?, Turn::Shared).ok()
}

/// How a lock is held.
#[derive(Clone, Copy)]
enum Turn {
    Exclusive,
    Shared,
}

/// Locks `file`, a lock file just opened, once it is found regular.
fn take(file: fs::File, turn: Turn) -> Result<FileLock, (&'static str, io::Error)> {
    let regular = file.metadata().map_err(|e| ("inspect", e))?.is_file();
    if !regular {
        let why = io::Error::other("it is not a regular file; move it away");
        return Err(("use as a lock", why));
    }
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let operation = match turn {
            Turn::Exclusive => libc::LOCK_EX,
            Turn::Shared => libc::LOCK_SH,
        };
        // SAFETY: flock takes a descriptor this function owns, open until
        // the lock is dropped.
        if unsafe { libc::flock(file.as_raw_fd(), operation) } != 0 {
            return Err(("lock", io::Error::last_os_error()));
        }
    }
    #[cfg(not(unix))]
    let _ = turn;
    Ok(FileLock { _file: file })
}
