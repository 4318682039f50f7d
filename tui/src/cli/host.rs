//! `kaisho host`: listen for a club partner on the local network, show the
//! join code, and play headless from a script or typed commands. If the
//! partner drops, wait for them to come back with the same identity; a game
//! nobody returns to stays adjourned and `--resume` picks it up later.
//! `kaisho join` shares the plumbing here.

use super::review;
use clap::Args;
use kaisho::app::{SeriesGame, SeriesStep, SeriesTerms, record_network_game, series_unsaved};
use kaisho::engine::lan::LanEngine;
use kaisho::netplay::NO_BOARD;
use kaisho::netplay::discover::LanDiscovery;
use kaisho::netplay::review::record_text;
use kaisho::netplay::terms::take_partners;
use kaisho::netplay::{Env, NetplayError, is_drop, lan, now_unix, wait_for};
use kaisho::plain::read_lines;
use kaisho::plain::script::ScriptVoice;
use kaisho::words::{
    Failure, Finding, Lang, Line, WatchLine, Why, cli_line, failure, finding, naming_for,
    netplay_error, terms_error, watch_line,
};
use kaisho_core::Color;
use kaisho_core::clock::TimeControl;
use kaisho_net::discovery::{Announcement, Discovery, Interfaces};
use kaisho_net::script::{Adjourned, Finish, Script};
use kaisho_net::watch::MAX_WATCHERS;
use kaisho_net::{Colors, Host, Link, ReviewSession, Secret, Session, Terms, TimeW};
use kaisho_saves::config;
use kaisho_saves::identity::Fingerprint;
use kaisho_saves::log::GameStore;
use kaisho_saves::places::Places;
use kaisho_saves::series::{SeriesId, SeriesStore};
use kaisho_saves::sgf::KibitzLine;
use kaisho_saves::visible::visible;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use tokio::sync::mpsc;

/// The port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;

/// The help of `--script`: every word a script may use, from the table
/// plain mode reads too, so the help never leaves one out.
fn script_help() -> String {
    format!(
        "Read commands from FILE instead of the terminal (`-` for standard input), one a line: \
         a point like D4 alone, or one of: {}",
        kaisho::words::first_words().join(", ")
    )
}

/// Options both `host` and `join` take.
#[derive(Args, Debug, Clone)]
pub struct PlayOptions {
    /// Your name as the partner sees it (the name in config.toml when not
    /// given).
    #[arg(long)]
    pub name: Option<String>,
    /// Read commands from FILE instead of the terminal; its help lists
    /// every word of the one table the scripts and plain mode share.
    #[arg(long, value_name = "FILE", help = script_help())]
    pub script: Option<PathBuf>,
    /// Seconds to wait for a dropped partner to come back before the game
    /// is adjourned (60 unless given).
    #[arg(long)]
    pub wait: Option<u64>,
    /// Main time in seconds (0 with no periods: no clock).
    #[arg(long, default_value_t = 0)]
    pub main: u64,
    /// Byo-yomi periods (0: absolute time).
    #[arg(long, default_value_t = 0)]
    pub periods: u32,
    /// Seconds per byo-yomi period.
    #[arg(long, default_value_t = 30)]
    pub period: u64,
    /// Play the next game of the series with this id, kept under the same
    /// id on both sides; --name must be one of its players. The host offers
    /// its terms and the joiner refuses any other; both record the result.
    #[arg(long, value_name = "ID")]
    pub series: Option<String>,
    /// In a series game (--series) whose partner's copy differs from this
    /// side's in the last result only (corrected on one side), take the
    /// partner's last result into this side's copy before the game;
    /// without it the game is refused, naming the difference.
    #[arg(long)]
    pub take_correction: bool,
    /// Announce the hosted game on this network interface only, e.g.
    /// `eth0`.
    #[arg(long, value_name = "NAME")]
    pub mdns_interface: Option<String>,
    /// Let a GTP engine play this side (its command line, e.g. "gnugo
    /// --mode gtp"): it takes the place of --script and the terminal.
    #[arg(long, value_name = "CMD")]
    pub engine: Option<String>,
}

