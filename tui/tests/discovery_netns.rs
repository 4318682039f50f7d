//! `kaisho host` announces its game and `kaisho join --list` prints it,
//! over real multicast DNS inside a network namespace this test makes
//! (only `lo`, with multicast enabled, and `--mdns-interface lo`), so
//! nothing is sent on a real interface. A second host with
//! `--no-announce` is not listed. Where namespaces cannot be made, the
//! test says so and returns. Once a partner has joined and the game has
//! started, the host has withdrawn its announcement; a host stopped by
//! Ctrl-C while it waits withdraws it too.

use std::process::Command;

const KAISHO: &str = env!("CARGO_BIN_EXE_kaisho");

/// Inside the namespace: loopback up with multicast, two hosts (one not
/// announcing), then the list; every process bounded in time.
const SCRIPT: &str = r#"
set -e
ip link set lo up
ip link set lo multicast on
ip route add 224.0.0.0/4 dev lo
K="$0"; D="$1"
sleep 20 2>/dev/null | timeout 20 "$K" --home "$D/aki" --lang en host --bind 0.0.0.0 \
    --port 0 --size 9 --name Aki --mdns-interface lo > "$D/aki.out" 2>&1 &
AKI=$!
sleep 20 2>/dev/null | timeout 20 "$K" --home "$D/ben" --lang en host --bind 0.0.0.0 \
    --port 0 --size 13 --name Ben --no-announce --mdns-interface lo > "$D/ben.out" 2>&1 &
BEN=$!
sleep 1
timeout 20 "$K" --home "$D/cho" --lang en join --list --wait 4 --mdns-interface lo
CODE=$(sed -n 's/^join code: //p' "$D/aki.out")
sleep 20 2>/dev/null | timeout 20 "$K" --home "$D/dan" --lang en join $CODE --name Dan \
    > "$D/dan.out" 2>&1 &
DAN=$!
sleep 2
echo "after the game started:"
timeout 20 "$K" --home "$D/cho" --lang en join --list --wait 3 --mdns-interface lo
kill $AKI $BEN $DAN
"$K" --home "$D/cy" --lang en host --bind 0.0.0.0 --port 0 --name Cy \
    --mdns-interface lo < /dev/null > "$D/cy.out" 2>&1 &
CY=$!
(sleep 20; kill $CY) > /dev/null 2>&1 &
WATCH=$!
sleep 1
echo "while Cy waits:"
timeout 20 "$K" --home "$D/cho" --lang en join --list --wait 3 --mdns-interface lo
# A list that already sees Cy when Cy is stopped: only the goodbye
# Cy sends on Ctrl-C takes it off (a fresh list would not find a host
# that is gone in any case).
timeout 20 "$K" --home "$D/eve" --lang en join --list --wait 5 --mdns-interface lo \
    > "$D/eve.out" 2>&1 &
EVE=$!
sleep 2
kill -INT $CY
CODE=0; wait $CY || CODE=$?
wait $EVE
echo "after Ctrl-C, Cy ended with $CODE:"
cat "$D/eve.out"
kill $WATCH 2>/dev/null || true
"#;

#[test]
fn kaisho_join_list_prints_a_hosted_game_until_it_starts_and_not_one_with_no_announce() {
    let probe = Command::new("unshare")
        .args(["-rn", "ip", "link", "set", "lo", "up"])
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        eprintln!(
            "notice: network namespaces are unavailable here (unshare -rn, ip); test skipped"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new("timeout")
        .args(["60", "unshare", "-rn", "sh", "-c", SCRIPT, KAISHO])
        .arg(dir.path())
        .output()
        .expect("unshare runs");
    let listed = String::from_utf8_lossy(&out.stdout);
    let said = String::from_utf8_lossy(&out.stderr);
    let aki = std::fs::read_to_string(dir.path().join("aki.out")).unwrap_or_default();
    assert!(
        out.status.success(),
        "the namespaced run failed:\n{listed}\n{said}\n{aki}"
    );
    let dan = std::fs::read_to_string(dir.path().join("dan.out")).unwrap_or_default();
    let parts: Vec<&str> = listed
        .split("after the game started:\n")
        .flat_map(|p| p.split("while Cy waits:\n"))
        .flat_map(|p| p.split("after Ctrl-C, Cy ended with 130:\n"))
        .collect();
    let [before, after, waiting, stopped] = parts[..] else {
        panic!("every list ran, and Cy ended by Ctrl-C:\n{listed}\n{said}");
    };
    let lines: Vec<&str> = before.lines().collect();
    assert_eq!(lines.len(), 1, "one game listed:\n{listed}\n{aki}");
    let line = lines[0];
    assert!(line.starts_with("Aki "), "{line}");
    assert!(line.contains("9x9 komi 6.5, no clock"), "{line}");
    assert!(line.contains("127.0.0.1:"), "{line}");
    assert!(!listed.contains("Ben"), "{listed}");
    assert!(
        dan.contains("you play"),
        "the partner joined:\n{dan}\n{aki}"
    );
    assert_eq!(
        after.trim(),
        "no games found on the local network in 3 s; join by address and code",
        "withdrawn once the game started:\n{aki}"
    );
    assert!(waiting.starts_with("Cy "), "{waiting}");
    let cy = std::fs::read_to_string(dir.path().join("cy.out")).unwrap_or_default();
    assert!(cy.contains("stopped hosting"), "{cy}");
    assert_eq!(
        stopped.trim(),
        "no games found on the local network in 5 s; join by address and code",
        "withdrawn on Ctrl-C:\n{cy}"
    );
}
