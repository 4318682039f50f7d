//! `kaisho join CODE`: join a host on the local network with the code it
//! shows, or rejoin an adjourned game by the host's pinned certificate
//! (`kaisho join ADDR --resume ID`), and play headless. If the connection
//! drops, dial the host again until it answers or the wait runs out.

use super::host::{PlayOptions, Player, load_env, meet, play_out, review_and_export, runtime};
use super::join_internet::is_invitation;
use clap::Args;
use kaisho::netplay::NO_BOARD;
use kaisho::netplay::discover::LanDiscovery;
use kaisho::netplay::terms::check_series_taking;
use kaisho::netplay::{Env, NetplayError};
use kaisho::words::{
    Finding, Lang, Line, cli_line, finding, found_line, naming_for, netplay_error,
};
use kaisho_core::clock::TimeControl;
use kaisho_net::discovery::Discovery;
use kaisho_net::{JoinCode, Link, Session};
use kaisho_saves::identity::{Fingerprint, Identity};
use kaisho_saves::series::SeriesStore;
use std::net::SocketAddr;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

/// Join a game hosted on the local network.
#[derive(Args, Debug)]
#[command(
    mut_arg("wait", |a| a.help(
        "Seconds to wait for a dropped host to come back before the game is adjourned \
         (60 unless given); with --list, seconds to look for games (2 unless given)"
    )),
    mut_arg("mdns_interface", |a| a.help(
        "With --list, look for games on this network interface only, e.g. `eth0`"
    ))
)]
pub struct JoinArgs {
    /// The join code the host shows: `192.168.1.20:7878 tide-4821-oak`
    /// (as one argument or two); with --resume, only the address; or the
    /// invitation of a game across the internet (`kaisho1…` and the code).
    #[arg(required_unless_present = "list", num_args = 1..=4)]
    pub code: Vec<String>,
    /// List the games announced on the local network (looking for
    /// `--wait` seconds, 2 unless given) and exit.
    #[arg(long, conflicts_with_all = ["code", "resume"])]
    pub list: bool,
    /// Call odd in a nigiri (even otherwise).
    #[arg(long)]
    pub odd: bool,
    /// Rejoin the adjourned game with this id, without a code.
    #[arg(long, value_name = "ID")]
    pub resume: Option<String>,
    /// Join a review together (検討) of a saved game, hosted with
    /// `kaisho host --review ID`, instead of a game: the host's record
    /// comes, then the script steps through it with plain mode's words.
    #[arg(long, conflicts_with_all = ["resume", "list", "odd", "series", "engine"])]
    pub review: bool,
    #[command(flatten)]
    pub relay: super::host_internet::RelayOptions,
    #[command(flatten)]
    pub play: PlayOptions,
}

/// Runs `kaisho join`.
pub fn run(args: JoinArgs, home: Option<&Path>, lang: Lang) -> ExitCode {
    let joined = if args.list {
        runtime().map(|rt| rt.block_on(list(&args.play, lang)))
    } else {
        runtime().and_then(|rt| rt.block_on(join(args, home, lang)))
    };
    match joined {
        Ok(code) => code,
        Err(e) => {
            eprintln!(
                "kaisho join: {}",
                netplay_error(&e, naming_for(lang), NO_BOARD)
            );
            ExitCode::FAILURE
        }
    }
}

