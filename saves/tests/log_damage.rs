//! Damage to a game log is never taken for a crash: a record is dropped as
//! torn only when a crash could have cut it short, and every other change
//! to the bytes is reported by file and record with the file left as it was,
//! by listing, loading and resuming alike.

use kaisho_core::{BoardSize, Color, Event, Komi, Point, Settings};
use kaisho_saves::log::{GameHeader, GameStore, LogError, Player};
use proptest::prelude::*;
use std::fs;
use std::path::PathBuf;

fn header(id: &str) -> GameHeader {
    GameHeader {
        game_id: id.to_string(),
        created_unix: 1_795_000_000,
        black: Player {
            name: "Player".into(),
            fingerprint: None,
        },
        white: Player {
            name: "Guest".into(),
            fingerprint: None,
        },
        settings: Settings::even(BoardSize::new(19).unwrap(), Komi::from_halves(13)),
        local_color: None,
        series: None,
        clock: None,
    }
}

/// D4 Q16 D16 Q4 on 19×19, as typed in plain mode.
fn four_moves() -> Vec<Event> {
    let mut color = Color::Black;
    ["D4", "Q16", "D16", "Q4"]
        .iter()
        .map(|m| {
            let e = Event::Play {
                color,
                point: Point::parse_gtp(m, 19).unwrap(),
            };
            color = color.opponent();
            e
        })
        .collect()
}

/// A small log: four moves and a chat line; returns its path, the length
/// of its header part and where the chat line's record starts.
fn small_log(store: &GameStore, id: &str) -> (PathBuf, usize, usize) {
    let mut log = store.create(&header(id)).unwrap();
    let header_end = fs::metadata(log.path()).unwrap().len() as usize;
    for e in four_moves() {
        log.append(&e, None).unwrap();
    }
    let chat_at = fs::metadata(log.path()).unwrap().len() as usize;
    log.append_chat(Color::White, "onegaishimasu").unwrap();
    (log.path().to_path_buf(), header_end, chat_at)
}

/// Lists, loads and resumes the game; returns how many of the four moves
/// were lost without an error, and checks that a refusal left the bytes
/// as they were.
fn moves_lost(store: &GameStore, id: &str, path: &PathBuf, bytes: &[u8], what: &str) -> usize {
    let listed = store.list();
    match store.load(id) {
        Ok(saved) => {
            assert_eq!(listed.games.len(), 1, "{what}");
            let got: Vec<Event> = saved.game.events().to_vec();
            let kept = four_moves()
                .iter()
                .zip(&got)
                .take_while(|(a, b)| a == b)
                .count();
            assert!(saved.contents.torn.is_none(), "{what}: no record is torn");
            assert!(store.resume(id).is_ok(), "{what}");
            4 - kept
        }
        Err(e) => {
            assert!(
                matches!(
                    e,
                    LogError::Corrupt { .. }
                        | LogError::Invalid { .. }
                        | LogError::NotALog { .. }
                        | LogError::UnsupportedVersion { .. }
                ),
                "{what}: {e}"
            );
            assert!(e.to_string().contains(&format!("{id}.kgl")), "{what}: {e}");
            assert_eq!(listed.problems.len(), 1, "{what}");
            assert!(store.resume(id).is_err(), "{what}");
            assert_eq!(
                fs::read(path).unwrap(),
                bytes,
                "{what}: file left as it was"
            );
            0
        }
    }
}

/// The reported case: 0xFF at byte 66, inside the length of the first move's
/// record, made the log read as "0 moves", and resuming cut it to 64 bytes.
#[test]
fn a_damaged_length_before_good_moves_is_reported_and_never_cut() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let id = "20261124-0858-1";
    let (path, header_end, _) = small_log(&store, id);
    let mut bytes = fs::read(&path).unwrap();
    assert_eq!(header_end, 64, "the header of a plain-mode game");
    bytes[66] = 0xFF;
    fs::write(&path, &bytes).unwrap();

    let err = store.load(id).unwrap_err();
    assert!(matches!(err, LogError::Corrupt { record: 2, .. }), "{err}");
    assert!(err.to_string().contains(&format!("{id}.kgl")), "{err}");
    let listing = store.list();
    assert!(listing.games.is_empty());
    assert_eq!(listing.problems.len(), 1);
    assert!(store.resume(id).is_err());
    assert_eq!(fs::read(&path).unwrap(), bytes, "the file is not cut");
}

/// A length that runs past the end of the file over a whole record is damage,
/// also in the last record, whose payload is all there.
#[test]
fn a_damaged_length_in_the_last_record_is_not_a_torn_record() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let (path, _, last) = small_log(&store, "g1");
    let mut bytes = fs::read(&path).unwrap();
    assert_eq!(usize::from(bytes[last]), bytes.len() - last - 8);
    bytes[last] = 200;
    fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        store.load("g1").unwrap_err(),
        LogError::Corrupt { record: 6, .. }
    ));
    assert!(store.resume("g1").is_err());
    assert_eq!(fs::read(&path).unwrap(), bytes);
}

