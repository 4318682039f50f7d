//! The review screen: a finished game or an imported SGF record, its whole
//! tree stepped through node by node, into and between variations, with
//! comments and moves tried added to it (a saved game's additions kept in
//! its record through the shell). Each position is the rules engine's
//! replay of the moves on the way to the node, so captures, the ko point
//! and the last move are the engine's, not the file's, and a move tried is
//! refused for the rules' reason. A node's set-up properties past the root
//! (`AB`/`AW`/`AE`) are kept in the tree but not shown on the board.

use super::command::Command;
use super::disk::{Job, Leaving, Then, ToReview};
use super::engine_ask::Asked;
use super::msg::Cmd;
use super::net::NetRequest;
use super::out::Out;
use super::prompt::{Field, Prompt};
use super::{Screen, State};
use crate::words::Naming;
use crate::words::{Lang, Note, Say, note, refusal, reviewed_file_note, say};
use kaisho_core::{Event, Game, GameError, Move, Phase, Point};
use kaisho_net::ReviewStep;
use kaisho_saves::kept_review::{KeepError, Kept};
use kaisho_saves::log::SavedGame;
use kaisho_saves::sgf::{
    Applied, EditError, Moved, NodePath, SgfRecord, SgfTree, TreeEdit, review_comment,
};
use kaisho_saves::visible::visible;
use std::path::PathBuf;

/// A record's set-up the rules refuse: there is nothing to review.
#[derive(Debug, thiserror::Error)]
#[error("{title}: the set-up cannot be played: {error}")]
pub struct SetupRefused {
    /// The record's title.
    pub title: String,
    /// The board's size, for point names.
    pub size: u8,
    pub error: GameError,
}

impl SetupRefused {
    /// The refusal in `naming`'s language.
    #[must_use]
    pub fn said(&self, naming: Naming) -> String {
        let why = refusal(&self.error, naming, self.size);
        note(
            naming.lang,
            Note::SetupRefused {
                title: &self.title,
                why: &why,
            },
        )
    }
}

/// A record's move the rules refuse: the review stops before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    /// The move's number, from 1.
    pub number: usize,
    pub error: GameError,
}

impl MoveRefused {
    /// The refusal in `naming`'s language.
    #[must_use]
    pub fn said(&self, naming: Naming, size: u8) -> String {
        let why = refusal(&self.error, naming, size);
        let number = self.number;
        note(naming.lang, Note::MoveRefused { number, why: &why })
    }
}

/// Where a review's additions go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Keeping {
    /// Into saved game `id`'s kept record, each as it is made.
    Game(String),
    /// Nowhere: a file opened for review is not changed; its additions
    /// last as long as the review.
    Memory,
    /// Nowhere: a partner's record reviewed together, that this side has
    /// no saved game to keep it in (or refused); the host's record keeps
    /// the additions, this side's last as long as the review.
    Partners,
    /// Nowhere, and nothing said: a watcher following the players' review
    /// together, which is theirs to keep.
    Watched,
}

/// A game being reviewed: a record's tree, stepped through one line at a
/// time (the main line first, a variation once chosen), with comments and
/// moves tried added to the tree.
#[derive(Debug)]
pub struct Review {
    /// What is reviewed: the game's id or the file's name.
    pub title: String,
    /// The record's settings, players, result and game comment.
    pub record: SgfRecord,
    /// Every node and variation of the record, with this review's
    /// additions; changed only through `edit`, so every addition is kept.
    tree: SgfTree,
    /// The line shown: from the root to the end of the chosen variation.
    line: NodePath,
    /// The line's events: its moves, with the resumptions they imply.
    events: Vec<Event>,
    /// `cuts[k]`: how many events lead to the position at node `k` of the
    /// line.
    cuts: Vec<usize>,
    /// Why the replay of the line stops before its end, if it does.
    pub refusal: Option<MoveRefused>,
    /// The node shown: this many steps along the line from the root.
    pub at: usize,
    /// The position at the node shown.
    pub game: Game,
    /// A saved game as it ended, agreed count included, shown at the end
    /// of its main line.
    ending: Option<Game>,
    /// Whether Esc goes back to the saved-games list (or home).
    pub from_games: bool,
    /// Where additions go.
    pub keeping: Keeping,
    /// Additions made here and not yet in the kept record: sent with the
    /// next write when one fails.
    unsaved: Vec<Applied>,
    /// The board cursor while moves are being tried.
    pub cursor: Option<Point>,
    /// A review together (検討): hosted, or under way with a partner.
    pub shared: Option<Shared>,
    /// The question to the engine about a node, and its answer.
    pub engine: Option<Asked>,
    /// Our steps of a review together sent and not yet back in the host's
    /// order, each with the count of [`Review::followed`] when it was sent:
    /// what is typed after them waits, so that it applies where they lead.
    asked: std::collections::VecDeque<(ReviewStep, u64)>,
    /// The steps applied as they came back in the host's order (the
    /// partner's, and our additions): a step to a node of ours that comes
    /// back with none applied since we took it leaves the screen where it
    /// stands, which our later steps may already have moved on from.
    followed: u64,
}

