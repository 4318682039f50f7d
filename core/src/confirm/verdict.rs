//! What a play-out showed, and the marks it offers for the proposal.

use crate::point::Point;

/// How a play-out ended for the stones in dispute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Every disputed stone was taken off. `reestablished` are the
    /// defender's stones standing on those points when it closed: stones
    /// the capture gave rise to (取られても新たに取られない石を生じうる石),
    /// which make the disputed stones alive (Art. 7.1).
    Captured { reestablished: Vec<Point> },
    /// Both sides passed in a row with the disputed stones standing: the
    /// attacker could not take them.
    Held,
    /// Closed before either: no result to offer.
    GivenUp,
}

/// The marks a verdict offers for the proposal: the stones to mark dead
/// and the stones to unmark, never applied without the player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    pub dead: Vec<Point>,
    pub alive: Vec<Point>,
}

impl Verdict {
    /// The marks for `disputed` (the stones played out, on the game's
    /// board): dead when captured with nothing re-established, alive when
    /// held or re-established; `None` for a play-out given up.
    #[must_use]
    pub fn marks(&self, disputed: &[Point]) -> Option<Marks> {
        match self {
            Verdict::Captured { reestablished } if reestablished.is_empty() => Some(Marks {
                dead: disputed.to_vec(),
                alive: Vec::new(),
            }),
            Verdict::Captured { .. } | Verdict::Held => Some(Marks {
                dead: Vec::new(),
                alive: disputed.to_vec(),
            }),
            Verdict::GivenUp => None,
        }
    }
}
