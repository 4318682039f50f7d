//! `kaisho host --internet`: host a game across the internet. The host
//! prints an invitation (a ticket and the code) to paste to the partner,
//! waits for them through the relay of `--relay` or directly, and plays
//! the same headless game as on the LAN. A partner who drops is waited
//! for by their key; a game nobody returns to stays adjourned.

use super::host::{
    HostArgs, PlayOptions, Player, load_env, meet, play_out, refused_connection, terms,
};
use clap::Args;
use kaisho::engine::lan::LanEngine;
use kaisho::netplay::NetplayError;
use kaisho::netplay::internet::reach;
use kaisho::netplay::{Env, wait_for};
use kaisho::words::{Lang, Line, cli_line};
use kaisho_core::clock::TimeControl;
use kaisho_net::internet::{InternetHost, Reach};
use kaisho_net::script::Script;
use kaisho_net::{Link, Secret};
use kaisho_saves::identity::Fingerprint;
use kaisho_saves::places::Places;
use std::net::IpAddr;
use std::path::Path;
use std::process::ExitCode;

/// Runs `kaisho host --internet` inside the runtime.
pub async fn host(
    args: HostArgs,
    home: Option<&Path>,
    lang: Lang,
) -> Result<ExitCode, NetplayError> {
    let Seat {
        mut env,
        places,
        name,
        undo_limit,
        played,
        relay,
    } = seat(&args.play, home, lang)?;
    let relay = args.relay.chosen(relay.as_deref());
    let reach = args.relay.reach(relay, args.bind)?;
    println!("{}", cli_line(lang, Line::RelayChosen(relay)));
    let mut host = InternetHost::bind(&env.identity, &name, &reach).await?;
    host.set_secret(Secret::generate()?);
    let invitation = host.invitation().ok_or(NetplayError::NoJoinCode)?;
    let said = Line::Invitation(&invitation.to_string());
    println!("{}", cli_line(lang, said));
    let terms = terms(&args, &env.store, &places, &name)?;
    let link = partner_by_code(&mut host, lang).await;
    meet(&mut env, &link, lang)?;
    let session = kaisho_net::host_game(link, terms, &env.store).await?;
    let (time, wait) = (TimeControl::from(args.play.time()), args.play.comeback());
    let comeback = async |id: &str, partner: Fingerprint| {
        let refused = |e| refused_connection(&e, lang);
        let Some(link) = wait_for(&mut host, partner, wait, refused).await else {
            return Ok(None);
        };
        let back = kaisho_net::resume(link, Some(id), &env.store, time).await?;
        Ok(Some(back))
    };
    play_out(played, session, &places, undo_limit, lang, comeback).await
}

/// The relay of a game across the internet, for `host --internet` and for
/// `join` with an invitation.
#[derive(Args, Debug, Clone)]
pub struct RelayOptions {
    /// The relay of a game across the internet: none (direct paths only),
    /// n0 (n0's public relays) or the URL of your club's relay (else the
    /// `relay` of config.toml, else none).
    #[arg(long)]
    pub relay: Option<String>,
    /// The token of your club's relay, when it asks for one (else the
    /// KAISHO_RELAY_TOKEN environment variable, which keeps it out of the
    /// process list).
    #[arg(long, value_name = "TOKEN")]
    pub relay_token: Option<String>,
}

impl RelayOptions {
    /// The relay chosen: `--relay`, else `configured` (config.toml's),
    /// else none.
    #[must_use]
    pub fn chosen<'a>(&'a self, configured: Option<&'a str>) -> &'a str {
        self.relay
            .as_deref()
            .or(configured)
            .unwrap_or("none")
            .trim()
    }

    /// Where the endpoint reaches through `relay`, bound to `bind`.
    pub fn reach(&self, relay: &str, bind: IpAddr) -> Result<Reach, NetplayError> {
        let token = self
            .relay_token
            .clone()
            .or_else(|| std::env::var("KAISHO_RELAY_TOKEN").ok());
        reach(relay, token.as_deref(), bind)
    }
}

/// What either side of a game across the internet has before it dials:
/// its files, its player and its script (or engine).
pub struct Seat {
    pub env: Env,
    pub places: Places,
    pub name: String,
    pub undo_limit: u32,
    pub played: (Script, Option<LanEngine>),
    /// The relay config.toml names, if any.
    pub relay: Option<String>,
}

/// The seat of the player `play` describes, from the files under `home`.
pub fn seat(play: &PlayOptions, home: Option<&Path>, lang: Lang) -> Result<Seat, NetplayError> {
    let (env, places) = load_env(home)?;
    let Player {
        name,
        undo_limit,
        engine_limit,
        relay,
        ..
    } = play.player(&places, lang);
    let played = play.script(lang, engine_limit)?;
    Ok(Seat {
        env,
        places,
        name,
        undo_limit,
        played,
        relay,
    })
}

/// Waits for the partner with the code, saying each attempt refused and,
/// once, that the code is burned.
async fn partner_by_code(host: &mut InternetHost, lang: Lang) -> Link {
    let mut told_burned = false;
    loop {
        match host.accept().await {
            Ok(link) => return link,
            Err(e) => refused_connection(&e, lang),
        }
        if host.burned() && !std::mem::replace(&mut told_burned, true) {
            eprintln!("{}", cli_line(lang, Line::Burned));
        }
    }
}