impl Review {
    /// Reviews `tree`, whose main line `record` was read from; `ending` is
    /// the finished game, when known, whose count is shown at the last
    /// move.
    ///
    /// # Errors
    /// The record's set-up is refused by the rules.
    pub fn new(
        title: String,
        record: SgfRecord,
        tree: SgfTree,
        ending: Option<Game>,
    ) -> Result<Review, SetupRefused> {
        let game = match Game::new(record.settings.clone()) {
            Ok(game) => game,
            Err(error) => {
                let size = record.settings.size.get();
                return Err(SetupRefused { title, size, error });
            }
        };
        let line = tree.line_from(&NodePath::root());
        let mut review = Review {
            title,
            record,
            tree,
            line,
            events: Vec::new(),
            cuts: Vec::new(),
            refusal: None,
            at: 0,
            game,
            ending,
            from_games: false,
            keeping: Keeping::Memory,
            unsaved: Vec::new(),
            cursor: None,
            shared: None,
            engine: None,
            asked: std::collections::VecDeque::new(),
            followed: 0,
        };
        review.replay_line();
        review.go(0);
        Ok(review)
    }

    /// Reviews a saved game, from its SGF record and tree; its additions go
    /// to its kept record.
    ///
    /// # Errors
    /// The record's set-up is refused by the rules.
    pub fn from_saved(
        saved: &SavedGame,
        record: SgfRecord,
        tree: SgfTree,
    ) -> Result<Review, SetupRefused> {
        let header = &saved.contents.header;
        let title = format!(
            "{}: {} v {}",
            header.game_id, header.black.name, header.white.name
        );
        let mut review = Review::new(title, record, tree, Some(saved.game.clone()))?;
        review.keeping = Keeping::Game(header.game_id.clone());
        Ok(review)
    }

    /// Replays the line through the rules: its events and where each node's
    /// position stands among them, up to the first move the rules refuse.
    fn replay_line(&mut self) {
        let Ok(mut game) = Game::new(self.record.settings.clone()) else {
            return;
        };
        self.events.clear();
        self.cuts.clear();
        self.refusal = None;
        let mut passes = 0;
        for (depth, played) in self.tree.moves_along(&self.line).into_iter().enumerate() {
            if let Some(event) = played {
                let mut next = Vec::with_capacity(2);
                if passes >= 2 {
                    next.push(Event::RequestResume {
                        by: event.actor().opponent(),
                    });
                    passes = 0;
                }
                passes = if matches!(event, Event::Pass { .. }) {
                    passes + 1
                } else {
                    0
                };
                next.push(event);
                if let Some(error) = next.iter().find_map(|e| game.apply(e.clone()).err()) {
                    self.refusal = Some(MoveRefused {
                        number: depth,
                        error,
                    });
                    break;
                }
                self.events.extend(next);
            }
            self.cuts.push(self.events.len());
        }
        if self.cuts.is_empty() {
            self.cuts.push(0);
        }
    }

