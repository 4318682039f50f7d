//! `kaisho join INVITATION`: join a game across the internet with the
//! invitation a host pasted (a `kaisho1…` ticket and the code), through the
//! relay of `--relay` or directly, and play it headless as on the LAN. If
//! the connection drops, the host is dialled again by its key.

use super::host::{meet, play_out};
use super::host_internet::seat;
use super::join::JoinArgs;
use kaisho::netplay::NO_BOARD;
use kaisho::netplay::NetplayError;
use kaisho::words::{Lang, naming_for, net_refusal};
use kaisho_core::clock::TimeControl;
use kaisho_net::Link;
use kaisho_net::internet::{Invitation, Reach, Ticket};
use kaisho_saves::identity::{Fingerprint, Identity};
use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

/// Whether the joiner was given an invitation rather than a LAN join code.
#[must_use]
pub fn is_invitation(text: &str) -> bool {
    text.trim_start().starts_with("kaisho1")
}

/// Runs `kaisho join` with an invitation inside the runtime.
pub async fn join(
    args: JoinArgs,
    home: Option<&Path>,
    lang: Lang,
) -> Result<ExitCode, NetplayError> {
    if args.play.series.is_some() {
        return Err(NetplayError::LanOnly("--series"));
    }
    let mut seat = seat(&args.play, home, lang)?;
    let invitation = Invitation::parse(&args.code.join(" "))?;
    let relay = args.relay.chosen(seat.relay.as_deref());
    let reach = args.relay.reach(relay, IpAddr::V4(Ipv4Addr::UNSPECIFIED))?;
    let link =
        kaisho_net::internet::join(&invitation, &seat.env.identity, &seat.name, &reach).await?;
    meet(&mut seat.env, &link, lang)?;
    let session = kaisho_net::join_game(link, None, args.odd, &seat.env.store).await?;
    let (time, wait) = (TimeControl::from(args.play.time()), args.play.comeback());
    let ticket = invitation.ticket;
    let comeback = async |_: &str, host: Fingerprint| {
        let dialled = redial(
            (&ticket, host),
            &seat.env.identity,
            &seat.name,
            &reach,
            (wait, lang),
        );
        let Some(link) = dialled.await else {
            return Ok(None);
        };
        Ok(Some(
            kaisho_net::resume(link, None, &seat.env.store, time).await?,
        ))
    };
    let (played, places) = (seat.played, &seat.places);
    play_out(played, session, places, seat.undo_limit, lang, comeback).await
}

/// Dials the host of `ticket` again until it answers with the pinned key
/// `host`, for up to `limit`; `None` when the wait runs out.
async fn redial(
    (ticket, host): (&Ticket, Fingerprint),
    identity: &Identity,
    name: &str,
    reach: &Reach,
    (limit, lang): (Duration, Lang),
) -> Option<Link> {
    let deadline = tokio::time::Instant::now() + limit;
    while tokio::time::Instant::now() < deadline {
        let dial = kaisho_net::internet::rejoin(ticket, host, identity, name, reach);
        match tokio::time::timeout_at(deadline, dial).await {
            Ok(Ok(link)) => return Some(link),
            Ok(Err(e)) => {
                eprintln!("{}", net_refusal(&e, naming_for(lang), NO_BOARD));
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Err(_) => return None,
        }
    }
    None
}
