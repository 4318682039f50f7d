//! Overhearing the multicast DNS group, to learn where each game's
//! announcement really comes from: the source address of the packet that
//! carries its records. The responder (`mdns-sd`) reads the same packets
//! but tells only what they claim, and a claim costs nothing to forge; a
//! packet's source address is the sending machine's own, unless it
//! crafts raw packets. So a second socket joins the group on the same
//! interfaces (the port shared, as responders share it) and reports, for
//! every response it hears, each game it speaks for and its source.
//!
//! It only listens: nothing is ever sent from it.

use super::found::Sighting;
use super::mdns::Interfaces;
use super::packet;
use socket2::{Domain, Protocol, Socket, Type};
use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The multicast DNS port and groups (RFC 6762 §3).
const PORT: u16 = 5353;
const GROUP_V4: Ipv4Addr = Ipv4Addr::new(224, 0, 0, 251);
const GROUP_V6: Ipv6Addr = Ipv6Addr::new(0xff02, 0, 0, 0, 0, 0, 0, 0xfb);
/// The largest multicast DNS packet (RFC 6762 §17); a larger one is
/// skipped, as the responder skips it.
const MAX_PACKET: usize = 9000;
/// How often a listening thread checks that its browse is still there,
/// and how long it waits after a failed read.
const POLL: Duration = Duration::from_millis(200);

/// Sockets on the group, one per address family that could join it on
/// at least one of `interfaces`; none where the group cannot be joined.
pub(super) fn open(interfaces: &Interfaces) -> Vec<UdpSocket> {
    let chosen: Vec<if_addrs::Interface> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| match interfaces {
            Interfaces::All => true,
            Interfaces::Only(name) => &i.name == name,
        })
        .collect();
    let v4: Vec<Ipv4Addr> = chosen
        .iter()
        .filter_map(|i| match i.ip() {
            IpAddr::V4(ip) => Some(ip),
            IpAddr::V6(_) => None,
        })
        .collect();
    let v6: Vec<u32> = chosen
        .iter()
        .filter(|i| i.ip().is_ipv6())
        .filter_map(|i| i.index)
        .collect();
    let joined = [
        group(Domain::IPV4, |s| {
            v4.iter().any(|a| s.join_multicast_v4(&GROUP_V4, a).is_ok())
        }),
        group(Domain::IPV6, |s| {
            v6.iter()
                .any(|i| s.join_multicast_v6(&GROUP_V6, *i).is_ok())
        }),
    ];
    joined.into_iter().filter_map(Result::ok).collect()
}

/// A socket of `domain` on the port, joined to the group by `join`
/// (whether it joined on any interface).
fn group(domain: Domain, join: impl Fn(&Socket) -> bool) -> io::Result<UdpSocket> {
    let socket = Socket::new(domain, Type::DGRAM, Some(Protocol::UDP))?;
    socket.set_reuse_address(true)?;
    #[cfg(unix)]
    socket.set_reuse_port(true)?;
    let any: SocketAddr = match domain == Domain::IPV6 {
        true => {
            socket.set_only_v6(true)?;
            (Ipv6Addr::UNSPECIFIED, PORT).into()
        }
        false => (Ipv4Addr::UNSPECIFIED, PORT).into(),
    };
    socket.bind(&any.into())?;
    // Joining twice on one interface (two addresses) fails harmlessly.
    if !join(&socket) {
        return Err(io::Error::other("the group was joined on no interface"));
    }
    socket.set_read_timeout(Some(POLL))?;
    Ok(socket.into())
}

/// Listens on each socket in a thread of its own, reporting what it
/// hears to `tx` until the browse is dropped.
pub(super) fn start(sockets: Vec<UdpSocket>, tx: &mpsc::Sender<Sighting>) -> io::Result<()> {
    for socket in sockets {
        let tx = tx.clone();
        std::thread::Builder::new()
            .name("kaisho-overhear".into())
            .spawn(move || listen(&socket, &tx))?;
    }
    Ok(())
}

fn listen(socket: &UdpSocket, tx: &mpsc::Sender<Sighting>) {
    let mut buf = vec![0u8; MAX_PACKET + 1];
    while !tx.is_closed() {
        let (size, from) = match socket.recv_from(&mut buf) {
            Ok(read) => read,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                continue;
            }
            Err(_) => {
                std::thread::sleep(POLL);
                continue;
            }
        };
        if size > MAX_PACKET {
            continue;
        }
        let at = Instant::now();
        for instance in packet::instances(&buf[..size]) {
            let heard = Sighting::Heard {
                instance,
                from: from.ip(),
                at,
            };
            if tx.blocking_send(heard).is_err() {
                return;
            }
        }
    }
}