    /// The board's size, for point names.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.record.settings.size.get()
    }

    /// Why the replay stops before the line's end, in `naming`'s language.
    #[must_use]
    pub fn refusal_said(&self, naming: Naming) -> Option<String> {
        Some(self.refusal.as_ref()?.said(naming, self.size()))
    }

    /// The steps of the line shown that replay under the rules.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.cuts.len() - 1
    }

    /// The record's tree with this review's additions.
    #[must_use]
    pub fn tree(&self) -> &SgfTree {
        &self.tree
    }

    /// The node shown.
    #[must_use]
    pub fn node(&self) -> NodePath {
        self.line.prefix(self.at)
    }

    /// Shows the node `k` steps along the line (at most its last).
    pub fn go(&mut self, k: usize) {
        let k = k.min(self.moves());
        if let Ok(game) = Game::replay(self.record.settings.clone(), &self.events[..self.cuts[k]]) {
            self.game = game;
            self.at = k;
        }
    }

    /// Shows the line through `node` (its first children after it), at
    /// `node`.
    pub(super) fn show(&mut self, node: &NodePath) {
        self.line = self.tree.line_from(node);
        self.replay_line();
        self.go(node.depth());
    }

    /// Takes the line through `child` onwards, staying at its parent: the
    /// variation chosen at a branch point, before stepping into it.
    fn follow(&mut self, child: &NodePath) {
        self.show(child);
        self.go(child.depth().saturating_sub(1));
    }

    /// The game to draw: at the last move of a saved game's main line, the
    /// game as it ended, with its agreed count.
    #[must_use]
    pub fn shown(&self) -> &Game {
        let main_line = self.line.indices().iter().all(|&i| i == 0);
        match &self.ending {
            Some(ending) if main_line && self.at == self.moves() && self.refusal.is_none() => {
                ending
            }
            _ => &self.game,
        }
    }

    /// Which of its parent's children the node shown is, from 1, and how
    /// many there are; `None` at the root.
    #[must_use]
    pub fn variation(&self) -> Option<(usize, usize)> {
        let index = *self.line.indices().get(self.at.checked_sub(1)?)?;
        let parent = self.line.prefix(self.at - 1);
        Some((index + 1, self.tree.children(&parent)))
    }

    /// The moves that may follow the node shown, in the tree's order (the
    /// main line first); `None` for a node without a move.
    #[must_use]
    pub fn following(&self) -> Vec<Option<Event>> {
        let node = self.node();
        (0..self.tree.children(&node))
            .map(|i| self.tree.move_at(&node.child(i)))
            .collect()
    }

    /// The comment of the node shown: the game comment with the root's
    /// before the first move. A comment comes from outside: its lines keep
    /// their breaks, every other control character is made visible.
    #[must_use]
    pub fn comment(&self) -> Option<String> {
        let node = self.node();
        let own = self.tree.comment_at(&node);
        let text = if self.at == 0 {
            let parts: Vec<&str> = [self.record.game_comment.as_deref(), own]
                .into_iter()
                .flatten()
                .collect();
            (!parts.is_empty()).then(|| parts.join("\n"))?
        } else {
            own?.to_string()
        };
        Some(text.lines().map(visible).collect::<Vec<_>>().join("\n"))
    }

    /// Applies `edit` to the review's tree: the node it landed on and
    /// whether the tree changed, or `None` when it was refused (said in
    /// `lang`).
    pub(super) fn edit(
        &mut self,
        edit: &TreeEdit,
        lang: Lang,
        out: &mut Out,
    ) -> Option<(NodePath, bool)> {
        let before = self.tree.nodes();
        let landed = match self.tree.apply(edit) {
            Ok(landed) => landed,
            Err(error) => {
                out.refuse(note(lang, Note::EditRefused(&error)));
                return None;
            }
        };
        let comment = matches!(edit, TreeEdit::Comment { .. });
        Some((landed, comment || self.tree.nodes() != before))
    }

    /// Keeps `edit`, applied here and landed at `landed`: a saved game's
    /// through the shell into its record, a file's in memory, said so.
    pub(super) fn keep(&mut self, edit: TreeEdit, landed: NodePath, lang: Lang, out: &mut Out) {
        self.keep_all(vec![Applied { edit, landed }], lang, out);
    }

    /// Keeps `edits`, applied here in this order, as one addition: one
    /// write, one line said.
    pub(super) fn keep_all(&mut self, edits: Vec<Applied>, lang: Lang, out: &mut Out) {
        match &self.keeping {
            Keeping::Game(id) => {
                self.unsaved.extend(edits);
                out.disk(
                    Job::KeepReview {
                        game: id.clone(),
                        lang,
                        edits: self.unsaved.clone(),
                    },
                    Then::ReviewKept { game: id.clone() },
                );
            }
            Keeping::Memory => out.say(note(lang, Note::AddedInMemory)),
            Keeping::Partners => out.say(note(lang, Note::AddedForTheReview)),
            Keeping::Watched => {}
        }
    }

    /// Whether additions a failed write left out wait to be kept in the
    /// saved game's record.
    #[must_use]
    pub fn unkept(&self) -> bool {
        matches!(self.keeping, Keeping::Game(_)) && !self.unsaved.is_empty()
    }

    /// Whether a step of ours is on its way through the host's order.
    #[must_use]
    pub fn awaiting_partner(&self) -> bool {
        !self.asked.is_empty()
    }

    /// The review together has ended: nothing more comes back.
    pub(super) fn unshare(&mut self) {
        self.shared = None;
        self.asked.clear();
    }

    /// This review's additions kept: the record as written, when it is
    /// not this review's copy with them (another copy of kaisho added to
    /// it meanwhile), and where they landed in it: the review goes on from
    /// it, at the same node. A review together goes on from the tree both
    /// sides share, so that every step names the same node on both; what
    /// another copy of kaisho wrote meanwhile stays in the file.
    pub fn kept(&mut self, tree: Option<SgfTree>, moved: &Moved) {
        self.unsaved.clear();
        let Some(tree) = tree.filter(|_| self.shared.is_none()) else {
            return;
        };
        let node = moved.path(&self.node());
        let line = moved.path(&self.line);
        if let Some(asked) = &mut self.engine {
            asked.moved(moved);
        }
        self.tree = tree;
        self.line = if self.tree.holds(&line) {
            self.tree.line_from(&line)
        } else {
            self.tree.line_from(&NodePath::root())
        };
        self.replay_line();
        self.go(if self.tree.holds(&node) {
            node.depth()
        } else {
            0
        });
    }
}

