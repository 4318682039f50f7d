//! The relay of a game across the internet, as a member names it: `none`
//! (direct paths only: a failed dial says a relay would help), `n0` (n0's
//! public relays, which see who talks to whom but nothing of the game), or
//! the URL of the club's own `iroh-relay`, with the club's token when its
//! relay asks for one.

use crate::errors::NetplayError;
use kaisho_net::internet::Reach;
use std::net::{IpAddr, SocketAddr};

/// The relays and bind address of an internet endpoint: `relay` as
/// above with its `token`, `bind` the interface to listen on (every one
/// when unspecified).
pub fn reach(relay: &str, token: Option<&str>, bind: IpAddr) -> Result<Reach, NetplayError> {
    let relays = match relay.trim() {
        "none" => kaisho_net::internet::RelayMode::Disabled,
        "n0" => kaisho_net::internet::RelayMode::Default,
        url => {
            let url: kaisho_net::internet::RelayUrl = url
                .parse()
                .map_err(|_| NetplayError::BadRelay(url.to_string()))?;
            let config = kaisho_net::internet::RelayConfig::from(url);
            let config = match token {
                Some(token) => config.with_auth_token(token),
                None => config,
            };
            kaisho_net::internet::RelayMode::Custom(config.into())
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
            reach("none", None, any).unwrap().relays,
            kaisho_net::internet::RelayMode::Disabled
        ));
        assert!(matches!(
            reach("n0", None, any).unwrap().relays,
            kaisho_net::internet::RelayMode::Default
        ));
        let club = reach("https://relay.club.example", Some("club-token"), any).unwrap();
        assert!(matches!(
            club.relays,
            kaisho_net::internet::RelayMode::Custom(_)
        ));
        assert!(club.bind.is_none());
        let kaisho_net::internet::RelayMode::Custom(map) = &club.relays else {
            unreachable!()
        };
        let relays: Vec<std::sync::Arc<kaisho_net::internet::RelayConfig>> = map.relays();
        let tokens: Vec<Option<String>> = relays.iter().map(|c| c.auth_token.clone()).collect();
        assert_eq!(tokens, [Some("club-token".to_string())]);
        let here = reach("none", None, "127.0.0.1".parse().unwrap()).unwrap();
        assert_eq!(here.bind, Some("127.0.0.1:0".parse().unwrap()));
        let e = reach("relay club", None, any).expect_err("not a URL");
        assert!(matches!(e, NetplayError::BadRelay(_)), "{e}");
    }
}
