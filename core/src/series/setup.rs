//! What two players agree when a series starts (Art. 18.1 lets them agree
//! any terms): who they are, the ladder, the starting step, who is weaker,
//! the change threshold and the komi.

use super::ladder::{LadderError, LadderKind, Step, Turn};
use crate::settings::Komi;
use std::fmt;

/// One of the two places in a series; results and the weaker player are
/// named by seat so that a display name can change without rewriting history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// The player named first when the series began.
    First,
    /// The player named second.
    Second,
}

impl Seat {
    /// Both seats, first first.
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// The other player.
    #[must_use]
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 or 1: the index of per-seat arrays.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A player by identity: `id` is what the series is bound to (a certificate
/// fingerprint for a networked peer, a local name otherwise); `name` is only
/// shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// The identity results are bound to; never shown as a name.
    pub id: String,
    /// What the club calls the player.
    pub name: String,
}

/// Komi for each kind of game. Art. 19 makes komi a matter of agreement;
/// the client's default is 6.5 for even games and none for 先, the White
/// game of 先相先 and handicap games (Art. 19.3–19.4 allow agreeing otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KomiPolicy {
    /// Komi in 互先 games.
    pub even: Komi,
    /// Komi in every other game: 先, 先相先 and handicap games.
    pub handicap: Komi,
}

impl Default for KomiPolicy {
    fn default() -> KomiPolicy {
        KomiPolicy {
            even: Komi::MODERN,
            handicap: Komi::ZERO,
        }
    }
}

impl KomiPolicy {
    /// The komi White receives in a game of this kind.
    #[must_use]
    pub fn for_turn(self, turn: Turn) -> Komi {
        match turn {
            Turn::Even => self.even,
            Turn::WeakerBlack | Turn::WeakerWhite | Turn::Stones(_) => self.handicap,
        }
    }
}

/// The change threshold Art. 18.1 names: four games ahead.
pub const DEFAULT_THRESHOLD: u32 = 4;

/// The terms of a series, fixed when it starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeriesSetup {
    /// The two players, by seat.
    pub players: [Player; 2],
    /// Which of the three ladders the handicap moves on (Art. 17.2).
    pub ladder: LadderKind,
    /// The step of the first game.
    pub start: Step,
    /// The weaker player (下手) at the starting step; `None` exactly when it is 互先.
    pub weaker: Option<Seat>,
    /// How many wins ahead within a step move the handicap (Art. 18.1).
    pub threshold: u32,
    /// Komi by kind of game (Art. 19).
    pub komi: KomiPolicy,
}

/// Terms that cannot start a series.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The starting step is not in the ladder.
    Step(LadderError),
    /// A handicap step needs to know who is weaker.
    WeakerMissing(Step),
    /// 互先 has no weaker player.
    WeakerAtEven,
    /// A threshold of zero would move the step after every game, even a draw.
    ZeroThreshold,
    /// A player's id or name is empty.
    EmptyPlayer(Seat),
    /// Both seats hold the same identity.
    SamePlayer(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Step(e) => write!(f, "{e}"),
            SetupError::WeakerMissing(step) => write!(
                f,
                "{} is a handicap step: say which player is the weaker (下手)",
                step.japanese()
            ),
            SetupError::WeakerAtEven => {
                f.write_str("互先 (even) has no weaker player: leave the weaker player out")
            }
            SetupError::ZeroThreshold => f.write_str(
                "the change threshold must be at least 1 game (the rules' default is 4)",
            ),
            SetupError::EmptyPlayer(seat) => write!(
                f,
                "player {} has an empty id or name: give both players a name",
                seat.index() + 1
            ),
            SetupError::SamePlayer(id) => {
                write!(
                    f,
                    "both players are '{id}': a series needs two different players"
                )
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl SeriesSetup {
    /// Checks the terms hang together before any game is played.
    pub fn validate(&self) -> Result<(), SetupError> {
        self.ladder.index_of(self.start).map_err(SetupError::Step)?;
        match (self.start, self.weaker) {
            (Step::Even, Some(_)) => return Err(SetupError::WeakerAtEven),
            (step, None) if step != Step::Even => return Err(SetupError::WeakerMissing(step)),
            _ => {}
        }
        if self.threshold == 0 {
            return Err(SetupError::ZeroThreshold);
        }
        for seat in Seat::BOTH {
            let p = &self.players[seat.index()];
            if p.id.trim().is_empty() || p.name.trim().is_empty() {
                return Err(SetupError::EmptyPlayer(seat));
            }
        }
        if self.players[0].id == self.players[1].id {
            return Err(SetupError::SamePlayer(self.players[0].id.clone()));
        }
        Ok(())
    }

    /// The player in a seat.
    #[must_use]
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }
}
