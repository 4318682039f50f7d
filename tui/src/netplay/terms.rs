//! A game's terms between the front end's offer and the wire, and the
//! joiner's check of a series game against its own copy of the series.

use crate::app::{Offer, SeriesTerms};
use kaisho_net::Terms;

/// The terms of `offer` for the game `game_id`.
#[must_use]
pub fn terms_of(offer: Offer, game_id: String) -> Terms {
    Terms {
        game_id,
        size: offer.size,
        komi_halves: offer.komi_halves,
        handicap: offer.handicap,
        time: offer.time,
        colors: offer.colors,
        series: offer.series,
    }
}

/// The offer the host's terms make.
#[must_use]
pub fn offer_of(terms: &Terms) -> Offer {
    Offer {
        size: terms.size,
        komi_halves: terms.komi_halves,
        handicap: terms.handicap,
        time: terms.time,
        colors: terms.colors,
        series: terms.series.clone(),
    }
}

/// Refuses a host's offer that is not the series game this side expects;
/// any offer passes when no series game is expected. The text goes to the
/// host as the reason.
pub fn check_series(expected: Option<&SeriesTerms>, terms: &Terms) -> Result<(), String> {
    match expected {
        Some(expected) if !expected.matches(&offer_of(terms)) => Err(format!(
            "this is not series {} game {} as this side's copy of the series has it \
             (komi, handicap or colours differ, or another game is due); \
             compare the series with the partner",
            expected.id, expected.number
        )),
        _ => Ok(()),
    }
}