/// A record opened for review under `title`, with its moves and
/// `notice`, what to know about it.
pub(super) fn reviewing(lang: Lang, title: &str, review: &Review, notice: Option<&str>) -> String {
    let said = Note::Reviewing {
        title,
        moves: review.moves(),
        notice,
    };
    note(lang, said)
}

/// Where a review together stands on this side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shared {
    /// Hosting: waiting for the partner, with the code once it is shown.
    Hosting { code: Option<String> },
    /// Reviewing with `partner`: every step goes through the host's order.
    With { partner: String },
}

/// Sends `step` to the partner when a review together is under way, and
/// says whether it did: the step is then applied when it comes back in
/// the host's order, not here.
pub(super) fn send(review: &mut Review, step: ReviewStep, out: &mut Out) -> bool {
    let sharing = matches!(review.shared, Some(Shared::With { .. }));
    if sharing {
        review.asked.push_back((step.clone(), review.followed));
        out.cmds.push(Cmd::Net(NetRequest::ReviewStep(step)));
    }
    sharing
}

/// The keys and lines of the review screen.
pub(super) fn run(state: &mut State, command: Command, out: &mut Out) {
    let naming = state.naming;
    let lang = naming.lang;
    let Screen::Review(review) = &mut state.screen else {
        return;
    };
    if let Some(cursor) = review.cursor {
        let tried = match command {
            Command::Select => Some(Some(cursor)),
            Command::At(point) => Some(Some(point)),
            Command::Pass => Some(None),
            _ => None,
        };
        if let Some(point) = tried {
            return try_move(review, point, naming, out);
        }
        if let Some(moved) = super::cursor::moved(cursor, &command, review.size()) {
            review.cursor = Some(moved);
            return;
        }
    }
    // Every step says where it landed, so no earlier "move k of n" stays
    // on the message line after the position changed.
    match command {
        Command::Left => review.go(review.at.saturating_sub(1)),
        Command::Right => {
            if review.at == review.moves()
                && let Some(why) = review.refusal_said(naming)
            {
                out.refuse(why);
                return;
            }
            review.go(review.at + 1);
        }
        Command::First => review.go(0),
        Command::Last => review.go(review.moves()),
        Command::GoTo(n) => {
            review.go(n as usize);
            // A move past the line's end is not silently the last one.
            if n as usize > review.moves() {
                out.refuse(note(
                    lang,
                    Note::LineEndsAt {
                        asked: n as usize,
                        moves: review.moves(),
                    },
                ));
                return;
            }
        }
        Command::Up | Command::Down => {
            let node = review.node();
            let following = review.tree.children(&node);
            // The move shown among its own variations; at a branch point
            // whose move has none, the variation that follows it.
            let (parent, number, count) = match review.variation().filter(|&(_, c)| c > 1) {
                Some((number, count)) => (node.prefix(review.at - 1), number, count),
                None if following > 1 => {
                    let next = review.line.indices().get(review.at).copied().unwrap_or(0);
                    (node.clone(), next + 1, following)
                }
                None => {
                    out.refuse(note(lang, Note::NoOtherVariation));
                    return;
                }
            };
            let index = if command == Command::Down {
                number % count
            } else {
                (number + count - 2) % count
            };
            if parent == node {
                review.follow(&parent.child(index));
            } else {
                review.show(&parent.child(index));
            }
        }
        Command::BranchPoint => {
            let node = review.node();
            let Some(depth) = (0..review.at).rfind(|&d| review.tree.children(&node.prefix(d)) > 1)
            else {
                out.refuse(note(lang, Note::NoBranchPoint));
                return;
            };
            // Back where the variation branched off, on the line it left.
            review.show(&node.prefix(depth));
        }
        Command::Branch(number) => {
            let node = review.node();
            let count = review.tree.children(&node);
            if number == 0 || number > count {
                out.refuse(note(lang, Note::NoSuchVariation { number, count }));
                return;
            }
            review.show(&node.child(number - 1));
        }
        Command::Variations => return out.say(variations_said(review, naming)),
        Command::AskMove => {
            state.prompt = Some(Prompt::Text(Field::MoveNumber, String::new()));
            return;
        }
        Command::AskComment => {
            state.prompt = Some(Prompt::Text(Field::Comment, String::new()));
            return;
        }
        Command::Comment(text) => {
            // Refused here, as typed, rather than sent and refused after.
            let text = match review_comment(&text) {
                Ok(text) => text,
                Err(error) => return out.refuse(note(lang, Note::EditRefused(&error))),
            };
            let edit = TreeEdit::Comment {
                at: review.node(),
                text,
            };
            if !send(review, ReviewStep::Edit(edit.clone()), out)
                && let Some((landed, _)) = review.edit(&edit, lang, out)
            {
                review.keep(edit, landed, lang, out);
            }
            return;
        }
        Command::ToggleTry => {
            review.cursor = match review.cursor {
                Some(_) => None,
                None => Some(match review.game.last_move() {
                    Some(Move::Play(_, point)) => point,
                    _ => Point::new(review.size() / 2, review.size() / 2),
                }),
            };
            return;
        }
        Command::Try(point) => return try_move(review, point, naming, out),
        _ => return,
    }
    out.say(at_said(review, lang));
    send(review, ReviewStep::Show(review.node()), out);
}

