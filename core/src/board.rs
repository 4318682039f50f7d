//! The board: stones, chains, liberties, captures (J1989 Art. 4–6).
//!
//! Cells live in a padded array with a border of off-board sentinels so that
//! neighbours are plain offsets. Each chain keeps a circular list of its
//! stones and a count of pseudo-liberties (an empty point counted once per
//! adjacent stone), which is zero exactly when the chain has no liberty;
//! that keeps a move's legality, captures and hash update proportional to
//! the stones touched.

use crate::color::Color;
use crate::point::{BoardSize, MAX_SIZE, Point};
use crate::zobrist;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Cell {
    Black = 0,
    White = 1,
    Empty = 2,
    Edge = 3,
}

impl Cell {
    fn of(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            Cell::Empty | Cell::Edge => None,
        }
    }
}

/// Why a stone cannot be played on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point is not on the board.
    OffBoard,
    /// A stone already stands there (Art. 3).
    Occupied,
    /// The stone would have no liberty and captures nothing (Art. 4).
    Suicide,
    /// It retakes a ko immediately (Art. 6).
    Ko,
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "the point is off the board",
            IllegalMove::Occupied => "the point is occupied",
            IllegalMove::Suicide => "suicide: the stone would have no liberty (Art. 4)",
            IllegalMove::Ko => "ko: the stone cannot be retaken at once (Art. 6)",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// Words of the bit set that marks points of the largest board with its
/// edge, for [`Board::liberties`].
const LIBERTY_WORDS: usize = ((MAX_SIZE as usize + 2) * (MAX_SIZE as usize + 2)).div_ceil(64);

/// The liberties of one chain as [`Board::chain_liberties`] read them.
#[derive(Clone, Copy, Debug)]
pub struct ChainLiberties {
    /// A cell of the chain.
    cell: usize,
    set: [u64; LIBERTY_WORDS],
    count: usize,
}

/// What a legal stone did to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Opponent stones removed by this move.
    pub captured: u32,
    /// The point the opponent may not retake on the next move, if this move took a ko.
    pub ko: Option<Point>,
}

/// A position: stones on a board of one size, and the basic-ko point.
pub struct Board {
    size: u8,
    stride: usize,
    cells: Vec<Cell>,
    /// Representative cell of the chain each stone belongs to.
    head: Vec<u16>,
    /// Next stone in the same chain (a circular list).
    next: Vec<u16>,
    /// Pseudo-liberties, valid at a chain's representative.
    libs: Vec<u16>,
    /// Stones in the chain, valid at a chain's representative.
    stones: Vec<u16>,
    ko: Option<u16>,
    hash: u64,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            stride: self.stride,
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            libs: self.libs.clone(),
            stones: self.stones.clone(),
            ko: self.ko,
            hash: self.hash,
        }
    }

    /// Copies `source` into the buffers already held, so that a search
    /// trying many moves from one position allocates nothing per move.
    fn clone_from(&mut self, source: &Board) {
        self.size = source.size;
        self.stride = source.stride;
        self.cells.clone_from(&source.cells);
        self.head.clone_from(&source.head);
        self.next.clone_from(&source.next);
        self.libs.clone_from(&source.libs);
        self.stones.clone_from(&source.stones);
        self.ko = source.ko;
        self.hash = source.hash;
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells && self.ko == other.ko
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("rows", &self.rows())
            .field("ko", &self.ko())
            .finish()
    }
}

impl Board {
    /// An empty board.
    #[must_use]
    pub fn new(size: BoardSize) -> Board {
        let size = size.get();
        let stride = usize::from(size) + 2;
        let cells = (0..stride * stride)
            .map(|i| {
                let (r, c) = (i / stride, i % stride);
                if r == 0 || c == 0 || r == stride - 1 || c == stride - 1 {
                    Cell::Edge
                } else {
                    Cell::Empty
                }
            })
            .collect();
        let n = stride * stride;
        Board {
            size,
            stride,
            cells,
            head: vec![0; n],
            next: vec![0; n],
            libs: vec![0; n],
            stones: vec![0; n],
            ko: None,
            hash: 0,
        }
    }

    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The board's size as a checked [`BoardSize`], to make another board
    /// like it.
    #[must_use]
    pub fn board_size(&self) -> BoardSize {
        BoardSize::of_board(self.size)
    }

