//! The board: grid, coordinates, star points, stones, the last-move and ko
//! markers, the cursor, and on the ending and result screens the dead
//! stones and territory of a count. While a play-out (確認) is open its
//! scratch board is drawn in place of the game's.

use super::theme::{Edge, Theme};
use crate::app::{CoordStyle, Naming, stone_numbers};
use crate::layout::BoardLayout;
use kaisho_core::handicap::marked_stars;
use kaisho_core::{Board, Color, Game, Move, Point, PointStatus, Score};
use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;

/// A board to draw.
pub struct BoardView<'a> {
    pub game: &'a Game,
    pub naming: Naming,
    pub theme: Theme,
    /// The count whose dead stones and territory to show, if any.
    pub count: Option<&'a Score>,
    /// The cursor, on screens that have one.
    pub cursor: Option<Point>,
    /// Whether the stones show the numbers of the moves that placed them.
    pub numbers: bool,
    /// The draft's marks beside its chains.
    pub verdicts: Verdicts,
}

/// What the dead-stone draft says beside a chain's first stone, so the
/// players see which verdicts to check: `?` where neither a proof nor the
/// estimate settles it (it stays after the reading ends), `~` where a
/// chain is marked dead on an estimate, not a proof.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdicts {
    pub unsettled: Vec<Point>,
    pub estimated: Vec<Point>,
}

/// Writes `text` at a board position, clipped to the area.
fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) {
    let (x, y) = (area.x.saturating_add(x), area.y.saturating_add(y));
    if x < area.right() && y < area.bottom() {
        buf.set_stringn(x, y, text, usize::from(area.right() - x), style);
    }
}

/// The cell at a board position, if it lies inside the area.
fn cell_at(buf: &mut Buffer, area: Rect, x: u16, y: u16) -> Option<&mut Cell> {
    let (x, y) = (area.x.saturating_add(x), area.y.saturating_add(y));
    (x < area.right() && y < area.bottom()).then(|| &mut buf[(x, y)])
}

/// Sets a one-column symbol; cheaper than writing a string, which matters
/// for the 700-odd cells of a 19×19 grid drawn every frame.
fn set(buf: &mut Buffer, area: Rect, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = cell_at(buf, area, x, y) {
        cell.set_symbol(symbol).set_style(style);
    }
}

/// Replaces a cell's style (and its symbol, if given) at a board position.
fn mark(buf: &mut Buffer, area: Rect, x: u16, y: u16, symbol: Option<&str>, style: Style) {
    if let Some(cell) = cell_at(buf, area, x, y) {
        let symbol = symbol.map_or_else(|| cell.symbol().to_string(), str::to_string);
        cell.reset();
        cell.set_symbol(&symbol).set_style(style);
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let size = self.game.settings().size.get();
        let plain = BoardLayout::new(size, self.naming);
        // The screen gave the board the numbered layout's width exactly
        // when that layout fits (`BoardLayout::on_screen`).
        let layout = if self.numbers && area.width >= plain.numbered().width() {
            plain.numbered()
        } else {
            plain
        };
        self.labels(layout, area, buf);
        self.grid(layout, area, buf);
        if self.numbers && self.game.playout().is_none() {
            self.numbers(layout, area, buf);
        }
        self.markers(layout, area, buf);
    }
}

