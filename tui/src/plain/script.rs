//! The scripts of `kaisho host` and `kaisho join`: a typed line read with
//! the same word table as plain mode's prompt ([`crate::words::WORDS`]),
//! and every line the headless game prints, in the player's language.

use super::{Usage, UsageError, chat_text};
use crate::app::Naming;
use crate::words::{self, Lang, ScriptLine, Told, Turn, Verb, script_line};
use kaisho_core::confirm::Scratch;
use kaisho_core::{Color, Event, Game, Phase, Point};
use kaisho_net::NetError;
use kaisho_net::script::{Command, Voice};

/// What a script's line for after the game asks: plain mode's words,
/// read once the game has ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterGame {
    /// `review-offer`: offer the partner a review together.
    Offer,
    /// `review-accept` (yes) or `review-decline`: answer the partner's
    /// offer.
    Answer(bool),
}

impl AfterGame {
    /// The line's word as one for after the game, if it is one.
    #[must_use]
    pub fn read(line: &str) -> Option<AfterGame> {
        let word = line.split_whitespace().next()?.to_ascii_lowercase();
        match word.as_str() {
            "review-offer" => Some(AfterGame::Offer),
            "review-accept" => Some(AfterGame::Answer(true)),
            "review-decline" => Some(AfterGame::Answer(false)),
            _ => None,
        }
    }
}

/// Reads one script line for the player of `me` on a board of `size`
/// lines: `Ok(None)` for a blank line or a `#` comment.
///
/// # Errors
/// A line that is neither a command nor a point, or a point that is not
/// on the board; the catalog words it ([`words::usage_error`]).
pub fn read(
    line: &str,
    me: Color,
    size: u8,
    naming: Naming,
) -> Result<Option<Command>, UsageError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    if AfterGame::read(word).is_some() {
        return Ok(Some(Command::AfterGame(line.to_string())));
    }
    let point = |text: &str| naming.parse(text.trim(), size).map_err(UsageError::Point);
    let Some(verb) = words::verb(word) else {
        return point(line)
            .map(|point| Some(Command::Event(Event::Play { color: me, point })))
            .map_err(|_| UsageError::NotPointOrCommand(line.to_string()));
    };
    let event = match verb {
        Verb::Play => Event::Play {
            color: me,
            point: point(rest)?,
        },
        Verb::Pass => Event::Pass { color: me },
        Verb::Resign => Event::Resign { color: me },
        Verb::Propose => {
            let names = rest.split_whitespace();
            let dead = names
                .filter(|n| !n.eq_ignore_ascii_case("dead"))
                .map(point)
                .collect::<Result<Vec<Point>, _>>()?;
            Event::Propose { by: me, dead }
        }
        // The proposal number is filled in when the command runs, and a
        // move or a pass is the play-out's while one is open then.
        Verb::Accept => Event::Accept {
            by: me,
            proposal: 0,
        },
        Verb::Resume => Event::RequestResume { by: me },
        Verb::Playout => match rest.split_whitespace().collect::<Vec<_>>()[..] {
            [at] => Event::OpenPlayout {
                by: me,
                area: vec![point(at)?],
            },
            _ => return Err(UsageError::Usage(Usage::Playout)),
        },
        Verb::Close => Event::ClosePlayout { by: me },
        Verb::BothLose => Event::DeclareBothLose { by: me },
        Verb::OfferNoResult => Event::OfferNoResult { by: me },
        Verb::AcceptNoResult => Event::AcceptNoResult { by: me },
        Verb::DeclineNoResult => Event::DeclineNoResult { by: me },
        Verb::Undo => Event::RequestUndo { by: me },
        Verb::AcceptUndo => Event::AcceptUndo { by: me },
        Verb::DeclineUndo => Event::DeclineUndo { by: me },
        Verb::Chat => return Ok(Some(Command::Chat(chat_text(rest)?.to_string()))),
        Verb::Board => return Ok(Some(Command::Board)),
        Verb::Help => return Ok(Some(Command::Help)),
        Verb::Leave => return Ok(Some(Command::Bye)),
    };
    Ok(Some(Command::Event(event)))
}

/// The words of a headless game in `naming`'s language.
pub struct ScriptVoice {
    pub naming: Naming,
}

impl ScriptVoice {
    /// `line` in the player's language.
    fn line(&self, line: ScriptLine<'_>) -> String {
        script_line(self.naming.lang, line)
    }
}