/// Where the review stands: the step, and the variation when there is a
/// choice.
pub(super) fn at_said(review: &Review, lang: Lang) -> String {
    let at = say(
        lang,
        Say::ReviewAt {
            at: review.at,
            moves: review.moves(),
        },
    );
    match review.variation().filter(|&(_, count)| count > 1) {
        Some((number, count)) => {
            let variation = say(lang, Say::Variation { number, count });
            format!("{at} · {variation}")
        }
        None => at,
    }
}

/// The moves that may follow the node shown, numbered, for `variations`.
fn variations_said(review: &Review, naming: Naming) -> String {
    let following = review.following();
    if following.is_empty() {
        return note(naming.lang, Note::NothingFollows);
    }
    let moves = following_words(review, naming);
    note(
        naming.lang,
        Note::Variations {
            at: review.at,
            moves: &moves,
        },
    )
}

/// The moves that may follow the node shown as `1 Q16  2 R16`.
#[must_use]
pub fn following_words(review: &Review, naming: Naming) -> String {
    let size = review.size();
    review
        .following()
        .iter()
        .enumerate()
        .map(|(i, event)| {
            let played = match event {
                Some(Event::Play { color, point }) => {
                    say(naming.lang, Say::Played(*color, &naming.name(*point, size)))
                }
                Some(Event::Pass { color }) => say(naming.lang, Say::Passed(*color)),
                _ => "-".to_string(),
            };
            format!("{} {played}", i + 1)
        })
        .collect::<Vec<_>>()
        .join("  ")
}

