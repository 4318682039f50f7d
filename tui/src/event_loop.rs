//! The one loop of the terminal front end: terminal input and a one-second
//! tick become messages, the update applies them, the view redraws. Input
//! is read as an async stream, so nothing waits on the keyboard while a
//! frame is due; network events will join the same `select!`.

use crate::app::{Cmd, Msg, State, update};
use crate::logging;
use crate::view::view;
use crossterm::event::EventStream;
use futures::StreamExt;
use ratatui::Terminal;
use ratatui::backend::Backend;
use std::io;
use std::time::Duration;

/// Runs until the user quits or the input ends.
pub async fn run<B: Backend>(terminal: &mut Terminal<B>, state: &mut State) -> io::Result<()>
where
    io::Error: From<B::Error>,
{
    let mut input = EventStream::new();
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    terminal.draw(|frame| view(state, frame))?;
    loop {
        let msg = tokio::select! {
            event = input.next() => match event {
                Some(event) => Msg::from_terminal(event?),
                None => return Ok(()),
            },
            _ = tick.tick() => Some(Msg::Tick),
        };
        let Some(msg) = msg else { continue };
        // A tick that fades no message changes nothing: skip the frame, so an
        // idle screen sends no bytes at all.
        let idle_tick = msg == Msg::Tick && state.message.is_none();
        for cmd in update(state, msg) {
            match cmd {
                Cmd::Quit => return Ok(()),
                Cmd::Say(_) => {}
                Cmd::Applied(event) => logging::applied(&event),
            }
        }
        if !idle_tick {
            terminal.draw(|frame| view(state, frame))?;
        }
    }
}
