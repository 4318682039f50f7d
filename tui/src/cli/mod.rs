//! The command line: subcommands for scripts and tests.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// A Go club client for the terminal, under the Japanese rules of 1989.
#[derive(Parser, Debug)]
#[command(name = "kaisho", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Plain text instead of a drawn screen: one line per event, commands
    /// typed as lines (chosen automatically when the output is not a terminal).
    #[arg(long, global = true)]
    pub plain: bool,
    /// Draw with ASCII only: no box-drawing or wide characters.
    #[arg(long, global = true)]
    pub ascii: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {}

/// Runs the parsed command line and returns the process status.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => kaisho::launch::run(kaisho::launch::Flags {
            plain: cli.plain,
            ascii: cli.ascii,
        }),
        Some(command) => match command {},
    }
}
