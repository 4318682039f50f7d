//! The dialling side: joins a host by code, or rejoins a known partner by
//! pinned fingerprint.

use crate::close;
use crate::code::{JoinCode, Secret};
use crate::error::{Awaited, NetError};
use crate::host::binding;
use crate::link::{Link, PAIR_TIMEOUT, unexpected};
use crate::pake::{Exchange, Side};
use crate::tls;
use crate::wire::Message;
use kaisho_saves::identity::{Fingerprint, Identity};
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};

/// Joins the host of `code`: SPAKE2 over the code's secret, bound to this
/// TLS session, then greetings. Must be called inside a tokio runtime.
pub async fn join(code: &JoinCode, identity: &Identity, name: &str) -> Result<Link, NetError> {
    let (link, connection) = dial(code.addr, identity)
        .await
        .map_err(NetError::before_game)?;
    let paired = pair(link, &code.secret, name, Side::Joiner).await;
    close::on_error(&connection, paired).map_err(NetError::before_game)
}

/// Proves the code's secret to the host as `guest` (the joiner, or a
/// watcher with the watch code), checks the host's proof, and greets.
pub(crate) async fn pair(
    mut link: Link,
    secret: &Secret,
    name: &str,
    guest: Side,
) -> Result<Link, NetError> {
    let (exchange, msg) = Exchange::start(secret, guest, guest);
    let first = match guest {
        Side::Watcher => Message::Watch { msg },
        Side::Host | Side::Joiner => Message::Spake { msg },
    };
    link.send(&first).await?;
    let host_msg = match link.recv_within(PAIR_TIMEOUT, Awaited::HostKeys).await? {
        Message::Spake { msg } => msg,
        other => return Err(unexpected("a key exchange", &other)),
    };
    let confirmation = exchange.finish(
        &host_msg,
        binding(link.carrier(), link.peer(), link.local())?,
    )?;
    link.send(&Message::Confirm {
        mac: confirmation.prove(guest),
    })
    .await?;
    let mac = match link
        .recv_within(PAIR_TIMEOUT, Awaited::HostConfirmation)
        .await?
    {
        Message::Confirm { mac } => mac,
        other => return Err(unexpected("a confirmation", &other)),
    };
    if !confirmation.check(Side::Host, &mac) {
        let reason =
            "the host could not prove it holds the join code: someone may be in the middle";
        link.close(close::WRONG_CODE, reason).await;
        return Err(NetError::Refused(reason.into()));
    }
    link.greet(name).await?;
    Ok(link)
}

/// Rejoins a known partner at `addr` without a code: the host must present
/// the pinned certificate `partner`.
pub async fn rejoin(
    addr: SocketAddr,
    partner: Fingerprint,
    identity: &Identity,
    name: &str,
) -> Result<Link, NetError> {
    let (link, _) = dial(addr, identity).await?;
    rejoin_over(link, partner, name).await
}

/// Asks the host at the other end of `link` to take the game up again,
/// once it has shown the pinned `partner`.
pub(crate) async fn rejoin_over(
    mut link: Link,
    partner: Fingerprint,
    name: &str,
) -> Result<Link, NetError> {
    if link.peer() != partner {
        let found = link.peer();
        link.close(
            close::WRONG_FINGERPRINT,
            "your certificate is not the one pinned for this game",
        )
        .await;
        return Err(NetError::WrongFingerprint {
            expected: partner,
            found,
        });
    }
    link.send(&Message::Rejoin).await?;
    link.greet(name).await?;
    Ok(link)
}

pub(crate) async fn dial(
    addr: SocketAddr,
    identity: &Identity,
) -> Result<(Link, quinn::Connection), NetError> {
    let any: SocketAddr = if addr.is_ipv6() {
        (Ipv6Addr::UNSPECIFIED, 0).into()
    } else {
        (Ipv4Addr::UNSPECIFIED, 0).into()
    };
    let mut endpoint = quinn::Endpoint::client(any)
        .map_err(|e| NetError::Setup(format!("cannot open a UDP socket: {e}")))?;
    endpoint.set_default_client_config(tls::client_config(identity)?);
    let connecting = endpoint
        .connect(addr, "kaisho")
        .map_err(|e| NetError::Setup(format!("cannot dial {addr}: {e}")))?;
    let no_host = |why: &str| NetError::NoHost {
        addr,
        why: why.to_string(),
    };
    let connection = match tokio::time::timeout(PAIR_TIMEOUT, connecting).await {
        Err(_) | Ok(Err(quinn::ConnectionError::TimedOut)) => {
            return Err(no_host("no answer to the handshake"));
        }
        Ok(Err(quinn::ConnectionError::ConnectionClosed(frame))) => {
            return Err(no_host(&format!(
                "the connection was turned away: {frame}; if the host is busy with other attempts, try again in a few seconds"
            )));
        }
        Ok(Err(e)) => return Err(close::error_of(e)),
        Ok(Ok(connection)) => connection,
    };
    let peer = tls::peer_fingerprint(&connection)?;
    let streams = connection.open_bi().await.map_err(close::error_of)?;
    let link = Link::new(
        connection.clone(),
        streams,
        endpoint,
        false,
        (identity.fingerprint(), peer),
    );
    Ok((link, connection))
}
