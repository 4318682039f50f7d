//! 握り (nigiri, Art. 14.2): who takes Black in the first even game.
//!
//! One player grabs any number of stones, the other calls odd (奇数先) or
//! even (偶数先); a right call takes Black. Locally the caller of
//! [`decide`] supplies the grab and the call. Over a network the grabber
//! must not be able to change the count after hearing the call, and the
//! caller must not see the count before calling, so the grabber first sends
//! a [`Commitment`] ([`commit`]), then the call comes back, then the grabber
//! reveals the count and nonce and the caller checks them with [`reveal`].
//!
//! The commitment is SHA-256 over exactly these 50 bytes:
//!
//! | bytes | content |
//! |---|---|
//! | 0–15  | the ASCII tag `kaisho-nigiri-v1` (domain separation) |
//! | 16–17 | the count grabbed, unsigned 16-bit big-endian |
//! | 18–49 | the 256-bit nonce, as given |
//!
//! The nonce must come from a cryptographic random source outside the core
//! and be fresh for every nigiri; the core draws no randomness itself.

use sha2::{Digest, Sha256};
use std::fmt;

/// The most stones one hand can take from a bowl: a full set has 181 black
/// stones (Art. 10.3).
pub const MAX_GRAB: u16 = 181;

/// The domain-separation tag that begins every committed message.
pub const COMMITMENT_TAG: &[u8; 16] = b"kaisho-nigiri-v1";

/// The call: whether the number of stones grabbed is odd or even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parity {
    /// 奇数先: "odd, and I take Black".
    Odd,
    /// 偶数先: "even, and I take Black".
    Even,
}

/// The two parts in a nigiri.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NigiriRole {
    /// The player who grabs the stones.
    Grabber,
    /// The player who calls odd or even.
    Caller,
}

/// A nigiri that cannot stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NigiriError {
    /// No stones were grabbed; a hand must hold at least one.
    EmptyGrab,
    /// More stones than a bowl holds.
    TooMany(u16),
    /// The revealed count and nonce do not hash to the commitment sent
    /// earlier: the grabber changed the count after the call, or the
    /// message was damaged.
    RevealMismatch,
}

impl fmt::Display for NigiriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NigiriError::EmptyGrab => {
                f.write_str("the grab holds no stones; grab at least one and count again")
            }
            NigiriError::TooMany(n) => write!(
                f,
                "{n} stones is more than a bowl holds; a grab is 1 to {MAX_GRAB} stones"
            ),
            NigiriError::RevealMismatch => f.write_str(
                "the revealed grab does not match the commitment sent before the call: \
                 the nigiri is void; treat it as cheating or a damaged message and hold it again",
            ),
        }
    }
}

impl std::error::Error for NigiriError {}

impl Parity {
    /// The parity of a number of stones.
    #[must_use]
    pub fn of(count: u16) -> Parity {
        if count % 2 == 1 {
            Parity::Odd
        } else {
            Parity::Even
        }
    }

    /// 奇数先 or 偶数先.
    #[must_use]
    pub fn japanese(self) -> &'static str {
        match self {
            Parity::Odd => "奇数先",
            Parity::Even => "偶数先",
        }
    }

    /// Reads `odd`/`奇数`/`奇数先` or `even`/`偶数`/`偶数先`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Parity> {
        match text.trim().to_ascii_lowercase().as_str() {
            "odd" | "奇数" | "奇数先" | "奇" => Some(Parity::Odd),
            "even" | "偶数" | "偶数先" | "偶" => Some(Parity::Even),
            _ => None,
        }
    }
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Parity::Odd => "odd",
            Parity::Even => "even",
        })
    }
}

impl NigiriRole {
    /// The other part.
    #[must_use]
    pub fn other(self) -> NigiriRole {
        match self {
            NigiriRole::Grabber => NigiriRole::Caller,
            NigiriRole::Caller => NigiriRole::Grabber,
        }
    }
}

fn check_grab(grabbed: u16) -> Result<(), NigiriError> {
    match grabbed {
        0 => Err(NigiriError::EmptyGrab),
        n if n > MAX_GRAB => Err(NigiriError::TooMany(n)),
        _ => Ok(()),
    }
}

/// A local nigiri: which part takes Black. A right call takes Black;
/// otherwise the grabber does.
pub fn decide(grabbed: u16, call: Parity) -> Result<NigiriRole, NigiriError> {
    check_grab(grabbed)?;
    Ok(if Parity::of(grabbed) == call {
        NigiriRole::Caller
    } else {
        NigiriRole::Grabber
    })
}

