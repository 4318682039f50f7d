//! Two real headless `kaisho` processes on loopback review a game together
//! (検討) from their scripts: right after the game on its link, and later
//! from the saved game by code. Both records end byte-identical and hold
//! both players' variations and comments.

mod common;

use common::procs::{Proc, black_hosts_white, host_on_loopback};
use common::sgfmill_sees_variations;
use std::path::{Path, PathBuf};

/// The moves of a short 9×9 game, Black's and White's, ending agreed.
const BLACK: [&str; 4] = ["E5", "C3", "pass", "propose"];
const WHITE: [&str; 4] = ["D4", "G7", "pass", "accept"];

/// A host (Black, Honinbo) and a joiner (Kitani) on loopback, both read
/// from standard input; the game's id.
fn pair(hh: &Path, jh: &Path) -> (Proc, Proc, String) {
    black_hosts_white(hh, jh, "-", "-")
}

/// The short game played to its end by two processes that then exit: the
/// homes of its host (Honinbo) and joiner (Kitani), and its id.
fn finished_game(dir: &Path) -> (PathBuf, PathBuf, String) {
    let (hh, jh) = (dir.join("host"), dir.join("joiner"));
    let (mut host, mut join, id) = pair(&hh, &jh);
    play_short_game(&mut host, &mut join);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    (hh, jh, id)
}

/// `kaisho host --review ID` as `name` in `home`, and the code it prints.
fn host_review(home: &Path, name: &str, id: &str) -> (Proc, String) {
    let args = ["--name", name, "--review", id, "--script", "-"];
    let mut host = host_on_loopback(home, &args);
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    (host, code)
}

/// Later, by code: the game's joiner (home `jh`) hosts its review as
/// Kitani, its host (home `hh`) joins as Honinbo, and the host tries C7
/// off the line, shown on both.
fn reviewing_c7(hh: &Path, jh: &Path, id: &str) -> (Proc, Proc) {
    let (mut host, code) = host_review(jh, "Kitani", id);
    let args = [
        "join", &code, "--review", "--name", "Honinbo", "--script", "-",
    ];
    let mut join = Proc::start(hh, &args);
    host.expect("reviewing together with Honinbo");
    join.expect("reviewing together with Kitani");
    host.say("try C7");
    host.expect("move 1 of 1 · variation 2 of 2");
    join.expect("move 1 of 1 · variation 2 of 2");
    (host, join)
}

/// Plays the short game to its agreed end on both.
fn play_short_game(host: &mut Proc, join: &mut Proc) -> String {
    for (b, w) in BLACK.iter().zip(WHITE) {
        host.say(b);
        join.say(w);
    }
    let result = join.expect("result: ");
    assert_eq!(host.expect("result: "), result);
    result
}

/// The path of the SGF a process said it saved, the last time it said so.
fn saved_to(proc: &mut Proc) -> PathBuf {
    PathBuf::from(&proc.expect("SGF saved to ")["SGF saved to ".len()..])
}

/// Both review from the game's first position: the host tries a move
/// off the line and comments it, the joiner answers with a move of its
/// own (a second variation below the host's) and a comment, each step
/// shown on the other side as it is ordered.
fn review_both_ways(host: &mut Proc, join: &mut Proc) {
    host.expect("reviewing together with Kitani");
    join.expect("reviewing together with Honinbo");
    host.say("try C7");
    // Both show the new variation: the host's step came back ordered.
    host.expect("move 1 of 1 · variation 2 of 2");
    join.expect("move 1 of 1 · variation 2 of 2");
    // Each waits to hear the other's comment before stepping on: the node
    // shown is one for both, and a step moves it.
    host.say("comment Black's C7 keeps sente");
    join.expect("comment on move 1: Black's C7 keeps sente");
    join.say("try G3");
    join.expect("move 2 of 2");
    host.expect("move 2 of 2");
    join.say("comment White answers at G3");
    join.say("variations");
    join.expect("nothing follows");
    host.expect("comment on move 2: White answers at G3");
    host.say("goto 1");
    host.expect("move 1 of 2");
    join.expect("move 1 of 2");
    host.say("try D7");
    host.expect("move 2 of 2 · variation 2 of 2");
    join.expect("move 2 of 2 · variation 2 of 2");
}

