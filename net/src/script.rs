//! Headless play: a session driven by commands (from a script file or a
//! terminal's standard input), printing what happens as plain lines. The
//! command-line `host` and `join` use it, and so do the two-process tests.
//!
//! The words are the front end's: a [`Voice`] reads each typed line as a
//! [`Command`] (the same words as plain mode's) and gives every line the
//! script prints, in the player's language. A command waits until it can
//! apply: a move until it is our turn, a proposal until the game has
//! stopped, an acceptance until the partner has proposed, `undo` until our
//! move is the last one standing, an answer until the partner has asked.
//! While a play-out (確認) is open, a move or a pass is one on its scratch
//! board, waiting for the partner's answer to our last one.

use crate::error::NetError;
use crate::session::{Session, Update};
use kaisho_core::confirm::{Scratch, Step};
use kaisho_core::{Color, Event, Game, Phase};
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
    /// A line for after the game (offering or answering a review
    /// together): it waits for the game's end and is read then
    /// ([`Script::next_line`]).
    AfterGame(String),
}

/// The front end's words for a headless game.
pub trait Voice: Send + Sync {
    /// Reads one typed line for the player of `me` on a board of `size`
    /// lines; `Ok(None)` for a blank or comment line, `Err` says what is
    /// wrong with it.
    fn read(&self, line: &str, me: Color, size: u8) -> Result<Option<Command>, String>;
    /// The list of commands, for `help`.
    fn help(&self) -> String;
    /// Event `seq`, just applied to `game` (ours or the partner's).
    fn event(&self, seq: u32, event: &Event, game: &Game) -> String;
    /// Our event, taken back because it crossed the partner's: `moves`
    /// played with it standing (a move's own number); made `again` at once
    /// after the partner's event when it is a resignation.
    fn withdrawn(&self, event: &Event, moves: u32, again: bool, game: &Game) -> String;
    /// Our command, refused (by the rules, or not possible yet).
    fn refused(&self, error: &NetError, game: &Game) -> String;
    /// A typed line the voice could not read, as [`Voice::read`] said.
    fn unreadable(&self, why: &str) -> String;
    /// The partner's chat line.
    fn chat(&self, text: &str) -> String;
    /// The position and whose turn it is, for `board`.
    fn board(&self, game: &Game, me: Color) -> Vec<String>;
}

/// The command as it should be sent now, or `None` if it must wait.
fn ready(command: &Command, game: &Game) -> Option<Command> {
    let event = match command {
        Command::Event(event) => event,
        Command::AfterGame(_) => return None,
        _ => return Some(command.clone()),
    };
    let me = event.actor();
    let stopped = matches!(game.phase(), Phase::Stopped | Phase::Ending);
    let partners_proposal = game
        .open_proposal()
        .and_then(|n| game.proposals().get(n as usize).map(|p| (n, p.by)))
        .filter(|&(_, by)| by != me);
    if let Some(scratch) = game.playout() {
        return scratch_step(event, scratch);
    }
    match event {
        Event::Play { .. } | Event::Pass { .. } => (game.phase() == Phase::Playing
            && game.to_move() == me
            && game.undo_request().is_none())
        .then(|| command.clone()),
        Event::Propose { .. }
        | Event::RequestResume { .. }
        | Event::DeclareBothLose { .. }
        | Event::OpenPlayout { .. } => stopped.then(|| command.clone()),
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

/// While a play-out is open, a move or a pass is a step on its scratch
/// board. It waits for the partner's answer to our last step, so that a
/// script plays its side of a sequence line by line; otherwise it goes at
/// once and the rules judge it (a step out of turn is refused).
fn scratch_step(event: &Event, scratch: &Scratch) -> Option<Command> {
    let me = event.actor();
    let step = match *event {
        Event::Play { color, point } => Event::PlayoutPlay { color, point },
        Event::Pass { color } => Event::PlayoutPass { color },
        _ => return Some(Command::Event(event.clone())),
    };
    let answered = !matches!(
        scratch.steps().last(),
        Some(Step::Play { color, .. } | Step::Pass { color, .. }) if *color == me
    );
    answered.then_some(Command::Event(step))
}

/// How a headless game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finish {
    /// The game ended; its SGF result.
    Ended(String),
    /// The partner or the script left before the end: the game is adjourned.
    Adjourned(Adjourned),
}

/// Why a headless game was adjourned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Adjourned {
    /// Our script said `bye`.
    WeLeft,
    /// The script ran out of commands before the game ended.
    ScriptEnded,
    /// The partner said goodbye, with their reason as sent.
    PartnerLeft(String),
}

/// A source of commands that survives reconnections: a command read and
/// still waiting to apply when the connection dropped is kept for the
/// resumed session.
pub struct Script {
    commands: Receiver<String>,
    voice: Box<dyn Voice>,
    current: Option<Command>,
    done: bool,
}

impl Script {
    /// Commands from a channel of lines (fed from a file or a terminal),
    /// read and answered in `voice`'s words.
    #[must_use]
    pub fn new(commands: Receiver<String>, voice: Box<dyn Voice>) -> Script {
        Script {
            commands,
            voice,
            current: None,
            done: false,
        }
    }

