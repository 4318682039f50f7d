//! The one loop of the terminal front end: terminal input, a one-second
//! tick and the network task's reports become messages, the update applies
//! them, the view redraws. Input is read as an async stream and the network
//! runs in a task of its own, so nothing waits on the keyboard or a socket
//! while a frame is due.

use crate::app::{Cmd, Msg, READ_BURST, READ_SLICE, State};
use crate::logging;
use crate::shell::Shell;
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
    let mut read = tokio::time::interval(READ_SLICE);
    let mut shell = Shell::default().with_discovery(crate::netplay::discover::on_the_lan());
    terminal.draw(|frame| view(state, frame))?;
    loop {
        let msg = tokio::select! {
            event = input.next() => match event {
                Some(event) => Msg::from_terminal(event?),
                None => break,
            },
            news = shell.news() => Some(news),
            _ = tick.tick() => Some(Msg::Tick),
            _ = read.tick(), if state.reading() => Some(Msg::Read),
        };
        let Some(msg) = msg else { continue };
        // A tick that fades no message and runs no clock changes nothing:
        // skip the frame, so an idle screen sends no bytes at all.
        let idle_tick = matches!(msg, Msg::Tick) && !state.ticks_visibly();
        let mut quit = false;
        let cmds = match msg {
            Msg::Read => shell.read_for(state, READ_BURST),
            msg => shell.step(state, msg),
        };
        for cmd in cmds {
            match cmd {
                Cmd::Quit => quit = true,
                Cmd::Applied(event) => logging::applied(&event),
                Cmd::Bell => ring(),
                Cmd::Say(_)
                | Cmd::Net(_)
                | Cmd::Disk(..)
                | Cmd::Discover(_)
                | Cmd::AskEngine(_) => {}
            }
        }
        if quit {
            break;
        }
        if !idle_tick {
            terminal.draw(|frame| view(state, frame))?;
        }
    }
    shell.shut_down().await;
    Ok(())
}

/// The terminal bell: one BEL byte to the terminal the screen is drawn on.
fn ring() {
    use std::io::Write;
    let mut out = io::stdout();
    let _ = out.write_all(b"\x07").and_then(|()| out.flush());
}
