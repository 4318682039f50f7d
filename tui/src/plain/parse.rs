//! Reading a typed line into a command.

use super::{Usage, UsageError, chat_text};
use crate::app::{Command, DEFAULT_PORT, EngineGame, Screen, State};
use crate::words::{self, Verb};
use kaisho_core::{Color, Komi, Point};

/// What a typed line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// An empty line.
    Nothing,
    /// The list of commands.
    Help,
    Command(Command),
}

/// Reads one line; the error says what was wrong with it.
pub fn parse(text: &str, state: &State) -> Result<Line, UsageError> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    let Some((&verb, args)) = parts.split_first() else {
        return Ok(Line::Nothing);
    };
    if let Some(game_verb) = words::verb(verb) {
        return game_line(game_verb, args, text, state);
    }
    let command = match verb.to_ascii_lowercase().as_str() {
        "new" => new_game(args, state)?,
        "host" => host_game(args, state)?,
        "engine" => engine_line(text, args, state)?,
        "join" if !args.is_empty() => Command::JoinNow(args.join(" ")),
        "join" => return Err(UsageError::Usage(Usage::Join)),
        "watch" if !args.is_empty() => Command::WatchNow(args.join(" ")),
        "watch" => return Err(UsageError::Usage(Usage::Watch)),
        "score" => Command::ShowScore,
        "games" => Command::ListGames,
        "review" => match args {
            [id] => Command::ReviewSaved((*id).to_string()),
            _ => return Err(UsageError::Usage(Usage::Review)),
        },
        "import" => match text.trim().split_once(char::is_whitespace) {
            Some((_, path)) if !path.trim().is_empty() => Command::Import(path.trim().to_string()),
            _ => return Err(UsageError::Usage(Usage::Import)),
        },
        "goto" => match args {
            [n] => Command::GoTo(
                n.parse()
                    .map_err(|_| UsageError::NotMoveNumber((*n).to_string()))?,
            ),
            _ => return Err(UsageError::Usage(Usage::GoTo)),
        },
        "variations" => Command::Variations,
        "ask-engine" => Command::ConsultEngine,
        "add-engine" => Command::AddEngineMove,
        "branch" => match args {
            [n] => Command::Branch(n.parse().map_err(|_| UsageError::Usage(Usage::Branch))?),
            _ => return Err(UsageError::Usage(Usage::Branch)),
        },
        "comment" => match text.trim().split_once(char::is_whitespace) {
            Some((_, comment)) if !comment.trim().is_empty() => {
                Command::Comment(comment.trim().to_string())
            }
            _ => return Err(UsageError::Usage(Usage::Comment)),
        },
        "try" => match args {
            [word] if words::verb(word) == Some(Verb::Pass) => Command::Try(None),
            [point] => Command::Try(Some(point_at(point, state)?)),
            _ => return Err(UsageError::Usage(Usage::Try)),
        },
        "clock" if !args.is_empty() => Command::SetClock(args.join(" ")),
        "clock" => {
            return Err(UsageError::Usage(Usage::Clock));
        }
        "series" => series_line(text)?,
        "moves" => Command::ShowMoves,
        "look" => match args {
            [n] => Command::ShowPosition(
                n.parse()
                    .map_err(|_| UsageError::NotMoveNumber((*n).to_string()))?,
            ),
            _ => return Err(UsageError::Usage(Usage::Look)),
        },
        "names" => Command::ToggleNames,
        "newcode" => Command::NewCode,
        "review-offer" => Command::OfferReview,
        "review-accept" => Command::AnswerReview(true),
        "review-decline" => Command::AnswerReview(false),
        "review-host" => Command::HostReview,
        "review-join" if !args.is_empty() => Command::JoinReview(args.join(" ")),
        "quit" | "exit" => Command::Quit,
        _ if args.is_empty() && state.table().is_some() => match point_at(verb, state) {
            Ok(point) => Command::Play(point),
            // Something with a number in it was meant as a point.
            Err(e) if verb.contains(|c: char| c.is_ascii_digit() || !c.is_ascii()) => {
                return Err(e);
            }
            Err(_) => return Err(UsageError::Unknown(verb.to_string())),
        },
        _ => return Err(UsageError::Unknown(verb.to_string())),
    };
    Ok(Line::Command(command))
}

