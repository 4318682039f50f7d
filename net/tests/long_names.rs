//! A partner's name over the limit every save holds to is refused before
//! either side writes a log: a 65,420-character name once made both logs'
//! headers too large to read back, losing every move of the game.

mod common;

use common::{LIMIT, identity, terms};
use kaisho_net::Colors;
use kaisho_saves::limits::MAX_NAME_CHARS;
use kaisho_saves::log::GameStore;

#[tokio::test]
async fn a_joiner_with_a_name_over_the_limit_gets_no_game_and_no_log() {
    let dir = tempfile::tempdir().unwrap();
    let host_id = identity(dir.path(), "host");
    let joiner_id = identity(dir.path(), "joiner");
    let (mut host, code) = common::host(&host_id, "Honinbo", 42);
    let long = "n".repeat(65_420);
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&code, &joiner_id, &long))
    })
    .await
    .unwrap();
    let (h, j) = (h.unwrap(), j.unwrap());
    let host_store = GameStore::new(dir.path().join("host-games"));
    let joiner_store = GameStore::new(dir.path().join("joiner-games"));
    let t = terms("long-name", 9, Colors::HostBlack);
    let (hosted, joined) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::host_game(h, t.clone(), &host_store),
            kaisho_net::join_game(j, Some(&t), true, &joiner_store)
        )
    })
    .await
    .unwrap();
    let err = hosted.err().expect("the host refuses the name");
    assert!(
        err.to_string()
            .contains(&format!("at most {MAX_NAME_CHARS}")),
        "{err}"
    );
    assert!(joined.is_err());
    assert!(!host_store.path_of("long-name").exists());
    assert!(!joiner_store.path_of("long-name").exists());
}
