//! The events a game is made of. A game is its settings plus these, in order.

use crate::color::Color;
use crate::point::Point;

/// One thing a player did. Every event names its actor so that a replay, a
/// save or a peer can check it without any context but the game so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A stone on `point`.
    Play { color: Color, point: Point },
    /// A pass (着手放棄). Two in a row stop the game (Art. 9.1).
    Pass { color: Color },
    /// Resignation (Art. 11), at any time before the end.
    Resign { color: Color },
    /// `color` ran out of time (1949 Art. 37.2).
    TimeLoss { color: Color },
    /// After a whole-board repetition, `by` proposes no-result (Art. 12).
    OfferNoResult { by: Color },
    /// The other player consents: the game ends without result (無勝負).
    AcceptNoResult { by: Color },
    /// A player refuses no-result; from now on a move that recreates an
    /// earlier position is refused (Net Kiin Art. 16).
    DeclineNoResult { by: Color },
    /// After stoppage, `by` proposes which stones are dead (a proposal or a
    /// counter-proposal; Art. 9.2, Net Kiin Art. 12).
    Propose { by: Color, dead: Vec<Point> },
    /// `by` agrees to proposal number `proposal` (counted from 0 over the game).
    Accept { by: Color, proposal: u32 },
    /// After stoppage `by` asks to resume; the opponent moves first (Art. 9.3).
    RequestResume { by: Color },
    /// After stoppage `by` declares that no agreement is possible: both lose (Art. 13.1).
    DeclareBothLose { by: Color },
    /// 待った: `by` asks to take back their last move, with the opponent's
    /// reply to it when there is one (asked on `by`'s own turn). Only the
    /// opponent's consent withdraws it; until it is answered neither side moves.
    RequestUndo { by: Color },
    /// The opponent consents: the asker's move (and the reply) is withdrawn,
    /// the position and the turn are as before it, and both the moves and
    /// this stay in the record.
    AcceptUndo { by: Color },
    /// The opponent refuses: the move stands and play goes on.
    DeclineUndo { by: Color },
    /// After stoppage `by` opens a play-out (確認) over the chains through
    /// `area`, stones of one colour: a scratch copy of the position on which
    /// their opponent moves first. The game's position does not change.
    OpenPlayout { by: Color, area: Vec<Point> },
    /// A stone on the open play-out's scratch board.
    PlayoutPlay { color: Color, point: Point },
    /// A pass on the scratch board; it counts for the oldest ko its side
    /// may not retake (Art. 7.2).
    PlayoutPass { color: Color },
    /// `by` closes the play-out: the scratch board is dropped and its
    /// verdict kept, to be offered as marks.
    ClosePlayout { by: Color },
}

impl Event {
    /// The player who caused the event.
    #[must_use]
    pub fn actor(&self) -> Color {
        match *self {
            Event::Play { color, .. }
            | Event::Pass { color }
            | Event::Resign { color }
            | Event::TimeLoss { color }
            | Event::PlayoutPlay { color, .. }
            | Event::PlayoutPass { color } => color,
            Event::OfferNoResult { by }
            | Event::AcceptNoResult { by }
            | Event::DeclineNoResult { by }
            | Event::Propose { by, .. }
            | Event::Accept { by, .. }
            | Event::RequestResume { by }
            | Event::DeclareBothLose { by }
            | Event::RequestUndo { by }
            | Event::AcceptUndo { by }
            | Event::DeclineUndo { by }
            | Event::OpenPlayout { by, .. }
            | Event::ClosePlayout { by } => by,
        }
    }

    /// Whether the event belongs to a request to take back a move.
    #[must_use]
    pub fn is_undo(&self) -> bool {
        matches!(
            self,
            Event::RequestUndo { .. } | Event::AcceptUndo { .. } | Event::DeclineUndo { .. }
        )
    }

    /// Whether the event belongs to a play-out, which leaves the game's
    /// position and phase as they were.
    #[must_use]
    pub fn is_playout(&self) -> bool {
        matches!(
            self,
            Event::OpenPlayout { .. }
                | Event::PlayoutPlay { .. }
                | Event::PlayoutPass { .. }
                | Event::ClosePlayout { .. }
        )
    }
}
