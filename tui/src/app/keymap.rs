//! The keys of each screen, kept in one table per screen so that the key
//! handling, the help overlay and the hint line can never disagree.

use super::command::{Ask, Command};
use super::{Screen, State};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kaisho_core::Phase;

/// Which key table applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    Home,
    Play,
    Ending,
    Result,
}

impl Context {
    /// The context of what the state shows now.
    #[must_use]
    pub fn of(state: &State) -> Context {
        match &state.screen {
            Screen::Home => Context::Home,
            Screen::Game(session) => match session.game.phase() {
                Phase::Playing => Context::Play,
                Phase::Stopped | Phase::Ending => Context::Ending,
                Phase::Ended => Context::Result,
            },
        }
    }

    /// The screen's name, for the help overlay's title.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Context::Home => "home",
            Context::Play => "game",
            Context::Ending => "ending",
            Context::Result => "result",
        }
    }
}

/// A key binding: the keys, what they do, and an optional short hint.
#[derive(Clone, Debug)]
pub struct Binding {
    pub keys: &'static [KeyCode],
    pub what: &'static str,
    /// Shown in the one-line key hints when set.
    pub hint: Option<&'static str>,
    pub command: Command,
}

const fn bind(
    keys: &'static [KeyCode],
    what: &'static str,
    hint: Option<&'static str>,
    command: Command,
) -> Binding {
    Binding {
        keys,
        what,
        hint,
        command,
    }
}

use KeyCode::{Char, Down, Enter, Esc, Left, Right, Up};

const HOME: &[Binding] = &[
    bind(
        &[Up, Char('k')],
        "select the item above",
        Some("jk select"),
        Command::Up,
    ),
    bind(
        &[Down, Char('j')],
        "select the item below",
        None,
        Command::Down,
    ),
    bind(
        &[Left, Char('h')],
        "lower the value",
        Some("hl change"),
        Command::Left,
    ),
    bind(&[Right, Char('l')], "raise the value", None, Command::Right),
    bind(
        &[Enter, Char(' ')],
        "start the game or choose",
        Some("Enter start"),
        Command::Select,
    ),
    bind(
        &[Char('?')],
        "show or hide this help",
        Some("? help"),
        Command::Help,
    ),
    bind(
        &[Char('q'), Esc],
        "quit kaisho",
        Some("q quit"),
        Command::Quit,
    ),
];

const CURSOR: &[Binding] = &[
    bind(
        &[Up, Char('k')],
        "move the cursor up",
        Some("hjkl move"),
        Command::Up,
    ),
    bind(
        &[Down, Char('j')],
        "move the cursor down",
        None,
        Command::Down,
    ),
    bind(
        &[Left, Char('h')],
        "move the cursor left",
        None,
        Command::Left,
    ),
    bind(
        &[Right, Char('l')],
        "move the cursor right",
        None,
        Command::Right,
    ),
];

const PLAY: &[Binding] = &[
    bind(
        &[Enter, Char(' ')],
        "play a stone at the cursor (or click a point)",
        Some("Enter play"),
        Command::Select,
    ),
    bind(
        &[Char(':')],
        "type a point to play, such as D4",
        Some(": type"),
        Command::TypePoint,
    ),
    bind(&[Char('p')], "pass", Some("p pass"), Command::Pass),
    bind(
        &[Char('r')],
        "resign (asks first)",
        Some("r resign"),
        Command::Ask(Ask::Resign),
    ),
    bind(
        &[Char('n')],
        "offer no-result after a whole-board repetition",
        None,
        Command::OfferNoResult,
    ),
    bind(
        &[Char('t')],
        "switch point names: GTP (D4) or 1949 style",
        Some("t names"),
        Command::ToggleNames,
    ),
    bind(
        &[Char('?')],
        "show or hide this help",
        Some("? help"),
        Command::Help,
    ),
    bind(
        &[Char('q')],
        "quit (asks first)",
        Some("q quit"),
        Command::Ask(Ask::Quit),
    ),
];

