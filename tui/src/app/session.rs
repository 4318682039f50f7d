//! A hot-seat game on one terminal: the rules engine's game plus what the
//! screen adds to it (cursor, dead-stone marks, whose turn it is to act in
//! the ending, the live count) and its log on disk.

use super::Cmd;
use super::command::Command;
use super::draft::DraftReading;
use super::names::Naming;
use super::narrate::describe;
use super::net::NetRequest;
use super::netgame::{LinkState, NetSeat};
use super::prompt::Prompt;
use super::recording::Recording;
use super::timer::Timer;
use super::update::Out;
use kaisho_core::{
    Color, Event, Game, GameError, NoResultState, Phase, Point, Proposal, Score, Settings,
};

/// One game being played at this keyboard by both players in turn.
#[derive(Debug)]
pub struct Session {
    pub game: Game,
    pub cursor: Point,
    /// Stones marked dead (whole chains, sorted) on the ending screen.
    pub marks: Vec<Point>,
    /// The count the marks give, refreshed whenever they change.
    pub count: Option<Score>,
    /// After stoppage, the side that acts next: proposes, or answers the
    /// partner's proposal.
    pub ending_turn: Color,
    /// The first line of the panel: what game this is.
    pub title: String,
    /// The game's log; `None` when nothing is saved.
    pub recording: Option<Recording>,
    /// Why the game was stopped: its log could not be written, so it takes
    /// no more moves (the moves before are safe on disk).
    pub halted: Option<String>,
    /// What happened once the game ended: where the SGF went, what the
    /// series recorded.
    pub after: Vec<String>,
    /// The seat of a network game; `None` at one keyboard.
    pub net: Option<NetSeat>,
    /// The clocks of a game at one keyboard with a clock.
    pub timer: Option<Timer>,
    /// The move list, move numbers and a look back at the game so far.
    pub look: super::look::Look,
    /// The dead-stone draft while it is read after stoppage.
    pub draft: Option<DraftReading>,
}

impl Session {
    /// Who plays `color`: the player's name in a network game or a game of
    /// a series, else the colour's name.
    #[must_use]
    pub fn player_name(&self, color: Color) -> String {
        if let Some(net) = &self.net {
            return net.names[color.index()].clone();
        }
        let series = self.recording.as_ref().and_then(Recording::series);
        match series.and_then(|sg| Some((sg, sg.terms.black?))) {
            Some((sg, black)) => {
                let seat = if color == Color::Black {
                    black
                } else {
                    black.other()
                };
                sg.series.setup().player(seat).name.clone()
            }
            None => color.name().to_string(),
        }
    }

    /// A new game with the cursor on the centre point.
    pub fn new(settings: Settings) -> Result<Session, GameError> {
        let game = Game::new(settings)?;
        Ok(Session::from_game(game))
    }

    /// Wraps an existing game: a resumed one, or one set up by a test.
    #[must_use]
    pub fn from_game(game: Game) -> Session {
        let mid = game.settings().size.get() / 2;
        let mut session = Session {
            ending_turn: game.to_move(),
            cursor: Point::new(mid, mid),
            marks: game
                .proposals()
                .last()
                .map(|p| p.dead.clone())
                .unwrap_or_default(),
            count: None,
            game,
            title: "kaisho - local game".to_string(),
            recording: None,
            halted: None,
            after: Vec::new(),
            net: None,
            timer: None,
            look: super::look::Look::default(),
            draft: None,
        };
        if let Some(last) = session.game.proposals().last() {
            session.ending_turn = last.by.opponent();
        }
        session.recount();
        session
    }

    /// The side whose decision the screen waits for; in a network game,
    /// always this side's colour.
    #[must_use]
    pub fn actor(&self) -> Color {
        if let Some(net) = &self.net {
            return net.local;
        }
        match self.game.phase() {
            Phase::Stopped | Phase::Ending => self.ending_turn,
            Phase::Playing | Phase::Ended => self.game.to_move(),
        }
    }

    /// The proposal that can be accepted now.
    #[must_use]
    pub fn open_proposal(&self) -> Option<&Proposal> {
        self.game
            .open_proposal()
            .and_then(|i| self.game.proposals().get(i as usize))
    }

