//! Discovery over real multicast DNS, inside a network namespace this test
//! makes: the test binary runs itself again under `unshare -n` with only
//! the loopback interface up, multicast enabled on it, and the responder
//! told to use `lo` alone. Nothing is ever sent on a real interface: the
//! outer test starts no responder. Where namespaces cannot be made, it
//! says so and returns.

use kaisho_net::TimeW;
use kaisho_net::discovery::found::{MAX_GAMES, MAX_PER_SOURCE};
use kaisho_net::discovery::{
    Announcement, Browse, Change, Discovery, FoundGame, Interfaces, MdnsDiscovery, SERVICE_TYPE,
};
use std::collections::HashMap;
use std::process::Command;
use std::time::Duration;

/// Set in the inner run, inside the namespace.
const INNER: &str = "KAISHO_NETNS_INNER";
/// How long one step may take before the test fails.
const STEP: Duration = Duration::from_secs(15);

/// The shell line that readies the namespace's loopback and runs the rest.
const READY_LO: &str = "ip link set lo up && ip link set lo multicast on && \
    ip route add 224.0.0.0/4 dev lo && exec \"$0\" \"$@\"";

/// Runs `test` of this binary inside a new network namespace; `false` when
/// namespaces are unavailable here.
fn in_namespace(test: &str) -> bool {
    let probe = Command::new("unshare")
        .args(["-rn", "ip", "link", "set", "lo", "up"])
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        eprintln!(
            "notice: network namespaces are unavailable here (unshare -rn, ip); {test} skipped"
        );
        return false;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new("timeout")
        .args(["120", "unshare", "-rn", "sh", "-c", READY_LO])
        .arg(&exe)
        .args([
            "--exact",
            test,
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(INNER, "1")
        .output()
        .expect("unshare runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "the namespaced run failed:\n{text}");
    assert!(
        text.contains("1 passed"),
        "the inner test did not run:\n{text}"
    );
    true
}

fn game(seat_free: bool) -> Announcement {
    let mut game = Announcement::new(
        "Aki",
        19,
        13,
        0,
        TimeW::Byoyomi {
            main_ms: 1_200_000,
            periods: 5,
            period_ms: 30_000,
        },
        7878,
    );
    game.seat_free = seat_free;
    game
}

async fn next(browse: &mut Browse) -> Change {
    tokio::time::timeout(STEP, browse.next())
        .await
        .expect("a change within the step's time")
        .expect("the browse goes on")
}

#[test]
fn a_game_announced_over_multicast_is_listed_updated_and_withdrawn() {
    in_namespace("inner_announce_update_withdraw");
}

#[ignore = "runs inside the network namespace made by its outer test"]
#[tokio::test]
async fn inner_announce_update_withdraw() {
    assert_eq!(
        std::env::var(INNER).as_deref(),
        Ok("1"),
        "run by the outer test only"
    );
    let lo = Interfaces::Only("lo".into());
    let mut host = MdnsDiscovery::new(&lo).expect("a responder on lo");
    let mut member = MdnsDiscovery::new(&lo).expect("a second responder on lo");
    host.announce(&game(true)).expect("announced");
    let mut browse = member.browse().expect("browsing");
    let found: FoundGame = match next(&mut browse).await {
        Change::Added(found) => found,
        other => panic!("expected the game added, got {other:?}"),
    };
    assert_eq!(found.game, game(true));
    let address = found.address().expect("an address");
    assert!(address.ip().is_loopback(), "{address}");
    assert_eq!(address.port(), 7878);
    host.announce(&game(false)).expect("announced anew");
    loop {
        match next(&mut browse).await {
            Change::Updated(g) if g.game == game(false) => break,
            Change::Updated(_) => {}
            other => panic!("expected the game updated, got {other:?}"),
        }
    }
    host.withdraw().expect("withdrawn");
    assert_eq!(
        next(&mut browse).await,
        Change::Removed(found.instance.clone())
    );
    assert!(browse.games().is_empty());
}

#[test]
fn a_real_game_is_listed_after_a_flood_of_fake_announcements() {
    in_namespace("inner_flood_then_a_real_game");
}

/// How many fake games the flood announces, and from how many addresses.
const FAKES: usize = 200;
const FAKE_SOURCES: usize = 4;

#[ignore = "runs inside the network namespace made by its outer test"]
#[tokio::test]
async fn inner_flood_then_a_real_game() {
    assert_eq!(
        std::env::var(INNER).as_deref(),
        Ok("1"),
        "run by the outer test only"
    );
    let lo = Interfaces::Only("lo".into());
    let mut member = MdnsDiscovery::new(&lo).expect("a responder on lo");
    let mut browse = member.browse().expect("browsing");
    // The flood: valid announcements from one responder, the games at
    // 127.0.0.2 to 127.0.0.5, as from four machines.
    let flood = mdns_sd::ServiceDaemon::new().expect("the flooder's responder");
    flood.disable_interface(mdns_sd::IfKind::All).unwrap();
    flood
        .enable_interface(mdns_sd::IfKind::Name("lo".into()))
        .unwrap();
    let txt = game(true).to_txt();
    let started = std::time::Instant::now();
    for i in 0..FAKES {
        let ip = format!("127.0.0.{}", i % FAKE_SOURCES + 2);
        let info = mdns_sd::ServiceInfo::new(
            SERVICE_TYPE,
            &format!("fake{i}"),
            &format!("fake{i}.local."),
            ip.as_str(),
            7000,
            &txt[..],
        )
        .unwrap();
        // The responder's queue of commands is bounded: when it is full,
        // wait a little for it, a bounded number of times.
        let mut tries = 0;
        loop {
            match flood.register(info.clone()) {
                Err(mdns_sd::Error::Again) if tries < 1000 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(1));
                }
                registered => {
                    registered.expect("a fake registered");
                    break;
                }
            }
        }
    }
    eprintln!("{FAKES} fakes announced in {:?}", started.elapsed());
    // Read the flood for a while, as a Join screen would.
    let mut fakes_seen = 0;
    let until = tokio::time::Instant::now() + Duration::from_secs(3);
    while let Ok(Some(change)) = tokio::time::timeout_at(until, browse.next()).await {
        if matches!(change, Change::Added(_)) {
            fakes_seen += 1;
        }
    }
    let mut host = MdnsDiscovery::new(&lo).expect("the real host's responder");
    host.announce(&game(false)).expect("announced");
    let real = loop {
        match next(&mut browse).await {
            Change::Added(found) if found.game == game(false) => break found,
            _ => {}
        }
    };
    let listed = browse.games();
    let mut per_source: HashMap<_, usize> = HashMap::new();
    for g in listed {
        *per_source.entry(g.addresses.first().copied()).or_default() += 1;
    }
    eprintln!(
        "fakes added {fakes_seen}; listed {} (the real game among them), {} hidden",
        listed.len(),
        browse.hidden()
    );
    assert!(listed.contains(&real));
    assert!(listed.len() <= MAX_GAMES);
    assert!(
        per_source.values().all(|n| *n <= MAX_PER_SOURCE),
        "{per_source:?}"
    );
    assert!(
        fakes_seen > FAKE_SOURCES * MAX_PER_SOURCE,
        "the flood was seen"
    );
    assert!(browse.hidden() > 0);
    let _ = flood.shutdown();
}