/// Flips at every byte of a small log, four ways each: none loses a move
/// without an error, none is cut.
#[test]
fn every_byte_flipped_loses_no_move_and_cuts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let (path, _, _) = small_log(&store, "g1");
    let whole = fs::read(&path).unwrap();
    let mut flips = 0;
    let mut refused = 0;
    let mut lost = 0;
    for at in 0..whole.len() {
        for change in [0x01u8, 0x80, 0xFF, 0x10] {
            let mut bytes = whole.clone();
            bytes[at] ^= change;
            fs::write(&path, &bytes).unwrap();
            let what = format!("byte {at} ^ {change:#04x}");
            lost += moves_lost(&store, "g1", &path, &bytes, &what);
            if store.load("g1").is_err() {
                refused += 1;
            }
            flips += 1;
        }
    }
    assert_eq!(flips, whole.len() * 4);
    assert_eq!(lost, 0, "moves lost in {flips} flips");
    assert!(refused > flips / 2, "{refused} of {flips} refused");
}

fn seeded_bytes(n: usize, mut seed: u64) -> Vec<u8> {
    (0..n)
        .map(|_| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 56) as u8
        })
        .collect()
}

/// Bytes appended to a log — text, noise, more than any record can be, or
/// a whole copy of a record — are damage, reported and never cut.
#[test]
fn appended_bytes_are_damage_and_never_cut() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let (path, header_end, _) = small_log(&store, "g1");
    let whole = fs::read(&path).unwrap();
    let first_move = whole[header_end..header_end + 8 + usize::from(whole[header_end])].to_vec();
    let text = b"these are notes somebody appended to the file by mistake\n".repeat(3);
    let tails: Vec<(&str, Vec<u8>)> = vec![
        ("120 B of text", text[..120].to_vec()),
        ("120 B of noise", seeded_bytes(120, 1)),
        ("70 KB of noise", seeded_bytes(70_000, 2)),
        ("1 MiB of noise", seeded_bytes(1 << 20, 3)),
        ("70 KB of zeros", vec![0; 70_000]),
        ("a copy of a record", first_move.clone()),
        (
            "a record after a head that claims more",
            [&[100, 0, 0, 0, 1, 2, 3, 4][..], &first_move].concat(),
        ),
    ];
    for (what, tail) in tails {
        let bytes = [&whole[..], &tail].concat();
        fs::write(&path, &bytes).unwrap();
        let err = store.load("g1").expect_err(what);
        assert!(matches!(err, LogError::Corrupt { .. }), "{what}: {err}");
        assert_eq!(moves_lost(&store, "g1", &path, &bytes, what), 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Fuzzing the log reader: bytes changed, cut or inserted anywhere in a
    /// small log never panic the reader, and what loads keeps every move
    /// before the first changed byte.
    #[test]
    fn the_log_reader_survives_any_change(
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let store = GameStore::new(dir.path());
        let (path, _, _) = small_log(&store, "g1");
        let mut bytes = fs::read(&path).unwrap();
        for (at, value, kind) in edits {
            let i = at.index(bytes.len());
            match kind {
                0 => bytes[i] = value,
                1 => bytes.truncate(i),
                _ => bytes.insert(i, value),
            }
            if bytes.is_empty() {
                break;
            }
        }
        fs::write(&path, &bytes).unwrap();
        if let Ok(saved) = store.load("g1") {
            let events = saved.game.events();
            prop_assert!(events.len() <= 4);
            prop_assert_eq!(events, &four_moves()[..events.len()]);
        } else {
            prop_assert!(store.resume("g1").is_err());
            prop_assert_eq!(fs::read(&path).unwrap(), bytes);
        }
    }
}

/// A FIFO in the folder of games blocked the listing forever, and a link to
/// /dev/zero was read without end; both are listed as skipped, at once,
/// beside the games, and loading or resuming them is refused the same way.
#[cfg(unix)]
#[test]
fn special_files_among_the_games_are_skipped_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    small_log(&store, "g1");
    let fifo = store.path_of("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", store.path_of("zero")).unwrap();
    std::os::unix::fs::symlink(store.path_of("g1"), store.path_of("link")).unwrap();

    let (tx, rx) = std::sync::mpsc::channel();
    let lister = store.clone();
    std::thread::spawn(move || {
        let listing = lister.list();
        let loads = ["fifo", "zero"].map(|id| lister.load(id).err().map(|e| e.to_string()));
        let resumes = ["fifo", "zero"].map(|id| lister.resume(id).is_err());
        let _ = tx.send((listing, loads, resumes));
    });
    let (listing, loads, resumes) = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("listing and loading special files finish");
    let mut ids: Vec<&str> = listing.games.iter().map(|g| g.id.as_str()).collect();
    ids.sort_unstable();
    assert_eq!(ids, ["g1", "g1"], "the game and the link to it are listed");
    let problems: Vec<String> = listing.problems.iter().map(ToString::to_string).collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems
            .iter()
            .any(|p| p.contains("fifo.kgl") && p.contains("a FIFO"))
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("zero.kgl") && p.contains("skipped"))
    );
    for load in loads {
        assert!(load.unwrap().contains("not a regular file"));
    }
    assert_eq!(resumes, [true, true]);
}
