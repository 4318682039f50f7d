//! The game record that SGF files are read into and written from.

use super::words::{Note, Words};
use kaisho_core::{Color, Event, Game, Outcome, Point, PointStatus, Settings};

/// One game as an SGF file holds it, in kaisho-core's terms: the settings
/// the rules engine needs, the main line's moves as events, and the game
/// information a club keeps with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfRecord {
    /// Board size, komi, handicap, set-up stones and the first player. The
    /// set-up is sorted (Black's stones, then White's, each by point) so that
    /// a record reads back equal to itself.
    pub settings: Settings,
    /// `PB`: Black's name.
    pub black: Option<String>,
    /// `PW`: White's name.
    pub white: Option<String>,
    /// `DT`: the date, as written.
    pub date: Option<String>,
    /// `RE`: the result, as written (`B+3.5`, `W+R`, `0`, `Void`…).
    pub result: Option<String>,
    /// `RU`: the rules named by the record.
    pub rules: Option<String>,
    /// `GC`: a comment on the game as a whole.
    pub game_comment: Option<String>,
    /// `C` on the nodes before the first move.
    pub root_comment: Option<String>,
    /// The main line's moves, in order: only `Event::Play` and `Event::Pass`.
    pub moves: Vec<SgfMove>,
    /// The play-outs (確認) of the ending, each a variation from its node.
    pub variations: Vec<SgfVariation>,
    /// `TB`/`TW` on the last node: the points each side counted as territory
    /// (`[black, white]`), dead stones' points included, sorted.
    pub territory: [Vec<Point>; 2],
    /// Root properties kaisho has no field for (event name, place, round, and
    /// properties unknown to sgf-parse), kept so that they are written back.
    pub extra: Vec<SgfProperty>,
}

/// A move of the main line with the comment on its node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfMove {
    /// `Event::Play` or `Event::Pass`, with the colour the record gives.
    pub event: Event,
    /// `C` on the move's node, and on the nodes without a move after it.
    pub comment: Option<String>,
    /// In a clocked game, the time its player had left after it (`BL`/`WL`
    /// with `OB`/`OW`); read records leave it out.
    pub time_left: Option<TimeLeft>,
}

/// A player's clock after a move, as SGF writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLeft {
    /// Main time left, or once it is spent the length of a byo-yomi
    /// period, in whole seconds.
    pub seconds: u64,
    /// Byo-yomi periods left, once main time is spent.
    pub periods: Option<u32>,
}

/// A side line from the node after `after` moves of the main line: the
/// scratch moves of a play-out, the first and last carrying its comments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfVariation {
    pub after: usize,
    /// `Event::Play` or `Event::Pass` nodes, in order.
    pub moves: Vec<SgfMove>,
}

/// A property kept as text: its identifier and its values, unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfProperty {
    /// The identifier in capitals, e.g. `EV`.
    pub identifier: String,
    /// The values as the text means them, without SGF escapes.
    pub values: Vec<String>,
}

impl SgfRecord {
    /// A record with the given settings and nothing else.
    #[must_use]
    pub fn new(settings: Settings) -> SgfRecord {
        SgfRecord {
            settings,
            black: None,
            white: None,
            date: None,
            result: None,
            rules: None,
            game_comment: None,
            root_comment: None,
            moves: Vec::new(),
            variations: Vec::new(),
            territory: [Vec::new(), Vec::new()],
            extra: Vec::new(),
        }
    }

