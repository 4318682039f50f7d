//! The game as an event-sourced state machine: settings plus an ordered list
//! of events give the state, and replaying them gives it again exactly.
//!
//! Phases follow J1989 Art. 9 as a networked client runs it (Net Kiin Art.
//! 9–13): play until two consecutive passes stop the game; then proposals of
//! dead stones go back and forth until one is accepted (終局) or someone asks
//! to resume, which gives the opponent the first move (Art. 9.3), or
//! declares that no agreement is possible, and both lose (Art. 13.1).

use crate::board::Board;
use crate::color::Color;
use crate::confirm::{Scratch, Verdict};
use crate::error::{Action, GameError};
use crate::event::Event;
use crate::outcome::{Outcome, WinBy};
use crate::point::Point;
use crate::repetition::{KeySet, NoResultState};
use crate::scoring::{self, Score};
use crate::settings::Settings;
use crate::zobrist;
use std::fmt;

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Moves are being played.
    Playing,
    /// Two consecutive passes stopped the game (対局の停止); no proposal yet.
    Stopped,
    /// At least one dead-stone proposal is on the table.
    Ending,
    /// The game is over; see [`Game::outcome`].
    Ended,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Playing => "in play",
            Phase::Stopped => "stopped",
            Phase::Ending => "in its ending",
            Phase::Ended => "over",
        })
    }
}

/// A stone or a pass, the last one played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Play(Color, Point),
    Pass(Color),
}

impl Move {
    /// The player who made the move.
    #[must_use]
    pub fn color(self) -> Color {
        match self {
            Move::Play(color, _) | Move::Pass(color) => color,
        }
    }
}

/// A set of dead stones one player put forward after stoppage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub by: Color,
    /// Every stone of every chain marked dead, sorted.
    pub dead: Vec<Point>,
    /// The move number at which it was made.
    pub at_move: u32,
}

/// What an accepted event did, for messages and the view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Stones captured by a play.
    pub captured: u32,
    /// The play recreated an earlier whole-board position.
    pub repetition: bool,
    /// The event stopped the game (second consecutive pass).
    pub stopped: bool,
    /// The event ended the game.
    pub ended: bool,
}

/// A play-out closed in this game, kept for the marks it offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirmed {
    /// Who opened it.
    pub by: Color,
    /// The side that attacked and moved first.
    pub attacker: Color,
    /// The stones played out, whole chains on the game's board, sorted.
    pub disputed: Vec<Point>,
    pub verdict: Verdict,
}

/// An event in a list that could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Position of the event in the list, from 0.
    pub index: usize,
    pub event: Event,
    pub error: GameError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {} was refused: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for ReplayError {}

/// A game of Go under the Japanese rules of 1989.
#[derive(Clone, Debug)]
pub struct Game {
    settings: Settings,
    board: Board,
    to_move: Color,
    captures: [u32; 2],
    phase: Phase,
    events: Vec<Event>,
    seen: KeySet,
    passes: u8,
    no_result: NoResultState,
    proposals: Vec<Proposal>,
    open_proposal: Option<u32>,
    moves: u32,
    last: Option<Move>,
    outcome: Option<Outcome>,
    score: Option<Score>,
    /// The events that make the position: every event but the undo
    /// requests and their answers, less the moves withdrawn.
    played: Vec<Event>,
    /// A request to take back the asker's last move (and the reply to it,
    /// if any), waiting for its answer.
    undo_request: Option<Color>,
    /// How many times each side asked to take back a move.
    undo_requests: [u32; 2],
    /// The play-out open on a scratch board, with who opened it.
    playout: Option<(Color, Scratch)>,
    /// The play-outs closed, in order.
    confirmed: Vec<Confirmed>,
}

