//! The keys of each screen, kept in one table per screen so that the key
//! handling, the help overlay and the hint line can never disagree.

use super::command::{Ask, Command};
use super::watch::Follow;
use super::{Screen, State};
use crate::words::Lang;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kaisho_core::Phase;

/// Which key table applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    Home,
    Play,
    Ending,
    Result,
    /// A game stopped because its log could not be written.
    Halted,
    Games,
    Review,
    /// Trying moves in a review: a cursor on the board.
    Trying,
    Series,
    Settings,
    /// The host's form for a LAN game.
    HostForm,
    /// Waiting for the partner.
    Lobby,
    /// Looking back through the game in play.
    Look,
    /// A play-out (確認) on its scratch board in the ending.
    Playout,
    /// Watching a game (観戦).
    Watch,
}

impl Context {
    /// Every context, for the tests that walk all key tables.
    pub const ALL: [Context; 15] = [
        Context::Home,
        Context::Play,
        Context::Ending,
        Context::Result,
        Context::Halted,
        Context::Games,
        Context::Review,
        Context::Trying,
        Context::Series,
        Context::Settings,
        Context::HostForm,
        Context::Lobby,
        Context::Look,
        Context::Playout,
        Context::Watch,
    ];

    /// The context of what the state shows now.
    #[must_use]
    pub fn of(state: &State) -> Context {
        match &state.screen {
            Screen::Home => Context::Home,
            Screen::Games(_) => Context::Games,
            Screen::Review(review) if review.cursor.is_some() => Context::Trying,
            Screen::Review(_) => Context::Review,
            Screen::Series(_) => Context::Series,
            Screen::Settings(_) => Context::Settings,
            Screen::HostForm(_) => Context::HostForm,
            Screen::Lobby(_) | Screen::Join(_) => Context::Lobby,
            Screen::Watch(_) => Context::Watch,
            Screen::Game(session) if session.look.back.is_some() => Context::Look,
            Screen::Game(session) if session.halted.is_some() => Context::Halted,
            Screen::Game(session) if session.game.playout().is_some() => Context::Playout,
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
            Context::Halted => "stopped game",
            Context::Games => "saved games",
            Context::Review => "review",
            Context::Trying => "review (trying moves)",
            Context::Series => "series",
            Context::Settings => "settings",
            Context::HostForm => "host a game",
            Context::Lobby => "waiting for the partner",
            Context::Look => "look back",
            Context::Playout => "play-out",
            Context::Watch => "watching",
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

/// `?`, the same on every screen.
const HELP: Binding = bind(
    &[KeyCode::Char('?')],
    "show or hide this help",
    Some("? help"),
    Command::Help,
);

/// `t` where the hint line has no room for it.
const NAMES: Binding = bind(
    &[Char('t')],
    "switch point names: GTP (D4) or 1949 style",
    None,
    Command::ToggleNames,
);

/// Esc or `q` on a screen opened from home.
const BACK_HOME: Binding = bind(
    &[Esc, Char('q')],
    "back to the home screen",
    Some("Esc back"),
    Command::Back,
);

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

use KeyCode::{Char, Down, End, Enter, Esc, Home, Left, Right, Up};

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
    HELP,
    bind(
        &[Char('q'), Esc],
        "quit kaisho (asks first; Ctrl-C quits at once)",
        Some("q quit"),
        Command::Ask(Ask::Quit),
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
        &[Char('u')],
        "take back the last move by consent (待った)",
        None,
        Command::Undo,
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
    CLOSE_WATCHING,
    CHAT,
    HELP,
    bind(
        &[Char('q')],
        "leave the game for home; it stays adjourned (asks first)",
        Some("q leave"),
        Command::Ask(Ask::Adjourn),
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
        &[Char('u')],
        "take back the last pass by consent (待った) before any proposal: play goes on",
        None,
        Command::Undo,
    ),
    bind(
        &[Char('o')],
        "play the chain at the cursor out (確認)",
        None,
        Command::OpenPlayout(None),
    ),
    bind(
        &[Char('x')],
        "declare the game unresolvable: both lose (asks first)",
        Some("x no deal"),
        Command::Ask(Ask::DeclareBothLose),
    ),
    NAMES,
    CLOSE_WATCHING,
    CHAT,
    HELP,
    bind(
        &[Char('q')],
        "leave the game for home; it stays adjourned (asks first)",
        Some("q leave"),
        Command::Ask(Ask::Adjourn),
    ),
];

const PLAYOUT: &[Binding] = &[
    bind(
        &[Enter, Char(' ')],
        "play a stone at the cursor on the scratch board (or click a point)",
        Some("Enter play"),
        Command::Select,
    ),
    bind(
        &[Char(':')],
        "type a point to play on the scratch board",
        None,
        Command::TypePoint,
    ),
    bind(
        &[Char('p')],
        "pass on the scratch board; it counts for the oldest ko you may not retake",
        Some("p pass"),
        Command::Pass,
    ),
    bind(
        &[Char('e'), Esc],
        "close the play-out: the board is put back and its verdict offered as marks",
        Some("e close"),
        Command::ClosePlayout,
    ),
    NAMES,
    CHAT,
    HELP,
];

const RESULT: &[Binding] = &[
    bind(
        &[Char('n'), Enter, Char('q')],
        "back to the home screen",
        Some("n home"),
        Command::Home,
    ),
    bind(
        &[Char('R')],
        "a network game: offer the partner to review it together (検討)",
        Some("R review together"),
        Command::OfferReview,
    ),
    bind(
        &[Char('t')],
        "switch point names: GTP (D4) or 1949 style",
        Some("t names"),
        Command::ToggleNames,
    ),
    CHAT,
    HELP,
];

const HALTED: &[Binding] = &[
    bind(
        &[Char('n'), Enter, Char('q')],
        "back to the home screen",
        Some("n home"),
        Command::Home,
    ),
    HELP,
];

const LIST: &[Binding] = &[
    bind(
        &[Up, Char('k')],
        "select the line above",
        Some("jk select"),
        Command::Up,
    ),
    bind(
        &[Down, Char('j')],
        "select the line below",
        None,
        Command::Down,
    ),
];

const GAMES: &[Binding] = &[
    bind(
        &[Enter, Char(' ')],
        "resume the adjourned game, or review the finished one or the imported record",
        Some("Enter open"),
        Command::Select,
    ),
    bind(
        &[Char('r')],
        "play on the adjourned game, an imported record without a result too",
        Some("r play on"),
        Command::PlayOn,
    ),
    bind(
        &[Char('i')],
        "review an SGF file, or import a file of several games: type its path",
        Some("i import SGF"),
        Command::AskImport,
    ),
    bind(
        &[Char('J')],
        "join a partner's review together (検討): type its code",
        Some("J join review"),
        Command::AskReviewCode,
    ),
    HELP,
    BACK_HOME,
];

/// Stepping through a record: a review, or looking back during a game.
const STEPS: &[Binding] = &[
    bind(
        &[Left, Char('h')],
        "one move back",
        Some("hl move"),
        Command::Left,
    ),
    bind(&[Right, Char('l')], "one move on", None, Command::Right),
    bind(
        &[Home],
        "the start, before the first move",
        Some("Home/End"),
        Command::First,
    ),
    bind(&[End], "the last move", None, Command::Last),
];

const REVIEW: &[Binding] = &[
    bind(
        &[Down, Char('j')],
        "the next variation of this move",
        Some("jk variation"),
        Command::Down,
    ),
    bind(
        &[Up, Char('k')],
        "the previous variation of this move",
        None,
        Command::Up,
    ),
    bind(
        &[Char('b')],
        "back to where this variation branches off",
        None,
        Command::BranchPoint,
    ),
    bind(
        &[Char('c')],
        "comment on this move: saved games keep it in the record",
        Some("c comment"),
        Command::AskComment,
    ),
    bind(
        &[Char('a')],
        "try moves: one off the line makes a new variation",
        Some("a try"),
        Command::ToggleTry,
    ),
    bind(
        &[Char('g')],
        "go to a move: type its number",
        Some("g go to"),
        Command::AskMove,
    ),
    bind(
        &[Char('R')],
        "review together (検討): a code for a partner to join",
        None,
        Command::HostReview,
    ),
    bind(
        &[Char('C')],
        "chat with the partner of a review together",
        None,
        Command::AskChat,
    ),
    bind(
        &[Char('e')],
        "ask the engine for its move and score here",
        None,
        Command::ConsultEngine,
    ),
    bind(
        &[Char('E')],
        "add the engine's move as a variation marked as its",
        None,
        Command::AddEngineMove,
    ),
    NAMES,
    HELP,
    bind(
        &[Esc, Char('q')],
        "back to the list",
        Some("Esc back"),
        Command::Back,
    ),
];

/// Trying moves in a review.
const TRYING: &[Binding] = &[
    bind(
        &[Enter, Char(' ')],
        "try a stone at the cursor (or click a point)",
        Some("Enter try"),
        Command::Select,
    ),
    bind(
        &[Char(':')],
        "type a point to try, such as D4",
        Some(": type"),
        Command::TypePoint,
    ),
    bind(&[Char('p')], "try a pass", None, Command::Pass),
    NAMES,
    HELP,
    bind(
        &[Esc, Char('a')],
        "stop trying moves: the arrows step through the record again",
        Some("Esc stop trying"),
        Command::ToggleTry,
    ),
];

const SERIES: &[Binding] = &[
    bind(
        &[Enter, Char(' ')],
        "open the series; in an open series, play its next game here",
        Some("Enter open/play"),
        Command::Select,
    ),
    bind(
        &[Char('H')],
        "in an open series: host its next game on the local network",
        Some("H host"),
        Command::HostSeries,
    ),
    bind(
        &[Char('J')],
        "in an open series: join the partner's hosting of its next game",
        Some("J join"),
        Command::JoinSeries,
    ),
    bind(
        &[Char('n')],
        "start a new series: type the players, the step and the weaker player",
        Some("n new"),
        Command::AskNewSeries,
    ),
    bind(
        &[Char('c')],
        "in an open series: correct the last result, or strike it out",
        Some("c correct"),
        Command::AskCorrection,
    ),
    HELP,
    bind(
        &[Esc, Char('q')],
        "back to the list, or home",
        Some("Esc back"),
        Command::Back,
    ),
];

/// The value keys of the forms: settings and hosting.
const VALUES: &[Binding] = &[
    bind(
        &[Left, Char('h')],
        "change the value down",
        Some("hl change"),
        Command::Left,
    ),
    bind(
        &[Right, Char('l')],
        "change the value up",
        None,
        Command::Right,
    ),
];

const SETTINGS: &[Binding] = &[
    bind(
        &[Enter, Char(' ')],
        "edit the name, change the value, or save",
        Some("Enter edit"),
        Command::Select,
    ),
    bind(
        &[Char('s')],
        "save the settings to the config file",
        Some("s save"),
        Command::SaveSettings,
    ),
    HELP,
    bind(
        &[Esc, Char('q')],
        "back to the home screen without saving",
        Some("Esc back"),
        Command::Back,
    ),
];

const HOST_FORM: &[Binding] = &[
    bind(
        &[Enter, Char(' ')],
        "start hosting, type the port, or change the value",
        Some("Enter choose"),
        Command::Select,
    ),
    HELP,
    BACK_HOME,
];

const LOBBY: &[Binding] = &[
    HELP,
    bind(
        &[Char('r')],
        "a new join code, once wrong tries burned the code",
        None,
        Command::NewCode,
    ),
    bind(
        &[Esc, Char('q')],
        "stop waiting and go back home",
        Some("Esc cancel"),
        Command::Back,
    ),
];

/// Watching a game: talk, watch again, leave; nothing reaches the game.
const WATCH: &[Binding] = &[
    bind(
        &[Char('c')],
        "kibitz: type a line to the other watchers (the players see it once the game ends)",
        Some("c kibitz"),
        Command::AskChat,
    ),
    bind(
        &[Char('r')],
        "watch again after the host dropped the watch (from the start)",
        Some("r watch again"),
        Command::WatchAgain,
    ),
    HELP,
    bind(
        &[Esc, Char('q')],
        "stop watching and go back home",
        Some("Esc leave"),
        Command::Back,
    ),
];
/// `W`, on the players' screen of a hosted game open to watchers.
const CLOSE_WATCHING: Binding = bind(
    &[Char('W')],
    "close watching (asks first; the watchers are dropped and told why)",
    None,
    Command::Ask(Ask::CloseWatching),
);
/// The record at hand, on every screen of a game.
const RECORD: &[Binding] = &[
    bind(
        &[Char('m')],
        "show or hide the move list (Esc hides it too)",
        None,
        Command::ToggleMoves,
    ),
    bind(
        &[Char('#')],
        "show or hide move numbers on the stones",
        None,
        Command::ToggleNumbers,
    ),
    bind(
        &[Char('v')],
        "look back through the game (it goes on meanwhile)",
        None,
        Command::LookBack,
    ),
];

/// Looking back through the game in play.
const LOOK: &[Binding] = &[
    bind(
        &[Char('m')],
        "show or hide the move list (Esc hides it too)",
        Some("m moves"),
        Command::ToggleMoves,
    ),
    bind(
        &[Char('#')],
        "show or hide move numbers on the stones",
        Some("# numbers"),
        Command::ToggleNumbers,
    ),
    HELP,
    bind(
        &[Esc, Char('v'), Char('q')],
        "back to the game",
        Some("Esc back to the game"),
        Command::EndLook,
    ),
];

/// `c`, on every screen of a game: a line to the partner.
/// The panel of a network game shows this key; local games have no use
/// for it, so the hint line leaves it out.
const CHAT: Binding = bind(
    &[Char('c')],
    "chat: type a line to the partner (network games)",
    None,
    Command::AskChat,
);

/// The key table of a context; the board screens share the cursor keys,
/// the lists their selection keys, the forms their value keys.
pub fn bindings(context: Context) -> impl Iterator<Item = &'static Binding> {
    let (moves, values, rest): (&[Binding], &[Binding], &[Binding]) = match context {
        Context::Home => (&[], &[], HOME),
        Context::Play => (CURSOR, RECORD, PLAY),
        Context::Ending => (CURSOR, RECORD, ENDING),
        Context::Result => (&[], RECORD, RESULT),
        Context::Look => (STEPS, &[], LOOK),
        Context::Halted => (&[], &[], HALTED),
        Context::Games => (LIST, &[], GAMES),
        Context::Review => (STEPS, &[], REVIEW),
        Context::Trying => (CURSOR, &[], TRYING),
        Context::Series => (LIST, &[], SERIES),
        Context::Settings => (LIST, VALUES, SETTINGS),
        Context::HostForm => (LIST, VALUES, HOST_FORM),
        Context::Lobby => (&[], &[], LOBBY),
        Context::Playout => (CURSOR, &[], PLAYOUT),
        Context::Watch => (&[], &[], WATCH),
    };
    moves.iter().chain(values).chain(rest)
}

/// The key table of the screen shown, without the keys that have nothing
/// to act on there: chat or a review together with an engine or in a game
/// at one keyboard,
/// closing watching in a game no one may watch. The help lists these, and
/// keys reach only these.
pub fn bindings_here(state: &State) -> impl Iterator<Item = &'static Binding> + '_ {
    bindings(Context::of(state)).filter(move |b| applies(state, &b.command))
}

/// The keys of [`bindings_here`] worth a hint now: `r` watches again only
/// after a drop that allows it (while watching, or once the players closed
/// watching, the key only says why not).
pub fn hints_here(state: &State) -> impl Iterator<Item = &'static Binding> + '_ {
    bindings_here(state).filter(move |b| match (&state.screen, &b.command) {
        (Screen::Watch(watch), Command::WatchAgain) => {
            matches!(
                watch.follow,
                Follow::Dropped {
                    again: crate::app::Again::Dial,
                    ..
                }
            )
        }
        _ => true,
    })
}

fn applies(state: &State, command: &Command) -> bool {
    let Screen::Game(table) = &state.screen else {
        return true;
    };
    let net = table.net.as_ref();
    match command {
        Command::AskChat | Command::OfferReview => net.is_some_and(|n| !n.engine),
        Command::Ask(Ask::CloseWatching) => net.is_some_and(|n| n.watch.is_some()),
        // Once a proposal is on the table the game is settled by proposals
        // or resumed by request (J1989 Art. 9), and the rules take no
        // 待った: only a stopped game's last pass may be taken back. An
        // engine proposes as the game stops, so against one never.
        Command::Undo => table.game.phase() != Phase::Ending,
        _ => true,
    }
}

/// The command a key means on the screen shown. Control-C always quits at
/// once, as users expect of a terminal program.
#[must_use]
pub fn command_for(state: &State, key: KeyEvent) -> Option<Command> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == Char('c')).then_some(Command::Quit);
    }
    bindings_here(state)
        .find(|b| b.keys.contains(&key.code))
        .map(|b| b.command.clone())
}