    fn size(&self) -> u8 {
        self.game.settings().size.get()
    }

    pub(super) fn run(&mut self, command: Command, naming: Naming, out: &mut Out) {
        if let Some(why) = &self.halted {
            if !matches!(
                command,
                Command::Up | Command::Down | Command::Left | Command::Right
            ) {
                out.refuse(why.clone());
            }
            return;
        }
        let actor = self.actor();
        match command {
            Command::Up => self.nudge(0, -1),
            Command::Down => self.nudge(0, 1),
            Command::Left => self.nudge(-1, 0),
            Command::Right => self.nudge(1, 0),
            Command::Select => self.act_at(self.cursor, naming, out),
            Command::At(point) if point.is_on(self.size()) => {
                self.cursor = point;
                self.act_at(point, naming, out);
            }
            Command::At(_) => {}
            Command::Play(point) => {
                if point.is_on(self.size()) {
                    self.cursor = point;
                }
                self.play(point, naming, out);
            }
            Command::Pass => self.apply(Event::Pass { color: actor }, naming, out),
            Command::Resign => self.apply(Event::Resign { color: actor }, naming, out),
            Command::OfferNoResult => self.apply(Event::OfferNoResult { by: actor }, naming, out),
            Command::DeclineNoResult => {
                let by = match self.game.no_result() {
                    NoResultState::Offered { by, .. } => by.opponent(),
                    _ => self.game.to_move(),
                };
                self.apply(Event::DeclineNoResult { by }, naming, out);
            }
            Command::Accept => self.accept(actor, naming, out),
            Command::Propose => {
                let dead = self.marks.clone();
                self.apply(Event::Propose { by: actor, dead }, naming, out);
            }
            Command::ProposeDead(points) => match self.game.dead_chains(&points) {
                // Marks belong to the ending; during play the engine refuses
                // the proposal and the marks stay as they were.
                Ok(dead) if matches!(self.game.phase(), Phase::Stopped | Phase::Ending) => {
                    self.marks = dead;
                    self.recount();
                    self.run(Command::Propose, naming, out);
                }
                Ok(dead) => self.apply(Event::Propose { by: actor, dead }, naming, out),
                Err(e) => out.refuse(e.to_string()),
            },
            Command::Resume => self.apply(Event::RequestResume { by: actor }, naming, out),
            Command::DeclareBothLose => {
                self.apply(Event::DeclareBothLose { by: actor }, naming, out);
            }
            _ => {}
        }
    }

    fn nudge(&mut self, dx: i16, dy: i16) {
        let max = i16::from(self.size()) - 1;
        let col = (i16::from(self.cursor.col) + dx).clamp(0, max);
        let row = (i16::from(self.cursor.row) + dy).clamp(0, max);
        self.cursor = Point::new(col as u8, row as u8);
    }

    fn act_at(&mut self, point: Point, naming: Naming, out: &mut Out) {
        match self.game.phase() {
            Phase::Playing => self.play(point, naming, out),
            Phase::Stopped | Phase::Ending => self.toggle(point, naming, out),
            Phase::Ended => {}
        }
    }

    fn play(&mut self, point: Point, naming: Naming, out: &mut Out) {
        let color = match &self.net {
            Some(net) => net.local,
            None => self.game.to_move(),
        };
        self.apply(Event::Play { color, point }, naming, out);
    }

    /// Marks the chain at `point` dead, or alive again if it was marked.
    fn toggle(&mut self, point: Point, naming: Naming, out: &mut Out) {
        let size = self.size();
        let chain = self.game.board().chain(point);
        let Some(color) = self.game.board().get(point) else {
            out.refuse(format!(
                "no stone stands at {} to be marked dead",
                naming.name(point, size)
            ));
            return;
        };
        let was_dead = self.marks.contains(&point);
        if was_dead {
            self.marks.retain(|p| !chain.contains(p));
        } else {
            self.marks.extend(&chain);
            self.marks.sort_unstable();
        }
        self.recount();
        let verb = if was_dead { "alive" } else { "dead" };
        let stones = match chain.len() {
            1 => "1 stone".to_string(),
            n => format!("{n} stones"),
        };
        let mut text = format!(
            "{color} {} marked {verb} ({stones})",
            naming.name(point, size)
        );
        if self.open_proposal().is_some_and(|p| p.dead != self.marks) {
            text += &format!("; {} may counter-propose", self.ending_turn);
        }
        out.say(text);
    }