/// Tries the move at `point` (a pass when `None`) by the side to play at
/// the node shown: a move the rules refuse is refused with their reason,
/// any other is stepped into, as a new variation when it is not there yet.
/// In a review together it goes to the partner first, and is stepped into
/// when it comes back in the host's order.
fn try_move(review: &mut Review, point: Option<Point>, naming: Naming, out: &mut Out) {
    let edit = match legal_try(review, point, naming) {
        Ok(edit) => edit,
        Err(why) => return out.refuse(why),
    };
    if let Some(point) = point {
        review.cursor = review.cursor.map(|_| point);
    }
    if !send(review, ReviewStep::Edit(edit.clone()), out) {
        add_try(review, edit, naming, out);
    }
}

/// The move at `point` by the side to play at the node shown, as an
/// addition, or the rules' reason against it.
fn legal_try(review: &Review, point: Option<Point>, naming: Naming) -> Result<TreeEdit, String> {
    let color = review.game.to_move();
    let event = match point {
        Some(point) => Event::Play { color, point },
        None => Event::Pass { color },
    };
    // After two passes a move means play resumed, as the replay of a line
    // reads it: the other side asked, so this side moves first.
    let mut trial = review.game.clone();
    if trial.phase() == Phase::Stopped {
        let resume = Event::RequestResume {
            by: color.opponent(),
        };
        trial
            .apply(resume)
            .map_err(|error| refusal(&error, naming, review.size()))?;
    }
    trial
        .apply(event)
        .map_err(|error| refusal(&error, naming, review.size()))?;
    Ok(TreeEdit::Try {
        at: review.node(),
        color,
        point,
    })
}

/// Adds `edit`, a move tried at the node shown, and steps into it.
fn add_try(review: &mut Review, edit: TreeEdit, naming: Naming, out: &mut Out) {
    if let Some((landed, added)) = review.edit(&edit, naming.lang, out) {
        review.show(&landed);
        out.say(at_said(review, naming.lang));
        if added {
            review.keep(edit, landed, naming.lang, out);
        }
    }
}

/// Applies `step` of a review together, in the host's order: a node shown
/// is shown and said, an addition is added as the same addition made here
/// would be.
pub(super) fn follow(review: &mut Review, step: ReviewStep, naming: Naming, out: &mut Out) {
    let ours = match review.asked.front() {
        Some((asked, followed)) if *asked == step => Some(*followed),
        _ => None,
    };
    if ours.is_some() {
        review.asked.pop_front();
    }
    if matches!(step, ReviewStep::Show(_)) && ours == Some(review.followed) {
        return;
    }
    review.followed += 1;
    match step {
        ReviewStep::Show(node) => {
            if review.tree.holds(&node) {
                review.show(&node);
                out.say(at_said(review, naming.lang));
            }
        }
        ReviewStep::Edit(edit) => add_shared(review, edit, naming, out),
    }
}

/// Adds `edit`, a step of a review together in the host's order, as the
/// same addition made here would be: a move tried is checked at its node
/// by the rules, so both sides refuse the same steps.
fn add_shared(review: &mut Review, edit: TreeEdit, naming: Naming, out: &mut Out) {
    match &edit {
        TreeEdit::Try { at, color, point } => {
            if !review.tree.holds(at) {
                let error = EditError::NoSuchNode { path: at.clone() };
                return out.refuse(note(naming.lang, Note::EditRefused(&error)));
            }
            review.show(at);
            let point = *point;
            match legal_try(review, point, naming) {
                Ok(TreeEdit::Try { color: to_move, .. }) if to_move == *color => {
                    add_try(review, edit, naming, out);
                }
                Ok(_) => out.refuse(note(naming.lang, Note::TriedOutOfTurn)),
                Err(why) => out.refuse(why),
            }
        }
        TreeEdit::Comment { .. } => add_shared_comment(review, edit, naming.lang, out),
    }
}

/// Adds `edit`, a comment of a review together, says it with the move it
/// is on (so that plain mode and a screen reader hear either player's
/// comment, wherever the review stands), and keeps it.
fn add_shared_comment(review: &mut Review, edit: TreeEdit, lang: Lang, out: &mut Out) {
    let TreeEdit::Comment { at, text } = &edit else {
        return;
    };
    let said = say(
        lang,
        Say::Commented {
            at: at.depth(),
            text: &visible(text),
        },
    );
    if let Some((landed, _)) = review.edit(&edit, lang, out) {
        out.say(said);
        review.keep(edit, landed, lang, out);
    }
}