    /// The Zobrist hash of the stones (the side to move is the game's business).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point that may not be played on the next move because of basic ko.
    #[must_use]
    pub fn ko(&self) -> Option<Point> {
        self.ko.map(|i| self.point(usize::from(i)))
    }

    /// The stone on `p`, if any. Points off the board read as empty.
    #[must_use]
    pub fn get(&self, p: Point) -> Option<Color> {
        if p.is_on(self.size) {
            self.cells[self.index(p)].color()
        } else {
            None
        }
    }

    #[inline]
    fn index(&self, p: Point) -> usize {
        (usize::from(p.row) + 1) * self.stride + usize::from(p.col) + 1
    }

    #[inline]
    fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    #[inline]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The orthogonal neighbours of `p` that lie on the board (above,
    /// left, right, below), found from its coordinates without a division,
    /// since the life search asks this at every point it looks at.
    pub fn adjacent(&self, p: Point) -> impl Iterator<Item = Point> + use<> {
        let (col, row, n) = (p.col, p.row, self.size);
        [
            (row > 0).then(|| Point::new(col, row - 1)),
            (col > 0).then(|| Point::new(col - 1, row)),
            (col < n.saturating_sub(1)).then(|| Point::new(col + 1, row)),
            (row < n.saturating_sub(1)).then(|| Point::new(col, row + 1)),
        ]
        .into_iter()
        .flatten()
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        let n = self.size;
        (0..n).flat_map(move |row| (0..n).map(move |col| Point::new(col, row)))
    }

    /// How many stones of each colour stand on the board (`[black, white]`).
    #[must_use]
    pub fn stone_counts(&self) -> [u32; 2] {
        let mut counts = [0; 2];
        for cell in &self.cells {
            if let Some(c) = cell.color() {
                counts[c.index()] += 1;
            }
        }
        counts
    }

    /// The stones of the chain through `p` (empty if `p` holds no stone).
    #[must_use]
    pub fn chain(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        let start = self.index(p);
        let mut out = Vec::with_capacity(usize::from(self.stones[usize::from(self.head[start])]));
        self.walk_chain(start, |i| out.push(self.point(i)));
        out
    }

