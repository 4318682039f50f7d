//! A hot-seat game on one terminal: the rules engine's game plus what the
//! screen adds to it (cursor, dead-stone marks, whose turn it is to act in
//! the ending, the live count) and its log on disk.

use super::command::Command;
use super::disk::{Job, Then};
use super::doubt::{Doubt, doubt, headline};
use super::draft::DraftReading;
use super::hinge::{Ends, Hinge, ends, hinges};
use super::msg::Cmd;
use super::narrate::{describe, shown};
use super::net::NetRequest;
use super::out::Out;
use super::prompt::Prompt;
use super::recording::{Recording, SeriesStep, record_series};
use super::seat::{LinkState, NetSeat};
use super::series_net::record_network_game;
use super::timer::Timer;
use super::title::Title;
use crate::words::Naming;
use crate::words::{Lang, Note, note};
use kaisho_core::life::ChainVerdict;
use kaisho_core::{
    Board, Color, Effect, Event, Game, GameError, NoResultState, Phase, Point, Proposal, Score,
    Settings,
};

/// One game being played at this keyboard by both players in turn.
#[derive(Debug)]
pub struct Table {
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
    pub title: Title,
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
    /// The unsettled chains that decide the count's winner, refreshed with
    /// the count.
    pub hinges: Vec<Hinge>,
    /// Both ends of the count while chains are unsettled, refreshed with
    /// the count: the headline says them, never a winner that rests on a
    /// guess.
    pub ends: Option<Ends>,
    /// The count with its doubtful chains (unsettled, or narrowly
    /// estimated) turned against its winner, when that names another
    /// winner.
    pub doubt: Option<Doubt>,
    /// The engine's refusal of a proposal (which chains it holds dead and
    /// which alive) and the number of proposals when it came: shown while
    /// no proposal has followed (see [`Table::dispute`]).
    pub disputed: Option<(String, usize)>,
    /// An accepted event waiting for the shell to store it: the game
    /// changes only once it is on the disk.
    staged: Option<Staged>,
}

/// An event the rules accepted, and the game after it, until it is stored.
#[derive(Debug)]
struct Staged {
    event: Event,
    next: Game,
    effect: Effect,
}

impl Table {
    /// The engine's refusal of the open proposal, while no proposal has
    /// followed it and the game is still in its ending.
    #[must_use]
    pub fn dispute(&self) -> Option<&str> {
        let ending = matches!(self.game.phase(), Phase::Stopped | Phase::Ending);
        self.disputed
            .as_ref()
            .filter(|(_, at)| ending && *at == self.game.proposals().len())
            .map(|(text, _)| text.as_str())
    }

    /// The chains the draft leaves unsettled that no play-out has settled
    /// since: a play-out's capture or hold decides its chain for the
    /// board's `?` and the count, as its marks decide the proposal.
    pub fn open_chains(&self) -> impl Iterator<Item = &ChainVerdict> {
        self.not_played_out(DraftReading::unsettled)
    }

    /// The headline in place of a result while the count rests on
    /// something not proven ([`headline`]).
    #[must_use]
    pub fn headline(&self, lang: Lang) -> Option<String> {
        headline(self.ends.as_ref(), self.doubt.as_ref(), lang)
    }

    /// The draft's doubtful estimates ([`ChainVerdict::is_doubtful`]) no
    /// play-out has settled.
    pub fn doubtful_chains(&self) -> impl Iterator<Item = &ChainVerdict> {
        self.not_played_out(|d: &DraftReading| d.analysis().doubtful())
    }

    /// The chains `pick` takes from the draft, less those a play-out the
    /// players confirmed has settled.
    fn not_played_out<'a, I>(
        &'a self,
        pick: impl FnOnce(&'a DraftReading) -> I,
    ) -> impl Iterator<Item = &'a ChainVerdict>
    where
        I: Iterator<Item = &'a ChainVerdict>,
    {
        let played_out = |chain: &&ChainVerdict| {
            self.game.confirmed().iter().any(|done| {
                done.verdict.marks(&done.disputed).is_some()
                    && chain.stones.iter().all(|p| done.disputed.contains(p))
            })
        };
        self.draft
            .as_ref()
            .map(pick)
            .into_iter()
            .flatten()
            .filter(move |chain| !played_out(chain))
    }