    /// The record of a game played in kaisho, for export: its settings and
    /// moves, the players' names, the date, the rules of 1989, the result if
    /// the game is over, and, for a game counted by agreement, each side's
    /// territory (dead stones' points included) as `TB`/`TW`; the events
    /// that are not moves become comments in the front end's `words`.
    #[must_use]
    pub fn from_game(
        game: &Game,
        black: &str,
        white: &str,
        date: &str,
        words: Words<'_>,
    ) -> SgfRecord {
        let mut settings = game.settings().clone();
        settings.setup.sort_unstable();
        let size = settings.size.get();
        let mut record = SgfRecord::new(settings);
        record.black = Some(black.to_string());
        record.white = Some(white.to_string());
        record.date = Some(date.to_string());
        record.rules = Some("Japanese".to_string());
        match game.outcome() {
            Some(Outcome::BothLose) => {
                record.game_comment = Some(words(Note::BothLose, size));
            }
            outcome => record.result = outcome.map(|o| o.result_string()),
        }
        let mut proposals = 0;
        let mut opening = None;
        let mut closed = 0;
        let last = game.events().len().saturating_sub(1);
        for (i, event) in game.events().iter().enumerate() {
            match event {
                Event::Play { .. } | Event::Pass { .. } => record.moves.push(SgfMove {
                    event: event.clone(),
                    comment: None,
                    time_left: None,
                }),
                &Event::AcceptUndo { by } => {
                    // A request made on the asker's turn takes back the
                    // reply of the one who consents as well.
                    if record.moves.last().is_some_and(|m| m.event.actor() == by) {
                        record.withdraw_last(by, size, words);
                    }
                    record.withdraw_last(by, size, words);
                }
                &Event::PlayoutPlay { color, point } => {
                    record.scratch(Event::Play { color, point }, &mut opening);
                }
                &Event::PlayoutPass { color } => {
                    record.scratch(Event::Pass { color }, &mut opening);
                }
                other => {
                    if matches!(other, Event::Propose { .. }) {
                        proposals += 1;
                    }
                    let note = Note::Event {
                        event: other,
                        moves: u32::try_from(record.moves.len()).unwrap_or(u32::MAX),
                        proposal: proposals,
                        outcome: game.outcome().filter(|_| i == last),
                    };
                    let line = words(note, size);
                    match other {
                        Event::OpenPlayout { .. } => {
                            opening = Some(line);
                            record.variations.push(SgfVariation {
                                after: record.moves.len(),
                                moves: Vec::new(),
                            });
                        }
                        Event::ClosePlayout { .. } => {
                            let verdict = game.confirmed().get(closed).map(|c| &c.verdict);
                            closed += 1;
                            let line = match verdict {
                                Some(v) => format!("{line}\n{}", words(Note::Verdict(v), size)),
                                None => line,
                            };
                            record.close_variation(&mut opening, &line);
                        }
                        _ => record.add_comment(&line),
                    }
                }
            }
        }
        if let Some(opened) = opening {
            record.variations.pop();
            record.add_comment(&opened);
        }
        if let Some(score) = game.score() {
            for color in [Color::Black, Color::White] {
                let mut points = score.points_where(|status| {
                    status == PointStatus::Territory(color)
                        || status == PointStatus::Lifted(color.opponent())
                });
                points.sort_unstable();
                record.territory[color.index()] = points;
            }
        }
        record
    }

    /// Takes the last move off the main line, since `by` agreed to its
    /// withdrawal (待った), and keeps it as a comment on the node before it,
    /// after the lines that were on its own node.
    fn withdraw_last(&mut self, by: Color, size: u8, words: Words<'_>) {
        let Some(withdrawn) = self.moves.pop() else {
            return;
        };
        if let Some(comment) = withdrawn.comment {
            self.add_comment(&comment);
        }
        let note = Note::Withdrawn {
            event: &withdrawn.event,
            by,
        };
        self.add_comment(&words(note, size));
    }

    /// A scratch move of the play-out open: the next node of its variation,
    /// the first one carrying the opening's comment.
    fn scratch(&mut self, event: Event, opening: &mut Option<String>) {
        if let Some(variation) = self.variations.last_mut() {
            variation.moves.push(SgfMove {
                event,
                comment: opening.take(),
                time_left: None,
            });
        }
    }

    /// The play-out closes: its verdict goes on the variation's last node;
    /// a play-out without a move leaves no variation, only its comments on
    /// the main line.
    fn close_variation(&mut self, opening: &mut Option<String>, line: &str) {
        match self.variations.last_mut().and_then(|v| v.moves.last_mut()) {
            Some(last) if opening.is_none() => {
                let text = last.comment.get_or_insert_with(String::new);
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(line);
            }
            _ => {
                self.variations.pop();
                if let Some(opened) = opening.take() {
                    self.add_comment(&opened);
                }
                self.add_comment(line);
            }
        }
    }

