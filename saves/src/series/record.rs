//! The series file format, version 1, and its conversion to and from
//! kaisho-core's [`Series`].
//!
//! A TOML file a club member can read:
//!
//! ```toml
//! version = 1
//! ladder = "kou"          # kou (甲), otsu (乙) or hei (丙)
//! start = "先相先"         # the starting step, as the 1949 text names it
//! weaker = "local:aki"    # the weaker player's id at the start; absent at 互先
//! threshold = 4
//! komi_even = 6.5         # komi in 互先 games
//! komi_handicap = 0.0     # komi in 先, 先相先 and handicap games
//!
//! [[players]]
//! id = "local:aki"
//! name = "Aki"
//!
//! [[players]]
//! id = "local:ben"
//! name = "Ben"
//!
//! [[events]]              # in order; kinds: nigiri, win, jigo, no-result, both-lose
//! kind = "win"
//! winner = "local:ben"
//! ```
//!
//! Players are named by id everywhere, so a display name can change. The
//! step, the lead and the next game's terms are not stored: they follow
//! from the events, and are recomputed on load.

use crate::limits::{MAX_NAME_CHARS, check_length};
use crate::visible::visible;
use kaisho_core::Komi;
use kaisho_core::series::{
    KomiPolicy, LadderKind, Player, Seat, Series, SeriesEvent, SeriesResult, SeriesSetup, Step,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The version this build writes, and the newest it reads.
pub const FORMAT_VERSION: u32 = 1;

/// A series file as stored (version 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeriesRecord {
    /// The format version, [`FORMAT_VERSION`] when written by this build.
    pub version: u32,
    /// `kou`, `otsu` or `hei`.
    pub ladder: String,
    /// The starting step's Japanese name, e.g. `先相先`.
    pub start: String,
    /// The weaker player's id at the starting step; absent at 互先.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weaker: Option<String>,
    /// Wins ahead within a step that move the handicap.
    pub threshold: u32,
    /// Komi in 互先 games, in points.
    pub komi_even: f64,
    /// Komi in 先, 先相先 and handicap games, in points.
    pub komi_handicap: f64,
    /// Exactly two, first seat first.
    pub players: Vec<PlayerRecord>,
    /// The record, oldest first.
    #[serde(default)]
    pub events: Vec<EventRecord>,
}

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRecord {
    /// The identity the series is bound to.
    pub id: String,
    /// The name shown.
    pub name: String,
}

/// One entry of the record as stored; players are named by id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum EventRecord {
    /// The nigiri gave Black to the player with this id.
    Nigiri { black: String },
    /// The player with this id won.
    Win { winner: String },
    /// 持碁.
    Jigo,
    /// 無勝負.
    NoResult,
    /// 両負け.
    BothLose,
}

/// Just the version, read first so a newer file is recognised as newer
/// rather than as damaged.
#[derive(Deserialize)]
struct VersionOnly {
    version: u32,
}

