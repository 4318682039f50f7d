//! The writer never writes a record the reader refuses: text over the
//! limits is refused with a typed error before anything reaches the disk,
//! and whatever the writer accepts reads back exactly.

use kaisho_core::{BoardSize, Color, Event, Komi, Point, Settings};
use kaisho_saves::limits::{MAX_CHAT_CHARS, MAX_NAME_CHARS};
use kaisho_saves::log::{GameHeader, GameStore, LogError, Player, read_log};
use proptest::prelude::*;

fn header(black: &str, white: &str, series: Option<String>) -> GameHeader {
    GameHeader {
        game_id: "g1".into(),
        created_unix: 1_795_000_000,
        black: Player {
            name: black.into(),
            fingerprint: None,
        },
        white: Player {
            name: white.into(),
            fingerprint: Some("ABCD-EFGH".into()),
        },
        settings: Settings::even(BoardSize::new(9).unwrap(), Komi::from_halves(13)),
        local_color: Some(Color::Black),
        series,
        clock: None,
    }
}

/// A partner joining with a 65,420-character name made a header the reader
/// called missing: every move of that game was lost.
#[test]
fn a_name_over_the_limit_is_refused_and_no_file_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    for long in [MAX_NAME_CHARS + 1, 65_420, 100_000] {
        let name = "x".repeat(long);
        let err = store.create(&header("Player", &name, None)).unwrap_err();
        assert!(matches!(err, LogError::Refused { .. }), "{err}");
        assert!(err.to_string().contains("at most 64"), "{err}");
        assert!(!store.path_of("g1").exists());
    }
    let name = "碁".repeat(MAX_NAME_CHARS);
    store.create(&header(&name, "Guest", None)).unwrap();
    assert_eq!(
        read_log(&store.path_of("g1")).unwrap().header.black.name,
        name
    );
}

#[test]
fn a_chat_line_over_the_limit_is_refused_and_the_log_still_loads() {
    let dir = tempfile::tempdir().unwrap();
    let store = GameStore::new(dir.path());
    let mut log = store.create(&header("Player", "Guest", None)).unwrap();
    let before = std::fs::read(log.path()).unwrap();
    let err = log
        .append_chat(Color::White, &"y".repeat(MAX_CHAT_CHARS + 1))
        .unwrap_err();
    assert!(matches!(err, LogError::Refused { .. }), "{err}");
    assert_eq!(std::fs::read(log.path()).unwrap(), before);
    log.append_chat(Color::White, &"y".repeat(MAX_CHAT_CHARS))
        .unwrap();
    assert_eq!(read_log(log.path()).unwrap().chat.len(), 1);
}

fn text(max: usize) -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(any::<char>(), 0..max).prop_map(|c| c.into_iter().collect()),
        (0..max * 40).prop_map(|n| "碁".repeat(n)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the writer accepts — any names, series and chat, long or
    /// short — the reader reads back exactly; what it refuses leaves the
    /// log as it was.
    #[test]
    fn every_record_the_writer_accepts_reads_back(
        black in text(100),
        white in text(100),
        series in prop::option::of(prop_oneof![text(100), (0..30_000usize).prop_map(|n| "碁".repeat(n))]),
        chat in prop::collection::vec(text(700), 0..4),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let store = GameStore::new(dir.path());
        let h = header(&black, &white, series);
        let Ok(mut log) = store.create(&h) else {
            prop_assert!(!store.path_of("g1").exists());
            return Ok(());
        };
        let mut said = Vec::new();
        for (i, line) in chat.iter().enumerate() {
            let point = Point::new(i as u8, 0);
            let color = if i % 2 == 0 { Color::Black } else { Color::White };
            log.append(&Event::Play { color, point }, Some(7)).unwrap();
            if log.append_chat(color, line).is_ok() {
                said.push(line.clone());
            }
        }
        let back = read_log(log.path()).unwrap();
        prop_assert_eq!(back.header, h);
        prop_assert_eq!(back.events.len(), chat.len());
        let texts: Vec<String> = back.chat.into_iter().map(|c| c.text).collect();
        prop_assert_eq!(texts, said);
        prop_assert!(back.torn.is_none());
    }
}
