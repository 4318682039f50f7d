//! Discovery over multicast DNS for the front end and the command line,
//! with the responder started only when something is first announced or
//! looked for: a session that never hosts or joins sends nothing.

use kaisho_net::discovery::{
    Announcement, Browse, Discovery, DiscoveryError, Interfaces, MdnsDiscovery,
};

/// Multicast DNS on every interface, started on first use: what the
/// screen and plain mode announce and look through.
#[must_use]
pub fn on_the_lan() -> Box<dyn Discovery> {
    Box::new(LanDiscovery::new(Interfaces::All))
}

/// Multicast DNS on `interfaces`, started on first use.
pub struct LanDiscovery {
    interfaces: Interfaces,
    mdns: Option<MdnsDiscovery>,
}

impl LanDiscovery {
    /// Discovery on `interfaces`, not started yet.
    #[must_use]
    pub fn new(interfaces: Interfaces) -> LanDiscovery {
        LanDiscovery {
            interfaces,
            mdns: None,
        }
    }

    fn started(&mut self) -> Result<&mut MdnsDiscovery, DiscoveryError> {
        if self.mdns.is_none() {
            self.mdns = Some(MdnsDiscovery::new(&self.interfaces)?);
        }
        self.mdns
            .as_mut()
            .ok_or_else(|| DiscoveryError::Mdns("the responder did not start".into()))
    }
}

impl Discovery for LanDiscovery {
    fn announce(&mut self, game: &Announcement) -> Result<(), DiscoveryError> {
        self.started()?.announce(game)
    }

    fn withdraw(&mut self) -> Result<(), DiscoveryError> {
        match &mut self.mdns {
            Some(mdns) => mdns.withdraw(),
            None => Ok(()),
        }
    }

    fn browse(&mut self) -> Result<Browse, DiscoveryError> {
        self.started()?.browse()
    }
}
