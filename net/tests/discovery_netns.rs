//! Discovery over real multicast DNS, inside a network namespace this test
//! makes: the test binary runs itself again under `unshare -n` with only
//! the loopback interface up, multicast enabled on it, and the responder
//! told to use `lo` alone. Nothing is ever sent on a real interface: the
//! outer test starts no responder. Where namespaces cannot be made, it
//! says so and returns.

use kaisho_net::TimeW;
use kaisho_net::discovery::Hidden;
use kaisho_net::discovery::found::{MAX_GAMES, MAX_PER_SOURCE};
use kaisho_net::discovery::{
    Announcement, Browse, Change, Discovery, FoundGame, Interfaces, MdnsDiscovery, SERVICE_TYPE,
};
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
    namespaced(test, &["ip", "link", "set", "lo", "up"], READY_LO)
}

/// Runs `test` of this binary under `unshare -rn`, the namespace readied
/// by `script`, and prints what it said; `false` when `probe` cannot run
/// in a namespace here.
fn namespaced(test: &str, probe: &[&str], script: &str) -> bool {
    let probed = Command::new("unshare").arg("-rn").args(probe).status();
    if !probed.is_ok_and(|s| s.success()) {
        eprintln!(
            "notice: network namespaces are unavailable here (unshare -rn, {}); {test} skipped",
            probe.join(" ")
        );
        return false;
    }
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new("timeout")
        .args(["120", "unshare", "-rn", "sh", "-c", script])
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
    eprintln!("{text}");
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

/// Reads the changes until none has come for a second (at most
/// [`STEP`]): a packet overheard after its game was found moves the game
/// to its source. Hands the changes read to `each`.
async fn settle(browse: &mut Browse, mut each: impl FnMut(Change)) {
    let until = tokio::time::Instant::now() + STEP;
    while tokio::time::Instant::now() < until {
        match tokio::time::timeout(Duration::from_secs(1), browse.next()).await {
            Ok(Some(change)) => each(change),
            Ok(None) | Err(_) => return,
        }
    }
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
    // The flood: valid announcements from one responder, the games
    // claiming 127.0.0.2 to 127.0.0.5, as if from four machines.
    let flood = flooder("lo");
    let started = std::time::Instant::now();
    for i in 0..FAKES {
        register(&flood, i, &format!("127.0.0.{}", i % FAKE_SOURCES + 2));
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
    settle(&mut browse, |_| {}).await;
    let listed = browse.games();
    eprintln!(
        "fakes added {fakes_seen}; listed {} (the real game among them), {:?} hidden",
        listed.len(),
        browse.hidden()
    );
    // Every packet on `lo` comes from 127.0.0.1: one source, whatever
    // addresses the games claim, so the real game is one of that source's
    // games and takes its turn among them (the flooder's responder
    // announces its games again, and a game heard twice outranks one heard
    // once); that it stays listed beside a flood from another machine is
    // `a_real_game_stays_listed_while_one_machine_floods_forged_addresses`.
    eprintln!("the real game listed: {}", listed.contains(&real));
    assert!(listed.len() <= MAX_PER_SOURCE, "{listed:?}");
    assert!(
        fakes_seen > FAKE_SOURCES * MAX_PER_SOURCE,
        "the flood was seen"
    );
    assert!(browse.hidden().any());
    let _ = flood.shutdown();
}

/// Two machines on one link: this namespace (the browser and the real
/// host, 10.47.0.1 on `v0`) and a second one (the flooder, 10.47.0.2 on
/// `v1`), joined by a veth pair. The second namespace's process id is
/// handed on in [`FLOODER_NS`]; it is killed when the test ends.
const TWO_MACHINES: &str = r#"
set -e
ip link set lo up
unshare -n sleep 120 & P=$!
i=0
while [ "$(readlink /proc/$P/ns/net)" = "$(readlink /proc/self/ns/net)" ] && [ $i -lt 50 ]; do
    sleep 0.1; i=$((i+1))
done
ip link add v0 type veth peer name v1 netns $P
ip addr add 10.47.0.1/16 dev v0
ip link set v0 up
ip route add 224.0.0.0/4 dev v0
nsenter -t $P -n sh -c 'ip link set lo up && ip addr add 10.47.0.2/16 dev v1 && ip link set v1 up && ip route add 224.0.0.0/4 dev v1'
CODE=0
KAISHO_FLOODER_NS=$P "$0" "$@" || CODE=$?
kill $P
exit $CODE
"#;
/// The process whose network namespace is the flooder's machine.
const FLOODER_NS: &str = "KAISHO_FLOODER_NS";
/// Fake announcements a second (30 unless `KAISHO_FLOOD_RATE` says).
const FLOOD_RATE: &str = "KAISHO_FLOOD_RATE";
/// How long the flood runs before the browsing starts, and how long the
/// browsing reads (as `kaisho join --list --wait 3`).
const FLOOD_BEFORE: Duration = Duration::from_secs(3);
const LISTING: Duration = Duration::from_secs(3);

/// Runs `test` of this binary in the first of two namespaces joined by a
/// link (see [`TWO_MACHINES`]); `false` when namespaces are unavailable.
fn on_two_machines(test: &str) -> bool {
    let veth = [
        "ip", "link", "add", "v0", "type", "veth", "peer", "name", "v1",
    ];
    namespaced(test, &veth, TWO_MACHINES)
}

fn flood_rate() -> u32 {
    std::env::var(FLOOD_RATE)
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|r| (1..=1000).contains(r))
        .unwrap_or(30)
}

/// The repro of a flood from one machine: fresh instance names, each
/// claiming an address of its own (forged, on the link's subnet), 30 a
/// second. The real game, announced before, is listed by a browse of 3 s
/// started while the flood goes on, and the flooder's games take no more
/// places than one machine may hold.
#[test]
fn a_real_game_stays_listed_while_one_machine_floods_forged_addresses() {
    on_two_machines("inner_one_machine_floods_forged_addresses");
}

#[ignore = "runs inside the network namespace made by its outer test"]
#[tokio::test]
async fn inner_one_machine_floods_forged_addresses() {
    assert_eq!(
        std::env::var(INNER).as_deref(),
        Ok("1"),
        "run by the outer test only"
    );
    let flooder_ns = std::env::var(FLOODER_NS).expect("the flooder's namespace");
    let v0 = Interfaces::Only("v0".into());
    let mut host = MdnsDiscovery::new(&v0).expect("the real host's responder");
    let real_game = Announcement::new("Ren", 19, 13, 0, TimeW::None, 7878);
    host.announce(&real_game).expect("announced");
    let exe = std::env::current_exe().expect("the test binary");
    // nsenter runs the flooder in its own place (no fork), so killing it
    // stops the flood; the flood also ends by itself after 10 s.
    let mut flooder = std::process::Command::new("nsenter")
        .args(["-t", &flooder_ns, "-n"])
        .arg(&exe)
        .args([
            "--exact",
            "inner_flooder",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .spawn()
        .expect("the flooder starts");
    tokio::time::sleep(FLOOD_BEFORE).await;
    let mut member = MdnsDiscovery::new(&v0).expect("the browser's responder");
    let mut browse = member.browse().expect("browsing");
    let until = tokio::time::Instant::now() + LISTING;
    let mut added = std::collections::BTreeSet::new();
    let mut take = |change| {
        if let Change::Added(game) = change {
            added.insert(game.instance);
        }
    };
    while let Ok(Some(change)) = tokio::time::timeout_at(until, browse.next()).await {
        take(change);
    }
    let _ = flooder.kill();
    let _ = flooder.wait();
    settle(&mut browse, take).await;
    let listed = browse.games();
    let fakes = listed.iter().filter(|g| g.game != real_game).count();
    eprintln!(
        "flood at {}/s: {} found, {} listed ({fakes} fakes), {:?} hidden, the real game {}",
        flood_rate(),
        added.len(),
        listed.len(),
        browse.hidden(),
        if listed.iter().any(|g| g.game == real_game) {
            "listed"
        } else {
            "NOT listed"
        },
    );
    assert!(
        listed.iter().any(|g| g.game == real_game),
        "the real game is listed"
    );
    assert!(
        fakes <= MAX_PER_SOURCE,
        "one machine holds at most {MAX_PER_SOURCE} places"
    );
    assert!(
        added.len() > 2 * MAX_GAMES,
        "the flood was seen: {} found",
        added.len()
    );
    assert_eq!(browse.hidden(), Hidden::Exactly(added.len() - listed.len()));
}

/// The flooder's machine: registers fresh fake games at the flood's rate,
/// each at an address of its own that it does not hold, for 10 s.
#[ignore = "runs inside the flooder's network namespace, started by a test there"]
#[test]
fn inner_flooder() {
    let flood = flooder("v1");
    let rate = flood_rate();
    let started = std::time::Instant::now();
    for i in 0..rate * 10 {
        let due = started + Duration::from_secs(u64::from(i)) / rate;
        std::thread::sleep(due.saturating_duration_since(std::time::Instant::now()));
        let i = i as usize;
        register(&flood, i, &format!("10.47.{}.{}", 1 + i / 250, i % 250 + 1));
    }
    let _ = flood.shutdown();
}

/// A responder of fakes on the interface `name` alone.
fn flooder(name: &str) -> mdns_sd::ServiceDaemon {
    let flood = mdns_sd::ServiceDaemon::new().expect("the flooder's responder");
    flood.disable_interface(mdns_sd::IfKind::All).unwrap();
    flood
        .enable_interface(mdns_sd::IfKind::Name(name.into()))
        .unwrap();
    flood
}

/// Registers the fake game `fake{i}` at the address `ip`. The responder's
/// queue of commands is bounded: when it is full, waits a little for it,
/// a bounded number of times.
fn register(flood: &mdns_sd::ServiceDaemon, i: usize, ip: &str) {
    let info = mdns_sd::ServiceInfo::new(
        SERVICE_TYPE,
        &format!("fake{i}"),
        &format!("fake{i}.local."),
        ip,
        7000,
        &game(true).to_txt()[..],
    )
    .unwrap();
    for _ in 0..1000 {
        match flood.register(info.clone()) {
            Err(mdns_sd::Error::Again) => std::thread::sleep(Duration::from_millis(1)),
            registered => return registered.expect("a fake registered"),
        }
    }
    panic!("the responder took no fake for a second");
}
