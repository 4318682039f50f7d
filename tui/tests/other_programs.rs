//! The records of other programs (tests/corpus/other-programs): what
//! `kaisho games import` and `kaisho games export` keep of each, file by
//! file, must stay what `kaisho-kept.txt` says, so a record kept whole
//! today is never cut short by a later change. The comparison is
//! tests/corpus/other_programs.py's, which also measures sgfmill and
//! Sabaki on the same files for the README.

use std::path::Path;
use std::process::Command;

#[test]
fn every_record_of_other_programs_keeps_what_it_kept() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    let folder = corpus.join("other-programs");
    let output = Command::new("python3")
        .arg(corpus.join("other_programs.py"))
        .arg(&folder)
        .args([
            "--tools",
            "kaisho",
            "--kaisho",
            env!("CARGO_BIN_EXE_kaisho"),
        ])
        .arg("--check")
        .arg(folder.join("kaisho-kept.txt"))
        .output()
        .expect("python3 runs");
    let told = String::from_utf8_lossy(&output.stdout);
    let refused = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{refused}\n{told}");
    assert!(told.contains("kaisho: 45 of 45 files kept whole"), "{told}");
}
