//! The messages of the protocol and their conversion to and from
//! kaisho-core's types. Core types carry no serde; these do, and they never
//! change once released: a new protocol version gets new types.

use crate::error::NetError;
use kaisho_core::clock::TimeControl;
use kaisho_core::{BoardSize, Color, Event, Komi, Point, Settings};
use kaisho_saves::limits::{MAX_CHAT_CHARS, MAX_NAME_CHARS, check_length};
use serde::{Deserialize, Serialize};

/// The protocol version both sides must speak: 10. Version 10 tells the
/// watchers what became of the players' connection: a player's connection
/// dropped and the clocks stand ([`Message::Away`]), and the game was
/// adjourned ([`Message::Adjourned`]); a watcher of a game resumed from
/// its saves is sent the players' chat so far. Version 7 has the host
/// send the watchers' lines to the joiner once the game has ended
/// ([`Message::Kibitzed`]), so that both players' records keep them.
/// Version 6 added
/// watchers (観戦): their key exchange with the watch code
/// ([`Message::Watch`]), the game they are sent ([`Message::Watching`],
/// [`Message::Said`], [`Message::Clocked`]) and their own chat
/// ([`Message::Kibitz`]). Version 5 added the
/// play-out of the ending (確認) as game events: its opening, its scratch
/// moves and passes, and its closing. Version 8 added the time the side
/// to move has been on its turn, sent to a watcher as it comes in
/// ([`Message::Turn`]), with both clocks as the host booked them. Version 9
/// changed no message but the count both sides make of an agreed ending: it
/// fills the teire the dame call for (see `kaisho_core::scoring`), so that
/// two builds that count differently never play each other. Version 4 added the
/// joiner's answer to a series offer whose last result differs from its
/// copy's ([`Message::Differs`]), so that a correction made on either side
/// can reach the other. Version 3 added the
/// request to take back a move (待った) and its answers as game events;
/// version 2 before it had each side write its own event to its log before
/// sending it, and compare saves on resuming by a digest of their events
/// (where the first version compared the state hash).
pub const PROTOCOL_VERSION: u16 = 10;

/// The ALPN name of the transport: frames and the greeting, the same in
/// every protocol version, so that peers of different versions reach the
/// greeting and are refused there with both versions named.
pub const ALPN: &[u8] = b"kaisho/1";

