//! Engines for the tests: where GNU Go is, a fake GTP engine written as a
//! Python script, and whether a process was left behind.

use std::path::Path;

/// GNU Go as `.ci/install-gnugo` installs it.
pub const GNUGO: &str = "/usr/games/gnugo";

/// A fake engine in Python: it answers every command with `=` until
/// `genmove`, where it does what `mode` says: `die`, `hang`, answer
/// `garbage` or `long-garbage` (63,000 characters), write a line that never
/// ends (`endless-line`) or an answer of endless lines (`endless-answer`),
/// counting what the pipe took in `<script>.sent`, answer an `illegal`
/// move (the last one played), or pass (`passer`,
/// whose `final_status_list dead` answers the points given in `dead`,
/// `long-name`, which also gives a name of 100 characters, and
/// `mute`, which does not know that command, and `no-undo`, which refuses
/// GTP `undo`); `wrongboard` lists its black stones at A1 whatever was
/// placed; `reviewer` plays as a `passer` does and also lists and answers
/// `estimate_score` with `B+3.5`. Each writes its process id to
/// `<script>.pid` as it starts ([`started_pid`]).
pub fn fake_engine(dir: &Path, mode: &str) -> String {
    fake_engine_with(dir, mode, "", "", "")
}

/// [`fake_engine`] whose `final_status_list dead` names `dead`; a
/// `passer` plays the points of `plays` (space-separated) at its first
/// `genmove`s before it passes, and answers `kgs-genmove_cleanup` with
/// the points of `cleanup`, then passes (`?` when `cleanup` is empty).
pub fn fake_engine_with(dir: &Path, mode: &str, dead: &str, plays: &str, cleanup: &str) -> String {
    let script = dir.join(format!("fake-{mode}.py"));
    let body = r#"import os, sys, time
mode = sys.argv[1]
with open(sys.argv[0] + ".pid", "w") as f:
    f.write(str(os.getpid()))
plays = sys.argv[3].split() if len(sys.argv) > 3 else []
cleanup = sys.argv[4].split() if len(sys.argv) > 4 else []
known_cleanup = len(cleanup) > 0
last = "D4"
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "play" and len(words) == 3:
        last = words[2]
    if words[0] == "genmove":
        if mode == "die":
            sys.exit(3)
        if mode == "hang":
            time.sleep(600)
        if mode == "garbage":
            sys.stdout.write("hello \x1b[31mworld\n\n")
            sys.stdout.flush()
            continue
        if mode == "long-garbage":
            sys.stdout.write("\x1b[2J" + "x" * 63000 + "\n\n")
            sys.stdout.flush()
            continue
        if mode in ("endless-line", "endless-answer"):
            chunk = "x" * 65536 if mode == "endless-line" else "= A1\n" + "A1\n" * 16383
            sent = 0
            while True:
                sys.stdout.write(chunk)
                sys.stdout.flush()
                sent += len(chunk)
                with open(sys.argv[0] + ".sent", "w") as f:
                    f.write(str(sent))
        if mode == "illegal":
            sys.stdout.write("= " + last + "\n\n")
            sys.stdout.flush()
            continue
        if mode in ("passer", "mute", "long-name", "no-undo", "reviewer"):
            sys.stdout.write("= " + (plays.pop(0) if plays else "pass") + "\n\n")
            sys.stdout.flush()
            continue
    if words[0] == "undo" and mode == "no-undo":
        sys.stdout.write("? cannot undo\n\n")
        sys.stdout.flush()
        continue
    if words[0] == "kgs-genmove_cleanup":
        if known_cleanup:
            sys.stdout.write("= " + (cleanup.pop(0) if cleanup else "pass") + "\n\n")
        else:
            sys.stdout.write("? unknown command\n\n")
        sys.stdout.flush()
        continue
    if words[0] == "estimate_score" and mode == "reviewer":
        sys.stdout.write("= B+3.5 (upper bound: 4.5, lower: 2.5)\n\n")
        sys.stdout.flush()
        continue
    if words[0] == "final_status_list" and words[1:] == ["seki"]:
        sys.stdout.write("=\n\n")
        sys.stdout.flush()
        continue
    if words[0] == "final_status_list":
        if mode == "mute":
            sys.stdout.write("? unknown command\n\n")
        else:
            sys.stdout.write("= " + (sys.argv[2] if len(sys.argv) > 2 else "") + "\n\n")
        sys.stdout.flush()
        continue
    if words[0] == "quit":
        sys.stdout.write("=\n\n")
        sys.stdout.flush()
        break
    if words[0] == "name" and mode == "long-name":
        sys.stdout.write("= " + "N" * 100 + "\n\n")
    elif words[0] == "name":
        sys.stdout.write("= Fake\n\n")
    elif words[0] == "list_stones":
        sys.stdout.write("= A1\n\n")
    elif words[0] == "list_commands" and mode == "reviewer":
        sys.stdout.write("= boardsize\nkomi\ngenmove\nestimate_score\n\n")
    elif words[0] == "list_commands" and mode == "wrongboard":
        sys.stdout.write("= boardsize\nlist_stones\ngenmove\n\n")
    elif words[0] == "list_commands":
        sys.stdout.write("= boardsize\nkomi\ngenmove\n\n")
    else:
        sys.stdout.write("=\n\n")
    sys.stdout.flush()
"#;
    std::fs::write(&script, body).unwrap();
    format!(
        "python3 {} {mode} '{dead}' '{plays}' '{cleanup}'",
        script.display()
    )
}

/// The process id the fake engine of `mode` under `dir` wrote as it
/// last started.
pub fn started_pid(dir: &Path, mode: &str) -> u32 {
    let file = dir.join(format!("fake-{mode}.py.pid"));
    let text = std::fs::read_to_string(&file).expect("the engine started");
    text.trim().parse().expect("a process id")
}

/// Whether process `pid` is gone: killed and reaped, so that neither a
/// running engine nor a zombie is left (`/proc/<pid>` absent), waiting at
/// most two seconds for it.
pub fn reaped(pid: u32) -> bool {
    let proc = format!("/proc/{pid}");
    for _ in 0..200 {
        if !std::path::Path::new(&proc).exists() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    false
}
