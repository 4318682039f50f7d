//! Where things are on the screen. The view draws with these rectangles and
//! the update maps mouse clicks back to points with the same numbers, so the
//! two cannot drift apart.
//!
//! Each point takes two columns: the stone and a connecting line. The
//! brackets of the cursor and the parentheses of the last-move marker use the
//! columns on either side of a point, and a blank column keeps the right-hand
//! row labels clear of them. A 19×19 board is 46 columns by 21 rows with its
//! coordinates, which leaves a 33-column side panel at 80×24. With move
//! numbers shown a point takes three columns where the screen has room, so
//! two-digit numbers keep a column of grid between them.

use crate::app::{CoordStyle, Naming};
use kaisho_core::Point;
use ratatui::layout::Rect;

/// The smallest terminal the screens without a board are drawn in.
pub const MIN_SCREEN: (u16, u16) = (50, 14);

/// The narrowest side panel that still shows the count table.
pub const PANEL_MIN: u16 = 30;
/// Rows below the board: the message line and the key hints.
pub const FOOTER: u16 = 2;
/// Columns left of the first point: a two-character row label and the
/// cursor bracket.
const LEFT: u16 = 3;

/// The board's geometry for a size and naming style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    pub size: u8,
    /// Rows of column labels above the board: one for letters, two (tens and
    /// units) for the numbered columns of the 1949 style.
    pub top: u16,
    /// Whether column labels repeat under the board (GTP style only).
    pub bottom: bool,
    /// Columns from one point to the next: two, or three with move numbers.
    pub pitch: u16,
}

impl BoardLayout {
    #[must_use]
    pub fn new(size: u8, naming: Naming) -> BoardLayout {
        let gtp = naming.style == CoordStyle::Gtp;
        BoardLayout {
            size,
            top: if gtp { 1 } else { 2 },
            bottom: gtp,
            pitch: 2,
        }
    }

    /// The layout with room for two-digit move numbers: a number takes a
    /// point's column and the one after it, so a third keeps it from
    /// running into its neighbour's (`17─18`, not `1718`).
    #[must_use]
    pub fn numbered(self) -> BoardLayout {
        BoardLayout { pitch: 3, ..self }
    }

    /// The layout for a game's board on a screen, with the areas around it
    /// if any fit: with move numbers shown, the numbered layout wherever it
    /// fits (without the panel if need be, as readable numbers are what `#`
    /// asks for), else the plain one.
    #[must_use]
    pub fn on_screen(self, screen: Rect, numbers: bool) -> (BoardLayout, Option<Areas>) {
        let wide = self.numbered();
        match Areas::new(screen, wide) {
            Some(areas) if numbers => (wide, Some(areas)),
            _ => (self, Areas::new(screen, self)),
        }
    }

    /// Columns the board takes, labels included; the same in both styles so
    /// that switching styles does not move the panel.
    #[must_use]
    pub fn width(self) -> u16 {
        // Points and connectors, the closing bracket's column, a blank, and
        // a row label of up to four columns (two kanji).
        self.x(self.size - 1) + self.pitch + 1 + 4
    }

    /// Rows the board takes, labels included.
    #[must_use]
    pub fn height(self) -> u16 {
        u16::from(self.size) + 2
    }

    /// The column of a point's stone.
    #[must_use]
    pub fn x(self, col: u8) -> u16 {
        LEFT + self.pitch * u16::from(col)
    }

    /// The column after a point's stone (and its number's second digit)
    /// where a closing bracket or a mark goes.
    #[must_use]
    pub fn after(self, col: u8) -> u16 {
        self.x(col) + self.pitch - 1
    }

    /// The column of the row labels right of the board.
    #[must_use]
    pub fn right_labels(self) -> u16 {
        self.after(self.size - 1) + 2
    }

    /// The row of a point's stone.
    #[must_use]
    pub fn y(self, row: u8) -> u16 {
        self.top + u16::from(row)
    }

    /// The point under a screen cell, if any: a point owns its own column
    /// and the one to its left, so a click a little off still lands.
    #[must_use]
    pub fn hit(self, x: u16, y: u16) -> Option<Point> {
        let row = y.checked_sub(self.top)?;
        let col = x.checked_sub(LEFT - 1)? / self.pitch;
        let n = u16::from(self.size);
        (row < n && col < n).then(|| Point::new(col as u8, row as u8))
    }

    /// The smallest terminal that shows this board and a status line.
    #[must_use]
    pub fn min_compact_screen(self) -> (u16, u16) {
        (self.width(), self.height() + 1)
    }

    /// The smallest terminal that shows this board with its panel.
    #[must_use]
    pub fn min_screen(self) -> (u16, u16) {
        (self.width() + 1 + PANEL_MIN, self.height() + FOOTER)
    }
}

