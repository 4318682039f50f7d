//! Why this side cannot take the partner's last result of a series game
//! over the network; worded by the catalog (`words::terms_error`).

use super::{NotYourSeries, SeriesLineError};
use kaisho_saves::series::{IdError, SeriesId, StoreError};

/// Why this side cannot take the partner's last result of a series.
#[derive(Debug, thiserror::Error)]
pub enum TermsError {
    /// This side's copy cannot take the correction.
    #[error(transparent)]
    Correction(#[from] SeriesLineError),
    /// The player is neither player of this side's copy.
    #[error(transparent)]
    NotYours(#[from] NotYourSeries),
    /// The series id the game names is not an id.
    #[error(transparent)]
    SeriesId(#[from] IdError),
    /// This side's copy of the series cannot be read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The corrected copy could not be saved; nothing was changed.
    #[error("the partner's correction of series {id} could not be saved on this side: {error}")]
    NotSaved { id: SeriesId, error: StoreError },
}
