//! `kaisho host` announces its game and `kaisho join --list` prints it,
//! over real multicast DNS inside a network namespace this test makes
//! (only `lo`, with multicast enabled, and `--mdns-interface lo`), so
//! nothing is sent on a real interface. A second host with
//! `--no-announce` is not listed. Where namespaces cannot be made, the
//! test says so and returns.

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
kill $AKI $BEN
"#;

#[test]
fn kaisho_join_list_prints_the_game_kaisho_host_announces_and_not_one_with_no_announce() {
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
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 1, "one game listed:\n{listed}\n{aki}");
    let line = lines[0];
    assert!(line.starts_with("Aki "), "{line}");
    assert!(line.contains("9x9 komi 6.5, no clock"), "{line}");
    assert!(line.contains("127.0.0.1:"), "{line}");
    assert!(!listed.contains("Ben"), "{listed}");
}
