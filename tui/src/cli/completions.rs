//! `kaisho completions SHELL`: the completion script of a shell, made from
//! the same argument definitions as `--help`, so it never lists a flag the
//! program does not take.

use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::{self, Write};
use std::process::ExitCode;

/// Print the completion script for a shell.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

/// Writes the script to standard output.
pub fn run(args: &CompletionsArgs) -> ExitCode {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut super::Cli::command(), "kaisho", &mut out);
    match io::stdout().lock().write_all(&out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kaisho completions: could not write the script: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(shell: Shell) -> String {
        let mut out = Vec::new();
        clap_complete::generate(shell, &mut super::super::Cli::command(), "kaisho", &mut out);
        String::from_utf8(out).expect("a script in UTF-8")
    }

    #[test]
    fn every_shell_completes_the_subcommands_and_their_flags() {
        for (shell, long) in [
            (Shell::Bash, "--"),
            (Shell::Zsh, "--"),
            (Shell::Fish, "-l "),
        ] {
            let text = script(shell);
            for word in ["host", "join", "watch", "series", "completions"] {
                assert!(text.contains(word), "{shell}: no {word} in the script");
            }
            for flag in ["watchers", "home", "dead", "take-correction"] {
                let flag = format!("{long}{flag}");
                assert!(text.contains(&flag), "{shell}: no {flag} in the script");
            }
        }
    }
}
