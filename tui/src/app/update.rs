//! The one function that changes the state.

use super::command::Command;
use super::keymap::{Context, command_for};
use super::msg::{Cmd, Msg};
use super::prompt::{Prompt, Reply};
use super::session::Session;
use super::text::{board_text, score_text};
use super::{Message, Screen, State, Tone};
use crate::layout::{Areas, BoardLayout};
use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use kaisho_core::{BoardSize, Settings};
use ratatui::layout::Rect;

/// How many ticks (seconds) a message stays before the line clears.
const MESSAGE_SECONDS: u8 = 8;

/// What a step of the update produced besides the state change.
#[derive(Debug, Default)]
pub(super) struct Out {
    pub cmds: Vec<Cmd>,
    pub message: Option<Message>,
    /// A prompt to open once the step is done.
    pub prompt: Option<Prompt>,
}

impl Out {
    /// Reports progress on the message line and to plain mode.
    pub fn say(&mut self, text: String) {
        self.tell(text, Tone::Info);
    }

    /// Reports a refusal and its reason.
    pub fn refuse(&mut self, text: String) {
        self.tell(text, Tone::Error);
    }

    fn tell(&mut self, text: String, tone: Tone) {
        self.cmds.push(Cmd::Say(text.clone()));
        self.message = Some(Message { text, tone, age: 0 });
    }
}

/// Applies one message to the state and returns what the outside world
/// must do. Never blocks and never panics on any input.
pub fn update(state: &mut State, msg: Msg) -> Vec<Cmd> {
    let mut out = Out::default();
    match msg {
        Msg::Key(key) => self::key(state, key, &mut out),
        Msg::Mouse(mouse) => self::mouse(state, mouse, &mut out),
        Msg::Resize(w, h) => state.viewport = (w, h),
        Msg::Tick => {
            if let Some(message) = &mut state.message {
                message.age = message.age.saturating_add(1);
                if message.age >= MESSAGE_SECONDS && state.prompt.is_none() {
                    state.message = None;
                }
            }
        }
        Msg::Command(command) => run(state, command, &mut out),
    }
    if out.message.is_some() {
        state.message = out.message;
    }
    if out.prompt.is_some() {
        state.prompt = out.prompt;
    }
    out.cmds
}

fn key(state: &mut State, key: KeyEvent, out: &mut Out) {
    if state.help {
        state.help = false;
        return;
    }
    if let Some(prompt) = &mut state.prompt {
        match prompt.key(key) {
            Reply::Stay => {}
            Reply::Close => state.prompt = None,
            Reply::Run(command) => {
                state.prompt = None;
                run(state, command, out);
            }
            Reply::Submit(text) => {
                state.prompt = None;
                typed_point(state, &text, out);
            }
        }
        return;
    }
    if let Some(command) = command_for(Context::of(state), key) {
        run(state, command, out);
    }
}

fn typed_point(state: &mut State, text: &str, out: &mut Out) {
    let Some(session) = state.session() else {
        return;
    };
    let size = session.game.settings().size.get();
    match state.naming.parse(text, size) {
        Ok(point) => run(state, Command::At(point), out),
        Err(e) => out.refuse(e.to_string()),
    }
}

fn mouse(state: &mut State, mouse: MouseEvent, out: &mut Out) {
    if state.help || state.prompt.is_some() {
        return;
    }
    if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
        return;
    }
    let Some(session) = state.session() else {
        return;
    };
    let layout = BoardLayout::new(session.game.settings().size.get(), state.naming);
    // A window too small for the board shows no board to click on.
    let (w, h) = state.viewport;
    if Areas::new(Rect::new(0, 0, w, h), layout).is_none() {
        return;
    }
    if let Some(point) = layout.hit(mouse.column, mouse.row) {
        run(state, Command::At(point), out);
    }
}

fn run(state: &mut State, command: Command, out: &mut Out) {
    match command {
        Command::Help => state.help = !state.help,
        Command::Quit => out.cmds.push(Cmd::Quit),
        Command::Ask(ask) => state.prompt = Some(Prompt::Confirm(ask)),
        Command::TypePoint => state.prompt = Some(Prompt::Point(String::new())),
        Command::ToggleNames => {
            state.naming.style = state.naming.style.toggled();
            let example = state.naming.name(kaisho_core::Point::new(15, 3), 19);
            out.say(format!("points are now named like {example}"));
        }
        Command::StartLocal {
            size,
            komi,
            handicap,
        } => start_local(state, size, komi, handicap, out),
        Command::Home => match state.session() {
            Some(session) if session.game.outcome().is_none() => {
                out.refuse("the game is not over yet".to_string());
            }
            _ => {
                state.screen = Screen::Home;
                state.message = None;
            }
        },
        Command::ShowBoard | Command::ShowScore => match state.session() {
            Some(session) => {
                let text = match command {
                    Command::ShowBoard => board_text(session),
                    _ => score_text(session),
                };
                out.cmds.push(Cmd::Say(text));
            }
            None => out.refuse("no game yet: start one first".to_string()),
        },
        other => match &mut state.screen {
            Screen::Home => {
                if let Some(next) = state.home.run(&other) {
                    run(state, next, out);
                }
            }
            Screen::Game(session) => session.run(other, state.naming, out),
        },
    }
}

fn start_local(state: &mut State, size: u8, komi: kaisho_core::Komi, handicap: u8, out: &mut Out) {
    let settings = BoardSize::new(u32::from(size))
        .map_err(|e| e.to_string())
        .and_then(|size| Settings::handicap(size, handicap, komi).map_err(|e| e.to_string()));
    match settings.and_then(|s| Session::new(s).map_err(|e| e.to_string())) {
        Ok(session) => {
            let first = session.game.to_move();
            let handicap = match handicap {
                0 => String::new(),
                n => format!(", {n} handicap stones"),
            };
            state.screen = Screen::Game(Box::new(session));
            state.prompt = None;
            out.say(format!(
                "new local game: {size}x{size}, komi {komi}{handicap}; {first} to play"
            ));
        }
        Err(e) => out.refuse(e),
    }
}
