//! What the update asks of the network and what the network reports back.
//!
//! A network game runs in a task of its own (`netplay::worker`) that owns
//! the connection, the partner's clock and the game's log; the update only
//! sends it [`NetRequest`]s and takes its [`NetNews`] as messages. The
//! task's game is the one that checks a move; the game the screen shows is
//! a mirror that applies the events the task reports and compares its
//! state hash with the task's.

use super::recording::SeriesGame;
use super::series_net::SeriesTerms;
use crate::words::Dial;
use kaisho_core::clock::{Clock, TimeControl};
use kaisho_core::{Color, Event, GameError, Komi, Settings};
use kaisho_net::{ReviewStep, Terms};
use kaisho_saves::sgf::KibitzLine;
use std::net::SocketAddr;

/// How to find the partner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Listen on `bind` and show a join code; offer these terms (their
    /// game id is left empty: the network task names the game when its
    /// log is made).
    Host {
        bind: SocketAddr,
        terms: Terms,
        /// For a series game, the host's side of it: which of the
        /// joiner's last results the host's copy could take.
        series: Option<SeriesTerms>,
        /// Let club members watch (観戦), at most this many at a time,
        /// with a watch code of their own; `None` lets none in.
        watchers: Option<usize>,
    },
    /// Dial the host with the code it shows; for a series game, refuse an
    /// offer other than the series' next game.
    Join {
        code: String,
        series: Option<SeriesTerms>,
    },
    /// Wait on `bind` for the partner of adjourned game `id`, letting in at most
    /// `watchers` watchers when watching is on (the settings').
    HostResume {
        bind: SocketAddr,
        id: String,
        watchers: Option<usize>,
    },
    /// Dial the host at `addr` to resume adjourned game `id`.
    JoinResume { addr: SocketAddr, id: String },
}

/// A review together (検討) of a saved game, over the LAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewPlan {
    /// Listen on `bind` with a code, to review saved game `id` from its
    /// record's SGF `text`.
    Host {
        bind: SocketAddr,
        id: String,
        text: String,
    },
    /// Dial the host with the code it shows.
    Join { code: String },
}

/// The terms of a new engine game from the home menu's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineGame {
    pub size: u8,
    pub komi: Komi,
    pub handicap: u8,
    /// The colour the player takes.
    pub local: Color,
    pub clock: TimeControl,
}

/// A game against a GTP engine: the engine's command line and the terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineTerms {
    /// The command line that starts the engine in GTP mode.
    pub command: String,
    /// Board, komi and the handicap stones in the 1949 order.
    pub settings: Settings,
    /// The colour the player takes.
    pub local: Color,
    pub clock: TimeControl,
    /// The seconds the engine may think for one move beyond its clock
    /// before the game is adjourned.
    pub limit_secs: u64,
    /// The adjourned engine game to resume instead of a new one.
    pub resume: Option<String>,
}

/// What the update asks of the network task.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetRequest {
    /// Start the network task: find the partner, agree and play.
    Start {
        plan: Plan,
        name: String,
    },
    /// Start a review together: host one or join one.
    Review {
        plan: ReviewPlan,
        name: String,
    },
    /// Start a game against a GTP engine, which the shell runs as a child
    /// process behind a task of its own, reporting as the network task does.
    StartEngine {
        terms: Box<EngineTerms>,
        name: String,
    },
    /// Make this event of ours: the task's game checks it (once), the task
    /// times, logs and sends it.
    Act(Event),
    Chat(String),
    /// Say goodbye: the game stays adjourned in both logs.
    Leave,
    /// The player's answer to [`NetNews::TakeLastResult`].
    TakeLastResult(bool),
    /// The players close watching: every watcher is dropped and told so.
    CloseWatching,
    /// The host's player asks for a fresh join code in place of a burned
    /// one; the task answers with [`NetNews::Listening`].
    NewCode,
    /// Once the game has ended: offer the partner to review it together.
    OfferReview,
    /// The answer to the partner's offer to review the game together.
    AnswerReview(bool),
    /// Our step of a review together: the task sends it, and reports it
    /// back ([`NetNews::ReviewStep`]) in the order both sides apply it.
    ReviewStep(ReviewStep),
    /// Watch the game of the host at `code` (its watch code) as `name`:
    /// the task reports what it sees and sends [`NetRequest::Chat`] as
    /// the watchers' chat (kibitz).
    Watch {
        code: String,
        name: String,
    },
}

/// A game a watcher has begun to follow: its terms and players; its
/// events follow as [`NetNews::Remote`], from the first.
#[derive(Clone, Debug)]
pub struct Watched {
    pub settings: Settings,
    pub time: TimeControl,
    /// Black's and White's names.
    pub names: [String; 2],
    pub game_id: String,
}