    fn accept(&mut self, actor: Color, naming: Naming, out: &mut Out) {
        if let NoResultState::Offered { by, .. } = self.game.no_result() {
            self.apply(Event::AcceptNoResult { by: by.opponent() }, naming, out);
            return;
        }
        match self.game.open_proposal() {
            Some(proposal) => self.apply(
                Event::Accept {
                    by: actor,
                    proposal,
                },
                naming,
                out,
            ),
            None => out.refuse("there is no proposal to accept yet; propose one first".to_string()),
        }
    }

    fn recount(&mut self) {
        self.count = match self.game.phase() {
            Phase::Stopped | Phase::Ending => self.game.count_with(&self.marks).ok(),
            Phase::Playing | Phase::Ended => None,
        };
    }

    /// Puts an accepted event on the disk before it is shown or the next
    /// input is taken; returns whether it is there. If the append fails the
    /// game stops taking moves rather than go on unsaved, and the event is
    /// not played: the board shows only what the disk holds.
    fn record(&mut self, event: &Event, time_used: Option<u32>, out: &mut Out) -> bool {
        let Some(recording) = &mut self.recording else {
            return true;
        };
        if let Err(e) = recording.append(event, time_used) {
            let text = format!(
                "the game is stopped: {e}. This move was not played; every move before \
                 it is saved — free the disk and resume the game from Saved games"
            );
            self.halted = Some(text.clone());
            out.refuse(text);
            return false;
        }
        true
    }

    /// Once an event ended the game: exports it and records the series,
    /// and says where the SGF went or why it did not.
    fn finish(&mut self, lang: crate::words::Lang, out: &mut Out) {
        if let Some(recording) = &mut self.recording
            && self.game.phase() == Phase::Ended
        {
            self.after = recording.finish(&self.game, lang);
            // The screen shows these on the result panel; plain mode prints them.
            out.cmds.extend(self.after.iter().cloned().map(Cmd::Say));
        }
    }

    /// One second of the game's clock: the side on turn's flag may fall,
    /// which ends the game on time.
    /// One slice of the draft's reading: the marks follow it unless a
    /// player changed them; the verdicts are said once the reading ends.
    pub(super) fn read_slice(&mut self, naming: Naming, out: &mut Out) {
        if !matches!(self.game.phase(), Phase::Stopped | Phase::Ending) {
            self.draft = None;
            return;
        }
        let size = self.size();
        let Some(draft) = &mut self.draft else { return };
        if !draft.open() {
            return;
        }
        let changed = draft.slice(&mut self.marks);
        if !draft.open() {
            out.say(draft_note(false, draft, size, naming));
        }
        if changed {
            self.recount();
        }
    }

    pub(super) fn tick(&mut self, naming: Naming, out: &mut Out) {
        if self.game.phase() != Phase::Playing || self.halted.is_some() {
            return;
        }
        let to_move = self.game.to_move();
        if self.timer.as_mut().is_some_and(|t| t.tick(to_move)) {
            self.apply(Event::TimeLoss { color: to_move }, naming, out);
        }
    }

    /// Whether this screen decides for `color`: both colours at one
    /// keyboard, one in a network game.
    fn acts_for(&self, color: Color) -> bool {
        self.net.as_ref().is_none_or(|net| net.local == color)
    }

    /// Applies an event through the rules engine and reports what happened
    /// or why it was refused. In a network game the event is checked on a
    /// copy and handed to the network task, which sends it; the game
    /// changes when the task reports it sent.
    pub(super) fn apply(&mut self, event: Event, naming: Naming, out: &mut Out) {
        if let Some(net) = &self.net {
            if let LinkState::Away(why) | LinkState::Closed(why) = &net.link {
                out.refuse(format!("not sent: {why}"));
                return;
            }
            match self.game.clone().apply(event.clone()) {
                Ok(_) => out.cmds.push(Cmd::Net(NetRequest::Act(event))),
                Err(error) => out.refuse(self.refusal(&event, &error, naming)),
            }
            return;
        }
        let mut next = self.game.clone();
        match next.apply(event.clone()) {
            Ok(effect) => {
                let time_used = self.timer.as_mut().and_then(|t| t.book(&event));
                if !self.record(&event, time_used, out) {
                    return;
                }
                let before = std::mem::replace(&mut self.game, next).board().clone();
                self.applied(&event, effect, &before, naming, out);
                self.finish(naming.lang, out);
                out.cmds.push(Cmd::Applied(event));
            }
            Err(error) => out.refuse(self.refusal(&event, &error, naming)),
        }
    }

