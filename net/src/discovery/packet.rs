//! Reading, from one multicast DNS packet, which kaisho games it speaks
//! for: the instance names that own the SRV and TXT records of a response.
//! Those are the records only a game's own responder sends (a PTR naming
//! a game can come from any responder that knows of it), so the packet's
//! source address is where that game's announcement came from.
//!
//! The bytes come from anyone on the network: every offset is checked,
//! a name is followed through at most [`MAX_STEPS`] labels and pointers,
//! a pointer only leads backwards, and at most [`MAX_RECORDS`] records are
//! read. A packet that does not read gives what was read before the fault.

use std::collections::BTreeSet;

/// The labels that end a kaisho game's instance name, compared without
/// regard to ASCII case as DNS names are.
const SERVICE: [&[u8]; 3] = [b"_kaisho", b"_udp", b"local"];
/// The DNS header's length, and the flag that marks a response.
const HEADER: usize = 12;
const RESPONSE: u8 = 0x80;
/// The record types that only a game's own responder sends.
const SRV: u16 = 33;
const TXT: u16 = 16;
/// The most records read from one packet (a full one of 9,000 bytes holds
/// fewer kaisho games than this).
const MAX_RECORDS: usize = 512;
/// The most labels and pointers followed for one name, and the longest
/// name (RFC 1035 §3.1).
const MAX_STEPS: usize = 128;
const MAX_NAME_BYTES: usize = 255;

/// The instance names of the kaisho games whose SRV or TXT records this
/// packet carries, each once, as `mdns-sd` names them (the labels before
/// the service type, joined by dots); none for a query.
#[must_use]
pub fn instances(packet: &[u8]) -> Vec<String> {
    let mut found = BTreeSet::new();
    if packet.len() < HEADER || packet[2] & RESPONSE == 0 {
        return Vec::new();
    }
    let count = |at: usize| usize::from(u16::from_be_bytes([packet[at], packet[at + 1]]));
    let questions = count(4);
    let records = (count(6) + count(8) + count(10)).min(MAX_RECORDS);
    let mut at = HEADER;
    for _ in 0..questions.min(MAX_RECORDS) {
        let Some((_, end)) = name(packet, at) else {
            return found.into_iter().collect();
        };
        at = end + 4;
    }
    for _ in 0..records {
        let Some((labels, end)) = name(packet, at) else {
            break;
        };
        let Some(fixed) = packet.get(end..end + 10) else {
            break;
        };
        let kind = u16::from_be_bytes([fixed[0], fixed[1]]);
        let length = usize::from(u16::from_be_bytes([fixed[8], fixed[9]]));
        at = end + 10 + length;
        if at > packet.len() {
            break;
        }
        if kind == SRV || kind == TXT {
            found.extend(instance(&labels));
        }
    }
    found.into_iter().collect()
}

/// The labels of the name at `at`, and the offset just past it where it
/// is written (past its end or its first pointer); `None` when it does
/// not read.
fn name(packet: &[u8], mut at: usize) -> Option<(Vec<&[u8]>, usize)> {
    let mut labels = Vec::new();
    let mut end = None;
    let mut bytes = 0;
    for _ in 0..MAX_STEPS {
        let length = usize::from(*packet.get(at)?);
        match length & 0xC0 {
            0x00 if length == 0 => return Some((labels, end.unwrap_or(at + 1))),
            0x00 => {
                bytes += length + 1;
                if bytes > MAX_NAME_BYTES {
                    return None;
                }
                labels.push(packet.get(at + 1..at + 1 + length)?);
                at += 1 + length;
            }
            0xC0 => {
                let target = ((length & 0x3F) << 8) | usize::from(*packet.get(at + 1)?);
                if target >= at {
                    return None;
                }
                end.get_or_insert(at + 2);
                at = target;
            }
            _ => return None,
        }
    }
    None
}

