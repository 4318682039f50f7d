//! Reading a file from outside with bounded work: regular files only (a
//! FIFO would block forever, a device such as `/dev/zero` never ends), and
//! never more than a cap, checked while reading as well as before.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadRefused {
    /// The path names a FIFO, a device, a socket or a folder (after
    /// following symbolic links).
    NotRegular { kind: &'static str },
    /// The file holds more than the cap.
    TooLarge { cap: u64, size: u64 },
    /// The operating system refused.
    Io(io::Error),
}

impl fmt::Display for ReadRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadRefused::NotRegular { kind } => {
                write!(f, "it is a {kind}, not a regular file, so it was not read")
            }
            ReadRefused::TooLarge { cap, .. } => {
                write!(
                    f,
                    "it is larger than the {cap} bytes kaisho reads from such a file"
                )
            }
            ReadRefused::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadRefused {}

impl ReadRefused {
    /// Whether the file is simply not there, which most callers take as
    /// "nothing saved yet" rather than as a problem.
    #[must_use]
    pub fn is_missing(&self) -> bool {
        matches!(self, ReadRefused::Io(e) if e.kind() == io::ErrorKind::NotFound)
    }
}

/// Reads the whole of a regular file of at most `cap` bytes. The file is
/// opened without waiting (a FIFO with no writer does not block) and its
/// kind is checked on the open handle, so it cannot be swapped in between.
pub fn read_regular(path: &Path, cap: u64) -> Result<Vec<u8>, ReadRefused> {
    read_regular_from(path, 0, cap).map(|(bytes, _)| bytes)
}

/// The bytes of a regular file of at most `cap` bytes from offset `from`
/// to its end, read as [`read_regular`] reads, with the file's metadata as
/// the open handle gives it: what was read is of the file it describes.
/// A file that ends before `from` gives no bytes.
pub fn read_regular_from(
    path: &Path,
    from: u64,
    cap: u64,
) -> Result<(Vec<u8>, std::fs::Metadata), ReadRefused> {
    let mut file = open_without_waiting(path).map_err(ReadRefused::Io)?;
    let meta = file.metadata().map_err(ReadRefused::Io)?;
    let kind = meta.file_type();
    if !kind.is_file() {
        let kind = if kind.is_dir() {
            "folder"
        } else if kind.is_fifo_like() {
            "FIFO"
        } else {
            "device or socket"
        };
        return Err(ReadRefused::NotRegular { kind });
    }
    if meta.len() > cap {
        return Err(ReadRefused::TooLarge {
            cap,
            size: meta.len(),
        });
    }
    if from > 0 {
        file.seek(SeekFrom::Start(from)).map_err(ReadRefused::Io)?;
    }
    let mut bytes = Vec::with_capacity(meta.len().saturating_sub(from) as usize);
    file.take((cap + 1).saturating_sub(from))
        .read_to_end(&mut bytes)
        .map_err(ReadRefused::Io)?;
    let size = from + bytes.len() as u64;
    if size > cap {
        return Err(ReadRefused::TooLarge { cap, size });
    }
    Ok((bytes, meta))
}

#[cfg(unix)]
fn open_without_waiting(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_waiting(path: &Path) -> io::Result<File> {
    OpenOptions::new().read(true).open(path)
}

/// Whether a file type is a FIFO, where the platform can tell.
trait FifoLike {
    fn is_fifo_like(&self) -> bool;
}

impl FifoLike for std::fs::FileType {
    #[cfg(unix)]
    fn is_fifo_like(&self) -> bool {
        std::os::unix::fs::FileTypeExt::is_fifo(self)
    }

    #[cfg(not(unix))]
    fn is_fifo_like(&self) -> bool {
        false
    }
}

/// Files that never end or never answer, put in the place of a file kaisho
/// reads, for the tests of each reader.
#[cfg(all(test, unix))]
pub(crate) mod hostile {
    use std::path::{Path, PathBuf};
    use std::sync::mpsc;
    use std::time::Duration;

    /// What is put at the path: a FIFO with no writer, a symbolic link to
    /// `/dev/zero`, a folder, and a sparse regular file of 4 GiB.
    pub(crate) const KINDS: [&str; 4] = ["FIFO", "/dev/zero", "folder", "huge file"];

    /// Replaces whatever is at `path` with the hostile `kind`.
    pub(crate) fn place(path: &Path, kind: &str) {
        if path.is_dir() && !path.is_symlink() {
            std::fs::remove_dir(path).unwrap();
        } else if path.symlink_metadata().is_ok() {
            std::fs::remove_file(path).unwrap();
        }
        match kind {
            "FIFO" => {
                let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
                // SAFETY: `name` is a valid NUL-terminated path for the call.
                assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
            }
            "/dev/zero" => std::os::unix::fs::symlink("/dev/zero", path).unwrap(),
            "folder" => std::fs::create_dir(path).unwrap(),
            "huge file" => std::fs::File::create(path)
                .unwrap()
                .set_len(4 << 30)
                .unwrap(),
            other => panic!("no hostile file {other}"),
        }
    }

    /// Puts each hostile kind at `path` in turn and runs `read` on it in a
    /// thread that must finish within five seconds, so a reader that blocks
    /// or reads on fails the test instead of hanging it. `read` gets the
    /// kind and asserts its outcome.
    pub(crate) fn each_kind(path: &Path, read: impl Fn(&str, PathBuf) + Send + Sync + 'static) {
        let read = std::sync::Arc::new(read);
        for kind in KINDS {
            place(path, kind);
            let (done, finished) = mpsc::channel();
            let read = read.clone();
            let at = path.to_path_buf();
            let worker = std::thread::spawn(move || {
                read(kind, at);
                let _ = done.send(());
            });
            match finished.recv_timeout(Duration::from_secs(5)) {
                Ok(()) => worker.join().unwrap(),
                // The reader panicked: show its assertion.
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    if let Err(panic) = worker.join() {
                        std::panic::resume_unwind(panic);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    panic!(
                        "reading a {kind} at {} did not finish in 5 s",
                        path.display()
                    )
                }
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn regular_files_are_read_and_others_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        std::fs::write(&file, b"twelve bytes").unwrap();
        assert_eq!(read_regular(&file, 12).unwrap(), b"twelve bytes");
        assert!(matches!(
            read_regular(&file, 11),
            Err(ReadRefused::TooLarge { cap: 11, size: 12 })
        ));
        assert!(matches!(
            read_regular(Path::new("/dev/zero"), 1 << 20),
            Err(ReadRefused::NotRegular { .. })
        ));
        assert!(matches!(
            read_regular(dir.path(), 1 << 20),
            Err(ReadRefused::NotRegular { kind: "folder" })
        ));
    }
}
