//! A peer speaking another protocol version: the transport and the frames
//! up to the greeting are the same in every version, so both reach the
//! greeting, and there the connection is refused with both versions named
//! on both ends, whichever side is the older.

mod common;

use common::*;
use kaisho_net::wire::{Hello, Message, PROTOCOL_VERSION};
use kaisho_net::{Host, NetError, close, frame, tls};
use kaisho_saves::identity::Identity;

/// The greeting of a kaisho speaking protocol `version`.
fn hello(version: u16, program: &str, id: &Identity) -> Message {
    Message::Hello(Hello {
        protocol: version,
        program: program.into(),
        name: "Other".into(),
        fingerprint: id.fingerprint().0,
    })
}

/// Reads frames until the partner closes the connection; the reason it gave.
async fn refusal(connection: &quinn::Connection, recv: &mut quinn::RecvStream) -> NetError {
    for _ in 0..4 {
        if frame::read(recv).await.is_err() {
            break;
        }
    }
    let closed = tokio::time::timeout(LIMIT, connection.closed())
        .await
        .unwrap();
    close::error_of(closed)
}

/// Whether a message names both versions and what to do.
fn names_both(message: &str, theirs: u16, program: &str) -> bool {
    message.contains(&format!("speaks protocol {theirs} (kaisho {program})"))
        && message.contains(&format!("this kaisho speaks {PROTOCOL_VERSION}"))
        && message.contains("same protocol")
}

#[tokio::test]
async fn a_version_9_joiner_is_refused_at_the_greeting_and_both_ends_name_9_and_10() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let mut host = Host::bind(loopback(), &hid, "Honinbo").unwrap();
    let addr = host.local_addr().unwrap();
    // Version 9: watchers not told of a drop or an adjournment.
    let old = 9;
    assert_eq!(PROTOCOL_VERSION, 10);

    let older_joiner = async {
        let mut endpoint = quinn::Endpoint::client(loopback()).unwrap();
        endpoint.set_default_client_config(tls::client_config(&jid).unwrap());
        let connection = endpoint.connect(addr, "kaisho").unwrap().await.unwrap();
        let (mut send, mut recv) = connection.open_bi().await.unwrap();
        frame::write(&mut send, &Message::Rejoin).await.unwrap();
        frame::write(&mut send, &hello(old, "0.0.1", &jid))
            .await
            .unwrap();
        // The host's own greeting may or may not arrive before its close.
        refusal(&connection, &mut recv).await
    };
    let (at_host, at_joiner) = tokio::time::timeout(LIMIT, async {
        tokio::join!(host.accept_known(jid.fingerprint()), older_joiner)
    })
    .await
    .unwrap();
    let at_host = at_host.err().expect("the host refuses").to_string();
    assert!(names_both(&at_host, old, "0.0.1"), "{at_host}");
    let NetError::Refused(at_joiner) = at_joiner else {
        panic!("closed with a reason, not {at_joiner}")
    };
    assert!(names_both(&at_joiner, old, "0.0.1"), "{at_joiner}");
    for said in [&at_host, &at_joiner] {
        assert!(
            said.contains("speaks protocol 9") && said.contains("this kaisho speaks 10"),
            "{said}"
        );
    }
}

#[tokio::test]
async fn a_newer_host_is_refused_by_the_joiner_and_both_ends_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let (hid, jid) = (identity(dir.path(), "host"), identity(dir.path(), "joiner"));
    let server = quinn::Endpoint::server(tls::server_config(&hid).unwrap(), loopback()).unwrap();
    let addr = server.local_addr().unwrap();
    let new = PROTOCOL_VERSION + 1;

    let newer_host = async {
        let connection = server.accept().await.unwrap().await.unwrap();
        let (mut send, mut recv) = connection.accept_bi().await.unwrap();
        assert_eq!(frame::read(&mut recv).await.unwrap(), Some(Message::Rejoin));
        let Ok(Some(Message::Hello(theirs))) = frame::read(&mut recv).await else {
            panic!("the joiner greets")
        };
        assert_eq!(theirs.protocol, PROTOCOL_VERSION);
        frame::write(&mut send, &hello(new, "9.0.0", &hid))
            .await
            .unwrap();
        refusal(&connection, &mut recv).await
    };
    let (at_joiner, at_host) = tokio::time::timeout(LIMIT, async {
        tokio::join!(
            kaisho_net::rejoin(addr, hid.fingerprint(), &jid, "Kitani"),
            newer_host
        )
    })
    .await
    .unwrap();
    let at_joiner = at_joiner.err().expect("the joiner refuses").to_string();
    assert!(names_both(&at_joiner, new, "9.0.0"), "{at_joiner}");
    let NetError::Refused(at_host) = at_host else {
        panic!("closed with a reason, not {at_host}")
    };
    assert!(names_both(&at_host, new, "9.0.0"), "{at_host}");
}
