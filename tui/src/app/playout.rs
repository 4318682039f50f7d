//! The play-out (確認) at the table: opening it on the chain at the cursor
//! in the ending, the scratch moves and passes while it is open, closing
//! it, and its verdict offered as marks for the proposal (the player still
//! proposes or accepts, as ever).

use super::command::Command;
use crate::words::Naming;
use kaisho_core::{Color, Event, Game, Point};

/// The event a command means for the play-out, or the command back when
/// it is not one: opening and closing (by `actor`), and while a play-out
/// is open, a stone at the cursor or a typed point, and a pass, by the side
/// on turn there at one keyboard or by `local` in a network game. The
/// cursor follows a point played; the cursor keys and the commands the
/// rules refuse while a play-out is open go on as usual.
pub(super) fn event_for(
    command: Command,
    game: &Game,
    actor: Color,
    local: Option<Color>,
    cursor: &mut Point,
) -> Result<Event, Command> {
    match command {
        Command::OpenPlayout(at) => {
            *cursor = at.unwrap_or(*cursor);
            Ok(Event::OpenPlayout {
                by: actor,
                area: vec![*cursor],
            })
        }
        Command::ClosePlayout => Ok(Event::ClosePlayout { by: actor }),
        command => {
            let Some(scratch) = game.playout() else {
                return Err(command);
            };
            let color = local.unwrap_or(scratch.to_move());
            match command {
                Command::Select => Ok(Event::PlayoutPlay {
                    color,
                    point: *cursor,
                }),
                Command::At(point) | Command::Play(point)
                    if point.is_on(game.settings().size.get()) =>
                {
                    *cursor = point;
                    Ok(Event::PlayoutPlay { color, point })
                }
                Command::Pass => Ok(Event::PlayoutPass { color }),
                other => Err(other),
            }
        }
    }
}

/// A play-out just closed in `game`: its verdict offered as marks, the
/// captured stones marked dead and the held ones unmarked, and the words
/// that say so, for the player to see before proposing or accepting.
pub(super) fn offer(game: &Game, marks: &mut Vec<Point>, naming: Naming) -> Option<String> {
    let done = game.confirmed().last()?;
    if let Some(offered) = done.verdict.marks(&done.disputed) {
        marks.retain(|p| !offered.alive.contains(p));
        marks.extend(&offered.dead);
        marks.sort_unstable();
        marks.dedup();
    }
    let size = game.settings().size.get();
    Some(crate::words::verdict(
        naming.lang,
        &done.verdict,
        naming,
        size,
    ))
}
