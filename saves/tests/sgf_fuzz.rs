//! A fuzz of the SGF reader inside `cargo test`: random bytes and mutations
//! of the GNU Go corpus, decoded and parsed as a file is. Nothing panics;
//! every record accepted either replays under the rules or is refused by
//! them with a typed error, and reads back equal once written; every
//! refusal points inside the text. The case
//! counts keep the run to a few seconds.

use kaisho_core::{Game, ReplayError};
use kaisho_saves::sgf::{self, SgfRecord};
use proptest::prelude::*;
use std::sync::OnceLock;

/// The corpus records the mutations start from: every twentieth game.
fn corpus() -> &'static [Vec<u8>] {
    static CORPUS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus");
        let mut files: Vec<_> = ["random", "selfplay"]
            .iter()
            .flat_map(|dir| std::fs::read_dir(format!("{root}/{dir}")).unwrap())
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "sgf"))
            .collect();
        files.sort();
        let records: Vec<Vec<u8>> = files
            .iter()
            .step_by(20)
            .map(|path| std::fs::read(path).unwrap())
            .collect();
        assert!(records.len() >= 50, "the corpus is missing");
        records
    })
}

/// Decodes and parses `bytes` as [`sgf::read_file`] does, and checks what
/// comes out.
fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    let text = match sgf::decode(bytes) {
        Ok(decoded) => decoded.text,
        Err(e) => {
            prop_assert!(e.offset <= bytes.len());
            return Ok(());
        }
    };
    match sgf::parse(&text) {
        Ok(record) => replays_or_is_refused(&record),
        Err(e) => {
            prop_assert!(e.offset <= text.len(), "{e}");
            prop_assert!(!e.to_string().is_empty());
            Ok(())
        }
    }
}

fn replays_or_is_refused(record: &SgfRecord) -> Result<(), TestCaseError> {
    let written = sgf::write(record);
    let again = sgf::parse(&written).map_err(|e| TestCaseError::fail(format!("{e}: {written}")))?;
    prop_assert_eq!(&again, record, "the record reads back as written");
    let events = record.events();
    match Game::replay(record.settings.clone(), &events) {
        Ok(game) => {
            let played = events.len();
            prop_assert_eq!(game.events().len(), played);
        }
        Err(ReplayError { index, error, .. }) => {
            prop_assert!(index <= events.len(), "{error}");
        }
    }
    Ok(())
}

/// One change to a record's bytes.
#[derive(Clone, Debug)]
enum Mutation {
    Flip { at: usize, byte: u8 },
    Insert { at: usize, bytes: Vec<u8> },
    Delete { at: usize, len: usize },
    Repeat { at: usize, len: usize, times: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let special = prop::sample::select(b"()[];\\:ABWCKMSZHAEPLTt0159.-, \n\x80\x93\xff".to_vec());
    prop_oneof![
        (any::<usize>(), prop_oneof![any::<u8>(), special.clone()])
            .prop_map(|(at, byte)| Mutation::Flip { at, byte }),
        (any::<usize>(), prop::collection::vec(special, 1..8))
            .prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        (any::<usize>(), 1..40usize).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), 1..30usize, 1..50usize).prop_map(|(at, len, times)| Mutation::Repeat {
            at,
            len,
            times
        }),
    ]
}

fn apply(bytes: &mut Vec<u8>, mutation: &Mutation) {
    let len = bytes.len();
    if len == 0 {
        return;
    }
    match *mutation {
        Mutation::Flip { at, byte } => bytes[at % len] = byte,
        Mutation::Insert {
            at,
            bytes: ref inserted,
        } => {
            let at = at % (len + 1);
            bytes.splice(at..at, inserted.iter().copied());
        }
        Mutation::Delete { at, len: count } => {
            let at = at % len;
            bytes.drain(at..(at + count).min(len));
        }
        Mutation::Repeat {
            at,
            len: count,
            times,
        } => {
            let at = at % len;
            let piece = bytes[at..(at + count).min(len)].to_vec();
            let copies: Vec<u8> = piece
                .iter()
                .copied()
                .cycle()
                .take(piece.len() * times)
                .collect();
            bytes.splice(at..at, copies);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 600,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn mutated_corpus_records_never_panic_and_replay_or_are_refused(
        pick in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let corpus = corpus();
        let mut bytes = corpus[pick.index(corpus.len())].clone();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        check(&bytes)?;
    }

    #[test]
    fn random_bytes_never_panic_and_replay_or_are_refused(
        bytes in prop::collection::vec(
            prop_oneof![
                3 => prop::sample::select(b"()[];\\:ABWEKMSZCLaeikst019. \n".to_vec()),
                1 => any::<u8>(),
            ],
            0..300,
        )
    ) {
        check(&bytes)?;
    }
}

#[test]
fn every_corpus_record_replays_to_the_end() {
    for bytes in corpus() {
        let record = sgf::parse(&sgf::decode(bytes).unwrap().text).unwrap();
        Game::replay(record.settings.clone(), &record.events()).unwrap();
    }
}
