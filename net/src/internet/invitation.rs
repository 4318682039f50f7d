//! The invitation a host pastes into a chat message: a ticket that says how
//! to dial the host (its public key, its relay, its direct addresses) and
//! the short code the key exchange proves, e.g.
//! `kaisho1ab…xyz tide-4821-oak`. The ticket is long and pasted, never
//! read aloud; the code alone lets no one in without the ticket's host
//! agreeing, and the ticket alone lets no one in without the code.

use crate::code::Secret;
use crate::error::NetError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::net::SocketAddr;

/// The longest invitation read: a ticket with a relay and a dozen
/// addresses is a few hundred characters.
pub const MAX_INVITATION_CHARS: usize = 2_048;

/// What every ticket starts with, the format's version included.
const PREFIX: &str = "kaisho1";

/// The most direct addresses a ticket carries.
const MAX_ADDRS: usize = 16;

/// How to dial a host across the internet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    /// The host's endpoint: its key, its relay and direct addresses.
    pub addr: iroh::EndpointAddr,
}

/// The ticket's bytes, kept apart from iroh's own types so that a ticket
/// reads the same whatever iroh version wrote it.
#[derive(Serialize, Deserialize)]
struct Record {
    key: [u8; 32],
    relays: Vec<String>,
    direct: Vec<SocketAddr>,
}

impl Ticket {
    /// The ticket's text: the prefix and the record in base32.
    #[must_use]
    pub fn text(&self) -> String {
        let mut relays = Vec::new();
        let mut direct = Vec::new();
        for a in &self.addr.addrs {
            match a {
                iroh::TransportAddr::Relay(url) => relays.push(url.to_string()),
                iroh::TransportAddr::Ip(ip) => direct.push(*ip),
                _ => {}
            }
        }
        direct.truncate(MAX_ADDRS);
        let record = Record {
            key: *self.addr.id.as_bytes(),
            relays,
            direct,
        };
        let bytes = bincode::serde::encode_to_vec(&record, bincode::config::standard())
            .expect("a ticket record always encodes");
        format!(
            "{PREFIX}{}",
            data_encoding::BASE32_NOPAD.encode(&bytes).to_lowercase()
        )
    }

    /// Drops the direct addresses, keeping the relays: the partner dials
    /// through a relay, as when the host cannot be reached from outside.
    pub fn keep_relays_only(&mut self) {
        self.addr
            .addrs
            .retain(|a| matches!(a, iroh::TransportAddr::Relay(_)));
    }

    /// Reads a ticket's text, as pasted.
    pub fn parse(text: &str) -> Result<Ticket, NetError> {
        let bad = |why: &str| {
            NetError::BadCode(format!(
                "the invitation's ticket {why}; ask the host to copy the whole invitation again"
            ))
        };
        let text = text.trim();
        let Some(body) = text.strip_prefix(PREFIX) else {
            return Err(bad("does not start with kaisho1"));
        };
        let bytes = data_encoding::BASE32_NOPAD
            .decode(body.to_uppercase().as_bytes())
            .map_err(|_| bad("is cut or has a wrong letter"))?;
        let (record, used): (Record, usize) = bincode::serde::decode_from_slice(
            &bytes,
            bincode::config::standard().with_limit::<4096>(),
        )
        .map_err(|_| bad("is cut or has a wrong letter"))?;
        if used != bytes.len() || record.direct.len() > MAX_ADDRS {
            return Err(bad("is not one kaisho writes"));
        }
        let id =
            iroh::EndpointId::from_bytes(&record.key).map_err(|_| bad("names no valid key"))?;
        let mut addrs = std::collections::BTreeSet::new();
        for url in &record.relays {
            let url = url
                .parse()
                .map_err(|_| bad("names a relay that is not a URL"))?;
            addrs.insert(iroh::TransportAddr::Relay(url));
        }
        addrs.extend(record.direct.into_iter().map(iroh::TransportAddr::Ip));
        Ok(Ticket {
            addr: iroh::EndpointAddr { id, addrs },
        })
    }
}

/// A ticket and the code its key exchange proves.
#[derive(Clone)]
pub struct Invitation {
    pub ticket: Ticket,
    pub secret: Secret,
}

impl Invitation {
    /// Reads an invitation as pasted: the ticket, then the code (its three
    /// parts with dashes or spaces), within [`MAX_INVITATION_CHARS`].
    pub fn parse(text: &str) -> Result<Invitation, NetError> {
        if text.chars().count() > MAX_INVITATION_CHARS {
            return Err(NetError::BadCode(format!(
                "an invitation is at most {MAX_INVITATION_CHARS} characters; paste only the host's invitation"
            )));
        }
        let mut words = text.split_whitespace();
        let ticket = Ticket::parse(words.next().unwrap_or_default())?;
        let code: Vec<&str> = words.collect();
        if code.is_empty() {
            return Err(NetError::BadCode(
                "the invitation has no code after its ticket, like tide-4821-oak; ask the host for it".into(),
            ));
        }
        Ok(Invitation {
            ticket,
            secret: Secret::parse(&code.join(" "))?,
        })
    }
}

impl fmt::Display for Invitation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.ticket.text(), self.secret)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticket() -> Ticket {
        let key = iroh::SecretKey::from_bytes(&[7; 32]).public();
        let mut addrs = std::collections::BTreeSet::new();
        addrs.insert(iroh::TransportAddr::Relay(
            "https://relay.example.org./".parse().unwrap(),
        ));
        addrs.insert(iroh::TransportAddr::Ip("192.0.2.4:7878".parse().unwrap()));
        Ticket {
            addr: iroh::EndpointAddr { id: key, addrs },
        }
    }

    #[test]
    fn an_invitation_reads_back_as_written() {
        let invitation = Invitation {
            ticket: ticket(),
            secret: Secret::parse("tide-4821-oak").unwrap(),
        };
        let text = invitation.to_string();
        assert!(text.starts_with("kaisho1"), "{text}");
        assert!(text.ends_with(" tide-4821-oak"), "{text}");
        let back = Invitation::parse(&format!("  {text}\n")).unwrap();
        assert_eq!(back.ticket, invitation.ticket);
        assert_eq!(back.secret, invitation.secret);
        let spaced = text.replace("tide-4821-oak", "TIDE 4821 OAK");
        assert_eq!(
            Invitation::parse(&spaced).unwrap().secret,
            invitation.secret
        );
    }

    #[test]
    fn a_cut_or_altered_invitation_is_refused_with_what_to_do() {
        let text = Invitation {
            ticket: ticket(),
            secret: Secret::parse("tide-4821-oak").unwrap(),
        }
        .to_string();
        let (ticket, _) = text.split_once(' ').unwrap();
        for wrong in [
            format!("{} tide-4821-oak", &ticket[..ticket.len() - 5]),
            format!("{}9 tide-4821-oak", &ticket[..ticket.len() - 1]),
            format!("kaisho2{} tide-4821-oak", &ticket[7..]),
            ticket.to_string(),
            format!("{ticket} tide-4821"),
            "x".repeat(MAX_INVITATION_CHARS + 1),
            String::new(),
        ] {
            let e = Invitation::parse(&wrong).err().expect(&wrong);
            let said = e.to_string();
            assert!(
                said.contains("ask the host")
                    || said.contains("like tide-4821-oak")
                    || said.contains("paste only"),
                "{wrong}: {said}"
            );
        }
    }
}
