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
    /// The hard cap: after this many search nodes in all, what is still
    /// open stays unsettled for the players to decide.
    cap: u64,
    slices: u32,
    /// The marks as the draft last set them; marks that differ were
    /// changed by hand, and the draft no longer touches them.
    drafted: Vec<Point>,
}

impl std::fmt::Debug for DraftReading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DraftReading")
            .field("nodes", &self.reading.analysis().nodes)
            .field("cap", &self.cap)
            .field("slices", &self.slices)
            .finish_non_exhaustive()
    }
}

impl DraftReading {
    /// The draft of `board`: what is proven at once and the estimate for
    /// the rest, read on by later slices up to the default total of
    /// [`Limits`].
    #[must_use]
    pub fn start(board: &Board) -> DraftReading {
        let reading = Reading::new(board, Limits::first_look());
        let drafted = reading.analysis().dead();
        DraftReading {
            reading,
            cap: Limits::default().nodes_total,
            slices: 0,
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
        !self.reading.done() && self.spent() < self.cap
    }

    /// The chains still being read: not yet proven, while the cap is not
    /// reached.
    pub fn pending(&self) -> impl Iterator<Item = &[Point]> {
        let open = self.open();
        self.analysis()
            .chains
            .iter()
            .filter(move |c| open && !c.is_proven())
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

    fn spent(&self) -> u64 {
        u64::from(self.slices) * SLICE_NODES
    }

    /// One more slice. `marks` follow the new draft only if they still are
    /// what the draft last set (a player's edits are never overwritten).
    pub fn slice(&mut self, marks: &mut Vec<Point>) {
        if !self.open() {
            return;
        }
        let quota = SLICE_NODES.min(self.cap - self.spent());
        self.slices += 1;
        let dead = self.reading.step(quota).dead();
        if *marks == self.drafted {
            marks.clone_from(&dead);
        }
        self.drafted = dead;
    }
}
