//! The engine's view in a review: `e` asks the engine in force for its
//! move and its estimate of the score at the node shown, and `E` adds that
//! move as a variation whose comment names the engine, kept in the record
//! like any move tried. The update stays pure: it asks the shell
//! ([`Cmd::AskEngine`]), which starts the engine for this one question on
//! a task of its own, and the answer comes back as [`Msg::Engine`].
//!
//! [`Cmd::AskEngine`]: super::Cmd::AskEngine
//! [`Msg::Engine`]: super::Msg::Engine

use super::engine_ask::{Asked, EngineAsk, EngineSaw};
use super::out::Out;
use super::review::{Review, Shared, at_said, send};

use super::strength::strength;
use super::{Cmd, Screen, State};
use crate::engine::EngineError;
use crate::words::{
    EngineView, Naming, Note, Say, engine_error, engine_named, engine_view, note, say,
};
use kaisho_core::{Event, Phase};
use kaisho_net::ReviewStep;
use kaisho_saves::sgf::{Applied, NodePath, TreeEdit};

impl Review {
    /// Whether the engine is working on this review's question: plain mode
    /// holds the lines typed after it until it answers.
    #[must_use]
    pub fn asking_engine(&self) -> bool {
        matches!(self.engine, Some(Asked::Waiting { .. }))
    }
}

/// The engine `command` runs, as the player knows it: its name and GNU
/// Go's level.
fn who(command: &str, naming: Naming) -> String {
    let engine = strength(command);
    engine_named(naming.lang, &engine.name, engine.level)
}

/// `e`: asks the engine in force about the node shown; without one, says
/// how to set one up.
pub(super) fn ask(state: &mut State, out: &mut Out) {
    let lang = state.naming.lang;
    let in_force = state.engine.clone();
    let limit_secs = u64::from(state.config.engine_limit_secs);
    let naming = state.naming;
    let Screen::Review(review) = &mut state.screen else {
        return;
    };
    let Some(command) = in_force else {
        return out.refuse(engine_view(lang, EngineView::NoEngine));
    };
    if review.asking_engine() {
        return out.refuse(engine_view(lang, EngineView::StillAsking));
    }
    let mut position = review.game.clone();
    if position.phase() == Phase::Stopped {
        // After two passes a move means play resumed, as a move tried
        // there does: the other side asked, so this side moves first.
        let by = position.to_move().opponent();
        if position.apply(Event::RequestResume { by }).is_err() {
            return out.refuse(engine_view(lang, EngineView::NothingToAsk));
        }
    }
    if position.phase() != Phase::Playing {
        return out.refuse(engine_view(lang, EngineView::NothingToAsk));
    }
    let who = who(&command, naming);
    out.say(engine_view(lang, EngineView::Asking { who: &who }));
    review.engine = Some(Asked::Waiting {
        node: review.node(),
        who,
    });
    out.cmds.push(Cmd::AskEngine(Box::new(EngineAsk {
        command,
        position,
        limit_secs,
    })));
}

/// The engine's answer: shown when the review still waits for it, at the
/// node it was asked about.
pub(super) fn answered(state: &mut State, answer: Result<EngineSaw, EngineError>, out: &mut Out) {
    let naming = state.naming;
    let lang = naming.lang;
    let Screen::Review(review) = &mut state.screen else {
        return;
    };
    let Some(Asked::Waiting { node, who }) = review.engine.take() else {
        return;
    };
    let saw = match answer {
        Ok(saw) => saw,
        Err(error) => {
            let why = engine_error(&error, naming, review.size());
            let start = matches!(error, EngineError::Start { .. });
            return out.refuse(engine_view(lang, EngineView::Failed { why: &why, start }));
        }
    };
    let best = move_words(&saw.best, naming, review.size());
    out.say(engine_view(
        lang,
        EngineView::Saw {
            who: &who,
            best: &best,
            score: saw.score.as_deref(),
            here: review.node() == node,
            addable: !matches!(saw.best, Event::Resign { .. }),
        },
    ));
    review.engine = Some(Asked::Answered { node, who, saw });
}

/// The engine's move in words: `Black Q16`, `White passes`, `resigns`.
fn move_words(event: &Event, naming: Naming, size: u8) -> String {
    match event {
        Event::Play { color, point } => {
            say(naming.lang, Say::Played(*color, &naming.name(*point, size)))
        }
        Event::Pass { color } => say(naming.lang, Say::Passed(*color)),
        _ => engine_view(naming.lang, EngineView::Resigns),
    }
}

/// `E`: the engine's move at the node shown added as a variation (or the
/// move already there stepped into), with a comment naming the engine and
/// its score, kept as any move tried is. In a review together both go to
/// the partner first, as any move tried and comment do.
pub(super) fn add(state: &mut State, out: &mut Out) {
    let naming = state.naming;
    let lang = naming.lang;
    let Screen::Review(review) = &mut state.screen else {
        return;
    };
    let at = review.node();
    let (who, saw) = match &review.engine {
        Some(Asked::Answered { node, who, saw }) if *node == at => (who.clone(), saw.clone()),
        _ => return out.refuse(engine_view(lang, EngineView::AskFirst)),
    };
    let (color, point) = match saw.best {
        Event::Play { color, point } => (color, Some(point)),
        Event::Pass { color } => (color, None),
        _ => return out.refuse(engine_view(lang, EngineView::Resigns)),
    };
    let tried = TreeEdit::Try { at, color, point };
    let comment = |at: NodePath| TreeEdit::Comment {
        at,
        text: engine_view(
            lang,
            EngineView::Comment {
                who: &who,
                score: saw.score.as_deref(),
            },
        ),
    };
    if matches!(review.shared, Some(Shared::With { .. })) {
        // In a review together both steps go to the partner and come back
        // in the host's order; the comment names the node the move lands
        // on in the tree as it stands here.
        let landed = match review.tree().clone().apply(&tried) {
            Ok(landed) => landed,
            Err(error) => return out.refuse(note(lang, Note::EditRefused(&error))),
        };
        review.engine = None;
        send(review, ReviewStep::Edit(tried), out);
        send(review, ReviewStep::Edit(comment(landed)), out);
        return;
    }
    let Some((landed, added)) = review.edit(&tried, lang, out) else {
        return;
    };
    // Added once: the answer is used up, so a second `E` cannot repeat
    // the engine's comment on the same node.
    review.engine = None;
    let comment = comment(landed.clone());
    review.show(&landed);
    out.say(at_said(review, lang));
    let mut kept = Vec::with_capacity(2);
    if added {
        kept.push(Applied {
            edit: tried,
            landed: landed.clone(),
        });
    }
    if let Some((at, _)) = review.edit(&comment, lang, out) {
        kept.push(Applied {
            edit: comment,
            landed: at,
        });
    }
    if !kept.is_empty() {
        review.keep_all(kept, lang, out);
    }
}
