//! `kaisho man`: the manual pages, made from the same argument definitions
//! as `--help`; `docs/man/` holds them as generated, and a test keeps the
//! two the same.

use clap::{Args, CommandFactory};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Print the man page, or write one page per command into a folder.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write kaisho.1 and a page per subcommand (kaisho-host.1, …) into
    /// DIR instead of printing kaisho.1.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Prints the page or writes the folder.
pub fn run(args: &ManArgs) -> ExitCode {
    let written = match &args.dir {
        Some(dir) => write_pages(dir),
        None => page(&super::Cli::command()).and_then(|p| io::stdout().lock().write_all(&p)),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kaisho man: could not write the manual page: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The pages, by file name: the program's, then one per subcommand and
/// per subcommand of those (`kaisho-series-new.1`); clap's own `help`
/// subcommands get none, as `--help` says the same.
pub fn pages() -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = super::Cli::command();
    cmd.build();
    let mut out = Vec::new();
    collect(&cmd, "kaisho", &mut out)?;
    Ok(out)
}

fn collect(cmd: &clap::Command, name: &str, out: &mut Vec<(String, Vec<u8>)>) -> io::Result<()> {
    let named = cmd.clone().name(name.to_string());
    out.push((format!("{name}.1"), page(&named)?));
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        collect(sub, &format!("{name}-{}", sub.get_name()), out)?;
    }
    Ok(())
}

fn page(cmd: &clap::Command) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut bytes)?;
    Ok(bytes)
}

fn write_pages(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, bytes) in pages()? {
        std::fs::write(dir.join(name), bytes)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed pages are the ones the definitions make: a flag added
    /// or a help text changed without `kaisho man --dir docs/man` fails here.
    #[test]
    fn the_committed_man_pages_match_the_command_line() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/man");
        let pages = pages().expect("the pages render");
        let mut expected: Vec<String> = pages.iter().map(|(n, _)| n.clone()).collect();
        expected.sort();
        let mut committed: Vec<String> = std::fs::read_dir(&dir)
            .expect("docs/man exists")
            .map(|e| {
                e.expect("an entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        committed.sort();
        assert_eq!(
            committed, expected,
            "docs/man differs from the command line: run `cargo run -q -- man --dir docs/man`"
        );
        for (name, bytes) in pages {
            let on_disk = std::fs::read(dir.join(&name)).expect("a committed page");
            assert!(
                on_disk == bytes,
                "docs/man/{name} differs from the command line: run `cargo run -q -- man --dir docs/man`"
            );
        }
    }

    #[test]
    fn the_program_page_names_every_subcommand_and_the_versions() {
        let text =
            String::from_utf8(page(&super::super::Cli::command()).expect("a page")).expect("UTF-8");
        for word in [
            "replay",
            "score",
            "series",
            "games",
            "host",
            "join",
            "watch",
            "completions",
        ] {
            assert!(text.contains(word), "no {word} in kaisho.1");
        }
        let protocol = format!("protocol {}", kaisho_net::wire::PROTOCOL_VERSION);
        assert!(text.contains(&protocol), "no {protocol} in kaisho.1");
    }
}