/// Both exports are byte-identical, hold both comments and three
/// variations (the host's two tries and the joiner's answer), and read
/// with sgfmill.
fn same_records(host_sgf: &Path, join_sgf: &Path) -> String {
    let host_text = std::fs::read_to_string(host_sgf).unwrap();
    let join_text = std::fs::read_to_string(join_sgf).unwrap();
    assert_eq!(host_text, join_text, "the two exports differ");
    for held in [
        "C[Black's C7 keeps sente]",
        "C[White answers at G3]",
        ";B[cc]",
        ";W[gg]",
        ";W[dc]",
    ] {
        assert!(host_text.contains(held), "no {held} in {host_text}");
    }
    // The root offers E5 and C7; after C7, White's G3 and, after it, D7.
    sgfmill_sees_variations(&host_text, 2);
    host_text
}

#[test]
fn two_headless_players_review_their_game_together_after_it_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let (mut host, mut join, _) = pair(&hh, &jh);
    play_short_game(&mut host, &mut join);
    // The export made at the game's end comes first, before any review.
    saved_to(&mut host);
    saved_to(&mut join);
    host.expect("the game has ended: review-offer");
    join.expect("the game has ended: review-offer");
    host.say("review-offer");
    host.expect("offered to review the game together");
    join.expect("Honinbo offers to review the game together");
    join.say("review-accept");
    review_both_ways(&mut host, &mut join);
    join.say("leave");
    join.expect("the review together is over");
    host.expect("the partner left the review together");
    let (join_sgf, host_sgf) = (saved_to(&mut join), saved_to(&mut host));
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    same_records(&host_sgf, &join_sgf);
}

#[test]
fn a_declined_offer_leaves_the_game_as_it_ended_and_both_exit() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let (mut host, mut join, _) = pair(&hh, &jh);
    play_short_game(&mut host, &mut join);
    let host_sgf = saved_to(&mut host);
    let before = std::fs::read_to_string(&host_sgf).unwrap();
    // The joiner answers before the offer comes: the answer waits for it.
    join.say("review-decline");
    host.say("review-offer");
    host.expect("the partner would rather not review the game now");
    host.say("leave");
    assert_eq!(host.finish(), 0);
    assert_eq!(join.finish(), 0);
    assert_eq!(std::fs::read_to_string(&host_sgf).unwrap(), before);
}

#[test]
fn a_saved_game_is_reviewed_together_later_by_code() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh, id) = finished_game(dir.path());
    // Later: the joiner of the game hosts its review, the host joins.
    let (mut host, mut join) = reviewing_c7(&hh, &jh, &id);
    join.say("comment C7 again");
    host.expect("comment on move 1: C7 again");
    // The host's script ends: it stays while the joiner still reviews.
    drop(host.child.stdin.take());
    join.say("try G3");
    host.expect("move 2 of 2");
    join.say("leave");
    // Said once, not with the partner's own words for it inside.
    let left = host.expect("the partner left the review together");
    assert_eq!(
        left,
        "the partner left the review together; the record keeps what was added"
    );
    let (join_sgf, host_sgf) = (saved_to(&mut join), saved_to(&mut host));
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let host_text = std::fs::read_to_string(&host_sgf).unwrap();
    assert_eq!(host_text, std::fs::read_to_string(&join_sgf).unwrap());
    assert!(host_text.contains("C[C7 again]"), "{host_text}");
    assert!(host_text.contains(";W[gg]"), "{host_text}");
}

#[test]
fn joining_a_review_with_a_games_code_is_refused_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let mut host = host_on_loopback(&hh, &["--name", "Honinbo", "--script", "-"]);
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let args = ["join", &code, "--review", "--name", "Kitani"];
    let mut join = Proc::start_reading_errors(&jh, &args);
    let said = join.expect("kaisho join: ");
    assert!(said.contains("join without --review"), "{said}");
    assert_ne!(join.finish(), 0);
}

