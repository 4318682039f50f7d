//! Plain-text mode: no drawing, one line per event, commands typed as
//! lines. It drives the same update as the screen, so it serves screen
//! readers, the poorest terminals and scripted tests alike, and it reads
//! from a pipe as well as from a keyboard.

mod parse;

pub use parse::{HELP, Line, parse};

use crate::app::{Cmd, Msg, State, update};
use crate::logging;
use std::io::{self, BufRead, Write};

/// Reads commands from `input` until `quit` or the end of input, starting
/// from `state` (its saves and settings).
pub fn run(mut state: State, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    if let Some(problem) = &state.config_problem {
        writeln!(output, "settings: {problem}")?;
    }
    if let Some(message) = &state.message {
        writeln!(output, "{}", message.text)?;
    }
    writeln!(
        output,
        "kaisho plain mode. Type new 9 to start a 9x9 game, help for the commands."
    )?;
    let mut raw = Vec::new();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&raw);
        match parse(&text, &state) {
            Ok(Line::Nothing) => {}
            Ok(Line::Help) => writeln!(output, "{HELP}")?,
            Ok(Line::Command(command)) => {
                for cmd in update(&mut state, Msg::Command(command)) {
                    match cmd {
                        Cmd::Quit => return Ok(()),
                        Cmd::Say(text) => writeln!(output, "{text}")?,
                        Cmd::Applied(event) => logging::applied(&event),
                        Cmd::Net(_) => writeln!(
                            output,
                            "network play in plain mode: use `kaisho host` and `kaisho join`"
                        )?,
                    }
                }
            }
            Err(e) => writeln!(output, "{e}")?,
        }
        output.flush()?;
    }
}
