//! The record types of game log format versions 1 to 5, and their
//! conversion to and from kaisho-core's types. Core types carry no serde;
//! these do, and they never change once released: a new format gets new
//! types.

use kaisho_core::clock::TimeControl;
use kaisho_core::{BoardSize, Color, Event, Komi, Point, Settings};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorV1 {
    Black,
    White,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointV1 {
    pub col: u8,
    pub row: u8,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct SettingsV1 {
    pub size: u8,
    pub komi_halves: i32,
    pub handicap: u8,
    pub setup: Vec<(ColorV1, PointV1)>,
    pub first: ColorV1,
}

/// One side of the game as the log remembers it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct PlayerV1 {
    pub name: String,
    /// The certificate fingerprint of a networked player; none in local play.
    pub fingerprint: Option<String>,
}

/// The first record of every log.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct HeaderV1 {
    pub game_id: String,
    /// Seconds since the Unix epoch when the game was created.
    pub created_unix: i64,
    pub black: PlayerV1,
    pub white: PlayerV1,
    pub settings: SettingsV1,
    /// The colour this installation plays in a networked game; none when
    /// both sides play on this terminal.
    pub local_color: Option<ColorV1>,
    /// The series this game belongs to, if any.
    pub series: Option<String>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum EventV1 {
    Play { color: ColorV1, point: PointV1 },
    Pass { color: ColorV1 },
    Resign { color: ColorV1 },
    TimeLoss { color: ColorV1 },
    OfferNoResult { by: ColorV1 },
    AcceptNoResult { by: ColorV1 },
    DeclineNoResult { by: ColorV1 },
    Propose { by: ColorV1, dead: Vec<PointV1> },
    Accept { by: ColorV1, proposal: u32 },
    RequestResume { by: ColorV1 },
    DeclareBothLose { by: ColorV1 },
}

/// Every record a version-1 log holds after its header.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum RecordV1 {
    Header(HeaderV1),
    /// A game event with its sequence number (from 1) and, when clocks run,
    /// the milliseconds its player used.
    Event {
        seq: u32,
        event: EventV1,
        time_used_ms: Option<u32>,
    },
    /// A chat line.
    Chat {
        from: ColorV1,
        text: String,
    },
}

/// Every record a version-2 log holds: version 1's, in the same order and
/// so with the same bytes, and then the withdrawal of an event.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum RecordV2 {
    Header(HeaderV1),
    /// A game event, as in version 1.
    Event {
        seq: u32,
        event: EventV1,
        time_used_ms: Option<u32>,
    },
    /// A chat line, as in version 1.
    Chat {
        from: ColorV1,
        text: String,
    },
    /// The last event logged, number `seq`, is taken back: it was this
    /// side's own, written before it was sent, and the partner's event
    /// with the same number won. The next event gets `seq` again.
    Withdraw {
        seq: u32,
    },
    /// The game's time control, right after the header of a networked game
    /// played with a clock, so that a resumption finds it again.
    Clock {
        control: ClockV2,
    },
}

/// A time control as the log keeps it: main time, byo-yomi periods and
/// their length (all zero without a clock, no periods for absolute time).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockV2 {
    pub main_ms: u64,
    pub periods: u32,
    pub period_ms: u64,
}

impl From<TimeControl> for ClockV2 {
    fn from(t: TimeControl) -> ClockV2 {
        let (main_ms, periods, period_ms) = t.parts();
        ClockV2 {
            main_ms,
            periods,
            period_ms,
        }
    }
}

impl From<ClockV2> for TimeControl {
    fn from(c: ClockV2) -> TimeControl {
        TimeControl::from_parts(c.main_ms, c.periods, c.period_ms)
    }
}

/// Every event a version-3 log holds: version 1's, in the same order and so
/// with the same bytes, and then the request to take back a move (待った)
/// and its answers.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum EventV3 {
    Play { color: ColorV1, point: PointV1 },
    Pass { color: ColorV1 },
    Resign { color: ColorV1 },
    TimeLoss { color: ColorV1 },
    OfferNoResult { by: ColorV1 },
    AcceptNoResult { by: ColorV1 },
    DeclineNoResult { by: ColorV1 },
    Propose { by: ColorV1, dead: Vec<PointV1> },
    Accept { by: ColorV1, proposal: u32 },
    RequestResume { by: ColorV1 },
    DeclareBothLose { by: ColorV1 },
    RequestUndo { by: ColorV1 },
    AcceptUndo { by: ColorV1 },
    DeclineUndo { by: ColorV1 },
}