/// One frame on the stream.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The SPAKE2 message of a join by code.
    Spake { msg: Vec<u8> },
    /// A rejoin by pinned certificate, without a code.
    Rejoin,
    /// The key-confirmation MAC over the exporter and both fingerprints.
    Confirm { mac: [u8; 32] },
    /// Who is speaking, sent by both sides once authenticated.
    Hello(Hello),
    /// The host's terms for a new game.
    Terms(Terms),
    /// The joiner agrees to the terms (their digest).
    Agree { digest: [u8; 32] },
    /// Nigiri: the grabber's commitment to a count of stones.
    NigiriCommit { digest: [u8; 32] },
    /// Nigiri: the other player's call.
    NigiriGuess { odd: bool },
    /// Nigiri: the grabber opens the commitment.
    NigiriReveal { count: u16, nonce: [u8; 32] },
    /// Go on with a saved game: how many events this side holds (the
    /// joiner leaves out its own last event when it gives way to the
    /// host's), a digest of those events, and the time control (which the
    /// save does not record, so both sides state it and must agree).
    Resume {
        game_id: String,
        events: u32,
        digest: u64,
        time: TimeW,
    },
    /// A game event with its sequence number (from 1), the time its player
    /// used, and the state hash after it.
    Event {
        seq: u32,
        event: EventW,
        time_used_ms: Option<u32>,
        state_hash: u64,
    },
    /// The event `seq` was validated and logged; the state hash after it.
    Ack { seq: u32, state_hash: u64 },
    /// A chat line.
    Chat { text: String },
    /// The sender's view of its own clock.
    Clock {
        main_left_ms: u64,
        periods_left: u32,
    },
    /// The sender leaves, and says why.
    Bye { reason: String },
    /// (Since version 4.) The joiner's answer to series terms from a copy
    /// of the series that differs from its own in the last result only:
    /// the digest of the joiner's record, so that the host may take the
    /// joiner's last result (its player consenting) and offer the terms
    /// again, and the reason it gives if the host does not.
    Differs { record: u64, reason: String },
    /// (Since version 6.) A watcher's first frame: the SPAKE2 message of
    /// its key exchange with the watch code, in place of `Spake`.
    Watch { msg: Vec<u8> },
    /// (Since version 6.) The host's first frame to a watcher after the
    /// greeting: the terms (colours settled) and both players' names. The
    /// game's events follow as `Event` frames, from the first.
    Watching {
        terms: Terms,
        black: String,
        white: String,
    },
    /// (Since version 6.) A player's chat line, sent to the watchers.
    Said { color: ColorW, text: String },
    /// (Since version 6.) A player's report of its own clock, sent to the
    /// watchers.
    Clocked {
        color: ColorW,
        main_left_ms: u64,
        periods_left: u32,
    },
    /// (Since version 6.) A watcher's chat line (kibitz): from a watcher
    /// to the host (`name` is ignored there) and from the host to the
    /// other watchers, never to the players while the game goes on.
    Kibitz { name: String, text: String },
    /// (Since version 7.) The watchers' lines of the game, held from the
    /// players while it went on: sent by the host to the joiner once the
    /// game has ended (after the event that ended it, or its
    /// acknowledgement), in the order they were said, at most
    /// [`KIBITZ_LINES_PER_FRAME`] a frame; `more` says another frame
    /// follows. A game without watchers ends with one empty frame.
    Kibitzed {
        lines: Vec<KibitzedLine>,
        more: bool,
    },
    /// (Since version 8.) The host to a watcher coming in, after the game
    /// so far and both players' clocks (`Clocked`): how long the side to
    /// move has been on its turn, so that the watcher's clock runs from
    /// the players' time and not from the watcher's arrival.
    Turn { used_ms: u64 },
    /// (Since version 8.) The host's first frame of a review together
    /// (検討), in place of `Terms`: the saved game's id and a piece of its
    /// record's SGF text; `more` says another piece follows. At most
    /// [`crate::review::MAX_RECORD_BYTES`] in all.
    ReviewBegin {
        game_id: String,
        text: String,
        more: bool,
    },
    /// (Since version 8.) The joiner's step of a review together, asked of
    /// the host, which orders every step.
    ReviewAsk { step: ReviewStepW },
    /// (Since version 8.) A step of a review together in the order both
    /// sides apply it: the host's own and the joiner's asks, numbered from 1.
    ReviewStep { seq: u32, step: ReviewStepW },
    /// (Since version 8.) Once the game has ended, either player offers to
    /// review it together on the same link.
    ReviewOffer,
    /// (Since version 8.) The answer to `ReviewOffer`; with a yes, the host
    /// goes on with `ReviewBegin` as for a review hosted with a code.
    ReviewAnswer { yes: bool },
    /// (Since version 10.) The host to its watchers: a player's connection
    /// dropped and the host waits for the partner to come back; the
    /// clocks stand until `Clocked` and `Turn` come again.
    Away,
    /// (Since version 10.) The host to its watchers, in place of `Bye`:
    /// the players adjourned the game, which both keep; a watcher finds
    /// it again once it is resumed.
    Adjourned,
}

/// (Since version 8.) One step of a review together: a node shown on both
/// screens, a move tried after a node (a pass when `point` is none), or
/// text added to a node's comment. Nodes are child indices from the root.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum ReviewStepW {
    Show {
        path: Vec<u32>,
    },
    Try {
        at: Vec<u32>,
        color: ColorW,
        point: Option<PointW>,
    },
    Comment {
        at: Vec<u32>,
        text: String,
    },
}

pub use kaisho_saves::limits::MAX_KIBITZ_LINES;

/// The most watchers' lines in one [`Message::Kibitzed`] frame: sixteen
/// lines of the longest name and text stay below the frame cap.
pub const KIBITZ_LINES_PER_FRAME: usize = 16;

/// One watcher's line, for the players' record.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct KibitzedLine {
    /// How many game events came before it.
    pub after_event: u32,
    /// The watcher's name, as its greeting gave it.
    pub name: String,
    pub text: String,
}

/// The versioned greeting.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    pub protocol: u16,
    /// The sender's program version, for messages when versions differ.
    pub program: String,
    pub name: String,
    /// The sender's own certificate fingerprint, checked against TLS.
    pub fingerprint: [u8; 32],
}

/// Who takes Black.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colors {
    HostBlack,
    HostWhite,
    /// Decided by nigiri: the host grabs, the joiner calls.
    Nigiri,
}

/// How the game is timed, on the wire.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeW {
    None,
    Absolute {
        main_ms: u64,
    },
    Byoyomi {
        main_ms: u64,
        periods: u32,
        period_ms: u64,
    },
}

