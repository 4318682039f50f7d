//! Headless play: a session driven by text commands (from a script file or
//! a terminal's standard input), printing what happens as plain lines. The
//! command-line `host` and `join` use it, and so do the two-process tests.
//!
//! Commands, one a line: a point (`D4`) or `play D4`; `pass`; `resign`;
//! `propose [POINTS…]` (dead stones after stoppage); `accept` (the
//! partner's open proposal); `resume` (ask to resume play); `both-lose`;
//! `offer-no-result`, `accept-no-result`, `decline-no-result`; `undo`
//! (ask to take back our last move, 待った), `accept-undo`, `decline-undo`;
//! `chat TEXT`; `bye`; `board` (the position and whose turn it is) and
//! `help` (these commands), answered at once. A command waits until it can apply: a move until it
//! is our turn, a proposal until the game has stopped, an acceptance until
//! the partner has proposed, `undo` until our move is the last one
//! standing, an answer until the partner has asked. Blank lines and lines starting with `#` are
//! skipped.

use crate::error::NetError;
use crate::session::{Session, Update, describe};
use kaisho_core::{Color, Event, Game, Phase, Point};
use std::io::Write;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::Receiver;

/// How long a finished script still waits for the partner's answers (an
/// acceptance, the last moves) before the game is adjourned.
pub const SCRIPT_END_WAIT: Duration = Duration::from_secs(10);

/// One command of a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A game event of ours.
    Event(Event),
    Chat(String),
    Bye,
    /// Print the position and whose turn it is.
    Board,
    /// Print the commands.
    Help,
}

/// What `help` prints.
pub const HELP: &str = "commands: a point like D4 (or play D4), pass, resign, propose [POINTS] (dead stones after both pass), accept, resume, both-lose, offer-no-result, accept-no-result, decline-no-result, undo (take back your last move, 待った), accept-undo, decline-undo, chat TEXT, board, help, bye";

/// Reads one command line for the player of `color`; `Ok(None)` for a
/// blank or comment line.
pub fn parse(line: &str, color: Color, size: u8) -> Result<Option<Command>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let points = |text: &str| -> Result<Vec<Point>, String> {
        text.split_whitespace()
            .map(|p| Point::parse_gtp(p, size).map_err(|e| e.to_string()))
            .collect()
    };
    let event = match word.to_ascii_lowercase().as_str() {
        "play" => Event::Play {
            color,
            point: Point::parse_gtp(rest.trim(), size).map_err(|e| e.to_string())?,
        },
        "pass" => Event::Pass { color },
        "resign" => Event::Resign { color },
        "propose" => Event::Propose {
            by: color,
            dead: points(rest)?,
        },
        // The proposal number is filled in when the command runs.
        "accept" => Event::Accept {
            by: color,
            proposal: 0,
        },
        "resume" => Event::RequestResume { by: color },
        "both-lose" => Event::DeclareBothLose { by: color },
        "offer-no-result" => Event::OfferNoResult { by: color },
        "accept-no-result" => Event::AcceptNoResult { by: color },
        "decline-no-result" => Event::DeclineNoResult { by: color },
        "undo" => Event::RequestUndo { by: color },
        "accept-undo" => Event::AcceptUndo { by: color },
        "decline-undo" => Event::DeclineUndo { by: color },
        "chat" => return Ok(Some(Command::Chat(rest.to_string()))),
        "bye" => return Ok(Some(Command::Bye)),
        "board" => return Ok(Some(Command::Board)),
        "help" | "?" => return Ok(Some(Command::Help)),
        _ => Event::Play {
            color,
            point: Point::parse_gtp(line, size).map_err(|_| {
                format!(
                    "'{line}' is not a point or a command (try D4, pass, resign, undo, board, help)"
                )
            })?,
        },
    };
    Ok(Some(Command::Event(event)))
}

