//! Taking over the terminal and giving it back: raw mode, the alternate
//! screen, mouse reports and a hidden cursor on the way in, all undone on
//! the way out, whether kaisho quits, fails or panics.

use crate::quiet::Quiet;
use crossterm::cursor::{Hide, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::backend::CrosstermBackend;
use std::io::{self, Stdout, stdout};

/// The terminal kaisho draws on.
pub type Tui = ratatui::Terminal<Quiet<CrosstermBackend<Stdout>>>;

/// Restores the terminal when dropped, so every way out of the draw loop,
/// an error included, leaves the user's shell usable.
pub struct Terminal {
    pub terminal: Tui,
}

impl Terminal {
    /// Prepares the terminal and installs a panic hook that restores it
    /// before the panic message is printed.
    pub fn start() -> io::Result<Terminal> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        enable_raw_mode()?;
        let mut out = stdout();
        if let Err(e) = execute!(out, EnterAlternateScreen, EnableMouseCapture, Hide) {
            restore();
            return Err(e);
        }
        // The cursor was hidden above.
        match ratatui::Terminal::new(Quiet::new(CrosstermBackend::new(out), true)) {
            Ok(terminal) => Ok(Terminal { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        restore();
    }
}

/// Gives the terminal back; safe to call more than once.
fn restore() {
    let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen, Show);
    let _ = disable_raw_mode();
}
