//! Logs go to a file, never to the screen the game is drawn on: the path in
//! `KAISHO_LOG`, or `kaisho.log` in the user's own state folder
//! ([`Places::log_file`]), never a shared temporary folder. The file is
//! opened without waiting and kept only when it is a regular file, so a
//! FIFO or a device put there cannot hang the start; kaisho then runs
//! unlogged and says so. The file is bounded: a start finding it over
//! [`MAX_LOG_FILE_BYTES`] moves it to `<name>.old` (replacing the one
//! before), and a session stops writing at the bound with one note, so
//! neither kaisho nor an engine talking without end can fill the disk.

pub use crate::errors::Unlogged;
use kaisho_core::Event;
use kaisho_saves::limits::{MAX_ENGINE_STDERR_BYTES, MAX_LOG_FILE_BYTES};
use kaisho_saves::places::Places;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use tokio::io::{AsyncRead, AsyncReadExt};

/// The log file with what this session may still write to it. Write errors
/// are swallowed: a full disk must not make the logger complain on stderr,
/// which is the screen the game is drawn on.
struct Capped {
    file: File,
    /// The file's size as far as this session knows: at the open, plus
    /// what it wrote since.
    size: u64,
    cap: u64,
    /// Whether the note that the cap was reached is written.
    full: bool,
}

impl Capped {
    /// Writes `bytes` while the file is below its cap; the write that
    /// reaches it is replaced by one note, and nothing is written after.
    fn write(&mut self, bytes: &[u8]) {
        if self.full {
            return;
        }
        if bytes.len() as u64 <= self.cap.saturating_sub(self.size) {
            let _ = self.file.write_all(bytes);
            self.size += bytes.len() as u64;
            return;
        }
        let note = format!(
            "\n[kaisho: the log reached {} bytes; nothing more is written to it until the next start]\n",
            self.cap
        );
        let _ = self.file.write_all(note.as_bytes());
        self.full = true;
    }
}

/// The log file of this process, opened on first use (by [`init`] or by an
/// engine's standard error) at the path [`init`] chose, else at the
/// default one; or why there is none.
fn log() -> &'static Result<Mutex<Capped>, Unlogged> {
    static LOG: OnceLock<Result<Mutex<Capped>, Unlogged>> = OnceLock::new();
    LOG.get_or_init(|| {
        let path = PATH.get().cloned().unwrap_or_else(|| path_for(None));
        open(&path, MAX_LOG_FILE_BYTES).map(Mutex::new)
    })
}

/// The path [`init`] chose, for the log opened after it.
static PATH: OnceLock<PathBuf> = OnceLock::new();

/// `KAISHO_LOG`, else the log file of the places `home` gives.
fn path_for(home: Option<&Path>) -> PathBuf {
    std::env::var_os("KAISHO_LOG")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .or_else(|| Places::locate(home).ok().map(|p| p.log_file()))
        .unwrap_or_else(|| PathBuf::from("kaisho.log"))
}

/// Opens the log at `path` for appending (making its folder), first moving
/// a file over `cap` to `<path>.old`. Anything but a regular file is
/// refused without waiting on it.
fn open(path: &Path, cap: u64) -> Result<Capped, Unlogged> {
    let path_buf = || path.to_path_buf();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|error| Unlogged::NoFolder {
            path: path_buf(),
            error,
        })?;
    }
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() > cap) {
        let mut old = path.as_os_str().to_owned();
        old.push(".old");
        let _ = std::fs::rename(path, old);
    }
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(Unlogged::NotRegular { path: path_buf() });
    }
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A FIFO with no reader would block the open, one with a reader
        // every write: neither waits with this flag, and the kind is
        // checked on the open file below.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|error| Unlogged::Unopened {
        path: path_buf(),
        error,
    })?;
    let meta = file.metadata().map_err(|error| Unlogged::Unopened {
        path: path_buf(),
        error,
    })?;
    if !meta.is_file() {
        return Err(Unlogged::NotRegular { path: path_buf() });
    }
    Ok(Capped {
        file,
        size: meta.len(),
        cap,
        full: false,
    })
}

/// Writes `bytes` to the log file, if there is one.
fn write(bytes: &[u8]) {
    if let Ok(log) = log() {
        log.lock().unwrap_or_else(|e| e.into_inner()).write(bytes);
    }
}

/// The log file as tracing writes to it.
struct LogWriter;

