//! The check of a series game's terms against this side's own copy of the
//! series, on both sides: the joiner's check of the host's offer, and the
//! host's answer to a joiner whose copy holds another last result.

use crate::app::{SeriesTerms, correct_in};
use crate::errors::TermsError;
use crate::words::Lang;
use kaisho_core::series::Series;
use kaisho_net::{Refusal, Terms, TimeW};
use kaisho_saves::series::{SeriesId, SeriesStore};

/// Refuses a host's offer that is not the series game this side expects;
/// any offer passes when no series game is expected. An offer from a copy
/// of the same series with another record is answered with this side's
/// record, which the host may take (see [`take_partners`]). The reason is
/// text: the protocol sends it to the host.
pub fn check_series(expected: Option<&SeriesTerms>, terms: &Terms) -> Result<(), Refusal> {
    let Some(expected) = expected else {
        return Ok(());
    };
    let Some(why) = expected.mismatch(terms) else {
        return Ok(());
    };
    Err(match &terms.series {
        Some((id, _, record)) if *id == expected.id && *record != expected.record => {
            Refusal::LastResult {
                record: expected.record,
                reason: why,
            }
        }
        _ => Refusal::Differ(why),
    })
}

/// [`check_series`] for a joiner who takes the host's correction of the
/// last result: when the host's copy is this side's with the last result
/// corrected, this side's copy (in `store`, played by `me`) is corrected
/// the same way and saved before the game, so both copies hold the same
/// record, and the offer is checked against the corrected copy. Without
/// `take`, such an offer is answered with this side's record. The series
/// id and the correction's sentence, if one was taken.
pub fn check_series_taking(
    expected: Option<&SeriesTerms>,
    terms: &Terms,
    take: bool,
    store: &SeriesStore,
    me: &str,
) -> Result<Option<(SeriesId, String)>, Refusal> {
    let correction = expected.and_then(|e| e.correction_in(terms));
    let (Some(expected), Some(correction), true) = (expected, correction, take) else {
        check_series(expected, terms)?;
        return Ok(None);
    };
    let refused = |e: TermsError| Refusal::Differ(e.to_string());
    let (copy, taken) =
        corrected_copy(store, &expected.id, &correction.word, me, false).map_err(refused)?;
    check_series(Some(&taken), terms)?;
    save_copy(store, &copy).map_err(refused)?;
    Ok(Some((copy.id, correction.said.clone())))
}

/// The host's answer to a joiner whose copy of the series differs from
/// `offered` (the host's) in the last result only, its record being
/// `record`: with `take`, the host's copy (in `store`, played by `me`)
/// takes the joiner's last result and is saved, and the terms to offer
/// again on a board of `size` with clock `time` come back with the series
/// id and the correction's sentence; otherwise, or when the joiner's
/// record is no correction of the host's last result, `None`.
pub fn take_partners(
    offered: &SeriesTerms,
    record: u64,
    take: bool,
    store: &SeriesStore,
    me: &str,
    size: u8,
    time: TimeW,
) -> Result<Option<(Terms, SeriesId, String)>, TermsError> {
    let correction = offered.corrections.iter().find(|c| c.record == record);
    let (Some(correction), true) = (correction, take) else {
        return Ok(None);
    };
    let (copy, taken) = corrected_copy(store, &offered.id, &correction.word, me, true)?;
    save_copy(store, &copy)?;
    Ok(Some((
        taken.offer(size, time),
        copy.id,
        correction.said.clone(),
    )))
}

/// This side's copy of a series with its last result corrected to the
/// partner's: the copy as read (`base`) and as corrected.
struct Corrected {
    id: SeriesId,
    base: Series,
    fixed: Series,
}

/// Series `id` from `store` with its last result corrected by `word`,
/// and the next game's terms for `me`, who hosts it or not.
fn corrected_copy(
    store: &SeriesStore,
    id: &str,
    word: &str,
    me: &str,
    hosting: bool,
) -> Result<(Corrected, SeriesTerms), TermsError> {
    let id = SeriesId::parse(id)?;
    let base = store.load(&id)?;
    let (fixed, _) = correct_in(Lang::En, &base, word)?;
    let terms = SeriesTerms::of_player(&id, &fixed, me, hosting)?;
    Ok((Corrected { id, base, fixed }, terms))
}

/// Saves this side's copy of the series corrected to the partner's, in
/// place of the copy it was read as.
fn save_copy(store: &SeriesStore, copy: &Corrected) -> Result<(), TermsError> {
    store
        .save(&copy.id, &copy.base, &copy.fixed)
        .map_err(|error| TermsError::NotSaved {
            id: copy.id.clone(),
            error,
        })
}
