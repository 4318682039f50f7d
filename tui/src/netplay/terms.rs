//! The joiner's check of a series game against its own copy of the series.

use crate::app::{SeriesTerms, correct_by_word};
use kaisho_net::Terms;
use kaisho_saves::series::{IdError, SeriesId, SeriesStore, StoreError};

/// Why a joiner refuses a series game or cannot take its correction.
/// Sent to the host as its `Display`, the protocol's reason text.
#[derive(Debug, thiserror::Error)]
pub enum TermsError {
    /// The offer is not the game this side's copy of the series expects,
    /// or the correction cannot be made (worded by the series' code).
    #[error("{0}")]
    Series(String),
    /// The series id the game names is not an id.
    #[error(transparent)]
    SeriesId(#[from] IdError),
    /// This side's copy of the series cannot be read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The corrected copy could not be saved; nothing was changed.
    #[error("the host's correction of series {id} could not be saved on this side: {error}")]
    NotSaved { id: SeriesId, error: StoreError },
}

/// Refuses a host's offer that is not the series game this side expects;
/// any offer passes when no series game is expected. The text goes to the
/// host as the reason: `String` because the protocol's check
/// (`kaisho_net::join_game_with`) sends it as text.
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
/// `take`, such an offer is refused, naming the correction. The series id
/// and the correction's sentence, if one was taken.
pub fn check_series_taking(
    expected: Option<&SeriesTerms>,
    terms: &Terms,
    take: bool,
    store: &SeriesStore,
    me: &str,
) -> Result<Option<(SeriesId, String)>, TermsError> {
    let correction = expected.and_then(|e| e.correction_in(terms));
    let (Some(expected), Some(correction), true) = (expected, correction, take) else {
        check_series(expected, terms).map_err(TermsError::Series)?;
        return Ok(None);
    };
    let id = SeriesId::parse(&expected.id)?;
    let series = store.load(&id)?;
    let (fixed, _) = correct_by_word(&series, &correction.word).map_err(TermsError::Series)?;
    let corrected = SeriesTerms::next(&id, &fixed, me, false).map_err(TermsError::Series)?;
    check_series(Some(&corrected), terms).map_err(TermsError::Series)?;
    store
        .save(&id, &fixed)
        .map_err(|error| TermsError::NotSaved {
            id: id.clone(),
            error,
        })?;
    Ok(Some((id, correction.said.clone())))
}
