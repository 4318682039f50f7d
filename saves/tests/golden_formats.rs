//! Every file format version as first released must load forever: config,
//! known peers and identity (game logs and series have their own golden tests).

use kaisho_core::{BoardSize, Komi};
use kaisho_saves::config::{self, CoordinateStyle, TimeControl};
use kaisho_saves::identity::{self, Fingerprint};
use kaisho_saves::known_peers::{KnownPeers, PeerCheck};
use std::path::Path;

#[test]
fn golden_v1_config_loads() {
    let loaded = config::load(Path::new("tests/golden/config-v1.toml"));
    assert_eq!(loaded.problem, None);
    let c = loaded.config;
    assert_eq!(c.player_name, "本因坊秀策");
    assert_eq!(c.board_size, BoardSize::new(13).unwrap());
    assert_eq!(c.komi, Komi::RULES_1949);
    assert_eq!(
        c.time_control,
        TimeControl::Byoyomi {
            main_seconds: 1200,
            periods: 3,
            period_seconds: 30
        }
    );
    assert_eq!(c.coordinates, CoordinateStyle::Rules1949);
    assert!(c.ascii);
}

#[test]
fn golden_v1_known_peers_load() {
    let peers = KnownPeers::load(Path::new("tests/golden/known_peers-v1.toml")).unwrap();
    let fp = Fingerprint(std::array::from_fn(|i| i as u8));
    assert!(matches!(
        peers.check("Sakata", fp),
        PeerCheck::Known(p) if p.first_seen_unix == 1_795_000_000 && p.last_seen_unix == 1_795_086_400
    ));
}

const GOLDEN_IDENTITY: &str = "tests/golden/identity-v1.key";
const GOLDEN_FINGERPRINT: &str = include_str!("golden/identity-v1.fingerprint");
const GOLDEN_IDENTITY_V2: &str = "tests/golden/identity-v2.key";
const GOLDEN_FINGERPRINT_V2: &str = include_str!("golden/identity-v2.fingerprint");

/// Loads a golden identity from a copy and checks its fingerprint:
/// load_or_create must never rewrite an existing file, and the golden file
/// must stay as it is.
fn golden_identity_loads(file: &str, fingerprint: &str) {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("identity.key");
    std::fs::copy(file, &copy).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let id = identity::load_or_create(&copy).unwrap();
    assert_eq!(id.fingerprint().grouped(), fingerprint.trim());
    assert_eq!(std::fs::read(&copy).unwrap(), before);
}

#[test]
fn golden_v1_identity_loads_with_its_fingerprint() {
    golden_identity_loads(GOLDEN_IDENTITY, GOLDEN_FINGERPRINT);
}

#[test]
fn golden_v2_identity_loads_with_its_fingerprint() {
    golden_identity_loads(GOLDEN_IDENTITY_V2, GOLDEN_FINGERPRINT_V2);
}

/// Writes the golden identity of format 2; run by hand only when its
/// format version is first released. (Format 1's file was written by the
/// kaisho of that format; this one writes format 2 only.)
#[test]
#[ignore = "writes the golden identity file of format version 2"]
fn write_golden_v2_identity() {
    let _ = std::fs::remove_file(GOLDEN_IDENTITY_V2);
    let id = identity::load_or_create(Path::new(GOLDEN_IDENTITY_V2)).unwrap();
    std::fs::write(
        "tests/golden/identity-v2.fingerprint",
        format!("{}\n", id.fingerprint().grouped()),
    )
    .unwrap();
}
