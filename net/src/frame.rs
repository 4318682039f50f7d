//! Frames on the stream: a big-endian u32 length, then that many bytes of
//! one encoded [`Message`]. The length is checked against the cap before a
//! byte of the payload is read, so a hostile length cannot make us allocate.

use crate::error::NetError;
use crate::wire::Message;
use kaisho_saves::codec::{self, MAX_FRAME};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// The bytes of one frame: length prefix and payload.
pub fn encode(message: &Message) -> Result<Vec<u8>, NetError> {
    let payload =
        codec::encode(message).map_err(|e| NetError::Protocol(format!("cannot encode: {e}")))?;
    if payload.len() > MAX_FRAME {
        return Err(NetError::Protocol(format!(
            "a {}-byte message is over the {MAX_FRAME}-byte cap",
            payload.len()
        )));
    }
    let mut bytes = Vec::with_capacity(payload.len() + 4);
    bytes.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    bytes.extend_from_slice(&payload);
    Ok(bytes)
}

/// Writes one frame.
pub async fn write<W: AsyncWrite + Unpin>(out: &mut W, message: &Message) -> Result<(), NetError> {
    let bytes = encode(message)?;
    out.write_all(&bytes)
        .await
        .map_err(|e| NetError::Connection(e.to_string()))
}

/// Reads one frame. `Ok(None)` is a clean end of the stream between frames;
/// an end inside a frame, an oversized length or a malformed payload is an
/// error.
pub async fn read<R: AsyncRead + Unpin>(input: &mut R) -> Result<Option<Message>, NetError> {
    let mut len = [0u8; 4];
    let mut got = 0;
    while got < len.len() {
        let n = input
            .read(&mut len[got..])
            .await
            .map_err(|e| NetError::Connection(e.to_string()))?;
        if n == 0 {
            return if got == 0 {
                Ok(None)
            } else {
                Err(NetError::Protocol(
                    "the stream ended inside a frame's length".into(),
                ))
            };
        }
        got += n;
    }
    let len = u32::from_be_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(NetError::Protocol(format!(
            "a frame of {len} bytes is over the {MAX_FRAME}-byte cap"
        )));
    }
    let mut payload = vec![0u8; len];
    input.read_exact(&mut payload).await.map_err(|e| {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            NetError::Protocol(format!("the stream ended inside a {len}-byte frame"))
        } else {
            NetError::Connection(e.to_string())
        }
    })?;
    codec::decode(&payload)
        .map(Some)
        .map_err(|e| NetError::Protocol(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn frames_round_trip_and_hostile_lengths_are_refused() {
        let m = Message::Chat {
            text: "onegaishimasu".into(),
        };
        let bytes = encode(&m).unwrap();
        let mut input: &[u8] = &bytes;
        assert_eq!(read(&mut input).await.unwrap(), Some(m));
        assert_eq!(read(&mut input).await.unwrap(), None);

        let mut huge: &[u8] = &[0xff, 0xff, 0xff, 0xff, 1, 2, 3];
        assert!(matches!(read(&mut huge).await, Err(NetError::Protocol(_))));
        let mut short: &[u8] = &bytes[..bytes.len() - 1];
        assert!(matches!(read(&mut short).await, Err(NetError::Protocol(_))));
        let mut half_len: &[u8] = &bytes[..2];
        assert!(matches!(
            read(&mut half_len).await,
            Err(NetError::Protocol(_))
        ));
    }

    #[test]
    fn an_oversized_message_is_not_sent() {
        let m = Message::Chat {
            text: "x".repeat(MAX_FRAME + 1),
        };
        assert!(encode(&m).is_err());
    }
}
