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
    /// A server for this test, or `None` (with a notice) without tmux.
    fn new(test: &str) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            println!(
                "notice: tmux is not installed; skipping the terminal test (run .ci/install-tmux)"
            );
            return None;
        }
        Some(Tmux {
            socket: format!("kaisho-{test}-{}", std::process::id()),
        })
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// Starts `command` in an 80×24 terminal called `name`.
    fn open(&self, name: &'static str, command: &str) -> Pane<'_> {
        let started = self.run(&[
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            "80",
            "-y",
            "24",
            command,
        ]);
        assert!(started.status.success(), "{started:?}");
        Pane { tmux: self, name }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

/// One terminal of the test's tmux server.
struct Pane<'a> {
    tmux: &'a Tmux,
    name: &'static str,
}

impl Pane<'_> {
    fn screen(&self) -> String {
        String::from_utf8_lossy(
            &self
                .tmux
                .run(&["capture-pane", "-p", "-t", self.name])
                .stdout,
        )
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
                "{}: waited for {text:?}; the screen shows:\n{screen}",
                self.name
            );
            sleep(Duration::from_millis(50));
        }
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.tmux.run(&["send-keys", "-t", self.name, key]);
        }
    }

    fn literal(&self, text: &str) {
        self.tmux.run(&["send-keys", "-t", self.name, "-l", text]);
    }

    fn resize(&self, w: u16, h: u16) {
        let (w, h) = (w.to_string(), h.to_string());
        self.tmux
            .run(&["resize-window", "-t", self.name, "-x", &w, "-y", &h]);
    }

    /// Waits until the program in the terminal has ended.
    fn wait_gone(&self) {
        let start = Instant::now();
        while self
            .tmux
            .run(&["has-session", "-t", self.name])
            .status
            .success()
        {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{}: kaisho did not quit",
                self.name
            );
            sleep(Duration::from_millis(50));
        }
    }
}

/// The command that runs kaisho with every file under `home`.
fn kaisho(home: &std::path::Path, extra: &str) -> String {
    format!(
        "KAISHO_HOME='{}' KAISHO_LOG='{}' '{}' {extra}",
        home.display(),
        home.join("kaisho.log").display(),
        env!("CARGO_BIN_EXE_kaisho")
    )
}

#[test]
fn a_short_local_game_in_a_real_terminal() {
    let Some(tmux) = Tmux::new("local") else {
        return;
    };
    let home = tempfile::tempdir().expect("a temporary home");
    let term = tmux.open("kaisho", &kaisho(home.path(), ""));
    term.wait_for("Play a local game");

    // Board size is the second item: 19 → 9 is one step right.
    term.keys(&["Down", "Right", "Up", "Enter"]);
    let screen = term.wait_for("Black to play");
    assert!(screen.contains("A B C D E F G H J"), "{screen}");
    assert!(screen.contains("9x9, komi 6.5, even"), "{screen}");

    // Black plays at the cursor (the centre), White types a point.
    term.keys(&["Enter"]);
    term.wait_for("move 1, Black E5");
    term.literal(":D4");
    term.keys(&["Enter"]);
    term.wait_for("move 2, White D4");
    term.literal(":E5");
    term.keys(&["Enter"]);
    term.wait_for("E5: the point is occupied");

    // Too small a window asks to be enlarged; growing it redraws the board.
    term.resize(40, 10);
    term.wait_for("Enlarge the terminal");
    term.resize(80, 24);
    term.wait_for("Black to play");

    term.keys(&["p"]);
    term.wait_for("move 3, Black passes");
    term.keys(&["p"]);
    term.wait_for("game stopped: Black to decide");
    term.keys(&["s"]);
    term.wait_for("proposal 1 by Black");
    term.keys(&["a"]);
    let screen = term.wait_for("White accepts proposal 1");
    assert!(screen.contains("total"), "{screen}");
    assert!(screen.contains("(W+"), "{screen}");
    assert!(screen.contains("SGF saved to"), "{screen}");

    // Home, then the saved game: Saved games is the eighth item.
    term.keys(&["n"]);
    term.wait_for("Play a local game");
    term.keys(&[
        "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Enter",
    ]);
    let screen = term.wait_for("Saved games, newest first");
    assert!(screen.contains("W+"), "{screen}");
    term.keys(&["Enter"]);
    term.wait_for("move 0 of 4");
    term.keys(&["End"]);
    term.wait_for("move 4 of 4");
    term.keys(&["Home", "l"]);
    let screen = term.wait_for("move 1 of 4");
    assert!(screen.contains("last move  Black E5"), "{screen}");
    term.keys(&["Escape"]);
    term.wait_for("Saved games, newest first");
    term.keys(&["Escape"]);
    term.wait_for("Play a local game");

    term.keys(&["q"]);
    term.wait_for("Quit kaisho?");
    term.keys(&["y"]);
    term.wait_gone();
}

