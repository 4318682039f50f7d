//! A local network in memory, for tests: every [`MemoryDiscovery`] made
//! from one [`MemoryLan`] sees the others' announcements, which travel as
//! TXT values and are read exactly as those from multicast DNS are, each
//! heard from the address it was posted from, as if overheard.

use super::announcement::{Announcement, Txt};
use super::found::{Attribution, FoundGame, Sighting};
use super::{Browse, Discovery, DiscoveryError};
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;
use tokio::sync::mpsc;

/// One announcement as it stands on the in-memory network.
#[derive(Clone)]
struct Posted {
    txt: Vec<(String, Vec<u8>)>,
    port: u16,
    /// The address it is announced at.
    from: IpAddr,
}

#[derive(Default)]
struct Lan {
    posted: BTreeMap<String, Posted>,
    browsers: Vec<mpsc::Sender<Sighting>>,
    members: u32,
}

impl Lan {
    fn tell(&mut self, sighting: &Sighting) {
        self.browsers
            .retain(|tx| tx.try_send(sighting.clone()).is_ok() || !tx.is_closed());
    }

    /// Tells every browser of a posted announcement: heard, then seen.
    fn tell_posted(&mut self, instance: &str, posted: &Posted) {
        for sighting in sightings(instance, posted) {
            self.tell(&sighting);
        }
    }
}

/// The in-memory network that test doubles share.
#[derive(Clone, Default)]
pub struct MemoryLan {
    lan: Arc<Mutex<Lan>>,
}

impl MemoryLan {
    /// A new, empty network.
    #[must_use]
    pub fn new() -> MemoryLan {
        MemoryLan::default()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Lan> {
        self.lan.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A member of this network, announcing under an instance name of its own.
    #[must_use]
    pub fn member(&self) -> MemoryDiscovery {
        let mut lan = self.lock();
        lan.members += 1;
        MemoryDiscovery {
            lan: self.clone(),
            instance: format!("kaisho-{}", lan.members),
            announced: false,
        }
    }

    /// Posts raw TXT values under `instance`, as anyone on a network could,
    /// at the loopback address.
    pub fn post(&self, instance: &str, txt: &[(&str, &[u8])], port: u16) {
        self.post_from(IpAddr::V4(Ipv4Addr::LOCALHOST), instance, txt, port);
    }

    /// Posts raw TXT values under `instance` at the address `from`, as
    /// another machine on the network would.
    pub fn post_from(&self, from: IpAddr, instance: &str, txt: &[(&str, &[u8])], port: u16) {
        let posted = Posted {
            txt: txt
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_vec()))
                .collect(),
            port,
            from,
        };
        let mut lan = self.lock();
        lan.tell_posted(instance, &posted);
        lan.posted.insert(instance.to_string(), posted);
    }

    /// Takes `instance`'s announcement down.
    pub fn unpost(&self, instance: &str) {
        let mut lan = self.lock();
        if lan.posted.remove(instance).is_some() {
            lan.tell(&Sighting::Gone(instance.to_string()));
        }
    }

    /// The instance names announced now.
    #[must_use]
    pub fn announced(&self) -> Vec<String> {
        self.lock().posted.keys().cloned().collect()
    }
}

/// The sightings a browser gets of a posted announcement: heard from the
/// address it was posted from, then read as one from multicast DNS is, at
/// that address.
fn sightings(instance: &str, posted: &Posted) -> [Sighting; 2] {
    let txt = Txt::collect(posted.txt.iter().map(|(k, v)| (k.as_str(), v.as_slice())));
    let read = Announcement::from_txt(&txt, posted.port)
        .map(|game| FoundGame::new(instance, game, vec![posted.from]));
    let heard = Sighting::Heard {
        instance: instance.to_string(),
        from: posted.from,
        at: Instant::now(),
    };
    [heard, Sighting::Seen(instance.to_string(), read)]
}

/// One member of a [`MemoryLan`].
pub struct MemoryDiscovery {
    lan: MemoryLan,
    instance: String,
    announced: bool,
}

impl Discovery for MemoryDiscovery {
    fn announce(&mut self, game: &Announcement) -> Result<(), DiscoveryError> {
        let txt = game.to_txt();
        let pairs: Vec<(&str, &[u8])> = txt.iter().map(|(k, v)| (*k, v.as_bytes())).collect();
        self.lan.post(&self.instance, &pairs, game.port);
        self.announced = true;
        Ok(())
    }

