//! An engine seated in a LAN game (`kaisho host --engine CMD`, `kaisho
//! join --engine CMD`): the headless game of `kaisho_net::script` is
//! driven by the engine instead of typed lines. The script's voice shows
//! each event to a driver task, which tells the partner's moves to the
//! engine with `play` and, when it is our turn, types the engine's
//! `genmove` answer as the script line a person would type; in the ending
//! it proposes the engine's dead list and judges the partner's proposal as
//! the engine's seat at the screen does (`stand`), naming in the chat the
//! chains it disagrees on, and plays its side of a play-out. A failing
//! engine says why and leaves (`bye`): the game stays adjourned in both
//! logs.

use super::error::EngineError;
use super::gtp::Gtp;
use super::playout::scratch_move;
use super::stand::{Ending, Judgement};
use super::talk;
use crate::plain::script::ScriptVoice;
use crate::words::{EngineLine, Lang, engine_error, engine_line, naming_for};
use kaisho_core::clock::TimeControl;
use kaisho_core::{Color, Event, Game, Move, Phase, Point};
use kaisho_net::NetError;
use kaisho_net::script::{Command, Script, Voice};
use kaisho_saves::limits::MAX_CHAT_CHARS;
use std::time::Duration;
use tokio::sync::mpsc::{self, Sender, UnboundedReceiver, UnboundedSender};
use tokio::task::JoinHandle;

/// What the headless game shows the driver.
enum Seen {
    /// The game as it begins or resumes, and our colour.
    Start(Game, Color),
    /// An event applied (ours or the partner's) and the game after it.
    Event(Event, Game),
    /// The game after something the engine may not know (a crossed move
    /// taken back, a line refused): the engine's board is set up again.
    Again(Game),
}

/// The script's words, with each event shown to the driver as well.
struct EngineVoice {
    words: ScriptVoice,
    seen: UnboundedSender<Seen>,
}

impl Voice for EngineVoice {
    fn read(&self, line: &str, me: Color, size: u8) -> Result<Option<Command>, String> {
        self.words.read(line, me, size)
    }

    fn help(&self) -> String {
        self.words.help()
    }

    fn event(&self, seq: u32, event: &Event, game: &Game) -> String {
        let _ = self.seen.send(Seen::Event(event.clone(), game.clone()));
        self.words.event(seq, event, game)
    }

    fn withdrawn(&self, event: &Event, moves: u32, again: bool, game: &Game) -> String {
        let _ = self.seen.send(Seen::Again(game.clone()));
        self.words.withdrawn(event, moves, again, game)
    }

    fn refused(&self, error: &NetError, game: &Game) -> String {
        let _ = self.seen.send(Seen::Again(game.clone()));
        self.words.refused(error, game)
    }

    fn unreadable(&self, why: &str) -> String {
        self.words.unreadable(why)
    }

    fn chat(&self, text: &str) -> String {
        self.words.chat(text)
    }

    fn board(&self, game: &Game, me: Color) -> Vec<String> {
        self.words.board(game, me)
    }
}

/// The engine at a LAN game: the driver task and how to tell it the game.
pub struct LanEngine {
    seen: UnboundedSender<Seen>,
    task: JoinHandle<()>,
}

impl LanEngine {
    /// Starts `command` and returns the script it plays through, in
    /// `lang`'s words, and the engine; each `genmove` may take `limit`.
    pub fn start(
        command: &str,
        lang: Lang,
        limit: Duration,
    ) -> Result<(Script, LanEngine), EngineError> {
        let gtp = Gtp::spawn(command)?;
        let (lines_tx, lines) = mpsc::channel(16);
        let (seen, seen_rx) = mpsc::unbounded_channel();
        let voice = EngineVoice {
            words: ScriptVoice {
                naming: naming_for(lang),
            },
            seen: seen.clone(),
        };
        let task = tokio::spawn(drive(gtp, seen_rx, lines_tx, limit, lang));
        Ok((
            Script::new(lines, Box::new(voice)),
            LanEngine { seen, task },
        ))
    }

    /// The game begins (or resumes) with us playing `me`.
    pub fn begin(&self, game: &Game, me: Color) {
        let _ = self.seen.send(Seen::Start(game.clone(), me));
    }

    /// The game is over here: the engine says goodbye and is reaped.
    pub async fn close(self) {
        drop(self.seen);
        let _ = self.task.await;
    }
}

/// The driver: until the game's voice goes quiet, or the engine fails
/// (said on standard error, and the script told to leave).
async fn drive(
    mut gtp: Gtp,
    mut seen: UnboundedReceiver<Seen>,
    lines: Sender<String>,
    limit: Duration,
    lang: Lang,
) {
    let mut driver = Driver {
        me: Color::Black,
        asked: None,
        scratch_asked: None,
        ending: None,
        limit,
        lang,
    };
    'game: while let Some(first) = seen.recv().await {
        match driver.step(&mut gtp, first).await {
            Ok(said) => {
                for line in said {
                    if lines.send(line).await.is_err() {
                        break 'game;
                    }
                }
            }
            Err(e) => {
                let why = engine_error(&e, naming_for(lang), crate::netplay::NO_BOARD);
                eprintln!("kaisho: {}", engine_line(lang, EngineLine::Adjourned(&why)));
                let _ = lines.send("bye".to_string()).await;
                break;
            }
        }
    }
    gtp.close().await;
}