    /// The distinct liberties of the chain through `p`, sorted (empty if
    /// `p` holds no stone). The life search asks this at every node, so it
    /// walks the chain's ring and marks points in a bit set on the stack.
    #[must_use]
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut out = Vec::new();
        self.each_liberty(p, |i| out.push(self.point(i)));
        out.sort_unstable();
        out
    }

    /// How many distinct liberties the chain through `p` has (0 if `p`
    /// holds no stone): [`Board::liberties`]' length without building the
    /// list, for the searches that only compare it.
    #[must_use]
    pub fn liberty_count(&self, p: Point) -> usize {
        let mut count = 0;
        self.each_liberty(p, |_| count += 1);
        count
    }

    /// Calls `found` once with the cell of each distinct liberty of the
    /// chain through `p`, in the order the chain's ring meets them.
    fn each_liberty(&self, p: Point, found: impl FnMut(usize)) {
        if self.get(p).is_some() {
            self.each_liberty_of_cell(self.index(p), found);
        }
    }

    /// [`Board::each_liberty`] of the chain on cell `start`, a stone.
    fn each_liberty_of_cell(&self, start: usize, mut found: impl FnMut(usize)) {
        let mut seen = [0u64; LIBERTY_WORDS];
        self.walk_chain(start, |i| {
            for n in self.neighbours(i) {
                let bit = 1u64 << (n % 64);
                if self.cells[n] == Cell::Empty && seen[n / 64] & bit == 0 {
                    seen[n / 64] |= bit;
                    found(n);
                }
            }
        });
    }

    /// The padded cell of `p`, a point on the board: the static tests that
    /// walk regions cell by cell (`life::search::closure`) read the board
    /// through the cell-level view below, which spares them converting
    /// every neighbour to a point and back.
    pub(crate) fn cell(&self, p: Point) -> usize {
        self.index(p)
    }

    /// How many cells the board has, its edge included: the size of a
    /// table by cell.
    pub(crate) fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// The four cells beside cell `i` of the board (above, left, right,
    /// below), edge cells among them.
    pub(crate) fn cells_beside(&self, i: usize) -> [usize; 4] {
        self.neighbours(i)
    }

    /// What cell `i` holds: `None` off the board, else its stone, if any.
    pub(crate) fn at_cell(&self, i: usize) -> Option<Option<Color>> {
        match self.cells[i] {
            Cell::Edge => None,
            cell => Some(cell.color()),
        }
    }

    /// Whether cells `a` and `b` hold stones of one chain.
    pub(crate) fn same_chain_cells(&self, a: usize, b: usize) -> bool {
        self.cells[a].color().is_some()
            && self.cells[b].color().is_some()
            && self.head[a] == self.head[b]
    }

    /// The cells of the chain on cell `i`, a stone, appended to `out`.
    pub(crate) fn chain_cells_into(&self, i: usize, out: &mut Vec<usize>) {
        self.walk_chain(i, |c| out.push(c));
    }

    /// The cells of the liberties of the chain on cell `i`, a stone,
    /// appended to `out`.
    pub(crate) fn liberty_cells_into(&self, i: usize, out: &mut Vec<usize>) {
        self.each_liberty_of_cell(i, |n| out.push(n));
    }

    /// The liberties of the chain through `q`, read once so that the
    /// children of a search node, each a quiet stone (see
    /// [`Board::quiet_stone`]), need not walk the chain again; `None` if
    /// `q` is empty or off the board.
    #[must_use]
    pub fn chain_liberties(&self, q: Point) -> Option<ChainLiberties> {
        if !q.is_on(self.size) || self.get(q).is_none() {
            return None;
        }
        let mut set = [0u64; LIBERTY_WORDS];
        let mut count = 0;
        self.each_liberty(q, |n| {
            set[n / 64] |= 1u64 << (n % 64);
            count += 1;
        });
        Some(ChainLiberties {
            cell: self.index(q),
            set,
            count,
        })
    }

    /// What a stone of `color` on `p`, a legal move ([`Board::check`]),
    /// would leave if it captures nothing, without playing it: the hash of
    /// the stones, and how many liberties the chain of `known` (read on
    /// this board) would have. `None` if the stone would capture, which
    /// `in_atari` tells of the chains beside it by their
    /// [`Board::chain_at`] numbers (`Board::chain_liberty_count` of one,
    /// which the search remembers for all the children of a node). The life
    /// search keys and scores every child of a node this way before it
    /// plays the one it descends into; its move list holds legal moves
    /// only, so the check is not made twice (debug builds assert it). A
    /// stone that does not join the chain only takes the liberty it stands
    /// on, and one that joins it adds the liberties of the other chains it
    /// joins to those `known` holds, so no child costs a walk along the
    /// chain itself.
    #[must_use]
    pub fn quiet_stone(
        &self,
        color: Color,
        p: Point,
        known: &ChainLiberties,
        mut in_atari: impl FnMut(u16) -> bool,
    ) -> Option<(u64, usize)> {
        debug_assert!(self.check(color, p).is_ok(), "{color} at {p:?} is illegal");
        let i = self.index(p);
        let (own, theirs) = (Cell::of(color), Cell::of(color.opponent()));
        let ns = self.neighbours(i);
        if ns
            .iter()
            .any(|&n| self.cells[n] == theirs && in_atari(self.head[n]))
        {
            return None;
        }
        let hash = self.hash ^ zobrist::stone(i, color);
        let j = known.cell;
        let joins = self.cells[j] == own
            && ns
                .iter()
                .any(|&n| self.cells[n] == own && self.head[n] == self.head[j]);
        if !joins {
            let filled = known.set[i / 64] >> (i % 64) & 1;
            return Some((hash, known.count - filled as usize));
        }
        // The joined chain's liberties are those of `known`, less `p`, and
        // those of the other chains the stone joins and of `p` itself:
        // only the other chains are walked.
        let mut seen = known.set;
        let p_bit = 1u64 << (i % 64);
        let mut count = known.count - usize::from(seen[i / 64] & p_bit != 0);
        seen[i / 64] |= p_bit;
        let mut mark = |n: usize, seen: &mut [u64; LIBERTY_WORDS]| {
            let bit = 1u64 << (n % 64);
            if self.cells[n] == Cell::Empty && seen[n / 64] & bit == 0 {
                seen[n / 64] |= bit;
                count += 1;
            }
        };
        let mut heads: [Option<u16>; 5] = [None, None, None, None, Some(self.head[j])];
        for (k, &n) in ns.iter().enumerate() {
            mark(n, &mut seen);
            if self.cells[n] == own && !heads.contains(&Some(self.head[n])) {
                heads[k] = Some(self.head[n]);
                self.walk_chain(n, |m| {
                    for l in self.neighbours(m) {
                        mark(l, &mut seen);
                    }
                });
            }
        }
        Some((hash, count))
    }

    /// Whether a stone of `color` on `p` would leave a chain of two or more
    /// stones with fewer than two liberties, capturing nothing: the move a
    /// playout refuses, asked for every candidate of every playout, so it
    /// walks the chains it joins without building a list.
    #[must_use]
    pub fn self_atari(&self, color: Color, p: Point) -> bool {
        if !p.is_on(self.size) {
            return false;
        }
        let i = self.index(p);
        let (own, theirs) = (Cell::of(color), Cell::of(color.opponent()));
        let ns = self.neighbours(i);
        if ns.iter().filter(|&&n| self.cells[n] == Cell::Empty).count() >= 2 {
            return false;
        }
        let mut liberties: [Option<usize>; 2] = [None; 2];
        let mut count = 0;
        let mut add = |l: usize, count: &mut usize| {
            if l != i && *count < 2 && !liberties.contains(&Some(l)) {
                liberties[*count] = Some(l);
                *count += 1;
            }
        };
        let mut stones = 1;
        let mut heads: [Option<u16>; 4] = [None; 4];
        for (k, &n) in ns.iter().enumerate() {
            if self.cells[n] == Cell::Empty {
                add(n, &mut count);
            } else if self.cells[n] == theirs
                && self.libs[usize::from(self.head[n])] <= 4
                && self.liberty_count(self.point(n)) == 1
            {
                return false;
            } else if self.cells[n] == own && !heads.contains(&Some(self.head[n])) {
                heads[k] = Some(self.head[n]);
                stones += usize::from(self.stones[usize::from(self.head[n])]);
                self.each_liberty_of_cell(n, |l| add(l, &mut count));
            }
        }
        stones >= 2 && count < 2
    }

    /// Calls `visit` with every cell of the chain through cell `start`.
    fn walk_chain(&self, start: usize, mut visit: impl FnMut(usize)) {
        let mut i = start;
        loop {
            visit(i);
            i = usize::from(self.next[i]);
            if i == start {
                break;
            }
        }
    }

    /// The stone on `p` and a number its whole chain shares while the
    /// position stands (it may change once a move is played), or `None` if
    /// `p` is empty or off the board: for a search that compares the chains
    /// around a point many times per position.
    #[must_use]
    pub fn chain_at(&self, p: Point) -> Option<(Color, u16)> {
        if !p.is_on(self.size) {
            return None;
        }
        let i = self.index(p);
        self.cells[i].color().map(|c| (c, self.head[i]))
    }

    /// What stands on the four sides of `p` (above, left, right, below, as
    /// [`Board::adjacent`]): `None` off the board, else the stone and its
    /// [`Board::chain_at`] number, if any. Read from the board's padded
    /// cells, with no point built or checked per side, since the life
    /// search asks this of every point of every node.
    #[must_use]
    pub fn around(&self, p: Point) -> [Option<Option<(Color, u16)>>; 4] {
        self.around_cell(self.index(p))
    }

    /// [`Board::around`] the cell `i` (see [`Board::cell`]).
    pub(crate) fn around_cell(&self, i: usize) -> [Option<Option<(Color, u16)>>; 4] {
        self.neighbours(i).map(|n| match self.cells[n] {
            Cell::Edge => None,
            cell => Some(cell.color().map(|c| (c, self.head[n]))),
        })
    }

    /// Whether `color` may play on the empty cell `i` (see [`Board::cell`])
    /// whose four sides are `sides` ([`Board::around_cell`] of `i` on this
    /// board): [`Board::check`] from the sides already read, for the life
    /// search's move list, which reads them anyway to score the point.
    #[must_use]
    pub(crate) fn legal_beside(
        &self,
        color: Color,
        i: usize,
        sides: &[Option<Option<(Color, u16)>>; 4],
    ) -> bool {
        debug_assert!(self.cells[i] == Cell::Empty && *sides == self.around_cell(i));
        self.ko != Some(i as u16) && self.keeps_a_liberty(color, sides)
    }

    /// Whether a stone of `color` on an empty point whose four sides are
    /// `sides` has a liberty once played: an empty side, an own chain
    /// with a liberty elsewhere, or an opponent chain it captures.
    fn keeps_a_liberty(&self, color: Color, sides: &[Option<Option<(Color, u16)>>; 4]) -> bool {
        let on_board = sides.iter().flatten();
        on_board.clone().any(|&side| match side {
            None => true,
            Some((c, head)) => {
                let touching = on_board.clone().filter(|&&s| s == side).count();
                let libs = usize::from(self.libs[usize::from(head)]);
                // An own chain keeps a liberty elsewhere; an opponent chain
                // whose every liberty is this point is captured.
                (c == color && libs > touching) || (c != color && libs == touching)
            }
        })
    }

    /// How many distinct liberties the chain numbered `chain` has (a
    /// number from [`Board::chain_at`] or [`Board::around`], read on this
    /// position): [`Board::liberty_count`] when only the number is at hand.
    #[must_use]
    pub fn chain_liberty_count(&self, chain: u16) -> usize {
        self.liberty_count(self.point(usize::from(chain)))
    }

    /// Whether the chain numbered `chain` may have as few as `count`
    /// liberties, known without walking it: a liberty is counted once per
    /// stone beside it among the chain's pseudo-liberties, so a chain with
    /// more than four per liberty asked has more. False means more.
    #[must_use]
    pub fn chain_may_have_liberties(&self, chain: u16, count: usize) -> bool {
        usize::from(self.libs[usize::from(chain)]) <= 4 * count
    }

    /// Whether the chain through `p` may be in atari: a chain with one
    /// liberty has at most four pseudo-liberties (that point counted once
    /// per stone beside it), so a chain with more has two liberties or
    /// more, known without walking it. False on an empty point.
    #[must_use]
    pub fn may_be_in_atari(&self, p: Point) -> bool {
        p.is_on(self.size)
            && self.get(p).is_some()
            && self.libs[usize::from(self.head[self.index(p)])] <= 4
    }

    /// Whether `a` and `b` hold stones of one chain.
    #[must_use]
    pub fn same_chain(&self, a: Point, b: Point) -> bool {
        a.is_on(self.size)
            && b.is_on(self.size)
            && self.same_chain_cells(self.index(a), self.index(b))
    }

    /// Places a stone without any rule check or capture: for handicap stones
    /// and set-up positions. Returns false if the point is taken or off the board.
    pub fn set_up(&mut self, color: Color, p: Point) -> bool {
        if !p.is_on(self.size) || self.get(p).is_some() {
            return false;
        }
        self.put(color, self.index(p));
        true
    }

    /// Whether `color` may play on `p` now.
    pub fn check(&self, color: Color, p: Point) -> Result<(), IllegalMove> {
        if !p.is_on(self.size) {
            return Err(IllegalMove::OffBoard);
        }
        self.check_index(color, self.index(p))
    }

    fn check_index(&self, color: Color, i: usize) -> Result<(), IllegalMove> {
        if self.cells[i] != Cell::Empty {
            return Err(IllegalMove::Occupied);
        }
        if self.ko == Some(i as u16) {
            return Err(IllegalMove::Ko);
        }
        let empty_side = self
            .neighbours(i)
            .iter()
            .any(|&n| self.cells[n] == Cell::Empty);
        if empty_side || self.keeps_a_liberty(color, &self.around_cell(i)) {
            Ok(())
        } else {
            Err(IllegalMove::Suicide)
        }
    }

    /// Plays a stone under Art. 4–6: refuses occupied points, suicide and an
    /// immediate ko retake; removes every opponent chain left without liberties.
    pub fn play(&mut self, color: Color, p: Point) -> Result<Placed, IllegalMove> {
        if !p.is_on(self.size) {
            return Err(IllegalMove::OffBoard);
        }
        let i = self.index(p);
        self.check_index(color, i)?;
        Ok(self.place(color, i))
    }

    /// A pass: clears the ko point.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    fn put(&mut self, color: Color, i: usize) {
        let own = Cell::of(color);
        self.cells[i] = own;
        self.hash ^= zobrist::stone(i, color);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.stones[i] = 1;
        let mut libs = 0;
        for n in self.neighbours(i) {
            match self.cells[n] {
                Cell::Empty => libs += 1,
                Cell::Edge => {}
                _ => {
                    let h = usize::from(self.head[n]);
                    self.libs[h] -= 1;
                }
            }
        }
        self.libs[i] = libs;
        for n in self.neighbours(i) {
            if self.cells[n] == own {
                self.merge(i, n);
            }
        }
    }

    fn place(&mut self, color: Color, i: usize) -> Placed {
        self.put(color, i);
        let theirs = Cell::of(color.opponent());
        let mut captured = 0;
        let mut last_captured = 0;
        for n in self.neighbours(i) {
            if self.cells[n] == theirs && self.libs[usize::from(self.head[n])] == 0 {
                captured += self.remove(n);
                last_captured = n;
            }
        }
        let h = usize::from(self.head[i]);
        self.ko = (captured == 1 && self.stones[h] == 1 && self.libs[h] == 1)
            .then_some(last_captured as u16);
        Placed {
            captured,
            ko: self.ko.map(|k| self.point(usize::from(k))),
        }
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (ha, hb) = (usize::from(self.head[a]), usize::from(self.head[b]));
        if ha == hb {
            return;
        }
        let (big, small) = if self.stones[ha] >= self.stones[hb] {
            (ha, hb)
        } else {
            (hb, ha)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.stones[big] += self.stones[small];
        self.libs[big] += self.libs[small];
    }

    fn remove(&mut self, start: usize) -> u32 {
        let color = self.cells[start]
            .color()
            .expect("remove is called on a stone");
        let mut removed = 0;
        let mut s = start;
        loop {
            self.cells[s] = Cell::Empty;
            self.hash ^= zobrist::stone(s, color);
            removed += 1;
            for n in self.neighbours(s) {
                if matches!(self.cells[n], Cell::Black | Cell::White) {
                    let h = usize::from(self.head[n]);
                    self.libs[h] += 1;
                }
            }
            s = usize::from(self.next[s]);
            if s == start {
                break;
            }
        }
        removed
    }

    /// The board as text rows, top first: `X` Black, `O` White, `.` empty.
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        (0..self.size)
            .map(|row| {
                (0..self.size)
                    .map(|col| match self.get(Point::new(col, row)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Builds a position from text rows (`X`/`B` Black, `O`/`W` White, anything
    /// else empty), top row first; for tests and fixtures.
    pub fn from_rows(rows: &[&str]) -> Result<Board, crate::point::SizeError> {
        let size = BoardSize::new(rows.len() as u32)?;
        let mut board = Board::new(size);
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let color = match ch {
                    'X' | 'B' | 'x' => Color::Black,
                    'O' | 'W' | 'o' => Color::White,
                    _ => continue,
                };
                board.set_up(color, Point::new(c as u8, r as u8));
            }
        }
        Ok(board)
    }
}

#[cfg(test)]
impl Board {
    /// `count` positions of `size` lines, each from a number of tries at a
    /// random legal move drawn from `tries`, with the numbers `next` gives:
    /// for the tests that check a fast reading of a position against play.
    pub(crate) fn random_positions(
        size: u32,
        count: usize,
        tries: std::ops::Range<usize>,
        mut next: impl FnMut() -> usize,
    ) -> Vec<Board> {
        let lines = size as usize;
        (0..count)
            .map(|_| {
                let mut board = Board::new(BoardSize::new(size).expect("a size"));
                let mut color = Color::Black;
                for _ in 0..(tries.start + next() % tries.len()) {
                    let p = Point::new((next() % lines) as u8, (next() % lines) as u8);
                    if board.play(color, p).is_ok() {
                        color = color.opponent();
                    }
                }
                board
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 150 random 9×9 positions of 20 to 99 tries at a move, drawn from
    /// `seed`.
    fn random_positions(seed: u64) -> Vec<Board> {
        let mut rng = crate::playout::XorShift::new(seed);
        Board::random_positions(9, 150, 20..100, move || (rng.next_u64() >> 33) as usize)
    }

    /// Calls `check` with every legal move of [`random_positions`]`(seed)`,
    /// for both colours: the position, the colour and point, the position
    /// after the move and what the move did.
    fn each_legal_move(seed: u64, mut check: impl FnMut(&Board, Color, Point, &Board, Placed)) {
        for board in random_positions(seed) {
            for p in board.points().filter(|&p| board.get(p).is_none()) {
                for color in [Color::Black, Color::White] {
                    let mut played = board.clone();
                    if let Ok(placed) = played.play(color, p) {
                        check(&board, color, p, &played, placed);
                    }
                }
            }
        }
    }

    /// `quiet_stone` tells what playing the stone would leave, on every
    /// legal move of random 9×9 positions, for both colours and for the
    /// chain of every stone: the same hash and
    /// liberty count as the stone played, and `None` exactly where the
    /// play captures.
    #[test]
    fn a_quiet_stone_reads_what_playing_it_leaves() {
        let (mut quiet, mut capturing) = (0, 0);
        each_legal_move(0x9e37_79b9_7f4a_7c15, |board, color, p, played, placed| {
            for q in board.points().filter(|&q| board.get(q).is_some()) {
                let known = board.chain_liberties(q).expect("a stone");
                let read = board.quiet_stone(color, p, &known, |chain| {
                    board.chain_liberty_count(chain) == 1
                });
                if placed.captured == 0 {
                    assert_eq!(
                        read,
                        Some((played.hash(), played.liberty_count(q))),
                        "{color} at {p:?}, chain at {q:?} on\n{}",
                        board.rows().join("\n")
                    );
                    quiet += 1;
                } else {
                    assert_eq!(read, None, "{color} at {p:?}");
                    capturing += 1;
                }
            }
        });
        assert!(
            quiet >= 10_000 && capturing >= 100,
            "{quiet} quiet, {capturing} capturing"
        );
    }

    /// `around` reads the same four sides as `adjacent` and `chain_at`,
    /// `chain_liberty_count` the same count as `liberty_count` (which
    /// `chain_may_have_liberties` never rules out), and
    /// `legal_beside` the same answer as `check`, on every point of random
    /// 9×9 positions, edges and corners among them.
    #[test]
    fn around_reads_what_the_point_by_point_queries_read() {
        let (mut sides, mut chains, mut illegal, mut ruled_out) = (0, 0, 0, 0);
        for board in random_positions(0xd6e8_feb8_6659_fd93) {
            for p in board.points() {
                let mut expected = [None; 4];
                let (col, row, last) = (p.col, p.row, board.size() - 1);
                let on = [row > 0, col > 0, col < last, row < last];
                let mut adjacent = board.adjacent(p);
                for (slot, on) in expected.iter_mut().zip(on) {
                    if on {
                        let n = adjacent.next().expect("a side on the board");
                        *slot = Some(board.chain_at(n));
                    }
                }
                assert_eq!(board.around(p), expected, "around {p:?}");
                sides += expected.iter().flatten().count();
                if let Some((_, chain)) = board.chain_at(p) {
                    let count = board.liberty_count(p);
                    assert_eq!(board.chain_liberty_count(chain), count);
                    assert!(board.chain_may_have_liberties(chain, count));
                    ruled_out += (0..count)
                        .filter(|&fewer| !board.chain_may_have_liberties(chain, fewer))
                        .count();
                    chains += 1;
                } else {
                    for color in [Color::Black, Color::White] {
                        let legal = board.check(color, p).is_ok();
                        assert_eq!(
                            board.legal_beside(color, board.cell(p), &expected),
                            legal,
                            "{color} {p:?}"
                        );
                        illegal += usize::from(!legal);
                    }
                }
            }
        }
        assert!(
            sides >= 40_000 && chains >= 5_000 && illegal >= 200 && ruled_out >= 1_000,
            "{sides} sides, {chains} stones, {illegal} illegal moves, {ruled_out} counts ruled out"
        );
    }

    /// `self_atari` says of every legal move of random 9×9 positions, for
    /// both colours, what playing it shows: a chain of two or more stones
    /// left with one liberty, nothing captured.
    #[test]
    fn self_atari_is_what_playing_the_stone_leaves() {
        let (mut ataris, mut others) = (0, 0);
        each_legal_move(0x5851_f42d_4c95_7f2d, |board, color, p, played, placed| {
            let atari =
                placed.captured == 0 && played.chain(p).len() >= 2 && played.liberty_count(p) < 2;
            assert_eq!(
                board.self_atari(color, p),
                atari,
                "{color} at {p:?} on\n{}",
                board.rows().join("\n")
            );
            if atari {
                ataris += 1;
            } else {
                others += 1;
            }
        });
        assert!(
            ataris >= 100 && others >= 10_000,
            "{ataris} self-ataris, {others} others"
        );
    }
}
