//! Start-up as a user sees it: the release binary spawned in a
//! pseudo-terminal of 80×24, timed from the spawn to the last byte of its
//! first frame (exec, dynamic linking, argument parsing, the config and the
//! saves read, raw mode, the home screen drawn and written). Criterion
//! cannot time a span that ends on another process's output, so this bench
//! runs its own loop and prints the median, the 95th percentile and the
//! worst of its runs.

#[cfg(unix)]
fn main() {
    let runs: usize = std::env::var("KAISHO_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40);
    let home = tempfile::tempdir().expect("a temporary home");
    let mut times: Vec<std::time::Duration> =
        (0..runs).map(|_| pty::first_frame(home.path())).collect();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "start-up, spawn to the first frame's last byte in an 80x24 pty, {runs} runs: \
         median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        at(0.5).as_secs_f64() * 1e3,
        at(0.95).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3
    );
}

#[cfg(not(unix))]
fn main() {
    println!("the start-up bench needs a Unix pseudo-terminal");
}

#[cfg(unix)]
mod pty {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    /// The home screen's last words, then the reset that ends every frame.
    const HOME_TEXT: &[u8] = b"Play a local game";
    const FRAME_END: &[u8] = b"\x1b[0m";

    /// Spawns kaisho in a fresh pty and returns the time to its first
    /// frame's last byte.
    pub fn first_frame(home: &std::path::Path) -> Duration {
        let (master, slave) = open();
        let stdio = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("a pty descriptor"));
        let start = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_kaisho"))
            .env("KAISHO_HOME", home)
            .env("TERM", "xterm-256color")
            .stdin(stdio(&slave))
            .stdout(stdio(&slave))
            .stderr(stdio(&slave))
            .spawn()
            .expect("kaisho starts");
        drop(slave);
        let mut master = std::fs::File::from(master);
        let mut seen = Vec::new();
        let mut chunk = [0u8; 4096];
        let elapsed = loop {
            let n = master.read(&mut chunk).expect("the pty reads");
            assert!(
                n > 0,
                "kaisho wrote no frame: {:?}",
                String::from_utf8_lossy(&seen)
            );
            seen.extend_from_slice(&chunk[..n]);
            let drawn =
                find(&seen, HOME_TEXT).is_some_and(|at| find(&seen[at..], FRAME_END).is_some());
            if drawn {
                break start.elapsed();
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "no first frame in 10 s"
            );
        };
        let _ = child.kill();
        let _ = child.wait();
        elapsed
    }

    fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
        hay.windows(needle.len()).position(|w| w == needle)
    }

    /// A pty pair of 80×24.
    fn open() -> (OwnedFd, OwnedFd) {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty writes two descriptors it opened into the two
        // integers; the name pointer may be null and the termios default.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
        // SAFETY: both descriptors were just opened and are owned here only.
        unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
    }
}
