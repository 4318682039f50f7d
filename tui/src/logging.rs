//! Logs go to a file, never to the screen the game is drawn on: the path in
//! `KAISHO_LOG`, or `kaisho.log` in the temporary directory.

use kaisho_core::Event;
use std::path::PathBuf;
use std::sync::Mutex;

/// Starts logging to the log file; without a writable file kaisho runs unlogged.
pub fn init() {
    let path = std::env::var_os("KAISHO_LOG")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("kaisho.log"));
    let Ok(file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
    else {
        return;
    };
    let _ = tracing_subscriber::fmt()
        .with_writer(Mutex::new(file))
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .try_init();
}

/// Records an event the game accepted.
pub fn applied(event: &Event) {
    tracing::info!(?event, "event applied");
}
