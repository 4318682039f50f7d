//! `kaisho watch ADDR CODE`: watch a game hosted with `kaisho host
//! --watchers` (観戦), headless: each event printed with the sentence the
//! screen would say, the players' chat and the other watchers' kibitz;
//! lines typed on standard input are sent as kibitz, which the players do
//! not see while the game goes on.

use super::host::{commands, load_env, runtime};
use clap::Args;
use kaisho::app::{describe, shown};
use kaisho::netplay::NetplayError;
use kaisho::plain::chat_text;
use kaisho::words::{Lang, WatchLine, naming_for, usage_error, watch_line, watch_refusal};
use kaisho_net::{JoinCode, Seen};
use kaisho_saves::config;
use std::path::Path;
use std::process::ExitCode;

/// Watch a game hosted on the local network.
#[derive(Args, Debug)]
pub struct WatchArgs {
    /// The watch code the host shows: `192.168.1.20:7878 tide-4821-oak`
    /// (as one argument or two).
    #[arg(required = true, num_args = 1..=4)]
    pub code: Vec<String>,
    /// Your name as the host and the other watchers see it (the name in
    /// config.toml when not given).
    #[arg(long)]
    pub name: Option<String>,
}

/// Runs `kaisho watch`.
pub fn run(args: WatchArgs, home: Option<&Path>, lang: Lang) -> ExitCode {
    match runtime().and_then(|rt| rt.block_on(watch(args, home, lang))) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("kaisho watch: {}", watch_refusal(&e, naming_for(lang)));
            ExitCode::FAILURE
        }
    }
}

async fn watch(args: WatchArgs, home: Option<&Path>, lang: Lang) -> Result<ExitCode, NetplayError> {
    let (env, places) = load_env(home)?;
    let name = match args.name {
        Some(name) => name,
        None => config::load(&places.config_file()).config.player_name,
    };
    let code = JoinCode::parse(&args.code.join(" "))?;
    let mut watcher = kaisho_net::watch(&code, &env.identity, &name).await?;
    let [black, white] = &watcher.names;
    let id = &watcher.terms.game_id;
    println!(
        "{}",
        watch_line(lang, WatchLine::Watching { id, black, white })
    );
    let mut typed = Some(commands(None, lang)?);
    let naming = naming_for(lang);
    loop {
        let before = shown(watcher.game()).clone();
        let seen = tokio::select! {
            seen = watcher.next() => seen?,
            line = async { typed.as_mut()?.recv().await }, if typed.is_some() => {
                match line {
                    Some(text) if !text.trim().is_empty() => match chat_text(&text) {
                        Ok(text) => watcher.kibitz(text).await?,
                        Err(too_long) => println!("{}", usage_error(lang, &too_long)),
                    },
                    Some(_) => {}
                    None => typed = None,
                }
                continue;
            }
        };
        match seen {
            Seen::Event { event, effect, .. } => {
                println!(
                    "{}",
                    describe(&event, effect, &before, watcher.game(), naming)
                );
            }
            Seen::Said { color, text } => {
                let line = WatchLine::Said {
                    color,
                    name: Some(watcher.names[color.index()].as_str()),
                    text: &text,
                };
                println!("{}", watch_line(lang, line));
            }
            Seen::Kibitz { name, text } => {
                let line = WatchLine::Kibitz {
                    name: &name,
                    text: &text,
                };
                println!("{}", watch_line(lang, line));
            }
            Seen::ReviewBegins { .. } => {
                println!("{}", watch_line(lang, WatchLine::ReviewBegins));
            }
            Seen::Clock { .. } | Seen::Turn { .. } | Seen::ReviewStep(_) => {}
            Seen::Away => println!("{}", watch_line(lang, WatchLine::Away)),
            Seen::Adjourned => {
                println!("{}", watch_line(lang, WatchLine::Adjourned));
                return Ok(ExitCode::SUCCESS);
            }
            Seen::Bye(why) => {
                println!("{}", watch_line(lang, WatchLine::Ended(&why)));
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
}