/// The command as it should be sent now, or `None` if it must wait.
fn ready(command: &Command, game: &Game) -> Option<Command> {
    let Command::Event(event) = command else {
        return Some(command.clone());
    };
    let me = event.actor();
    let stopped = matches!(game.phase(), Phase::Stopped | Phase::Ending);
    let partners_proposal = game
        .open_proposal()
        .and_then(|n| game.proposals().get(n as usize).map(|p| (n, p.by)))
        .filter(|&(_, by)| by != me);
    match event {
        Event::Play { .. } | Event::Pass { .. } => (game.phase() == Phase::Playing
            && game.to_move() == me
            && game.undo_request().is_none())
        .then(|| command.clone()),
        Event::Propose { .. } | Event::RequestResume { .. } | Event::DeclareBothLose { .. } => {
            stopped.then(|| command.clone())
        }
        Event::Accept { by, .. } => partners_proposal
            .map(|(proposal, _)| Command::Event(Event::Accept { by: *by, proposal })),
        Event::RequestUndo { .. } => (game.undo_request().is_none()
            && game.standing_moves().last().map(|m| m.color()) == Some(me))
        .then(|| command.clone()),
        Event::AcceptUndo { .. } | Event::DeclineUndo { .. } => {
            (game.undo_request() == Some(me.opponent())).then(|| command.clone())
        }
        _ => Some(command.clone()),
    }
}

/// How a headless game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    /// The game ended; its SGF result.
    Ended(String),
    /// The partner or the script left before the end: the game is adjourned.
    Adjourned(String),
}

/// A source of commands that survives reconnections: a command read and
/// still waiting to apply when the connection dropped is kept for the
/// resumed session.
pub struct Script {
    commands: Receiver<String>,
    current: Option<Command>,
    done: bool,
}

impl Script {
    /// Commands from a channel of lines (fed from a file or a terminal).
    #[must_use]
    pub fn new(commands: Receiver<String>) -> Script {
        Script {
            commands,
            current: None,
            done: false,
        }
    }

    /// Plays `session`, writing a line per event to `out`, until the game
    /// ends, someone leaves, or the connection fails (the error; the game
    /// stays in the log and can be resumed). Claims the partner's loss on
    /// time when the shadow clock says so.
    pub async fn run(
        &mut self,
        session: &mut Session,
        out: &mut (impl Write + Send),
    ) -> Result<Finish, NetError> {
        let size = session.game().settings().size.get();
        let me = session.local_color();
        let mut tick = tokio::time::interval(Duration::from_millis(250));
        let mut idle = Instant::now();
        loop {
            if let Some(outcome) = session.game().outcome()
                && !session.awaiting_ack()
            {
                return Ok(Finish::Ended(outcome.result_string()));
            }
            if !session.awaiting_ack() {
                if session.partner_overdue() {
                    self.current = Some(Command::Event(Event::TimeLoss {
                        color: me.opponent(),
                    }));
                }
                if let Some(command) = self.current.as_ref().and_then(|c| ready(c, session.game()))
                {
                    self.current = None;
                    match command {
                        Command::Event(event) => match session.act(event).await {
                            Ok((seq, sent)) => {
                                say(out, &format!("event {seq}: {}", describe(&sent, size)));
                            }
                            Err(e @ (NetError::Game(_) | NetError::NotNow(_))) => {
                                say(out, &format!("refused: {e}"));
                            }
                            Err(e) => return Err(e),
                        },
                        Command::Chat(text) => session.chat(&text).await?,
                        Command::Bye => return Ok(Finish::Adjourned("we left".into())),
                        Command::Board | Command::Help => {}
                    }
                    continue;
                }
                let stuck =
                    session.game().phase() == Phase::Playing && session.game().to_move() == me;
                if self.current.is_none()
                    && self.done
                    && (stuck || idle.elapsed() > SCRIPT_END_WAIT)
                {
                    return Ok(Finish::Adjourned("the script ended before the game".into()));
                }
            }
            let waiting = self.current.is_none() && !self.done;
            tokio::select! {
                update = session.next() => {
                    idle = Instant::now();
                    match update? {
                        Update::Remote { seq, event } => {
                            say(out, &format!("event {seq}: {}", describe(&event, size)));
                        }
                        Update::Acked { .. } | Update::PeerClock { .. } => {}
                        Update::Withdrawn { event } => say(
                            out,
                            &format!("withdrawn: {} crossed the partner's event", describe(&event, size)),
                        ),
                        Update::Chat(text) => say(out, &format!("chat: {text}")),
                        Update::Bye(reason) => {
                            return Ok(Finish::Adjourned(format!("the partner left: {reason}")));
                        }
                    }
                }
                line = self.commands.recv(), if waiting => match line {
                    None => self.done = true,
                    Some(line) => match parse(&line, me, size) {
                        Ok(Some(Command::Board)) => {
                            for row in board_text(session.game(), me) {
                                say(out, &row);
                            }
                        }
                        Ok(Some(Command::Help)) => say(out, HELP),
                        Ok(command) => self.current = command,
                        Err(e) => say(out, &format!("refused: {e}")),
                    },
                },
                _ = tick.tick() => {}
            }
        }
    }
}