/// A home folder whose config names the player.
fn home_of(name: &str) -> tempfile::TempDir {
    let home = tempfile::tempdir().expect("a temporary home");
    let config = kaisho_saves::places::Places::under(home.path()).config_file();
    std::fs::create_dir_all(config.parent().expect("a config folder")).expect("config folder");
    std::fs::write(
        &config,
        format!("version = 1\n\n[player]\nname = \"{name}\"\n"),
    )
    .expect("config written");
    home
}

/// A UDP port free on the loopback just now.
fn free_port() -> u16 {
    std::net::UdpSocket::bind("127.0.0.1:0")
        .and_then(|s| s.local_addr())
        .expect("a free port")
        .port()
}

/// Aki hosts a 9×9 game with Black on the loopback and a byo-yomi clock;
/// Ben joins by typing the code the host's screen shows. Returns the
/// host's address.
fn pair(host: &Pane, join: &Pane) -> String {
    host.wait_for("Play a local game");
    // 9×9, then "Host a game", the sixth item; the form opens on "Start".
    host.keys(&["Down", "Right", "Down", "Down", "Down", "Down", "Enter"]);
    host.wait_for("Start hosting");
    host.keys(&["Up", "Up", "Up", "Right", "Down", "Right", "Down", "Enter"]);
    host.literal(&free_port().to_string());
    host.keys(&["Enter", "Down", "Enter"]);
    let screen = host.wait_for("Read this code");
    let code = screen
        .lines()
        .find(|l| l.contains("127.0.0.1:"))
        .expect("the code on screen")
        .trim()
        .to_string();
    let addr = code
        .split_whitespace()
        .next()
        .expect("an address")
        .to_string();

    join.wait_for("Play a local game");
    // "Join a game" is the seventh item.
    join.keys(&["Down", "Down", "Down", "Down", "Down", "Down", "Enter"]);
    join.wait_for("Join code");
    join.literal(&code);
    join.keys(&["Enter"]);
    join.wait_for("you play White");
    let screen = host.wait_for("you play Black; your move");
    assert!(screen.contains("Aki (you)"), "{screen}");
    assert!(screen.contains("Ben"), "{screen}");
    addr
}

#[test]
fn a_lan_game_between_two_terminals() {
    let Some(tmux) = Tmux::new("lan") else {
        return;
    };
    let (aki, ben) = (home_of("Aki"), home_of("Ben"));
    let host = tmux.open("host", &kaisho(aki.path(), "--listen 127.0.0.1"));
    // On this machine only: the Join screen looks for no games over
    // multicast on a real interface.
    let join = tmux.open("join", &kaisho(ben.path(), "--listen 127.0.0.1"));
    pair(&host, &join);

    // Aki plays at the cursor, Ben types D4; each sees the other's move.
    host.keys(&["Enter"]);
    join.wait_for("move 1, Black E5");
    join.literal(":D4");
    join.keys(&["Enter"]);
    host.wait_for("move 2, White D4");
    // A move out of turn is refused on the spot.
    join.keys(&["Enter"]);
    join.wait_for("not your turn");

    // Chat, and the clocks in the panels.
    join.keys(&["c"]);
    join.literal("good game");
    join.keys(&["Enter"]);
    host.wait_for("Ben: good game");
    host.wait_for("+3×30s");

    // Two passes, Aki's proposal, Ben's acceptance: the same result on both.
    host.keys(&["p"]);
    join.wait_for("move 3, Black passes");
    join.keys(&["p"]);
    host.wait_for("mark and propose");
    host.keys(&["s"]);
    join.wait_for("accept or counter");
    join.keys(&["a"]);
    for term in [&host, &join] {
        let screen = term.wait_for("SGF saved to");
        assert!(screen.contains("W+6.5"), "{screen}");
    }
    for term in [&host, &join] {
        term.keys(&["q"]);
        term.wait_for("Play a local game");
        term.keys(&["q", "y"]);
        term.wait_gone();
    }
}