/// The instance a name owned by a kaisho game stands for, if it is one:
/// the labels before the service type, each UTF-8.
fn instance(labels: &[&[u8]]) -> Option<String> {
    let split = labels.len().checked_sub(SERVICE.len()).filter(|n| *n > 0)?;
    let (own, service) = labels.split_at(split);
    let ours = service
        .iter()
        .zip(SERVICE)
        .all(|(label, want)| label.eq_ignore_ascii_case(want));
    if !ours {
        return None;
    }
    let own: Option<Vec<&str>> = own.iter().map(|l| std::str::from_utf8(l).ok()).collect();
    Some(own?.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name written in full.
    fn labels(name: &str) -> Vec<u8> {
        let mut out = Vec::new();
        for label in name.split('.').filter(|l| !l.is_empty()) {
            out.push(label.len() as u8);
            out.extend_from_slice(label.as_bytes());
        }
        out.push(0);
        out
    }

    /// A record of `kind` owned by the name `owner` (bytes as written),
    /// with `rdata`.
    fn record(owner: &[u8], kind: u16, rdata: &[u8]) -> Vec<u8> {
        let mut out = owner.to_vec();
        out.extend_from_slice(&kind.to_be_bytes());
        out.extend_from_slice(&[0x80, 1, 0, 0, 0, 120]);
        out.extend_from_slice(&(rdata.len() as u16).to_be_bytes());
        out.extend_from_slice(rdata);
        out
    }

    fn response(answers: u16, body: &[u8]) -> Vec<u8> {
        let mut out = vec![0, 0, 0x84, 0, 0, 0];
        out.extend_from_slice(&answers.to_be_bytes());
        out.extend_from_slice(&[0, 0, 0, 0]);
        out.extend_from_slice(body);
        out
    }

    #[test]
    fn the_owners_of_srv_and_txt_records_are_read_and_a_ptr_alone_is_not() {
        let mut body = record(
            &labels("_kaisho._udp.local"),
            12,
            &labels("other._kaisho._udp.local"),
        );
        // At offset 12 + its length: the SRV of "Aki's game", its name
        // written in full; then a TXT whose owner points back at it.
        let srv_at = HEADER + body.len();
        body.extend(record(
            &labels("Aki's game._kaisho._udp.local"),
            SRV,
            &[0; 8],
        ));
        let pointer = [0xC0 | (srv_at >> 8) as u8, srv_at as u8];
        body.extend(record(&pointer, TXT, b"\x04v=10"));
        body.extend(record(&labels("printer._ipp._tcp.local"), SRV, &[0; 8]));
        assert_eq!(instances(&response(4, &body)), ["Aki's game"]);
    }

    #[test]
    fn a_query_and_the_case_of_the_service_type() {
        let body = record(&labels("a._KAISHO._Udp.local"), TXT, b"");
        assert_eq!(instances(&response(1, &body)), ["a"]);
        let mut query = response(1, &body);
        query[2] = 0;
        assert!(instances(&query).is_empty());
    }

    #[test]
    fn names_that_do_not_read_give_nothing_and_never_panic() {
        let a = record(&labels("a._kaisho._udp.local"), TXT, b"");
        // A pointer to itself, a pointer forwards, a label past the end,
        // a name longer than 255 bytes, a bad length byte.
        let looping = record(&[0xC0, HEADER as u8], TXT, b"");
        let forwards = record(&[0xC0, 0xFF], TXT, b"");
        let past = record(&[63, b'x'], TXT, b"");
        let long = record(
            &labels(&format!("{}._kaisho._udp.local", "x.".repeat(130))),
            TXT,
            b"",
        );
        let bad = record(&[0x80], TXT, b"");
        for broken in [looping, forwards, past, long, bad] {
            let mut body = a.clone();
            body.extend(broken);
            assert_eq!(instances(&response(2, &body)), ["a"]);
        }
        for cut in 0..a.len() + HEADER {
            let packet = response(1, &a);
            assert!(instances(&packet[..cut]).is_empty());
        }
        assert!(instances(&response(u16::MAX, &a)).len() == 1);
    }
}
