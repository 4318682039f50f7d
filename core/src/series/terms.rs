//! The terms of one game in a series: who is Black, how many stones, komi,
//! and where the game stands in its step's pattern.

use super::ladder::{Step, Turn};
use super::setup::{KomiPolicy, Seat};
use crate::color::Color;
use crate::handicap::HandicapError;
use crate::point::BoardSize;
use crate::settings::{Komi, Settings};

/// What the next game (or a played one) is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameTerms {
    /// The game's number in the series, from 1.
    pub number: u32,
    /// The handicap step the game is played at.
    pub step: Step,
    /// The weaker player (下手) at this step; `None` at 互先.
    pub weaker: Option<Seat>,
    /// The game's place in the step, from 0, counted from the step's first game.
    pub position: u32,
    /// The length of the step's pattern; the game is number
    /// `position % cycle + 1` of `cycle` in it.
    pub cycle: u32,
    /// What the game's place in the pattern gives the weaker player.
    pub turn: Turn,
    /// Who takes Black; `None` when a nigiri must decide it first (the first
    /// game of a 互先 step, Art. 14.2).
    pub black: Option<Seat>,
    /// Handicap stones Black places (0 for 互先, 先 and 先相先).
    pub handicap: u8,
    /// What White receives.
    pub komi: Komi,
}

impl GameTerms {
    /// The terms of the game at `position` in a step. `nigiri` is who took
    /// Black in the step's first game, needed only at 互先: colours then
    /// alternate game by game (Art. 14.3).
    #[must_use]
    pub fn at(
        number: u32,
        step: Step,
        weaker: Option<Seat>,
        position: u32,
        nigiri: Option<Seat>,
        komi: KomiPolicy,
    ) -> GameTerms {
        let turn = step.turn(position);
        let black = match turn {
            Turn::Even => nigiri.map(|s| {
                if position.is_multiple_of(2) {
                    s
                } else {
                    s.other()
                }
            }),
            Turn::WeakerBlack | Turn::Stones(_) => weaker,
            Turn::WeakerWhite => weaker.map(Seat::other),
        };
        GameTerms {
            number,
            step,
            weaker,
            position,
            cycle: u32::try_from(step.pattern().len()).unwrap_or(1),
            turn,
            black,
            handicap: match turn {
                Turn::Stones(n) => n,
                _ => 0,
            },
            komi: komi.for_turn(turn),
        }
    }

    /// Who takes White, once Black is known.
    #[must_use]
    pub fn white(&self) -> Option<Seat> {
        self.black.map(Seat::other)
    }

    /// The colour a seat plays, once the colours are known.
    #[must_use]
    pub fn colour_of(&self, seat: Seat) -> Option<Color> {
        self.black.map(|b| {
            if b == seat {
                Color::Black
            } else {
                Color::White
            }
        })
    }

    /// The seat playing a colour, once the colours are known.
    #[must_use]
    pub fn seat_of(&self, colour: Color) -> Option<Seat> {
        match colour {
            Color::Black => self.black,
            Color::White => self.white(),
        }
    }

    /// The game's settings on a board, with the handicap stones placed as Art. 21 says.
    pub fn settings(&self, size: BoardSize) -> Result<Settings, HandicapError> {
        if self.handicap == 0 {
            Ok(Settings::even(size, self.komi))
        } else {
            Settings::handicap(size, self.handicap, self.komi)
        }
    }
}