    /// Adds a line to the comment of the last move, or of the root before any move.
    pub fn add_comment(&mut self, line: &str) {
        self.comment_after(self.moves.len(), line);
    }

    /// Adds a line to the comment of the node after `moves` moves (the root for 0).
    pub fn comment_after(&mut self, moves: usize, line: &str) {
        let slot = match moves.checked_sub(1).and_then(|i| self.moves.get_mut(i)) {
            Some(m) => &mut m.comment,
            None => &mut self.root_comment,
        };
        match slot {
            Some(text) => {
                text.push('\n');
                text.push_str(line);
            }
            None => *slot = Some(line.to_string()),
        }
    }

    /// The events to replay under the rules: the moves, with a request to
    /// resume wherever play goes on after two consecutive passes. Under
    /// J1989 Art. 9.3 play after stoppage means one side asked to resume and
    /// the other moves first, so the requester is the opponent of the next
    /// mover; SGF has no property for it.
    #[must_use]
    pub fn events(&self) -> Vec<Event> {
        let mut events = Vec::with_capacity(self.moves.len());
        let mut passes = 0;
        for m in &self.moves {
            if passes >= 2 {
                events.push(Event::RequestResume {
                    by: m.event.actor().opponent(),
                });
                passes = 0;
            }
            passes = if matches!(m.event, Event::Pass { .. }) {
                passes + 1
            } else {
                0
            };
            events.push(m.event.clone());
        }
        events
    }

    /// Who moves first when the record does not say with `PL`: White after
    /// two or more handicap stones (1949 Art. 20); otherwise whoever makes
    /// the first move, since files from other programs often give handicap
    /// stones without `HA`; Black in a record without moves.
    pub(crate) fn implied_first(&self) -> Color {
        let s = &self.settings;
        if s.handicap >= 2 && s.setup.iter().any(|&(c, _)| c == Color::Black) {
            Color::White
        } else {
            self.moves.first().map_or(Color::Black, |m| m.event.actor())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::{BoardSize, Komi};

    fn pass(color: Color) -> SgfMove {
        SgfMove {
            event: Event::Pass { color },
            comment: None,
            time_left: None,
        }
    }

    fn play(color: Color, col: u8, row: u8) -> SgfMove {
        SgfMove {
            event: Event::Play {
                color,
                point: Point::new(col, row),
            },
            comment: None,
            time_left: None,
        }
    }

    #[test]
    fn play_after_two_passes_is_a_resumption_by_the_other_side() {
        let mut r = SgfRecord::new(Settings::even(BoardSize::new(9).unwrap(), Komi::MODERN));
        r.moves = vec![
            play(Color::Black, 2, 2),
            pass(Color::White),
            pass(Color::Black),
            play(Color::White, 4, 4),
            pass(Color::Black),
        ];
        let events = r.events();
        assert_eq!(events.len(), 6);
        assert_eq!(events[3], Event::RequestResume { by: Color::Black });
        let game = Game::replay(r.settings.clone(), &events).unwrap();
        assert_eq!(game.move_number(), 5);
    }

    #[test]
    fn white_moves_first_after_handicap_stones() {
        let mut r = SgfRecord::new(Settings::handicap(BoardSize::NINETEEN, 3, Komi::ZERO).unwrap());
        assert_eq!(r.implied_first(), Color::White);
        r.settings.handicap = 0;
        assert_eq!(r.implied_first(), Color::Black);
        r.moves.push(play(Color::White, 3, 3));
        assert_eq!(r.implied_first(), Color::White);
        r.settings.handicap = 2;
        r.settings.setup.clear();
        assert_eq!(r.implied_first(), Color::White);
        r.moves[0] = play(Color::Black, 3, 3);
        assert_eq!(r.implied_first(), Color::Black);
    }
}
