//! The joiner's check of a series game against its own copy of the series.

use crate::app::{SeriesTerms, correct_by_word};
use kaisho_net::Terms;
use kaisho_saves::series::{SeriesId, SeriesStore};

/// Refuses a host's offer that is not the series game this side expects;
/// any offer passes when no series game is expected. The text goes to the
/// host as the reason.
pub fn check_series(expected: Option<&SeriesTerms>, terms: &Terms) -> Result<(), String> {
    match expected.and_then(|e| e.mismatch(terms)) {
        Some(why) => Err(why),
        None => Ok(()),
    }
}

/// [`check_series`] for a joiner who takes the host's correction of the
/// last result: when the host's copy is this side's with the last result
/// corrected, this side's copy (in `store`, played by `me`) is corrected
/// the same way and saved before the game, so both copies hold the same
/// record, and the offer is checked against the corrected copy. Without
/// `take`, such an offer is refused, naming the correction. The sentence
/// of the correction taken, if one was.
pub fn check_series_taking(
    expected: Option<&SeriesTerms>,
    terms: &Terms,
    take: bool,
    store: &SeriesStore,
    me: &str,
) -> Result<Option<String>, String> {
    let correction = expected.and_then(|e| e.correction_in(terms));
    let (Some(expected), Some(correction), true) = (expected, correction, take) else {
        return check_series(expected, terms).map(|()| None);
    };
    let id = SeriesId::parse(&expected.id).map_err(|e| e.to_string())?;
    let series = store.load(&id).map_err(|e| e.to_string())?;
    let (fixed, _) = correct_by_word(&series, &correction.word)?;
    let corrected = SeriesTerms::next(&id, &fixed, me, false)?;
    check_series(Some(&corrected), terms)?;
    store.save(&id, &fixed).map_err(|e| {
        format!("the host's correction of series {id} could not be saved on this side: {e}")
    })?;
    Ok(Some(format!(
        "series {id}: the host's correction taken: {}",
        correction.said
    )))
}
