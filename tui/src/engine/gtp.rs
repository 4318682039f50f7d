//! A GTP client: the engine as a child process spoken to over its standard
//! input and output, one command at a time, each answered within a time
//! limit. The child dies with this value (`kill_on_drop`), and
//! [`Gtp::close`] reaps it, so no path leaves a zombie.

use super::error::{EngineError, Overlong, shown};
use kaisho_saves::limits::{
    MAX_ENGINE_ANSWER_BYTES, MAX_ENGINE_ANSWER_LINES, MAX_ENGINE_LINE_BYTES,
};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// How long closing waits for the engine to leave after `quit`.
const QUIT_WAIT: Duration = Duration::from_secs(2);

/// A running GTP engine.
pub struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    pid: Option<u32>,
}

/// The engine's answer to one command: `=` (`Ok`) or `?` (`Err`), with the
/// text after the sign, lines joined by `\n`.
pub type Answer = Result<String, String>;

impl Gtp {
    /// Starts `command` (split into words as a shell would, without one),
    /// its standard error read on a task of its own into the log file,
    /// bounded (`logging::engine_stderr`).
    pub fn spawn(command: &str) -> Result<Gtp, EngineError> {
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
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| start(e.to_string()))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(start("no pipes".into()));
        };
        tokio::spawn(crate::logging::engine_stderr(stderr));
        let pid = child.id();
        Ok(Gtp {
            child,
            stdin,
            stdout: BufReader::new(stdout),
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
                answer: shown(&answer),
            })
    }

    async fn exchange(&mut self, command: &str) -> Result<Answer, EngineError> {
        let line = format!("{command}\n");
        if self.stdin.write_all(line.as_bytes()).await.is_err() || self.stdin.flush().await.is_err()
        {
            return Err(self.died().await);
        }
        let mut text: Option<(bool, String)> = None;
        // What the answer has cost so far: its lines and their bytes.
        let (mut lines, mut bytes) = (0, 0);
        loop {
            let line = match read_line(&mut self.stdout).await {
                Ok(Some(line)) => line,
                Ok(None) => return Err(self.died().await),
                Err(Read::Failed(e)) => return Err(garbage(command, &e.to_string())),
                Err(Read::Overlong) => return Err(overlong(command, Overlong::Line)),
            };
            lines += 1;
            bytes += line.len() + 1;
            if lines > MAX_ENGINE_ANSWER_LINES {
                return Err(overlong(command, Overlong::Lines));
            }
            if bytes > MAX_ENGINE_ANSWER_BYTES {
                return Err(overlong(command, Overlong::Bytes));
            }
            let line = line.trim_end_matches('\r').replace('\t', " ");
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
        line: shown(line),
    }
}

fn overlong(command: &str, over: Overlong) -> EngineError {
    EngineError::Overlong {
        command: command.to_string(),
        over,
    }
}

/// Why a line was not read.
#[derive(Debug)]
enum Read {
    /// The pipe failed.
    Failed(std::io::Error),
    /// The line passed [`MAX_ENGINE_LINE_BYTES`] before its newline.
    Overlong,
}

/// Reads one line, without its newline; `None` once the output has ended
/// with no line begun. The bound is checked as each buffered chunk
/// arrives, before it is kept, so an engine that never ends a line (`cat
/// /dev/zero`) is refused after [`MAX_ENGINE_LINE_BYTES`] bytes, never
/// read on. Bytes that are not UTF-8 are replaced, as no GTP answer holds
/// them.
async fn read_line<R: tokio::io::AsyncBufRead + Unpin>(
    reader: &mut R,
) -> Result<Option<String>, Read> {
    let mut line = Vec::new();
    loop {
        let chunk = reader.fill_buf().await.map_err(Read::Failed)?;
        if chunk.is_empty() {
            return Ok((!line.is_empty()).then(|| String::from_utf8_lossy(&line).into_owned()));
        }
        let (used, ended) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (chunk.len(), false),
        };
        let kept = if ended { used - 1 } else { used };
        if line.len() + kept > MAX_ENGINE_LINE_BYTES {
            return Err(Read::Overlong);
        }
        line.extend_from_slice(&chunk[..kept]);
        reader.consume(used);
        if ended {
            return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads every line of `input` through [`read_line`].
    fn lines(input: &[u8]) -> Result<Vec<String>, Read> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let mut reader = tokio::io::BufReader::with_capacity(1024, input);
            let mut out = Vec::new();
            while let Some(line) = read_line(&mut reader).await? {
                out.push(line);
            }
            Ok(out)
        })
    }

    #[test]
    fn lines_up_to_the_bound_are_read_and_a_longer_one_refused_in_time() {
        assert_eq!(lines(b"= A1\n\nlast").unwrap(), ["= A1", "", "last"]);
        let longest = vec![b'x'; MAX_ENGINE_LINE_BYTES];
        let mut input = longest.clone();
        input.push(b'\n');
        assert_eq!(lines(&input).unwrap()[0].len(), MAX_ENGINE_LINE_BYTES);
        input.insert(0, b'x');
        assert!(matches!(lines(&input), Err(Read::Overlong)));
    }

    #[test]
    fn a_line_that_never_ends_is_refused_after_the_bound_not_read_on() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let mut zeros = tokio::io::BufReader::new(tokio::io::repeat(0));
        let result = runtime.block_on(async {
            tokio::time::timeout(Duration::from_secs(5), read_line(&mut zeros)).await
        });
        assert!(matches!(result, Ok(Err(Read::Overlong))), "{result:?}");
    }
}
