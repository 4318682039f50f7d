//! A review's question to the engine and its answer, as data: what the
//! shell is asked to find out ([`EngineAsk`]), what the engine said
//! ([`EngineSaw`]), and where a review's question stands ([`Asked`]). Kept
//! apart from `engine_view`, which acts on them, so the review can hold
//! its question without importing the module that steps it.

use kaisho_core::{Event, Game};
use kaisho_saves::sgf::NodePath;

/// What the shell asks the engine: the position at a review's node.
#[derive(Clone, Debug)]
pub struct EngineAsk {
    /// The command line that starts the engine in GTP mode.
    pub command: String,
    /// The position, with play resumed when it follows two passes, so the
    /// engine's move is checked by the rules as a move tried there is.
    pub position: Game,
    /// The seconds the engine may think for its move.
    pub limit_secs: u64,
}

/// Two questions are the same when they go to the same engine about the
/// same position: the same settings and the same events leading to it
/// (`Game` itself has no equality, its caches aside).
impl PartialEq for EngineAsk {
    fn eq(&self, other: &EngineAsk) -> bool {
        self.command == other.command
            && self.limit_secs == other.limit_secs
            && self.position.settings() == other.position.settings()
            && self.position.events() == other.position.events()
    }
}

/// The engine's answer: its move for the side to play (a play, a pass or
/// a resignation), and its estimate of the score when it gives one
/// (`B+3.5`, `W+0.5`, `0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSaw {
    pub best: Event,
    pub score: Option<String>,
}

/// Where a review's question to the engine stands: asked at `node`, or
/// answered there. `who` names the engine as the panel and the comment do
/// (`GNU Go (level 10)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    Waiting {
        node: NodePath,
        who: String,
    },
    Answered {
        node: NodePath,
        who: String,
        saw: EngineSaw,
    },
}
