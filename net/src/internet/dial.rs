//! The joining side across the internet: dials the host of an invitation
//! by its key, through its relay or direct, and proves the code.

use super::ALPN;
use super::invitation::{Invitation, Ticket};
use super::reach::{Reach, fingerprint};
use crate::carrier::{Carrier, RecvHalf, SendHalf};
use crate::error::{Awaited, NetError};
use crate::join::{pair, rejoin_over};
use crate::link::{Link, PAIR_TIMEOUT};
use crate::pake::Side;
use kaisho_saves::identity::{Fingerprint, Identity};
use std::time::Duration;

/// How long the dial may take: a relay first, then the host.
pub const DIAL_TIMEOUT: Duration = Duration::from_secs(15);

/// Joins the host of `invitation` as `name`: SPAKE2 over its code, bound
/// to this TLS session, then greetings. Must be called inside a tokio
/// runtime.
pub async fn join(
    invitation: &Invitation,
    identity: &Identity,
    name: &str,
    reach: &Reach,
) -> Result<Link, NetError> {
    let (link, carrier) = dial(&invitation.ticket, identity, reach).await?;
    let paired = tokio::time::timeout(
        2 * PAIR_TIMEOUT,
        pair(link, &invitation.secret, name, Side::Joiner),
    )
    .await
    .unwrap_or(Err(NetError::Timeout(Awaited::Pairing)));
    carrier.on_error(paired).map_err(NetError::before_game)
}

/// Rejoins the known partner `partner` at `ticket` without a code: the
/// host must answer with the pinned key.
pub async fn rejoin(
    ticket: &Ticket,
    partner: Fingerprint,
    identity: &Identity,
    name: &str,
    reach: &Reach,
) -> Result<Link, NetError> {
    let (link, carrier) = dial(ticket, identity, reach).await?;
    let back = tokio::time::timeout(PAIR_TIMEOUT, rejoin_over(link, partner, name))
        .await
        .unwrap_or(Err(NetError::Timeout(Awaited::Rejoin)));
    carrier.on_error(back)
}

/// Dials the host of `ticket` and opens the link's stream.
async fn dial(
    ticket: &Ticket,
    identity: &Identity,
    reach: &Reach,
) -> Result<(Link, Carrier), NetError> {
    let endpoint = reach.bind(identity).await?;
    let host = ticket.addr.clone();
    let has_relay = host
        .addrs
        .iter()
        .any(|a| matches!(a, iroh::TransportAddr::Relay(_)));
    let connection =
        match tokio::time::timeout(DIAL_TIMEOUT, endpoint.connect(host.clone(), ALPN)).await {
            Ok(Ok(connection)) => connection,
            Ok(Err(e)) => return Err(no_host(&e.to_string(), has_relay).before_game()),
            Err(_) => return Err(no_host("no answer within 15 seconds", has_relay).before_game()),
        };
    let (send, recv) = connection
        .open_bi()
        .await
        .map_err(crate::carrier::internet_error)?;
    let local = fingerprint(endpoint.id());
    let peer = fingerprint(connection.remote_id());
    let carrier = Carrier::Internet {
        connection,
        endpoint,
        own: true,
    };
    let halves = (SendHalf::Internet(send), RecvHalf::Internet(recv));
    let link = Link::over(carrier.clone(), halves, false, (local, peer));
    Ok((link, carrier))
}

/// Why the host could not be reached, with what would help.
fn no_host(why: &str, has_relay: bool) -> NetError {
    let help = if has_relay {
        "check that the host is still waiting and the invitation is the newest one"
    } else {
        "the host's invitation names no relay: where routers block direct paths, a relay in both players' settings would help"
    };
    NetError::Connection(format!("cannot reach the host: {why}; {help}"))
}