#[test]
fn joining_a_game_with_a_reviews_code_is_refused_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh, id) = finished_game(dir.path());
    let (_host, code) = host_review(&hh, "Honinbo", &id);
    let mut join = Proc::start_reading_errors(&jh, &["join", &code, "--name", "Kitani"]);
    let said = join.expect("kaisho join: ");
    assert!(said.contains("join with --review"), "{said}");
    assert_ne!(join.finish(), 0);
    assert!(
        !jh.join("data/games").read_dir().unwrap().any(|e| {
            let name = e.unwrap().file_name();
            name.to_string_lossy().ends_with(".kgl") && !name.to_string_lossy().contains(&id)
        }),
        "a game was saved"
    );
}

#[test]
fn script_files_drive_a_review_to_the_end_and_both_records_agree() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh) = (dir.path().join("host"), dir.path().join("joiner"));
    let write = |name: &str, lines: &[&str]| {
        let path = dir.path().join(name);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        path.to_string_lossy().into_owned()
    };
    let tail = ["review-offer", "try C7", "comment from the host's file"];
    let b = write("b.txt", &[&BLACK[..], &tail].concat());
    let tail = ["review-accept", "try G3", "comment from the joiner's file"];
    let w = write("w.txt", &[&WHITE[..], &tail].concat());
    let base = ["--color", "black", "--name", "Honinbo", "--script", &b];
    let mut host = host_on_loopback(&hh, &base);
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let mut join = Proc::start(&jh, &["join", &code, "--name", "Kitani", "--script", &w]);
    // Both files end inside the review: each side stays until the other
    // has been quiet, then leaves, and exports again with the additions.
    join.expect("reviewing together with Honinbo");
    host.expect("reviewing together with Kitani");
    let (join_sgf, host_sgf) = (saved_to(&mut join), saved_to(&mut host));
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let text = std::fs::read_to_string(&host_sgf).unwrap();
    assert_eq!(text, std::fs::read_to_string(&join_sgf).unwrap());
    // Where each try lands depends on which side's step the host ordered
    // first; that both are there, the same on both sides, does not.
    for held in [
        "from the host's file",
        "from the joiner's file",
        "[cc]",
        "[gg]",
    ] {
        assert!(text.contains(held), "no {held} in {text}");
    }
}

#[test]
fn a_review_host_that_rewrote_its_record_cannot_rewrite_the_joiners() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh, id) = finished_game(dir.path());
    let games = |home: &Path| kaisho_saves::places::Places::under(home).games_dir();
    let export = |home: &Path| {
        let exports = kaisho_saves::places::Places::under(home).exports_dir();
        std::fs::read_to_string(exports.join(format!("{id}.sgf"))).unwrap()
    };
    let joiners_before = export(&jh);
    // The host replaces its kept record with other moves, a result of
    // resignation and the players' names swapped.
    let forged = export(&hh)
        .replace(";B[ee]", ";B[gc]")
        .replace("PB[Honinbo]", "PB[Kitani]")
        .replace("PW[Kitani]", "PW[Honinbo]");
    let forged = match forged.find("RE[") {
        Some(at) => {
            let end = at + forged[at..].find(']').unwrap();
            format!("{}RE[B+R{}", &forged[..at], &forged[end..])
        }
        None => forged,
    };
    assert_ne!(forged, export(&hh));
    std::fs::write(games(&hh).join(format!("{id}.sgf")), &forged).unwrap();
    let (mut host, code) = host_review(&hh, "Honinbo", &id);
    let args = [
        "join", &code, "--review", "--name", "Kitani", "--script", "-",
    ];
    let mut join = Proc::start(&jh, &args);
    join.expect("reviewing together with Honinbo");
    let refused = join.expect("the partner's record of game");
    assert!(
        refused.contains("is not yours (its move 1 differs): it was not taken"),
        "{refused}"
    );
    join.say("leave");
    host.expect("the partner left the review together");
    let join_sgf = saved_to(&mut join);
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let after = std::fs::read_to_string(&join_sgf).unwrap();
    assert_eq!(after, joiners_before, "the joiner's record is its own");
    assert!(
        !games(&jh).join(format!("{id}.sgf")).exists(),
        "nothing of the host's kept"
    );
}

