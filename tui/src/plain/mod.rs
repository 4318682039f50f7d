//! Plain-text mode: no drawing, one line per event, commands typed as
//! lines. It drives the same update as the screen, so it serves screen
//! readers, the poorest terminals and scripted tests alike, and it reads
//! from a pipe as well as from a keyboard.

mod parse;
pub mod script;
mod usage;

pub use parse::{Line, parse};
pub use usage::{Usage, UsageError, chat_text};

use crate::app::{Cmd, Msg, READ_BURST, READ_SLICE, State};
use crate::logging;
use crate::shell::Shell;
use crate::words;
use std::io::{self, BufRead, Write};
use std::time::Duration;
use tokio::sync::mpsc;

/// Reads commands from `input` until `quit` or the end of input, starting
/// from `state` (its saves and settings). Lines are read on a thread of
/// their own, so the reports of a network game and the clock's seconds are
/// printed while the player thinks.
pub fn run(
    state: State,
    input: impl BufRead + Send + 'static,
    output: impl Write,
) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(session(state, input, output))
}

async fn session(
    mut state: State,
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
) -> io::Result<()> {
    if let Some(problem) = &state.config_problem {
        writeln!(output, "settings: {problem}")?;
    }
    if let Some(message) = &state.message {
        writeln!(output, "{}", message.text)?;
    }
    let banner = crate::words::say(state.naming.lang, crate::words::Say::PlainBanner);
    writeln!(output, "{banner}")?;
    output.flush()?;
    let mut lines = read_lines(input);
    let mut shell = Shell::default().with_discovery(crate::netplay::discover::on_the_lan());
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut read = tokio::time::interval(READ_SLICE);
    tick.tick().await;
    // At the end of the input a draft still being read is read to its
    // end, so that its verdicts are printed.
    let mut ended = false;
    loop {
        if ended && !state.reading() {
            break;
        }
        let msg = tokio::select! {
            line = lines.recv(), if !ended => match line {
                None => {
                    ended = true;
                    None
                }
                Some(text) => match parse(&text, &state) {
                    Ok(Line::Nothing) => None,
                    Ok(Line::Help) => {
                        writeln!(output, "{}", words::plain_help(state.naming.lang))?;
                        None
                    }
                    Ok(Line::Command(command)) => Some(Msg::Command(command)),
                    Err(e) => {
                        writeln!(output, "{}", words::usage_error(state.naming.lang, &e))?;
                        None
                    }
                },
            },
            news = shell.news() => Some(news),
            _ = tick.tick() => Some(Msg::Tick),
            _ = read.tick(), if state.reading() => Some(Msg::Read),
        };
        if let Some(msg) = msg {
            let mut quit = false;
            let cmds = match msg {
                Msg::Read => shell.read_for(&mut state, READ_BURST),
                msg => shell.step(&mut state, msg),
            };
            for cmd in cmds {
                match cmd {
                    Cmd::Quit => quit = true,
                    Cmd::Say(text) => writeln!(output, "{text}")?,
                    Cmd::Applied(event) => logging::applied(&event),
                    Cmd::Bell => output.write_all(b"\x07")?,
                    Cmd::Net(_) | Cmd::Disk(..) | Cmd::Discover(_) => {}
                }
            }
            if quit {
                break;
            }
        }
        output.flush()?;
    }
    output.flush()?;
    shell.shut_down().await;
    Ok(())
}

/// The lines of `input`, read on a thread (lossily decoded, so a stray
/// byte never stops the reading).
fn read_lines(mut input: impl BufRead + Send + 'static) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel(16);
    std::thread::spawn(move || {
        let mut raw = Vec::new();
        loop {
            raw.clear();
            match input.read_until(b'\n', &mut raw) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if tx
                        .blocking_send(String::from_utf8_lossy(&raw).into_owned())
                        .is_err()
                    {
                        break;
                    }
                }
            }
        }
    });
    rx
}
