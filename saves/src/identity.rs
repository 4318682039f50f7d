//! This installation's identity: a key pair and a self-signed certificate,
//! made on first run and kept in one owner-only file. Peers know each other
//! by the certificate's SHA-256 fingerprint, never by display name.

use crate::atomic::{Access, write_atomically};
use crate::bounded::read_regular;
use crate::codec;
use crate::limits::MAX_IDENTITY_BYTES;
use rcgen::PublicKeyData;
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

/// The identity file, format version 1: no checksum; still read.
#[derive(Serialize, Deserialize)]
struct IdentityFileV1 {
    version: u16,
    cert_der: Vec<u8>,
    key_der: Vec<u8>,
}

/// The identity file, format version 2: version 1 with a checksum over
/// both, so a damaged file is told from a good one.
#[derive(Serialize, Deserialize)]
struct IdentityFileV2 {
    version: u16,
    cert_der: Vec<u8>,
    key_der: Vec<u8>,
    checksum: [u8; 32],
}

/// The checksum version 2 keeps: SHA-256 over a label and both parts,
/// each with its length.
fn checksum(cert_der: &[u8], key_der: &[u8]) -> [u8; 32] {
    Sha256::new()
        .chain_update(b"kaisho identity v2")
        .chain_update((cert_der.len() as u64).to_be_bytes())
        .chain_update(cert_der)
        .chain_update((key_der.len() as u64).to_be_bytes())
        .chain_update(key_der)
        .finalize()
        .into()
}

/// What the player reads about a damaged identity file.
const DAMAGED: &str = "the file was left as it is and no new identity was made: restore it from a backup, or move it aside to make a new identity (known peers and saved network games will then see a new fingerprint and refuse to resume)";

/// Reads an identity file's bytes: its format, its checksum, and that its
/// key is the one its certificate was made for.
fn read_identity(bytes: &[u8]) -> Result<Identity, String> {
    let (version, identity, sum) = match codec::decode::<IdentityFileV2>(bytes) {
        Ok(f) => (f.version, (f.cert_der, f.key_der), Some(f.checksum)),
        Err(e) => match codec::decode::<IdentityFileV1>(bytes) {
            Ok(f) => (f.version, (f.cert_der, f.key_der), None),
            Err(_) => return Err(format!("it cannot be read ({e})")),
        },
    };
    let (cert_der, key_der) = identity;
    match (version, sum) {
        (1, None) => {}
        (2, Some(sum)) if sum == checksum(&cert_der, &key_der) => {}
        (2, Some(_)) => return Err("its checksum does not match: the file is damaged".into()),
        (other, _) => return Err(format!("format {other} is not known to this kaisho")),
    }
    let identity = Identity { cert_der, key_der };
    check_pair(&identity)?;
    Ok(identity)
}

/// Writes `identity` to `path` in format 2, atomically and owner-only.
fn write_identity(path: &Path, identity: &Identity) -> Result<(), String> {
    let file = IdentityFileV2 {
        version: 2,
        cert_der: identity.cert_der.clone(),
        key_der: identity.key_der.clone(),
        checksum: checksum(&identity.cert_der, &identity.key_der),
    };
    let bytes = codec::encode(&file).map_err(|e| e.to_string())?;
    write_atomically(path, &bytes, Access::OwnerOnly)
        .map_err(|e| format!("could not be written: {e}"))
}

/// Checks that the private key is the one the certificate names (its
/// public key must be the certificate's) and that the certificate is
/// intact: signed by that key with ECDSA P-256 and SHA-256, as kaisho makes
/// them. So even a file of format 1, without a checksum, cannot load as
/// another certificate.
fn check_pair(identity: &Identity) -> Result<(), String> {
    let key = rcgen::KeyPair::try_from(identity.key_der.as_slice())
        .map_err(|e| format!("its private key cannot be read ({e})"))?;
    let public = key.subject_public_key_info();
    if !identity
        .cert_der
        .windows(public.len())
        .any(|w| w == public.as_slice())
    {
        return Err("its private key does not belong to its certificate".into());
    }
    let damaged = || "its certificate is damaged".to_string();
    let (tbs, algorithm, signature) = certificate_parts(&identity.cert_der).ok_or_else(damaged)?;
    let signature = match signature {
        [0, rest @ ..] if algorithm == ECDSA_WITH_SHA256 => rest,
        _ => return Err(damaged()),
    };
    ring::signature::UnparsedPublicKey::new(
        &ring::signature::ECDSA_P256_SHA256_ASN1,
        key.public_key_raw(),
    )
    .verify(tbs, signature)
    .map_err(|_| damaged())
}

/// The DER of the AlgorithmIdentifier ecdsa-with-SHA256.
const ECDSA_WITH_SHA256: &[u8] = &[
    0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02,
];

/// A certificate's signed part (with its tag and length), its signature
/// algorithm (likewise) and the content of its signature bit string; `None`
/// unless the DER is exactly those three in one sequence.
fn certificate_parts(der: &[u8]) -> Option<(&[u8], &[u8], &[u8])> {
    let (outer, rest) = der_element(der)?;
    if !rest.is_empty() || outer.first() != Some(&0x30) {
        return None;
    }
    let body = &outer[header_len(outer)?..];
    let (tbs, body) = der_element(body)?;
    let (algorithm, body) = der_element(body)?;
    let (bits, body) = der_element(body)?;
    if !body.is_empty() || tbs.first() != Some(&0x30) || bits.first() != Some(&0x03) {
        return None;
    }
    Some((tbs, algorithm, &bits[header_len(bits)?..]))
}

