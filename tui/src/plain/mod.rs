//! Plain-text mode: no drawing, one line per event, commands typed as
//! lines. It drives the same update as the screen, so it serves screen
//! readers, the poorest terminals and scripted tests alike, and it reads
//! from a pipe as well as from a keyboard.

mod parse;
pub mod script;
mod usage;

pub use crate::errors::{Usage, UsageError};
pub use parse::{Line, parse};
pub use usage::chat_text;

use crate::app::{
    Cmd, Command, LinkState, Msg, NetNews, READ_BURST, READ_SLICE, Screen, State, Tone,
};
use crate::logging;
use crate::shell::Shell;
use crate::words;
use kaisho_core::Phase;
use kaisho_net::ReviewSession;
use kaisho_net::script::SCRIPT_END_WAIT;
use kaisho_saves::limits::MAX_TYPED_LINE_BYTES;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Reads commands from `input` until `quit` or the end of input, starting
/// from `state` (its saves and settings). Lines are read on a thread of
/// their own, so the reports of a network game and the clock's seconds are
/// printed while the player thinks.
pub fn run(
    state: State,
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        if let Some(problem) = &state.config_problem {
            writeln!(output, "settings: {problem}")?;
        }
        if let Some(message) = &state.message {
            writeln!(output, "{}", message.text)?;
        }
        let banner = crate::words::say(state.naming.lang, crate::words::Say::PlainBanner);
        writeln!(output, "{banner}")?;
        output.flush()?;
        let lines = read_lines(input, state.naming.lang);
        let shell = Shell::default().with_discovery(crate::netplay::discover::on_the_lan());
        session(state, lines, shell, AtEnd::Leave, output).await
    })
}

/// Goes on with a review together (検討) begun on `review` over the
/// record `text`, driven by `lines` as plain mode is, printing what plain
/// mode prints: the headless `kaisho host` and `kaisho join` hand their
/// scripts' lines here once a review begins. It returns once the review
/// has ended (either side left); when the lines end first, the review
/// goes on while the partner still steps through it, until they leave or
/// nothing has come from them for [`SCRIPT_END_WAIT`].
///
/// # Errors
/// The output cannot be written.
pub async fn review_together(
    mut state: State,
    review: ReviewSession,
    text: String,
    lines: mpsc::Receiver<String>,
    mut output: impl Write,
) -> io::Result<()> {
    let begins = NetNews::ReviewBegins {
        game_id: review.game_id.clone(),
        partner: review.partner.clone(),
        text: Some(text),
    };
    let mut shell = Shell::default();
    // The record is opened from the lobby, as when joining from the screen.
    state.screen = Screen::Lobby(Box::default());
    let refused = shell.net().and_then(|net| net.adopt_review(&state, review));
    let mut flight = Flight::default();
    for news in [Some(begins), refused].into_iter().flatten() {
        flight.apply(Msg::Net(news), &mut state, &mut shell, &mut output)?;
    }
    session(
        state,
        lines,
        shell,
        AtEnd::ReviewTogether(SCRIPT_END_WAIT),
        output,
    )
    .await
}

/// When plain mode ends.
#[derive(Clone, Copy)]
enum AtEnd {
    /// At `quit`, or when the lines end and what is under way here (a
    /// draft being read, an engine asked) is done.
    Leave,
    /// Also as soon as the review together has ended (the network task
    /// closed, having said why); when the lines end first, once the
    /// partner's steps have stopped coming for this long.
    ReviewTogether(Duration),
}