/// The terms of a new game, which both sides must agree on.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Terms {
    /// The game's id, the same in both saves.
    pub game_id: String,
    pub size: u8,
    pub komi_halves: i32,
    pub handicap: u8,
    pub time: TimeW,
    pub colors: Colors,
    /// The series this game belongs to, its number in it and (since
    /// version 3) a digest of the series' record so far; both sides compute
    /// the next game's terms from their own copies and compare, so two
    /// copies that differ in any recorded or corrected result do not play on.
    pub series: Option<(String, u32, u64)>,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorW {
    Black,
    White,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointW {
    pub col: u8,
    pub row: u8,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EventW {
    Play {
        color: ColorW,
        point: PointW,
    },
    Pass {
        color: ColorW,
    },
    Resign {
        color: ColorW,
    },
    TimeLoss {
        color: ColorW,
    },
    OfferNoResult {
        by: ColorW,
    },
    AcceptNoResult {
        by: ColorW,
    },
    DeclineNoResult {
        by: ColorW,
    },
    Propose {
        by: ColorW,
        dead: Vec<PointW>,
    },
    Accept {
        by: ColorW,
        proposal: u32,
    },
    RequestResume {
        by: ColorW,
    },
    DeclareBothLose {
        by: ColorW,
    },
    /// Since version 3: 待った, the request to take back one's last move.
    RequestUndo {
        by: ColorW,
    },
    /// Since version 3: the partner consents and the move is withdrawn.
    AcceptUndo {
        by: ColorW,
    },
    /// Since version 3: the partner refuses and the move stands.
    DeclineUndo {
        by: ColorW,
    },
    /// Since version 5: a play-out (確認) opens over the chains through `area`.
    OpenPlayout {
        by: ColorW,
        area: Vec<PointW>,
    },
    /// Since version 5: a stone on the play-out's scratch board.
    PlayoutPlay {
        color: ColorW,
        point: PointW,
    },
    /// Since version 5: a pass on the scratch board.
    PlayoutPass {
        color: ColorW,
    },
    /// Since version 5: the play-out closes; the game is as before it.
    ClosePlayout {
        by: ColorW,
    },
}

impl From<Color> for ColorW {
    fn from(c: Color) -> ColorW {
        match c {
            Color::Black => ColorW::Black,
            Color::White => ColorW::White,
        }
    }
}

impl From<ColorW> for Color {
    fn from(c: ColorW) -> Color {
        match c {
            ColorW::Black => Color::Black,
            ColorW::White => Color::White,
        }
    }
}

impl From<Point> for PointW {
    fn from(p: Point) -> PointW {
        PointW {
            col: p.col,
            row: p.row,
        }
    }
}

impl From<PointW> for Point {
    fn from(p: PointW) -> Point {
        Point::new(p.col, p.row)
    }
}

impl From<&Event> for EventW {
    fn from(e: &Event) -> EventW {
        match e {
            &Event::Play { color, point } => EventW::Play {
                color: color.into(),
                point: point.into(),
            },
            &Event::Pass { color } => EventW::Pass {
                color: color.into(),
            },
            &Event::Resign { color } => EventW::Resign {
                color: color.into(),
            },
            &Event::TimeLoss { color } => EventW::TimeLoss {
                color: color.into(),
            },
            &Event::OfferNoResult { by } => EventW::OfferNoResult { by: by.into() },
            &Event::AcceptNoResult { by } => EventW::AcceptNoResult { by: by.into() },
            &Event::DeclineNoResult { by } => EventW::DeclineNoResult { by: by.into() },
            Event::Propose { by, dead } => EventW::Propose {
                by: (*by).into(),
                dead: dead.iter().map(|&p| p.into()).collect(),
            },
            &Event::Accept { by, proposal } => EventW::Accept {
                by: by.into(),
                proposal,
            },
            &Event::RequestResume { by } => EventW::RequestResume { by: by.into() },
            &Event::DeclareBothLose { by } => EventW::DeclareBothLose { by: by.into() },
            &Event::RequestUndo { by } => EventW::RequestUndo { by: by.into() },
            &Event::AcceptUndo { by } => EventW::AcceptUndo { by: by.into() },
            &Event::DeclineUndo { by } => EventW::DeclineUndo { by: by.into() },
            Event::OpenPlayout { by, area } => EventW::OpenPlayout {
                by: (*by).into(),
                area: area.iter().map(|&p| p.into()).collect(),
            },
            &Event::PlayoutPlay { color, point } => EventW::PlayoutPlay {
                color: color.into(),
                point: point.into(),
            },
            &Event::PlayoutPass { color } => EventW::PlayoutPass {
                color: color.into(),
            },
            &Event::ClosePlayout { by } => EventW::ClosePlayout { by: by.into() },
        }
    }
}

impl From<&EventW> for Event {
    fn from(e: &EventW) -> Event {
        match e {
            &EventW::Play { color, point } => Event::Play {
                color: color.into(),
                point: point.into(),
            },
            &EventW::Pass { color } => Event::Pass {
                color: color.into(),
            },
            &EventW::Resign { color } => Event::Resign {
                color: color.into(),
            },
            &EventW::TimeLoss { color } => Event::TimeLoss {
                color: color.into(),
            },
            &EventW::OfferNoResult { by } => Event::OfferNoResult { by: by.into() },
            &EventW::AcceptNoResult { by } => Event::AcceptNoResult { by: by.into() },
            &EventW::DeclineNoResult { by } => Event::DeclineNoResult { by: by.into() },
            EventW::Propose { by, dead } => Event::Propose {
                by: (*by).into(),
                dead: dead.iter().map(|&p| p.into()).collect(),
            },
            &EventW::Accept { by, proposal } => Event::Accept {
                by: by.into(),
                proposal,
            },
            &EventW::RequestResume { by } => Event::RequestResume { by: by.into() },
            &EventW::DeclareBothLose { by } => Event::DeclareBothLose { by: by.into() },
            &EventW::RequestUndo { by } => Event::RequestUndo { by: by.into() },
            &EventW::AcceptUndo { by } => Event::AcceptUndo { by: by.into() },
            &EventW::DeclineUndo { by } => Event::DeclineUndo { by: by.into() },
            EventW::OpenPlayout { by, area } => Event::OpenPlayout {
                by: (*by).into(),
                area: area.iter().map(|&p| p.into()).collect(),
            },
            &EventW::PlayoutPlay { color, point } => Event::PlayoutPlay {
                color: color.into(),
                point: point.into(),
            },
            &EventW::PlayoutPass { color } => Event::PlayoutPass {
                color: color.into(),
            },
            &EventW::ClosePlayout { by } => Event::ClosePlayout { by: by.into() },
        }
    }
}

impl From<TimeControl> for TimeW {
    fn from(t: TimeControl) -> TimeW {
        match t {
            TimeControl::None => TimeW::None,
            TimeControl::Absolute { main_ms } => TimeW::Absolute { main_ms },
            TimeControl::Byoyomi {
                main_ms,
                periods,
                period_ms,
            } => TimeW::Byoyomi {
                main_ms,
                periods,
                period_ms,
            },
        }
    }
}

impl From<TimeW> for TimeControl {
    fn from(t: TimeW) -> TimeControl {
        match t {
            TimeW::None => TimeControl::None,
            TimeW::Absolute { main_ms } => TimeControl::Absolute { main_ms },
            TimeW::Byoyomi {
                main_ms,
                periods,
                period_ms,
            } => TimeControl::Byoyomi {
                main_ms,
                periods,
                period_ms,
            },
        }
    }
}

/// Checks a game id from the partner before it names a file: letters,
/// digits, `-` and `_` only, at most 64 of them, so it cannot reach
/// outside the folder of games.
pub fn check_game_id(id: &str) -> Result<(), NetError> {
    let fine = !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fine {
        Ok(())
    } else {
        Err(NetError::Protocol(format!(
            "'{id}' is not a game id (letters, digits, - and _ only)"
        )))
    }
}

/// Checks the partner's name against the limit every save holds to, before
/// it goes into the game's log.
pub fn check_name(name: &str) -> Result<(), NetError> {
    check_length("partner's name", name, MAX_NAME_CHARS).map_err(NetError::Protocol)
}

/// Checks a chat line from the partner against the limit every save holds to.
pub fn check_chat(text: &str) -> Result<(), NetError> {
    check_length("partner's chat line", text, MAX_CHAT_CHARS).map_err(NetError::Protocol)
}

impl Terms {
    /// The core settings these terms describe; refuses an impossible board
    /// or handicap, or a game id that is not a plain name, rather than
    /// trusting the partner.
    pub fn settings(&self) -> Result<Settings, NetError> {
        check_game_id(&self.game_id)?;
        let size = BoardSize::new(u32::from(self.size))
            .map_err(|e| NetError::TermsDiffer(e.to_string()))?;
        let komi = Komi::from_halves(self.komi_halves);
        if self.handicap == 0 {
            Ok(Settings::even(size, komi))
        } else {
            Settings::handicap(size, self.handicap, komi)
                .map_err(|e| NetError::TermsDiffer(e.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A partner's 65,420-character name went into both logs' headers and
    /// made them unreadable; it is refused before any log is made.
    #[test]
    fn a_partner_name_or_chat_over_the_limit_is_refused() {
        assert!(check_name(&"n".repeat(MAX_NAME_CHARS)).is_ok());
        let err = check_name(&"n".repeat(65_420)).unwrap_err();
        assert!(err.to_string().contains("65420 characters"), "{err}");
        assert!(check_chat(&"c".repeat(MAX_CHAT_CHARS)).is_ok());
        assert!(check_chat(&"c".repeat(MAX_CHAT_CHARS + 1)).is_err());
    }
}
