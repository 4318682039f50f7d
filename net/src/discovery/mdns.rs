//! Discovery over multicast DNS through the `mdns-sd` responder, which
//! runs in a thread of its own. The responder is started only when a
//! [`MdnsDiscovery`] is made, and can be kept to one interface (tests run
//! it on `lo` inside a network namespace of their own). A browse also
//! overhears the group (`overhear`), so each game is counted against the
//! address its packets come from; where the group cannot be overheard,
//! against the address it claims.

use super::announcement::{Announcement, Txt};
use super::found::{Attribution, FoundGame, Sighting};
use super::{Browse, Discovery, DiscoveryError, SERVICE_TYPE, overhear};
use mdns_sd::{IfKind, ResolvedService, ServiceDaemon, ServiceEvent, ServiceInfo};
use std::time::Duration;

/// How long withdrawing waits for the responder to say goodbye.
const GOODBYE: Duration = Duration::from_secs(2);
/// How often a browsing thread checks that its reader is still there.
const POLL: Duration = Duration::from_millis(200);

/// Where the responder announces and listens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Interfaces {
    /// Every interface the system has (a real local network).
    All,
    /// Only the interface of this name.
    Only(String),
}

/// Discovery over multicast DNS.
pub struct MdnsDiscovery {
    daemon: ServiceDaemon,
    interfaces: Interfaces,
    instance: String,
    /// The full name of the announcement standing now.
    announced: Option<String>,
}

fn failed(e: impl std::fmt::Display) -> DiscoveryError {
    DiscoveryError::Mdns(e.to_string())
}

impl MdnsDiscovery {
    /// Starts the responder on `interfaces`.
    pub fn new(interfaces: &Interfaces) -> Result<MdnsDiscovery, DiscoveryError> {
        let daemon = ServiceDaemon::new().map_err(failed)?;
        if let Interfaces::Only(name) = interfaces {
            daemon.disable_interface(IfKind::All).map_err(failed)?;
            daemon
                .enable_interface(IfKind::Name(name.clone()))
                .map_err(failed)?;
        }
        let mut tag = [0u8; 4];
        getrandom::getrandom(&mut tag).map_err(failed)?;
        let tag = u32::from_be_bytes(tag);
        Ok(MdnsDiscovery {
            daemon,
            interfaces: interfaces.clone(),
            instance: format!("kaisho-{tag:08x}"),
            announced: None,
        })
    }
}

impl Discovery for MdnsDiscovery {
    fn announce(&mut self, game: &Announcement) -> Result<(), DiscoveryError> {
        let host = format!("{}.local.", self.instance);
        let txt = game.to_txt();
        let info = ServiceInfo::new(SERVICE_TYPE, &self.instance, &host, "", game.port, &txt[..])
            .map_err(failed)?
            .enable_addr_auto();
        let fullname = info.get_fullname().to_string();
        self.daemon.register(info).map_err(failed)?;
        self.announced = Some(fullname);
        Ok(())
    }

    fn withdraw(&mut self) -> Result<(), DiscoveryError> {
        let Some(fullname) = self.announced.take() else {
            return Ok(());
        };
        let said = self.daemon.unregister(&fullname).map_err(failed)?;
        said.recv_timeout(GOODBYE).map_err(failed)?;
        Ok(())
    }

    fn browse(&mut self) -> Result<Browse, DiscoveryError> {
        // Listening before the first query, so its answers are overheard.
        let ears = overhear::open(&self.interfaces);
        let by = match ears.is_empty() {
            true => Attribution::Claims,
            false => Attribution::Senders,
        };
        let (tx, browse) = Browse::channel(by);
        overhear::start(ears, &tx).map_err(failed)?;
        let events = self.daemon.browse(SERVICE_TYPE).map_err(failed)?;
        let daemon = self.daemon.clone();
        std::thread::Builder::new()
            .name("kaisho-browse".into())
            .spawn(move || {
                while !tx.is_closed() {
                    match events.recv_timeout(POLL) {
                        Ok(event) => {
                            if let Some(sighting) = sighting(event)
                                && tx.blocking_send(sighting).is_err()
                            {
                                break;
                            }
                        }
                        Err(mdns_sd::RecvTimeoutError::Timeout) => {}
                        Err(mdns_sd::RecvTimeoutError::Disconnected) => break,
                    }
                }
                let _ = daemon.stop_browse(SERVICE_TYPE);
            })
            .map_err(failed)?;
        Ok(browse)
    }
}

/// What an event of the responder says about a game, if anything.
fn sighting(event: ServiceEvent) -> Option<Sighting> {
    match event {
        ServiceEvent::ServiceResolved(resolved) => Some(resolved_sighting(&resolved)),
        ServiceEvent::ServiceRemoved(_, fullname) => Some(Sighting::Gone(instance_of(&fullname))),
        _ => None,
    }
}

fn resolved_sighting(resolved: &ResolvedService) -> Sighting {
    let instance = instance_of(&resolved.fullname);
    let txt = Txt::collect(
        resolved
            .txt_properties
            .iter()
            .map(|p| (p.key(), p.val().unwrap_or_default())),
    );
    let addresses = resolved.addresses.iter().map(|a| a.to_ip_addr()).collect();
    let read = Announcement::from_txt(&txt, resolved.port)
        .map(|game| FoundGame::new(&instance, game, addresses));
    Sighting::Seen(instance, read)
}

/// The instance part of a service's full name.
fn instance_of(fullname: &str) -> String {
    let suffix = format!(".{SERVICE_TYPE}");
    fullname
        .strip_suffix(&suffix)
        .unwrap_or(fullname)
        .to_string()
}

impl Drop for MdnsDiscovery {
    fn drop(&mut self) {
        let _ = self.withdraw();
        let _ = self.daemon.shutdown();
    }
}
