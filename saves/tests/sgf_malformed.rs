//! Broken input: a typed error with the byte offset, never a panic.

use kaisho_saves::sgf::{SgfErrorKind, parse};
use proptest::prelude::*;

const SAMPLE: &str = "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]PB[黒]PW[白]C[a \\] b]\n\
    ;B[ee]C[first];W[cc](;B[gg];W[]TB[aa]TW[ii])(;B[tt];W[dd]))";

/// Whether an error kind is the one a case expects.
type Expect = fn(&SgfErrorKind) -> bool;

#[test]
fn each_problem_is_reported_where_it_is() {
    let cases: [(&str, usize, Expect); 9] = [
        ("", 0, |k| *k == SgfErrorKind::NoGameTree),
        ("just text", 0, |k| *k == SgfErrorKind::NoGameTree),
        ("(;SZ[9];B[ee", 9, |k| *k == SgfErrorKind::UnclosedValue),
        ("(;SZ[9];B[ee]", 13, |k| {
            *k == SgfErrorKind::UnclosedTree { opened_at: 0 }
        }),
        ("(;SZ[9](;B[aa])W[bb])", 15, |k| {
            *k == SgfErrorKind::PropertyOutsideNode
        }),
        ("(;SZ[9]((;B[aa])))", 8, |k| {
            *k == SgfErrorKind::TreeWithoutNode
        }),
        ("(;SZ[9] B )", 8, |k| {
            matches!(k, SgfErrorKind::BadIdentifier { .. })
        }),
        ("(;GM[1][2])", 2, |k| matches!(k, SgfErrorKind::Library(_))),
        ("(;GM[1]GM[1])", 7, |k| {
            matches!(k, SgfErrorKind::Library(_))
        }),
    ];
    for (text, offset, kind) in cases {
        let err = parse(text).unwrap_err();
        assert_eq!(err.offset, offset, "{text:?}: {err}");
        assert!(kind(&err.kind), "{text:?}: {err:?}");
        assert!(
            err.to_string().contains(&format!("byte {offset}")),
            "the message gives the offset: {err}"
        );
    }
}

#[test]
fn offsets_count_from_the_start_of_the_text_even_after_leading_junk() {
    let text = "From: a club member\n\n(;SZ[9];C[never closed";
    let err = parse(text).unwrap_err();
    assert_eq!(err.offset, text.find("[never").unwrap());
}

#[test]
fn every_truncation_of_a_record_is_an_error_not_a_panic() {
    for end in (0..SAMPLE.len()).filter(|&i| SAMPLE.is_char_boundary(i)) {
        let text = &SAMPLE[..end];
        let err = parse(text).expect_err(text);
        assert!(err.offset <= text.len(), "{text:?}: {err}");
    }
    assert_eq!(parse(SAMPLE).unwrap().moves.len(), 4);
}

#[test]
fn a_long_main_line_is_read_and_an_absurdly_deep_one_refused() {
    let text = format!("(;SZ[9]{})", ";B[ee];W[]".repeat(2000));
    assert_eq!(parse(&text).unwrap().moves.len(), 4000);
    // The root is node 1; node 5001 is the first too deep.
    for (text, offset) in [
        (
            format!("(;SZ[9]{})", ";B[ee]".repeat(1_000_000)),
            7 + 6 * 4999,
        ),
        (
            format!("(;SZ[9]{}", "(;B[ee]".repeat(1_000_000)),
            7 + 7 * 4999 + 1,
        ),
    ] {
        let err = parse(&text).unwrap_err();
        assert_eq!(err.kind, SgfErrorKind::TooDeep);
        assert_eq!(err.offset, offset);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = parse(&text) {
            prop_assert!(e.offset <= text.len());
        }
    }

    #[test]
    fn random_sgf_like_text_never_panics(text in r"[()\[\];\\A-Za-z0-9 :\n]{0,120}") {
        if let Err(e) = parse(&text) {
            prop_assert!(e.offset <= text.len());
        }
    }

    #[test]
    fn damaged_records_never_panic(
        cuts in prop::collection::vec((0..SAMPLE.len(), r"[()\[\];\\]{0,2}"), 1..4)
    ) {
        let mut bytes = SAMPLE.as_bytes().to_vec();
        for (at, insert) in cuts {
            let at = at.min(bytes.len().saturating_sub(1));
            let end = (at + 1).min(bytes.len());
            bytes.splice(at..end, insert.bytes());
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = parse(&text) {
            prop_assert!(e.offset <= text.len());
        }
    }

    /// Fuzzing the file reader: any bytes under any `CA[]` label, read from
    /// a file, give a record or an error, never a panic.
    #[test]
    fn any_bytes_in_any_charset_read_from_a_file_never_panic(
        label in prop::sample::select(vec!["UTF-8", "Shift_JIS", "GB2312", "EUC-KR", "ISO-8859-1", "nonsense", ""]),
        body in prop::collection::vec(any::<u8>(), 0..200),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.sgf");
        let bytes = [format!("(;CA[{label}]").as_bytes(), &body, b")"].concat();
        std::fs::write(&path, &bytes).unwrap();
        if let Err(e) = kaisho_saves::sgf::read_file(&path) {
            prop_assert!(e.to_string().contains("f.sgf"));
        }
    }
}

/// A 70,000-character PB was imported into a log header too large to read
/// back; names and other text over their limits are refused where they are.
#[test]
fn text_over_its_limit_is_refused_where_it_is() {
    use kaisho_saves::limits::{MAX_NAME_CHARS, MAX_SGF_TEXT_CHARS};
    let long_name = format!("(;SZ[9]PB[{}];B[ee])", "n".repeat(70_000));
    let err = parse(&long_name).unwrap_err();
    assert_eq!(err.offset, 7, "{err}");
    assert!(
        matches!(&err.kind, SgfErrorKind::TooLong { property, .. } if property == "PB"),
        "{err:?}"
    );
    assert!(err.to_string().contains("at most 64"), "{err}");
    let fits = format!("(;SZ[9]PW[{}];B[ee])", "碁".repeat(MAX_NAME_CHARS));
    assert_eq!(parse(&fits).unwrap().white.unwrap().chars().count(), 64);
    let comment = format!("(;SZ[9];B[ee]C[{}])", "c".repeat(MAX_SGF_TEXT_CHARS + 1));
    assert!(matches!(
        parse(&comment).unwrap_err().kind,
        SgfErrorKind::TooLong { .. }
    ));
}