/// Every record a version-3 log holds: version 2's with the events of
/// version 3, so that a log without an undo has the bytes of version 2.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum RecordV3 {
    Header(HeaderV1),
    Event {
        seq: u32,
        event: EventV3,
        time_used_ms: Option<u32>,
    },
    Chat {
        from: ColorV1,
        text: String,
    },
    Withdraw {
        seq: u32,
    },
    Clock {
        control: ClockV2,
    },
}

/// Every event a version-4 log holds: version 3's, in the same order and so
/// with the same bytes, and then a play-out (確認): its opening, its
/// scratch moves and passes, and its closing.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum EventV4 {
    Play { color: ColorV1, point: PointV1 },
    Pass { color: ColorV1 },
    Resign { color: ColorV1 },
    TimeLoss { color: ColorV1 },
    OfferNoResult { by: ColorV1 },
    AcceptNoResult { by: ColorV1 },
    DeclineNoResult { by: ColorV1 },
    Propose { by: ColorV1, dead: Vec<PointV1> },
    Accept { by: ColorV1, proposal: u32 },
    RequestResume { by: ColorV1 },
    DeclareBothLose { by: ColorV1 },
    RequestUndo { by: ColorV1 },
    AcceptUndo { by: ColorV1 },
    DeclineUndo { by: ColorV1 },
    OpenPlayout { by: ColorV1, area: Vec<PointV1> },
    PlayoutPlay { color: ColorV1, point: PointV1 },
    PlayoutPass { color: ColorV1 },
    ClosePlayout { by: ColorV1 },
}

/// Every record a version-4 log holds: version 3's with the events of
/// version 4, so that a log without a play-out has the bytes of version 3.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum RecordV4 {
    Header(HeaderV1),
    Event {
        seq: u32,
        event: EventV4,
        time_used_ms: Option<u32>,
    },
    Chat {
        from: ColorV1,
        text: String,
    },
    Withdraw {
        seq: u32,
    },
    Clock {
        control: ClockV2,
    },
}

/// Every record a version-5 log holds: version 4's with the watchers'
/// lines (kibitz) at the end, so that a log without kibitz has the bytes
/// of version 4.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum RecordV5 {
    Header(HeaderV1),
    Event {
        seq: u32,
        event: EventV4,
        time_used_ms: Option<u32>,
    },
    Chat {
        from: ColorV1,
        text: String,
    },
    Withdraw {
        seq: u32,
    },
    Clock {
        control: ClockV2,
    },
    /// A watcher's line, said after `after_event` events, kept for the
    /// record once the players may see it.
    Kibitz {
        after_event: u32,
        name: String,
        text: String,
    },
}

impl From<RecordV4> for RecordV5 {
    fn from(r: RecordV4) -> RecordV5 {
        match r {
            RecordV4::Header(h) => RecordV5::Header(h),
            RecordV4::Event {
                seq,
                event,
                time_used_ms,
            } => RecordV5::Event {
                seq,
                event,
                time_used_ms,
            },
            RecordV4::Chat { from, text } => RecordV5::Chat { from, text },
            RecordV4::Withdraw { seq } => RecordV5::Withdraw { seq },
            RecordV4::Clock { control } => RecordV5::Clock { control },
        }
    }
}

impl From<RecordV3> for RecordV4 {
    fn from(r: RecordV3) -> RecordV4 {
        match r {
            RecordV3::Header(h) => RecordV4::Header(h),
            RecordV3::Event {
                seq,
                event,
                time_used_ms,
            } => RecordV4::Event {
                seq,
                event: EventV4::from(event),
                time_used_ms,
            },
            RecordV3::Chat { from, text } => RecordV4::Chat { from, text },
            RecordV3::Withdraw { seq } => RecordV4::Withdraw { seq },
            RecordV3::Clock { control } => RecordV4::Clock { control },
        }
    }
}