/// What a headless player takes from config.toml and the options: the name
/// to play under and how many times they may ask to take back a move.
pub struct Player {
    pub name: String,
    pub undo_limit: u32,
    /// Whether a hosted game is announced on the local network.
    pub announce: bool,
    /// How long an engine playing this side may think for one move.
    pub engine_limit: Duration,
    /// The relay of games across the internet in config.toml, if chosen.
    pub relay: Option<String>,
}

impl PlayOptions {
    /// The player: `--name`, else the name in config.toml, and the undo
    /// limit in config.toml (a config that cannot be used is said on
    /// standard error, and its defaults used).
    pub fn player(&self, places: &Places, lang: Lang) -> Player {
        let loaded = config::load(&places.config_file());
        if let Some(problem) = loaded.problem {
            eprintln!("{}", failure(lang, Failure::Config(&problem)));
        }
        Player {
            name: self.name.clone().unwrap_or(loaded.config.player_name),
            undo_limit: loaded.config.undo_limit,
            announce: loaded.config.announce,
            engine_limit: Duration::from_secs(u64::from(loaded.config.engine_limit_secs)),
            relay: loaded.config.relay,
        }
    }

    /// The script the game is played from: the engine's (`--engine`), the
    /// file's (`--script`) or the terminal's.
    pub fn script(
        &self,
        lang: Lang,
        engine_limit: Duration,
    ) -> Result<(Script, Option<LanEngine>), NetplayError> {
        match &self.engine {
            Some(command) => {
                let (script, engine) = LanEngine::start(command, lang, engine_limit)?;
                Ok((script, Some(engine)))
            }
            None => Ok((
                script_for(commands(self.script.as_deref(), lang)?, lang),
                None,
            )),
        }
    }

    /// Where multicast DNS announces and looks.
    #[must_use]
    pub fn interfaces(&self) -> Interfaces {
        self.mdns_interface
            .clone()
            .map_or(Interfaces::All, Interfaces::Only)
    }

    /// How long a dropped partner has to come back.
    #[must_use]
    pub fn comeback(&self) -> Duration {
        Duration::from_secs(self.wait.unwrap_or(60))
    }

    /// The next game of the series `--series` names, for the player `name`.
    pub fn series_terms(
        &self,
        places: &Places,
        name: &str,
        hosting: bool,
    ) -> Result<Option<SeriesTerms>, NetplayError> {
        let Some(text) = &self.series else {
            return Ok(None);
        };
        let id = SeriesId::parse(text)?;
        let series = SeriesStore::new(places).load(&id)?;
        Ok(Some(SeriesTerms::of_player(&id, &series, name, hosting)?))
    }
}

impl PlayOptions {
    /// The clock these options describe.
    pub fn time(&self) -> TimeW {
        match (self.main, self.periods) {
            (0, 0) => TimeW::None,
            (main, 0) => TimeW::Absolute {
                main_ms: main * 1000,
            },
            (main, periods) => TimeW::Byoyomi {
                main_ms: main * 1000,
                periods,
                period_ms: self.period * 1000,
            },
        }
    }
}