/// The length of a DER element's tag and length bytes.
fn header_len(der: &[u8]) -> Option<usize> {
    match *der.get(1)? {
        n if n < 0x80 => Some(2),
        n => Some(2 + usize::from(n & 0x7f)),
    }
}

/// The first DER element of `der` (tag, length and content) and what
/// follows it; lengths up to four bytes.
fn der_element(der: &[u8]) -> Option<(&[u8], &[u8])> {
    let first = *der.get(1)?;
    let (start, len) = if first < 0x80 {
        (2, usize::from(first))
    } else {
        let n = usize::from(first & 0x7f);
        if n == 0 || n > 4 {
            return None;
        }
        let bytes = der.get(2..2 + n)?;
        (
            2 + n,
            bytes.iter().fold(0usize, |a, b| (a << 8) | usize::from(*b)),
        )
    };
    let end = start.checked_add(len)?;
    (end <= der.len()).then(|| der.split_at(end))
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
/// A damaged file is reported and kept, never replaced: a new identity
/// would make every known peer and every saved network game refuse this
/// installation.
pub fn load_or_create(path: &Path) -> Result<Identity, IdentityError> {
    let err = |message: String| IdentityError {
        path: path.to_path_buf(),
        message,
    };
    match read_regular(path, MAX_IDENTITY_BYTES) {
        Ok(bytes) => read_identity(&bytes).map_err(|why| err(format!("{why}; {DAMAGED}"))),
        Err(refused) if refused.is_missing() => {
            let made = rcgen::generate_simple_self_signed(vec!["kaisho".to_string()])
                .map_err(|e| err(format!("could not make a key pair: {e}")))?;
            let identity = Identity {
                cert_der: made.cert.der().to_vec(),
                key_der: made.signing_key.serialize_der(),
            };
            write_identity(path, &identity).map_err(err)?;
            Ok(identity)
        }
        Err(refused) => Err(err(format!("could not be read: {refused}; {DAMAGED}"))),
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
    fn every_flipped_byte_loads_the_same_identity_or_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("identity");
        let good = load_or_create(&path).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let mut refused = 0;
        for i in 0..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[i] ^= 0xFF;
            std::fs::write(&path, &flipped).unwrap();
            match load_or_create(&path) {
                Ok(loaded) => assert_eq!(loaded, good, "byte {i}"),
                Err(e) => {
                    refused += 1;
                    let text = e.to_string();
                    assert!(text.contains(&path.display().to_string()), "{text}");
                    assert!(text.contains("no new identity was made"), "{text}");
                    assert_eq!(std::fs::read(&path).unwrap(), flipped, "byte {i}");
                }
            }
        }
        assert_eq!(refused, bytes.len());
    }

    #[test]
    fn a_key_from_another_identity_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = load_or_create(&dir.path().join("a")).unwrap();
        let b = load_or_create(&dir.path().join("b")).unwrap();
        let mixed = IdentityFileV2 {
            version: 2,
            checksum: checksum(&a.cert_der, &b.key_der),
            cert_der: a.cert_der,
            key_der: b.key_der,
        };
        let path = dir.path().join("mixed");
        std::fs::write(&path, codec::encode(&mixed).unwrap()).unwrap();
        let e = load_or_create(&path).unwrap_err().to_string();
        assert!(e.contains("does not belong to its certificate"), "{e}");
    }

    /// An identity made in `dir/new`, and its bytes in format 1.
    fn made_as_version_1(dir: &Path) -> (Identity, Vec<u8>) {
        let made = load_or_create(&dir.join("new")).unwrap();
        let old = IdentityFileV1 {
            version: 1,
            cert_der: made.cert_der.clone(),
            key_der: made.key_der.clone(),
        };
        (made, codec::encode(&old).unwrap())
    }

    #[test]
    fn every_flipped_byte_of_a_version_1_file_loads_the_same_identity_or_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let (made, bytes) = made_as_version_1(dir.path());
        for i in 0..bytes.len() {
            let mut flipped = bytes.clone();
            flipped[i] ^= 0xFF;
            if let Ok(loaded) = read_identity(&flipped) {
                assert_eq!(loaded, made, "byte {i}");
            }
        }
    }

    #[test]
    fn a_version_1_file_is_still_read() {
        let dir = tempfile::tempdir().unwrap();
        let (made, bytes) = made_as_version_1(dir.path());
        let path = dir.path().join("old");
        std::fs::write(&path, bytes).unwrap();
        assert_eq!(load_or_create(&path).unwrap(), made);
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

    #[cfg(unix)]
    #[test]
    fn an_identity_file_that_never_ends_is_refused_at_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("identity.key");
        crate::bounded::hostile::each_kind(&path, |kind, path| {
            let before = path.symlink_metadata().unwrap().file_type();
            let e = load_or_create(&path).expect_err(kind);
            assert!(
                e.message.starts_with("could not be read: it is"),
                "{kind}: {e}"
            );
            assert!(
                e.message.contains("no new identity was made"),
                "{kind}: {e}"
            );
            assert_eq!(
                path.symlink_metadata().unwrap().file_type(),
                before,
                "{kind}"
            );
        });
    }
}
