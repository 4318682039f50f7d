//! Logs go to a file, never to the screen the game is drawn on: the path in
//! `KAISHO_LOG`, or `kaisho.log` in the temporary directory.

use kaisho_core::Event;
use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Mutex;

/// The log file, with write errors swallowed: a full disk must not make the
/// logger complain on stderr, which is the screen the game is drawn on.
struct QuietFile(File);

impl Write for QuietFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let _ = self.0.write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let _ = self.0.flush();
        Ok(())
    }
}

/// Starts logging to the log file; without a writable file kaisho runs unlogged.
pub fn init() {
    let Some(file) = open() else {
        return;
    };
    let _ = tracing_subscriber::fmt()
        .with_writer(Mutex::new(QuietFile(file)))
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .try_init();
}

/// The log file opened for appending, if it can be.
fn open() -> Option<File> {
    let path = std::env::var_os("KAISHO_LOG")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("kaisho.log"));
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .ok()
}

/// Where an engine's standard error goes: the log file, or nowhere
/// without one (never the screen the game is drawn on).
pub fn stderr_sink() -> std::process::Stdio {
    open().map_or_else(std::process::Stdio::null, std::process::Stdio::from)
}

/// Records an event the game accepted.
pub fn applied(event: &Event) {
    tracing::info!(?event, "event applied");
}
