//! Watching a game (観戦) from the screen. The Watch screen's prompt is
//! the Join screen listing the games open to watchers (`finding`); once a
//! watch code is given, this screen follows the game: a mirror of its
//! events checked by the core, the players' clocks and chat, the
//! watchers' kibitz, and, when the host drops the watch, why, with `r` to
//! watch again from the start. No key reaches the game: a watcher sends
//! nothing but kibitz.

use super::msg::Cmd;
use super::narrate::{describe, shown};
use super::net::ClockFace;
use super::net::{Again, NetNews, NetRequest, Watched};
use super::out::Out;
use super::review::{Keeping, Review};
use super::{Screen, State};
use crate::words::{Note, WatchLine, WatchSay, note, watch_line, watch_say};
use kaisho_core::clock::Clock;
use kaisho_core::{Color, Game, Phase};

/// Talk lines kept for the panel.
const TALK_KEPT: usize = 50;

/// Where the watch stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Follow {
    /// Dialling the host.
    Dialling,
    /// Following the game.
    Following,
    /// The watch ended, and why; `again` says whether dialling again
    /// can follow the game.
    Dropped { why: String, again: Again },
}

/// A line of talk on the Watch screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Talk {
    /// A player's chat line.
    Said { color: Color, text: String },
    /// A watcher's line (this watcher's own among them).
    Kibitz { name: String, text: String },
}

/// The Watch screen once a watch code is given.
#[derive(Debug)]
pub struct WatchScreen {
    /// The watch code dialled, to watch again with.
    pub code: String,
    pub follow: Follow,
    /// The game followed, once the host has sent it.
    pub watched: Option<Watched>,
    /// The mirror of the game, each event checked by the core.
    pub game: Option<Game>,
    /// Each player's clock as last reported: main time left, periods left.
    pub clocks: [Option<(u64, u32)>; 2],
    /// The players' chat and the watchers' kibitz, oldest first.
    pub talk: Vec<Talk>,
    /// Milliseconds since the last event, by the one-second tick: the
    /// side to move's clock runs between the players' reports.
    pub ticking_ms: u64,
    /// A player's connection dropped: the clocks stand until the host
    /// tells the turn again.
    pub away: bool,
    /// The players' review together after the game, followed step by step
    /// (nothing of it is kept: it is theirs).
    pub review: Option<Box<Review>>,
}

impl WatchScreen {
    /// The name of the player of `color`, once the game has come.
    #[must_use]
    pub fn player(&self, color: Color) -> Option<&str> {
        self.watched
            .as_ref()
            .map(|w| w.names[color.index()].as_str())
    }

    /// Whether a clock runs on this screen: a game followed in play, both
    /// players connected.
    #[must_use]
    pub fn running(&self) -> bool {
        self.follow == Follow::Following
            && !self.away
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.phase() == Phase::Playing)
    }

    /// The players' clocks as they last reported them, the side to move's
    /// running since the last event; `None` before the game has come.
    #[must_use]
    pub fn face(&self) -> Option<ClockFace> {
        let (watched, game) = (self.watched.as_ref()?, self.game.as_ref()?);
        let clock = |color: Color| {
            let mut clock = Clock::new(watched.time);
            if let Some((main_left, periods_left)) = self.clocks[color.index()] {
                // The time used that leaves the clock where it was reported.
                let (main, periods, period) = watched.time.parts();
                let used = match main_left {
                    0 => main + u64::from(periods.saturating_sub(periods_left)) * period + 1,
                    left => main.saturating_sub(left),
                };
                // A clock reported empty reads as time up.
                let _ = clock.spend(used);
            }
            clock
        };
        Some(ClockFace {
            clocks: [clock(Color::Black), clock(Color::White)],
            running: self.running().then(|| (game.to_move(), self.ticking_ms)),
        })
    }

    /// One second more on the side to move's clock.
    pub(super) fn tick(&mut self) {
        if self.running() {
            self.ticking_ms = self.ticking_ms.saturating_add(1_000);
        }
    }

    fn hear(&mut self, talk: Talk) {
        self.talk.push(talk);
        if self.talk.len() > TALK_KEPT {
            self.talk.remove(0);
        }
    }
}

/// Dials the host at `code` to watch its game and shows the Watch screen.
pub(super) fn dial(state: &mut State, code: &str, out: &mut Out) {
    if state.places.is_none() {
        out.refuse(note(state.naming.lang, Note::NetNeedsHome));
        return;
    }
    let code = code.trim().to_string();
    out.say(watch_say(state.naming.lang, WatchSay::Dialling(&code)));
    out.cmds.push(Cmd::Net(NetRequest::Watch {
        code: code.clone(),
        name: state.config.player_name.clone(),
    }));
    state.screen = Screen::Watch(Box::new(WatchScreen {
        code,
        follow: Follow::Dialling,
        watched: None,
        game: None,
        clocks: [None; 2],
        talk: Vec::new(),
        ticking_ms: 0,
        away: false,
        review: None,
    }));
}

