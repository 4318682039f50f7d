//! Finding games on the local network, as the update sees it: the Join
//! screen's list of games found (state, changed by `Msg::Found`), the
//! choice of one, which fills the join prompt with its address, and what
//! the shell is asked to announce or browse: after each message the update
//! compares what should be announced and browsed with what is, and asks
//! the shell for the difference.

use super::discover::{DiscoveryRequest, Found, JoinScreen};
use super::msg::Cmd;
use super::out::Out;
use super::prompt::{Field, Prompt};
use super::{Screen, State};
use crate::words::{Finding, finding};
use kaisho_net::discovery::Announcement;
use kaisho_net::{JoinCode, Terms};

/// Opens the Join screen with the join prompt open: a game may be chosen
/// from the list, or the address and code typed as ever; `watching`, the
/// Watch screen's prompt for a watch code, listing the games open to
/// watchers.
pub(super) fn open_join(state: &mut State, watching: bool) {
    state.screen = Screen::Join(Box::new(JoinScreen {
        off: state.listen.is_loopback(),
        watching,
        ..JoinScreen::default()
    }));
    let field = if watching {
        Field::WatchCode
    } else {
        Field::JoinCode
    };
    state.prompt = Some(Prompt::Text(field, String::new()));
}

/// Moves the choice by `by` through the games found, and puts the chosen
/// game's address in the prompt: the member types only the code (a code
/// typed first is kept).
pub(super) fn choose(state: &mut State, by: isize) {
    let Screen::Join(join) = &mut state.screen else {
        return;
    };
    let games = join.listed();
    if games.is_empty() {
        return;
    }
    let last = games.len() - 1;
    let at = match join.chosen {
        None if by < 0 => last,
        None => 0,
        Some(i) => i.saturating_add_signed(by).min(last),
    };
    let address = if join.watching {
        games[at].watch_address()
    } else {
        games[at].address()
    };
    join.chosen = Some(at);
    let Some(address) = address else {
        return;
    };
    let field = if join.watching {
        Field::WatchCode
    } else {
        Field::JoinCode
    };
    // Words already typed that are not an address are the code: kept.
    let code = match &state.prompt {
        Some(Prompt::Text(Field::JoinCode | Field::WatchCode, text)) => text
            .split_whitespace()
            .filter(|word| word.parse::<std::net::SocketAddr>().is_err())
            .collect::<Vec<_>>()
            .join(" "),
        _ => String::new(),
    };
    state.prompt = Some(Prompt::Text(field, format!("{address} {code}")));
}

/// Takes a report of the shell's discovery into the Join screen's list;
/// a failure to announce is said on the message line.
pub(super) fn found(state: &mut State, found: Found, out: &mut Out) {
    if let Found::NotAnnounced(why) = &found {
        out.refuse(finding(state.naming.lang, Finding::NotAnnounced(why)));
        return;
    }
    let Screen::Join(join) = &mut state.screen else {
        return;
    };
    match found {
        Found::Change(change) => {
            let chosen = join
                .chosen
                .and_then(|i| join.listed().get(i).map(|g| g.instance.clone()));
            join.found.apply(&change);
            join.chosen =
                chosen.and_then(|name| join.listed().iter().position(|g| g.instance == name));
        }
        Found::Failed(why) => join.failed = Some(why),
        Found::NotAnnounced(_) => {}
    }
}

/// The announcement a host of `terms` makes, once it knows its port;
/// `None` when announcing is off or the host listens on this machine only.
pub(super) fn announcement_for(state: &State, terms: &Terms) -> Option<Announcement> {
    (state.config.announce && !state.listen.is_loopback()).then(|| {
        Announcement::new(
            &state.config.player_name,
            terms.size,
            terms.komi_halves,
            terms.handicap,
            terms.time,
            0,
        )
    })
}

/// The port in a join code the host shows.
pub(super) fn port_of(code: &str) -> Option<u16> {
    JoinCode::parse(code).ok().map(|c| c.addr.port())
}

/// Asks the shell for what should be announced and browsed now that is
/// not: announce while a host waits in the lobby with its port known,
/// announce a game in play while it is open to watchers (and once they
/// are shut out, that it no longer is), browse while the Join screen
/// shows; neither once kaisho quits.
pub(super) fn reconcile(state: &mut State, out: &mut Out) {
    let quitting = out.cmds.contains(&Cmd::Quit);
    let wanted = match &state.screen {
        Screen::Lobby(lobby) if !lobby.closed && !quitting => lobby
            .announcing
            .clone()
            .filter(|a| a.port != 0 && a.seat_free),
        // A game in play that let watchers in goes on being announced, so
        // club members find it to watch.
        Screen::Game(session) if !quitting && session.game.outcome().is_none() => session
            .net
            .as_ref()
            .filter(|net| net.link == super::seat::LinkState::Connected)
            .and_then(|net| net.watch.as_ref()?.announcing.clone())
            .filter(|a| a.port != 0),
        _ => None,
    };
    let browse = !quitting && matches!(&state.screen, Screen::Join(j) if !j.off);
    let now = &mut state.discovering;
    if wanted != now.announced {
        let request = match &wanted {
            Some(game) => DiscoveryRequest::Announce(game.clone()),
            None => DiscoveryRequest::Withdraw,
        };
        out.cmds.push(Cmd::Discover(request));
        now.announced = wanted;
    }
    if browse != now.browsing {
        out.cmds.push(Cmd::Discover(if browse {
            DiscoveryRequest::Browse
        } else {
            DiscoveryRequest::StopBrowsing
        }));
        now.browsing = browse;
    }
}