#[test]
fn comments_are_refused_where_typed_and_both_records_keep_control_characters_alike() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh, id) = finished_game(dir.path());
    let (mut host, mut join) = reviewing_c7(&hh, &jh, &id);
    // Too long as typed, and too long once its controls are made visible:
    // both are refused on the side that typed them, and the review goes on.
    for (side, long) in [
        (&mut host, "x".repeat(2001)),
        (&mut join, "\u{9b}".repeat(402)),
    ] {
        side.say(&format!("comment {long}"));
        let refused = side.expect("the comment is ");
        assert!(
            refused.contains("at most 2000 are added at once"),
            "{refused}"
        );
    }
    host.say("comment host\u{1b}[2J\u{7}\u{85}\u{202e}sees");
    join.expect("comment on move 1: host");
    join.say("comment joiner\u{1b}]0;t\u{7}\u{85}\u{202e}too");
    host.expect("comment on move 1: joiner");
    join.say("leave");
    host.expect("the partner left the review together");
    let (join_sgf, host_sgf) = (saved_to(&mut join), saved_to(&mut host));
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    let host_text = std::fs::read(&host_sgf).unwrap();
    let join_text = std::fs::read(&join_sgf).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&host_text),
        String::from_utf8_lossy(&join_text),
        "the two records differ"
    );
    let text = String::from_utf8(host_text).unwrap();
    // As SGF writes them: a backslash and a `]` escaped.
    assert!(text.contains(r"host␛[2J␇\\u{85}\\u{202e}sees"), "{text}");
    assert!(text.contains(r"joiner␛\]0;t␇\\u{85}\\u{202e}too"), "{text}");
    assert!(!text.chars().any(|c| c.is_control() && c != '\n'), "{text}");
}

#[test]
fn a_joiner_without_the_game_is_not_told_to_import_a_file_it_does_not_have() {
    let dir = tempfile::tempdir().unwrap();
    let (_, jh, id) = finished_game(dir.path());
    let (mut host, code) = host_review(&jh, "Kitani", &id);
    let guest = dir.path().join("guest");
    let args = [
        "join", &code, "--review", "--name", "Sakata", "--script", "-",
    ];
    let mut join = Proc::start(&guest, &args);
    join.expect("reviewing together with Kitani");
    host.say("try C7");
    join.expect("move 1 of 1 · variation 2 of 2");
    join.say("comment seen from a guest");
    host.expect("comment on move 1: seen from a guest");
    let said = join.expect("added to the review");
    assert!(said.contains("the host's record keeps it"), "{said}");
    join.say("leave");
    host.expect("the partner left the review together");
    assert_eq!(join.finish(), 0);
    assert_eq!(host.finish(), 0);
    assert!(
        join.seen.iter().all(|l| !l.contains("games import")),
        "{:#?}",
        join.seen
    );
}

#[test]
fn a_review_whose_link_is_lost_ends_as_a_review_not_a_game_to_resume() {
    let dir = tempfile::tempdir().unwrap();
    let (hh, jh, id) = finished_game(dir.path());
    let (mut host, mut join) = reviewing_c7(&hh, &jh, &id);
    join.child.kill().unwrap();
    let _ = join.child.wait();
    let lost = host.expect("the review together's connection was lost");
    assert!(!lost.contains("resumed"), "{lost}");
    assert!(
        host.seen.iter().all(|l| !l.contains("can be resumed")),
        "{:#?}",
        host.seen
    );
    assert_eq!(host.finish(), 0);
}