impl Game {
    /// A new game; refuses set-up stones off the board or on the same point.
    pub fn new(settings: Settings) -> Result<Game, GameError> {
        let mut board = Board::new(settings.size);
        for &(color, point) in &settings.setup {
            if !point.is_on(settings.size.get()) {
                return Err(GameError::OffBoard { point });
            }
            if !board.set_up(color, point) {
                return Err(GameError::Illegal(crate::board::IllegalMove::Occupied));
            }
        }
        let mut seen = KeySet::default();
        let to_move = settings.first;
        seen.insert(board.hash() ^ zobrist::side_to_move(to_move));
        Ok(Game {
            settings,
            board,
            to_move,
            captures: [0; 2],
            phase: Phase::Playing,
            events: Vec::new(),
            seen,
            passes: 0,
            no_result: NoResultState::Clear,
            proposals: Vec::new(),
            open_proposal: None,
            moves: 0,
            last: None,
            outcome: None,
            score: None,
            played: Vec::new(),
            undo_request: None,
            undo_requests: [0; 2],
            playout: None,
            confirmed: Vec::new(),
        })
    }

    /// Rebuilds a game from its settings and events; the first refused event is reported.
    pub fn replay(settings: Settings, events: &[Event]) -> Result<Game, ReplayError> {
        let mut game = Game::new(settings).map_err(|error| ReplayError {
            index: 0,
            event: Event::Pass {
                color: Color::Black,
            },
            error,
        })?;
        for (index, event) in events.iter().enumerate() {
            game.apply(event.clone()).map_err(|error| ReplayError {
                index,
                event: event.clone(),
                error,
            })?;
        }
        Ok(game)
    }

    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Stones each side captured during play (`[by black, by white]`).
    #[must_use]
    pub fn captures(&self) -> [u32; 2] {
        self.captures
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Stones played and passes so far.
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.moves
    }

    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.last
    }

    #[must_use]
    pub fn no_result(&self) -> NoResultState {
        self.no_result
    }

    /// Every proposal made in the game, in order.
    #[must_use]
    pub fn proposals(&self) -> &[Proposal] {
        &self.proposals
    }

    /// The number of the proposal that can be accepted now.
    #[must_use]
    pub fn open_proposal(&self) -> Option<u32> {
        self.open_proposal
    }

    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The player whose request to take back the last move waits for an answer.
    #[must_use]
    pub fn undo_request(&self) -> Option<Color> {
        self.undo_request
    }

    /// How many times `color` asked to take back a move in this game.
    #[must_use]
    pub fn undo_requests(&self, color: Color) -> u32 {
        self.undo_requests[color.index()]
    }

    /// The play-out open now, on its scratch board.
    #[must_use]
    pub fn playout(&self) -> Option<&Scratch> {
        self.playout.as_ref().map(|(_, scratch)| scratch)
    }

    /// The play-outs closed so far, in order.
    #[must_use]
    pub fn confirmed(&self) -> &[Confirmed] {
        &self.confirmed
    }

    /// The events that make the position, in order: every event but the
    /// requests to take back a move and their answers, less the moves
    /// withdrawn. Replaying a prefix of them gives an earlier position of
    /// the game as it stands.
    #[must_use]
    pub fn standing_events(&self) -> &[Event] {
        &self.played
    }

    /// The moves that stand, in order: plays and passes not withdrawn.
    pub fn standing_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.played.iter().filter_map(|e| match *e {
            Event::Play { color, point } => Some(Move::Play(color, point)),
            Event::Pass { color } => Some(Move::Pass(color)),
            _ => None,
        })
    }

    /// The agreed count, for games that ended by agreement.
    #[must_use]
    pub fn score(&self) -> Option<&Score> {
        self.score.as_ref()
    }

    /// A digest of the state after the last event, which both peers of a
    /// networked game compare after every event.
    #[must_use]
    pub fn state_hash(&self) -> u64 {
        let mut h = self.position_key();
        for v in [
            u64::from(self.moves),
            self.events.len() as u64,
            self.phase as u64,
            u64::from(self.captures[0]) << 32 | u64::from(self.captures[1]),
            self.proposals.len() as u64,
        ] {
            h = (h ^ v).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
        }
        h
    }

    /// The Zobrist key of the stones and the side to move.
    #[must_use]
    pub fn position_key(&self) -> u64 {
        self.board.hash() ^ zobrist::side_to_move(self.to_move)
    }

    /// Whether `color` could play on `point` now, without changing anything.
    pub fn check_play(&self, color: Color, point: Point) -> Result<(), GameError> {
        self.expect_turn(color, Action::Play)?;
        self.board.check(color, point)?;
        if self.no_result == NoResultState::Declined {
            let mut probe = self.board.clone();
            probe.play(color, point)?;
            if self
                .seen
                .contains(&(probe.hash() ^ zobrist::side_to_move(color.opponent())))
            {
                return Err(GameError::RepetitionRefused);
            }
        }
        Ok(())
    }

    /// Expands a list of points to whole chains, checking each holds a stone.
    pub fn dead_chains(&self, dead: &[Point]) -> Result<Vec<Point>, GameError> {
        let size = self.settings.size.get();
        let mut out = Vec::new();
        for &point in dead {
            if !point.is_on(size) {
                return Err(GameError::OffBoard { point });
            }
            if self.board.get(point).is_none() {
                return Err(GameError::NoStone {
                    point,
                    name: point.to_gtp(size),
                });
            }
            if !out.contains(&point) {
                out.extend(self.board.chain(point));
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// The count that a dead-stone set would give, for drafting and display.
    pub fn count_with(&self, dead: &[Point]) -> Result<Score, GameError> {
        let dead = self.dead_chains(dead)?;
        Ok(scoring::count(
            &self.board,
            &dead,
            self.captures,
            self.settings.komi,
        ))
    }

    /// Applies one event, or refuses it and leaves the game unchanged.
    pub fn apply(&mut self, event: Event) -> Result<Effect, GameError> {
        if let Some(by) = self.undo_request
            && !matches!(
                event,
                Event::AcceptUndo { .. }
                    | Event::DeclineUndo { .. }
                    | Event::Resign { .. }
                    | Event::TimeLoss { .. }
            )
        {
            return Err(GameError::UndoOpen { by });
        }
        if self.playout.is_some()
            && matches!(
                event,
                Event::Propose { .. }
                    | Event::Accept { .. }
                    | Event::RequestResume { .. }
                    | Event::DeclareBothLose { .. }
                    | Event::RequestUndo { .. }
                    | Event::OpenPlayout { .. }
            )
        {
            return Err(GameError::PlayoutOpen);
        }
        let effect = match &event {
            &Event::Play { color, point } => self.play(color, point)?,
            &Event::Pass { color } => self.pass(color)?,
            &Event::Resign { color } => {
                self.expect_not_ended(Action::Resign)?;
                self.finish(Outcome::Win {
                    winner: color.opponent(),
                    by: WinBy::Resignation,
                })
            }
            &Event::TimeLoss { color } => {
                self.expect_not_ended(Action::LoseOnTime)?;
                self.finish(Outcome::Win {
                    winner: color.opponent(),
                    by: WinBy::Time,
                })
            }
            &Event::OfferNoResult { by } => self.offer_no_result(by)?,
            &Event::AcceptNoResult { by } => self.accept_no_result(by)?,
            &Event::DeclineNoResult { by } => self.decline_no_result(by)?,
            Event::Propose { by, dead } => self.propose(*by, dead)?,
            &Event::Accept { by, proposal } => self.accept(by, proposal)?,
            &Event::RequestResume { by } => {
                self.expect_stopped(Action::Resume)?;
                self.phase = Phase::Playing;
                self.to_move = by.opponent();
                self.passes = 0;
                self.open_proposal = None;
                Effect::default()
            }
            &Event::DeclareBothLose { .. } => {
                self.expect_stopped(Action::DeclareBothLose)?;
                self.finish(Outcome::BothLose)
            }
            &Event::RequestUndo { by } => self.request_undo(by)?,
            &Event::AcceptUndo { by } => {
                self.answer_undo(by)?;
                for _ in 0..self.undo_span(by.opponent())? {
                    self.withdraw_last_move()?;
                }
                Effect::default()
            }
            &Event::DeclineUndo { by } => {
                self.answer_undo(by)?;
                Effect::default()
            }
            Event::OpenPlayout { by, area } => {
                self.expect_stopped(Action::OpenPlayout)?;
                self.playout = Some((*by, Scratch::open(&self.board, area)?));
                Effect::default()
            }
            &Event::PlayoutPlay { color, point } => {
                self.open_scratch()?.play(color, point)?;
                Effect::default()
            }
            &Event::PlayoutPass { color } => {
                self.open_scratch()?.pass(color)?;
                Effect::default()
            }
            Event::ClosePlayout { .. } => {
                let (by, scratch) = self.playout.take().ok_or(GameError::NoPlayout)?;
                self.confirmed.push(Confirmed {
                    by,
                    attacker: scratch.attacker(),
                    disputed: scratch.disputed().to_vec(),
                    verdict: scratch.close(),
                });
                Effect::default()
            }
        };
        self.undo_request = match event {
            Event::RequestUndo { by } => Some(by),
            _ => None,
        };
        if !event.is_undo() {
            self.played.push(event.clone());
        }
        self.events.push(event);
        Ok(effect)
    }

    fn open_scratch(&mut self) -> Result<&mut Scratch, GameError> {
        self.playout
            .as_mut()
            .map(|(_, scratch)| scratch)
            .ok_or(GameError::NoPlayout)
    }

    /// The index in `played` of the last move that stands.
    fn last_move_index(&self) -> Option<usize> {
        self.played
            .iter()
            .rposition(|e| matches!(e, Event::Play { .. } | Event::Pass { .. }))
    }

    fn request_undo(&mut self, by: Color) -> Result<Effect, GameError> {
        match self.phase {
            Phase::Playing | Phase::Stopped => {}
            phase => {
                return Err(GameError::WrongPhase {
                    phase,
                    action: Action::Undo,
                });
            }
        }
        self.undo_span(by)?;
        self.undo_requests[by.index()] += 1;
        Ok(Effect::default())
    }

    /// How many standing moves a request of `by` takes back: their own
    /// last move, or, when the opponent has replied to it, that move and
    /// the reply, so a player who asks on their turn (as against a program,
    /// whose reply is instant) loses no more than their own move.
    fn undo_span(&self, by: Color) -> Result<usize, GameError> {
        let mut movers = self.played.iter().rev().filter_map(|e| match e {
            Event::Play { .. } | Event::Pass { .. } => Some(e.actor()),
            _ => None,
        });
        let last = movers.next().ok_or(GameError::NothingToUndo)?;
        if last == by {
            return Ok(1);
        }
        match movers.next() {
            Some(before) if before == by => Ok(2),
            _ => Err(GameError::NotYourMoveToUndo { last }),
        }
    }

    fn answer_undo(&self, by: Color) -> Result<(), GameError> {
        match self.undo_request {
            None => Err(GameError::NoUndoRequest),
            Some(asker) if asker == by => Err(GameError::OwnOffer),
            Some(_) => Ok(()),
        }
    }

    /// Takes the last standing move back: the position is rebuilt from the
    /// events before it, and the whole record, the move included, is kept.
    fn withdraw_last_move(&mut self) -> Result<(), GameError> {
        let at = self.last_move_index().ok_or(GameError::NothingToUndo)?;
        let mut fresh = Game::new(self.settings.clone())?;
        for event in &self.played[..at] {
            fresh.apply(event.clone())?;
        }
        fresh.events = std::mem::take(&mut self.events);
        fresh.undo_requests = self.undo_requests;
        *self = fresh;
        Ok(())
    }

    fn play(&mut self, color: Color, point: Point) -> Result<Effect, GameError> {
        self.expect_turn(color, Action::Play)?;
        let backup = (self.no_result == NoResultState::Declined).then(|| self.board.clone());
        let placed = self.board.play(color, point)?;
        let key = self.board.hash() ^ zobrist::side_to_move(color.opponent());
        let repetition = !self.seen.insert(key);
        if repetition {
            match self.no_result {
                NoResultState::Declined => {
                    if let Some(board) = backup {
                        self.board = board;
                    }
                    return Err(GameError::RepetitionRefused);
                }
                NoResultState::Clear | NoResultState::Repeated { .. } => {
                    self.no_result = NoResultState::Repeated {
                        at_move: self.moves + 1,
                    };
                }
                NoResultState::Offered { .. } => {}
            }
        }
        self.captures[color.index()] += placed.captured;
        self.to_move = color.opponent();
        self.passes = 0;
        self.moves += 1;
        self.last = Some(Move::Play(color, point));
        Ok(Effect {
            captured: placed.captured,
            repetition,
            ..Effect::default()
        })
    }

    fn pass(&mut self, color: Color) -> Result<Effect, GameError> {
        self.expect_turn(color, Action::Pass)?;
        self.board.pass();
        self.to_move = color.opponent();
        self.seen.insert(self.position_key());
        self.passes += 1;
        self.moves += 1;
        self.last = Some(Move::Pass(color));
        let stopped = self.passes >= 2;
        if stopped {
            self.phase = Phase::Stopped;
        }
        Ok(Effect {
            stopped,
            ..Effect::default()
        })
    }

    fn offer_no_result(&mut self, by: Color) -> Result<Effect, GameError> {
        self.expect_not_ended(Action::OfferNoResult)?;
        match self.no_result {
            NoResultState::Repeated { at_move } => {
                self.no_result = NoResultState::Offered { by, at_move };
                Ok(Effect::default())
            }
            NoResultState::Offered { .. } => Err(GameError::OfferOpen),
            NoResultState::Clear | NoResultState::Declined => Err(GameError::NoRepetition),
        }
    }

    fn accept_no_result(&mut self, by: Color) -> Result<Effect, GameError> {
        self.expect_not_ended(Action::AcceptNoResult)?;
        match self.no_result {
            NoResultState::Offered { by: offerer, .. } if offerer == by => Err(GameError::OwnOffer),
            NoResultState::Offered { .. } => Ok(self.finish(Outcome::NoResult)),
            _ => Err(GameError::NoOffer),
        }
    }

    fn decline_no_result(&mut self, _by: Color) -> Result<Effect, GameError> {
        self.expect_not_ended(Action::DeclineNoResult)?;
        match self.no_result {
            NoResultState::Repeated { .. } | NoResultState::Offered { .. } => {
                self.no_result = NoResultState::Declined;
                Ok(Effect::default())
            }
            NoResultState::Clear | NoResultState::Declined => Err(GameError::NoRepetition),
        }
    }

    fn propose(&mut self, by: Color, dead: &[Point]) -> Result<Effect, GameError> {
        self.expect_stopped(Action::Propose)?;
        let dead = self.dead_chains(dead)?;
        self.open_proposal = Some(self.proposals.len() as u32);
        self.proposals.push(Proposal {
            by,
            dead,
            at_move: self.moves,
        });
        self.phase = Phase::Ending;
        Ok(Effect::default())
    }

    fn accept(&mut self, by: Color, index: u32) -> Result<Effect, GameError> {
        self.expect_stopped(Action::AcceptProposal)?;
        let proposal = self
            .proposals
            .get(index as usize)
            .ok_or(GameError::UnknownProposal { index })?;
        match self.open_proposal {
            Some(open) if open == index => {}
            Some(latest) => return Err(GameError::StaleProposal { index, latest }),
            None => return Err(GameError::UnknownProposal { index }),
        }
        if proposal.by == by {
            return Err(GameError::OwnOffer);
        }
        let score = scoring::count(
            &self.board,
            &proposal.dead,
            self.captures,
            self.settings.komi,
        );
        let outcome = score.outcome();
        self.score = Some(score);
        Ok(self.finish(outcome))
    }

    fn finish(&mut self, outcome: Outcome) -> Effect {
        self.outcome = Some(outcome);
        self.playout = None;
        self.phase = Phase::Ended;
        self.open_proposal = None;
        Effect {
            ended: true,
            ..Effect::default()
        }
    }

    fn expect_turn(&self, color: Color, action: Action) -> Result<(), GameError> {
        if self.phase != Phase::Playing {
            return Err(GameError::WrongPhase {
                phase: self.phase,
                action,
            });
        }
        if color != self.to_move {
            return Err(GameError::NotYourTurn {
                expected: self.to_move,
            });
        }
        Ok(())
    }

    fn expect_stopped(&self, action: Action) -> Result<(), GameError> {
        match self.phase {
            Phase::Stopped | Phase::Ending => Ok(()),
            phase => Err(GameError::WrongPhase { phase, action }),
        }
    }

    fn expect_not_ended(&self, action: Action) -> Result<(), GameError> {
        match self.phase {
            Phase::Ended => Err(GameError::WrongPhase {
                phase: Phase::Ended,
                action,
            }),
            _ => Ok(()),
        }
    }
}
