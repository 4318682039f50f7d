//! What network play needs from the disk: this installation's identity
//! (made on first use), the peers met before, and the saved games.

use super::NetplayError;
use crate::words::{Lang, Line, cli_line};
use kaisho_core::clock::TimeControl;
use kaisho_net::{Colors, Link, Terms};
use kaisho_saves::identity::{self, Fingerprint, Identity};
use kaisho_saves::known_peers::{KnownPeers, PeerCheck};
use kaisho_saves::log::GameStore;
use kaisho_saves::places::Places;
use std::time::{SystemTime, UNIX_EPOCH};

/// The partner of an adjourned network game, as its log names them: the
/// certificate that proves them on rejoining, and the name a member knows
/// them by (the one shown while waiting); and the game's terms, which a
/// resumed game open to watchers is announced with.
pub struct SavedPartner {
    pub fingerprint: Fingerprint,
    pub name: String,
    pub terms: Terms,
}

/// The identity, the known peers and the game store of one installation.
pub struct Env {
    pub identity: Identity,
    pub peers: KnownPeers,
    pub store: GameStore,
}

impl Env {
    /// Loads the identity (made on first run), known peers and games from
    /// the folders `places` names.
    pub fn load(places: &Places) -> Result<Env, NetplayError> {
        let identity = identity::load_or_create(&places.identity_file())?;
        let peers = KnownPeers::load(&places.known_peers_file())?;
        Ok(Env {
            identity,
            peers,
            store: GameStore::new(places.games_dir()),
        })
    }

    /// Remembers the partner by fingerprint and returns the line that says
    /// who connected. A name met before with another certificate is
    /// another person of the same name, and the line says so: names are
    /// not identities, so nobody is refused for one.
    pub fn meet(&mut self, link: &Link, lang: Lang) -> Result<String, NetplayError> {
        let check = link.check_known(&mut self.peers, now_unix());
        self.peers.save()?;
        let name = link.peer_name();
        let fingerprint = link.peer().grouped();
        let mut line = cli_line(
            lang,
            Line::Connected {
                name,
                fingerprint: &fingerprint,
            },
        );
        if let PeerCheck::SameName { other } = check {
            let other = other.fingerprint.short();
            line.push_str(&cli_line(
                lang,
                Line::SameName {
                    name,
                    other: &other,
                },
            ));
        }
        Ok(line)
    }

    /// The partner's fingerprint in a saved game, for a resumption.
    pub fn partner_of(&self, id: &str) -> Result<SavedPartner, NetplayError> {
        let saved = self.store.load(id)?;
        let header = saved.contents.header;
        let partner = match header.local_color {
            Some(kaisho_core::Color::Black) => header.white,
            Some(kaisho_core::Color::White) => header.black,
            None => return Err(NetplayError::NotNetworked(id.to_string())),
        };
        let fingerprint = partner
            .fingerprint
            .as_deref()
            .and_then(Fingerprint::parse)
            .ok_or_else(|| NetplayError::NoCertificate(id.to_string()))?;
        let settings = &header.settings;
        let terms = Terms {
            game_id: header.game_id.clone(),
            size: settings.size.get(),
            komi_halves: settings.komi.halves(),
            handicap: settings.handicap,
            time: header.clock.unwrap_or(TimeControl::None).into(),
            colors: match header.local_color {
                Some(kaisho_core::Color::White) => Colors::HostWhite,
                _ => Colors::HostBlack,
            },
            series: None,
        };
        Ok(SavedPartner {
            fingerprint,
            name: partner.name,
            terms,
        })
    }
}

/// The seconds since the Unix epoch, for game ids and the known-peers file.
#[must_use]
pub fn now_unix() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}
