//! Records a careless or hostile file may hold: values the rules cannot
//! use, set-ups no game reaches, foreign character sets, files that are not
//! files or are too large to be game records.

use kaisho_core::Color;
use kaisho_saves::sgf::{
    self, MAX_SGF_BYTES, SgfErrorKind, SgfFileError, SgfFileErrorKind, parse, read_file,
};
use std::path::{Path, PathBuf};

fn kind(text: &str) -> SgfErrorKind {
    parse(text).expect_err("the record should be refused").kind
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn file_error(path: &Path) -> SgfFileError {
    read_file(path).expect_err("the file should be refused")
}

#[test]
fn komi_off_the_half_point_is_refused_not_rounded() {
    for komi in ["0.3", "7.25", "6.25", "6,25"] {
        let text = format!("(;GM[1]SZ[9]KM[{komi}];B[ee])");
        let err = parse(&text).expect_err(komi);
        assert_eq!(err.offset, text.find("KM").unwrap(), "{komi}");
        assert!(
            matches!(&err.kind, SgfErrorKind::BadValue { property, .. } if property == "KM"),
            "{komi}: {err}"
        );
        assert!(err.to_string().contains("half"), "{err}");
    }
    assert_eq!(
        parse("(;KM[7.5])").unwrap().settings.komi.to_string(),
        "7.5"
    );
    assert_eq!(parse("(;KM[-3])").unwrap().settings.komi.to_string(), "-3");
}

#[test]
fn black_and_white_set_up_on_one_point_is_refused() {
    let text = "(;GM[1]SZ[9]AB[cc][dd]AW[dd])";
    let err = parse(text).unwrap_err();
    assert_eq!(
        err.kind,
        SgfErrorKind::SetupConflict {
            point: "dd".to_string()
        }
    );
    assert_eq!(err.offset, text.find("AW").unwrap());
    assert!(matches!(
        kind("(;AW[aa:bb];AB[ab])"),
        SgfErrorKind::SetupConflict { .. }
    ));
    let cleared = parse("(;AB[dd];AE[dd]AW[dd])").unwrap();
    assert_eq!(
        cleared.settings.setup,
        [(Color::White, kaisho_core::Point::new(3, 3))],
        "a stone removed with AE may be replaced"
    );
}

#[test]
fn set_up_stones_without_liberties_are_refused() {
    let err = parse("(;GM[1]SZ[9]AB[aa]AW[ba][ab])").unwrap_err();
    assert_eq!(
        err.kind,
        SgfErrorKind::SetupWithoutLiberties {
            point: "aa".to_string()
        }
    );
    assert!(err.to_string().contains("no liberty"), "{err}");
    assert!(matches!(
        kind("(;SZ[5]AW[aa][ba]AB[ca][ab][bb])"),
        SgfErrorKind::SetupWithoutLiberties { .. }
    ));
    assert!(
        parse("(;SZ[9]AB[aa]AW[ba])").is_ok(),
        "one liberty is enough"
    );
}

#[test]
fn names_in_the_character_set_the_root_declares_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[u8], &str); 4] = [
        (
            "Shift_JIS",
            b"\x96{\x88\xf6\x96V\x8fG\x8d\xf4",
            "本因坊秀策",
        ),
        (
            "EUC-JP",
            b"\xcb\xdc\xb0\xf8\xcb\xb7\xbd\xa8\xba\xf6",
            "本因坊秀策",
        ),
        ("GB2312", b"\xce\xa7\xc6\xe5", "围棋"),
        ("ISO-8859-1", b"Jos\xe9", "José"),
    ];
    for (charset, name, expected) in cases {
        let mut bytes = format!("(;GM[1]FF[4]CA[{charset}]SZ[9]PB[").into_bytes();
        bytes.extend_from_slice(name);
        bytes.extend_from_slice(b"]C[");
        bytes.extend_from_slice(name);
        bytes.extend_from_slice(b"];B[ee])");
        let path = write(dir.path(), &format!("{charset}.sgf"), &bytes);
        let record = read_file(&path).unwrap_or_else(|e| panic!("{charset}: {e}"));
        assert_eq!(record.black.as_deref(), Some(expected), "{charset}");
        assert_eq!(record.root_comment.as_deref(), Some(expected), "{charset}");
        assert_eq!(record.moves.len(), 1);
    }
}

#[test]
fn a_charset_declared_after_a_foreign_name_is_still_found() {
    let mut bytes = b"(;GM[1]SZ[9]PB[".to_vec();
    bytes.extend_from_slice(b"\x96{\x88\xf6\x96V\x8fG\x8d\xf4");
    bytes.extend_from_slice(b"]CA[SJIS];B[ee])");
    let record = parse(&sgf::decode(&bytes).unwrap().text).unwrap();
    assert_eq!(record.black.as_deref(), Some("本因坊秀策"));
}

#[test]
fn a_charset_kaisho_does_not_know_is_refused_by_name() {
    let text = "(;GM[1]CA[Klingon-8]SZ[9];B[ee])";
    let err = sgf::decode(text.as_bytes()).unwrap_err();
    assert_eq!(
        err.kind,
        SgfErrorKind::UnknownCharset {
            name: "Klingon-8".to_string()
        }
    );
    assert_eq!(err.offset, text.find("CA").unwrap());
    assert!(err.to_string().contains("UTF-8"), "{err}");
}

#[test]
fn a_file_larger_than_the_cap_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.sgf");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(MAX_SGF_BYTES + 1).unwrap();
    let err = file_error(&path);
    assert!(matches!(
        err.kind,
        SgfFileErrorKind::TooLarge { size } if size == MAX_SGF_BYTES + 1
    ));
    let message = err.to_string();
    assert!(message.contains("huge.sgf"), "{message}");
    assert!(
        message.contains(&(MAX_SGF_BYTES + 1).to_string()),
        "{message}"
    );
    assert!(message.contains(&MAX_SGF_BYTES.to_string()), "{message}");
}

#[test]
fn pipes_devices_and_folders_are_not_opened() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.sgf");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(status.success());
    let link = dir.path().join("zero.sgf");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    for path in [fifo.as_path(), link.as_path(), dir.path()] {
        let err = file_error(path);
        assert!(
            matches!(err.kind, SgfFileErrorKind::NotAFile),
            "{}: {err}",
            path.display()
        );
        assert!(err.to_string().contains("not a regular file"));
    }
}

#[test]
fn many_sibling_variations_are_read_along_the_main_line() {
    let branch = "(;B[aa];W[bb])";
    let text = format!("(;GM[1]SZ[9];B[ee]{}(;W[cc]))", branch.repeat(200_000));
    let record = parse(&text).unwrap();
    assert_eq!(record.moves.len(), 3);
}
