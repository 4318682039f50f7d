//! A GTP client: the engine as a child process spoken to over its standard
//! input and output, one command at a time, each answered within a time
//! limit. The child dies with this value (`kill_on_drop`), and
//! [`Gtp::close`] reaps it, so no path leaves a zombie.

use super::error::EngineError;
use kaisho_saves::visible::visible_owned;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// How long closing waits for the engine to leave after `quit`.
const QUIT_WAIT: Duration = Duration::from_secs(2);

/// The longest answer line read; a longer one is garbage.
const LONGEST_LINE: usize = 64 * 1024;

/// A running GTP engine.
pub struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
    pid: Option<u32>,
}

/// The engine's answer to one command: `=` (`Ok`) or `?` (`Err`), with the
/// text after the sign, lines joined by `\n`.
pub type Answer = Result<String, String>;

impl Gtp {
    /// Starts `command` (split into words as a shell would, without one),
    /// its standard error going to `stderr`.
    pub fn spawn(command: &str, stderr: Stdio) -> Result<Gtp, EngineError> {
        let start = |why: String| EngineError::Start {
            command: command.to_string(),
            why,
        };
        let words = shlex::split(command).ok_or_else(|| start("unbalanced quotes".into()))?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| start("no command".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| start(e.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(start("no pipes".into()));
        };
        let pid = child.id();
        Ok(Gtp {
            child,
            stdin,
            stdout: BufReader::new(stdout).lines(),
            pid,
        })
    }

    /// The child's process id while it runs.
    #[must_use]
    pub fn pid(&self) -> Option<u32> {
        self.pid
    }

    /// Sends `command` and reads its answer within `limit`.
    pub async fn ask(&mut self, command: &str, limit: Duration) -> Result<Answer, EngineError> {
        match tokio::time::timeout(limit, self.exchange(command)).await {
            Ok(answer) => answer,
            Err(_) => Err(EngineError::TimedOut {
                command: command.to_string(),
                limit,
            }),
        }
    }

    /// Sends `command` and expects `=`; a `?` is [`EngineError::Refused`].
    pub async fn expect(&mut self, command: &str, limit: Duration) -> Result<String, EngineError> {
        self.ask(command, limit)
            .await?
            .map_err(|answer| EngineError::Refused {
                command: command.to_string(),
                answer: visible_owned(answer),
            })
    }

    async fn exchange(&mut self, command: &str) -> Result<Answer, EngineError> {
        let line = format!("{command}\n");
        if self.stdin.write_all(line.as_bytes()).await.is_err() || self.stdin.flush().await.is_err()
        {
            return Err(self.died().await);
        }
        let mut text: Option<(bool, String)> = None;
        loop {
            let line = match self.stdout.next_line().await {
                Ok(Some(line)) => line,
                Ok(None) => return Err(self.died().await),
                Err(e) => {
                    return Err(EngineError::Garbage {
                        command: command.to_string(),
                        line: e.to_string(),
                    });
                }
            };
            let line = line.trim_end_matches('\r').replace('\t', " ");
            if line.len() > LONGEST_LINE {
                let start: String = line.chars().take(80).collect();
                return Err(garbage(command, &start));
            }
            match &mut text {
                None if line.trim().is_empty() => {}
                None => {
                    let (ok, rest) = match line.split_at_checked(1) {
                        Some(("=", rest)) => (true, rest),
                        Some(("?", rest)) => (false, rest),
                        _ => return Err(garbage(command, &line)),
                    };
                    // An id may follow the sign; kaisho sends none.
                    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
                    text = Some((ok, rest.trim().to_string()));
                }
                Some((ok, body)) => {
                    if line.trim().is_empty() {
                        let body = std::mem::take(body);
                        return Ok(if *ok { Ok(body) } else { Err(body) });
                    }
                    body.push('\n');
                    body.push_str(line.trim());
                }
            }
        }
    }

    /// The engine's exit, reaped, as an error.
    async fn died(&mut self) -> EngineError {
        let status = match tokio::time::timeout(QUIT_WAIT, self.child.wait()).await {
            Ok(Ok(status)) => status.to_string(),
            Ok(Err(e)) => e.to_string(),
            Err(_) => {
                let _ = self.child.kill().await;
                "its output closed".to_string()
            }
        };
        EngineError::Died { status }
    }

    /// Says `quit`, waits a little for the engine to leave, kills it if it
    /// does not, and reaps it.
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(QUIT_WAIT, async {
            let _ = self.stdin.write_all(b"quit\n").await;
            let _ = self.stdin.flush().await;
            let _ = self.child.wait().await;
        })
        .await;
        let _ = self.child.kill().await;
    }
}

fn garbage(command: &str, line: &str) -> EngineError {
    EngineError::Garbage {
        command: command.to_string(),
        line: visible_owned(line.to_string()),
    }
}