impl Voice for ScriptVoice {
    /// The line read, or why not in the player's language: the text the
    /// script prints (the net crate's `Voice` takes words, not types).
    fn read(&self, line: &str, me: Color, size: u8) -> Result<Option<Command>, String> {
        read(line, me, size, self.naming).map_err(|e| words::usage_error(self.naming.lang, &e))
    }

    fn help(&self) -> String {
        // One line, as every line a script prints: a point (D4) or a word.
        let list: Vec<&str> = words::WORDS.iter().map(|&(w, _)| w).collect();
        self.line(ScriptLine::Help(&list.join(", ")))
    }

    fn event(&self, seq: u32, event: &Event, game: &Game) -> String {
        let told = Told {
            outcome: game.outcome(),
            proposal: u32::try_from(game.proposals().len()).unwrap_or(u32::MAX),
            to_move: game.to_move(),
            ..Told::bare(event, game.move_number())
        };
        let size = game.settings().size.get();
        let mut said = words::sentence(&told, self.naming, size);
        // A closed play-out says what it showed: a script has no marks.
        if let (Event::ClosePlayout { .. }, Some(done)) = (event, game.confirmed().last()) {
            let fact = words::verdict_fact(self.naming.lang, &done.verdict, self.naming, size);
            said = format!("{said} ({fact})");
        }
        self.line(ScriptLine::Event { seq, said: &said })
    }

    fn withdrawn(&self, event: &Event, moves: u32, again: bool, game: &Game) -> String {
        let size = game.settings().size.get();
        let what = words::sentence(&Told::bare(event, moves), self.naming, size);
        self.line(ScriptLine::Withdrawn { what: &what, again })
    }

    fn refused(&self, error: &NetError, game: &Game) -> String {
        let size = game.settings().size.get();
        self.line(ScriptLine::Refused(&words::net_refusal(
            error,
            self.naming,
            size,
        )))
    }

    fn unreadable(&self, why: &str) -> String {
        self.line(ScriptLine::Refused(why))
    }

    fn chat(&self, text: &str) -> String {
        self.line(ScriptLine::Chat(text))
    }

    fn board(&self, game: &Game, me: Color) -> Vec<String> {
        board_lines(game, me, self.naming.lang)
    }
}

