//! What a game log says about its game before the first event.

use super::record::{HeaderV1, PlayerV1};
use kaisho_core::clock::TimeControl;
use kaisho_core::{Color, Settings};

/// One side of a saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    /// The certificate fingerprint of a networked player; none in local play.
    pub fingerprint: Option<String>,
}

/// The settings and circumstances of a saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameHeader {
    /// The game's id, also its file name; both peers of a networked game use the same.
    pub game_id: String,
    /// Seconds since the Unix epoch when the game was created.
    pub created_unix: i64,
    pub black: Player,
    pub white: Player,
    pub settings: Settings,
    /// The colour this installation plays in a networked game; none in hot-seat play.
    pub local_color: Option<Color>,
    /// The series the game belongs to.
    pub series: Option<String>,
    /// The time control of a networked game with a clock, as its log
    /// records it (format 2); `None` without a clock or in older logs.
    pub clock: Option<TimeControl>,
}

impl From<&Player> for PlayerV1 {
    fn from(p: &Player) -> PlayerV1 {
        PlayerV1 {
            name: p.name.clone(),
            fingerprint: p.fingerprint.clone(),
        }
    }
}

impl From<&PlayerV1> for Player {
    fn from(p: &PlayerV1) -> Player {
        Player {
            name: p.name.clone(),
            fingerprint: p.fingerprint.clone(),
        }
    }
}

impl From<&GameHeader> for HeaderV1 {
    fn from(h: &GameHeader) -> HeaderV1 {
        HeaderV1 {
            game_id: h.game_id.clone(),
            created_unix: h.created_unix,
            black: (&h.black).into(),
            white: (&h.white).into(),
            settings: (&h.settings).into(),
            local_color: h.local_color.map(Into::into),
            series: h.series.clone(),
        }
    }
}

impl TryFrom<&HeaderV1> for GameHeader {
    type Error = String;

    fn try_from(h: &HeaderV1) -> Result<GameHeader, String> {
        Ok(GameHeader {
            game_id: h.game_id.clone(),
            created_unix: h.created_unix,
            black: (&h.black).into(),
            white: (&h.white).into(),
            settings: Settings::try_from(&h.settings)?,
            local_color: h.local_color.map(Into::into),
            series: h.series.clone(),
            clock: None,
        })
    }
}
