//! Starting the front end: the drawn terminal interface, or plain mode when
//! asked for or when the output is not a terminal.

use crate::app::{Message, Options, State, Tone};
use crate::logging::{self, Unlogged};
use crate::words::{self, Failure, Lang, Line, cli_line};
use crate::{event_loop, plain, terminal};
use kaisho_saves::config;
use kaisho_saves::places::Places;
use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// What the command line asked of the front end.
#[derive(Clone, Debug, Default)]
pub struct Flags {
    pub plain: bool,
    pub ascii: bool,
    /// `--home DIR`: every file under DIR instead of the platform's folders.
    pub home: Option<PathBuf>,
    /// `--listen ADDR`: where games hosted from the screen listen.
    pub listen: Option<std::net::IpAddr>,
    /// `--lang en|ja`: the language, before the setting and the locale.
    pub lang: Option<Lang>,
    /// `--engine CMD`: the GTP engine to play, before `[engine] command`.
    pub engine: Option<String>,
}

/// The home screen with the saves and settings found for `home` (see
/// [`Places::locate`]), in English: [`run`] applies `--lang`, the setting
/// and the locale. Without any folder kaisho still plays, unsaved, and
/// says why.
#[must_use]
pub fn initial_state(
    home: Option<&std::path::Path>,
    options: Options,
    viewport: (u16, u16),
) -> State {
    state_in(home, options, viewport, Some(Lang::En))
}

/// The home screen in the language `flag` asks for, else the setting's
/// or the locale's.
fn state_in(
    home: Option<&std::path::Path>,
    options: Options,
    viewport: (u16, u16),
    flag: Option<Lang>,
) -> State {
    match Places::locate(home) {
        Ok(places) => {
            let loaded = config::load(&places.config_file());
            let mut state = State::with_places(options, viewport, places, loaded);
            state.naming.lang = words::chosen(flag, &state.config);
            state
        }
        Err(e) => {
            let mut state = State::new(options, viewport);
            let lang = words::chosen(flag, &state.config);
            state.naming.lang = lang;
            let why = words::failure(lang, Failure::NoHome(&e));
            state.message = Some(Message {
                text: cli_line(lang, Line::Unsaved(&why)),
                tone: Tone::Error,
                age: 0,
            });
            state
        }
    }
}