/// The position as lines of text, top row first, with the column letters
/// and row numbers a move is typed with (X Black, O White), then the move
/// number, the prisoners and whose turn it is; while a play-out is open,
/// its scratch board and whose turn it is there, as plain mode shows it.
#[must_use]
pub fn board_lines(game: &Game, me: Color, lang: Lang) -> Vec<String> {
    let size = game.settings().size.get();
    let letters: String = (0..size)
        .map(|col| {
            let name = Point::new(col, 0).to_gtp(size);
            format!(" {}", name.chars().next().unwrap_or('?'))
        })
        .collect();
    let mut lines = vec![format!("   {letters}")];
    let scratch = game.playout();
    let board = scratch.map_or(game.board(), Scratch::board);
    for (i, row) in board.rows().iter().enumerate() {
        let number = usize::from(size) - i;
        let stones: String = row.chars().map(|c| format!(" {c}")).collect();
        lines.push(format!("{number:>2} {stones}"));
    }
    let turn = match (scratch, game.phase()) {
        (Some(s), _) if s.to_move() == me => Turn::Mine,
        (Some(_), _) => Turn::Partner,
        (None, Phase::Playing) if game.to_move() == me => Turn::Mine,
        (None, Phase::Playing) => Turn::Partner,
        (None, _) => Turn::Stopped,
    };
    let status = ScriptLine::Status {
        moves: game.move_number(),
        prisoners: game.captures(),
        me,
        turn,
    };
    lines.push(script_line(lang, status));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let lines = board_lines(&game, Color::White, Lang::En);
        assert_eq!(lines[0], "    A B C D E F G H J");
        assert_eq!(lines[6], " 4  . . . X . . . . .");
        assert!(lines[10].contains("White (you) to play"), "{}", lines[10]);
        assert!(lines[10].starts_with("move 1;"), "{}", lines[10]);
        let ja = board_lines(&game, Color::White, Lang::Ja);
        assert_eq!(ja[10], "1手目、アゲハマ 黒0 白0、白 (あなた) の番");
    }

    #[test]
    fn script_lines_read_as_events() {
        let b = Color::Black;
        let n = Naming::default();
        assert_eq!(
            read("D4", b, 9, n).unwrap(),
            Some(Command::Event(Event::Play {
                color: b,
                point: Point::parse_gtp("D4", 9).unwrap()
            }))
        );
        assert_eq!(read("  # note", b, 9, n).unwrap(), None);
        assert_eq!(
            read("chat hi there", b, 9, n).unwrap(),
            Some(Command::Chat("hi there".into()))
        );
        assert!(matches!(
            read("propose dead A1 B2", b, 9, n).unwrap(),
            Some(Command::Event(Event::Propose { dead, .. })) if dead.len() == 2
        ));
        let wrong = read("Z99", b, 9, n).unwrap_err();
        assert!(wrong.to_string().contains("not a point"), "{wrong}");
        let off = read("play Z9", b, 9, n).unwrap_err();
        let voice = ScriptVoice {
            naming: Naming {
                lang: Lang::Ja,
                ..n
            },
        };
        assert_eq!(
            voice.read("play Z9", b, 9).unwrap_err(),
            words::usage_error(Lang::Ja, &off)
        );
        assert_eq!(words::usage_error(Lang::Ja, &off), "「Z9」は9路盤の外です");
        assert_eq!(read("bye", b, 9, n).unwrap(), Some(Command::Bye));
    }

    /// A 9×9 game where Black played E5 and both passed, with a play-out
    /// opened on E5 by Black: White attacks and moves first.
    fn playout_open() -> Game {
        let size = kaisho_core::BoardSize::new(9).unwrap();
        let settings = kaisho_core::Settings::even(size, kaisho_core::Komi::MODERN);
        let mut game = Game::new(settings).unwrap();
        let (b, w) = (Color::Black, Color::White);
        let e5 = Point::parse_gtp("E5", 9).unwrap();
        let opening = [
            Event::Play {
                color: b,
                point: e5,
            },
            Event::Pass { color: w },
            Event::Pass { color: b },
            Event::OpenPlayout {
                by: b,
                area: vec![e5],
            },
        ];
        for event in opening {
            game.apply(event).unwrap();
        }
        game
    }

    #[test]
    fn a_scratch_step_out_of_turn_is_refused_in_the_scripts_words() {
        let mut game = playout_open();
        let e6 = Point::parse_gtp("E6", 9).unwrap();
        let early = Event::PlayoutPlay {
            color: Color::Black,
            point: e6,
        };
        let error = NetError::Game(game.apply(early).unwrap_err());
        let said = |lang| {
            ScriptVoice {
                naming: Naming {
                    lang,
                    ..Naming::default()
                },
            }
            .refused(&error, &game)
        };
        assert_eq!(
            said(Lang::En),
            "refused: not your turn on the scratch board: White to play (J1989 Art. 7)"
        );
        assert_eq!(
            said(Lang::Ja),
            "拒否: 確認の手番ではありません: 白の番 (日本囲碁規約 第七条)"
        );
        game.apply(Event::PlayoutPlay {
            color: Color::White,
            point: e6,
        })
        .unwrap();
        let board = board_lines(&game, Color::White, Lang::En);
        assert_eq!(board[4], " 6  . . . . O . . . .", "the scratch board");
        assert!(
            board[10].contains("Black (partner) to play"),
            "{}",
            board[10]
        );
        assert_eq!(game.board().get(e6), None, "the game's board is as it was");
    }

    /// The verb a plain-mode command carries out.
    fn plain_verb(line: &crate::plain::Line) -> Verb {
        use crate::app::Command as C;
        use crate::plain::Line;
        match line {
            Line::Help => Verb::Help,
            Line::Command(c) => match c {
                C::Play(_) => Verb::Play,
                C::Pass => Verb::Pass,
                C::Resign => Verb::Resign,
                C::ProposeDead(_) => Verb::Propose,
                // Plain mode's one answer to a proposal or a no-result offer.
                C::Accept => Verb::Accept,
                C::Resume => Verb::Resume,
                C::DeclareBothLose => Verb::BothLose,
                C::OfferNoResult => Verb::OfferNoResult,
                C::DeclineNoResult => Verb::DeclineNoResult,
                C::Undo => Verb::Undo,
                C::AcceptUndo => Verb::AcceptUndo,
                C::DeclineUndo => Verb::DeclineUndo,
                C::OpenPlayout(_) => Verb::Playout,
                C::ClosePlayout => Verb::Close,
                C::Chat(_) => Verb::Chat,
                C::ShowBoard => Verb::Board,
                C::Adjourn => Verb::Leave,
                other => panic!("{other:?} is no game word"),
            },
            Line::Nothing => panic!("nothing read"),
        }
    }

    /// The verb a script command carries out.
    fn script_verb(command: &Command) -> Verb {
        match command {
            Command::Event(e) => match e {
                Event::Play { .. } => Verb::Play,
                Event::Pass { .. } => Verb::Pass,
                Event::Resign { .. } => Verb::Resign,
                Event::Propose { .. } => Verb::Propose,
                Event::Accept { .. } => Verb::Accept,
                Event::RequestResume { .. } => Verb::Resume,
                Event::DeclareBothLose { .. } => Verb::BothLose,
                Event::OfferNoResult { .. } => Verb::OfferNoResult,
                Event::AcceptNoResult { .. } => Verb::AcceptNoResult,
                Event::DeclineNoResult { .. } => Verb::DeclineNoResult,
                Event::RequestUndo { .. } => Verb::Undo,
                Event::AcceptUndo { .. } => Verb::AcceptUndo,
                Event::DeclineUndo { .. } => Verb::DeclineUndo,
                Event::TimeLoss { .. } => panic!("no word claims a loss on time"),
                Event::OpenPlayout { .. } => Verb::Playout,
                Event::ClosePlayout { .. } => Verb::Close,
                // A point or `pass` becomes the play-out's when it runs.
                Event::PlayoutPlay { .. } | Event::PlayoutPass { .. } => {
                    panic!("a script reads a scratch step as a move")
                }
            },
            Command::Chat(_) => Verb::Chat,
            Command::Board => Verb::Board,
            Command::Help => Verb::Help,
            Command::Bye => Verb::Leave,
            Command::AfterGame(line) => panic!("{line} is no game word"),
        }
    }

    #[test]
    fn review_words_wait_for_the_games_end_in_a_script_and_mean_what_plain_mode_means() {
        use crate::app::{Command as C, Options, State};
        use crate::plain::{Line, parse};
        let naming = Naming::default();
        let state = State::new(Options::default(), (80, 24));
        for (line, after, plain) in [
            ("review-offer", AfterGame::Offer, C::OfferReview),
            (
                "Review-Accept",
                AfterGame::Answer(true),
                C::AnswerReview(true),
            ),
            (
                "review-decline",
                AfterGame::Answer(false),
                C::AnswerReview(false),
            ),
        ] {
            assert_eq!(
                read(line, Color::Black, 9, naming),
                Ok(Some(Command::AfterGame(line.to_string())))
            );
            assert_eq!(AfterGame::read(line), Some(after));
            assert_eq!(parse(line, &state), Ok(Line::Command(plain)));
        }
        assert_eq!(AfterGame::read("review"), None);
    }

    #[test]
    fn plain_mode_and_scripts_take_the_same_words_for_the_same_actions() {
        use crate::app::{Options, Screen, State, Table};
        let settings = kaisho_core::Settings::even(
            kaisho_core::BoardSize::new(9).unwrap(),
            kaisho_core::Komi::MODERN,
        );
        let mut state = State::new(Options::default(), (80, 24));
        state.screen = Screen::Game(Box::new(Table::from_game(Game::new(settings).unwrap())));
        for lang in Lang::ALL {
            state.naming.lang = lang;
            let naming = state.naming;
            for &(word, verb) in crate::words::WORDS {
                let line = match verb {
                    Verb::Play | Verb::Playout => format!("{word} D4"),
                    Verb::Chat => format!("{word} yoroshiku"),
                    Verb::Propose => format!("{word} dead D4"),
                    _ => word.to_string(),
                };
                let plain = crate::plain::parse(&line, &state)
                    .unwrap_or_else(|e| panic!("plain mode refused {line:?}: {e}"));
                let script = read(&line, Color::Black, 9, naming)
                    .unwrap_or_else(|e| panic!("a script refused {line:?}: {e}"))
                    .unwrap_or_else(|| panic!("a script read nothing in {line:?}"));
                let plain = plain_verb(&plain);
                let script = script_verb(&script);
                assert_eq!(script, verb, "{line}");
                let expected = if verb == Verb::AcceptNoResult {
                    Verb::Accept
                } else {
                    verb
                };
                assert_eq!(plain, expected, "{line}");
            }
            // The words the two used to differ in are nobody's now.
            for word in ["unresolvable", "offer", "decline"] {
                assert!(crate::plain::parse(word, &state).is_err(), "{word}");
                assert!(read(word, Color::Black, 9, naming).is_err(), "{word}");
            }
        }
    }
}