impl Write for LogWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        write(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Puts the log, when something is first written to it, in the places
/// `home` gives (or at `KAISHO_LOG`): the command line's subcommands log
/// only what an engine says on its standard error.
pub fn place(home: Option<&Path>) {
    let _ = PATH.set(path_for(home));
}

/// Starts logging to the log file of the places `home` gives (or
/// `KAISHO_LOG`); without a regular, writable file kaisho runs unlogged,
/// and the reason is returned for the player to be told.
pub fn init(home: Option<&Path>) -> Result<(), &'static Unlogged> {
    place(home);
    log().as_ref()?;
    let _ = tracing_subscriber::fmt()
        .with_writer(|| LogWriter)
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .try_init();
    Ok(())
}

/// Copies an engine's standard error to the log file, bounded: see
/// [`keep_stderr`].
pub async fn engine_stderr(stderr: impl AsyncRead + Unpin) {
    keep_stderr(stderr, MAX_ENGINE_STDERR_BYTES, write).await;
}

/// Reads `from` to its end and gives `to` its first `keep` bytes, then a
/// note, and at the end the count of bytes dropped. The rest is read and
/// dropped rather than left in the pipe, so an engine that writes without
/// end to its standard error is never blocked by it; it is only not kept.
async fn keep_stderr(mut from: impl AsyncRead + Unpin, keep: u64, mut to: impl FnMut(&[u8])) {
    let mut buf = vec![0; 8 * 1024];
    let (mut kept, mut dropped) = (0u64, 0u64);
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let room = usize::try_from(keep - kept).unwrap_or(usize::MAX).min(n);
        if room > 0 {
            to(&buf[..room]);
            kept += room as u64;
            if kept == keep {
                to(format!(
                    "\n[kaisho: the engine's standard error past {keep} bytes is not kept]\n"
                )
                .as_bytes());
            }
        }
        dropped += (n - room) as u64;
    }
    if dropped > 0 {
        to(
            format!("[kaisho: {dropped} bytes of the engine's standard error were dropped]\n")
                .as_bytes(),
        );
    }
}

/// Records an event the game accepted.
pub fn applied(event: &Event) {
    tracing::info!(?event, "event applied");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_stops_at_its_cap_with_one_note_and_is_moved_aside_at_the_next_start() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kaisho.log");
        let mut log = open(&path, 1000).unwrap();
        for _ in 0..100 {
            log.write(&[b'x'; 100]);
        }
        drop(log);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.len() < 1200, "{} bytes", text.len());
        assert_eq!(text.matches("the log reached 1000 bytes").count(), 1);
        // Below the cap it is kept and appended to; over it, moved aside.
        let log = open(&path, 10_000).unwrap();
        assert_eq!(log.size, text.len() as u64);
        drop(log);
        let log = open(&path, 1000).unwrap();
        assert_eq!(log.size, 0);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("kaisho.log.old")).unwrap(),
            text
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_as_the_log_is_refused_at_once_and_kaisho_runs_unlogged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fifo");
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid path, for a test.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let (done, wait) = std::sync::mpsc::channel();
        let fifo = path.clone();
        std::thread::spawn(move || {
            let _ = done.send(open(&fifo, 1000).err());
        });
        let refused = wait
            .recv_timeout(std::time::Duration::from_secs(5))
            .expect("opening a FIFO as the log hung");
        assert!(
            matches!(&refused, Some(Unlogged::NotRegular { path: p }) if *p == path),
            "{refused:?}"
        );
    }

    #[test]
    fn the_default_log_is_in_the_user_s_own_state_folder() {
        let places = Places::under(Path::new("/home/aki/kaisho"));
        assert_eq!(
            places.log_file(),
            Path::new("/home/aki/kaisho/state/kaisho.log")
        );
        assert!(!places.log_file().starts_with(std::env::temp_dir()));
    }

    #[tokio::test]
    async fn an_engine_s_endless_standard_error_is_kept_to_its_bound_and_drained() {
        let flood = tokio::io::repeat(b'e').take(30 << 20);
        let mut kept = Vec::new();
        keep_stderr(flood, 64 * 1024, |bytes| kept.extend_from_slice(bytes)).await;
        let text = String::from_utf8(kept).unwrap();
        assert!(text.starts_with(&"e".repeat(64 * 1024)));
        assert!(text.len() < 64 * 1024 + 200, "{} bytes kept", text.len());
        let dropped = (30 << 20) - 64 * 1024;
        assert!(text.ends_with(&format!(
            "[kaisho: {dropped} bytes of the engine's standard error were dropped]\n"
        )));
    }
}
