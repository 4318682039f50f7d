//! The watching task (観戦) beside the screen: dials the host with its
//! watch code, then reports everything the game sends as [`NetNews`]
//! (each event checked by the watcher's own core) and sends the player's
//! lines as kibitz. It sends nothing to the game: a watcher cannot.

use super::{Env, NetplayError};
use crate::app::{Again, NetNews, NetRequest, Watched};
use crate::words::{Lang, WatchLine, naming_for, watch_line, watch_refusal};
use kaisho_core::clock::TimeControl;
use kaisho_net::{Dropped, JoinCode, NetError, Seen, Watcher};
use kaisho_saves::places::Places;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

/// Watches the game at `code` as `name` until the host drops the watch or
/// the player leaves, and reports the end as [`NetNews::WatchEnded`] with
/// why and whether watching again can help.
pub async fn run(
    code: String,
    name: String,
    places: Places,
    lang: Lang,
    mut requests: UnboundedReceiver<NetRequest>,
    news: UnboundedSender<NetNews>,
) {
    let (why, again) = match follow(&code, &name, &places, &mut requests, &news).await {
        Ok(Ended::Left) => return,
        Ok(Ended::Adjourned) => (watch_line(lang, WatchLine::Adjourned), Again::WhenResumed),
        Err(e) => {
            // Closed by the players, or a burned code: dialling again
            // cannot get in.
            let again = match e {
                NetplayError::Net(
                    NetError::Dropped(Dropped::PlayersClosed) | NetError::CodeBurned,
                ) => Again::Never,
                _ => Again::Dial,
            };
            (watch_refusal(&e, naming_for(lang)), again)
        }
    };
    let _ = news.send(NetNews::WatchEnded { why, again });
}

/// How a watch that did not fail ended.
enum Ended {
    /// The player left.
    Left,
    /// The players adjourned the game.
    Adjourned,
}

/// Follows the game until the player leaves or the players adjourn it;
/// a host's goodbye is an error with its reason, as a refusal is.
async fn follow(
    code: &str,
    name: &str,
    places: &Places,
    requests: &mut UnboundedReceiver<NetRequest>,
    news: &UnboundedSender<NetNews>,
) -> Result<Ended, NetplayError> {
    let env = Env::load(places)?;
    let code = JoinCode::parse(code)?;
    let dialled = tokio::select! {
        watcher = kaisho_net::watch(&code, &env.identity, name) => watcher?,
        () = left(requests) => return Ok(Ended::Left),
    };
    let mut watcher: Watcher = dialled;
    let tell = |n: NetNews| {
        let _ = news.send(n);
    };
    tell(NetNews::Watching(Box::new(Watched {
        settings: watcher.game().settings().clone(),
        time: TimeControl::from(watcher.terms.time),
        names: watcher.names.clone(),
        game_id: watcher.terms.game_id.clone(),
    })));
    loop {
        tokio::select! {
            seen = watcher.next() => match seen? {
                Seen::Event { event, .. } => tell(NetNews::Remote {
                    event,
                    hash: watcher.game().state_hash(),
                }),
                Seen::Said { color, text } => tell(NetNews::Said { color, text }),
                Seen::Kibitz { name, text } => tell(NetNews::Kibitz { name, text }),
                Seen::Clock { color, main_left_ms, periods_left } => tell(NetNews::Clocked {
                    color,
                    main_left_ms,
                    periods_left,
                }),
                Seen::Turn { used_ms } => tell(NetNews::Turn { used_ms }),
                Seen::ReviewBegins { text } => tell(NetNews::ReviewBegins {
                    game_id: watcher.terms.game_id.clone(),
                    partner: String::new(),
                    text: Some(text),
                }),
                Seen::ReviewStep(step) => tell(NetNews::ReviewStep(step)),
                Seen::Away => tell(NetNews::PlayerAway),
                Seen::Adjourned => return Ok(Ended::Adjourned),
                Seen::Bye(why) => return Err(NetError::Refused(why).into()),
            },
            request = requests.recv() => match request {
                None | Some(NetRequest::Leave) => {
                    watcher.leave().await;
                    return Ok(Ended::Left);
                }
                Some(NetRequest::Chat(text)) => watcher.kibitz(&text).await?,
                Some(_) => {}
            },
        }
    }
}

/// Waits until the player leaves (or the screen goes away).
async fn left(requests: &mut UnboundedReceiver<NetRequest>) {
    while let Some(request) = requests.recv().await {
        if request == NetRequest::Leave {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn told(e: NetError, lang: Lang) -> String {
        watch_refusal(&NetplayError::Net(e), naming_for(lang))
    }

    fn behind() -> NetError {
        NetError::Dropped(Dropped::Behind)
    }

    fn closed() -> NetError {
        NetError::Dropped(Dropped::PlayersClosed)
    }

    /// A watch code, not a join code: a watcher is told which was wrong,
    /// and never that a game of its own was saved.
    #[test]
    fn a_wrong_or_burned_watch_code_is_told_as_a_watch_code() {
        let wrong = told(NetError::WrongCode { left: 1 }, Lang::En);
        assert_eq!(
            wrong,
            "wrong watch code (1 try left): check it with the host and try again"
        );
        let burned = told(NetError::CodeBurned, Lang::En);
        assert!(burned.starts_with("the watch code was burned"), "{burned}");
        assert!(
            told(NetError::WrongCode { left: 2 }, Lang::Ja).starts_with("観戦コードが違います")
        );
        let stranger = told(NetError::NotPaired("stream closed".into()), Lang::En);
        assert!(!stranger.contains("saved"), "{stranger}");
        assert!(!told(NetError::Connection("gone".into()), Lang::En).contains("resumed"));
    }

    /// Each way a watch ends has its own sentence, in both languages.
    #[test]
    fn a_dropped_watch_says_whether_it_fell_behind_was_closed_or_lost_its_host() {
        let gone = NetError::Connection("no word from the partner for 8 seconds".into());
        assert_eq!(
            told(behind(), Lang::En),
            "this watcher fell too far behind the game; watch again to catch up"
        );
        assert_eq!(told(closed(), Lang::En), "the players closed watching");
        assert_eq!(
            told(gone, Lang::En),
            "the host closed the connection: no word from the partner for 8 seconds"
        );
        assert_eq!(
            told(behind(), Lang::Ja),
            "この観戦は対局から遅れすぎました。もう一度観戦すれば最初から追いつきます"
        );
        assert_eq!(told(closed(), Lang::Ja), "対局者が観戦を締め切りました");
        assert_eq!(
            told(NetError::Refused("goodbye".into()), Lang::Ja),
            "主催者との接続が切れました: goodbye"
        );
    }
}
