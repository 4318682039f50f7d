//! Why kaisho runs without a log file, as the log's opening finds it;
//! `words` says it to the player.

use std::io;
use std::path::PathBuf;

/// Why kaisho runs without a log file; the words say it to the player.
#[derive(Debug)]
pub enum Unlogged {
    /// The log's folder could not be made.
    NoFolder { path: PathBuf, error: io::Error },
    /// The file could not be opened for appending.
    Unopened { path: PathBuf, error: io::Error },
    /// A FIFO, a device, a socket or a folder stands at the path.
    NotRegular { path: PathBuf },
}