    /// Who plays `color`: the player's name in a network game or a game of
    /// a series, else the colour's name in `lang`.
    #[must_use]
    pub fn player_name(&self, color: Color, lang: Lang) -> String {
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
            None => crate::words::color(lang, color).to_string(),
        }
    }

    /// A new game with the cursor on the centre point.
    pub fn new(settings: Settings) -> Result<Table, GameError> {
        let game = Game::new(settings)?;
        Ok(Table::from_game(game))
    }

    /// Wraps an existing game: a resumed one, or one set up by a test.
    #[must_use]
    pub fn from_game(game: Game) -> Table {
        let mid = game.settings().size.get() / 2;
        let mut session = Table {
            ending_turn: game.to_move(),
            cursor: Point::new(mid, mid),
            marks: game
                .proposals()
                .last()
                .map(|p| p.dead.clone())
                .unwrap_or_default(),
            count: None,
            hinges: Vec::new(),
            ends: None,
            doubt: None,
            disputed: None,
            game,
            title: Title::Local,
            recording: None,
            halted: None,
            after: Vec::new(),
            net: None,
            timer: None,
            look: super::look::Look::default(),
            draft: None,
            staged: None,
        };
        if let Some(open) = session.open_proposal() {
            session.ending_turn = open.by.opponent();
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
        let local = self.net.as_ref().map(|net| net.local);
        let command =
            match super::playout::event_for(command, &self.game, actor, local, &mut self.cursor) {
                Ok(event) => return self.apply(event, naming, out),
                Err(command) => command,
            };
        if let Some(cursor) = super::cursor::moved(self.cursor, &command, self.size()) {
            self.cursor = cursor;
            return;
        }
        match command {
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
            let point = naming.name(point, size);
            out.refuse(note(naming.lang, Note::NoStoneToMark(&point)));
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
        let counter = self
            .open_proposal()
            .is_some_and(|p| p.dead != self.marks)
            .then_some(self.ending_turn);
        let marked = Note::Marked {
            color,
            point: &naming.name(point, size),
            dead: !was_dead,
            stones: chain.len(),
            counter,
        };
        out.say(note(naming.lang, marked));
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
            None => out.refuse(note(naming.lang, Note::NoProposal)),
        }
    }

    fn recount(&mut self) {
        self.count = match self.game.phase() {
            Phase::Stopped | Phase::Ending => self.game.count_with(&self.marks).ok(),
            Phase::Playing | Phase::Ended => None,
        };
        self.hinges = match self.count {
            Some(_) => hinges(&self.game, &self.marks, self.open_chains()),
            None => Vec::new(),
        };
        self.ends = match self.count {
            Some(_) => ends(&self.game, &self.marks, self.open_chains()),
            None => None,
        };
        self.doubt = match self.count {
            Some(_) => {
                let chains = self.open_chains().chain(self.doubtful_chains());
                doubt(&self.game, &self.marks, chains)
            }
            None => None,
        };
    }

    /// The shell's answer to the store of the staged event. Once it is on
    /// the disk the event is played; if the append failed the game stops
    /// taking moves rather than go on unsaved, and the event is not played:
    /// the board shows only what the disk holds.
    pub(super) fn stored(
        &mut self,
        result: Result<(), impl std::fmt::Display>,
        naming: Naming,
        out: &mut Out,
    ) {
        let Some(staged) = self.staged.take() else {
            return;
        };
        if let Err(e) = result {
            let text = note(naming.lang, Note::StoreFailed(&e.to_string()));
            self.halted = Some(text.clone());
            out.refuse(text);
            return;
        }
        self.commit(staged, naming, out);
    }

    /// Plays a stored (or unsaved) event: the game changes and the screen
    /// follows. At one keyboard a request to take back a move is granted
    /// at once, since the partner sits here too.
    fn commit(&mut self, staged: Staged, naming: Naming, out: &mut Out) {
        let Staged {
            event,
            next,
            effect,
        } = staged;
        let before = shown(&std::mem::replace(&mut self.game, next)).clone();
        self.applied(&event, effect, &before, naming, out);
        self.finish(naming.lang, out);
        out.cmds.push(Cmd::Applied(event.clone()));
        if let Event::RequestUndo { by } = event
            && self.net.is_none()
            && self.game.undo_request() == Some(by)
        {
            self.apply(Event::AcceptUndo { by: by.opponent() }, naming, out);
            // The asker's turn starts afresh; the time the opponent
            // had thought on their turn is booked on nobody.
            if let Some(timer) = &mut self.timer {
                timer.running_ms = 0;
            }
        }
    }

    /// Once an event ended the game: asks for its SGF export, after which
    /// the series records the result ([`Table::exported`]).
    fn finish(&mut self, lang: Lang, out: &mut Out) {
        if let Some(recording) = &self.recording
            && self.game.phase() == Phase::Ended
        {
            let game = recording.id().to_string();
            let kibitz = Vec::new();
            out.disk(Job::Export { game, lang, kibitz }, Then::Finished);
        }
    }

    /// The game has ended and its export is done: `line` says where the SGF
    /// went; then its result goes into this side's copy of its series.
    pub(super) fn exported(&mut self, lang: Lang, line: String, out: &mut Out) {
        self.after_line(line, out);
        let game = &self.game;
        let step = match (&mut self.net, &mut self.recording) {
            (Some(net), _) => {
                let black = net.names[0].clone();
                net.series.as_mut().and_then(|sg| {
                    let base = sg.series.clone();
                    Some((
                        record_network_game(lang, sg, &black, game)?,
                        base,
                        sg.clone(),
                    ))
                })
            }
            (None, Some(recording)) => recording.series_mut().and_then(|sg| {
                let base = sg.series.clone();
                Some((record_series(lang, sg, game)?, base, sg.clone()))
            }),
            (None, None) => None,
        };
        match step {
            Some((SeriesStep::Save(line), base, sg)) => out.disk(
                Job::SaveSeries {
                    id: sg.id.clone(),
                    base: Box::new(base),
                    series: Box::new(sg.series.clone()),
                },
                Then::SeriesResult {
                    line,
                    game: Box::new(sg),
                },
            ),
            Some((SeriesStep::Refused(line), _, _)) => self.after_line(line, out),
            None => {}
        }
    }

    /// A line for the result panel, also said: the screen shows it there
    /// and plain mode prints it.
    pub(super) fn after_line(&mut self, line: String, out: &mut Out) {
        self.after.push(line.clone());
        out.cmds.push(Cmd::Say(line));
    }

    /// One slice of the draft's reading: the marks follow it unless a
    /// player changed them or a proposal is on the table; the verdicts are
    /// said once the reading ends.
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
        // A proposal on the table is the players' word: the draft reads on
        // for the panel, but moves the marks only while none is open.
        let open = |d: &DraftReading| d.unsettled().map(|c| c.stones[0]).collect::<Vec<_>>();
        let (marks, unsettled) = (self.marks.clone(), open(draft));
        match self.game.open_proposal() {
            Some(_) => draft.slice(&mut self.marks.clone()),
            None => draft.slice(&mut self.marks),
        }
        if !draft.open() {
            out.say(draft_note(false, draft, size, naming));
        }
        if marks != self.marks || unsettled != open(draft) {
            self.recount();
        }
    }

    /// One second of the game's clock: the side on turn's flag may fall,
    /// which ends the game on time.
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
    /// or why it was refused. At this keyboard the game changes once the
    /// shell has stored it. In a network game the event goes to the network
    /// task, whose game checks it; the mirror changes when the task reports
    /// it sent.
    pub(super) fn apply(&mut self, event: Event, naming: Naming, out: &mut Out) {
        if let Some(net) = &self.net {
            if let LinkState::Away(why) | LinkState::Closed(why) = &net.link {
                out.refuse(note(naming.lang, Note::NotSent(why)));
                return;
            }
            // The network task's game checks it, once.
            out.cmds.push(Cmd::Net(NetRequest::Act(event)));
            return;
        }
        let mut next = self.game.clone();
        match next.apply(event.clone()) {
            Ok(effect) => {
                let time_used_ms = self.timer.as_mut().and_then(|t| t.book(&event));
                let staged = Staged {
                    event,
                    next,
                    effect,
                };
                match &self.recording {
                    Some(recording) => {
                        out.disk(
                            Job::Append {
                                game: recording.id().to_string(),
                                event: staged.event.clone(),
                                time_used_ms,
                            },
                            Then::Store,
                        );
                        self.staged = Some(staged);
                    }
                    None => self.commit(staged, naming, out),
                }
            }
            Err(error) => out.refuse(self.refusal(&event, &error, naming)),
        }
    }

    /// Takes an event the network task reports (ours sent, or the
    /// partner's checked and logged) into the mirrored game, which must
    /// reach the task's state hash `hash`. If it does not, the mirror is no
    /// longer the game: it is a fault, said, and the screen takes no more
    /// moves.
    pub(super) fn mirror(&mut self, event: &Event, hash: u64, naming: Naming, out: &mut Out) {
        let before = shown(&self.game).clone();
        match self.game.apply(event.clone()) {
            Ok(effect) if self.game.state_hash() == hash => {
                self.applied(event, effect, &before, naming, out);
                out.cmds.push(Cmd::Applied(event.clone()));
            }
            _ => self.diverged(naming.lang, out),
        }
    }

    /// Takes our last event back out of the mirror, as the network task
    /// did when it crossed the host's, and shows the proposal on the table
    /// so that the screen shows exactly what `a` would accept. Returns
    /// whether the mirror still matches the task's game (`hash`).
    pub(super) fn withdraw(&mut self, hash: u64, lang: Lang, out: &mut Out) -> bool {
        let events = self.game.events();
        let standing = &events[..events.len().saturating_sub(1)];
        match Game::replay(self.game.settings().clone(), standing) {
            Ok(game) if game.state_hash() == hash => {
                self.take_table(game);
                true
            }
            _ => {
                self.diverged(lang, out);
                false
            }
        }
    }

    /// The mirror no longer matches the network task's game.
    fn diverged(&mut self, lang: Lang, out: &mut Out) {
        let text = note(lang, Note::Diverged);
        self.halted = Some(text.clone());
        out.refuse(text);
    }

    /// Takes `game` as it stands, with the marks and the count of the
    /// proposal on the table.
    fn take_table(&mut self, game: Game) {
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

    /// The game has stopped: the side to move acts first in the ending, and
    /// the Article 7 draft starts, its proven part marked at once and the
    /// rest read in slices ([`Table::read_slice`]). The one place a draft
    /// begins, whether the stop was just played or taken up again
    /// ([`Table::taken_up`]).
    fn stopped(&mut self, naming: Naming, out: &mut Out) {
        self.ending_turn = self.game.to_move();
        let draft = DraftReading::start(self.game.board());
        self.marks = draft.drafted().to_vec();
        out.say(draft_note(true, &draft, self.size(), naming));
        self.draft = Some(draft);
    }

    /// A game taken up again from its record (a saved or imported game
    /// resumed, a network or engine game begun again): one that had
    /// stopped opens its ending as the stop did, with the draft read
    /// again, and a proposal left on the table is shown again as when it
    /// was made, so the players see what `a` would accept.
    pub(super) fn taken_up(&mut self, naming: Naming, out: &mut Out) {
        if !matches!(self.game.phase(), Phase::Stopped | Phase::Ending) {
            return;
        }
        self.stopped(naming, out);
        if let Some(Proposal { by, dead, .. }) = self.open_proposal().cloned() {
            self.ending_turn = by.opponent();
            self.marks.clone_from(&dead);
            let event = Event::Propose { by, dead };
            let board = self.game.board();
            let said = describe(&event, Effect::default(), board, &self.game, naming);
            out.say(said);
        }
        self.recount();
    }

    /// A refusal of the rules in words, with the point for a move, on the
    /// board or the scratch board alike.
    pub(super) fn refusal(&self, event: &Event, error: &GameError, naming: Naming) -> String {
        match event {
            Event::Play { point, .. } | Event::PlayoutPlay { point, .. } => format!(
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
        effect: Effect,
        before: &Board,
        naming: Naming,
        out: &mut Out,
    ) {
        let mut said = describe(event, effect, before, &self.game, naming);
        if let (Event::Propose { dead, .. }, Some(draft)) = (event, &self.draft) {
            let estimated: Vec<String> = draft
                .estimated()
                .filter(|c| c.status == kaisho_core::life::Status::Dead)
                .filter(|c| dead.contains(&c.stones[0]))
                .map(|c| naming.name(c.stones[0], self.size()))
                .collect();
            if !estimated.is_empty() {
                said += &crate::words::estimated_marks(naming.lang, &estimated);
            }
        }
        out.say(said);
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
            Event::ClosePlayout { .. } => {
                if let Some(text) = super::playout::offer(&self.game, &mut self.marks, naming) {
                    out.say(text);
                }
            }
            _ => {}
        }
        if effect.stopped {
            self.stopped(naming, out);
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
    let estimated: Vec<String> = draft
        .estimated()
        .filter(|v| v.status == kaisho_core::life::Status::Dead)
        .map(|v| naming.name(v.stones[0], size))
        .collect();
    let note = crate::words::DraftNote {
        stopped,
        dead: analysis.dead().len(),
        unsettled: &unsettled,
        estimated: &estimated,
        reading: draft.open(),
    };
    crate::words::draft_note(naming.lang, &note)
}