/// `r` after a drop: watches the same game again, from the start.
pub(super) fn again(state: &mut State, out: &mut Out) {
    let Screen::Watch(watch) = &state.screen else {
        return;
    };
    match &watch.follow {
        Follow::Dropped {
            again: Again::Dial, ..
        } => {
            let code = watch.code.clone();
            dial(state, &code, out);
        }
        Follow::Dropped {
            again: Again::Never,
            ..
        } => {
            out.refuse(watch_say(state.naming.lang, WatchSay::ClosedForGood));
        }
        Follow::Dropped {
            again: Again::WhenResumed,
            ..
        } => {
            out.refuse(watch_say(state.naming.lang, WatchSay::WhenResumed));
        }
        Follow::Dialling | Follow::Following => {}
    }
}

/// Leaves the Watch screen for home; a watch still running says goodbye.
pub(super) fn leave(state: &mut State, out: &mut Out) {
    if let Screen::Watch(watch) = &state.screen
        && !matches!(watch.follow, Follow::Dropped { .. })
    {
        out.cmds.push(Cmd::Net(NetRequest::Leave));
    }
    state.screen = Screen::Home;
    state.message = None;
}

/// Sends a kibitz line to the other watchers and keeps it in the panel.
pub(super) fn kibitz(state: &mut State, text: &str, out: &mut Out) {
    let name = state.config.player_name.clone();
    let Screen::Watch(watch) = &mut state.screen else {
        return;
    };
    if let Follow::Dropped { why, .. } = &watch.follow {
        out.refuse(note(state.naming.lang, Note::NotSent(why)));
        return;
    }
    watch.hear(Talk::Kibitz {
        name,
        text: text.to_string(),
    });
    out.cmds.push(Cmd::Net(NetRequest::Chat(text.to_string())));
}

/// Applies one report of the watching task.
pub(super) fn news(state: &mut State, news: NetNews, out: &mut Out) {
    let naming = state.naming;
    let Screen::Watch(watch) = &mut state.screen else {
        return;
    };
    match news {
        NetNews::Watching(watched) => match Game::new(watched.settings.clone()) {
            Ok(game) => {
                let [black, white] = &watched.names;
                let id = &watched.game_id;
                out.say(watch_line(
                    naming.lang,
                    WatchLine::Watching { id, black, white },
                ));
                // Watching again starts from the first event.
                watch.game = Some(game);
                watch.watched = Some(*watched);
                watch.follow = Follow::Following;
                watch.clocks = [None; 2];
                watch.talk.clear();
            }
            Err(_) => out.refuse(note(naming.lang, Note::Diverged)),
        },
        NetNews::Remote { event, hash } => {
            let Some(game) = &mut watch.game else {
                return;
            };
            let before = shown(game).clone();
            match game.apply(event.clone()) {
                Ok(effect) if game.state_hash() == hash => {
                    watch.ticking_ms = 0;
                    watch.away = false;
                    out.say(describe(&event, effect, &before, game, naming));
                }
                _ => {
                    let why = note(naming.lang, Note::Diverged);
                    watch.follow = Follow::Dropped {
                        why: why.clone(),
                        again: Again::Dial,
                    };
                    out.cmds.push(Cmd::Net(NetRequest::Leave));
                    out.refuse(why);
                }
            }
        }
        // The talk is said too, for the message line and plain mode.
        NetNews::Said { color, text } => {
            let name = watch.player(color);
            out.say(watch_line(
                naming.lang,
                WatchLine::Said {
                    color,
                    name,
                    text: &text,
                },
            ));
            watch.hear(Talk::Said { color, text });
        }
        NetNews::Kibitz { name, text } => {
            let line = WatchLine::Kibitz {
                name: &name,
                text: &text,
            };
            out.say(watch_line(naming.lang, line));
            watch.hear(Talk::Kibitz { name, text });
        }
        NetNews::Clocked {
            color,
            main_left_ms,
            periods_left,
        } => watch.clocks[color.index()] = Some((main_left_ms, periods_left)),
        NetNews::Turn { used_ms } => {
            if watch.away {
                out.say(watch_line(naming.lang, WatchLine::Back));
            }
            watch.ticking_ms = used_ms;
            watch.away = false;
        }
        NetNews::PlayerAway => {
            out.say(watch_line(naming.lang, WatchLine::Away));
            watch.away = true;
        }
        NetNews::ReviewBegins {
            text: Some(text), ..
        } => {
            let read = kaisho_saves::sgf::parse(&text)
                .ok()
                .and_then(|record| Some((record, kaisho_saves::sgf::SgfTree::parse(&text)?)));
            let title = watch
                .watched
                .as_ref()
                .map_or_else(String::new, |w| w.game_id.clone());
            if let Some(Ok(mut review)) =
                read.map(|(record, tree)| Review::new(title, record, tree, None))
            {
                review.keeping = Keeping::Watched;
                watch.review = Some(Box::new(review));
                out.say(watch_line(naming.lang, WatchLine::ReviewBegins));
            }
        }
        NetNews::ReviewStep(step) => {
            if let Some(review) = &mut watch.review {
                super::review::follow(review, step, naming, out);
            }
        }
        NetNews::WatchEnded { why, again } => {
            out.say(why.clone());
            watch.follow = Follow::Dropped { why, again };
        }
        NetNews::Note(line) | NetNews::Refused(line) => out.say(line),
        _ => {}
    }
}
