//! The relay of a game across the internet, as a member names it: `none`
//! (direct paths only: a failed dial says a relay would help), `n0` (n0's
//! public relays, which see who talks to whom but nothing of the game), or
//! the URL of the club's own `iroh-relay`.

use crate::errors::NetplayError;
use kaisho_net::internet::Reach;
use std::net::{IpAddr, SocketAddr};

/// The relays and bind address of an internet endpoint: `relay` as
/// above, `bind` the interface to listen on (every one when unspecified).
pub fn reach(relay: &str, bind: IpAddr) -> Result<Reach, NetplayError> {
    let relays = match relay.trim() {
        "none" => kaisho_net::internet::RelayMode::Disabled,
        "n0" => kaisho_net::internet::RelayMode::Default,
        url => {
            let url: kaisho_net::internet::RelayUrl = url
                .parse()
                .map_err(|_| NetplayError::BadRelay(url.to_string()))?;
            kaisho_net::internet::RelayMode::Custom(url.into())
        }
    };
    let bind = (!bind.is_unspecified()).then(|| SocketAddr::new(bind, 0));
    Ok(Reach::new(relays, bind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_is_none_n0_or_a_url() {
        let any: IpAddr = "0.0.0.0".parse().unwrap();
        assert!(matches!(
            reach("none", any).unwrap().relays,
            kaisho_net::internet::RelayMode::Disabled
        ));
        assert!(matches!(
            reach("n0", any).unwrap().relays,
            kaisho_net::internet::RelayMode::Default
        ));
        let club = reach("https://relay.club.example", any).unwrap();
        assert!(matches!(
            club.relays,
            kaisho_net::internet::RelayMode::Custom(_)
        ));
        assert!(club.bind.is_none());
        let here = reach("none", "127.0.0.1".parse().unwrap()).unwrap();
        assert_eq!(here.bind, Some("127.0.0.1:0".parse().unwrap()));
        let e = reach("relay club", any).expect_err("not a URL");
        assert!(matches!(e, NetplayError::BadRelay(_)), "{e}");
    }
}