#[test]
fn a_killed_partner_comes_back_and_the_game_goes_on() {
    let Some(tmux) = Tmux::new("kill") else {
        return;
    };
    let (aki, ben) = (home_of("Aki"), home_of("Ben"));
    let host = tmux.open("host", &kaisho(aki.path(), "--listen 127.0.0.1"));
    // On this machine only: the Join screen looks for no games over
    // multicast on a real interface.
    let join = tmux.open("join", &kaisho(ben.path(), "--listen 127.0.0.1"));
    let addr = pair(&host, &join);
    host.keys(&["Enter"]);
    join.wait_for("move 1, Black E5");

    // Ben's kaisho dies without a word.
    let pid = String::from_utf8_lossy(
        &tmux
            .run(&["list-panes", "-t", "join", "-F", "#{pane_pid}"])
            .stdout,
    )
    .trim()
    .to_string();
    let killed = Command::new("pkill")
        .args(["-KILL", "-P", &pid])
        .status()
        .expect("pkill runs");
    let _ = Command::new("kill").args(["-KILL", &pid]).status();
    assert!(killed.success() || !pid.is_empty());
    join.wait_gone();
    host.wait_for("partner away");

    // Ben starts again, finds the adjourned game and dials Aki's address.
    let join = tmux.open("join2", &kaisho(ben.path(), "--listen 127.0.0.1"));
    join.wait_for("Play a local game");
    join.keys(&[
        "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Enter",
    ]);
    join.wait_for("adjourned");
    join.keys(&["Enter"]);
    join.wait_for("d dial their host");
    join.keys(&["d"]);
    // The prompt offers the address the game was joined at.
    join.wait_for(&format!("Esc cancels): {addr}_"));
    join.keys(&["Enter"]);
    join.wait_for("resumed: you play White");
    host.wait_for("resumed: you play Black");
    // The clock comes back with the game: both logs keep it.
    join.wait_for("+3×30s");
    host.wait_for("+3×30s");

    // Play goes on from the move both logs hold.
    join.literal(":D4");
    join.keys(&["Enter"]);
    host.wait_for("move 2, White D4");
    host.keys(&["q", "y"]);
    join.wait_for("adjourned");
}

/// The Linux console and the hardware terminals cannot draw box lines or
/// kanji: named by TERM, they get the ASCII board; `dumb` gets plain mode.
#[test]
fn terminals_that_cannot_draw_boxes_get_ascii_and_dumb_gets_plain() {
    let Some(tmux) = Tmux::new("term") else {
        return;
    };
    let home = tempfile::tempdir().expect("a temporary home");
    let term = tmux.open("vt100", &format!("TERM=vt100 {}", kaisho(home.path(), "")));
    term.wait_for("Play a local game");
    term.keys(&["Down", "Right", "Up", "Enter"]);
    let screen = term.wait_for("Black to play");
    assert!(screen.is_ascii(), "{screen}");
    assert!(screen.contains("A B C D E F G H J"), "{screen}");

    let dumb = tmux.open("dumb", &format!("TERM=dumb {}", kaisho(home.path(), "")));
    dumb.wait_for("kaisho plain mode");

    // Japanese cannot be drawn in ASCII: the screen speaks English, says
    // why, and shows no row of question marks.
    let ja = tmux.open("asciija", &kaisho(home.path(), "--ascii --lang ja"));
    // The notice may come a frame after the menu: wait for it itself.
    let screen = ja.wait_for("cannot show kanji");
    assert!(screen.contains("Play a local game"), "{screen}");
    assert!(!screen.contains("??"), "{screen}");
}