const ENDING: &[Binding] = &[
    bind(
        &[Enter, Char(' ')],
        "mark or unmark the chain at the cursor as dead (or click it)",
        Some("Enter mark"),
        Command::Select,
    ),
    bind(
        &[Char(':')],
        "type a point whose chain to mark",
        None,
        Command::TypePoint,
    ),
    bind(
        &[Char('s')],
        "send the marked stones as a proposal or counter-proposal",
        Some("s propose"),
        Command::Propose,
    ),
    bind(
        &[Char('a')],
        "accept the partner's proposal: the game ends",
        Some("a accept"),
        Command::Accept,
    ),
    bind(
        &[Char('r')],
        "request resumption: the partner moves first (asks first)",
        Some("r resume"),
        Command::Ask(Ask::Resume),
    ),
    bind(
        &[Char('x')],
        "declare the game unresolvable: both lose (asks first)",
        Some("x no deal"),
        Command::Ask(Ask::DeclareBothLose),
    ),
    bind(
        &[Char('t')],
        "switch point names: GTP (D4) or 1949 style",
        None,
        Command::ToggleNames,
    ),
    bind(
        &[Char('?')],
        "show or hide this help",
        Some("? help"),
        Command::Help,
    ),
    bind(
        &[Char('q')],
        "quit (asks first)",
        Some("q quit"),
        Command::Ask(Ask::Quit),
    ),
];

const RESULT: &[Binding] = &[
    bind(
        &[Char('n'), Enter],
        "back to the home screen for a new game",
        Some("n new game"),
        Command::Home,
    ),
    bind(
        &[Char('t')],
        "switch point names: GTP (D4) or 1949 style",
        Some("t names"),
        Command::ToggleNames,
    ),
    bind(
        &[Char('?')],
        "show or hide this help",
        Some("? help"),
        Command::Help,
    ),
    bind(&[Char('q')], "quit kaisho", Some("q quit"), Command::Quit),
];

/// The key table of a context; the board screens share the cursor keys.
pub fn bindings(context: Context) -> impl Iterator<Item = &'static Binding> {
    let (cursor, rest): (&[Binding], &[Binding]) = match context {
        Context::Home => (&[], HOME),
        Context::Play => (CURSOR, PLAY),
        Context::Ending => (CURSOR, ENDING),
        Context::Result => (&[], RESULT),
    };
    cursor.iter().chain(rest)
}

/// The command a key means in a context. Control-C always quits at once,
/// as users expect of a terminal program.
#[must_use]
pub fn command_for(context: Context, key: KeyEvent) -> Option<Command> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == Char('c')).then_some(Command::Quit);
    }
    bindings(context)
        .find(|b| b.keys.contains(&key.code))
        .map(|b| b.command.clone())
}

/// The name of a key as the help shows it.
#[must_use]
pub fn key_label(code: KeyCode) -> String {
    match code {
        Char(' ') => "Space".to_string(),
        Char(c) => c.to_string(),
        Enter => "Enter".to_string(),
        Esc => "Esc".to_string(),
        Up => "Up".to_string(),
        Down => "Down".to_string(),
        Left => "Left".to_string(),
        Right => "Right".to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONTEXTS: [Context; 4] = [
        Context::Home,
        Context::Play,
        Context::Ending,
        Context::Result,
    ];

    #[test]
    fn no_key_means_two_things_on_one_screen() {
        for context in CONTEXTS {
            let mut seen = Vec::new();
            for key in bindings(context).flat_map(|b| b.keys) {
                assert!(!seen.contains(key), "{key:?} twice in {context:?}");
                seen.push(*key);
            }
        }
    }

    #[test]
    fn the_hints_fit_one_line_of_80_columns() {
        for context in CONTEXTS {
            let hints: Vec<&str> = bindings(context).filter_map(|b| b.hint).collect();
            let width = hints.join("  ").chars().count();
            assert!(width <= 80, "{context:?}: {width}");
        }
    }

    #[test]
    fn control_c_quits_everywhere_and_other_controls_do_nothing() {
        let ctrl = |c| KeyEvent::new(Char(c), KeyModifiers::CONTROL);
        for context in CONTEXTS {
            assert_eq!(command_for(context, ctrl('c')), Some(Command::Quit));
            assert_eq!(command_for(context, ctrl('p')), None);
        }
    }
}