/// A line whose first word is one of the game's words, the same as in a
/// `kaisho host`/`join` script ([`words::WORDS`]).
fn game_line(verb: Verb, args: &[&str], text: &str, state: &State) -> Result<Line, UsageError> {
    let command = match verb {
        Verb::Help => return Ok(Line::Help),
        Verb::Play => match args {
            [point] => Command::Play(point_at(point, state)?),
            _ => return Err(UsageError::Usage(Usage::Play)),
        },
        Verb::Pass => Command::Pass,
        Verb::Resign => Command::Resign,
        Verb::Propose => {
            let names = match args.split_first() {
                Some((first, rest)) if first.eq_ignore_ascii_case("dead") => rest,
                _ => args,
            };
            let points = names
                .iter()
                .map(|n| point_at(n, state))
                .collect::<Result<Vec<_>, _>>()?;
            Command::ProposeDead(points)
        }
        // One answer for a proposal and a no-result offer: only one of
        // them can be open.
        Verb::Accept | Verb::AcceptNoResult => Command::Accept,
        Verb::Resume => match args {
            [] => Command::Resume,
            [id] => Command::ResumeSaved((*id).to_string()),
            _ => return Err(UsageError::Usage(Usage::Resume)),
        },
        Verb::BothLose => Command::DeclareBothLose,
        Verb::OfferNoResult => Command::OfferNoResult,
        Verb::DeclineNoResult => Command::DeclineNoResult,
        Verb::Undo => Command::Undo,
        Verb::AcceptUndo => Command::AcceptUndo,
        Verb::DeclineUndo => Command::DeclineUndo,
        Verb::Playout => match args {
            [point] => Command::OpenPlayout(Some(point_at(point, state)?)),
            _ => return Err(UsageError::Usage(Usage::Playout)),
        },
        Verb::Close => Command::ClosePlayout,
        Verb::Chat => match text.trim().split_once(char::is_whitespace) {
            Some((_, line)) if !line.trim().is_empty() => {
                Command::Chat(chat_text(line)?.to_string())
            }
            _ => return Err(UsageError::Usage(Usage::Chat)),
        },
        Verb::Board => Command::ShowBoard,
        Verb::Leave => Command::Adjourn,
    };
    Ok(Line::Command(command))
}

/// `series new A, B; STEP; WEAKER` or `series correct ID WORD`.
fn series_line(text: &str) -> Result<Command, UsageError> {
    let usage = || UsageError::Usage(Usage::Series);
    let rest = text
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(usage)?
        .1;
    let (verb, rest) = rest
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(usage)?;
    match verb.to_ascii_lowercase().as_str() {
        "new" => Ok(Command::NewSeries(rest.trim().to_string())),
        "correct" => match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
            [id, word @ ..] if !word.is_empty() => Ok(Command::CorrectSeries {
                id: Some((*id).to_string()),
                word: word.join(" "),
            }),
            _ => Err(usage()),
        },
        _ => Err(usage()),
    }
}

/// A point of the board shown: the game's, or the review's.
fn point_at(name: &str, state: &State) -> Result<Point, UsageError> {
    let size = match &state.screen {
        Screen::Review(review) => review.size(),
        _ => state
            .table()
            .ok_or(UsageError::NoGameYet)?
            .game
            .settings()
            .size
            .get(),
    };
    state.naming.parse(name, size).map_err(UsageError::Point)
}

fn host_game(args: &[&str], state: &State) -> Result<Command, UsageError> {
    let (terms, port) = args.split_at(args.len().min(3));
    let (size, komi, handicap) = game_terms(terms, state)?;
    let port = match port {
        [] => DEFAULT_PORT,
        [text] => text
            .parse()
            .map_err(|_| UsageError::NotPort((*text).to_string()))?,
        _ => return Err(UsageError::Usage(Usage::Host)),
    };
    Ok(Command::HostNow {
        size,
        komi,
        handicap,
        port,
    })
}

/// `engine level N` and `engine command CMD` choose the engine (the rest
/// of the line is the command, as typed); any other `engine` line starts
/// a game.
fn engine_line(text: &str, args: &[&str], state: &State) -> Result<Command, UsageError> {
    match args.first().map(|w| w.to_ascii_lowercase()).as_deref() {
        Some("level") => match args[1..] {
            [level] => level
                .parse()
                .map(Command::SetEngineLevel)
                .map_err(|_| UsageError::Usage(Usage::Engine)),
            _ => Err(UsageError::Usage(Usage::Engine)),
        },
        Some("command") => {
            let (_, rest) = text.split_once(args[0]).unwrap_or_default();
            Ok(Command::SetEngine(rest.trim().to_string()))
        }
        _ => engine_game(args, state),
    }
}

