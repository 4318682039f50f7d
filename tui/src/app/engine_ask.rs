//! A review's question to the engine and its answer, as data: what the
//! shell is asked to find out ([`EngineAsk`]), what the engine said
//! ([`EngineSaw`]), and where a review's question stands ([`Asked`]). Kept
//! apart from `engine_view`, which acts on them, so the review can hold
//! its question without importing the module that steps it.

use kaisho_core::{Event, Game};
use kaisho_saves::sgf::{Moved, NodePath};

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

impl Asked {
    /// The question's node as a path of the record as written, after
    /// another copy's additions took indices first (`Review::kept`).
    pub fn moved(&mut self, moved: &Moved) {
        let (Asked::Waiting { node, .. } | Asked::Answered { node, .. }) = self;
        *node = moved.path(node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::{Color, Point};
    use kaisho_saves::sgf::{Applied, SgfTree, TreeEdit};

    /// A question asked at a move this copy added is still about that
    /// move once another copy's move has taken its index in the record.
    #[test]
    fn the_question_follows_its_node_when_another_copy_wrote_first() {
        let text = "(;GM[1]SZ[9];B[ee])";
        let ours = TreeEdit::Try {
            at: NodePath::from_indices(vec![0]),
            color: Color::White,
            point: Some(Point::new(2, 2)),
        };
        let mut here = SgfTree::parse(text).unwrap();
        let landed = here.apply(&ours).unwrap();
        let mut on_disk = SgfTree::parse(text).unwrap();
        let theirs = TreeEdit::Try {
            at: NodePath::from_indices(vec![0]),
            color: Color::White,
            point: Some(Point::new(6, 6)),
        };
        on_disk.apply(&theirs).unwrap();
        let moved = on_disk
            .replay(&[Applied {
                edit: ours,
                landed: landed.clone(),
            }])
            .unwrap();
        let mut asked = Asked::Waiting {
            node: landed,
            who: "GNU Go".to_string(),
        };
        asked.moved(&moved);
        let Asked::Waiting { node, .. } = asked else {
            unreachable!()
        };
        assert_eq!(node, NodePath::from_indices(vec![0, 1]));
    }
}
