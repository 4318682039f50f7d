//! SGF files as every command reads them: one size cap, bounded memory, the
//! character set the file declares.

use kaisho::app::Review;
use kaisho_saves::sgf::MAX_SGF_BYTES;
use std::path::Path;
use std::process::{Command, Output};

/// A record of exactly `size` bytes: `head`, then `filler` as often as it
/// fits, spaces for the rest.
fn filled(size: u64, head: &str, filler: &str) -> Vec<u8> {
    let count = (size as usize - head.len() - 1) / filler.len();
    let mut text = format!("{head}{})", filler.repeat(count)).into_bytes();
    let pad = size as usize - text.len();
    text.splice(head.len()..head.len(), std::iter::repeat_n(b' ', pad));
    text
}

/// Two moves, then sibling variations (the first adds two more to the main
/// line): the shape that made the whole tree take a hundred times the
/// file's size.
fn many_variations(size: u64) -> Vec<u8> {
    filled(size, "(;GM[1]FF[4]SZ[19];B[dd];W[pp]", "(;B[aa];W[bb])")
}

/// `kaisho replay FILE` with its address space limited to `limit_kib`, as
/// a small machine or a container would; returns the output and the peak
/// resident size seen while it ran, in KiB.
fn replay_limited(file: &Path, limit_kib: u64) -> (Output, u64) {
    let child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {limit_kib} && exec \"$0\" replay \"$1\""
        ))
        .arg(env!("CARGO_BIN_EXE_kaisho"))
        .arg(file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(120) {
        let Ok(text) = std::fs::read_to_string(&status) else {
            break;
        };
        let hwm = text
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
        match hwm {
            Some(kib) => peak = peak.max(kib),
            None => break,
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    (child.wait_with_output().unwrap(), peak)
}

#[test]
fn records_just_under_the_cap_replay_or_are_refused_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let comment = format!(";C[{}]", "x".repeat(MAX_SGF_BYTES as usize / 5000));
    let cases = [
        (
            "variations",
            many_variations(MAX_SGF_BYTES),
            0,
            "19x19, 4 moves",
        ),
        (
            "values",
            filled(MAX_SGF_BYTES, "(;GM[1]SZ[19]", "ZZ[][][][][][][][]"),
            1,
            "more than 100000 property values",
        ),
        (
            "comments",
            filled(MAX_SGF_BYTES, "(;GM[1]SZ[19]", &comment),
            0,
            "19x19, 0 moves",
        ),
    ];
    for (name, bytes, code, said) in cases {
        let path = dir.path().join(format!("{name}.sgf"));
        std::fs::write(&path, bytes).unwrap();
        let (out, peak) = replay_limited(&path, 512 * 1024);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{name}: {stdout}{stderr}");
        assert!(
            stdout.contains(said) || stderr.contains(said),
            "{name}: {stdout}{stderr}"
        );
        let file_kib = MAX_SGF_BYTES / 1024;
        assert!(
            peak < 8 * file_kib,
            "{name}: peak resident {peak} KiB for a {file_kib} KiB file"
        );
    }
}

#[test]
fn a_record_over_the_cap_is_refused_with_its_size_and_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("variations.sgf");
    std::fs::write(&path, many_variations(MAX_SGF_BYTES + 1)).unwrap();
    let (out, _) = replay_limited(&path, 512 * 1024);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("variations.sgf"), "{stderr}");
    assert!(
        stderr.contains(&format!("{} bytes", MAX_SGF_BYTES + 1)),
        "{stderr}"
    );
    assert!(stderr.contains(&MAX_SGF_BYTES.to_string()), "{stderr}");
}

#[test]
fn a_shift_jis_record_reads_alike_in_replay_import_and_review() {
    let home = tempfile::tempdir().unwrap();
    let mut bytes = b"(;GM[1]FF[4]CA[Shift_JIS]SZ[9]KM[6.5]PB[".to_vec();
    bytes.extend_from_slice(b"\x96{\x88\xf6\x96V\x8fG\x8d\xf4");
    bytes.extend_from_slice(b"]PW[Gennan];B[ee];W[cc])");
    let path = home.path().join("shusaku.sgf");
    std::fs::write(&path, bytes).unwrap();
    let kaisho = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kaisho"))
            .env("KAISHO_HOME", home.path())
            .args(args)
            .output()
            .unwrap()
    };
    let file = path.to_str().unwrap();

    let out = kaisho(&["replay", file]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let out = kaisho(&["games", "import", file]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = kaisho(&["games", "--json"]);
    let line: serde_json::Value =
        serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    assert_eq!(line["black"], "本因坊秀策");

    let read = kaisho_saves::sgf::import_file(&path)
        .unwrap()
        .into_first()
        .unwrap();
    let tree = read.tree.expect("the whole tree reads");
    let review = Review::new("shusaku.sgf".into(), read.record, tree, None).unwrap();
    assert_eq!(review.record.black.as_deref(), Some("本因坊秀策"));
}