/// Saved game `game`'s kept record written with the review's additions, or
/// why not.
pub(super) fn kept(
    state: &mut State,
    game: &str,
    result: Result<Box<Kept>, KeepError>,
    out: &mut Out,
) {
    let lang = state.naming.lang;
    match result {
        Ok(written) => {
            let Kept { tree, moved } = *written;
            if let Screen::Review(review) = &mut state.screen
                && review.keeping == Keeping::Game(game.to_string())
            {
                review.kept(tree, &moved);
            }
            state.journaled = Some(game.to_string());
            out.say(note(lang, Note::KeptInRecord(game)));
        }
        Err(error) => {
            // An addition the record as the file holds it cannot take is
            // not sent again; one a failed read or write kept out is.
            let again = !matches!(error, KeepError::Refused { .. } | KeepError::NoTree { .. });
            if !again && let Screen::Review(review) = &mut state.screen {
                review.unsaved.clear();
            }
            let why = error.to_string();
            out.refuse(note(lang, Note::NotKept { why: &why, again }));
        }
    }
}

/// Before a review is left: the additions a failed write left out are
/// written once more (the disk may have room again), and the review is
/// left once the answer says whether they were kept. `true` when that
/// was asked, and the leaving waits for it.
pub(super) fn keep_before_leaving(state: &mut State, leaving: Leaving, out: &mut Out) -> bool {
    let lang = state.naming.lang;
    let Screen::Review(review) = &mut state.screen else {
        return false;
    };
    let Keeping::Game(game) = &review.keeping else {
        return false;
    };
    if !review.unkept() {
        return false;
    }
    let game = game.clone();
    let edits = std::mem::take(&mut review.unsaved);
    let additions = edits.len();
    out.disk(
        Job::KeepReview {
            game: game.clone(),
            lang,
            edits,
        },
        Then::KeptBeforeLeaving {
            game,
            additions,
            leaving,
        },
    );
    true
}

/// The answer to [`keep_before_leaving`]: whether the additions are in the
/// record, or, said plainly, which were lost and why.
pub(super) fn kept_before_leaving(
    state: &mut State,
    game: &str,
    result: &Result<Box<Kept>, KeepError>,
    additions: usize,
    out: &mut Out,
) {
    let lang = state.naming.lang;
    match result {
        Ok(_) => {
            state.journaled = Some(game.to_string());
            out.say(note(lang, Note::KeptInRecord(game)));
        }
        Err(error) => {
            let why = error.to_string();
            out.refuse(note(
                lang,
                Note::LostAtLeaving {
                    game,
                    additions,
                    why: &why,
                },
            ));
        }
    }
}

/// Once the review of a saved game whose additions went into its journal
/// is no longer shown, or kaisho quits: the journal is folded into the
/// record (the review has ended), asked before quitting.
pub(super) fn fold_when_left(state: &mut State, out: &mut Out) {
    let Some(game) = &state.journaled else {
        return;
    };
    let quitting = out.cmds.contains(&Cmd::Quit);
    let shown = matches!(&state.screen, Screen::Review(review)
        if review.keeping == Keeping::Game(game.clone()));
    if shown && !quitting {
        return;
    }
    let game = game.clone();
    state.journaled = None;
    let fold = Cmd::Disk(
        Job::FoldReview { game: game.clone() },
        Then::Folded { game },
    );
    let at = out
        .cmds
        .iter()
        .position(|cmd| *cmd == Cmd::Quit)
        .unwrap_or(out.cmds.len());
    out.cmds.insert(at, fold);
}

/// The journal of saved game `game` folded into its record, or why not:
/// its additions stay in the journal, and every read of the record
/// applies them.
pub(super) fn folded(state: &State, game: &str, result: Result<(), KeepError>, out: &mut Out) {
    if let Err(error) = result {
        let why = error.to_string();
        out.refuse(note(state.naming.lang, Note::NotFolded { game, why: &why }));
    }
}

/// Asks for an SGF file to open for review; on Saved games, a file of
/// several games is imported whole instead, each game a saved game.
pub(super) fn import(state: &State, path: &str, out: &mut Out) {
    let path = path.trim();
    if path.is_empty() {
        return;
    }
    let path = PathBuf::from(path);
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let from_games = matches!(state.screen, Screen::Games(_));
    let job = Job::ReadSgf {
        path,
        lang: state.naming.lang,
        collect: from_games && state.places.is_some(),
    };
    out.disk(job, Then::Import { name, from_games });
}

