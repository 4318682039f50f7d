//! Starting the front end: the drawn terminal interface, or plain mode when
//! asked for or when the output is not a terminal.

use crate::app::{Options, State};
use crate::{event_loop, logging, plain, terminal};
use std::io::{self, IsTerminal};
use std::process::ExitCode;

/// What the command line asked of the front end.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags {
    pub plain: bool,
    pub ascii: bool,
}

/// Runs the front end and returns the process status.
pub fn run(flags: Flags) -> ExitCode {
    logging::init();
    // NO_COLOR, when present and not empty, turns colour off (no-color.org).
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let options = Options {
        ascii: flags.ascii,
        color,
    };
    let plain = flags.plain || !io::stdout().is_terminal();
    tracing::info!(?options, plain, "kaisho starting");
    let result = if plain {
        plain::run(io::stdin().lock(), io::stdout().lock())
    } else {
        tui(options)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(%e, "front end failed");
            eprintln!("kaisho: {e}");
            ExitCode::FAILURE
        }
    }
}

fn tui(options: Options) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let mut session = terminal::Session::start()?;
    let size = session.terminal.size()?;
    let mut state = State::new(options, (size.width, size.height));
    runtime.block_on(event_loop::run(&mut session.terminal, &mut state))
}
