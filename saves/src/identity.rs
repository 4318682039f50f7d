//! This installation's identity: a key pair and a self-signed certificate,
//! made on first run and kept in one owner-only file. Peers know each other
//! by the certificate's SHA-256 fingerprint, never by display name.

use crate::atomic::{Access, write_atomically};
use crate::codec;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::path::{Path, PathBuf};

/// The SHA-256 of a certificate's DER bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fingerprint(pub [u8; 32]);

impl Fingerprint {
    /// The fingerprint of a DER certificate.
    #[must_use]
    pub fn of(cert_der: &[u8]) -> Fingerprint {
        Fingerprint(Sha256::digest(cert_der).into())
    }

    /// The full fingerprint in base32, in groups of four letters, e.g.
    /// `MZXW-6YTB-…`: easy to read aloud and compare by eye.
    #[must_use]
    pub fn grouped(&self) -> String {
        let text = data_encoding::BASE32_NOPAD.encode(&self.0);
        text.as_bytes()
            .chunks(4)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join("-")
    }

    /// The first four groups, for screens where space is short.
    #[must_use]
    pub fn short(&self) -> String {
        self.grouped()
            .split('-')
            .take(4)
            .collect::<Vec<_>>()
            .join("-")
    }

    /// Reads a fingerprint written by [`Fingerprint::grouped`] (dashes optional).
    #[must_use]
    pub fn parse(text: &str) -> Option<Fingerprint> {
        let compact: String = text.chars().filter(|c| *c != '-').collect();
        let bytes = data_encoding::BASE32_NOPAD
            .decode(compact.to_ascii_uppercase().as_bytes())
            .ok()?;
        Some(Fingerprint(bytes.try_into().ok()?))
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.grouped())
    }
}

impl fmt::Debug for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fingerprint({})", self.short())
    }
}

/// The key pair and certificate this installation presents to peers.
#[derive(Clone, PartialEq, Eq)]
pub struct Identity {
    /// The self-signed certificate, DER.
    pub cert_der: Vec<u8>,
    /// The private key, PKCS#8 DER.
    pub key_der: Vec<u8>,
}

impl fmt::Debug for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Identity")
            .field("fingerprint", &self.fingerprint())
            .finish_non_exhaustive()
    }
}

impl Identity {
    #[must_use]
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint::of(&self.cert_der)
    }
}

/// The identity file, format version 1.
#[derive(Serialize, Deserialize)]
struct IdentityFileV1 {
    version: u16,
    cert_der: Vec<u8>,
    key_der: Vec<u8>,
}

/// An identity that could not be read or made.
#[derive(Debug)]
pub struct IdentityError {
    pub path: PathBuf,
    pub message: String,
}

impl fmt::Display for IdentityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "identity file {}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for IdentityError {}

/// Loads the identity at `path`, or makes and saves one if there is none.
/// A damaged file is reported and kept: a new identity would make every
/// known peer refuse this installation.
pub fn load_or_create(path: &Path) -> Result<Identity, IdentityError> {
    let err = |message: String| IdentityError {
        path: path.to_path_buf(),
        message,
    };
    match std::fs::read(path) {
        Ok(bytes) => {
            let file: IdentityFileV1 = codec::decode(&bytes).map_err(|e| {
                err(format!(
                    "{e}; the file was left as it is — restore it from a backup, or move it aside to make a new identity (known peers will then see a new fingerprint)"
                ))
            })?;
            if file.version != 1 {
                return Err(err(format!(
                    "format {} is not known to this kaisho",
                    file.version
                )));
            }
            Ok(Identity {
                cert_der: file.cert_der,
                key_der: file.key_der,
            })
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let made = rcgen::generate_simple_self_signed(vec!["kaisho".to_string()])
                .map_err(|e| err(format!("could not make a key pair: {e}")))?;
            let identity = Identity {
                cert_der: made.cert.der().to_vec(),
                key_der: made.signing_key.serialize_der(),
            };
            let file = IdentityFileV1 {
                version: 1,
                cert_der: identity.cert_der.clone(),
                key_der: identity.key_der.clone(),
            };
            let bytes = codec::encode(&file).map_err(|e| err(e.to_string()))?;
            write_atomically(path, &bytes, Access::OwnerOnly)
                .map_err(|e| err(format!("could not be written: {e}")))?;
            Ok(identity)
        }
        Err(e) => Err(err(format!("could not be read: {e}"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_once_then_loaded_with_the_same_fingerprint() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("identity");
        let first = load_or_create(&path).unwrap();
        let again = load_or_create(&path).unwrap();
        assert_eq!(first, again);
        assert_eq!(first.fingerprint(), Fingerprint::of(&again.cert_der));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
    }

    #[test]
    fn a_damaged_identity_is_reported_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("identity");
        std::fs::write(&path, b"garbage").unwrap();
        let e = load_or_create(&path).unwrap_err();
        assert!(e.to_string().contains("left as it is"), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), b"garbage");
    }

    #[test]
    fn fingerprints_read_back_from_their_groups() {
        let fp = Fingerprint::of(b"certificate");
        let text = fp.grouped();
        assert_eq!(text.len(), 52 + 12);
        assert_eq!(Fingerprint::parse(&text), Some(fp));
        assert_eq!(
            Fingerprint::parse(&text.to_lowercase().replace('-', "")),
            Some(fp)
        );
        assert_eq!(Fingerprint::parse("ABCD"), None);
        assert_eq!(fp.short().len(), 19);
    }
}
