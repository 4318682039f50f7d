//! The board cursor, shared by the screens that place stones with it: the
//! game at the table and the moves tried in a review.

use super::command::Command;
use kaisho_core::Point;

/// The cursor after an arrow command, kept on a board of `size`; `None`
/// for any other command.
pub(super) fn moved(cursor: Point, command: &Command, size: u8) -> Option<Point> {
    let (dx, dy) = match command {
        Command::Up => (0, -1),
        Command::Down => (0, 1),
        Command::Left => (-1, 0),
        Command::Right => (1, 0),
        _ => return None,
    };
    let max = i16::from(size) - 1;
    let col = (i16::from(cursor.col) + dx).clamp(0, max);
    let row = (i16::from(cursor.row) + dy).clamp(0, max);
    Some(Point::new(col as u8, row as u8))
}
