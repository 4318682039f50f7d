//! Join codes, short enough to read aloud across a club room:
//! `192.168.1.20:7878 tide-4821-oak`. The address says where to dial; the
//! secret (two words and four digits, about 25 bits) is the password of the
//! key exchange, so a guesser gets three tries at one in 40 million.

use crate::error::NetError;
use std::fmt;
use std::net::SocketAddr;

/// Short, distinct, easy-to-say words; the index is six bits.
const WORDS: [&str; 64] = [
    "ash", "bay", "bell", "birch", "boat", "brook", "cedar", "cliff", "cloud", "crane", "dawn",
    "deer", "dune", "elm", "fern", "field", "finch", "flint", "fox", "frost", "glade", "hare",
    "hawk", "hill", "iris", "ivy", "jade", "kite", "lake", "lark", "leaf", "lily", "maple",
    "marsh", "mist", "moon", "moss", "oak", "owl", "peak", "pine", "plum", "pond", "rain", "reed",
    "ridge", "river", "rock", "rose", "sage", "sand", "seal", "snow", "star", "stone", "sun",
    "swan", "thorn", "tide", "vale", "wave", "willow", "wind", "wren",
];

/// The one-time secret of a join code, e.g. `tide-4821-oak`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// A secret from 32 random bits the caller drew.
    #[must_use]
    pub fn from_random(bits: u32) -> Secret {
        let first = WORDS[(bits & 63) as usize];
        let second = WORDS[((bits >> 6) & 63) as usize];
        let digits = (bits >> 12) % 10_000;
        Secret(format!("{first}-{digits:04}-{second}"))
    }

    /// A secret from the operating system's randomness.
    pub fn generate() -> Result<Secret, NetError> {
        let mut bytes = [0u8; 4];
        getrandom::getrandom(&mut bytes)
            .map_err(|e| NetError::Setup(format!("no randomness for a join code: {e}")))?;
        Ok(Secret::from_random(u32::from_le_bytes(bytes)))
    }

    /// Reads a secret as typed: any case, with dashes or spaces between
    /// the parts.
    pub fn parse(text: &str) -> Result<Secret, NetError> {
        let lower = text.trim().to_lowercase();
        let parts: Vec<&str> = lower
            .split(|c: char| c == '-' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        let [first, digits, second] = parts[..] else {
            return Err(NetError::BadCode(format!(
                "'{text}' should be a word, four digits and a word, like tide-4821-oak"
            )));
        };
        for word in [first, second] {
            if !WORDS.contains(&word) {
                return Err(NetError::BadCode(format!(
                    "'{word}' is not one of the code words; check the spelling with the host"
                )));
            }
        }
        if digits.len() != 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NetError::BadCode(format!(
                "'{digits}' should be four digits"
            )));
        }
        Ok(Secret(format!("{first}-{digits}-{second}")))
    }

    /// The bytes the key exchange uses as its password.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// A whole join code: where the host listens, and the secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JoinCode {
    pub addr: SocketAddr,
    pub secret: Secret,
}

impl JoinCode {
    /// Reads `192.168.1.20:7878 tide-4821-oak` (or `[::1]:7878 …`).
    pub fn parse(text: &str) -> Result<JoinCode, NetError> {
        let text = text.trim();
        let (addr, secret) = text.split_once(char::is_whitespace).ok_or_else(|| {
            NetError::BadCode(format!(
                "'{text}' should be an address and a code, like 192.168.1.20:7878 tide-4821-oak"
            ))
        })?;
        let addr = addr.parse().map_err(|_| {
            NetError::BadCode(format!(
                "'{addr}' is not an address with a port, like 192.168.1.20:7878"
            ))
        })?;
        Ok(JoinCode {
            addr,
            secret: Secret::parse(secret)?,
        })
    }
}

impl fmt::Display for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.addr, self.secret)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_as_written_and_typed() {
        for bits in [0, 1, 0xdead_beef, u32::MAX] {
            let code = JoinCode {
                addr: "192.168.1.20:7878".parse().unwrap(),
                secret: Secret::from_random(bits),
            };
            assert_eq!(JoinCode::parse(&code.to_string()).unwrap(), code);
        }
        let code = JoinCode::parse("[::1]:7878  Tide 4821 OAK").unwrap();
        assert_eq!(code.to_string(), "[::1]:7878 tide-4821-oak");
    }

    #[test]
    fn bad_codes_say_what_is_wrong() {
        for (text, says) in [
            ("192.168.1.20:7878", "an address and a code"),
            ("host:7878 tide-4821-oak", "not an address"),
            ("1.2.3.4:5 tide-482-oak", "four digits"),
            ("1.2.3.4:5 tied-4821-oak", "not one of the code words"),
            ("1.2.3.4:5 tide-4821", "a word, four digits and a word"),
        ] {
            let e = JoinCode::parse(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
