//! What the analysis says of each chain: its status, the reason, the
//! proof, and the bounds of the work. Plain data at the middle of the life
//! module: the analysis (`status`) fills it in, the estimate completes it,
//! the draft and the front ends read it.

use super::proof::Proof;
use crate::color::Color;
use crate::point::Point;

/// A chain's life or death under Article 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The opponent, moving first, cannot take it for good; it has no dame.
    Alive,
    /// The opponent, moving first, captures it and nothing of its owner stays.
    Dead,
    /// Alive, but next to a dame nobody can fill (Art. 8 セキ石): no territory.
    Seki,
    /// The search bound was reached: the players must decide.
    Unsettled,
}

/// Why a chain has its status: the facts of the verdict, which a front end
/// puts into the player's words (the core writes no sentences).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Unconditionally alive (Benson): no sequence of moves can take it.
    Benson,
    /// Alive: its territory is too large for an invader to live in.
    LargeTerritory,
    /// Alive: whatever is played first, one answer makes it unconditionally
    /// alive ([`Proof::Lives`]).
    LivesByAnswer,
    /// Alive: whatever is played first, an answer leaves it living by one
    /// answer ([`Proof::LivesByTwo`]).
    LivesByTwoAnswers,
    /// Unsettled: it borders an open area of `room` empty points, where
    /// play has not ended.
    BordersOpenArea { room: usize },
    /// Unsettled: its area has `empties` empty points, more than the
    /// search takes (`max`).
    AreaTooLarge { empties: usize, max: usize },
    /// Unsettled: `attacker` captures at `first`, but the chain faces an
    /// open area of `room` empty points where its owner may establish
    /// stones again (Art. 7.1).
    CapturedFacingOpen {
        attacker: Color,
        first: Point,
        room: usize,
    },
    /// Dead: `attacker` captures at `first` against every defence, `ko`
    /// when the capture holds under the Art. 7.2 ko rule.
    Captured {
        attacker: Color,
        first: Point,
        ko: bool,
    },
    /// Unsettled: `attacker` captures at `first`, but the capturing stones
    /// are dead themselves, or nothing shows them alive, so its owner may
    /// take them back and stand there again (Art. 7.1, see
    /// `super::answered`).
    CaptureAnswered { attacker: Color, first: Point },
    /// Alive: `attacker`, moving first, cannot capture it for good.
    Holds { attacker: Color },
    /// Unsettled: `attacker` cannot capture it inside its area, but it
    /// may join the chain at `wall`, or share its liberties, and nothing
    /// proves that chain alive: the hold is only as good as the wall.
    LeansOn { attacker: Color, wall: Point },
    /// Dead: inside `attacker`'s territory, closed by living stones and too
    /// small to be open.
    Enclosed { attacker: Color },
    /// Unsettled: inside `attacker`'s territory, but the `nodes` the
    /// search read on it (over every try and slice) did not prove its
    /// capture against every defence.
    InvaderUnproven { attacker: Color, nodes: u64 },
    /// Unsettled: the budget ran out after the search had read `nodes` on
    /// it, over every try and slice; 0 when the position's budget went to
    /// other chains before its turn.
    BudgetRanOut { nodes: u64 },
    /// Alive: a ko stone of the living group at `group`; taking it and
    /// filling the ko does not take the group (万年コウ).
    KoStoneOfLiving { group: Point },
    /// Unsettled: a ko stone of the group at `group`, which the search did
    /// not settle.
    KoStoneOfUnsettled { group: Point },
    /// Seki: neither side can capture, and a dame stays (Art. 8).
    Seki,
    /// Not judged: no area held the chain.
    NotJudged,
    /// Estimated, not proven: its owner kept its points in `kept`
    /// thousandths of the estimate's playouts (`super::estimate`).
    Estimated { kept: u32 },
}

/// The share of playouts, in thousandths, within which of an even split
/// an estimate is doubtful ([`ChainVerdict::is_doubtful`]): kept in more
/// than 250 and fewer than 750 of a thousand.
pub const DOUBT_PER_MILLE: u32 = 250;

/// The verdict on one chain, with the reason a player can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainVerdict {
    /// The stones of the chain, sorted.
    pub stones: Vec<Point>,
    /// The chain's colour.
    pub color: Color,
    /// Alive, dead, seki or unsettled.
    pub status: Status,
    /// Why, e.g. White captures at B1 even under 7.2.
    pub reason: Reason,
    /// For a dead chain, the capture against every defence, which
    /// [`Proof::verify`] replays: no chain is dead without one. For a
    /// living chain that owns a territory, [`Proof::Lives`] where one answer
    /// to any first move makes it unconditionally alive.
    pub proof: Option<Proof>,
}

