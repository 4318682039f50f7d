//! End to end: the real binary in a real terminal (tmux), played with keys
//! and read back with capture-pane. Skips with a notice where tmux is
//! missing; `.ci/install-tmux` installs it.

use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server of this test's own, on its own socket, killed at the end.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "kaisho"]).stdout)
            .into_owned()
    }

    /// Waits until the screen shows `text`, or fails with the screen.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "waited for {text:?}; the screen shows:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", "kaisho", key]);
        }
    }

    fn literal(&self, text: &str) {
        self.run(&["send-keys", "-t", "kaisho", "-l", text]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

#[test]
fn a_short_local_game_in_a_real_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        println!(
            "notice: tmux is not installed; skipping the terminal test (run .ci/install-tmux)"
        );
        return;
    }
    let tmux = Tmux {
        socket: format!("kaisho-test-{}", std::process::id()),
    };
    let home = tempfile::tempdir().expect("a temporary home");
    let log = home.path().join("kaisho.log");
    let command = format!(
        "KAISHO_HOME='{}' KAISHO_LOG='{}' '{}'",
        home.path().display(),
        log.display(),
        env!("CARGO_BIN_EXE_kaisho")
    );
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "kaisho",
        "-x",
        "80",
        "-y",
        "24",
        &command,
    ]);
    assert!(started.status.success(), "{started:?}");
    tmux.wait_for("Play a local game");

    // Board size is the second item: 19 → 9 is one step right.
    tmux.keys(&["Down", "Right", "Up", "Enter"]);
    let screen = tmux.wait_for("Black to play");
    assert!(screen.contains("A B C D E F G H J"), "{screen}");
    assert!(screen.contains("9x9, komi 6.5, even"), "{screen}");

    // Black plays at the cursor (the centre), White types a point.
    tmux.keys(&["Enter"]);
    tmux.wait_for("move 1, Black E5");
    tmux.literal(":D4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("move 2, White D4");
    tmux.literal(":E5");
    tmux.keys(&["Enter"]);
    tmux.wait_for("E5: the point is occupied");

    // Too small a window asks to be enlarged; growing it redraws the board.
    tmux.run(&["resize-window", "-t", "kaisho", "-x", "40", "-y", "10"]);
    tmux.wait_for("Enlarge the terminal");
    tmux.run(&["resize-window", "-t", "kaisho", "-x", "80", "-y", "24"]);
    tmux.wait_for("Black to play");

    tmux.keys(&["p"]);
    tmux.wait_for("move 3, Black passes");
    tmux.keys(&["p"]);
    tmux.wait_for("game stopped: Black to decide");
    tmux.keys(&["s"]);
    tmux.wait_for("proposal 1 by Black");
    tmux.keys(&["a"]);
    let screen = tmux.wait_for("White accepts proposal 1");
    assert!(screen.contains("total"), "{screen}");
    assert!(screen.contains("(W+"), "{screen}");
    assert!(screen.contains("SGF saved to"), "{screen}");

    // Home, then the saved game: Saved games is the seventh item.
    tmux.keys(&["n"]);
    tmux.wait_for("Play a local game");
    tmux.keys(&["Down", "Down", "Down", "Down", "Down", "Down", "Enter"]);
    let screen = tmux.wait_for("Saved games, newest first");
    assert!(screen.contains("W+"), "{screen}");
    tmux.keys(&["Enter"]);
    tmux.wait_for("move 0 of 4");
    tmux.keys(&["End"]);
    tmux.wait_for("move 4 of 4");
    tmux.keys(&["Home", "l"]);
    let screen = tmux.wait_for("move 1 of 4");
    assert!(screen.contains("last move  Black E5"), "{screen}");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Saved games, newest first");
    tmux.keys(&["Escape"]);
    tmux.wait_for("Play a local game");

    tmux.keys(&["q"]);
    let start = Instant::now();
    while tmux.run(&["has-session", "-t", "kaisho"]).status.success() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "kaisho did not quit"
        );
        sleep(Duration::from_millis(50));
    }
}