async fn join(args: JoinArgs, home: Option<&Path>, lang: Lang) -> Result<ExitCode, NetplayError> {
    if args.resume.is_none() && !args.review && is_invitation(&args.code.join(" ")) {
        return super::join_internet::join(args, home, lang).await;
    }
    let (mut env, places) = load_env(home)?;
    let time = TimeControl::from(args.play.time());
    let text = args.code.join(" ");
    let Player {
        name,
        undo_limit,
        engine_limit,
        ..
    } = args.play.player(&places, lang);
    let (mut script, engine) = args.play.script(lang, engine_limit)?;
    if args.review {
        let code = JoinCode::parse(&text)?;
        let link = kaisho_net::join(&code, &env.identity, &name).await?;
        meet(&mut env, &link, lang)?;
        let (review, record) = kaisho_net::join_review(link).await?;
        let lines = script.take_lines();
        review_and_export(review, record, lines, (&places, &name, &[]), lang).await?;
        return Ok(ExitCode::SUCCESS);
    }
    let (session, addr) = match &args.resume {
        Some(id) => {
            let addr: SocketAddr = text
                .trim()
                .parse()
                .map_err(|_| NetplayError::NotAnAddress(text.clone()))?;
            let host = env.partner_of(id)?.fingerprint;
            let wait = args.play.comeback();
            let link = redial(addr, host, &env.identity, &name, wait, lang)
                .await
                .ok_or(NetplayError::HostAbsent)?;
            meet(&mut env, &link, lang)?;
            (resume(link, &env, time).await?, addr)
        }
        None => {
            let code = JoinCode::parse(&text)?;
            let link = kaisho_net::join(&code, &env.identity, &name).await?;
            meet(&mut env, &link, lang)?;
            let expected = args.play.series_terms(&places, &name, false)?;
            let series = SeriesStore::new(&places);
            let take = args.play.take_correction;
            let check = |terms: kaisho_net::Terms| {
                let taken = check_series_taking(expected.as_ref(), &terms, take, &series, &name);
                if let Ok(Some((id, said))) = &taken {
                    let id = id.to_string();
                    let line = Line::CorrectionTaken { id: &id, said };
                    println!("{}", cli_line(lang, line));
                }
                std::future::ready(taken.map(|_| ()))
            };
            let session = kaisho_net::join_game_with(link, check, args.odd, &env.store).await?;
            (session, code.addr)
        }
    };
    if let Err(e) = env.store.remember_host(&session.header().game_id, addr) {
        let why = e.to_string();
        eprintln!(
            "kaisho join: {}",
            cli_line(lang, Line::AddressNotKept { addr, why: &why })
        );
    }
    let wait = args.play.comeback();
    let comeback = async |_: &str, host: Fingerprint| {
        let Some(link) = redial(addr, host, &env.identity, &name, wait, lang).await else {
            return Ok(None);
        };
        resume(link, &env, time).await.map(Some)
    };
    let played = (script, engine);
    play_out(played, session, &places, undo_limit, lang, comeback).await
}

/// `kaisho join --list`: looks for games for `--wait` seconds and prints
/// each found, one a line (the host's name, the terms, the address).
async fn list(play: &PlayOptions, lang: Lang) -> ExitCode {
    let secs = play.wait.unwrap_or(2);
    let mut lan = LanDiscovery::new(play.interfaces());
    let mut browse = match lan.browse() {
        Ok(browse) => browse,
        Err(e) => {
            eprintln!(
                "kaisho join: {}",
                finding(lang, Finding::Failed(&e.to_string()))
            );
            return ExitCode::FAILURE;
        }
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    while let Ok(Some(_)) = tokio::time::timeout_at(deadline, browse.next()).await {}
    let games = browse.games();
    if games.is_empty() {
        println!("{}", finding(lang, Finding::NoneFound(secs)));
    }
    for game in games {
        println!("{}", found_line(lang, game));
    }
    if browse.hidden().any() {
        println!("{}", finding(lang, Finding::Hidden(browse.hidden())));
    }
    ExitCode::SUCCESS
}

async fn resume(link: Link, env: &Env, time: TimeControl) -> Result<Session, NetplayError> {
    Ok(kaisho_net::resume(link, None, &env.store, time).await?)
}

/// Dials the host again until it answers with the pinned certificate;
/// `None` when the wait runs out or another certificate answers.
async fn redial(
    addr: SocketAddr,
    host: Fingerprint,
    identity: &Identity,
    name: &str,
    limit: Duration,
    lang: Lang,
) -> Option<Link> {
    match kaisho::netplay::redial(addr, host, identity, name, limit).await {
        Ok(link) => Some(link),
        Err(Some(e)) => {
            eprintln!(
                "{}",
                kaisho::words::net_refusal(&e, naming_for(lang), NO_BOARD)
            );
            None
        }
        Err(None) => None,
    }
}
