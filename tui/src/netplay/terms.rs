//! The joiner's check of a series game against its own copy of the series.

use crate::app::SeriesTerms;
use kaisho_net::Terms;

/// Refuses a host's offer that is not the series game this side expects;
/// any offer passes when no series game is expected. The text goes to the
/// host as the reason.
pub fn check_series(expected: Option<&SeriesTerms>, terms: &Terms) -> Result<(), String> {
    match expected.and_then(|e| e.mismatch(terms)) {
        Some(why) => Err(why),
        None => Ok(()),
    }
}
