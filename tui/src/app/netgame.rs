//! A game against a partner over the network, as the screen sees it: the
//! seat this side plays, the names, the clocks, the chat, and whether the
//! connection holds; and how each report of the network task changes the
//! state. The game itself is mirrored from the task's reports.

use super::disk::{Job, Then};
use super::net::{NetNews, Started};
use super::out::Out;
use super::prompt::Prompt;
use super::seat::{LinkState, NetSeat, WatchDoor};
use super::table::Table;
use super::title::Title;
use super::{Screen, State};
use crate::words::{Note, WatchLine, WatchSay, note, watch_line, watch_say};
use kaisho_core::{Game, Phase};

/// Applies one report of the network task.
pub(super) fn news(state: &mut State, news: NetNews, out: &mut Out) {
    let naming = state.naming;
    match (news, &mut state.screen) {
        (NetNews::Listening { code }, Screen::Lobby(lobby)) => {
            out.say(note(naming.lang, Note::JoinCode(&code)));
            if let (Some(game), Some(port)) =
                (&mut lobby.announcing, super::finding::port_of(&code))
            {
                game.port = port;
            }
            lobby.code = Some(code);
        }
        (NetNews::Burned(line), Screen::Lobby(lobby)) => {
            lobby.burned = true;
            out.refuse(line.clone());
            lobby.lines.push(line);
        }
        (NetNews::Resuming { terms, port }, Screen::Lobby(_)) => {
            let announced = super::finding::announcement_for(state, &terms);
            if let Screen::Lobby(lobby) = &mut state.screen {
                // Announced for watchers once the partner is back, never
                // as a seat to take.
                lobby.announcing = announced.map(|mut game| {
                    game.port = port;
                    game.seat_free = false;
                    game
                });
            }
        }
        (NetNews::WatchCode(code), Screen::Lobby(lobby)) => {
            out.say(watch_say(naming.lang, WatchSay::Code(&code)));
            if let Some(game) = &mut lobby.announcing {
                game.watch_port = super::finding::port_of(&code);
                game.watching = true;
            }
            lobby.watch_code = Some(code);
        }
        (news, Screen::Watch(_)) => super::watch::news(state, news, out),
        (news, Screen::Review(_)) => super::review_together::news(state, news, out),
        (
            NetNews::ReviewBegins {
                game_id,
                partner,
                text: Some(text),
            },
            Screen::Lobby(_),
        ) => {
            super::review_together::joined(state, game_id, partner, &text, out);
        }
        (NetNews::Note(line), Screen::Lobby(lobby)) => {
            out.say(line.clone());
            lobby.lines.push(line);
        }
        (NetNews::TakeLastResult { series, said }, Screen::Lobby(_)) => {
            out.prompt = Some(Prompt::TakeLastResult { series, said });
        }
        (NetNews::Closed(text), Screen::Lobby(lobby)) => {
            if matches!(state.prompt, Some(Prompt::TakeLastResult { .. })) {
                state.prompt = None;
            }
            lobby.closed = true;
            lobby.lines.push(text.clone());
            out.refuse(text);
        }
        (NetNews::Refused(text), Screen::Game(_)) => out.refuse(text),
        (NetNews::Note(text), Screen::Game(_)) => out.say(text),
        (NetNews::Disputed(text), Screen::Game(session)) => {
            session.disputed = Some((text.clone(), session.game.proposals().len()));
            out.say(text);
        }
        // A game begins from the lobby, or resumes on its own screen; a
        // player who has gone elsewhere has left, and the task with them.
        (NetNews::Started(started), Screen::Lobby(_) | Screen::Game(_)) => {
            begin(state, *started, out);
        }
        (NetNews::ReviewOffered, Screen::Game(session)) => {
            let partner = session.net.as_ref().map(|n| n.partner().to_string());
            let prompt = Prompt::ReviewOffer {
                partner: partner.unwrap_or_default(),
            };
            // Said too, for plain mode, which answers with a word.
            out.say(crate::words::prompt_line(naming.lang, &prompt));
            state.prompt = Some(prompt);
        }
        (
            NetNews::ReviewBegins {
                game_id,
                partner,
                text: Some(text),
            },
            Screen::Game(_),
        ) => super::review_together::joined(state, game_id, partner, &text, out),
        (news, Screen::Game(session)) if session.net.is_some() => match news {
            NetNews::Sent { event, hash } | NetNews::Remote { event, hash } => {
                session.mirror(&event, hash, naming, out);
                if session.game.phase() == Phase::Ended && state.places.is_some() {
                    finish(session, naming.lang, out);
                }
            }
            NetNews::Rejected { event, error } => {
                out.refuse(session.refusal(&event, &error, naming));
            }
            NetNews::Withdrawn {
                event,
                hash,
                moves,
                again,
            } => {
                if !session.withdraw(hash, naming.lang, out) {
                    return;
                }
                let size = session.game.settings().size.get();
                let crossed = crate::words::Crossed {
                    event: &event,
                    moves,
                    again,
                };
                out.refuse(crate::words::crossed(crossed, naming, size));
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
            NetNews::Thinking(thinking) => {
                if let Some(net) = &mut session.net {
                    net.thinking = thinking;
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
            NetNews::KibitzHeld(lines) => {
                // The watchers' lines, held until the end, for the players
                // to read now and for the record.
                if let Some(net) = &mut session.net {
                    for line in &lines {
                        let kibitz = WatchLine::Kibitz {
                            name: &line.name,
                            text: &line.text,
                        };
                        net.hear(watch_line(naming.lang, kibitz));
                    }
                    net.kibitz = lines;
                }
            }
            NetNews::Watchers { names, open } => {
                if let Some(door) = session.net.as_mut().and_then(|n| n.watch.as_mut()) {
                    if door.open && !open {
                        out.say(watch_say(naming.lang, WatchSay::ClosedNote));
                    }
                    door.names = names;
                    door.open = open;
                    if let Some(game) = &mut door.announcing {
                        game.watching = open;
                    }
                }
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
    // A resumption after a drop keeps the chat, the series game, the
    // watchers and whether the partner is an engine.
    let (chat, series, watch, engine) = match &mut state.screen {
        Screen::Game(session) => session
            .net
            .take()
            .filter(|n| n.game_id == started.game_id)
            .map(|n| (n.chat, n.series, n.watch, n.engine))
            .unwrap_or_default(),
        Screen::Lobby(lobby) => {
            let watch = lobby.watch_code.take().map(|code| WatchDoor {
                code,
                names: Vec::new(),
                open: true,
                // Announced on while the game goes on, for watchers only.
                announcing: lobby.announcing.take().map(|mut game| {
                    game.seat_free = false;
                    game
                }),
            });
            (Vec::new(), lobby.series.take(), watch, lobby.engine)
        }
        _ => (Vec::new(), None, None, false),
    };
    // A series game resumed from Saved games finds its series by the id in
    // its log: the network task reads it; its chat comes from the log too.
    let series = series.or(started.series);
    let chat = if chat.is_empty() { started.chat } else { chat };
    let game = match Game::replay(started.settings, &started.events) {
        Ok(game) if game.state_hash() == started.hash => game,
        _ => return out.refuse(note(state.naming.lang, Note::Diverged)),
    };
    let mut session = Table::from_game(game);
    session.title = match &series {
        Some(sg) => Title::SeriesGame {
            id: sg.id.to_string(),
            number: sg.terms.number,
        },
        None => Title::Versus(started.names.clone()),
    };
    // A game resumed stopped or in its ending has no turn to play: the
    // ending's lines follow.
    let to_move = (session.game.phase() == Phase::Playing).then(|| session.game.to_move());
    session.net = Some(NetSeat {
        local,
        names: started.names,
        game_id: started.game_id.clone(),
        clocks: None,
        chat,
        link: LinkState::Connected,
        thinking: false,
        engine,
        series,
        watch,
        kibitz: Vec::new(),
    });
    let begins = Note::NetGameBegins {
        id: &started.game_id,
        resumed: started.resumed,
        local,
        to_move,
    };
    out.say(note(state.naming.lang, begins));
    session.taken_up(state.naming, out);
    session.ending_turn = local;
    state.screen = Screen::Game(Box::new(session));
    state.prompt = None;
}

/// The network task ended: an unfinished game takes no more moves here
/// and stays adjourned in the log.
fn closed(session: &mut Table, text: &str) {
    let Some(net) = &mut session.net else {
        return;
    };
    net.link = LinkState::Closed(text.to_string());
    net.thinking = false;
    if session.game.phase() != Phase::Ended {
        session.halted = Some(text.to_string());
    }
}

/// The game has just ended (its last event is in the log, which both sides
/// write before sending or acknowledging): asks for its SGF export, after
/// which the result goes into this side's copy of its series.
fn finish(session: &Table, lang: crate::words::Lang, out: &mut Out) {
    let Some(net) = &session.net else {
        return;
    };
    if session.after.is_empty() {
        let game = net.game_id.clone();
        let kibitz = net.kibitz.clone();
        out.disk(Job::Export { game, lang, kibitz }, Then::Finished);
    }
}
