//! The peers this installation has played, like SSH's known_hosts: a
//! series partner reconnects by fingerprint. A peer is its certificate's
//! fingerprint, never its display name: two club members may both be
//! called "Player", and a known name arriving with another fingerprint is
//! another person, told apart on screen, not an impostor. Impostors are
//! stopped where it matters, by the fingerprint pinned for a game.

use crate::atomic::{Access, write_atomically};
use crate::bounded::read_regular;
use crate::identity::Fingerprint;
use crate::limits::MAX_KNOWN_PEERS_BYTES;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};

/// One remembered peer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownPeer {
    pub fingerprint: Fingerprint,
    pub name: String,
    pub first_seen_unix: i64,
    pub last_seen_unix: i64,
}

/// What the list says about a peer that presents a name and a fingerprint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerCheck {
    /// Never seen, by name or fingerprint.
    New,
    /// Seen before with this fingerprint (perhaps under another name).
    Known(KnownPeer),
    /// Never seen by this fingerprint, but a peer met before has the same
    /// name: another person, to be told apart from the one met before.
    SameName { other: KnownPeer },
}

/// The known-peers file could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeersError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for PeersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "known peers file {}: {}",
            self.path.display(),
            self.message
        )
    }
}

impl std::error::Error for PeersError {}

#[derive(Serialize, Deserialize, Default)]
struct PeersFileV1 {
    #[serde(default)]
    peer: Vec<PeerV1>,
}

#[derive(Serialize, Deserialize)]
struct PeerV1 {
    fingerprint: String,
    name: String,
    first_seen: i64,
    last_seen: i64,
}

/// The list of known peers, backed by a TOML file.
#[derive(Clone, Debug)]
pub struct KnownPeers {
    path: PathBuf,
    peers: Vec<KnownPeer>,
}

impl KnownPeers {
    /// Reads the list; a missing file is an empty list. A broken file is an
    /// error and is never overwritten.
    pub fn load(path: &Path) -> Result<KnownPeers, PeersError> {
        let err = |message: String| PeersError {
            path: path.to_path_buf(),
            message,
        };
        let text = match read_regular(path, MAX_KNOWN_PEERS_BYTES) {
            Ok(bytes) => String::from_utf8(bytes)
                .map_err(|_| err("is not UTF-8 text; fix or move the file".to_string()))?,
            Err(refused) if refused.is_missing() => String::new(),
            Err(refused) => {
                return Err(err(format!(
                    "could not be read: {refused}; move it away (kaisho starts a new list)"
                )));
            }
        };
        let file: PeersFileV1 = toml::from_str(&text)
            .map_err(|e| err(format!("{}; fix or move the file", e.message())))?;
        let peers = file
            .peer
            .into_iter()
            .map(|p| {
                Ok(KnownPeer {
                    fingerprint: Fingerprint::parse(&p.fingerprint)
                        .ok_or_else(|| err(format!("'{}' is not a fingerprint", p.fingerprint)))?,
                    name: p.name,
                    first_seen_unix: p.first_seen,
                    last_seen_unix: p.last_seen,
                })
            })
            .collect::<Result<_, PeersError>>()?;
        Ok(KnownPeers {
            path: path.to_path_buf(),
            peers,
        })
    }

    #[must_use]
    pub fn peers(&self) -> &[KnownPeer] {
        &self.peers
    }

    /// Looks a peer up by fingerprint first, then by name.
    #[must_use]
    pub fn check(&self, name: &str, fingerprint: Fingerprint) -> PeerCheck {
        if let Some(p) = self.peers.iter().find(|p| p.fingerprint == fingerprint) {
            return PeerCheck::Known(p.clone());
        }
        match self.peers.iter().find(|p| p.name == name) {
            Some(p) => PeerCheck::SameName { other: p.clone() },
            None => PeerCheck::New,
        }
    }

    /// Records that a peer was seen now, under this name; a peer is kept
    /// by fingerprint, so two peers with one name are two entries.
    pub fn remember(&mut self, name: &str, fingerprint: Fingerprint, now_unix: i64) {
        match self.peers.iter_mut().find(|p| p.fingerprint == fingerprint) {
            Some(p) => {
                p.name = name.to_string();
                p.last_seen_unix = now_unix;
            }
            None => self.peers.push(KnownPeer {
                fingerprint,
                name: name.to_string(),
                first_seen_unix: now_unix,
                last_seen_unix: now_unix,
            }),
        }
    }

    /// Writes the list atomically.
    pub fn save(&self) -> Result<(), PeersError> {
        let file = PeersFileV1 {
            peer: self
                .peers
                .iter()
                .map(|p| PeerV1 {
                    fingerprint: p.fingerprint.grouped(),
                    name: p.name.clone(),
                    first_seen: p.first_seen_unix,
                    last_seen: p.last_seen_unix,
                })
                .collect(),
        };
        let err = |message: String| PeersError {
            path: self.path.clone(),
            message,
        };
        let text = toml::to_string_pretty(&file).map_err(|e| err(e.to_string()))?;
        write_atomically(&self.path, text.as_bytes(), Access::OwnerOnly)
            .map_err(|e| err(format!("could not be written: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_are_remembered_across_loads_by_fingerprint_not_name() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("known_peers.toml");
        let a = Fingerprint::of(b"a");
        let b = Fingerprint::of(b"b");
        let mut peers = KnownPeers::load(&path).unwrap();
        assert_eq!(peers.check("Sakata", a), PeerCheck::New);
        peers.remember("Sakata", a, 100);
        peers.save().unwrap();

        let mut peers = KnownPeers::load(&path).unwrap();
        assert!(
            matches!(peers.check("Sakata", a), PeerCheck::Known(p) if p.first_seen_unix == 100)
        );
        assert!(
            matches!(peers.check("Sakata", b), PeerCheck::SameName { other } if other.fingerprint == a)
        );
        peers.remember("Sakata", b, 150);
        assert_eq!(peers.peers().len(), 2);
        assert!(matches!(peers.check("Sakata", b), PeerCheck::Known(p) if p.fingerprint == b));
        peers.save().unwrap();
        let mut peers = KnownPeers::load(&path).unwrap();
        assert!(matches!(peers.check("Sakata", a), PeerCheck::Known(p) if p.fingerprint == a));
        peers.peers.truncate(1);
        peers.remember("Eio", a, 200);
        assert_eq!(peers.peers().len(), 1);
        assert_eq!(peers.peers()[0].name, "Eio");
        assert_eq!(peers.peers()[0].last_seen_unix, 200);
    }

    #[test]
    fn a_broken_file_is_an_error_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("known_peers.toml");
        std::fs::write(&path, "[[peer]\nname = 1").unwrap();
        assert!(KnownPeers::load(&path).is_err());
        std::fs::write(
            &path,
            "[[peer]]\nfingerprint = \"xyz\"\nname = \"a\"\nfirst_seen = 1\nlast_seen = 1\n",
        )
        .unwrap();
        let e = KnownPeers::load(&path).unwrap_err();
        assert!(e.message.contains("not a fingerprint"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn a_peers_file_that_never_ends_is_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("known_peers.toml");
        crate::bounded::hostile::each_kind(&path, |kind, path| {
            let e = KnownPeers::load(&path).expect_err(kind);
            assert!(
                e.message.starts_with("could not be read: it is"),
                "{kind}: {e}"
            );
            assert!(e.message.contains("move it away"), "{kind}: {e}");
        });
    }
}
