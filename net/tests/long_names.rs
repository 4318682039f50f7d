//! A partner's name over the limit every save holds to is refused in the
//! greeting, before either side writes a log (a 65,420-character name once
//! made both logs' headers too large to read back, losing every move of
//! the game), and it costs the host only that connection: the host goes
//! on waiting, and the real partner joins with the same code and plays.

mod common;

use common::{LIMIT, finish, identity, play, sessions, stones, terms};
use kaisho_net::{Colors, NetError};
use kaisho_saves::limits::MAX_NAME_CHARS;
use kaisho_saves::log::GameStore;

#[tokio::test]
async fn a_joiner_with_a_name_over_the_limit_is_refused_and_the_partner_then_plays() {
    let dir = tempfile::tempdir().unwrap();
    let host_id = identity(dir.path(), "host");
    let joiner_id = identity(dir.path(), "joiner");
    let rogue_id = identity(dir.path(), "rogue");
    let (mut host, code) = common::host(&host_id, "Honinbo", 42);
    let long = "n".repeat(MAX_NAME_CHARS + 1);
    let (refused, rogue) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&code, &rogue_id, &long))
    })
    .await
    .unwrap();
    let why = match refused {
        Err(NetError::Protocol(why)) => why,
        Err(other) => panic!("the host refuses the name, not with {other:?}"),
        Ok(_) => panic!("the host took the joiner with a name over the limit"),
    };
    assert!(
        why.contains("65 characters long") && why.contains(&format!("at most {MAX_NAME_CHARS}")),
        "{why}"
    );
    let t = terms("after-a-rogue", 9, Colors::HostBlack);
    let rogue_store = GameStore::new(dir.path().join("rogue-games"));
    if let Ok(link) = rogue {
        // Its greeting went out before the host's refusal came back.
        let game = tokio::time::timeout(
            LIMIT,
            kaisho_net::join_game(link, Some(&t), true, &rogue_store),
        )
        .await
        .unwrap();
        assert!(game.is_err(), "the rogue gets no game");
    }
    assert!(!rogue_store.path_of("after-a-rogue").exists());
    // The host is still waiting with the same code: the partner joins.
    let (h, j) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept(), kaisho_net::join(&code, &joiner_id, "Kitani"))
    })
    .await
    .unwrap();
    let (h, j) = (h.unwrap(), j.unwrap());
    assert_eq!(h.peer_name(), "Kitani");
    let host_store = GameStore::new(dir.path().join("host-games"));
    let joiner_store = GameStore::new(dir.path().join("joiner-games"));
    let (mut hs, mut js) = sessions(h, j, &t, &host_store, &joiner_store).await;
    play(&mut hs, &mut js, stones(0, 4)).await;
    finish(&mut hs, &mut js).await;
    assert_eq!(hs.game().events(), js.game().events());
    assert!(host_store.path_of("after-a-rogue").exists());
}
