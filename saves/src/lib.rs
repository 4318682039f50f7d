//! kaisho-saves: everything kaisho keeps on disk or reads from it, with
//! formats owned here and converted to and from kaisho-core's types.

pub mod places;
pub mod series;
pub mod sgf;