/// A game the network task has begun or resumed: its terms and the events
/// so far, which the screen replays into its mirror, and the state hash
/// the replay must reach.
#[derive(Clone, Debug)]
pub struct Started {
    pub settings: Settings,
    pub events: Vec<Event>,
    pub hash: u64,
    pub local: Color,
    /// Black's and White's names.
    pub names: [String; 2],
    pub game_id: String,
    pub resumed: bool,
    /// The series the game belongs to, as its log names it and this
    /// side's copy holds it.
    pub series: Option<SeriesGame>,
    /// The chat kept in the log, as the pane shows it (`name: text`), for
    /// a game resumed by a side that had closed: its pane starts full.
    pub chat: Vec<String>,
}

/// Both clocks as the network task books them, and the turn running now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockFace {
    pub clocks: [Clock; 2],
    /// The side on turn and the milliseconds it has thought so far.
    pub running: Option<(Color, u64)>,
}

impl ClockFace {
    /// The clock of `color` as the screen shows it in `game`: a side that
    /// lost on time reads `time up`, whatever its clock last booked (a
    /// period may have been left on it when the flag was claimed).
    #[must_use]
    pub fn shown(&self, game: &kaisho_core::Game, color: Color) -> Dial {
        match game.outcome() {
            Some(kaisho_core::Outcome::Win {
                winner,
                by: kaisho_core::WinBy::Time,
            }) if winner != color => Dial::TimeUp,
            _ => self.dial(color),
        }
    }

    /// The clock of `color` as it reads now.
    #[must_use]
    pub fn dial(&self, color: Color) -> Dial {
        let clock = self.clocks[color.index()];
        let used = match self.running {
            Some((c, ms)) if c == color => ms,
            _ => 0,
        };
        match clock.control() {
            TimeControl::None => Dial::NoClock,
            TimeControl::Absolute { .. } => Dial::Main {
                left_ms: clock.main_left_ms().saturating_sub(used),
                then: None,
            },
            TimeControl::Byoyomi { period_ms, .. } => {
                let main = clock.main_left_ms();
                if main > used {
                    return Dial::Main {
                        left_ms: main - used,
                        then: Some((clock.periods_left(), period_ms)),
                    };
                }
                let into_period = (used - main) % period_ms.max(1);
                let spent = u32::try_from((used - main) / period_ms.max(1)).unwrap_or(u32::MAX);
                match clock.periods_left().saturating_sub(spent) {
                    0 => Dial::TimeUp,
                    periods => Dial::Period {
                        periods,
                        period_ms,
                        left_ms: period_ms.saturating_sub(into_period),
                    },
                }
            }
        }
    }
}

/// Whether a watch that ended can follow its game again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Again {
    /// Dialling the same watch code again catches up from the start.
    Dial,
    /// Never: the players closed watching, or the code is burned.
    Never,
    /// The players adjourned the game: once resumed it has a new watch
    /// code, announced again on the local network.
    WhenResumed,
}

