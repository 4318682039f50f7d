//! This side of a network game, as the screen keeps it: the colour it
//! plays, the names, the clocks, the chat and whether the partner can be
//! reached.

use super::net::ClockFace;
use super::recording::SeriesGame;
use kaisho_core::Color;
use kaisho_net::discovery::Announcement;
use kaisho_saves::sgf::KibitzLine;

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
    /// The partner, an engine, is working on its move.
    pub thinking: bool,
    /// The partner is an engine: there is nobody to chat with.
    pub engine: bool,
    /// The series game this is, recorded in this side's copy at the end.
    pub series: Option<SeriesGame>,
    /// On the host, when club members may watch: the watch code and who
    /// watches.
    pub watch: Option<WatchDoor>,
    /// The watchers' lines, given by the network task once the game has
    /// ended, for its SGF.
    pub kibitz: Vec<KibitzLine>,
}

/// Watching (観戦) as the host's players see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchDoor {
    /// The code watchers dial (never the join code).
    pub code: String,
    /// The watchers in now, by name.
    pub names: Vec<String>,
    /// Whether watchers are still let in: the players may close it.
    pub open: bool,
    /// The game as announced on the local network while it goes on,
    /// open to watchers until they close it; `None` when not announced.
    pub announcing: Option<Announcement>,
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
