//! What a hosted game tells the local network about itself, and the
//! reading of what others tell: DNS-SD TXT keys to a typed record. The
//! values come from anyone on the network, so each is bounded and checked,
//! and a record that does not read is refused with the key at fault.
//! Nothing secret is ever announced: the join code stays with the host.

use crate::wire::{PROTOCOL_VERSION, TimeW};
use kaisho_core::BoardSize;
use kaisho_core::handicap::max_stones;
use kaisho_saves::limits::MAX_NAME_CHARS;
use kaisho_saves::visible::visible_owned;
use std::collections::BTreeMap;
use std::fmt;

/// The longest value a TXT string can carry after its key (RFC 6763 §6.1
/// allows 255 bytes for `key=value`).
pub const MAX_VALUE_BYTES: usize = 240;
/// The most TXT keys read from one announcement; the rest are ignored.
pub const MAX_KEYS: usize = 32;
/// The largest komi announced or read, in half points.
const MAX_KOMI_HALVES: i32 = 400;
/// The longest main time or byo-yomi period read, in milliseconds (a week).
const MAX_CLOCK_MS: u64 = 7 * 24 * 3600 * 1000;
/// The most byo-yomi periods read.
const MAX_PERIODS: u32 = 1000;

/// The TXT keys, as `net/PROTOCOL.md` lists them.
pub mod key {
    pub const PROTOCOL: &str = "v";
    pub const NAME: &str = "name";
    pub const SIZE: &str = "size";
    pub const KOMI: &str = "komi";
    pub const HANDICAP: &str = "hc";
    pub const CLOCK: &str = "clock";
    pub const SEAT_FREE: &str = "seat";
    pub const WATCHING: &str = "watch";
    pub const WATCH_PORT: &str = "wport";
}

/// A hosted game as the network sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// The host's name, made visible (control characters shown) when read.
    pub name: String,
    pub size: u8,
    pub komi_halves: i32,
    pub handicap: u8,
    pub time: TimeW,
    /// Whether the second seat is still free: a game being played is not
    /// announced as joinable.
    pub seat_free: bool,
    /// Whether watchers are let in (`kaisho host --watchers`).
    pub watching: bool,
    /// The UDP port watchers dial, which is not the players' port: the
    /// host serves its watchers on an endpoint of their own.
    pub watch_port: Option<u16>,
    /// The protocol version the host speaks: a joiner of another version
    /// is refused with both named.
    pub protocol: u16,
    /// The UDP port the host listens on (from the SRV record, not the TXT).
    pub port: u16,
}

impl Announcement {
    /// A game with a free seat, no watching, this build's protocol.
    #[must_use]
    pub fn new(
        name: &str,
        size: u8,
        komi_halves: i32,
        handicap: u8,
        time: TimeW,
        port: u16,
    ) -> Announcement {
        Announcement {
            name: name.to_string(),
            size,
            komi_halves,
            handicap,
            time,
            seat_free: true,
            watching: false,
            watch_port: None,
            protocol: PROTOCOL_VERSION,
            port,
        }
    }

    /// The TXT key/value pairs: every value within [`MAX_VALUE_BYTES`]
    /// (a long name is cut at a character boundary); the watchers' port
    /// only when there is one.
    #[must_use]
    pub fn to_txt(&self) -> Vec<(&'static str, String)> {
        let flag = |b: bool| if b { "1" } else { "0" }.to_string();
        let mut pairs = vec![
            (key::PROTOCOL, self.protocol.to_string()),
            (key::NAME, cut(&self.name)),
            (key::SIZE, self.size.to_string()),
            (key::KOMI, self.komi_halves.to_string()),
            (key::HANDICAP, self.handicap.to_string()),
            (key::CLOCK, clock_text(self.time)),
            (key::SEAT_FREE, flag(self.seat_free)),
            (key::WATCHING, flag(self.watching)),
        ];
        if let Some(port) = self.watch_port {
            pairs.push((key::WATCH_PORT, port.to_string()));
        }
        pairs
    }

