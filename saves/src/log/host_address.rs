//! The address a joined network game's host was dialled at, kept in a small
//! file beside the game's log (`<id>.host`, the address as text) so that
//! rejoining an adjourned game can offer it. The log's format is untouched:
//! older logs have no such file and load as before.

use super::store::GameStore;
use crate::atomic::{Access, write_atomically};
use crate::bounded::read_regular;
use std::io;
use std::net::SocketAddr;
use std::path::PathBuf;

/// The extension of the file holding a game's host address.
const HOST_EXTENSION: &str = "host";
/// The most a host file is read: an IPv6 address with scope and port fits
/// many times over.
const HOST_FILE_CAP: u64 = 128;

impl GameStore {
    fn host_path(&self, id: &str) -> PathBuf {
        self.dir().join(format!("{id}.{HOST_EXTENSION}"))
    }

    /// Records that game `id` was joined at `addr`, replacing any address
    /// recorded before.
    pub fn remember_host(&self, id: &str, addr: SocketAddr) -> io::Result<()> {
        write_atomically(
            &self.host_path(id),
            format!("{addr}\n").as_bytes(),
            Access::Normal,
        )
    }

    /// The address game `id` was joined at, if one was recorded and still
    /// reads as an address; anything else offers none.
    #[must_use]
    pub fn host_of(&self, id: &str) -> Option<SocketAddr> {
        let bytes = read_regular(&self.host_path(id), HOST_FILE_CAP).ok()?;
        std::str::from_utf8(&bytes).ok()?.trim().parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_address_is_kept_beside_the_log() {
        let dir = tempfile::tempdir().unwrap();
        let store = GameStore::new(dir.path());
        assert_eq!(store.host_of("g1"), None, "no address recorded");
        let addr: SocketAddr = "192.168.1.20:7878".parse().unwrap();
        store.remember_host("g1", addr).unwrap();
        assert_eq!(store.host_of("g1"), Some(addr));
        assert_eq!(
            std::fs::read(dir.path().join("g1.host")).unwrap(),
            b"192.168.1.20:7878\n"
        );
        assert_eq!(store.host_of("g2"), None);
    }

    #[test]
    fn a_damaged_host_file_offers_no_address() {
        let dir = tempfile::tempdir().unwrap();
        let store = GameStore::new(dir.path());
        std::fs::write(dir.path().join("g1.host"), b"not an address").unwrap();
        assert_eq!(store.host_of("g1"), None);
        std::fs::write(dir.path().join("g1.host"), vec![b'1'; 4096]).unwrap();
        assert_eq!(store.host_of("g1"), None);
    }
}