async fn session(
    mut state: State,
    mut lines: mpsc::Receiver<String>,
    mut shell: Shell,
    at_end: AtEnd,
    mut output: impl Write,
) -> io::Result<()> {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut read = tokio::time::interval(READ_SLICE);
    tick.tick().await;
    // Lines that cannot apply yet (a move while the engine or the partner
    // thinks, anything but leaving while a game is being set up, anything
    // while our own move is on its way) wait here, in order, as a script's
    // lines do.
    let mut held: VecDeque<String> = VecDeque::new();
    let mut flight = Flight::default();
    // At the end of the input a draft still being read is read to its
    // end, and an engine asked in a review is waited for, so that their
    // answers are printed.
    let mut ended = false;
    // When the partner was last heard from, and whether the network task
    // has said its last.
    let mut heard = Instant::now();
    let mut closed = false;
    loop {
        while held
            .front()
            .is_some_and(|text| !flight.on() && !must_wait(&state, text))
        {
            let text = held.pop_front().unwrap_or_default();
            if let Some(msg) = line_msg(&text, &state, &mut output)?
                && flight.apply(msg, &mut state, &mut shell, &mut output)?
            {
                return finish(shell, output).await;
            }
        }
        let (over, lingering) = match at_end {
            AtEnd::ReviewTogether(quiet) => (closed, heard.elapsed() < quiet),
            AtEnd::Leave => (false, false),
        };
        let done = ended
            && held.is_empty()
            && !flight.on()
            && !state.reading()
            && !asking_engine(&state)
            && !engine_due(&state)
            && !lingering;
        if over || done {
            // The end of the input, or of the review together, leaves as
            // `quit` does: a game going on is adjourned and said so,
            // additions not kept yet are tried once more (and what is lost
            // is said), and a review's journal is folded into its record.
            flight.apply(
                Msg::Command(Command::Quit),
                &mut state,
                &mut shell,
                &mut output,
            )?;
            break;
        }
        let msg = tokio::select! {
            line = lines.recv(), if !ended => match line {
                None => {
                    ended = true;
                    None
                }
                Some(text) if !held.is_empty() || flight.on() || must_wait(&state, &text) => {
                    held.push_back(text);
                    None
                }
                Some(text) => line_msg(&text, &state, &mut output)?,
            },
            news = shell.news() => {
                heard = Instant::now();
                closed |= matches!(news, Msg::Net(NetNews::Closed(_)));
                Some(news)
            }
            _ = tick.tick() => Some(Msg::Tick),
            _ = read.tick(), if state.reading() => Some(Msg::Read),
        };
        if let Some(msg) = msg
            && flight.apply(msg, &mut state, &mut shell, &mut output)?
        {
            break;
        }
        output.flush()?;
    }
    finish(shell, output).await
}

/// The engine `engine` would start, with GNU Go's level, and how to
/// change it: after `help` and the `engine` usage.
fn engine_in_force(state: &State, output: &mut impl Write) -> io::Result<()> {
    let Some(engine) = state.engine.as_deref().map(crate::app::strength) else {
        return Ok(());
    };
    let line = words::EngineLine::InForce {
        name: &engine.name,
        level: engine.level,
    };
    writeln!(output, "{}", words::engine_line(state.naming.lang, line))
}

/// The message a typed line means, or `None` when it was answered here
/// (help, a usage error, a blank line).
fn line_msg(text: &str, state: &State, output: &mut impl Write) -> io::Result<Option<Msg>> {
    Ok(match parse(text, state) {
        Ok(Line::Nothing) => None,
        Ok(Line::Help) => {
            writeln!(output, "{}", words::plain_help(state.naming.lang))?;
            engine_in_force(state, output)?;
            None
        }
        Ok(Line::Command(command)) => Some(Msg::Command(command)),
        Err(e) => {
            writeln!(output, "{}", words::usage_error(state.naming.lang, &e))?;
            if e == UsageError::Usage(Usage::Engine) {
                engine_in_force(state, output)?;
            }
            None
        }
    })
}

/// Seconds a move of ours may be on its way before the lines behind it
/// go on regardless: the network task always answers, this only bounds
/// the wait should it not.
const FLIGHT_SECONDS: u32 = 30;