    fn withdraw(&mut self) -> Result<(), DiscoveryError> {
        if std::mem::take(&mut self.announced) {
            self.lan.unpost(&self.instance);
        }
        Ok(())
    }

    fn browse(&mut self) -> Result<Browse, DiscoveryError> {
        let (tx, browse) = Browse::channel(Attribution::Senders);
        let mut lan = self.lan.lock();
        for (instance, posted) in &lan.posted {
            for sighting in sightings(instance, posted) {
                let _ = tx.try_send(sighting);
            }
        }
        lan.browsers.push(tx);
        Ok(browse)
    }
}

impl Drop for MemoryDiscovery {
    fn drop(&mut self) {
        let _ = self.withdraw();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discovery::found::MAX_PER_SOURCE;
    use crate::discovery::{Change, Hidden};
    use crate::wire::TimeW;

    fn game(komi: i32) -> Announcement {
        Announcement::new("Aki", 9, komi, 0, TimeW::None, 7878)
    }

    #[tokio::test]
    async fn a_browser_sees_games_added_updated_and_withdrawn() {
        let lan = MemoryLan::new();
        let mut host = lan.member();
        let mut early = lan.member();
        host.announce(&game(13)).unwrap();
        let mut browse = early.browse().unwrap();
        let Some(Change::Added(found)) = browse.next().await else {
            panic!("the game already announced is listed");
        };
        assert_eq!(found.game, game(13));
        assert_eq!(found.address(), Some("127.0.0.1:7878".parse().unwrap()));
        host.announce(&game(11)).unwrap();
        assert!(matches!(browse.next().await, Some(Change::Updated(g)) if g.game == game(11)));
        host.withdraw().unwrap();
        assert_eq!(
            browse.next().await,
            Some(Change::Removed(found.instance.clone()))
        );
        assert!(browse.games().is_empty());
        assert!(lan.announced().is_empty());
    }

    #[tokio::test]
    async fn a_malformed_announcement_is_skipped() {
        let lan = MemoryLan::new();
        let mut browse = lan.member().browse().unwrap();
        lan.post("bad", &[("v", b"4"), ("size", b"400")], 7878);
        let mut host = lan.member();
        host.announce(&game(13)).unwrap();
        let Some(Change::Added(found)) = browse.next().await else {
            panic!("the good game is listed");
        };
        assert_eq!(found.game, game(13));
        assert_eq!(browse.games().len(), 1);
    }

    /// 200 fake announcements from four addresses, then a real game from
    /// a member: the browser lists the real game, four fakes of each
    /// address, and counts the rest as hidden.
    #[tokio::test]
    async fn a_real_game_is_listed_after_a_flood_of_fakes() {
        let lan = MemoryLan::new();
        let mut browse = lan.member().browse().unwrap();
        let txt = game(13).to_txt();
        let txt: Vec<(&str, &[u8])> = txt.iter().map(|(k, v)| (*k, v.as_bytes())).collect();
        for i in 0..200u8 {
            let from = IpAddr::from([10, 0, 0, i % 4 + 1]);
            let name = format!("fake{i}");
            lan.post_from(from, &name, &txt, 7000);
            // Read as they come, as the screen does, so none waits: up to
            // this fake's place (a fake giving way to it comes before).
            added(&mut browse, |g| g.instance == name).await;
        }
        let mut host = lan.member();
        host.announce(&game(11)).unwrap();
        let real = added(&mut browse, |g| g.game == game(11)).await;
        assert!(browse.games().contains(&real));
        assert_eq!(browse.games().len(), 4 * MAX_PER_SOURCE + 1);
        assert_eq!(browse.hidden(), Hidden::Exactly(200 - 4 * MAX_PER_SOURCE));
    }

    /// Reads the changes up to the game `which` picks being added.
    async fn added(browse: &mut Browse, which: impl Fn(&FoundGame) -> bool) -> FoundGame {
        loop {
            let next = tokio::time::timeout(std::time::Duration::from_secs(5), browse.next());
            match next.await.expect("a change within 5 s") {
                Some(Change::Added(g)) if which(&g) => return g,
                Some(_) => {}
                None => panic!("the browse ended"),
            }
        }
    }

    #[tokio::test]
    async fn a_member_dropped_withdraws_its_game() {
        let lan = MemoryLan::new();
        let mut host = lan.member();
        host.announce(&game(13)).unwrap();
        assert_eq!(lan.announced().len(), 1);
        drop(host);
        assert!(lan.announced().is_empty());
    }
}
