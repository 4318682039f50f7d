//! What carries a link: QUIC on the LAN (quinn, with the pinned
//! certificates of `tls`), or iroh across the internet (dialled by public
//! key, through a relay or direct). Everything above — the key exchange,
//! the greeting, the session and its frames — is the same over both; only
//! the connection, its two stream halves and its close differ.

use crate::close;
use crate::error::NetError;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The connection under a link, with the endpoint that made it.
#[derive(Clone)]
pub enum Carrier {
    /// A QUIC connection inside the room.
    Lan {
        connection: quinn::Connection,
        endpoint: quinn::Endpoint,
    },
    /// An iroh connection across the internet; `own` when the endpoint
    /// was opened for this connection alone (the joiner's), which closes
    /// with it, not when it is a host's, which waits on.
    Internet {
        connection: iroh::endpoint::Connection,
        endpoint: iroh::Endpoint,
        own: bool,
    },
}

impl Carrier {
    /// Closes the connection with `code` and `reason`, which the partner
    /// reads as why.
    pub fn close(&self, code: u32, reason: &str) {
        match self {
            Carrier::Lan { connection, .. } => close::close(connection, code, reason),
            Carrier::Internet { connection, .. } => {
                connection.close(code.into(), reason.as_bytes());
            }
        }
    }

    /// Whether nobody has closed the connection yet.
    #[must_use]
    pub fn is_open(&self) -> bool {
        match self {
            Carrier::Lan { connection, .. } => connection.close_reason().is_none(),
            Carrier::Internet { connection, .. } => connection.close_reason().is_none(),
        }
    }

    /// The bytes of UDP datagrams the connection has sent so far.
    #[must_use]
    pub fn sent_bytes(&self) -> u64 {
        match self {
            Carrier::Lan { connection, .. } => connection.stats().udp_tx.bytes,
            Carrier::Internet { connection, .. } => connection.stats().udp_tx.bytes,
        }
    }

    /// Waits for the connection to close and says why.
    pub async fn closed(&self) -> NetError {
        match self {
            Carrier::Lan { connection, .. } => close::error_of(connection.closed().await),
            Carrier::Internet { connection, .. } => internet_error(connection.closed().await),
        }
    }

    /// A failure explained by the partner's close reason when one comes
    /// within [`close::CLOSE_GRACE`].
    pub(crate) async fn explain(&self, e: NetError) -> NetError {
        if !matches!(e, NetError::Connection(_)) {
            return e;
        }
        tokio::time::timeout(close::CLOSE_GRACE, self.closed())
            .await
            .unwrap_or(e)
    }

    /// Passes a result through, closing the connection with the error as
    /// the reason when it failed and nobody closed it yet.
    pub(crate) fn on_error<T>(&self, result: Result<T, NetError>) -> Result<T, NetError> {
        if let Err(e) = &result
            && self.is_open()
        {
            self.close(close::PROTOCOL, &e.to_string());
        }
        result
    }

    /// Keying material of the connection's TLS session under `label`, which
    /// binds the key exchange to this very connection.
    pub(crate) fn export(&self, out: &mut [u8], label: &[u8]) -> Result<(), NetError> {
        let done = match self {
            Carrier::Lan { connection, .. } => {
                connection.export_keying_material(out, label, b"").is_ok()
            }
            Carrier::Internet { connection, .. } => {
                connection.export_keying_material(out, label, b"").is_ok()
            }
        };
        done.then_some(()).ok_or_else(|| {
            NetError::Protocol("the TLS session cannot export keying material".into())
        })
    }

    /// Waits a moment for the endpoint to send what it still holds.
    pub(crate) async fn wait_idle(&self, within: Duration) {
        match self {
            Carrier::Lan { endpoint, .. } => {
                let _ = tokio::time::timeout(within, endpoint.wait_idle()).await;
            }
            Carrier::Internet {
                connection,
                endpoint,
                own,
            } => {
                let _ = tokio::time::timeout(within, connection.closed()).await;
                if *own {
                    let _ = tokio::time::timeout(within, endpoint.close()).await;
                }
            }
        }
    }
}

/// Why an iroh connection ended, in the words the LAN's closes use.
pub(crate) fn internet_error(e: iroh::endpoint::ConnectionError) -> NetError {
    match e {
        iroh::endpoint::ConnectionError::ApplicationClosed(closed) => {
            let code = u32::try_from(closed.error_code.into_inner()).unwrap_or(u32::MAX);
            close::error_of_close(code, &closed.reason)
        }
        iroh::endpoint::ConnectionError::TimedOut => close::timed_out(),
        other => NetError::Connection(other.to_string()),
    }
}

/// The sending half of a link's stream.
pub enum SendHalf {
    Lan(quinn::SendStream),
    Internet(iroh::endpoint::SendStream),
}

impl SendHalf {
    /// Says the stream is complete.
    pub(crate) fn finish(&mut self) {
        match self {
            SendHalf::Lan(s) => {
                let _ = s.finish();
            }
            SendHalf::Internet(s) => {
                let _ = s.finish();
            }
        }
    }

    /// Waits until the partner has read the stream to its end.
    pub(crate) async fn stopped(&mut self) {
        match self {
            SendHalf::Lan(s) => {
                let _ = s.stopped().await;
            }
            SendHalf::Internet(s) => {
                let _ = s.stopped().await;
            }
        }
    }
}

/// The receiving half of a link's stream.
pub enum RecvHalf {
    Lan(quinn::RecvStream),
    Internet(iroh::endpoint::RecvStream),
}

impl AsyncWrite for SendHalf {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match self.get_mut() {
            SendHalf::Lan(s) => AsyncWrite::poll_write(Pin::new(s), cx, buf),
            SendHalf::Internet(s) => AsyncWrite::poll_write(Pin::new(s), cx, buf),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            SendHalf::Lan(s) => AsyncWrite::poll_flush(Pin::new(s), cx),
            SendHalf::Internet(s) => AsyncWrite::poll_flush(Pin::new(s), cx),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut() {
            SendHalf::Lan(s) => AsyncWrite::poll_shutdown(Pin::new(s), cx),
            SendHalf::Internet(s) => AsyncWrite::poll_shutdown(Pin::new(s), cx),
        }
    }
}

impl AsyncRead for RecvHalf {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match self.get_mut() {
            RecvHalf::Lan(s) => AsyncRead::poll_read(Pin::new(s), cx, buf),
            RecvHalf::Internet(s) => AsyncRead::poll_read(Pin::new(s), cx, buf),
        }
    }
}