impl From<EventV3> for EventV4 {
    fn from(e: EventV3) -> EventV4 {
        match e {
            EventV3::Play { color, point } => EventV4::Play { color, point },
            EventV3::Pass { color } => EventV4::Pass { color },
            EventV3::Resign { color } => EventV4::Resign { color },
            EventV3::TimeLoss { color } => EventV4::TimeLoss { color },
            EventV3::OfferNoResult { by } => EventV4::OfferNoResult { by },
            EventV3::AcceptNoResult { by } => EventV4::AcceptNoResult { by },
            EventV3::DeclineNoResult { by } => EventV4::DeclineNoResult { by },
            EventV3::Propose { by, dead } => EventV4::Propose { by, dead },
            EventV3::Accept { by, proposal } => EventV4::Accept { by, proposal },
            EventV3::RequestResume { by } => EventV4::RequestResume { by },
            EventV3::DeclareBothLose { by } => EventV4::DeclareBothLose { by },
            EventV3::RequestUndo { by } => EventV4::RequestUndo { by },
            EventV3::AcceptUndo { by } => EventV4::AcceptUndo { by },
            EventV3::DeclineUndo { by } => EventV4::DeclineUndo { by },
        }
    }
}

impl From<RecordV2> for RecordV3 {
    fn from(r: RecordV2) -> RecordV3 {
        match r {
            RecordV2::Header(h) => RecordV3::Header(h),
            RecordV2::Event {
                seq,
                event,
                time_used_ms,
            } => RecordV3::Event {
                seq,
                event: EventV3::from(event),
                time_used_ms,
            },
            RecordV2::Chat { from, text } => RecordV3::Chat { from, text },
            RecordV2::Withdraw { seq } => RecordV3::Withdraw { seq },
            RecordV2::Clock { control } => RecordV3::Clock { control },
        }
    }
}

impl From<RecordV1> for RecordV2 {
    fn from(r: RecordV1) -> RecordV2 {
        match r {
            RecordV1::Header(h) => RecordV2::Header(h),
            RecordV1::Event {
                seq,
                event,
                time_used_ms,
            } => RecordV2::Event {
                seq,
                event,
                time_used_ms,
            },
            RecordV1::Chat { from, text } => RecordV2::Chat { from, text },
        }
    }
}

impl From<Color> for ColorV1 {
    fn from(c: Color) -> ColorV1 {
        match c {
            Color::Black => ColorV1::Black,
            Color::White => ColorV1::White,
        }
    }
}

impl From<ColorV1> for Color {
    fn from(c: ColorV1) -> Color {
        match c {
            ColorV1::Black => Color::Black,
            ColorV1::White => Color::White,
        }
    }
}

impl From<Point> for PointV1 {
    fn from(p: Point) -> PointV1 {
        PointV1 {
            col: p.col,
            row: p.row,
        }
    }
}

impl From<PointV1> for Point {
    fn from(p: PointV1) -> Point {
        Point::new(p.col, p.row)
    }
}

impl From<&Settings> for SettingsV1 {
    fn from(s: &Settings) -> SettingsV1 {
        SettingsV1 {
            size: s.size.get(),
            komi_halves: s.komi.halves(),
            handicap: s.handicap,
            setup: s.setup.iter().map(|&(c, p)| (c.into(), p.into())).collect(),
            first: s.first.into(),
        }
    }
}

impl TryFrom<&SettingsV1> for Settings {
    type Error = String;

    fn try_from(s: &SettingsV1) -> Result<Settings, String> {
        Ok(Settings {
            size: BoardSize::new(u32::from(s.size)).map_err(|e| e.to_string())?,
            komi: Komi::from_halves(s.komi_halves),
            handicap: s.handicap,
            setup: s.setup.iter().map(|&(c, p)| (c.into(), p.into())).collect(),
            first: s.first.into(),
        })
    }
}

