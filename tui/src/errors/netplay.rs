//! What can stop network play before or outside a game's connection: the
//! disk's identity, known peers and saved games, a partner who does not
//! come, a player who stops waiting, and the connection's own failures.
//! Typed here, worded by the catalog (`words::netplay_error`).

use super::{EngineError, NotYourSeries};
use kaisho_core::settings::KomiError;
use kaisho_net::NetError;
use kaisho_saves::identity::IdentityError;
use kaisho_saves::known_peers::PeersError;
use kaisho_saves::log::LogError;
use kaisho_saves::places::NoHome;
use kaisho_saves::series::{IdError, StoreError};
use std::path::PathBuf;

/// A failure of network play.
#[derive(Debug, thiserror::Error)]
pub enum NetplayError {
    /// The connection or the game's session failed.
    #[error(transparent)]
    Net(#[from] NetError),
    /// This side's identity could not be read or made.
    #[error(transparent)]
    Identity(#[from] IdentityError),
    /// The partners met before could not be read or saved.
    #[error(transparent)]
    Peers(#[from] PeersError),
    /// A saved game could not be read.
    #[error(transparent)]
    Saved(#[from] LogError),
    /// The saved game `0` was played at one keyboard, not over the network.
    #[error("game {0} was not a networked game")]
    NotNetworked(String),
    /// The saved game `0` records no certificate for the partner.
    #[error("game {0} records no certificate for the partner")]
    NoCertificate(String),
    /// The host has no join code to show.
    #[error("no join code")]
    NoJoinCode,
    /// The player left while waiting for the partner.
    #[error("you stopped waiting for the partner")]
    StoppedWaiting,
    /// The partner of an adjourned game did not come in time.
    #[error("the partner did not come; the game stays adjourned")]
    PartnerAbsent,
    /// An option a game across the internet does not take yet.
    #[error("{0} is for games on the LAN for now; across the internet, play without it")]
    LanOnly(&'static str),
    /// A relay named neither `none`, `n0` nor by a URL.
    #[error(
        "'{0}' is not a relay: give none (direct paths only), n0 (n0's public relays) or the URL of your club's relay, like https://relay.example.org"
    )]
    BadRelay(String),
    /// The host of an adjourned game did not answer in time.
    #[error("the host did not answer; is it waiting for this game?")]
    HostAbsent,
    /// No folder for kaisho's files could be found.
    #[error(transparent)]
    NoHome(#[from] NoHome),
    /// The script of commands could not be opened.
    #[error("script {}: {error}", path.display())]
    Script {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The network runtime could not start.
    #[error("cannot start the network runtime: {0}")]
    Runtime(std::io::Error),
    /// What a headless review printed could not be written out.
    #[error("cannot write to standard output: {0}")]
    Output(std::io::Error),
    /// `--color` named no colour.
    #[error("--color {0}: say black, white or nigiri")]
    Color(String),
    /// `--komi` is not a komi.
    #[error(transparent)]
    Komi(#[from] KomiError),
    /// The text given to rejoin is not an address with a port.
    #[error("'{0}' is not an address with a port, like 192.168.1.20:7878")]
    NotAnAddress(String),
    /// `--series` is not a series id.
    #[error(transparent)]
    SeriesId(#[from] IdError),
    /// The series could not be read.
    #[error(transparent)]
    SeriesStore(#[from] StoreError),
    /// The engine that was to play this side could not start.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The player is neither player of the series the game belongs to.
    #[error(transparent)]
    Series(#[from] NotYourSeries),
}