struct Driver {
    me: Color,
    /// The move number at which the engine was last asked for a move, so
    /// that it is asked once per turn.
    asked: Option<u32>,
    /// The play-out (by how many had closed before it) and its move at
    /// which the engine was last asked for a scratch move.
    scratch_asked: Option<(usize, usize)>,
    /// Where the engine stands at the present stoppage, once asked.
    ending: Option<Ending>,
    limit: Duration,
    lang: Lang,
}

impl Driver {
    /// Takes in what the game showed and returns the lines to type, if the
    /// engine has something to do.
    async fn step(&mut self, gtp: &mut Gtp, seen: Seen) -> Result<Vec<String>, EngineError> {
        let game = match seen {
            Seen::Start(game, me) => {
                self.me = me;
                talk::set_up(gtp, &game, TimeControl::None).await?;
                game
            }
            Seen::Event(event, game) => {
                let size = game.settings().size.get();
                let partners = event.actor() != self.me;
                match event {
                    Event::Play { color, point } if partners => {
                        talk::tell(gtp, Move::Play(color, point), size).await?;
                    }
                    Event::Pass { color } if partners => {
                        talk::tell(gtp, Move::Pass(color), size).await?;
                    }
                    Event::ClosePlayout { .. } => self.playout_closed(gtp, &game).await?,
                    _ => {}
                }
                game
            }
            Seen::Again(game) => {
                talk::set_up(gtp, &game, TimeControl::None).await?;
                self.asked = None;
                self.scratch_asked = None;
                game
            }
        };
        self.decide(gtp, &game).await
    }

    async fn decide(&mut self, gtp: &mut Gtp, game: &Game) -> Result<Vec<String>, EngineError> {
        let me = self.me;
        let at = game.move_number();
        let size = game.settings().size.get();
        if game.outcome().is_some() {
            return Ok(Vec::new());
        }
        if game.undo_request() == Some(me.opponent()) {
            return Ok(vec!["decline-undo".to_string()]);
        }
        if let Some(scratch) = game.playout() {
            let turn = (game.confirmed().len(), scratch.steps().len());
            if scratch.to_move() != me || self.scratch_asked == Some(turn) {
                return Ok(Vec::new());
            }
            self.scratch_asked = Some(turn);
            let line = match scratch_move(gtp, game, TimeControl::None, me, self.limit).await? {
                Event::PlayoutPlay { point, .. } => format!("play {}", point.to_gtp(size)),
                _ => "pass".to_string(),
            };
            return Ok(vec![line]);
        }
        match game.phase() {
            Phase::Playing if game.to_move() == me && self.asked != Some(at) => {
                self.asked = Some(at);
                Ok(vec![
                    match talk::genmove(gtp, game, me, self.limit).await? {
                        Event::Play { point, .. } => format!("play {}", point.to_gtp(size)),
                        Event::Resign { .. } => "resign".to_string(),
                        _ => "pass".to_string(),
                    },
                ])
            }
            Phase::Stopped | Phase::Ending => {
                let open = game
                    .open_proposal()
                    .and_then(|n| game.proposals().get(n as usize));
                match open {
                    Some(p) if p.by == me => Ok(Vec::new()),
                    Some(p) => {
                        let lang = self.lang;
                        let ending = self.ending(gtp, game).await?;
                        Ok(match ending.judge(&p.dead) {
                            Judgement::Accept => vec!["accept".to_string()],
                            Judgement::Refuse { dead, alive } => {
                                let naming = naming_for(lang);
                                let (dead, alive) =
                                    (naming.names(&dead, size), naming.names(&alive, size));
                                let why = engine_line(
                                    lang,
                                    EngineLine::Disagrees {
                                        dead: &dead,
                                        alive: &alive,
                                    },
                                );
                                let why: String = why.chars().take(MAX_CHAT_CHARS).collect();
                                vec![proposal_line(&ending.own(), game), format!("chat {why}")]
                            }
                        })
                    }
                    None if self.ending.as_ref().is_some_and(|e| e.at == at) => Ok(Vec::new()),
                    None => {
                        let ending = self.ending(gtp, game).await?;
                        Ok(vec![proposal_line(&ending.own(), game)])
                    }
                }
            }
            _ => Ok(Vec::new()),
        }
    }

    /// Where the engine stands at this stoppage, asked once.
    async fn ending(&mut self, gtp: &mut Gtp, game: &Game) -> Result<&mut Ending, EngineError> {
        let ending = match self.ending.take() {
            Some(ending) if ending.at == game.move_number() => ending,
            _ => talk::ending(gtp, game).await?,
        };
        Ok(self.ending.insert(ending))
    }

    /// A play-out has closed: the engine is given the game's position back
    /// and takes what the play-out showed into its list.
    async fn playout_closed(&mut self, gtp: &mut Gtp, game: &Game) -> Result<(), EngineError> {
        talk::set_up(gtp, game, TimeControl::None).await?;
        let shown = game
            .confirmed()
            .last()
            .and_then(|done| done.verdict.marks(&done.disputed));
        if let Some(marks) = shown {
            self.ending(gtp, game).await?.stand.shown.push(marks);
        }
        Ok(())
    }
}

/// The script line that proposes `dead`.
fn proposal_line(dead: &[Point], game: &Game) -> String {
    let size = game.settings().size.get();
    let names: Vec<String> = dead.iter().map(|p| p.to_gtp(size)).collect();
    format!("propose {}", names.join(" "))
        .trim_end()
        .to_string()
}
