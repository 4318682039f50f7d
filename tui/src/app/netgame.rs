//! A game against a partner over the network, as the screen sees it: the
//! seat this side plays, the names, the clocks, the chat, and whether the
//! connection holds; and how each report of the network task changes the
//! state. The game itself is mirrored from the task's reports.

use super::net::{ClockFace, NetNews, Started};
use super::recording::{SeriesGame, export_saved};
use super::series_net::record_network_game;
use super::session::Session;
use super::update::Out;
use super::{Screen, State};
use kaisho_core::{Color, Phase};
use kaisho_saves::log::GameStore;
use kaisho_saves::series::{SeriesId, SeriesStore};

/// Chat lines kept for the panel.
const CHAT_KEPT: usize = 50;

/// Whether the partner can be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkState {
    Connected,
    /// Dropped; the network task is trying to get the partner back.
    Away(String),
    /// The network task has ended.
    Closed(String),
}

/// This side of a network game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetSeat {
    pub local: Color,
    /// Black's and White's names.
    pub names: [String; 2],
    pub game_id: String,
    pub clocks: Option<ClockFace>,
    /// The chat, oldest first: `name: text`.
    pub chat: Vec<String>,
    pub link: LinkState,
    /// The series game this is, recorded in this side's copy at the end.
    pub series: Option<SeriesGame>,
}

impl NetSeat {
    /// The partner's name.
    #[must_use]
    pub fn partner(&self) -> &str {
        &self.names[self.local.opponent().index()]
    }

    /// Keeps a chat line, dropping the oldest past the limit.
    pub fn hear(&mut self, line: String) {
        self.chat.push(line);
        if self.chat.len() > CHAT_KEPT {
            self.chat.remove(0);
        }
    }
}

/// Applies one report of the network task.
pub(super) fn news(state: &mut State, news: NetNews, out: &mut Out) {
    let naming = state.naming;
    match (news, &mut state.screen) {
        (NetNews::Listening { code }, Screen::Lobby(lobby)) => {
            out.say(format!("join code: {code}"));
            lobby.code = Some(code);
        }
        (NetNews::Note(line), Screen::Lobby(lobby)) => {
            out.say(line.clone());
            lobby.lines.push(line);
        }
        (NetNews::Closed(text), Screen::Lobby(lobby)) => {
            lobby.closed = true;
            lobby.lines.push(text.clone());
            out.refuse(text);
        }
        (NetNews::Refused(text), Screen::Game(_)) => out.refuse(text),
        (NetNews::Note(text), Screen::Game(_)) => out.say(text),
        // A game begins from the lobby, or resumes on its own screen; a
        // player who has gone elsewhere has left, and the task with them.
        (NetNews::Started(started), Screen::Lobby(_) | Screen::Game(_)) => {
            begin(state, *started, out);
        }
        (news, Screen::Game(session)) if session.net.is_some() => match news {
            NetNews::Sent { event, game } | NetNews::Remote { event, game } => {
                session.mirror(&event, *game, naming, out);
                if session.game.phase() == Phase::Ended {
                    finish(session, state.places.as_ref(), state.naming.lang);
                }
            }
            NetNews::Withdrawn { event, game } => {
                session.take_table(*game);
                let size = session.game.settings().size.get();
                let moves = session.game.move_number();
                out.refuse(crate::words::crossed(&event, moves, naming, size));
            }
            NetNews::Chat(text) => {
                let line = format!(
                    "{}: {text}",
                    session.net.as_ref().map_or("", |n| n.partner())
                );
                out.say(line.clone());
                if let Some(net) = &mut session.net {
                    net.hear(line);
                }
            }
            NetNews::Clocks(face) => {
                if let Some(net) = &mut session.net {
                    net.clocks = Some(face);
                }
            }
            NetNews::Away(text) => {
                out.refuse(text.clone());
                if let Some(net) = &mut session.net {
                    net.link = LinkState::Away(text);
                }
            }
            NetNews::Closed(text) => {
                closed(session, &text);
                out.say(text);
            }
            _ => {}
        },
        // News of a game the player has left (a late closing line) changes nothing.
        _ => {}
    }
}

/// The game begins (or resumes after a drop): the screen shows it.
fn begin(state: &mut State, started: Started, out: &mut Out) {
    let local = started.local;
    // A resumption after a drop keeps the chat and the series game.
    let (chat, series) = match &mut state.screen {
        Screen::Game(session) => session
            .net
            .take()
            .filter(|n| n.game_id == started.game_id)
            .map(|n| (n.chat, n.series))
            .unwrap_or_default(),
        Screen::Lobby(lobby) => (Vec::new(), lobby.series.take()),
        _ => (Vec::new(), None),
    };
    // A series game resumed from Saved games finds its series by the id in
    // its log.
    let series = series.or_else(|| {
        let id = SeriesId::parse(started.series.as_deref()?).ok()?;
        let series = SeriesStore::new(state.places.as_ref()?).load(&id).ok()?;
        let terms = series.next_game();
        Some(SeriesGame { id, series, terms })
    });
    let mut session = Session::from_game(started.game);
    session.title = match &series {
        Some(sg) => format!("series {}, game {}", sg.id, sg.terms.number),
        None => format!("{} v {}", started.names[0], started.names[1]),
    };
    let to_move = session.game.to_move();
    session.net = Some(NetSeat {
        local,
        names: started.names,
        game_id: started.game_id.clone(),
        clocks: None,
        chat,
        link: LinkState::Connected,
        series,
    });
    session.ending_turn = local;
    state.screen = Screen::Game(Box::new(session));
    state.prompt = None;
    let verb = if started.resumed { "resumed" } else { "begins" };
    let turn = if to_move == local {
        "your move".to_string()
    } else {
        format!("{to_move} to play")
    };
    out.say(format!(
        "game {} {verb}: you play {local}; {turn}",
        started.game_id
    ));
}

/// The network task ended: an unfinished game takes no more moves here
/// and stays adjourned in the log.
fn closed(session: &mut Session, text: &str) {
    let Some(net) = &mut session.net else {
        return;
    };
    net.link = LinkState::Closed(text.to_string());
    if session.game.phase() != Phase::Ended {
        session.halted = Some(text.to_string());
    }
}

/// The game has just ended (its last event is in the log, which both sides
/// write before sending or acknowledging): exports it as SGF and records
/// the result in this side's copy of its series.
fn finish(
    session: &mut Session,
    places: Option<&kaisho_saves::places::Places>,
    lang: crate::words::Lang,
) {
    let (Some(net), Some(places)) = (&mut session.net, places) else {
        return;
    };
    if !session.after.is_empty() {
        return;
    }
    let store = GameStore::new(places.games_dir());
    session.after = vec![export_saved(
        &store,
        &net.game_id,
        &places.exports_dir(),
        lang,
    )];
    if let Some(sg) = &mut net.series {
        let store = SeriesStore::new(places);
        let line = record_network_game(&store, sg, &net.names[0], &session.game);
        session.after.extend(line);
    }
}