/// The rectangles of a board screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub board: Rect,
    pub panel: Rect,
    pub message: Rect,
    pub hints: Rect,
    /// No room for the panel and the hints: the board and one status line.
    pub compact: bool,
}

impl Areas {
    /// Splits the screen: the board with its panel and two footer lines
    /// when they fit, else the board alone with one status line under it
    /// (a 9×9 board fits 40×15 that way), or `None` when even the board
    /// does not fit.
    #[must_use]
    pub fn new(screen: Rect, layout: BoardLayout) -> Option<Areas> {
        Areas::full(screen, layout).or_else(|| Areas::compact(screen, layout))
    }

    /// The board alone and one status line, when the full layout does not fit.
    #[must_use]
    pub fn compact(screen: Rect, layout: BoardLayout) -> Option<Areas> {
        let (w, h) = layout.min_compact_screen();
        if screen.width < w || screen.height < h {
            return None;
        }
        let board_h = layout.height();
        Some(Areas {
            board: Rect::new(screen.x, screen.y, screen.width.min(w), board_h),
            panel: Rect::new(screen.x + w, screen.y, 0, 0),
            message: Rect::new(screen.x, screen.y + board_h, screen.width, 1),
            hints: Rect::new(screen.x, screen.y + board_h + 1, screen.width, 0),
            compact: true,
        })
    }

    /// The board with its panel and footer, or `None` when they do not fit.
    #[must_use]
    pub fn full(screen: Rect, layout: BoardLayout) -> Option<Areas> {
        let (min_w, min_h) = layout.min_screen();
        if screen.width < min_w || screen.height < min_h {
            return None;
        }
        let body = screen.height - FOOTER;
        let board_w = layout.width();
        Some(Areas {
            board: Rect::new(screen.x, screen.y, board_w, body),
            panel: Rect::new(
                screen.x + board_w + 1,
                screen.y,
                screen.width - board_w - 1,
                body,
            ),
            message: Rect::new(screen.x, screen.y + body, screen.width, 1),
            hints: Rect::new(screen.x, screen.y + body + 1, screen.width, 1),
            compact: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nineteen_fits_80_by_24() {
        for style in [CoordStyle::Gtp, CoordStyle::Japanese] {
            let layout = BoardLayout::new(
                19,
                Naming {
                    style,
                    ..Naming::default()
                },
            );
            let (w, h) = layout.min_screen();
            assert!(w <= 80 && h <= 24, "{w}x{h}");
        }
    }

    #[test]
    fn nine_by_nine_fits_40_by_15_without_its_panel() {
        let layout = BoardLayout::new(9, Naming::default());
        let areas = Areas::new(Rect::new(0, 0, 40, 15), layout).expect("fits");
        assert!(areas.compact);
        assert_eq!(areas.board.height, 11);
        assert_eq!(areas.message.y, 11);
        let big = BoardLayout::new(19, Naming::default());
        assert_eq!(Areas::new(Rect::new(0, 0, 60, 20), big), None);
        assert!(!Areas::new(Rect::new(0, 0, 80, 24), big).unwrap().compact);
    }

    #[test]
    fn clicks_land_on_the_point_drawn_there() {
        let layout = BoardLayout::new(9, Naming::default());
        for p in [Point::new(0, 0), Point::new(8, 8), Point::new(3, 5)] {
            assert_eq!(layout.hit(layout.x(p.col), layout.y(p.row)), Some(p));
            assert_eq!(layout.hit(layout.x(p.col) - 1, layout.y(p.row)), Some(p));
        }
        assert_eq!(layout.hit(0, 0), None);
        assert_eq!(layout.hit(layout.x(8) + 2, layout.y(0)), None);
        assert_eq!(layout.hit(u16::MAX, u16::MAX), None);
        let numbered = layout.numbered();
        for p in [Point::new(0, 0), Point::new(8, 8), Point::new(3, 5)] {
            let x = numbered.x(p.col);
            for x in [x - 1, x, x + 1] {
                assert_eq!(numbered.hit(x, numbered.y(p.row)), Some(p));
            }
        }
    }

    #[test]
    fn move_numbers_widen_the_board_where_it_fits() {
        let screen = Rect::new(0, 0, 80, 24);
        let nine = BoardLayout::new(9, Naming::default());
        let (layout, areas) = nine.on_screen(screen, true);
        assert_eq!(layout.pitch, 3);
        assert!(!areas.unwrap().compact);
        let big = BoardLayout::new(19, Naming::default());
        let (layout, areas) = big.on_screen(screen, true);
        assert_eq!((layout.pitch, areas.unwrap().compact), (3, true));
        let (layout, areas) = big.on_screen(Rect::new(0, 0, 50, 24), true);
        assert_eq!((layout.pitch, areas.unwrap().compact), (2, true));
        assert_eq!(big.on_screen(screen, false).0.pitch, 2);
    }
}
