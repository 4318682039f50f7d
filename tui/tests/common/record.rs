//! The club record of the saves crate's fixture, saved as `kaisho games
//! import` saves it: the reviews' tests open it from Saved games.

use kaisho_saves::log::{GameHeader, GameStore, Player};
use kaisho_saves::places::Places;
use kaisho_saves::sgf;
use std::path::{Path, PathBuf};

/// The game's id: fixed, so the screens do not depend on the clock.
pub const ID: &str = "18460721-0000-1";

/// The finished record: 19×19, seven moves, a variation at move 3.
pub fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../saves/tests/fixtures/finished-record.sgf")
}

/// The fixture saved under `home` as `kaisho games import` saves a record:
/// its tree kept beside a log of its moves and its ending.
pub fn imported(home: &Path) {
    let store = GameStore::new(Places::under(home).games_dir());
    let read = sgf::import_file(&fixture())
        .and_then(sgf::Imported::into_first)
        .expect("the fixture reads");
    store
        .keep_record(ID, read.tree.as_ref().expect("its whole tree"))
        .unwrap();
    let player = |name: &Option<String>| Player {
        name: name.clone().expect("a name"),
        fingerprint: None,
    };
    let header = GameHeader {
        game_id: ID.to_string(),
        created_unix: 0,
        black: player(&read.record.black),
        white: player(&read.record.white),
        settings: read.record.settings.clone(),
        local_color: None,
        series: None,
        clock: None,
    };
    let mut log = store.create(&header).unwrap();
    for event in read.record.events().into_iter().chain(read.record.ending()) {
        log.append(&event, None).unwrap();
    }
}
