//! The Article 7 draft read beside the ending, not in front of it: the
//! ending screen opens with what is proven at once (Benson, trivial areas)
//! and the estimate for the rest, and each [`super::Msg::Read`] gives the
//! search one more node quota, so keys keep working while it reads and
//! proofs replace estimates as they come. The quotas are node counts, never
//! times, so both sides of a network game reach the same draft.

use kaisho_core::Board;
use kaisho_core::Point;
use kaisho_core::life::{Analysis, ChainVerdict, Limits, Reading, Status};

/// How often the loops read the draft while it is open: one frame of
/// verdicts each time.
pub const READ_SLICE: std::time::Duration = std::time::Duration::from_millis(20);

/// How long the loops read at each [`READ_SLICE`] tick, one
/// [`super::Msg::Read`] after another: most of the tick, so that the draft
/// fills in at the speed of the search instead of one slice a tick, while
/// a key waits at most this and one slice.
pub const READ_BURST: std::time::Duration = std::time::Duration::from_millis(15);

/// Search nodes one slice may spend. Each slice analyses the position
/// again, so fewer, larger slices read the draft sooner; a key waits
/// behind at most [`READ_BURST`] and one slice (56 ms at worst on the
/// stopped 19×19 positions of the records, `cargo bench -p kaisho --bench
/// draft`).
pub const SLICE_NODES: u64 = 5_000;

/// A draft still being read, and the marks it last set.
pub struct DraftReading {
    reading: Reading,
    /// The limits read to: `nodes_total` on every chain, then
    /// `nodes_unsettled` on the chains the draft still leaves unsettled,
    /// as `kaisho score` reads them; after that, what is still open stays
    /// unsettled for the players to decide.
    limits: Limits,
    /// The search nodes the slices have given so far.
    spent: u64,
    /// A slice on the unsettled chains alone read nothing: the search
    /// takes none of them (their areas are open or too large), so further
    /// slices would only analyse the same position again.
    stalled: bool,
    /// The marks as the draft last set them; marks that differ were
    /// changed by hand, and the draft no longer touches them.
    drafted: Vec<Point>,
}

impl std::fmt::Debug for DraftReading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DraftReading")
            .field("nodes", &self.reading.analysis().nodes)
            .field("limits", &self.limits)
            .field("spent", &self.spent)
            .finish_non_exhaustive()
    }
}

impl DraftReading {
    /// The draft of `board`: what is proven at once and the estimate for
    /// the rest, read on by later slices up to the default totals of
    /// [`Limits`].
    #[must_use]
    pub fn start(board: &Board) -> DraftReading {
        let reading = Reading::new(board, Limits::first_look());
        let drafted = reading.analysis().dead();
        DraftReading {
            reading,
            limits: Limits::default(),
            spent: 0,
            stalled: false,
            drafted,
        }
    }

    /// The verdicts so far.
    #[must_use]
    pub fn analysis(&self) -> &Analysis {
        self.reading.analysis()
    }

    /// The dead stones the draft marks so far, proven or estimated.
    #[must_use]
    pub fn drafted(&self) -> &[Point] {
        &self.drafted
    }

    /// Whether more slices may still settle something.
    #[must_use]
    pub fn open(&self) -> bool {
        !self.reading.done()
            && (self.spent < self.limits.nodes_total
                || (self.deeper() && !self.stalled && self.unsettled().next().is_some()))
    }

    /// Whether the slices read on the unsettled chains alone: the total on
    /// every chain is spent, the budget for the unsettled ones is not.
    fn deeper(&self) -> bool {
        let total = self.limits.nodes_total;
        (total..total.saturating_add(self.limits.nodes_unsettled)).contains(&self.spent)
    }

    /// The chains still being read: not yet proven while the total on
    /// every chain lasts, then the unsettled ones while theirs lasts.
    pub fn pending(&self) -> impl Iterator<Item = &[Point]> {
        let open = self.open();
        let deeper = self.deeper();
        self.analysis()
            .chains
            .iter()
            .filter(move |c| open && !c.is_proven() && (!deeper || c.status == Status::Unsettled))
            .map(|c| c.stones.as_slice())
    }

    /// The chains neither a proof nor the estimate settles: a `?` stays on
    /// them while the draft reads and after, for the players to decide.
    pub fn unsettled(&self) -> impl Iterator<Item = &ChainVerdict> {
        self.analysis().unsettled()
    }

    /// The chains whose verdict is estimated, not proven (yet).
    pub fn estimated(&self) -> impl Iterator<Item = &ChainVerdict> {
        self.analysis()
            .chains
            .iter()
            .filter(|c| c.status != Status::Unsettled && !c.is_proven())
    }

    /// The estimated chains the board marks with `~`: those marked dead
    /// in `marks` (an estimated alive chain is counted, not marked). The
    /// panel counts these, so that it says what the board shows.
    pub fn marked_estimates<'a>(
        &'a self,
        marks: &'a [Point],
    ) -> impl Iterator<Item = &'a ChainVerdict> + 'a {
        self.estimated()
            .filter(move |c| marks.contains(&c.stones[0]))
    }

    /// One more slice. `marks` follow the new draft only if they still are
    /// what the draft last set (a player's edits are never overwritten).
    pub fn slice(&mut self, marks: &mut Vec<Point>) {
        if !self.open() {
            return;
        }
        let total = self.limits.nodes_total;
        let deeper = self.spent >= total;
        let cap = if deeper {
            total.saturating_add(self.limits.nodes_unsettled)
        } else {
            total
        };
        let quota = SLICE_NODES.min(cap - self.spent);
        self.spent += quota;
        let read = self.reading.proven().nodes;
        let dead = if deeper {
            self.reading.step_unsettled(quota)
        } else {
            self.reading.step(quota)
        }
        .dead();
        self.stalled = deeper && self.reading.proven().nodes == read;
        if *marks == self.drafted {
            marks.clone_from(&dead);
        }
        self.drafted = dead;
    }
}
