//! An exclusive advisory lock (`flock`) on a lock file beside the file it
//! guards, so that two copies of kaisho changing one file read, change and
//! write it one after the other and neither erases what the other wrote.

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
    let regular = file.metadata().map_err(|e| ("inspect", e))?.is_file();
    if !regular {
        let why = io::Error::other("it is not a regular file; move it away");
        return Err(("use as a lock", why));
    }
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: flock takes a descriptor this function owns, open until
        // the lock is dropped.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } != 0 {
            return Err(("lock", io::Error::last_os_error()));
        }
    }
    Ok(FileLock { _file: file })
}