/// The position as lines of text, top row first, with the column
/// letters and row numbers a move is typed with (X Black, O White), then
/// the move number, the prisoners and whose turn it is.
#[must_use]
pub fn board_text(game: &Game, me: Color) -> Vec<String> {
    let size = game.settings().size.get();
    let letters: String = (0..size)
        .map(|col| {
            Point::new(col, 0)
                .to_gtp(size)
                .chars()
                .next()
                .unwrap_or('?')
        })
        .map(|c| format!(" {c}"))
        .collect();
    let mut lines = vec![format!("   {letters}")];
    for (i, row) in game.board().rows().iter().enumerate() {
        let number = usize::from(size) - i;
        let stones: String = row.chars().map(|c| format!(" {c}")).collect();
        lines.push(format!("{number:>2} {stones}"));
    }
    let [black, white] = game.captures();
    let turn = match game.phase() {
        Phase::Playing if game.to_move() == me => format!("{me} (you) to play"),
        Phase::Playing => format!("{} (partner) to play", me.opponent()),
        phase => format!("play has stopped ({phase:?})"),
    };
    lines.push(format!(
        "move {}; prisoners taken: Black {black}, White {white}; {turn}",
        game.move_number()
    ));
    lines
}

fn say(out: &mut impl Write, line: &str) {
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_words_read_as_undo_events() {
        let w = Color::White;
        for (word, event) in [
            ("undo", Event::RequestUndo { by: w }),
            ("accept-undo", Event::AcceptUndo { by: w }),
            ("decline-undo", Event::DeclineUndo { by: w }),
        ] {
            assert_eq!(parse(word, w, 9).unwrap(), Some(Command::Event(event)));
        }
    }

    #[test]
    fn commands_read_as_events() {
        let b = Color::Black;
        assert_eq!(
            parse("D4", b, 9).unwrap(),
            Some(Command::Event(Event::Play {
                color: b,
                point: Point::parse_gtp("D4", 9).unwrap()
            }))
        );
        assert_eq!(parse("  # note", b, 9).unwrap(), None);
        assert_eq!(
            parse("pass", b, 9).unwrap(),
            Some(Command::Event(Event::Pass { color: b }))
        );
        assert_eq!(
            parse("chat hi there", b, 9).unwrap(),
            Some(Command::Chat("hi there".into()))
        );
        assert!(matches!(
            parse("propose A1 B2", b, 9).unwrap(),
            Some(Command::Event(Event::Propose { dead, .. })) if dead.len() == 2
        ));
        assert!(parse("Z99", b, 9).unwrap_err().contains("not a point"));
        assert_eq!(parse("board", b, 9).unwrap(), Some(Command::Board));
        assert_eq!(parse("help", b, 9).unwrap(), Some(Command::Help));
    }

    #[test]
    fn the_board_shows_the_stones_by_their_coordinates_and_whose_turn() {
        let size = kaisho_core::BoardSize::new(9).unwrap();
        let settings = kaisho_core::Settings::even(size, kaisho_core::Komi::parse("6.5").unwrap());
        let mut game = Game::new(settings).unwrap();
        let d4 = Point::parse_gtp("D4", 9).unwrap();
        game.apply(Event::Play {
            color: Color::Black,
            point: d4,
        })
        .unwrap();
        let lines = board_text(&game, Color::White);
        assert_eq!(lines[0], "    A B C D E F G H J");
        assert_eq!(lines[6], " 4  . . . X . . . . .");
        assert!(lines[10].contains("White (you) to play"), "{}", lines[10]);
        assert!(lines[10].starts_with("move 1;"), "{}", lines[10]);
    }
}
