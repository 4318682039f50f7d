//! One sentence per applied event, for the message line and plain mode
//! ("move 57, White D4, captures 2 at C4 C5"). Only ASCII and the point
//! names themselves are used, so the text suits `--ascii` terminals.

use super::names::Naming;
use kaisho_core::{Board, Color, Effect, Event, Game, Outcome, WinBy};

/// Describes `event`, just applied to `game`, which stood on `before`.
#[must_use]
pub fn describe(
    event: &Event,
    effect: Effect,
    before: &Board,
    game: &Game,
    naming: Naming,
) -> String {
    let size = game.settings().size.get();
    let moves = game.move_number();
    match *event {
        Event::Play { color, point } => {
            let mut text = format!("move {moves}, {color} {}", naming.name(point, size));
            if effect.captured > 0 {
                let taken: Vec<_> = before
                    .points()
                    .filter(|&p| {
                        before.get(p) == Some(color.opponent()) && game.board().get(p).is_none()
                    })
                    .collect();
                text += &format!(
                    ", captures {} at {}",
                    effect.captured,
                    naming.names(&taken, size)
                );
            }
            if effect.repetition {
                text += "; the whole board repeats an earlier position";
            }
            text
        }
        Event::Pass { color } if effect.stopped => format!(
            "move {moves}, {color} passes; two passes stop the game: mark the dead stones and propose"
        ),
        Event::Pass { color } => format!("move {moves}, {color} passes"),
        Event::Resign { color } => format!("{color} resigns: {}", ended(game)),
        Event::TimeLoss { color } => format!("{color} ran out of time: {}", ended(game)),
        Event::OfferNoResult { by } => format!("{by} offers no-result"),
        Event::AcceptNoResult { by } => format!("{by} accepts: {}", ended(game)),
        Event::DeclineNoResult { by } => format!(
            "{by} declines no-result: a move that repeats a position is refused from now on"
        ),
        Event::Propose { by, .. } => proposal(game, by, naming),
        Event::Accept { by, proposal } => {
            format!("{by} accepts proposal {}: {}", proposal + 1, ended(game))
        }
        Event::RequestResume { by } => {
            format!("{by} asks to resume play; {} moves first", by.opponent())
        }
        Event::DeclareBothLose { by } => {
            format!("{by} declares the game unresolvable: {}", ended(game))
        }
        Event::RequestUndo { by } => format!(
            "{by} asks to take back move {moves}; {} may allow it or not",
            by.opponent()
        ),
        Event::AcceptUndo { by } => format!(
            "{by} agrees: the move is taken back; move {moves} stands, {} to play",
            game.to_move()
        ),
        Event::DeclineUndo { by } => format!("{by} declines: move {moves} stands"),
    }
}

fn proposal(game: &Game, by: Color, naming: Naming) -> String {
    let size = game.settings().size.get();
    let Some(last) = game.proposals().last() else {
        return format!("{by} proposes");
    };
    let number = game.proposals().len();
    let dead = match last.dead.len() {
        0 => "no dead stones".to_string(),
        n if n <= 8 => format!("dead {}", naming.names(&last.dead, size)),
        n => format!("{n} dead stones"),
    };
    let count = game
        .count_with(&last.dead)
        .map(|score| format!("; count {}", score.outcome().result_string()))
        .unwrap_or_default();
    format!(
        "proposal {number} by {by}: {dead}{count}; {} may accept or counter-propose",
        by.opponent()
    )
}

fn ended(game: &Game) -> String {
    game.outcome().map_or_else(String::new, outcome_text)
}

/// A result in words with its SGF form, e.g. "White wins by 2.5 (W+2.5)".
#[must_use]
pub fn outcome_text(outcome: Outcome) -> String {
    let sgf = outcome.result_string();
    match outcome {
        Outcome::Win { winner, by } => match by {
            WinBy::Points(_) => format!(
                "{winner} wins by {} ({sgf})",
                sgf.split_once('+').map_or("", |(_, m)| m)
            ),
            WinBy::Resignation => format!("{winner} wins by resignation ({sgf})"),
            WinBy::Time => format!("{winner} wins on time ({sgf})"),
        },
        Outcome::Jigo => "jigo, a draw (0)".to_string(),
        Outcome::NoResult => "no result (Void)".to_string(),
        Outcome::BothLose => "both players lose".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::{BoardSize, Komi, Point, Settings};

    #[test]
    fn a_capture_names_the_stones_taken() {
        let settings = Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN);
        let mut game = Game::new(settings).unwrap();
        let at = |name| Point::parse_gtp(name, 9).unwrap();
        for (color, name) in [
            (Color::Black, "A2"),
            (Color::White, "A1"),
            (Color::Black, "E5"),
            (Color::White, "B1"),
        ] {
            game.apply(Event::Play {
                color,
                point: at(name),
            })
            .unwrap();
        }
        let before = game.board().clone();
        let event = Event::Play {
            color: Color::Black,
            point: at("C1"),
        };
        let effect = game.apply(event.clone()).unwrap();
        let text = describe(&event, effect, &before, &game, Naming::default());
        assert_eq!(text, "move 5, Black C1");
        let before = game.board().clone();
        let event = Event::Play {
            color: Color::White,
            point: at("H8"),
        };
        let effect = game.apply(event.clone()).unwrap();
        assert_eq!(
            describe(&event, effect, &before, &game, Naming::default()),
            "move 6, White H8"
        );
        let before = game.board().clone();
        let event = Event::Play {
            color: Color::Black,
            point: at("B2"),
        };
        let effect = game.apply(event.clone()).unwrap();
        assert_eq!(
            describe(&event, effect, &before, &game, Naming::default()),
            "move 7, Black B2, captures 2 at A1 B1"
        );
    }

    #[test]
    fn results_read_as_words_and_sgf() {
        let win = Outcome::Win {
            winner: Color::Black,
            by: WinBy::Points(7),
        };
        assert_eq!(outcome_text(win), "Black wins by 3.5 (B+3.5)");
        assert_eq!(outcome_text(Outcome::Jigo), "jigo, a draw (0)");
        let time = Outcome::Win {
            winner: Color::White,
            by: WinBy::Time,
        };
        assert_eq!(outcome_text(time), "White wins on time (W+T)");
    }
}
