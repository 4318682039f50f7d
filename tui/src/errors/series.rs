//! Why typed words do not make or correct a series, and why a series is
//! not the player's: shared by the series screen, `kaisho series` and a
//! series game over the network. Worded by the catalog
//! (`words::series_line_error` and its neighbours), which writes their
//! English `Display` too.

use kaisho_core::series::{LadderError, SeriesError, SetupError};

/// Why typed names are not two players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NamesProblem {
    /// Not two names: how many there were.
    Count(usize),
    Empty,
    /// A name that is a result word.
    ResultWord(String),
    /// Both names the same.
    Same(String),
}

impl std::error::Error for NamesProblem {}

/// Why typed words do not name the players or a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeriesWordError {
    /// A name that is neither player of the series.
    UnknownPlayer { given: String, names: [String; 2] },
    /// The players named are not two different players.
    Players(NamesProblem),
}

impl std::error::Error for SeriesWordError {}

/// Why a typed line does not start a series, or a correction does not
/// apply.
#[derive(Debug)]
pub enum SeriesLineError {
    /// The line is not `players; step[; weaker][; ladder]`.
    Usage,
    Words(SeriesWordError),
    Names(NamesProblem),
    Ladder(LadderError),
    Setup(SetupError),
    Series(SeriesError),
    /// A correction with no result recorded to correct.
    NothingRecorded,
    /// A correction naming neither a player, a result word nor `strike`.
    NotACorrection(SeriesWordError),
}

impl std::error::Error for SeriesLineError {}

/// `?` turns each failure a series line meets into the variant holding it.
macro_rules! held {
    ($($failure:ty => $variant:ident),* $(,)?) => {$(
        impl From<$failure> for SeriesLineError {
            fn from(failure: $failure) -> Self {
                SeriesLineError::$variant(failure)
            }
        }
    )*};
}

held!(
    SeriesWordError => Words,
    NamesProblem => Names,
    LadderError => Ladder,
    SetupError => Setup,
    SeriesError => Series,
);

/// The player's own name is not one of the series' two players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotYourSeries {
    pub me: String,
    pub id: String,
    pub names: [String; 2],
}

impl std::error::Error for NotYourSeries {}
