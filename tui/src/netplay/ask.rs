//! A question to the player at the screen while the partner waits on the
//! link: before a series game, whether to take the partner's last result.

use crate::app::{NetNews, NetRequest};
use std::time::Duration;
use tokio::sync::Mutex;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

/// How long the player has to answer: well inside the minute the partner
/// waits for this side's answer to the terms.
pub const ANSWER_WAIT: Duration = Duration::from_secs(45);

/// The news channel to ask on and the requests channel the answer comes
/// on, shared by the calls of one set-up.
pub struct Asker<'a> {
    news: &'a UnboundedSender<NetNews>,
    requests: Mutex<&'a mut UnboundedReceiver<NetRequest>>,
}

impl<'a> Asker<'a> {
    pub fn new(
        news: &'a UnboundedSender<NetNews>,
        requests: &'a mut UnboundedReceiver<NetRequest>,
    ) -> Self {
        Asker {
            news,
            requests: Mutex::new(requests),
        }
    }

    /// Asks whether to take the partner's last result of `series`, which
    /// makes the correction `said` in this side's copy. Leaving, or no
    /// answer within [`ANSWER_WAIT`], keeps this side's copy.
    pub async fn take_last_result(&self, series: &str, said: &str) -> bool {
        let _ = self.news.send(NetNews::TakeLastResult {
            series: series.to_string(),
            said: said.to_string(),
        });
        let mut requests = self.requests.lock().await;
        let answer = async {
            loop {
                match requests.recv().await {
                    Some(NetRequest::TakeLastResult(take)) => return take,
                    None | Some(NetRequest::Leave) => return false,
                    Some(_) => {}
                }
            }
        };
        tokio::time::timeout(ANSWER_WAIT, answer)
            .await
            .unwrap_or(false)
    }

    /// Tells the player `line`.
    pub fn note(&self, line: String) {
        let _ = self.news.send(NetNews::Note(line));
    }
}