impl From<&Event> for EventV4 {
    fn from(e: &Event) -> EventV4 {
        match e {
            &Event::Play { color, point } => EventV4::Play {
                color: color.into(),
                point: point.into(),
            },
            &Event::Pass { color } => EventV4::Pass {
                color: color.into(),
            },
            &Event::Resign { color } => EventV4::Resign {
                color: color.into(),
            },
            &Event::TimeLoss { color } => EventV4::TimeLoss {
                color: color.into(),
            },
            &Event::OfferNoResult { by } => EventV4::OfferNoResult { by: by.into() },
            &Event::AcceptNoResult { by } => EventV4::AcceptNoResult { by: by.into() },
            &Event::DeclineNoResult { by } => EventV4::DeclineNoResult { by: by.into() },
            Event::Propose { by, dead } => EventV4::Propose {
                by: (*by).into(),
                dead: dead.iter().map(|&p| p.into()).collect(),
            },
            &Event::Accept { by, proposal } => EventV4::Accept {
                by: by.into(),
                proposal,
            },
            &Event::RequestResume { by } => EventV4::RequestResume { by: by.into() },
            &Event::DeclareBothLose { by } => EventV4::DeclareBothLose { by: by.into() },
            &Event::RequestUndo { by } => EventV4::RequestUndo { by: by.into() },
            &Event::AcceptUndo { by } => EventV4::AcceptUndo { by: by.into() },
            &Event::DeclineUndo { by } => EventV4::DeclineUndo { by: by.into() },
            Event::OpenPlayout { by, area } => EventV4::OpenPlayout {
                by: (*by).into(),
                area: area.iter().map(|&p| p.into()).collect(),
            },
            &Event::PlayoutPlay { color, point } => EventV4::PlayoutPlay {
                color: color.into(),
                point: point.into(),
            },
            &Event::PlayoutPass { color } => EventV4::PlayoutPass {
                color: color.into(),
            },
            &Event::ClosePlayout { by } => EventV4::ClosePlayout { by: by.into() },
        }
    }
}

impl From<EventV1> for EventV3 {
    fn from(e: EventV1) -> EventV3 {
        match e {
            EventV1::Play { color, point } => EventV3::Play { color, point },
            EventV1::Pass { color } => EventV3::Pass { color },
            EventV1::Resign { color } => EventV3::Resign { color },
            EventV1::TimeLoss { color } => EventV3::TimeLoss { color },
            EventV1::OfferNoResult { by } => EventV3::OfferNoResult { by },
            EventV1::AcceptNoResult { by } => EventV3::AcceptNoResult { by },
            EventV1::DeclineNoResult { by } => EventV3::DeclineNoResult { by },
            EventV1::Propose { by, dead } => EventV3::Propose { by, dead },
            EventV1::Accept { by, proposal } => EventV3::Accept { by, proposal },
            EventV1::RequestResume { by } => EventV3::RequestResume { by },
            EventV1::DeclareBothLose { by } => EventV3::DeclareBothLose { by },
        }
    }
}

impl From<&EventV4> for Event {
    fn from(e: &EventV4) -> Event {
        match e {
            &EventV4::Play { color, point } => Event::Play {
                color: color.into(),
                point: point.into(),
            },
            &EventV4::Pass { color } => Event::Pass {
                color: color.into(),
            },
            &EventV4::Resign { color } => Event::Resign {
                color: color.into(),
            },
            &EventV4::TimeLoss { color } => Event::TimeLoss {
                color: color.into(),
            },
            &EventV4::OfferNoResult { by } => Event::OfferNoResult { by: by.into() },
            &EventV4::AcceptNoResult { by } => Event::AcceptNoResult { by: by.into() },
            &EventV4::DeclineNoResult { by } => Event::DeclineNoResult { by: by.into() },
            EventV4::Propose { by, dead } => Event::Propose {
                by: (*by).into(),
                dead: dead.iter().map(|&p| p.into()).collect(),
            },
            &EventV4::Accept { by, proposal } => Event::Accept {
                by: by.into(),
                proposal,
            },
            &EventV4::RequestResume { by } => Event::RequestResume { by: by.into() },
            &EventV4::DeclareBothLose { by } => Event::DeclareBothLose { by: by.into() },
            &EventV4::RequestUndo { by } => Event::RequestUndo { by: by.into() },
            &EventV4::AcceptUndo { by } => Event::AcceptUndo { by: by.into() },
            &EventV4::DeclineUndo { by } => Event::DeclineUndo { by: by.into() },
            EventV4::OpenPlayout { by, area } => Event::OpenPlayout {
                by: (*by).into(),
                area: area.iter().map(|&p| p.into()).collect(),
            },
            &EventV4::PlayoutPlay { color, point } => Event::PlayoutPlay {
                color: color.into(),
                point: point.into(),
            },
            &EventV4::PlayoutPass { color } => Event::PlayoutPass {
                color: color.into(),
            },
            &EventV4::ClosePlayout { by } => Event::ClosePlayout { by: by.into() },
        }
    }
}