/// `engine [black|white] [SIZE] [KOMI] [HANDICAP]`: the home menu's
/// colour and clock for what is left out.
fn engine_game(args: &[&str], state: &State) -> Result<Command, UsageError> {
    let (local, terms) = match args.first().map(|w| w.to_ascii_lowercase()).as_deref() {
        Some("black" | "b") => (Color::Black, &args[1..]),
        Some("white" | "w") => (Color::White, &args[1..]),
        _ => (state.home.engine_color, args),
    };
    if terms.len() > 3 {
        return Err(UsageError::Usage(Usage::Engine));
    }
    let (size, komi, handicap) = game_terms(terms, state)?;
    Ok(Command::StartEngine(EngineGame {
        size,
        komi,
        handicap,
        local,
        clock: state.home.time_control(),
    }))
}

fn new_game(args: &[&str], state: &State) -> Result<Command, UsageError> {
    if args.len() > 3 {
        return Err(UsageError::Usage(Usage::New));
    }
    let (size, komi, handicap) = game_terms(args, state)?;
    Ok(Command::StartLocal {
        size,
        komi,
        handicap,
    })
}

/// Board size, komi and handicap from up to three words, the home menu's
/// values for those left out.
fn game_terms(args: &[&str], state: &State) -> Result<(u8, Komi, u8), UsageError> {
    let home = state.home;
    let size = match args.first() {
        Some(text) => text
            .parse()
            .map_err(|_| UsageError::NotBoardSize((*text).to_string()))?,
        None => home.size,
    };
    let komi = match args.get(1) {
        Some(text) => Komi::parse(text).map_err(UsageError::Komi)?,
        None => home.komi,
    };
    let handicap = match args.get(2) {
        Some(text) => text
            .parse()
            .map_err(|_| UsageError::NotHandicap((*text).to_string()))?,
        None => home.handicap,
    };
    Ok((size, komi, handicap))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Msg, Options, update};
    use kaisho_saves::limits::MAX_CHAT_CHARS;

    fn in_game() -> State {
        let mut state = State::new(Options::default(), (80, 24));
        update(
            &mut state,
            Msg::Command(Command::StartLocal {
                size: 9,
                komi: Komi::MODERN,
                handicap: 0,
            }),
        );
        state
    }

    #[test]
    fn engine_lines_take_a_colour_and_the_game_terms() {
        let state = State::new(Options::default(), (80, 24));
        let Ok(Line::Command(Command::StartEngine(game))) = parse("engine white 9 0 2", &state)
        else {
            panic!("an engine game");
        };
        assert_eq!(
            (game.local, game.size, game.komi, game.handicap),
            (Color::White, 9, Komi::ZERO, 2)
        );
        let Ok(Line::Command(Command::StartEngine(game))) = parse("engine 13", &state) else {
            panic!("an engine game");
        };
        assert_eq!((game.local, game.size), (Color::Black, 13));
        assert_eq!(
            parse("engine black 9 0 2 7", &state),
            Err(UsageError::Usage(Usage::Engine))
        );
    }

    #[test]
    fn lines_become_commands() {
        let state = in_game();
        let p = |n| Point::parse_gtp(n, 9).unwrap();
        assert_eq!(parse("  ", &state), Ok(Line::Nothing));
        assert_eq!(parse("HELP", &state), Ok(Line::Help));
        assert_eq!(
            parse("play d4", &state),
            Ok(Line::Command(Command::Play(p("D4"))))
        );
        assert_eq!(
            parse("propose dead C3 D5", &state),
            Ok(Line::Command(Command::ProposeDead(vec![p("C3"), p("D5")])))
        );
        assert_eq!(
            parse("propose", &state),
            Ok(Line::Command(Command::ProposeDead(vec![])))
        );
        assert!(parse("play D4 D5", &state).is_err());
        assert!(parse("propose dead Z1", &state).is_err());
        assert!(parse("new nine", &state).is_err());
        assert!(parse("new 9 6.5 0 extra", &state).is_err());
    }

    #[test]
    fn a_chat_line_over_the_limit_is_refused_with_the_limit() {
        let state = in_game();
        let long = format!("chat {}", "w".repeat(MAX_CHAT_CHARS + 1));
        let err = parse(&long, &state).unwrap_err();
        assert_eq!(
            err,
            UsageError::ChatTooLong {
                chars: MAX_CHAT_CHARS + 1
            }
        );
        assert!(
            err.to_string()
                .contains(&format!("at most {MAX_CHAT_CHARS}")),
            "{err}"
        );
        let ja = words::usage_error(words::Lang::Ja, &err);
        assert!(ja.contains(&format!("{MAX_CHAT_CHARS}文字まで")), "{ja}");
        let fits = format!("chat {}", "w".repeat(MAX_CHAT_CHARS));
        assert!(parse(&fits, &state).is_ok());
    }
}
