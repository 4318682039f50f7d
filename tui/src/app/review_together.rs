//! Reviewing a saved game together (検討) over the LAN: hosting a review
//! from the review screen with a code, joining one with the host's code,
//! and the steps both screens apply in the host's order. The network task
//! carries the steps (`netplay::worker`); here they are only decided and
//! applied, as the review applies its own.

use super::disk::{Job, Then};
use super::lobby::Lobby;
use super::msg::Cmd;
use super::net::{NetNews, NetRequest, ReviewPlan};
use super::out::Out;
use super::review::{Keeping, Review, Shared, follow};
use super::{Screen, State};
use crate::words::{Note, Say, note, say};
use kaisho_saves::kept_review::{Adopted, KeepError};
use kaisho_saves::sgf::{self, SgfTree};
use std::net::SocketAddr;

/// Hosts the saved game reviewed on screen for a partner: the network task
/// shows a code and sends the record to whoever joins with it.
pub(super) fn host(state: &mut State, out: &mut Out) {
    let lang = state.naming.lang;
    if state.places.is_none() {
        return out.refuse(note(lang, Note::NetNeedsHome));
    }
    let Screen::Review(review) = &mut state.screen else {
        return;
    };
    let Keeping::Game(id) = review.keeping.clone() else {
        return out.refuse(note(lang, Note::ReviewTogetherNeedsSavedGame));
    };
    if review.shared.is_some() {
        return out.refuse(note(lang, Note::AlreadyReviewingTogether));
    }
    let plan = ReviewPlan::Host {
        bind: SocketAddr::new(state.listen, 0),
        id,
        text: review.tree().write(),
    };
    let name = state.config.player_name.clone();
    out.cmds.push(Cmd::Net(NetRequest::Review { plan, name }));
    review.shared = Some(Shared::Hosting { code: None });
    out.say(note(lang, Note::ReviewHosting));
}

/// Dials the host of a review together with the code it shows.
pub(super) fn join(state: &mut State, code: &str, out: &mut Out) {
    let lang = state.naming.lang;
    if state.places.is_none() {
        return out.refuse(note(lang, Note::NetNeedsHome));
    }
    let code = code.trim().to_string();
    let name = state.config.player_name.clone();
    let plan = ReviewPlan::Join { code: code.clone() };
    out.cmds.push(Cmd::Net(NetRequest::Review { plan, name }));
    state.screen = Screen::Lobby(Box::new(Lobby {
        title: say(lang, Say::JoiningReview(&code)),
        ..Lobby::default()
    }));
    state.message = None;
}

/// Offers the partner of the network game that has ended to review it
/// together, on its link.
pub(super) fn offer(state: &mut State, out: &mut Out) {
    let lang = state.naming.lang;
    let connected = state
        .table()
        .and_then(|t| t.net.as_ref())
        .is_some_and(|n| n.link == super::seat::LinkState::Connected && !n.engine);
    if !connected {
        return out.refuse(note(lang, Note::ReviewNeedsPartner));
    }
    out.cmds.push(Cmd::Net(NetRequest::OfferReview));
    out.say(note(lang, Note::ReviewOffered));
}

/// Answers the partner's offer to review the game together.
pub(super) fn answer(state: &mut State, yes: bool, out: &mut Out) {
    state.prompt = None;
    out.cmds.push(Cmd::Net(NetRequest::AnswerReview(yes)));
}

/// The host's record has come: the review shows it, shared with
/// `partner`, and this side takes the record as its own copy of the game
/// (when it has the game), so that both keep the same.
pub(super) fn joined(state: &mut State, game: String, partner: String, text: &str, out: &mut Out) {
    let naming = state.naming;
    let read = sgf::parse(text)
        .ok()
        .and_then(|record| Some((SgfTree::parse(text)?, record)));
    let Some((tree, record)) = read else {
        out.cmds.push(Cmd::Net(NetRequest::Leave));
        return out.refuse(note(naming.lang, Note::ReviewRecordUnread(&partner)));
    };
    let title = say(
        naming.lang,
        Say::ReviewingWith {
            game: &game,
            partner: &partner,
        },
    );
    match Review::new(title, record, tree.clone(), None) {
        Ok(mut review) => {
            review.shared = Some(Shared::With {
                partner: partner.clone(),
            });
            review.keeping = Keeping::Partners;
            out.say(note(naming.lang, Note::ReviewJoined(&partner)));
            state.screen = Screen::Review(Box::new(review));
            let tree = Box::new(tree);
            out.disk(
                Job::AdoptRecord {
                    game: game.clone(),
                    lang: naming.lang,
                    tree,
                },
                Then::Adopted { game },
            );
        }
        Err(e) => {
            out.cmds.push(Cmd::Net(NetRequest::Leave));
            out.refuse(e.said(naming));
        }
    }
}

/// The partner's record taken into this side's copy of saved game `game`:
/// the steps are kept in it from now on; or why it could not be, and the
/// steps last as long as the review.
pub(super) fn adopted(
    state: &mut State,
    game: &str,
    result: Result<Adopted, KeepError>,
    out: &mut Out,
) {
    let lang = state.naming.lang;
    let Screen::Review(review) = &mut state.screen else {
        return;
    };
    match result {
        Ok(adopted) => {
            review.keeping = Keeping::Game(game.to_string());
            if let Some(aside) = &adopted.aside {
                out.say(note(lang, Note::RecordKeptAside { game, aside }));
            }
            out.say(note(lang, Note::KeptInRecord(game)));
        }
        Err(error @ KeepError::Differs { .. }) => {
            let why = error.to_string();
            out.refuse(note(lang, Note::PartnersRecordRefused { why: &why }));
        }
        Err(error) => {
            let why = error.to_string();
            out.say(note(lang, Note::ReviewInMemory { why: &why }));
        }
    }
}

/// A report of the network task while the review screen is shown.
pub(super) fn news(state: &mut State, news: NetNews, out: &mut Out) {
    let naming = state.naming;
    let Screen::Review(review) = &mut state.screen else {
        return;
    };
    match news {
        NetNews::Listening { code } => {
            out.say(note(naming.lang, Note::ReviewCode(&code)));
            review.shared = Some(Shared::Hosting { code: Some(code) });
        }
        NetNews::ReviewBegins { partner, .. } => {
            out.say(note(naming.lang, Note::ReviewJoined(&partner)));
            review.shared = Some(Shared::With { partner });
        }
        NetNews::ReviewStep(step) => follow(review, step, naming, out),
        NetNews::Closed(text) => {
            review.unshare();
            out.say(text);
        }
        NetNews::Note(line) => out.say(line),
        NetNews::Refused(line) | NetNews::Burned(line) => out.refuse(line),
        _ => {}
    }
}
