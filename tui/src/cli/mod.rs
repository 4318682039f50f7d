//! The command line: subcommands for scripts and tests.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// A Go club client for the terminal, under the Japanese rules of 1989.
#[derive(Parser, Debug)]
#[command(name = "kaisho", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {}

/// Runs the parsed command line and returns the process status.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            ExitCode::SUCCESS
        }
        Some(command) => match command {},
    }
}