impl ChainVerdict {
    /// Whether the verdict rests on a proof or on a static fact (Benson,
    /// territory, enclosure) rather than on an estimate: only such a
    /// verdict may overrule what a player or an engine proposes.
    #[must_use]
    pub fn is_proven(&self) -> bool {
        self.status != Status::Unsettled && !matches!(self.reason, Reason::Estimated { .. })
    }

    /// Whether the verdict is an estimate its playouts barely carry: its
    /// owner kept its points in more than a quarter and less than three
    /// quarters of them ([`DOUBT_PER_MILLE`]). Such a verdict is the
    /// draft's best guess, but a count that rests on it must show the
    /// other outcome: on finished games between programs the estimates
    /// that named the wrong winner were of this kind.
    #[must_use]
    pub fn is_doubtful(&self) -> bool {
        let Reason::Estimated { kept } = self.reason else {
            return false;
        };
        match self.status {
            Status::Unsettled => false,
            Status::Dead => kept > DOUBT_PER_MILLE,
            Status::Alive | Status::Seki => kept < 1000 - DOUBT_PER_MILLE,
        }
    }

    /// Whether the verdict may overrule an engine's reading: proven, and
    /// not alive by the large-territory rule alone, which prunes the
    /// search but is a rule of thumb about room, not a reading of the
    /// chain (an engine that reads the chain dead keeps its view).
    #[must_use]
    pub fn overrules(&self) -> bool {
        self.is_proven() && self.reason != Reason::LargeTerritory
    }
}

/// How much work the analysis may do; past these bounds chains are
/// [`Status::Unsettled`] instead of taking longer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Search nodes for one chain.
    pub nodes_per_chain: u64,
    /// Search nodes for the whole position.
    pub nodes_total: u64,
    /// The most empty points an area may have and still be searched.
    pub max_area: usize,
    /// Search nodes spent after `nodes_total`, on the chains the complete
    /// draft still leaves unsettled alone: the fights neither a proof
    /// within the total nor the estimate's playouts decide, which reading
    /// deeper often does.
    pub nodes_unsettled: u64,
}

impl Default for Limits {
    /// Bounds that keep a stopped 19×19 position under 200 ms at the 95th
    /// percentile (`cargo bench -p kaisho-core --bench life`); a caller with
    /// more time gives further slices through [`super::Reading`].
    fn default() -> Limits {
        Limits {
            nodes_per_chain: 25_000,
            nodes_total: 50_000,
            max_area: 60,
            nodes_unsettled: 50_000,
        }
    }
}

impl Limits {
    /// The limits for reading `quota` more nodes after `spent`: the total
    /// grows by the quota, and so does what one chain may take, since the
    /// quota may go to a single chain.
    #[must_use]
    pub fn read_on(&self, spent: u64, quota: u64) -> Limits {
        Limits {
            nodes_total: spent.saturating_add(quota),
            nodes_per_chain: self.nodes_per_chain.saturating_add(quota),
            ..*self
        }
    }

    /// A first look: no search nodes, so only what needs no reading
    /// (Benson, territories, open walls) is settled; the ending screen
    /// opens with it and a [`super::Reading`] deepens it slice by slice.
    #[must_use]
    pub fn first_look() -> Limits {
        Limits {
            nodes_per_chain: 0,
            nodes_total: 0,
            nodes_unsettled: 0,
            ..Limits::default()
        }
    }
}

/// Every chain's verdict, and the nodes the search spent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// One verdict per chain, in board order (top row first).
    pub chains: Vec<ChainVerdict>,
    /// Search nodes spent.
    pub nodes: u64,
}

impl Analysis {
    /// The verdict on the chain through `p`, if a stone stands there.
    #[must_use]
    pub fn at(&self, p: Point) -> Option<&ChainVerdict> {
        self.chains.iter().find(|c| c.stones.contains(&p))
    }

    /// The status of the chain through `p`, if a stone stands there.
    #[must_use]
    pub fn status(&self, p: Point) -> Option<Status> {
        self.at(p).map(|c| c.status)
    }

    /// Every stone of every dead chain, sorted: the automatic draft.
    #[must_use]
    pub fn dead(&self) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .chains
            .iter()
            .filter(|c| c.status == Status::Dead)
            .flat_map(|c| c.stones.iter().copied())
            .collect();
        out.sort_unstable();
        out
    }

    /// The estimated chains whose verdict the playouts barely carry
    /// ([`ChainVerdict::is_doubtful`]).
    pub fn doubtful(&self) -> impl Iterator<Item = &ChainVerdict> {
        self.chains.iter().filter(|c| c.is_doubtful())
    }

    /// The chains the search could not settle, for the players to decide.
    pub fn unsettled(&self) -> impl Iterator<Item = &ChainVerdict> {
        self.chains.iter().filter(|c| c.status == Status::Unsettled)
    }
}