/// Host a game for a partner on the local network.
#[derive(Args, Debug)]
pub struct HostArgs {
    /// The UDP port to listen on.
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on (all interfaces by default).
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: IpAddr,
    /// Board size.
    #[arg(long, default_value_t = 19)]
    pub size: u8,
    /// Komi, in points (halves allowed).
    #[arg(long, default_value = "6.5", allow_hyphen_values = true)]
    pub komi: String,
    /// Handicap stones.
    #[arg(long, default_value_t = 0)]
    pub handicap: u8,
    /// Your colour: black, white or nigiri.
    #[arg(long, default_value = "nigiri")]
    pub color: String,
    /// Resume the adjourned game with this id instead of starting one; the
    /// partner rejoins with `kaisho join ADDR --resume ID`.
    #[arg(long, value_name = "ID")]
    pub resume: Option<String>,
    /// Do not announce the game on the local network (multicast DNS); the
    /// partner types the address and code. A game listening on a loopback
    /// address is never announced.
    #[arg(long)]
    pub no_announce: bool,
    /// Review saved game ID together (検討) instead of playing: show a
    /// join code, send the game's record to the partner who joins with it
    /// (`kaisho join CODE --review`), then step through it together from
    /// the script with plain mode's words.
    #[arg(long, value_name = "ID", conflicts_with_all = ["resume", "watchers", "series", "engine"])]
    pub review: Option<String>,
    /// Let watchers in (観戦) with a watch code of their own, printed
    /// after the join code; at most 16 watch at a time, with `kaisho watch`.
    #[arg(long)]
    pub watchers: bool,
    /// Host across the internet instead of the LAN: print an invitation to
    /// paste to the partner (a ticket and the code), reached through the
    /// relay of --relay or directly.
    #[arg(long, conflicts_with_all = ["resume", "review", "watchers", "series", "engine"])]
    pub internet: bool,
    #[command(flatten)]
    pub relay: super::host_internet::RelayOptions,
    #[command(flatten)]
    pub play: PlayOptions,
}

/// Loads what host and join need from the disk under `home`, and where it is.
pub fn load_env(home: Option<&Path>) -> Result<(Env, Places), NetplayError> {
    let places = Places::locate(home)?;
    Ok((Env::load(&places)?, places))
}

/// Checks and remembers the partner, and says who connected.
pub fn meet(env: &mut Env, link: &Link, lang: Lang) -> Result<(), NetplayError> {
    println!("{}", env.meet(link, lang)?);
    Ok(())
}

/// The command lines, read on a thread from the script or the terminal,
/// each within its bound (`plain::read_lines`). A script may be a pipe
/// (`--script <(…)`), so it is read as it comes, not as a whole file.
pub fn commands(script: Option<&Path>, lang: Lang) -> Result<mpsc::Receiver<String>, NetplayError> {
    let reader: Box<dyn std::io::BufRead + Send> = match script {
        None => Box::new(std::io::BufReader::new(std::io::stdin())),
        Some(p) if p == Path::new("-") => Box::new(std::io::BufReader::new(std::io::stdin())),
        Some(p) => Box::new(std::io::BufReader::new(std::fs::File::open(p).map_err(
            |error| NetplayError::Script {
                path: p.to_path_buf(),
                error,
            },
        )?)),
    };
    Ok(read_lines(reader, lang))
}

/// A script of commands read and answered in `lang`.
pub fn script_for(lines: mpsc::Receiver<String>, lang: Lang) -> Script {
    Script::new(
        lines,
        Box::new(ScriptVoice {
            naming: naming_for(lang),
        }),
    )
}

/// A tokio runtime for the network side.
pub fn runtime() -> Result<tokio::runtime::Runtime, NetplayError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(NetplayError::Runtime)
}