/// Our move or take-back sent to the network task or the engine's seat
/// and not yet answered (sent, refused, or the game closed): the lines typed after it
/// wait, so they apply to the game the move made.
#[derive(Default)]
struct Flight {
    seconds: Option<u32>,
}

impl Flight {
    fn on(&self) -> bool {
        self.seconds.is_some()
    }

    /// Runs one message through the shell and prints what it says; whether
    /// it asked to quit.
    fn apply(
        &mut self,
        msg: Msg,
        state: &mut State,
        shell: &mut Shell,
        output: &mut impl Write,
    ) -> io::Result<bool> {
        let moving = matches!(
            msg,
            Msg::Command(Command::Play(_) | Command::Pass | Command::Undo)
        ) && state.table().is_some_and(|t| t.net.is_some());
        match &msg {
            Msg::Net(NetNews::Sent { .. } | NetNews::Rejected { .. } | NetNews::Closed(_)) => {
                self.seconds = None;
            }
            Msg::Tick => {
                self.seconds = self.seconds.map(|s| s + 1).filter(|&s| s < FLIGHT_SECONDS);
            }
            _ => {}
        }
        let before = state.message.clone();
        let cmds = match msg {
            Msg::Read => shell.read_for(state, READ_BURST),
            msg => shell.step(state, msg),
        };
        let refused = state.message != before
            && state
                .message
                .as_ref()
                .is_some_and(|m| m.tone == Tone::Error);
        if moving && !refused {
            self.seconds = Some(0);
        }
        let mut quit = false;
        for cmd in cmds {
            match cmd {
                Cmd::Quit => quit = true,
                Cmd::Say(text) => writeln!(output, "{text}")?,
                Cmd::Applied(event) => logging::applied(&event),
                Cmd::Bell => output.write_all(b"\x07")?,
                Cmd::Net(_) | Cmd::Disk(..) | Cmd::Discover(_) | Cmd::AskEngine(_) => {}
            }
        }
        Ok(quit)
    }
}

/// Whether a typed line must wait before it can apply: while a game is
/// being set up (an engine starting, a partner awaited) only leaving is
/// taken; in a game against an engine, every line waits for the engine's
/// reply; against a partner, a move or a take-back waits for the player's
/// turn; against either, for the answer to a take-back asked;
/// in a review, every line waits for the engine's answer to a question
/// asked. A piped script thus plays as it is read, never ahead of the
/// game.
fn must_wait(state: &State, text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or_default();
    match &state.screen {
        Screen::Lobby(lobby) => {
            let word = first.to_ascii_lowercase();
            let leaving = matches!(
                word.as_str(),
                "quit" | "exit" | "leave" | "bye" | "help" | "?"
            );
            let renewing = lobby.burned && word == "newcode";
            !lobby.closed && !leaving && !renewing
        }
        // What follows a move applies to the position after the engine's
        // reply: `board`, `score` and `quit` too.
        Screen::Game(_) if engine_due(state) => true,
        Screen::Game(table) => {
            let theirs = table.net.as_ref().is_some_and(|net| {
                table.game.phase() == Phase::Playing
                    && table.game.playout().is_none()
                    && table.game.to_move() != net.local
            });
            // Our take-back waits for its answer before the next move.
            let asked = table
                .net
                .as_ref()
                .is_some_and(|net| table.game.undo_request() == Some(net.local));
            (theirs || asked)
                && matches!(
                    parse(text, state),
                    Ok(Line::Command(
                        Command::Play(_) | Command::Pass | Command::Undo
                    ))
                )
        }
        // What follows a question to the engine applies to its answer, and
        // what follows our step of a review together to where it leads.
        Screen::Review(review) => asking_engine(state) || review.awaiting_partner(),
        _ => false,
    }
}