/// The SGF file named `name` read: the review screen shows its first
/// game's tree, and says what of the file it could not read or show.
pub(super) fn imported(
    state: &mut State,
    name: String,
    from_games: bool,
    read: ToReview,
    out: &mut Out,
) {
    let lang = state.naming.lang;
    let ToReview {
        record,
        tree,
        charset,
        replaced,
        others,
    } = read;
    let Some(tree) = tree else {
        return out.refuse(note(lang, Note::TooLargeToReview(&name)));
    };
    match Review::new(name, record, tree, None) {
        Ok(mut review) => {
            review.from_games = from_games;
            let refused = review.refusal_said(state.naming);
            let why = reviewed_file_note(lang, refused, charset, replaced.as_ref(), others);
            let text = reviewing(lang, &review.title, &review, why.as_deref());
            state.screen = Screen::Review(Box::new(review));
            out.say(text);
        }
        Err(e) => out.refuse(e.said(state.naming)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The review of the record `text`, its tree read whole.
    fn reviewing_text(text: &str) -> Review {
        let record = kaisho_saves::sgf::parse(text).expect("the record reads");
        let tree = SgfTree::parse(text).expect("the tree reads");
        Review::new("t".to_string(), record, tree, None).expect("it replays")
    }

    /// A record's comments reach the review screen with their line breaks
    /// and with every escape sequence made visible, never obeyed.
    #[test]
    fn comments_keep_their_lines_and_show_escapes() {
        let text = "(;GM[1]FF[4]SZ[9]GC[a\nb\u{1b}\\]0;t\u{7}];B[ee]C[\u{1b}[31mred])";
        let mut review = reviewing_text(text);
        assert_eq!(review.comment().as_deref(), Some("a\nb␛]0;t␇"));
        review.go(1);
        assert_eq!(review.comment().as_deref(), Some("␛[31mred"));
    }

    /// In a review together our steps to a node show at once and come back
    /// in the host's order. One that comes back with nothing else applied
    /// since leaves the screen where our later steps took it; one with a
    /// partner's step ordered before it shows its node again, as the other
    /// side shows it last.
    #[test]
    fn our_steps_coming_back_move_the_screen_only_past_the_partners() {
        let mut review = reviewing_text("(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[gg])");
        review.shared = Some(Shared::With {
            partner: "Ben".to_string(),
        });
        let naming = Naming::default();
        let mut out = Out::default();
        let step_to = |review: &mut Review, k: usize, out: &mut Out| {
            review.go(k);
            let node = review.node();
            send(review, ReviewStep::Show(node.clone()), out);
            node
        };
        let one = step_to(&mut review, 1, &mut out);
        let two = step_to(&mut review, 2, &mut out);
        follow(&mut review, ReviewStep::Show(one.clone()), naming, &mut out);
        assert_eq!(review.at, 2, "our first step came back after our second");
        follow(&mut review, ReviewStep::Show(two), naming, &mut out);
        assert_eq!(review.at, 2);
        assert!(!review.awaiting_partner());

        let one_again = step_to(&mut review, 1, &mut out);
        let three = review.tree.line_from(&one_again).prefix(3);
        follow(&mut review, ReviewStep::Show(three), naming, &mut out);
        assert_eq!(review.at, 3, "the partner's step shows");
        follow(&mut review, ReviewStep::Show(one_again), naming, &mut out);
        assert_eq!(
            review.at, 1,
            "ours, ordered after the partner's, shows last"
        );
    }

    /// A move tried after two passes resumes play there, as the replay of
    /// a record reads a move after two passes.
    #[test]
    fn a_move_tried_after_two_passes_resumes_play() {
        let text = "(;GM[1]SZ[9];B[ee];W[];B[])";
        let mut review = reviewing_text(text);
        review.go(3);
        assert_eq!(review.game.phase(), Phase::Stopped);
        let mut out = Out::default();
        try_move(
            &mut review,
            Some(Point::new(2, 2)),
            Naming::default(),
            &mut out,
        );
        assert_eq!(review.at, 4, "{:?}", out.message);
        assert_eq!(
            review.game.last_move(),
            Some(Move::Play(kaisho_core::Color::White, Point::new(2, 2)))
        );
        assert_eq!(review.game.phase(), Phase::Playing);
    }
}
