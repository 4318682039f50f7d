//! The command line: subcommands for scripts and tests.

mod completions;
mod games;
mod host;
mod host_internet;
mod join;
mod join_internet;
mod man;
mod pipe;
mod replay;
mod review;
mod score;
mod series;
mod watch;

use clap::{Parser, Subcommand};
use kaisho::words::Lang;
use std::path::PathBuf;
use std::process::ExitCode;

/// A Go club client for the terminal, under the Japanese rules of 1989.
#[derive(Parser, Debug)]
#[command(name = "kaisho", version = version_line(), about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Keep all files under DIR (as DIR/data and DIR/config) instead of the
    /// platform's directories; overrides KAISHO_HOME.
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Plain text instead of a drawn screen: one line per event, commands
    /// typed as lines (chosen automatically when the output is not a terminal).
    #[arg(long, global = true)]
    pub plain: bool,
    /// Draw with ASCII only: no box-drawing or wide characters.
    #[arg(long, global = true)]
    pub ascii: bool,
    /// The address games hosted from the screen listen on (all interfaces
    /// by default; 127.0.0.1 keeps them to this machine).
    #[arg(long = "listen", value_name = "ADDR")]
    pub listen: Option<std::net::IpAddr>,
    /// The language: en or ja (else the `lang` setting in config.toml,
    /// else LC_ALL, LC_MESSAGES or LANG: ja* is Japanese; else English).
    #[arg(long, global = true, value_name = "LANG", value_parser = kaisho::words::parse_flag)]
    pub lang: Option<Lang>,
    /// The GTP engine to play from the home menu, as a command line (else
    /// `[engine] command` in config.toml, else GNU Go when installed).
    #[arg(long = "engine", value_name = "CMD")]
    pub engine: Option<String>,
}

/// The program's version with the versions of what it exchanges and
/// keeps: a partner must speak the same protocol, and a log or series file
/// of a newer format than this build's is refused, so a member updating
/// can tell from `--version` whether old saves and partners still fit.
fn version_line() -> String {
    format!(
        "{} (protocol {}, log format {}, series format {})",
        env!("CARGO_PKG_VERSION"),
        kaisho_net::wire::PROTOCOL_VERSION,
        kaisho_saves::log::FORMAT_VERSION,
        kaisho_saves::series::FORMAT_VERSION,
    )
}

/// The language for a subcommand: `--lang`, the setting in the config
/// under `home`, or the locale.
/// The language of a subcommand's output. ASCII cannot show kanji or
/// kana, so `--ascii` output asked for in Japanese is English, as the drawn
/// screen's is.
fn lang_for(flag: Option<Lang>, home: Option<&std::path::Path>, ascii: bool) -> Lang {
    let config = kaisho_saves::places::Places::locate(home)
        .map(|places| kaisho_saves::config::load(&places.config_file()).config)
        .unwrap_or_default();
    match kaisho::words::chosen(flag, &config) {
        Lang::Ja if ascii => Lang::En,
        lang => lang,
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay SGF records under the rules: the first illegal move, or the final position.
    Replay(replay::ReplayArgs),
    /// Count an SGF record under J1989 with the dead stones given.
    Score(score::ScoreArgs),
    /// Keep a handicap series between two players (1949 rules).
    Series(series::SeriesArgs),
    /// List saved games, finished and adjourned; export one as SGF.
    Games(games::GamesArgs),
    /// Host a game on the local network and show the join code.
    Host(host::HostArgs),
    /// Join a game on the local network with the host's code.
    Join(join::JoinArgs),
    /// Watch a game on the local network with the host's watch code.
    Watch(watch::WatchArgs),
    /// Print the completion script for bash, zsh, fish, elvish or powershell.
    Completions(completions::CompletionsArgs),
    /// Print the man page (or write every page into a folder with --dir).
    Man(man::ManArgs),
}

/// Runs the parsed command line and returns the process status.
pub fn run(cli: Cli) -> ExitCode {
    if cli.command.is_some() {
        pipe::end_quietly_on_closed_pipe();
    }
    match cli.command {
        None => kaisho::launch::run(kaisho::launch::Flags {
            plain: cli.plain,
            ascii: cli.ascii,
            home: cli.home,
            listen: cli.listen,
            lang: cli.lang,
            engine: cli.engine,
        }),
        Some(command) => {
            let home = cli.home.as_deref();
            kaisho::logging::place(home);
            let lang = lang_for(cli.lang, home, cli.ascii);
            match command {
                Command::Replay(args) => replay::run(&args, lang),
                Command::Score(args) => score::run(&args, lang),
                Command::Series(args) => series::run(args, home, lang),
                Command::Games(args) => games::run(args, home, lang),
                Command::Host(args) => host::run(args, home, lang),
                Command::Join(args) => join::run(args, home, lang),
                Command::Watch(args) => watch::run(args, home, lang),
                Command::Completions(args) => completions::run(&args),
                Command::Man(args) => man::run(&args),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// The help of one flag of a subcommand.
    fn flag_help(sub: &str, flag: &str) -> String {
        let cmd = Cli::command();
        let sub = cmd.find_subcommand(sub).expect("the subcommand");
        let arg = sub
            .get_arguments()
            .find(|a| a.get_long() == Some(flag))
            .expect("the flag");
        arg.get_help().map(ToString::to_string).unwrap_or_default()
    }

    /// `--script` names every word a script may use, on both commands;
    /// each command's help speaks of itself, not of the other.
    #[test]
    fn host_and_join_help_name_every_script_word_and_only_their_own_flags() {
        for sub in ["host", "join"] {
            let help = flag_help(sub, "script");
            for word in kaisho::words::first_words() {
                assert!(help.contains(word), "{sub} --script: no {word} in {help:?}");
            }
        }
        for flag in ["wait", "mdns-interface"] {
            let help = flag_help("host", flag);
            assert!(!help.contains("--list"), "host --{flag}: {help}");
            assert!(flag_help("join", flag).contains("--list"), "join --{flag}");
        }
    }

    #[test]
    fn the_version_names_the_protocol_and_the_save_formats() {
        let version = Cli::command().render_version();
        assert_eq!(
            version,
            format!(
                "kaisho {} (protocol {}, log format {}, series format {})\n",
                env!("CARGO_PKG_VERSION"),
                kaisho_net::wire::PROTOCOL_VERSION,
                kaisho_saves::log::FORMAT_VERSION,
                kaisho_saves::series::FORMAT_VERSION
            )
        );
    }
}