impl BoardView<'_> {
    fn labels(&self, layout: BoardLayout, area: Rect, buf: &mut Buffer) {
        let size = layout.size;
        let style = self.theme.dim();
        for col in 0..size {
            let x = layout.x(col);
            let label = self.naming.col_label(col, size);
            match self.naming.style {
                CoordStyle::Gtp => {
                    put(buf, area, x, 0, &label, style);
                    put(buf, area, x, layout.y(size - 1) + 1, &label, style);
                }
                CoordStyle::Japanese => {
                    let (tens, units) = label.split_at(label.len() - 1);
                    put(buf, area, x, 0, tens, style);
                    put(buf, area, x, 1, units, style);
                }
            }
        }
        let right = layout.right_labels();
        for row in 0..size {
            let y = layout.y(row);
            let label = self.naming.row_label(row, size);
            if self.naming.style == CoordStyle::Gtp {
                put(buf, area, 0, y, &format!("{label:>2}"), style);
            }
            put(buf, area, right, y, &label, style);
        }
    }

    /// The stones to draw: the scratch board of an open play-out, else
    /// the game's.
    fn board(&self) -> &Board {
        self.game
            .playout()
            .map_or(self.game.board(), |scratch| scratch.board())
    }

    /// The last stone played on the board drawn.
    fn last_stone(&self) -> Option<Point> {
        match self.game.playout() {
            Some(scratch) => scratch.last_stone(),
            None => match self.game.last_move() {
                Some(Move::Play(_, p)) => Some(p),
                _ => None,
            },
        }
    }

    fn grid(&self, layout: BoardLayout, area: Rect, buf: &mut Buffer) {
        let size = layout.size;
        let board = self.board();
        let star_points = kaisho_core::BoardSize::new(u32::from(size))
            .map(marked_stars)
            .unwrap_or_default();
        for p in board.points() {
            let (x, y) = (layout.x(p.col), layout.y(p.row));
            if p.col + 1 < size {
                for x in x + 1..layout.x(p.col + 1) {
                    set(buf, area, x, y, self.theme.connector(), self.theme.grid());
                }
            }
            let status = self.count.map(|score| score.at(p));
            let (glyph, style) = match (status, board.get(p)) {
                (Some(PointStatus::Lifted(c) | PointStatus::DeadStays(c)), _) => {
                    (self.theme.dead(c), self.theme.dim())
                }
                (Some(PointStatus::Territory(c)), None) => {
                    (self.theme.territory(c), self.theme.plain())
                }
                (_, Some(c)) => (self.theme.stone(c), self.theme.bold()),
                (_, None) if self.count.is_none() && board.ko() == Some(p) => {
                    (self.theme.ko(), self.theme.marker())
                }
                (_, None) => {
                    let edge = Edge {
                        top: p.row == 0,
                        bottom: p.row + 1 == size,
                        left: p.col == 0,
                        right: p.col + 1 == size,
                    };
                    (
                        self.theme.empty(edge, star_points.contains(&p)),
                        self.theme.grid(),
                    )
                }
            };
            set(buf, area, x, y, glyph, style);
        }
    }

    /// Writes each stone's move number over it and the column after it
    /// (the last two digits from move 100, as a printed record's second
    /// figure numbers them), Black's reversed so the colours stay apart;
    /// the highest number marks the last move.
    fn numbers(&self, layout: BoardLayout, area: Rect, buf: &mut Buffer) {
        let size = usize::from(layout.size);
        let numbers = stone_numbers(self.game);
        for p in self.game.board().points() {
            let n = numbers[usize::from(p.row) * size + usize::from(p.col)];
            let Some(color) = self.game.board().get(p).filter(|_| n > 0) else {
                continue;
            };
            let text = if n < 10 {
                n.to_string()
            } else {
                format!("{:02}", n % 100)
            };
            let style = match color {
                Color::Black => self.theme.cursor(),
                Color::White => self.theme.bold(),
            };
            put(buf, area, layout.x(p.col), layout.y(p.row), &text, style);
        }
    }

    /// Draws the draft's marks, the cursor brackets and the last-move
    /// parentheses with fresh styles, so that a stone played at the cursor
    /// changes one symbol and no style (fewer bytes to a slow terminal).
    /// Beside the last move the cursor gives the column between them to the
    /// last move's parenthesis: the cursor stays marked by its reversed
    /// point and its other bracket, while the parentheses are the last
    /// move's only mark.
    fn markers(&self, layout: BoardLayout, area: Rect, buf: &mut Buffer) {
        let beside = [
            (
                &self.verdicts.unsettled,
                self.theme.reading(),
                self.theme.marker(),
            ),
            (
                &self.verdicts.estimated,
                self.theme.estimated(),
                self.theme.estimate(),
            ),
        ];
        for (chains, symbol, style) in beside {
            for p in chains {
                let (x, y) = (layout.after(p.col), layout.y(p.row));
                mark(buf, area, x, y, Some(symbol), style);
            }
        }
        if let Some(p) = self.cursor {
            let (open, close) = self.theme.cursor_marks();
            let (x, y) = (layout.x(p.col), layout.y(p.row));
            mark(buf, area, x - 1, y, Some(open), self.theme.bold());
            for x in x..layout.after(p.col) {
                mark(buf, area, x, y, None, self.theme.cursor());
            }
            mark(
                buf,
                area,
                layout.after(p.col),
                y,
                Some(close),
                self.theme.bold(),
            );
        }
        let last = self
            .last_stone()
            .filter(|&p| !self.numbers && self.cursor != Some(p));
        if let Some(p) = last {
            let (open, close) = self.theme.last_move_marks();
            let (x, y) = (layout.x(p.col), layout.y(p.row));
            mark(buf, area, x - 1, y, Some(open), self.theme.marker());
            mark(
                buf,
                area,
                layout.after(p.col),
                y,
                Some(close),
                self.theme.marker(),
            );
        }
    }
}
