//! The Art. 7.2 ko rule on the scratch board: a ko taken may not be
//! retaken in that ko until the side that lost it has passed once for it
//! (劫を取られた方が取り返す劫のそれぞれにつき着手放棄を行った後は、新たに
//! その劫を取ることができる).

use crate::color::Color;
use crate::point::Point;

/// One ko a side may not retake yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ban {
    /// The side that lost the ko and may not take it back.
    pub color: Color,
    /// Where the retake would be played (the point of the stone taken).
    pub at: Point,
    /// The stone that took the ko: the ko the ban is for.
    pub taker: Point,
}

/// The bans in force, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bans(Vec<Ban>);

impl Bans {
    /// The ban that forbids `color` to capture on `at`, if any.
    #[must_use]
    pub fn forbidding(&self, color: Color, at: Point) -> Option<Ban> {
        self.0
            .iter()
            .copied()
            .find(|b| b.color == color && b.at == at)
    }

    /// `taker` took a ko whose retake point is `at`: the loser may not take
    /// it back until they pass for it. A ban on the same point is renewed.
    pub fn take(&mut self, loser: Color, at: Point, taker: Point) {
        self.0.retain(|b| !(b.color == loser && b.at == at));
        self.0.push(Ban {
            color: loser,
            at,
            taker,
        });
    }

    /// A pass by `color` counts for one ko: the oldest one it may not
    /// retake, whose ban is lifted and returned.
    pub fn pass(&mut self, color: Color) -> Option<Ban> {
        let i = self.0.iter().position(|b| b.color == color)?;
        Some(self.0.remove(i))
    }

    /// Every ban in force, oldest first.
    #[must_use]
    pub fn all(&self) -> &[Ban] {
        &self.0
    }
}
