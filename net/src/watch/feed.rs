//! The host's side of one watcher: checking the watch code like a
//! joiner's (SPAKE2 bound to the TLS session, the watcher's MAC checked
//! first, the code burned after [`MAX_TRIES`] wrong ones), then sending
//! the game so far and everything after it, and taking nothing from the
//! watcher but its chat.

use super::hub::{Full, Hub, Subscription};
use crate::close;
use crate::error::{Awaited, NetError};
use crate::host::{Door, MAX_TRIES, binding};
use crate::link::{Link, PAIR_TIMEOUT, unexpected};
use crate::pake::{Exchange, Side};
use crate::wire::{Message, check_chat};
use kaisho_saves::visible::visible_owned;
use std::sync::{Arc, Mutex, PoisonError};

/// What the host lets watchers in with.
#[derive(Clone)]
pub(crate) struct Gate {
    pub door: Arc<Mutex<Door>>,
    pub hub: Hub,
}

impl Gate {
    /// Books a checked guess at the watch code; a right one leaves the
    /// code in place for other watchers.
    fn judge(&self, right: bool) -> Result<(), (u32, NetError)> {
        let mut door = self.door.lock().unwrap_or_else(PoisonError::into_inner);
        if right {
            return Ok(());
        }
        door.failures += 1;
        Err(if door.burned() {
            (close::BURNED, NetError::CodeBurned)
        } else {
            let left = MAX_TRIES.saturating_sub(door.failures);
            (close::WRONG_CODE, NetError::WrongCode { left })
        })
    }

    /// The watch code, unless there is none or it is burned.
    fn secret(&self) -> Result<crate::code::Secret, (u32, NetError)> {
        let door = self.door.lock().unwrap_or_else(PoisonError::into_inner);
        if door.burned() {
            return Err((close::BURNED, NetError::CodeBurned));
        }
        door.secret.clone().ok_or_else(|| {
            let e = NetError::Refused("this host does not let watchers in".into());
            (close::NO_WATCHING, e)
        })
    }

    /// Checks the watch code of a watcher whose first frame carried
    /// `peer_msg`, greets it and lets it in.
    pub(crate) async fn admit(
        &self,
        mut link: Link,
        connection: &quinn::Connection,
        peer_msg: &[u8],
        name: &str,
    ) -> Result<(Link, Subscription), NetError> {
        let secret = match self.secret() {
            Ok(s) => s,
            Err((code, e)) => {
                link.close(code, &e.to_string()).await;
                return Err(e);
            }
        };
        let (exchange, msg) = Exchange::start(&secret, Side::Host, Side::Watcher);
        link.send(&Message::Spake { msg }).await?;
        let bound = binding(link.carrier(), link.local(), link.peer())?;
        let confirmation = exchange.finish(peer_msg, bound)?;
        let mac = match link
            .recv_within(PAIR_TIMEOUT, Awaited::JoinerConfirmation)
            .await?
        {
            Message::Confirm { mac } => mac,
            other => return Err(unexpected("a confirmation", &other)),
        };
        if let Err((code, e)) = self.judge(confirmation.check(Side::Watcher, &mac)) {
            link.close(code, &e.to_string()).await;
            return Err(e);
        }
        link.send(&Message::Confirm {
            mac: confirmation.prove(Side::Host),
        })
        .await?;
        link.greet(name).await?;
        match self.hub.subscribe(connection.clone()) {
            Ok(sub) => {
                self.hub.name(sub.id, link.peer_name());
                Ok((link, sub))
            }
            Err(Full::Closed) => {
                let e = NetError::Dropped(crate::error::Dropped::PlayersClosed);
                link.close(close::WATCHING_CLOSED, &e.to_string()).await;
                Err(e)
            }
            Err(Full::Cap(max)) => {
                let reason = format!("this game has its {max} watchers; try again later");
                link.close(close::NO_WATCHING, &reason).await;
                Err(NetError::Refused(reason))
            }
        }
    }
}

/// Feeds one watcher until it leaves, falls behind or breaks the rules:
/// first the game so far, then its queue; its chat goes to the other
/// watchers; any player's frame closes it with [`close::READ_ONLY`].
pub(crate) async fn feed(hub: Hub, sub: Subscription, link: Link) {
    let name = link.peer_name().to_string();
    let Subscription {
        id,
        history,
        mut queue,
    } = sub;
    let (mut tx, mut inbox) = link.into_parts();
    let ended = async {
        for message in &history {
            tx.send(message).await?;
        }
        loop {
            tokio::select! {
                next = queue.recv() => match next {
                    Some(message) => tx.send(&message).await?,
                    None => return Ok(None),
                },
                heard = inbox.recv() => match heard {
                    Some(Ok(Message::Kibitz { text, .. })) => {
                        check_chat(&text)?;
                        hub.kibitz(id, &name, &visible_owned(text));
                    }
                    Some(Ok(Message::Bye { .. })) | None => return Ok(None),
                    Some(Ok(other)) => {
                        let e = unexpected("a watcher's chat", &other);
                        return Ok(Some((close::READ_ONLY, format!("a watcher cannot send this: {e}"))));
                    }
                    Some(Err(e)) => return Err(e),
                },
            }
        }
    }
    .await;
    hub.leave(id);
    match ended {
        Ok(Some((code, reason))) => tx.close(code, &reason).await,
        Ok(None) => tx.close(close::BYE, "the watcher left").await,
        Err(NetError::Protocol(reason)) => tx.close(close::PROTOCOL, &reason).await,
        Err(_) => {}
    }
}
