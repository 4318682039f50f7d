//! An engine seated in a LAN game (`kaisho host --engine CMD`, `kaisho
//! join --engine CMD`): the headless game of `kaisho_net::script` is
//! driven by the engine instead of typed lines. The script's voice shows
//! each event to a driver task, which tells the partner's moves to the
//! engine with `play` and, when it is our turn, types the engine's
//! `genmove` answer as the script line a person would type; in the ending
//! it proposes the engine's `final_status_list dead` and judges the
//! partner's proposal as the engine's seat at the screen does. A failing
//! engine says why and leaves (`bye`): the game stays adjourned in both
//! logs.

use super::error::EngineError;
use super::gtp::Gtp;
use super::talk;
use crate::plain::script::ScriptVoice;
use crate::words::{EngineLine, Lang, engine_error, engine_line, naming_for};
use kaisho_core::clock::TimeControl;
use kaisho_core::life::{Limits, draft};
use kaisho_core::{Color, Event, Game, Move, Phase, Point};
use kaisho_net::NetError;
use kaisho_net::script::{Command, Script, Voice};
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

    fn withdrawn(&self, event: &Event, game: &Game) -> String {
        let _ = self.seen.send(Seen::Again(game.clone()));
        self.words.withdrawn(event, game)
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
        own: None,
        limit,
    };
    while let Some(first) = seen.recv().await {
        match driver.step(&mut gtp, first).await {
            Ok(Some(line)) => {
                if lines.send(line).await.is_err() {
                    break;
                }
            }
            Ok(None) => {}
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
    /// The engine's dead list at a stoppage (the move number), once asked.
    own: Option<(u32, Vec<Point>)>,
    limit: Duration,
}

impl Driver {
    /// Takes in what the game showed and returns the line to type, if the
    /// engine has something to do.
    async fn step(&mut self, gtp: &mut Gtp, seen: Seen) -> Result<Option<String>, EngineError> {
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
                    _ => {}
                }
                game
            }
            Seen::Again(game) => {
                talk::set_up(gtp, &game, TimeControl::None).await?;
                self.asked = None;
                game
            }
        };
        self.decide(gtp, &game).await
    }

    async fn decide(&mut self, gtp: &mut Gtp, game: &Game) -> Result<Option<String>, EngineError> {
        let me = self.me;
        let at = game.move_number();
        if game.outcome().is_some() {
            return Ok(None);
        }
        if game.undo_request() == Some(me.opponent()) {
            return Ok(Some("decline-undo".to_string()));
        }
        match game.phase() {
            Phase::Playing if game.to_move() == me && self.asked != Some(at) => {
                self.asked = Some(at);
                let size = game.settings().size.get();
                Ok(Some(
                    match talk::genmove(gtp, game, me, self.limit).await? {
                        Event::Play { point, .. } => format!("play {}", point.to_gtp(size)),
                        Event::Resign { .. } => "resign".to_string(),
                        _ => "pass".to_string(),
                    },
                ))
            }
            Phase::Stopped | Phase::Ending => {
                let open = game
                    .open_proposal()
                    .and_then(|n| game.proposals().get(n as usize));
                match open {
                    Some(p) if p.by == me => Ok(None),
                    Some(p) => {
                        let own = self.own_list(gtp, game, at).await?;
                        Ok(Some(if talk::agrees(game, &p.dead, &own) {
                            "accept".to_string()
                        } else {
                            proposal_line(&own, game)
                        }))
                    }
                    None if self.own.as_ref().is_some_and(|(m, _)| *m == at) => Ok(None),
                    None => {
                        let own = self.own_list(gtp, game, at).await?;
                        Ok(Some(proposal_line(&own, game)))
                    }
                }
            }
            _ => Ok(None),
        }
    }

    /// The engine's dead list at this stoppage, asked once; kaisho's
    /// Article 7 draft for an engine that cannot say.
    async fn own_list(
        &mut self,
        gtp: &mut Gtp,
        game: &Game,
        at: u32,
    ) -> Result<Vec<Point>, EngineError> {
        if let Some((m, own)) = &self.own
            && *m == at
        {
            return Ok(own.clone());
        }
        let own = match talk::dead_list(gtp, game).await? {
            Some(own) => own,
            None => draft(game.board(), &Limits::default()),
        };
        self.own = Some((at, own.clone()));
        Ok(own)
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