/// The hash the grabber sends before the call; see the module docs for the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Commitment(pub [u8; 32]);

/// Commits to a grab with a fresh 256-bit nonce supplied by the caller.
pub fn commit(grabbed: u16, nonce: &[u8; 32]) -> Result<Commitment, NigiriError> {
    check_grab(grabbed)?;
    Ok(digest(grabbed, nonce))
}

fn digest(grabbed: u16, nonce: &[u8; 32]) -> Commitment {
    let mut hasher = Sha256::new();
    hasher.update(COMMITMENT_TAG);
    hasher.update(grabbed.to_be_bytes());
    hasher.update(nonce);
    Commitment(hasher.finalize().into())
}

/// Checks the grabber's reveal against the commitment received before the
/// call, then decides as [`decide`] does. A reveal that does not match is
/// [`NigiriError::RevealMismatch`], whatever the call.
pub fn reveal(
    commitment: &Commitment,
    grabbed: u16,
    nonce: &[u8; 32],
    call: Parity,
) -> Result<NigiriRole, NigiriError> {
    if digest(grabbed, nonce) != *commitment {
        return Err(NigiriError::RevealMismatch);
    }
    decide(grabbed, call)
}

impl fmt::Display for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONCE: [u8; 32] = [7; 32];

    #[test]
    fn a_right_call_takes_black() {
        assert_eq!(decide(17, Parity::Odd), Ok(NigiriRole::Caller));
        assert_eq!(decide(18, Parity::Even), Ok(NigiriRole::Caller));
        assert_eq!(decide(17, Parity::Even), Ok(NigiriRole::Grabber));
        assert_eq!(decide(1, Parity::Even), Ok(NigiriRole::Grabber));
    }

    #[test]
    fn a_grab_holds_one_to_a_bowl_of_stones() {
        assert_eq!(decide(0, Parity::Odd), Err(NigiriError::EmptyGrab));
        assert_eq!(decide(182, Parity::Odd), Err(NigiriError::TooMany(182)));
        assert!(decide(MAX_GRAB, Parity::Odd).is_ok());
        assert_eq!(commit(0, &NONCE), Err(NigiriError::EmptyGrab));
    }

    #[test]
    fn commitment_layout_is_tag_count_nonce() {
        let mut message = Vec::new();
        message.extend_from_slice(b"kaisho-nigiri-v1");
        message.extend_from_slice(&[0x00, 0x11]);
        message.extend_from_slice(&NONCE);
        assert_eq!(message.len(), 50);
        let expected: [u8; 32] = Sha256::digest(&message).into();
        assert_eq!(commit(17, &NONCE).unwrap(), Commitment(expected));
    }

    #[test]
    fn commitment_is_a_known_vector() {
        // SHA-256("kaisho-nigiri-v1" ‖ 00 11 ‖ 32 × 07), fixed so the
        // networked form cannot drift between versions.
        assert_eq!(
            commit(17, &NONCE).unwrap().to_string(),
            "978de55cec119bec51300434d27aec51588647b097d85bb758904dd361cc2fc2",
        );
    }

    #[test]
    fn an_honest_reveal_decides_like_a_local_nigiri() {
        let c = commit(17, &NONCE).unwrap();
        assert_eq!(reveal(&c, 17, &NONCE, Parity::Odd), Ok(NigiriRole::Caller));
        assert_eq!(
            reveal(&c, 17, &NONCE, Parity::Even),
            Ok(NigiriRole::Grabber)
        );
    }

    #[test]
    fn a_changed_count_or_nonce_is_caught() {
        let c = commit(17, &NONCE).unwrap();
        assert_eq!(
            reveal(&c, 18, &NONCE, Parity::Odd),
            Err(NigiriError::RevealMismatch)
        );
        let mut other = NONCE;
        other[31] ^= 1;
        assert_eq!(
            reveal(&c, 17, &other, Parity::Even),
            Err(NigiriError::RevealMismatch)
        );
    }

    #[test]
    fn parity_names() {
        assert_eq!(Parity::parse("奇数先"), Some(Parity::Odd));
        assert_eq!(Parity::parse("EVEN"), Some(Parity::Even));
        assert_eq!(Parity::parse("three"), None);
        assert_eq!(Parity::of(4).japanese(), "偶数先");
    }
}