/// What the network task reports.
#[derive(Clone, Debug)]
pub enum NetNews {
    /// The host listens; the code to read to the partner.
    Listening {
        code: String,
    },
    /// A line for the player: who connected, a stranger refused.
    Note(String),
    /// The engine refused the open proposal and proposed its own: which
    /// chains it holds dead and which alive. It stays on the ending panel
    /// until the next proposal.
    Disputed(String),
    Started(Box<Started>),
    /// Our event, checked by the task's game, logged and sent; the state
    /// hash after it.
    Sent {
        event: Event,
        hash: u64,
    },
    /// The partner's event, checked and logged; the state hash after it.
    Remote {
        event: Event,
        hash: u64,
    },
    /// Our last event crossed the host's and was taken back; the state
    /// hash without it, and the moves played with it standing; a
    /// resignation is made `again` after the host's event.
    Withdrawn {
        event: Event,
        hash: u64,
        moves: u32,
        again: bool,
    },
    /// The rules refused our event: the reason, given once, by the task's
    /// game.
    Rejected {
        event: Event,
        error: GameError,
    },
    /// Our event was not sent, and why.
    Refused(String),
    Chat(String),
    Clocks(ClockFace),
    /// The connection dropped; the task is trying to get the partner back.
    Away(String),
    /// The engine is working on its move (`true`) or has answered.
    Thinking(bool),
    /// The task has ended, and why (the game is over, adjourned, or failed).
    Closed(String),
    /// A watch has ended, and why; `again` says whether dialling again can
    /// follow the game.
    WatchEnded {
        why: String,
        again: Again,
    },
    /// The host of an adjourned game listens at `port` for its partner:
    /// the game's terms, for its announcement once it is resumed.
    Resuming {
        terms: Terms,
        port: u16,
    },
    /// A player's connection dropped: the watched game's clocks stand
    /// until its turn is told again ([`NetNews::Turn`]).
    PlayerAway,
    /// Before a series game: the partner's copy of series `series` differs
    /// from this side's in the last result only; taking the partner's
    /// makes the correction `said` in this side's copy. The task waits
    /// for [`NetRequest::TakeLastResult`].
    TakeLastResult {
        series: String,
        said: String,
    },
    /// The host lets club members watch with this code.
    WatchCode(String),
    /// Once the game has ended, the partner offers to review it together.
    ReviewOffered,
    /// A review together begins with `partner`: on the joiner, with the
    /// record's SGF `text` the host sent.
    ReviewBegins {
        game_id: String,
        partner: String,
        text: Option<String>,
    },
    /// The next step of a review together, ours or the partner's, in the
    /// order both sides apply.
    ReviewStep(ReviewStep),
    /// The join code was burned by three wrong tries (the line says so);
    /// every attempt is refused until the player asks for a new code.
    Burned(String),
    /// The game has ended (the event that ended it follows): the
    /// watchers' lines, held from the players until now.
    KibitzHeld(Vec<KibitzLine>),
    /// The watchers in now, by name, and whether watching is still open.
    Watchers {
        names: Vec<String>,
        open: bool,
    },
    /// Watching: the game followed.
    Watching(Box<Watched>),
    /// Watching: a player's chat line.
    Said {
        color: Color,
        text: String,
    },
    /// Watching: another watcher's chat line (kibitz).
    Kibitz {
        name: String,
        text: String,
    },
    /// Watching: a player's clock as the host booked it.
    Clocked {
        color: Color,
        main_left_ms: u64,
        periods_left: u32,
    },
    /// Watching: how long the side to move has been on its turn, as the
    /// host saw when this watcher came in.
    Turn {
        used_ms: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::Lang;

    fn read(face: ClockFace, color: Color, ascii: bool) -> String {
        crate::words::dial(Lang::En, face.dial(color), ascii)
    }

    fn face(control: TimeControl, spent: &[u64], running: u64) -> ClockFace {
        let mut clock = Clock::new(control);
        for &ms in spent {
            clock.spend(ms).expect("within the allowance");
        }
        ClockFace {
            clocks: [clock, Clock::new(control)],
            running: Some((Color::Black, running)),
        }
    }

    /// A loss on time leaves no period to count down.
    #[test]
    fn a_clock_past_its_last_period_reads_time_up() {
        let byoyomi = TimeControl::Byoyomi {
            main_ms: 60_000,
            periods: 1,
            period_ms: 10_000,
        };
        assert_eq!(
            read(face(byoyomi, &[60_000], 12_000), Color::Black, false),
            "time up"
        );
    }

    #[test]
    fn clocks_read_as_a_club_clock_does() {
        let byoyomi = TimeControl::Byoyomi {
            main_ms: 600_000,
            periods: 3,
            period_ms: 30_000,
        };
        assert_eq!(
            read(face(byoyomi, &[], 19_500), Color::Black, false),
            "9:41 +3×30s"
        );
        assert_eq!(
            read(face(byoyomi, &[], 0), Color::White, true),
            "10:00 +3x30s"
        );
        // Main time gone: 12 s into the first period.
        assert_eq!(
            read(face(byoyomi, &[600_000], 12_000), Color::Black, false),
            "byo-yomi 3×30s 0:18"
        );
        // 31 s: the first period is used up, 29 s of the second left.
        assert_eq!(
            read(face(byoyomi, &[600_000], 31_000), Color::Black, false),
            "byo-yomi 2×30s 0:29"
        );
        let absolute = TimeControl::Absolute { main_ms: 300_000 };
        assert_eq!(
            read(face(absolute, &[60_000], 240_500), Color::Black, false),
            "0:00"
        );
        assert_eq!(
            read(face(absolute, &[60_000], 1_000), Color::Black, false),
            "3:59"
        );
        assert_eq!(
            read(face(TimeControl::None, &[], 5), Color::Black, false),
            "no clock"
        );
        let ja = |face: ClockFace| crate::words::dial(Lang::Ja, face.dial(Color::Black), false);
        assert_eq!(ja(face(byoyomi, &[], 19_500)), "9:41 +3×30秒");
        assert_eq!(ja(face(byoyomi, &[600_000], 12_000)), "秒読み 3×30秒 0:18");
        assert_eq!(ja(face(TimeControl::None, &[], 5)), "時計なし");
    }
}
