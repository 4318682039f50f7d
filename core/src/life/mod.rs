//! Life and death of a stopped position by J1989 Article 7.
//!
//! After stoppage the players agree on dead stones; this module drafts that
//! agreement and checks a proposal against the rule, so the club can see at
//! once when a marking contradicts Article 7. The method follows the
//! Japanese text of the 1989 rules (日本囲碁規約 第七条 (死活) with its ko
//! rule in 第七条2):
//!
//! 1. [`benson`] finds chains that can never be captured, plus chains that
//!    own a territory too large for anything to live in it; these split the
//!    board and need no search.
//! 2. `region` cuts what is left into local areas (部分的死活論: each shape
//!    is judged as if it stood alone on its own board). Chains reaching
//!    into an open area, too large to search and nobody's territory, are
//!    walls too (`open`): play inside the shapes they enclose cannot take
//!    them; they are unsettled themselves, since room to play is no proof of
//!    life.
//! 3. [`search`] plays Article 7's hypothetical play in each area: the
//!    opponent moves first; a chain is alive if it cannot be captured, or if
//!    its capture gives rise to new stones of its owner that stay (Art. 7.1):
//!    on its points, or where its owner took back the capturing stones; a ko
//!    just taken cannot be retaken until its loser has passed once for it
//!    (Art. 7.2). A node budget bounds the work; a chain whose search hits it
//!    is [`Status::Unsettled`], never guessed.
//! 4. [`status`] turns the search results into a verdict per chain, telling
//!    seki from plain life by Article 8 (a live chain with dame). No chain
//!    is dead without a [`Proof`]: either the search's capture against
//!    every defence (the defender may play on every point of the area;
//!    only the attacker is held to the points near the chains, and a
//!    chain holds only where the attacker free on the whole area does not
//!    capture it either), or, for a
//!    chain inside the opponent's territory that a short search does not
//!    settle, an [`Enclosure`]: a region of at most 40 points, closed by
//!    stones that are safe without any search. An area
//!    that is still open, or too large to search, leaves its chains
//!    unsettled. A ko stone,
//!    which the opponent can take only by a ko capture, is judged with the
//!    group around its ko point (`ko_stone`): it is not dead while that
//!    group lives, as in the booklet's 万年コウ left at stoppage. A chain
//!    is alive with a proof where one is found: whatever the opponent
//!    plays first, one answer makes it unconditionally alive (`answer`), or
//!    an answer leaves it so alive by one answer (`two_answers`).
//!
//! Where the Japanese text and the English column differ, the Japanese is
//! followed: Art. 7.1 makes no difference between life and seki (both are
//! 活き石; seki is Art. 8's セキ石, a live stone next to a dame), so seki is
//! found by counting, not by how many stones are re-established. The
//! Japanese text does not say where the new stones must stand (the English
//! column's "on all the points of the captured stones" is not in it); the
//! search asks for them on the captured chain's points or on the points of
//! the stones its owner takes back next to them, which is what the
//! booklet's 旧取らず三目 proof needs and keeps each question local.
//! 5. [`Reading`] runs the same analysis in slices with node quotas the
//!    caller gives (the core reads no clock), keeping what is proven.
//! 6. [`mod@draft`] gives the dead set the verdicts imply and checks proposals.

mod answer;
mod answered;
pub mod benson;
pub mod draft;
pub mod estimate;
mod grid;
mod ko_stone;
mod open;
mod proof;
mod reading;
mod region;
mod rooms;
pub mod search;
pub mod status;
mod two_answers;
mod verdict;

pub use answer::Answers;
pub use draft::{Finding, FindingKind, check, complete, draft, findings};
pub use proof::{Enclosure, Proof};
pub use reading::Reading;
pub use search::{Capture, ProofNode, Step};
pub use status::analyse;
pub use two_answers::TwoAnswers;
pub use verdict::{Analysis, ChainVerdict, DOUBT_PER_MILLE, Limits, Reason, Status};
