//! A GTP engine as an opponent: the client that speaks to the child
//! process (`gtp`), its failures (`error`), the game's terms in GTP words
//! (`terms`), what kaisho tells and asks it about a game (`talk`), where
//! it stands in the ending and how it judges a proposal (`stand`), its
//! moves in a play-out (`playout`), which engine to play (`found`) and the
//! task that seats it at the network game's screen (`seat`), or that seats
//! it in a LAN game (`lan`); and the one question a review asks it, its
//! move and score at a node (`view`).

pub mod error;
pub mod found;
pub mod gtp;
pub mod lan;
pub mod playout;
pub mod seat;
pub mod stand;
pub mod talk;
pub mod terms;
pub mod view;

pub use error::EngineError;