/// A series file that cannot be read as a series.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not TOML, or not the fields a series file has.
    Syntax(String),
    /// Written by a newer kaisho.
    NewerVersion(u32),
    /// The fields are there but do not make a valid series.
    Invalid(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax(e) => write!(f, "not a readable series file: {e}"),
            RecordError::NewerVersion(v) => write!(
                f,
                "written in series format version {v}, newer than this kaisho reads \
                 (up to {FORMAT_VERSION}); upgrade kaisho to use it"
            ),
            RecordError::Invalid(e) => write!(f, "the series it records is not valid: {e}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl SeriesRecord {
    /// The record of a series, in the current format version.
    #[must_use]
    pub fn from_series(series: &Series) -> SeriesRecord {
        let setup = series.setup();
        let id = |seat: Seat| setup.player(seat).id.clone();
        SeriesRecord {
            version: FORMAT_VERSION,
            ladder: setup.ladder.romaji().to_string(),
            start: setup.start.japanese().to_string(),
            weaker: setup.weaker.map(id),
            threshold: setup.threshold,
            komi_even: komi_to_f64(setup.komi.even),
            komi_handicap: komi_to_f64(setup.komi.handicap),
            players: setup
                .players
                .iter()
                .map(|p| PlayerRecord {
                    id: p.id.clone(),
                    name: p.name.clone(),
                })
                .collect(),
            events: series
                .events()
                .iter()
                .map(|event| match *event {
                    SeriesEvent::Nigiri { black } => EventRecord::Nigiri { black: id(black) },
                    SeriesEvent::Game(SeriesResult::Win(winner)) => {
                        EventRecord::Win { winner: id(winner) }
                    }
                    SeriesEvent::Game(SeriesResult::Jigo) => EventRecord::Jigo,
                    SeriesEvent::Game(SeriesResult::NoResult) => EventRecord::NoResult,
                    SeriesEvent::Game(SeriesResult::BothLose) => EventRecord::BothLose,
                })
                .collect(),
        }
    }

    /// Rebuilds the series by replaying the recorded events.
    pub fn to_series(&self) -> Result<Series, RecordError> {
        let invalid = |e: &dyn fmt::Display| RecordError::Invalid(e.to_string());
        let players: [Player; 2] = match self.players.as_slice() {
            [a, b] => {
                for p in [a, b] {
                    check_length("player name", &p.name, MAX_NAME_CHARS)
                        .map_err(RecordError::Invalid)?;
                }
                // A name is printed by `kaisho series` and drawn on the
                // screens: whatever the file holds, it reaches no terminal
                // as a control sequence.
                [a, b].map(|p| Player {
                    id: p.id.clone(),
                    name: visible(&p.name).into_owned(),
                })
            }
            other => {
                return Err(RecordError::Invalid(format!(
                    "a series has two players, the file lists {}",
                    other.len()
                )));
            }
        };
        let seat = |id: &str| {
            Seat::BOTH
                .into_iter()
                .find(|s| players[s.index()].id == id)
                .ok_or_else(|| {
                    RecordError::Invalid(format!("'{id}' is not one of the series' two players"))
                })
        };
        let ladder = LadderKind::parse(&self.ladder).map_err(|e| invalid(&e))?;
        let start: Step = ladder.parse_step(&self.start).map_err(|e| invalid(&e))?;
        let weaker = self.weaker.as_deref().map(seat).transpose()?;
        let events = self
            .events
            .iter()
            .map(|e| {
                Ok(match e {
                    EventRecord::Nigiri { black } => SeriesEvent::Nigiri {
                        black: seat(black)?,
                    },
                    EventRecord::Win { winner } => {
                        SeriesEvent::Game(SeriesResult::Win(seat(winner)?))
                    }
                    EventRecord::Jigo => SeriesEvent::Game(SeriesResult::Jigo),
                    EventRecord::NoResult => SeriesEvent::Game(SeriesResult::NoResult),
                    EventRecord::BothLose => SeriesEvent::Game(SeriesResult::BothLose),
                })
            })
            .collect::<Result<Vec<_>, RecordError>>()?;
        let setup = SeriesSetup {
            players,
            ladder,
            start,
            weaker,
            threshold: self.threshold,
            komi: KomiPolicy {
                even: komi_from_f64(self.komi_even)?,
                handicap: komi_from_f64(self.komi_handicap)?,
            },
        };
        Series::replay(setup, &events).map_err(|e| invalid(&e))
    }

    /// Reads a file's text, checking the version before anything else.
    pub fn from_toml(text: &str) -> Result<SeriesRecord, RecordError> {
        let syntax = |e: toml::de::Error| RecordError::Syntax(e.message().to_string());
        let VersionOnly { version } = toml::from_str(text).map_err(syntax)?;
        if version > FORMAT_VERSION {
            return Err(RecordError::NewerVersion(version));
        }
        if version == 0 {
            return Err(RecordError::Syntax("version 0 does not exist".to_string()));
        }
        toml::from_str(text).map_err(syntax)
    }

    /// The file's text.
    pub fn to_toml(&self) -> Result<String, RecordError> {
        toml::to_string(self).map_err(|e| RecordError::Invalid(e.to_string()))
    }
}

/// Komi is whole or half points, so it converts exactly both ways.
fn komi_to_f64(komi: Komi) -> f64 {
    f64::from(komi.halves()) / 2.0
}

fn komi_from_f64(value: f64) -> Result<Komi, RecordError> {
    Komi::parse(&value.to_string()).map_err(|e| RecordError::Invalid(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Series {
        let setup = SeriesSetup {
            players: [
                Player {
                    id: "local:aki".into(),
                    name: "Aki".into(),
                },
                Player {
                    id: "local:ben".into(),
                    name: "Ben \"the Bear\"".into(),
                },
            ],
            ladder: LadderKind::Kou,
            start: Step::Even,
            weaker: None,
            threshold: 3,
            komi: KomiPolicy {
                even: Komi::RULES_1949,
                handicap: Komi::from_halves(-1),
            },
        };
        let mut s = Series::new(setup).unwrap();
        s.nigiri(Seat::Second).unwrap();
        for r in [
            SeriesResult::Win(Seat::First),
            SeriesResult::Jigo,
            SeriesResult::Win(Seat::First),
            SeriesResult::NoResult,
            SeriesResult::Win(Seat::First),
            SeriesResult::BothLose,
            SeriesResult::Win(Seat::Second),
        ] {
            s.record(r).unwrap();
        }
        s
    }

    #[test]
    fn a_series_survives_the_round_trip() {
        let s = sample();
        let text = SeriesRecord::from_series(&s).to_toml().unwrap();
        let back = SeriesRecord::from_toml(&text).unwrap().to_series().unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn newer_versions_are_named_as_such() {
        let text = SeriesRecord::from_series(&sample())
            .to_toml()
            .unwrap()
            .replace("version = 1", "version = 2");
        assert_eq!(
            SeriesRecord::from_toml(&text),
            Err(RecordError::NewerVersion(2))
        );
    }

    #[test]
    fn damaged_files_say_what_is_wrong() {
        let good = SeriesRecord::from_series(&sample()).to_toml().unwrap();
        let cases = [
            ("this is not toml", "not a readable"),
            ("version = 1\n", "not a readable"),
            (
                &*good.replace("kind = \"jigo\"", "kind = \"draw\""),
                "not a readable",
            ),
            (&*good.replace("\"kou\"", "\"tei\""), "not a ladder"),
            (
                &*good.replace("komi_even = 4.5", "komi_even = 4.25"),
                "komi",
            ),
            (
                &*good.replace("winner = \"local:ben\"", "winner = \"local:cat\""),
                "local:cat",
            ),
        ];
        for (text, words) in cases {
            let e = SeriesRecord::from_toml(text)
                .and_then(|r| r.to_series())
                .unwrap_err();
            assert!(e.to_string().contains(words), "{e} / {text}");
        }
    }

    #[test]
    fn an_impossible_record_is_invalid() {
        let good = SeriesRecord::from_series(&sample()).to_toml().unwrap();
        let no_nigiri = good.replacen(
            "kind = \"nigiri\"\nblack = \"local:ben\"",
            "kind = \"jigo\"",
            1,
        );
        assert_ne!(no_nigiri, good);
        let e = SeriesRecord::from_toml(&no_nigiri)
            .unwrap()
            .to_series()
            .unwrap_err();
        assert!(matches!(e, RecordError::Invalid(_)), "{e}");
    }
}
