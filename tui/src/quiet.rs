//! A backend that sends nothing when nothing changed.
//!
//! ratatui ends every frame with a colour and attribute reset and hides the
//! cursor again, 25 bytes even when no cell changed. An event that changes
//! nothing on screen (a tick while a message waits to fade, a stray mouse
//! report) would then cost those bytes on every occurrence, which a slow
//! link feels and a screen reader may announce. This wrapper drops a draw of
//! no cells and a hide of a cursor already hidden.

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// Wraps a backend so that an unchanged frame writes no bytes.
#[derive(Debug)]
pub struct Quiet<B> {
    inner: B,
    /// Whether the cursor is known to be hidden.
    hidden: bool,
}

impl<B> Quiet<B> {
    /// Wraps `inner`, whose cursor the caller has hidden already or not.
    pub fn new(inner: B, hidden: bool) -> Quiet<B> {
        Quiet { inner, hidden }
    }

    /// The wrapped backend.
    pub fn inner(&self) -> &B {
        &self.inner
    }
}

impl<B: Backend> Backend for Quiet<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let mut content = content.peekable();
        if content.peek().is_none() {
            return Ok(());
        }
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        if self.hidden {
            return Ok(());
        }
        self.hidden = true;
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        self.hidden = false;
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.inner.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> Result<(), Self::Error> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> Result<Size, Self::Error> {
        self.inner.size()
    }

    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        self.inner.flush()
    }

    fn append_lines(&mut self, n: u16) -> Result<(), Self::Error> {
        self.inner.append_lines(n)
    }
}