/// Runs the front end and returns the process status.
pub fn run(flags: Flags) -> ExitCode {
    let unlogged = logging::init(flags.home.as_deref()).err();
    // NO_COLOR, when present and not empty, turns colour off (no-color.org).
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let term = std::env::var("TERM").ok();
    let drawing = Drawing::for_term(term.as_deref());
    let options = Options {
        ascii: flags.ascii || drawing == Drawing::Ascii,
        color,
    };
    let plain = flags.plain || drawing == Drawing::Plain || !io::stdout().is_terminal();
    tracing::info!(?options, plain, home = ?flags.home, "kaisho starting");
    let result = if plain {
        let options = Options {
            ascii: true,
            color: false,
        };
        let mut state = state_for(&flags, options, (80, 24));
        say_unlogged(&mut state, unlogged);
        plain::run(state, io::BufReader::new(io::stdin()), io::stdout().lock())
    } else {
        tui(&flags, options, unlogged)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(%e, "front end failed");
            eprintln!("kaisho: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Tells the player that no log is kept, and why, unless the screen
/// already has something more pressing to say.
fn say_unlogged(state: &mut State, unlogged: Option<&Unlogged>) {
    if let (Some(unlogged), None) = (unlogged, &state.message) {
        state.message = Some(Message {
            text: words::failure(state.naming.lang, Failure::Unlogged(unlogged)),
            tone: Tone::Info,
            age: 0,
        });
    }
}

/// A screen drawn in ASCII cannot show kanji or kana: Japanese would be a
/// line of `?`. The drawn screen then speaks English and says why; plain
/// mode, which a screen reader or a UTF-8 pipe reads, keeps Japanese.
fn english_when_ascii(state: &mut State) {
    if state.options.ascii && state.naming.lang == Lang::Ja {
        state.naming.lang = Lang::En;
        state.message = Some(Message {
            text: "ASCII drawing cannot show kanji, so the screen is in English \
                   (kaisho --plain keeps Japanese)"
                .to_string(),
            tone: Tone::Info,
            age: 0,
        });
    }
}

/// What a terminal can draw, as its `TERM` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Drawing {
    /// Box drawing, stones and kanji: every terminal emulator of today.
    Full,
    /// Only ASCII: the Linux console and the hardware terminals whose names
    /// emulators still answer to have no glyphs for box lines or kanji.
    Ascii,
    /// No cursor addressing at all (`TERM=dumb`): one line per event.
    Plain,
}

impl Drawing {
    fn for_term(term: Option<&str>) -> Drawing {
        match term {
            Some("dumb") => Drawing::Plain,
            Some(t)
                if t == "linux"
                    || t == "ansi"
                    || t == "cons25"
                    || t.starts_with("vt")
                    || t.starts_with("linux-") =>
            {
                Drawing::Ascii
            }
            _ => Drawing::Full,
        }
    }
}

/// The home screen for the command line's flags.
fn state_for(flags: &Flags, options: Options, viewport: (u16, u16)) -> State {
    let mut state = state_in(flags.home.as_deref(), options, viewport, flags.lang);
    if let Some(listen) = flags.listen {
        state.listen = listen;
    }
    let path = std::env::var_os("PATH");
    state.engine = crate::engine::found::engine_command(
        flags.engine.as_deref(),
        state.config.engine_command.as_deref(),
        path.as_deref(),
    );
    state
}

fn tui(flags: &Flags, options: Options, unlogged: Option<&Unlogged>) -> io::Result<()> {
    let started = Instant::now();
    // The network task runs beside the screen on a second thread, so a
    // flush of its log never holds up a frame.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let mut screen = terminal::Terminal::start()?;
    let size = screen.terminal.size()?;
    let mut state = state_for(flags, options, (size.width, size.height));
    english_when_ascii(&mut state);
    say_unlogged(&mut state, unlogged);
    tracing::info!(
        micros = started.elapsed().as_micros(),
        places = ?state.places,
        config_problem = ?state.config_problem,
        "ready to draw the first frame"
    );
    runtime.block_on(event_loop::run(&mut screen.terminal, &mut state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ascii_screen_speaks_english_and_says_why() {
        let mut state = State::new(
            Options {
                ascii: true,
                color: false,
            },
            (80, 24),
        );
        state.naming.lang = Lang::Ja;
        english_when_ascii(&mut state);
        assert_eq!(state.naming.lang, Lang::En);
        let said = state
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default();
        assert!(said.contains("cannot show kanji"), "{said}");
        let mut drawn = State::new(
            Options {
                ascii: false,
                color: true,
            },
            (80, 24),
        );
        drawn.naming.lang = Lang::Ja;
        english_when_ascii(&mut drawn);
        assert_eq!(
            drawn.naming.lang,
            Lang::Ja,
            "a Unicode screen keeps Japanese"
        );
    }

    #[test]
    fn a_terminal_that_cannot_draw_box_lines_or_kanji_gets_ascii_and_dumb_gets_plain() {
        assert_eq!(Drawing::for_term(Some("dumb")), Drawing::Plain);
        for term in ["vt100", "vt220", "linux", "linux-16color", "ansi"] {
            assert_eq!(Drawing::for_term(Some(term)), Drawing::Ascii, "{term}");
        }
        for term in ["xterm-256color", "screen", "tmux-256color", "alacritty"] {
            assert_eq!(Drawing::for_term(Some(term)), Drawing::Full, "{term}");
        }
        assert_eq!(Drawing::for_term(None), Drawing::Full);
    }
}