    /// Reads an announcement from its TXT values and its port. Keys not
    /// known are ignored (later versions may add some); a missing,
    /// over-long or unreadable value refuses the whole announcement.
    pub fn from_txt(txt: &Txt, port: u16) -> Result<Announcement, AnnouncementError> {
        let protocol = number(txt, key::PROTOCOL, 0, u16::MAX)?;
        let name = txt.text(key::NAME)?;
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(AnnouncementError::TooLong { key: key::NAME });
        }
        let size: u8 = number(txt, key::SIZE, 0, u8::MAX)?;
        let board = BoardSize::new(u32::from(size)).map_err(|_| out_of_range(key::SIZE))?;
        let komi_halves = number(txt, key::KOMI, -MAX_KOMI_HALVES, MAX_KOMI_HALVES)?;
        let handicap = number(txt, key::HANDICAP, 0, max_stones(board))?;
        let time = read_clock(txt.text(key::CLOCK)?)?;
        if port == 0 {
            return Err(out_of_range("port"));
        }
        let watch_port = match txt.values.contains_key(key::WATCH_PORT) {
            true => Some(number(txt, key::WATCH_PORT, 1, u16::MAX)?),
            false => None,
        };
        Ok(Announcement {
            name: visible_owned(name.to_string()),
            size,
            komi_halves,
            handicap,
            time,
            seat_free: flag(txt, key::SEAT_FREE)?,
            watching: flag(txt, key::WATCHING)?,
            watch_port,
            protocol,
            port,
        })
    }
}

/// The TXT values of one announcement as received: at most [`MAX_KEYS`]
/// keys, each value at most [`MAX_VALUE_BYTES`] (longer ones are kept as
/// too long, so reading them refuses the announcement).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Txt {
    values: BTreeMap<String, Result<Vec<u8>, ()>>,
}

impl Txt {
    /// Collects `pairs` (key, value bytes), bounded as above.
    pub fn collect<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> Txt {
        let mut values = BTreeMap::new();
        for (k, v) in pairs.into_iter().take(MAX_KEYS) {
            let kept = if v.len() > MAX_VALUE_BYTES {
                Err(())
            } else {
                Ok(v.to_vec())
            };
            // RFC 6763 §6.4: a key given twice counts the first time only.
            values.entry(k.to_ascii_lowercase()).or_insert(kept);
        }
        Txt { values }
    }

    fn text(&self, key: &'static str) -> Result<&str, AnnouncementError> {
        match self.values.get(key) {
            None => Err(AnnouncementError::Missing { key }),
            Some(Err(())) => Err(AnnouncementError::TooLong { key }),
            Some(Ok(bytes)) => {
                std::str::from_utf8(bytes).map_err(|_| AnnouncementError::NotText { key })
            }
        }
    }
}