    /// Takes an event the network task reports (ours sent, or the
    /// partner's checked and logged) into the mirrored game. The task's
    /// game is the authority: if the mirror disagrees it is replaced.
    pub(super) fn mirror(&mut self, event: &Event, game: Game, naming: Naming, out: &mut Out) {
        let before = self.game.board().clone();
        match self.game.apply(event.clone()) {
            Ok(effect) if self.game.state_hash() == game.state_hash() => {
                self.applied(event, effect, &before, naming, out);
                out.cmds.push(Cmd::Applied(event.clone()));
            }
            _ => self.take_table(game),
        }
    }

    /// Takes the network task's game as it stands, with the marks and the
    /// count of the proposal on the table, so that the screen shows exactly
    /// what `a` would accept.
    pub(super) fn take_table(&mut self, game: Game) {
        self.game = game;
        // A draft read for the position before no longer applies.
        self.draft = None;
        match self.open_proposal().map(|p| (p.dead.clone(), p.by)) {
            Some((dead, by)) => {
                self.marks = dead;
                self.ending_turn = by.opponent();
            }
            None => self.marks.clear(),
        }
        self.recount();
    }

    fn refusal(&self, event: &Event, error: &GameError, naming: Naming) -> String {
        match event {
            Event::Play { point, .. } => format!(
                "{}: {}",
                naming.name(*point, self.size()),
                crate::words::refusal(error, naming, self.size())
            ),
            _ => crate::words::refusal(error, naming, self.size()),
        }
    }

    /// What follows an applied event on the screen: the sentence, the
    /// marks, the draft at stoppage, the questions it raises.
    fn applied(
        &mut self,
        event: &Event,
        effect: kaisho_core::Effect,
        before: &kaisho_core::Board,
        naming: Naming,
        out: &mut Out,
    ) {
        out.say(describe(event, effect, before, &self.game, naming));
        match event {
            Event::Propose { by, dead } => {
                self.ending_turn = by.opponent();
                if !self.acts_for(*by) {
                    self.marks.clone_from(dead);
                }
            }
            Event::OfferNoResult { by } if self.acts_for(by.opponent()) => {
                out.prompt = Some(Prompt::NoResultAnswer { by: *by });
            }
            Event::RequestResume { .. } => {
                self.marks.clear();
                self.draft = None;
            }
            Event::RequestUndo { by } if self.net.is_some() && self.acts_for(by.opponent()) => {
                out.prompt = Some(Prompt::UndoAnswer { by: *by });
            }
            _ => {}
        }
        if effect.stopped {
            self.ending_turn = self.game.to_move();
            let draft = DraftReading::start(self.game.board());
            self.marks = draft.drafted().to_vec();
            out.say(draft_note(true, &draft, self.size(), naming));
            self.draft = Some(draft);
        }
        if effect.repetition
            && matches!(self.game.no_result(), NoResultState::Repeated { .. })
            && self.acts_for(self.game.to_move())
        {
            out.prompt = Some(Prompt::NoResultOffer {
                to_move: self.game.to_move(),
            });
        }
        self.recount();
    }
}

/// What the automatic draft marked: said when the game stops
/// (`stopped`), and again when a reading begun then ends.
fn draft_note(stopped: bool, draft: &DraftReading, size: u8, naming: Naming) -> String {
    let analysis = draft.analysis();
    let unsettled: Vec<String> = analysis
        .unsettled()
        .map(|v| naming.name(v.stones[0], size))
        .collect();
    let note = crate::words::DraftNote {
        stopped,
        dead: analysis.dead().len(),
        unsettled: &unsettled,
        reading: draft.open(),
    };
    crate::words::draft_note(naming.lang, &note)
}
