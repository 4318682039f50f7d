//! Time that speaks, and the bell: after each second of the clock (a tick
//! at one keyboard, the network task's report in a network game) the
//! clock's call goes to the message line and plain mode; with the bell on
//! in Settings, a warning and the partner's move ring the terminal bell.

use super::msg::Cmd;
use super::net::{ClockFace, NetNews};
use super::out::Out;
use super::timer::call;
use super::{Screen, State};
use kaisho_core::{Event, Phase};

/// The clocks of the game in play, as they stand now.
pub(super) fn face(state: &State) -> Option<ClockFace> {
    let Screen::Game(session) = &state.screen else {
        return None;
    };
    if session.game.phase() != Phase::Playing {
        return None;
    }
    match (&session.net, &session.timer) {
        (Some(net), _) => net.clocks,
        (None, Some(timer)) => Some(timer.face(Some(session.game.to_move()))),
        (None, None) => None,
    }
}

/// Says what the clock calls between `before` and the clocks now: for the
/// side on turn at one keyboard, for this side only in a network game.
pub(super) fn speak(state: &State, before: Option<ClockFace>, out: &mut Out) {
    let (Some(before), Some(after)) = (before, face(state)) else {
        return;
    };
    let (Some((color, was)), Some((still, now))) = (before.running, after.running) else {
        return;
    };
    let ours = state
        .table()
        .and_then(|s| s.net.as_ref())
        .is_none_or(|net| net.local == color);
    if color != still || !ours || now < was {
        return;
    }
    if let Some(said) = call(&after.clocks[color.index()], was, now) {
        out.say(crate::words::time_call(state.naming.lang, said, color));
        if state.config.bell && said.rings() {
            out.cmds.push(Cmd::Bell);
        }
    }
}

/// Rings the bell for the partner's move, when the bell is on.
pub(super) fn partner_moved(state: &State, news: &NetNews, out: &mut Out) {
    if state.config.bell
        && let NetNews::Remote {
            event: Event::Play { .. } | Event::Pass { .. },
            ..
        } = news
    {
        out.cmds.push(Cmd::Bell);
    }
}
