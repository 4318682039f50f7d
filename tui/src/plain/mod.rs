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
use kaisho_saves::limits::MAX_TYPED_LINE_BYTES;
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
    let mut lines = read_lines(input, state.naming.lang);
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
/// byte never stops the reading): plain mode's, and the scripts' of
/// `host`, `join` and `watch`. Each line is read within
/// [`MAX_TYPED_LINE_BYTES`]; at a longer one, which no command is, the
/// reading stops and [`UsageError::LineTooLong`] is said on standard error
/// in `lang`, so an input that never ends a line (`--script /dev/zero`)
/// costs no more than the bound.
pub fn read_lines(
    input: impl BufRead + Send + 'static,
    lang: words::Lang,
) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel(16);
    std::thread::spawn(move || {
        let mut input = input;
        loop {
            let line = match bounded_line(&mut input) {
                Ok(Some(Some(line))) => line,
                Ok(Some(None)) => {
                    eprintln!("{}", words::usage_error(lang, &UsageError::LineTooLong));
                    break;
                }
                Ok(None) | Err(_) => break,
            };
            if tx.blocking_send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The next line of `input` with its newline; `Some(None)` for a line over
/// [`MAX_TYPED_LINE_BYTES`], of which no more than the bound is read;
/// `None` at the end.
fn bounded_line(input: &mut impl BufRead) -> io::Result<Option<Option<String>>> {
    let mut raw = Vec::new();
    let bound = u64::try_from(MAX_TYPED_LINE_BYTES).unwrap_or(u64::MAX);
    if io::Read::take(&mut *input, bound + 1).read_until(b'\n', &mut raw)? == 0 {
        return Ok(None);
    }
    if raw.len() > MAX_TYPED_LINE_BYTES {
        return Ok(Some(None));
    }
    Ok(Some(Some(String::from_utf8_lossy(&raw).into_owned())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line `read_lines` passes on from `input`.
    fn all_lines(input: impl BufRead + Send + 'static) -> Vec<String> {
        let mut lines = read_lines(input, words::Lang::En);
        let mut out = Vec::new();
        while let Some(line) = lines.blocking_recv() {
            out.push(line);
        }
        out
    }

    #[test]
    fn lines_within_the_bound_are_passed_on_and_the_reading_stops_at_a_longer_one() {
        let longest = format!("chat {}\n", "w".repeat(MAX_TYPED_LINE_BYTES - 6));
        assert_eq!(longest.len(), MAX_TYPED_LINE_BYTES);
        let input = format!(
            "D4\n{longest}{}x\nresign\n",
            "w".repeat(MAX_TYPED_LINE_BYTES)
        );
        let lines = all_lines(io::Cursor::new(input.into_bytes()));
        assert_eq!(lines, ["D4\n".to_string(), longest]);
    }

    #[test]
    fn an_input_that_never_ends_a_line_is_read_no_further_than_the_bound() {
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let zeros = io::BufReader::new(io::repeat(0));
            let _ = done.send(all_lines(zeros));
        });
        let lines = finished
            .recv_timeout(Duration::from_secs(5))
            .expect("the reading stops");
        assert!(lines.is_empty(), "{} lines", lines.len());
    }
}