    /// The script's next line once its game has ended, for what the player
    /// does after it (offering a review together, chatting, leaving);
    /// `None` at the end of the script.
    pub async fn next_line(&mut self) -> Option<String> {
        if let Some(Command::AfterGame(line)) = self.current.take() {
            return Some(line);
        }
        if self.done {
            return None;
        }
        let line = self.commands.recv().await;
        self.done = line.is_none();
        line
    }

    /// The lines not read yet, for a review together the script goes on
    /// to; the script reads no more.
    pub fn take_lines(&mut self) -> Receiver<String> {
        self.done = true;
        std::mem::replace(&mut self.commands, tokio::sync::mpsc::channel(1).1)
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
                                say(out, &self.voice.event(seq, &sent, session.game()));
                            }
                            Err(e @ (NetError::Game(_) | NetError::NotNow(_))) => {
                                say(out, &self.voice.refused(&e, session.game()));
                            }
                            Err(e) => return Err(e),
                        },
                        Command::Chat(text) => session.chat(&text).await?,
                        Command::Bye => return Ok(Finish::Adjourned(Adjourned::WeLeft)),
                        Command::Board | Command::Help | Command::AfterGame(_) => {}
                    }
                    continue;
                }
                let stuck =
                    session.game().phase() == Phase::Playing && session.game().to_move() == me;
                // Nothing more for the game: the lines ended, or the next
                // one is for after it.
                let spent = match &self.current {
                    None => self.done,
                    Some(command) => matches!(command, Command::AfterGame(_)),
                };
                if spent && (stuck || idle.elapsed() > SCRIPT_END_WAIT) {
                    return Ok(Finish::Adjourned(Adjourned::ScriptEnded));
                }
            }
            // Once the game has its result the lines left are for after it.
            let waiting =
                self.current.is_none() && !self.done && session.game().outcome().is_none();
            tokio::select! {
                update = session.next() => {
                    idle = Instant::now();
                    match update? {
                        Update::Remote { seq, event } => {
                            say(out, &self.voice.event(seq, &event, session.game()));
                        }
                        Update::Acked { .. }
                        | Update::PeerClock { .. }
                        | Update::ReviewOffered
                        | Update::ReviewAnswered(_) => {}
                        Update::Withdrawn { event, moves, again, .. } => {
                            say(out, &self.voice.withdrawn(&event, moves, again, session.game()));
                        }
                        Update::Again { seq, event } => {
                            say(out, &self.voice.event(seq, &event, session.game()));
                        }
                        Update::Chat(text) => say(out, &self.voice.chat(&text)),
                        Update::Bye(reason) => {
                            return Ok(Finish::Adjourned(Adjourned::PartnerLeft(reason)));
                        }
                    }
                }
                line = self.commands.recv(), if waiting => match line {
                    None => self.done = true,
                    Some(line) => match self.voice.read(&line, me, size) {
                        Ok(Some(Command::Board)) => {
                            for row in self.voice.board(session.game(), me) {
                                say(out, &row);
                            }
                        }
                        Ok(Some(Command::Help)) => say(out, &self.voice.help()),
                        Ok(command) => self.current = command,
                        Err(e) => say(out, &self.voice.unreadable(&e)),
                    },
                },
                _ = tick.tick() => {}
            }
        }
    }
}

fn say(out: &mut impl Write, line: &str) {
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::{BoardSize, Komi, Point, Settings};

    /// A 9×9 game with one white stone at E5 in a black ring, stopped, with
    /// a play-out opened on it: Black attacks and moves first.
    fn playout_open() -> Game {
        let at = |name: &str| Point::parse_gtp(name, 9).unwrap();
        let mut setup = vec![(Color::White, at("E5"))];
        setup.extend(["D5", "F5", "E4"].map(|p| (Color::Black, at(p))));
        let settings = Settings {
            setup,
            ..Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN)
        };
        let mut game = Game::new(settings).unwrap();
        for color in [Color::Black, Color::White] {
            game.apply(Event::Pass { color }).unwrap();
        }
        let area = vec![at("E5")];
        game.apply(Event::OpenPlayout {
            by: Color::White,
            area,
        })
        .unwrap();
        game
    }

    #[test]
    fn a_move_or_a_pass_is_the_playouts_while_one_is_open() {
        let mut game = playout_open();
        let e6 = Point::parse_gtp("E6", 9).unwrap();
        let play = |color| Command::Event(Event::Play { color, point: e6 });
        let pass = |color| Command::Event(Event::Pass { color });
        // Nothing answered yet: each goes at once, the rules judge the turn.
        assert_eq!(
            ready(&pass(Color::White), &game),
            Some(Command::Event(Event::PlayoutPass {
                color: Color::White
            }))
        );
        let step = ready(&play(Color::Black), &game).unwrap();
        assert_eq!(
            step,
            Command::Event(Event::PlayoutPlay {
                color: Color::Black,
                point: e6
            })
        );
        let Command::Event(event) = step else {
            unreachable!()
        };
        game.apply(event).unwrap();
        // Black's next step waits for White's answer; White's goes.
        assert_eq!(ready(&pass(Color::Black), &game), None);
        assert!(ready(&pass(Color::White), &game).is_some());
        game.apply(Event::ClosePlayout { by: Color::White })
            .unwrap();
        // Closed: a move waits for play to resume again.
        assert_eq!(ready(&play(Color::Black), &game), None);
    }
}
