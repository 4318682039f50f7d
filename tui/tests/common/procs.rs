//! Real `kaisho` processes driven over their standard input and output,
//! each line awaited within a bound: the network tests' two players.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

pub const KAISHO: &str = env!("CARGO_BIN_EXE_kaisho");

/// Every wait for a line is bounded by this.
pub const LIMIT: Duration = Duration::from_secs(40);

pub struct Proc {
    pub child: Child,
    pub lines: Receiver<String>,
    pub seen: Vec<String>,
}

impl Proc {
    pub fn start(home: &Path, args: &[&str]) -> Proc {
        Proc::spawn(home, args, false, None)
    }

    /// A process whose locale is `lang` (as `LANG`, with `LC_ALL` and
    /// `LC_MESSAGES` unset), reading its standard error too.
    pub fn start_in_locale(home: &Path, args: &[&str], lang: &str) -> Proc {
        Proc::spawn(home, args, true, Some(lang))
    }

    /// A process whose standard error is read as lines too, interleaved
    /// with its standard output.
    pub fn start_reading_errors(home: &Path, args: &[&str]) -> Proc {
        Proc::spawn(home, args, true, None)
    }

    pub fn spawn(home: &Path, args: &[&str], errors: bool, locale: Option<&str>) -> Proc {
        let mut command = Command::new(KAISHO);
        if let Some(lang) = locale {
            command
                .env("LANG", lang)
                .env_remove("LC_ALL")
                .env_remove("LC_MESSAGES");
        }
        let mut child = command
            .arg("--home")
            .arg(home)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if errors {
                Stdio::piped()
            } else {
                Stdio::inherit()
            })
            .spawn()
            .unwrap();
        let out: ChildStdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        if let Some(err) = child.stderr.take() {
            read_lines(err, tx.clone());
        }
        read_lines(out, tx);
        Proc {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for a line starting with `prefix` and returns it.
    pub fn expect(&mut self, prefix: &str) -> String {
        loop {
            match self.lines.recv_timeout(LIMIT) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.starts_with(prefix) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no line '{prefix}…' after {:?}; saw {:#?}",
                    LIMIT, self.seen
                ),
            }
        }
    }

    pub fn say(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    pub fn finish(&mut self) -> i32 {
        drop(self.child.stdin.take());
        for _ in 0..400 {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code().unwrap_or(-1);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        panic!("the process did not exit; saw {:#?}", self.seen);
    }
}

/// Sends each line read from `from` to `to`, on a thread.
fn read_lines(from: impl std::io::Read + Send + 'static, to: std::sync::mpsc::Sender<String>) {
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines().map_while(Result::ok) {
            if to.send(line).is_err() {
                break;
            }
        }
    });
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `kaisho host` on a free loopback port with a 9×9 board and `args`.
pub fn host_on_loopback(home: &Path, args: &[&str]) -> Proc {
    let base = ["host", "--bind", "127.0.0.1", "--port", "0", "--size", "9"];
    let all: Vec<&str> = base.iter().chain(args).copied().collect();
    Proc::start(home, &all)
}

pub fn script(dir: &Path, name: &str, lines: &[&str]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path.to_string_lossy().into_owned()
}

/// Honinbo hosts as Black from script `b` in `hh`, Kitani joins from
/// script `w` in `jh`: both processes and the game's id.
pub fn black_hosts_white(hh: &Path, jh: &Path, b: &str, w: &str) -> (Proc, Proc, String) {
    let mut host = host_on_loopback(
        hh,
        &["--color", "black", "--name", "Honinbo", "--script", b],
    );
    let code = host.expect("join code: ")["join code: ".len()..].to_string();
    let mut join = Proc::start(jh, &["join", &code, "--name", "Kitani", "--script", w]);
    let id = join.expect("game ")["game ".len()..]
        .split(':')
        .next()
        .unwrap()
        .to_string();
    (host, join, id)
}
