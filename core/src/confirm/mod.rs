//! Confirmation by play (確認): in the ending, the players may play a
//! disputed area out on a scratch board to show its stones alive or dead,
//! the attacker moving first and the Art. 7.2 ko rule in force, and then
//! put the board back. The scratch board is a copy: nothing here touches
//! the game it was opened on.

mod bans;
mod error;
mod scratch;
mod verdict;

pub use bans::{Ban, Bans};
pub use error::ScratchError;
pub use scratch::{Scratch, Step};
pub use verdict::{Marks, Verdict};
