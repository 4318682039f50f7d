//! Random, truncated and corrupted frames never panic the decoder: each is
//! a clean message, a clean end, or a typed error.

use kaisho_core::{Color, Event, Point};
use kaisho_net::frame;
use kaisho_net::wire::{EventW, Message};
use proptest::prelude::*;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
}

/// Reads frames until the input ends or an error; at most one per 4 bytes.
fn read_all(rt: &tokio::runtime::Runtime, bytes: &[u8]) {
    rt.block_on(async {
        let mut input = bytes;
        for _ in 0..=bytes.len() / 4 {
            match frame::read(&mut input).await {
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => break,
            }
        }
    });
}

fn samples() -> Vec<Message> {
    vec![
        Message::Event {
            seq: 7,
            event: EventW::from(&Event::Propose {
                by: Color::White,
                dead: vec![Point::new(3, 3), Point::new(4, 4)],
            }),
            time_used_ms: Some(1234),
            state_hash: u64::MAX,
        },
        Message::Ack {
            seq: 9,
            state_hash: 42,
        },
        Message::Chat {
            text: "よろしくお願いします".into(),
        },
        Message::NigiriReveal {
            count: 13,
            nonce: [9; 32],
        },
        Message::Resume {
            game_id: "20261122-0400-1".into(),
            events: 100,
            digest: 1,
            time: kaisho_net::TimeW::None,
        },
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        read_all(&runtime(), &bytes);
        let _ = kaisho_saves::codec::decode::<Message>(&bytes);
    }

    #[test]
    fn truncated_and_flipped_frames_never_panic(
        which in 0usize..5,
        cut in any::<prop::sample::Index>(),
        flip in any::<prop::sample::Index>(),
        bit in 0u8..8,
    ) {
        let rt = runtime();
        let bytes = frame::encode(&samples()[which]).unwrap();
        let cut = cut.index(bytes.len());
        let mut input = &bytes[..cut];
        let got = rt.block_on(frame::read(&mut input));
        prop_assert!(cut == 0 && matches!(got, Ok(None)) || got.is_err());

        let mut flipped = bytes.clone();
        let at = flip.index(flipped.len());
        flipped[at] ^= 1 << bit;
        read_all(&rt, &flipped);
    }

    #[test]
    fn lengths_beyond_the_cap_are_refused_before_reading(len in (64u32 * 1024 + 1)..=u32::MAX) {
        let mut bytes = len.to_be_bytes().to_vec();
        bytes.extend_from_slice(&[0; 16]);
        let mut input = &bytes[..];
        let got = runtime().block_on(frame::read(&mut input));
        prop_assert!(matches!(got, Err(kaisho_net::NetError::Protocol(_))));
    }
}