/// The name of a key as the help shows it: the arrows as the key caps of
/// a Japanese keyboard draw them, as the Japanese manual names them.
#[must_use]
pub fn key_label(lang: Lang, code: KeyCode) -> String {
    match (code, lang) {
        (Up, Lang::Ja) => "↑".to_string(),
        (Down, Lang::Ja) => "↓".to_string(),
        (Left, Lang::Ja) => "←".to_string(),
        (Right, Lang::Ja) => "→".to_string(),
        (code, _) => english_label(code),
    }
}

fn english_label(code: KeyCode) -> String {
    match code {
        Char(' ') => "Space".to_string(),
        Char(c) => c.to_string(),
        Enter => "Enter".to_string(),
        Esc => "Esc".to_string(),
        Up => "Up".to_string(),
        Down => "Down".to_string(),
        Left => "Left".to_string(),
        Right => "Right".to_string(),
        Home => "Home".to_string(),
        End => "End".to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::key_japanese;

    /// Every text of a key table has its Japanese in the catalog.
    #[test]
    fn every_key_table_text_and_title_is_in_japanese() {
        let japanese = |english: &'static str| key_japanese(english).is_some();
        for context in Context::ALL {
            assert!(japanese(context.title()), "{}", context.title());
            for b in bindings(context) {
                assert!(japanese(b.what), "{:?}: {}", context, b.what);
                if let Some(hint) = b.hint {
                    assert!(japanese(hint), "{context:?}: {hint}");
                }
            }
        }
    }

    #[test]
    fn no_key_means_two_things_on_one_screen() {
        for context in Context::ALL {
            let mut seen = Vec::new();
            for key in bindings(context).flat_map(|b| b.keys) {
                assert!(!seen.contains(key), "{key:?} twice in {context:?}");
                seen.push(*key);
            }
        }
    }

    #[test]
    fn the_hints_fit_one_line_of_80_columns() {
        for context in Context::ALL {
            let hints: Vec<&str> = bindings(context).filter_map(|b| b.hint).collect();
            let width = hints.join("  ").chars().count();
            assert!(width <= 80, "{context:?}: {width}");
        }
    }

    #[test]
    fn control_c_quits_and_other_controls_do_nothing() {
        let ctrl = |c| KeyEvent::new(Char(c), KeyModifiers::CONTROL);
        let home = State::new(
            crate::app::Options {
                ascii: false,
                color: true,
            },
            (80, 24),
        );
        assert_eq!(command_for(&home, ctrl('c')), Some(Command::Quit));
        assert_eq!(command_for(&home, ctrl('p')), None);
    }
}
