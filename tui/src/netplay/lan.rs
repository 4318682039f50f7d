//! The address a join code shows. A host listening on every interface
//! names an IPv4 address of this machine that a club partner on the same
//! network can dial: a private one when there is one, else any other
//! non-loopback one, else the loopback.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

/// The address to read out for a host listening on `local`.
#[must_use]
pub fn shown(local: SocketAddr) -> SocketAddr {
    if !local.ip().is_unspecified() {
        return local;
    }
    let lan = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| !i.is_loopback())
        .filter_map(|i| match i.ip() {
            IpAddr::V4(v4) if !v4.is_link_local() => Some(v4),
            _ => None,
        })
        .min_by_key(|v4| (!v4.is_private(), *v4))
        .map(IpAddr::V4);
    SocketAddr::new(lan.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)), local.port())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_address_is_shown_as_it_is() {
        let bound: SocketAddr = "127.0.0.1:7878".parse().expect("an address");
        assert_eq!(shown(bound), bound);
    }

    #[test]
    fn every_interface_shows_a_dialable_address_with_the_port() {
        let any: SocketAddr = "0.0.0.0:7878".parse().expect("an address");
        let addr = shown(any);
        assert_eq!(addr.port(), 7878);
        assert!(!addr.ip().is_unspecified());
        assert!(addr.is_ipv4());
    }
}