/// Whether an engine has yet to answer: it is starting for a game, or it
/// is on turn in a game against it. Typed lines wait for it, and the end
/// of the input does not end plain mode before it has answered; it
/// answers within its limit per move, or the game is adjourned.
fn engine_due(state: &State) -> bool {
    match &state.screen {
        Screen::Lobby(lobby) => lobby.engine && !lobby.closed,
        Screen::Game(table) => table.net.as_ref().is_some_and(|net| {
            net.engine
                && !matches!(net.link, LinkState::Closed(_))
                && table.game.phase() == Phase::Playing
                && table.game.playout().is_none()
                && table.game.to_move() != net.local
        }),
        _ => false,
    }
}

/// Whether the review shown waits for the engine's answer.
fn asking_engine(state: &State) -> bool {
    matches!(&state.screen, Screen::Review(review) if review.asking_engine())
}

/// Flushes the output and stops the shell's tasks.
async fn finish(mut shell: Shell, mut output: impl Write) -> io::Result<()> {
    output.flush()?;
    shell.shut_down().await;
    Ok(())
}

/// The lines of `input`, read on a thread (lossily decoded, so a stray
/// byte never stops the reading): plain mode's, and the scripts' of
/// `host`, `join` and `watch`. Each line is read within
/// [`MAX_TYPED_LINE_BYTES`]; at a longer one, which no command is, the
/// reading stops and [`UsageError::LineTooLong`] is said on standard error
/// in `lang`, so an input that never ends a line (`--script /dev/zero`)
/// costs no more than the bound.
pub fn read_lines(
    input: impl BufRead + Send + 'static,
    lang: words::Lang,
) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel(16);
    std::thread::spawn(move || {
        let mut input = input;
        loop {
            let line = match bounded_line(&mut input) {
                Ok(Some(Some(line))) => line,
                Ok(Some(None)) => {
                    eprintln!("{}", words::usage_error(lang, &UsageError::LineTooLong));
                    break;
                }
                Ok(None) | Err(_) => break,
            };
            if tx.blocking_send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The next line of `input` with its newline; `Some(None)` for a line over
/// [`MAX_TYPED_LINE_BYTES`], of which no more than the bound is read;
/// `None` at the end.
fn bounded_line(input: &mut impl BufRead) -> io::Result<Option<Option<String>>> {
    let mut raw = Vec::new();
    let bound = u64::try_from(MAX_TYPED_LINE_BYTES).unwrap_or(u64::MAX);
    if io::Read::take(&mut *input, bound + 1).read_until(b'\n', &mut raw)? == 0 {
        return Ok(None);
    }
    if raw.len() > MAX_TYPED_LINE_BYTES {
        return Ok(Some(None));
    }
    Ok(Some(Some(String::from_utf8_lossy(&raw).into_owned())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line `read_lines` passes on from `input`.
    fn all_lines(input: impl BufRead + Send + 'static) -> Vec<String> {
        let mut lines = read_lines(input, words::Lang::En);
        let mut out = Vec::new();
        while let Some(line) = lines.blocking_recv() {
            out.push(line);
        }
        out
    }

    #[test]
    fn lines_within_the_bound_are_passed_on_and_the_reading_stops_at_a_longer_one() {
        let longest = format!("chat {}\n", "w".repeat(MAX_TYPED_LINE_BYTES - 6));
        assert_eq!(longest.len(), MAX_TYPED_LINE_BYTES);
        let input = format!(
            "D4\n{longest}{}x\nresign\n",
            "w".repeat(MAX_TYPED_LINE_BYTES)
        );
        let lines = all_lines(io::Cursor::new(input.into_bytes()));
        assert_eq!(lines, ["D4\n".to_string(), longest]);
    }

    #[test]
    fn an_input_that_never_ends_a_line_is_read_no_further_than_the_bound() {
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let zeros = io::BufReader::new(io::repeat(0));
            let _ = done.send(all_lines(zeros));
        });
        let lines = finished
            .recv_timeout(Duration::from_secs(5))
            .expect("the reading stops");
        assert!(lines.is_empty(), "{} lines", lines.len());
    }
}