/// Why an announcement from the network was not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnnouncementError {
    Missing { key: &'static str },
    TooLong { key: &'static str },
    NotText { key: &'static str },
    NotANumber { key: &'static str },
    OutOfRange { key: &'static str },
    NotAClock,
}

impl fmt::Display for AnnouncementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnnouncementError::Missing { key } => write!(f, "a game announced without `{key}`"),
            AnnouncementError::TooLong { key } => write!(f, "a game announced a `{key}` too long"),
            AnnouncementError::NotText { key } => {
                write!(f, "a game announced a `{key}` that is not UTF-8 text")
            }
            AnnouncementError::NotANumber { key } => {
                write!(f, "a game announced a `{key}` that is not a number")
            }
            AnnouncementError::OutOfRange { key } => {
                write!(f, "a game announced a `{key}` out of range")
            }
            AnnouncementError::NotAClock => write!(f, "a game announced a clock that is none"),
        }
    }
}

impl std::error::Error for AnnouncementError {}

fn out_of_range(key: &'static str) -> AnnouncementError {
    AnnouncementError::OutOfRange { key }
}

fn number<T>(txt: &Txt, key: &'static str, min: T, max: T) -> Result<T, AnnouncementError>
where
    T: std::str::FromStr + PartialOrd,
{
    let n: T = parse(txt.text(key)?, key)?;
    if n < min || n > max {
        return Err(out_of_range(key));
    }
    Ok(n)
}

fn parse<T: std::str::FromStr>(text: &str, key: &'static str) -> Result<T, AnnouncementError> {
    text.parse()
        .map_err(|_| AnnouncementError::NotANumber { key })
}

fn flag(txt: &Txt, key: &'static str) -> Result<bool, AnnouncementError> {
    match txt.text(key)? {
        "1" => Ok(true),
        "0" => Ok(false),
        _ => Err(out_of_range(key)),
    }
}

/// `none`, `abs:MAIN_MS` or `byo:MAIN_MS:PERIODS:PERIOD_MS`.
fn clock_text(time: TimeW) -> String {
    match time {
        TimeW::None => "none".to_string(),
        TimeW::Absolute { main_ms } => format!("abs:{main_ms}"),
        TimeW::Byoyomi {
            main_ms,
            periods,
            period_ms,
        } => format!("byo:{main_ms}:{periods}:{period_ms}"),
    }
}

fn read_clock(text: &str) -> Result<TimeW, AnnouncementError> {
    let ms = |s: &str| match s.parse::<u64>() {
        Ok(n) if n <= MAX_CLOCK_MS => Ok(n),
        _ => Err(AnnouncementError::NotAClock),
    };
    let parts: Vec<&str> = text.splitn(5, ':').collect();
    match parts.as_slice() {
        ["none"] => Ok(TimeW::None),
        ["abs", main] => Ok(TimeW::Absolute { main_ms: ms(main)? }),
        ["byo", main, periods, period] => {
            let periods = match periods.parse::<u32>() {
                Ok(n) if (1..=MAX_PERIODS).contains(&n) => n,
                _ => return Err(AnnouncementError::NotAClock),
            };
            let period_ms = ms(period)?;
            if period_ms == 0 {
                return Err(AnnouncementError::NotAClock);
            }
            Ok(TimeW::Byoyomi {
                main_ms: ms(main)?,
                periods,
                period_ms,
            })
        }
        _ => Err(AnnouncementError::NotAClock),
    }
}

/// `name` cut at a character boundary to fit a TXT value.
fn cut(name: &str) -> String {
    let mut end = name.len().min(MAX_VALUE_BYTES);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    name[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Announcement {
        Announcement::new(
            "Aki",
            19,
            13,
            0,
            TimeW::Byoyomi {
                main_ms: 1_200_000,
                periods: 5,
                period_ms: 30_000,
            },
            7878,
        )
    }

    fn txt_of(pairs: &[(&str, String)]) -> Txt {
        Txt::collect(pairs.iter().map(|(k, v)| (*k, v.as_bytes())))
    }

    fn with(key: &str, value: &str) -> Txt {
        let mut pairs = game().to_txt();
        pairs.retain(|(k, _)| *k != key);
        let mut pairs: Vec<(&str, String)> = pairs;
        pairs.push((key, value.to_string()));
        txt_of(&pairs)
    }

    #[test]
    fn an_announcement_reads_back_as_it_was_written() {
        for time in [
            TimeW::None,
            TimeW::Absolute { main_ms: 600_000 },
            game().time,
        ] {
            let mut sent = game();
            sent.time = time;
            sent.seat_free = false;
            sent.watching = true;
            sent.watch_port = Some(7879);
            let read = Announcement::from_txt(&txt_of(&sent.to_txt()), 7878);
            assert_eq!(read, Ok(sent));
        }
    }

    #[test]
    fn the_announcement_carries_no_code_and_only_the_documented_keys() {
        let keys: Vec<&str> = game().to_txt().iter().map(|(k, _)| *k).collect();
        assert_eq!(
            keys,
            ["v", "name", "size", "komi", "hc", "clock", "seat", "watch"]
        );
        let mut watched = game();
        (watched.watching, watched.watch_port) = (true, Some(7879));
        let keys: Vec<&str> = watched.to_txt().iter().map(|(k, _)| *k).collect();
        assert_eq!(keys.last(), Some(&"wport"));
    }

    #[test]
    fn malformed_values_are_refused_by_key() {
        let cases = [
            (
                with("size", "4"),
                AnnouncementError::OutOfRange { key: "size" },
            ),
            (
                with("size", "nine"),
                AnnouncementError::NotANumber { key: "size" },
            ),
            (
                with("komi", "9999"),
                AnnouncementError::OutOfRange { key: "komi" },
            ),
            (
                with("hc", "10"),
                AnnouncementError::OutOfRange { key: "hc" },
            ),
            (with("clock", "byo:1:0:30"), AnnouncementError::NotAClock),
            (with("clock", "abs:-1"), AnnouncementError::NotAClock),
            (with("clock", "sometimes"), AnnouncementError::NotAClock),
            (
                with("seat", "yes"),
                AnnouncementError::OutOfRange { key: "seat" },
            ),
            (
                with("wport", "0"),
                AnnouncementError::OutOfRange { key: "wport" },
            ),
            (
                with("wport", "a port"),
                AnnouncementError::NotANumber { key: "wport" },
            ),
            (
                with("v", "70000"),
                AnnouncementError::NotANumber { key: "v" },
            ),
            (
                with("name", &"x".repeat(65)),
                AnnouncementError::TooLong { key: "name" },
            ),
            (
                with("name", &"x".repeat(MAX_VALUE_BYTES + 1)),
                AnnouncementError::TooLong { key: "name" },
            ),
        ];
        for (txt, error) in cases {
            let txt = if error == (AnnouncementError::OutOfRange { key: "hc" }) {
                // Ten stones are allowed on 19x19 but not on 9x9.
                let mut t = txt;
                t.values.insert("size".into(), Ok(b"9".to_vec()));
                t
            } else {
                txt
            };
            assert_eq!(Announcement::from_txt(&txt, 7878), Err(error));
        }
        let mut missing = game().to_txt();
        missing.retain(|(k, _)| *k != "clock");
        assert_eq!(
            Announcement::from_txt(&txt_of(&missing), 7878),
            Err(AnnouncementError::Missing { key: "clock" })
        );
        let bytes = Txt::collect([("name", &[0xff, 0xfe][..])]);
        assert_eq!(
            Announcement::from_txt(&bytes, 7878),
            Err(AnnouncementError::Missing { key: "v" })
        );
        let mut pairs = game().to_txt();
        pairs.retain(|(k, _)| *k != "name");
        let mut txt = txt_of(&pairs);
        txt.values.insert("name".into(), Ok(vec![0xff, 0xfe]));
        assert_eq!(
            Announcement::from_txt(&txt, 7878),
            Err(AnnouncementError::NotText { key: "name" })
        );
        assert_eq!(
            Announcement::from_txt(&txt_of(&game().to_txt()), 0),
            Err(AnnouncementError::OutOfRange { key: "port" })
        );
    }

    #[test]
    fn a_name_with_control_characters_is_made_visible() {
        let read = Announcement::from_txt(&with("name", "Aki\u{1b}[2J\n"), 7878).unwrap();
        assert_eq!(read.name, "Aki␛[2J␊");
    }

    #[test]
    fn a_long_name_is_cut_to_fit_a_txt_string_at_a_character_boundary() {
        let mut long = game();
        long.name = "碁".repeat(100);
        let sent = long.to_txt();
        let name = &sent.iter().find(|(k, _)| *k == "name").unwrap().1;
        assert!(name.len() <= MAX_VALUE_BYTES && name.chars().all(|c| c == '碁'));
    }

    #[test]
    fn unknown_keys_are_ignored_and_keys_past_the_bound_are_not_read() {
        let mut pairs = game().to_txt();
        pairs.push(("later", "something".into()));
        assert_eq!(Announcement::from_txt(&txt_of(&pairs), 7878), Ok(game()));
        let many: Vec<(String, String)> =
            (0..100).map(|i| (format!("k{i:03}"), "x".into())).collect();
        let txt = Txt::collect(many.iter().map(|(k, v)| (k.as_str(), v.as_bytes())));
        assert_eq!(txt.values.len(), MAX_KEYS);
    }
}
