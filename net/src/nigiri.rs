//! Nigiri over the network by commit and reveal (1949 Art. 14.2): the
//! grabber commits to a count of stones with a hash over the count and a
//! 256-bit nonce before the other player calls odd or even, then opens the
//! commitment. The caller cannot see the count before calling, and the
//! grabber cannot change it after the call.

use sha2::{Digest, Sha256};

/// The commitment to `count` stones under `nonce`.
#[must_use]
pub fn commit(count: u16, nonce: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"kaisho/1 nigiri");
    h.update(count.to_be_bytes());
    h.update(nonce);
    h.finalize().into()
}

/// Whether a reveal opens the commitment; a grab holds at least one stone.
#[must_use]
pub fn verify(digest: &[u8; 32], count: u16, nonce: &[u8; 32]) -> bool {
    count > 0 && commit(count, nonce) == *digest
}

/// Whether the caller takes Black: a right call does.
#[must_use]
pub fn caller_takes_black(count: u16, called_odd: bool) -> bool {
    (count % 2 == 1) == called_odd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reveal_opens_only_its_own_commitment() {
        let nonce = [7u8; 32];
        let d = commit(13, &nonce);
        assert!(verify(&d, 13, &nonce));
        assert!(!verify(&d, 14, &nonce));
        assert!(!verify(&d, 13, &[8u8; 32]));
        assert!(!verify(&commit(0, &nonce), 0, &nonce));
    }

    #[test]
    fn a_right_call_takes_black() {
        assert!(caller_takes_black(13, true));
        assert!(!caller_takes_black(13, false));
        assert!(caller_takes_black(12, false));
    }
}