/// Prints how the game stopped and turns it into the process status:
/// 0 for a finished game, 2 for an adjourned one. A finished series game
/// is recorded in this side's copy of its series. Either way the game is
/// exported as SGF.
pub fn report(finish: Finish, session: &Session, places: &Places, lang: Lang) -> ExitCode {
    let id = &session.header().game_id;
    let code = match finish {
        Finish::Ended(result) => {
            println!("{}", cli_line(lang, Line::Result(&result.to_string())));
            if let Some(line) = record_series(session, places, lang) {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Finish::Adjourned(why) => {
            let partner;
            let why = match why {
                Adjourned::WeLeft => Why::WeLeft,
                Adjourned::ScriptEnded => Why::ScriptEnded,
                Adjourned::PartnerLeft(reason) => {
                    partner = visible(&reason).to_string();
                    Why::PartnerLeft(&partner)
                }
            };
            println!("{}", cli_line(lang, Line::Adjourned { why, id }));
            ExitCode::from(2)
        }
    };
    // Either player's SGF keeps the watchers' lines once the game has ended.
    let kibitz = kaisho::netplay::kibitz_of(session);
    export_sgf(places, id, lang, &kibitz);
    code
}

/// Exports saved game `id` as SGF, with the watchers' lines `kibitz`,
/// and says where it went.
fn export_sgf(places: &Places, id: &str, lang: Lang, kibitz: &[KibitzLine]) {
    let exported = kaisho::shell::disk::export(places, id, lang, kibitz);
    println!("{}", cli_line(lang, Line::Exported(&exported)));
}

/// Records an ended series game in the series its log names.
fn record_series(session: &Session, places: &Places, lang: Lang) -> Option<String> {
    let header = session.header();
    let id = SeriesId::parse(header.series.as_deref()?).ok()?;
    let store = SeriesStore::new(places);
    let series = match store.load(&id) {
        Ok(series) => series,
        Err(e) => {
            let why = failure(lang, Failure::Series(&e));
            return Some(cli_line(lang, Line::SeriesNotUpdated(&why)));
        }
    };
    let terms = series.next_game();
    let base = series.clone();
    let mut game = SeriesGame { id, series, terms };
    match record_network_game(lang, &mut game, &header.black.name, session.game())? {
        SeriesStep::Save(line) => match store.save(&game.id, &base, &game.series) {
            Ok(()) => Some(line),
            Err(e) => Some(series_unsaved(lang, &e, &game)),
        },
        SeriesStep::Refused(line) => Some(line),
    }
}

/// Prints the start of a session.
pub fn announce(session: &Session, lang: Lang) {
    let id = &session.header().game_id;
    let color = session.local_color();
    println!("{}", cli_line(lang, Line::Game { id, color }));
}

/// Runs `kaisho host`.
pub fn run(args: HostArgs, home: Option<&Path>, lang: Lang) -> ExitCode {
    let args_size = args.size;
    match runtime().and_then(|rt| rt.block_on(host(args, home, lang))) {
        Ok(code) => code,
        Err(e) => {
            eprintln!(
                "kaisho host: {}",
                netplay_error(&e, naming_for(lang), args_size)
            );
            ExitCode::FAILURE
        }
    }
}

async fn host(args: HostArgs, home: Option<&Path>, lang: Lang) -> Result<ExitCode, NetplayError> {
    if args.internet {
        return super::host_internet::host(args, home, lang).await;
    }
    let (mut env, places) = load_env(home)?;
    let addr = SocketAddr::new(args.bind, args.port);
    let Player {
        name,
        undo_limit,
        announce,
        engine_limit,
        ..
    } = args.play.player(&places, lang);
    let (mut script, engine) = args.play.script(lang, engine_limit)?;
    let mut host = Host::bind(addr, &env.identity, &name)?;
    if let Some(id) = &args.review {
        let text = record_text(&env.store, id, lang)?;
        print_join_code(&mut host, lang)?;
        let Ok(link) = partner_by_code(&mut host, &mut None, lang).await else {
            return Ok(ExitCode::from(INTERRUPTED));
        };
        meet(&mut env, &link, lang)?;
        host.refuse_others();
        let review = kaisho_net::host_review(link, id, &text).await?;
        let lines = script.take_lines();
        review_and_export(review, text, lines, (&places, &name, &[]), lang).await?;
        return Ok(ExitCode::SUCCESS);
    }
    let hub = if args.watchers {
        Some(host.allow_watching(Secret::generate()?, MAX_WATCHERS)?)
    } else {
        None
    };
    // The join code is read out first: it is the one the partner needs,
    // and the watch code follows for the club.
    let print_watch_code = |host: &Host| -> Result<(), NetplayError> {
        if let Some(code) = host.watch_code(Some(lan::shown(host.local_addr()?)))? {
            println!("{}", cli_line(lang, Line::WatchCode(&code.to_string())));
        }
        Ok(())
    };
    let time = TimeControl::from(args.play.time());
    let mut session = match &args.resume {
        Some(id) => {
            print_watch_code(&host)?;
            let partner = env.partner_of(id)?;
            let addr = host.local_addr()?;
            let name = kaisho_saves::visible::visible(&partner.name);
            let waiting = Line::Waiting {
                partner: &name,
                addr,
            };
            println!("{}", cli_line(lang, waiting));
            let link = wait_back(&mut host, partner.fingerprint, args.play.comeback(), lang)
                .await
                .ok_or(NetplayError::PartnerAbsent)?;
            meet(&mut env, &link, lang)?;
            host.refuse_others();
            kaisho_net::resume(link, Some(id), &env.store, time).await?
        }
        None => {
            let terms = terms(&args, &env.store, &places, &name)?;
            print_join_code(&mut host, lang)?;
            print_watch_code(&host)?;
            let ports = (
                host.local_addr()?.port(),
                host.watch_code(None)?.map(|code| code.addr.port()),
            );
            let mut lan = (announce && !args.no_announce && !args.bind.is_loopback())
                .then(|| announced(&args, &name, &terms, ports, lang))
                .flatten();
            let Ok(link) = partner_by_code(&mut host, &mut lan, lang).await else {
                return Ok(ExitCode::from(INTERRUPTED));
            };
            if lan.is_some() {
                withdraw(lan.take(), lang);
                // Ctrl-C ends the game's process again, as it does unannounced.
                tokio::spawn(async {
                    if tokio::signal::ctrl_c().await.is_ok() {
                        std::process::exit(i32::from(INTERRUPTED));
                    }
                });
            }
            meet(&mut env, &link, lang)?;
            host.refuse_others();
            let offered = args.play.series_terms(&places, &name, true)?;
            let store = SeriesStore::new(&places);
            let take = |record: u64, _: String| {
                let (size, time) = (args.size, args.play.time());
                let take = args.play.take_correction;
                let taken = offered
                    .as_ref()
                    .map(|offered| take_partners(offered, record, take, &store, &name, size, time));
                std::future::ready(match taken {
                    Some(Ok(Some((terms, id, said)))) => {
                        let id = id.to_string();
                        let line = Line::PartnersResultTaken {
                            id: &id,
                            said: &said,
                        };
                        println!("{}", cli_line(lang, line));
                        Some(terms)
                    }
                    Some(Err(e)) => {
                        eprintln!("kaisho host: {}", terms_error(lang, &e));
                        None
                    }
                    _ => None,
                })
            };
            kaisho_net::host_game_with(link, terms, take, &env.store).await?
        }
    };
    if let Some(hub) = &hub {
        session.share(hub.clone())?;
    }
    let wait = args.play.comeback();
    let comeback = async |id: &str, partner: Fingerprint| {
        if let Some(hub) = &hub {
            hub.away();
        }
        let Some(link) = wait_back(&mut host, partner, wait, lang).await else {
            if let Some(hub) = &hub {
                hub.adjourned();
            }
            return Ok(None);
        };
        host.refuse_others();
        let mut back = kaisho_net::resume(link, Some(id), &env.store, time).await?;
        if let Some(hub) = &hub {
            back.share(hub.clone())?;
        }
        Ok(Some(back))
    };
    let played = (script, engine);
    play_out(played, session, &places, undo_limit, lang, comeback).await
}

/// Gives the host a new secret and prints the join code it makes.
fn print_join_code(host: &mut Host, lang: Lang) -> Result<(), NetplayError> {
    host.set_secret(Secret::generate()?);
    let shown = lan::shown(host.local_addr()?);
    match host.code(Some(shown))? {
        Some(code) => println!("{}", cli_line(lang, Line::JoinCode(&code.to_string()))),
        None => return Err(NetplayError::NoJoinCode),
    }
    Ok(())
}

/// Waits for the partner who dials with the code, saying each attempt
/// refused and, once, that the code is burned (the host goes on refusing
/// every attempt then, telling the partner why, rather than stopping).
/// While the game is announced on `lan`, Ctrl-C withdraws it and stops
/// waiting (`Err`).
async fn partner_by_code(
    host: &mut Host,
    lan: &mut Option<LanDiscovery>,
    lang: Lang,
) -> Result<Link, ()> {
    let mut told_burned = false;
    loop {
        let accepted = match lan {
            Some(_) => tokio::select! {
                accepted = host.accept() => accepted,
                _ = tokio::signal::ctrl_c() => {
                    withdraw(lan.take(), lang);
                    eprintln!("{}", finding(lang, Finding::StoppedHosting));
                    return Err(());
                }
            },
            None => host.accept().await,
        };
        match accepted {
            Ok(link) => return Ok(link),
            Err(e) => refused_connection(&e, lang),
        }
        if host.burned() && !std::mem::replace(&mut told_burned, true) {
            eprintln!("{}", cli_line(lang, Line::Burned));
        }
    }
}

/// Runs the review together begun on `review` over the record `text`
/// from the script's `lines` for the player `name`, and exports the game
/// again, with what the review added and the watchers' lines `kibitz`,
/// when this side has it.
pub async fn review_and_export(
    review: ReviewSession,
    text: String,
    lines: mpsc::Receiver<String>,
    (places, name, kibitz): (&Places, &str, &[KibitzLine]),
    lang: Lang,
) -> Result<(), NetplayError> {
    let id = review.game_id.clone();
    review::review_headless(review, text, lines, (places, name), lang)
        .await
        .map_err(NetplayError::Output)?;
    if GameStore::new(places.games_dir()).load(&id).is_ok() {
        export_sgf(places, &id, lang, kibitz);
    }
    Ok(())
}

/// Plays `session` from the script to its end (an engine, when one plays
/// this side, is shown the game first and closed at the end), asking to
/// take back a move at most `undo_limit` times in the game; a dropped
/// partner is got back with `comeback`, which gives the resumed session,
/// or `None` when the partner did not come back in time (the game stays
/// adjourned).
pub async fn play_out(
    (mut script, engine): (Script, Option<LanEngine>),
    session: Session,
    places: &Places,
    undo_limit: u32,
    lang: Lang,
    comeback: impl AsyncFnMut(&str, Fingerprint) -> Result<Option<Session>, NetplayError>,
) -> Result<ExitCode, NetplayError> {
    if let Some(engine) = &engine {
        engine.begin(session.game(), session.local_color());
    }
    let reviews = engine.is_none();
    let limits = (undo_limit, reviews);
    let code = play_script(&mut script, session, places, limits, lang, comeback).await;
    drop(script);
    if let Some(engine) = engine {
        engine.close().await;
    }
    code
}

/// [`play_out`] from `script`; a game that ends with the partner still
/// there may go on to a review together when `reviews` (a person plays
/// this side).
async fn play_script(
    script: &mut Script,
    mut session: Session,
    places: &Places,
    (undo_limit, reviews): (u32, bool),
    lang: Lang,
    mut comeback: impl AsyncFnMut(&str, Fingerprint) -> Result<Option<Session>, NetplayError>,
) -> Result<ExitCode, NetplayError> {
    announce(&session, lang);
    loop {
        session.set_undo_limit(Some(undo_limit));
        match script.run(&mut session, &mut std::io::stdout()).await {
            Ok(finish) => {
                let ended = matches!(finish, Finish::Ended(_));
                let code = report(finish, &session, places, lang);
                for (name, text) in session.kibitz() {
                    let line = WatchLine::Kibitz {
                        name: &name,
                        text: &text,
                    };
                    println!("{}", watch_line(lang, line));
                }
                if ended && reviews {
                    review_after(script, session, places, lang).await?;
                } else if ended {
                    session.bye("goodbye").await;
                } else if let Err(e) = session.adjourn("goodbye").await {
                    kibitz_unkept(&e, lang);
                }
                return Ok(code);
            }
            Err(e) if is_drop(&e) => {
                let size = session.game().settings().size.get();
                println!("{}", kaisho::words::net_refusal(&e, naming_for(lang), size));
                let id = session.header().game_id.clone();
                let partner = session.peer();
                // The watchers' lines outlast this process if the partner
                // does not come back.
                if let Err(e) = session.keep_kibitz() {
                    kibitz_unkept(&e, lang);
                }
                drop(session);
                let Some(back) = comeback(&id, partner).await? else {
                    println!("{}", cli_line(lang, Line::NotBack { id: &id }));
                    export_sgf(places, &id, lang, &[]);
                    return Ok(ExitCode::from(2));
                };
                session = back;
                println!("{}", cli_line(lang, Line::Back));
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// Stays with the partner after the game for what the script does next:
/// a review together, run to its end and exported again with what it
/// added, or leaving.
async fn review_after(
    script: &mut Script,
    session: Session,
    places: &Places,
    lang: Lang,
) -> Result<(), NetplayError> {
    let name = match session.local_color() {
        Color::Black => session.header().black.name.clone(),
        Color::White => session.header().white.name.clone(),
    };
    let kibitz = kaisho::netplay::kibitz_of(&session);
    let store = GameStore::new(places.games_dir());
    let Some((review, text)) = review::after_game(script, session, &store, lang).await? else {
        return Ok(());
    };
    let lines = script.take_lines();
    review_and_export(review, text, lines, (places, &name, &kibitz), lang).await
}

/// Waits up to `limit` for the partner, printing each refusal.
/// The exit status of a host stopped by Ctrl-C (128 + SIGINT, as a shell
/// reports a process the signal ended).
const INTERRUPTED: u8 = 130;

/// Withdraws the announcement and stops the responder; a failure is said.
fn withdraw(lan: Option<LanDiscovery>, lang: Lang) {
    if let Some(mut lan) = lan
        && let Err(e) = lan.withdraw()
    {
        eprintln!("{}", finding(lang, Finding::NotAnnounced(&e.to_string())));
    }
}

/// The game announced on the local network while the host waits; a
/// failure is said, and hosting goes on (joining by address and code).
fn announced(
    args: &HostArgs,
    name: &str,
    terms: &kaisho_net::Terms,
    (port, watch_port): (u16, Option<u16>),
    lang: Lang,
) -> Option<LanDiscovery> {
    let mut game = Announcement::new(
        name,
        terms.size,
        terms.komi_halves,
        terms.handicap,
        terms.time,
        port,
    );
    game.watching = args.watchers;
    game.watch_port = watch_port;
    let mut lan = LanDiscovery::new(args.play.interfaces());
    match lan.announce(&game) {
        Ok(()) => Some(lan),
        Err(e) => {
            eprintln!("{}", finding(lang, Finding::NotAnnounced(&e.to_string())));
            None
        }
    }
}

async fn wait_back(
    host: &mut Host,
    partner: Fingerprint,
    limit: Duration,
    lang: Lang,
) -> Option<Link> {
    wait_for(host, partner, limit, |e| refused_connection(&e, lang)).await
}

/// Says on standard error that the watchers' lines could not be kept in
/// the game's log, and why.
fn kibitz_unkept(e: &kaisho_net::NetError, lang: Lang) {
    let why = kaisho::words::net_refusal(e, naming_for(lang), NO_BOARD);
    eprintln!("{}", cli_line(lang, Line::KibitzUnkept(&why)));
}

/// Says on standard error why a connection was refused.
pub fn refused_connection(e: &kaisho_net::NetError, lang: Lang) {
    let why = kaisho::words::net_refusal(e, naming_for(lang), NO_BOARD);
    eprintln!("{}", cli_line(lang, Line::RefusedConnection(&why)));
}

pub fn terms(
    args: &HostArgs,
    store: &GameStore,
    places: &Places,
    name: &str,
) -> Result<Terms, NetplayError> {
    let game_id = store.new_id(now_unix());
    if let Some(series) = args.play.series_terms(places, name, true)? {
        let terms = Terms {
            game_id,
            ..series.offer(args.size, args.play.time())
        };
        terms.settings()?;
        return Ok(terms);
    }
    let komi = kaisho_core::Komi::parse(&args.komi)?;
    let colors = match args.color.to_ascii_lowercase().as_str() {
        "black" => Colors::HostBlack,
        "white" => Colors::HostWhite,
        "nigiri" => Colors::Nigiri,
        other => return Err(NetplayError::Color(other.to_string())),
    };
    let terms = Terms {
        game_id,
        size: args.size,
        komi_halves: komi.halves(),
        handicap: args.handicap,
        time: args.play.time(),
        colors,
        series: None,
    };
    terms.settings()?;
    Ok(terms)
}
