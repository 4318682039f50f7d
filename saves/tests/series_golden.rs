//! The series file format, version 1, as committed in tests/golden: every
//! later kaisho must read it and reach the same state.

use kaisho_core::Komi;
use kaisho_core::series::{Change, LadderKind, Seat, SeriesResult, Step, Turn};
use kaisho_saves::series::{SeriesId, SeriesRecord, SeriesStore};
use std::path::PathBuf;

/// A folder of its own: a series store lists every `.toml` in its folder.
fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/series")
}

#[test]
fn series_v1_golden_file_loads_forever() {
    let text = std::fs::read_to_string(golden_dir().join("series-v1.toml")).unwrap();
    let record = SeriesRecord::from_toml(&text).unwrap();
    assert_eq!(record.version, 1);
    let s = record.to_series().unwrap();

    let setup = s.setup();
    assert_eq!(setup.ladder, LadderKind::Kou);
    assert_eq!(setup.start, Step::Even);
    assert_eq!(setup.threshold, 4);
    assert_eq!(setup.komi.even, Komi::MODERN);
    assert_eq!(setup.komi.handicap, Komi::ZERO);
    assert_eq!(setup.player(Seat::First).name, "Aki Sato");
    assert_eq!(setup.player(Seat::Second).id, "local:鈴木");

    assert_eq!(s.games().len(), 7);
    assert_eq!(
        s.games()[0].terms.black,
        Some(Seat::Second),
        "nigiri gave Black to 鈴木"
    );
    assert_eq!(s.games()[1].result, SeriesResult::Jigo);
    assert!(matches!(
        s.history()[0].end,
        Some(Change::Moved {
            leader: Seat::First,
            to: Step::SenAiSen,
            weaker: Some(Seat::Second),
            ..
        })
    ));
    let next = s.next_game();
    assert_eq!(next.number, 8);
    assert_eq!(next.step, Step::SenAiSen);
    assert_eq!(next.position, 1);
    assert_eq!(next.turn, Turn::WeakerWhite);
    assert_eq!(next.black, Some(Seat::First));
    assert_eq!(s.lead(), Some((Seat::Second, 1)));
}

#[test]
fn series_v1_golden_file_lists_from_a_store() {
    let store = SeriesStore::at(golden_dir());
    let listing = store.list().unwrap();
    assert!(listing.problems.is_empty(), "{:?}", listing.problems);
    let ids: Vec<&str> = listing.series.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["series-v1"]);
    assert!(store.load(&SeriesId::parse("series-v1").unwrap()).is_ok());
}

#[test]
fn this_build_writes_series_v1_exactly_as_the_golden_file() {
    let text = std::fs::read_to_string(golden_dir().join("series-v1.toml")).unwrap();
    let series = SeriesRecord::from_toml(&text).unwrap().to_series().unwrap();
    let written = SeriesRecord::from_series(&series).to_toml().unwrap();
    assert_eq!(written, text);
}
