//! The engine's side of a play-out (確認): the scratch position set up on
//! the engine (the game's moves, then the play-out's), its move there
//! asked with `kgs-genmove_cleanup` where it knows that command (an
//! engine's plain `genmove` passes instead of taking stones it holds dead,
//! which would make a play-out show them alive) and read as a scratch
//! event. After the play-out, the game's position is set up on it again
//! (`talk::set_up`).

use super::error::EngineError;
use super::gtp::Gtp;
use super::talk::{self, gtp_color};
use super::terms::genmove_event;
use kaisho_core::clock::TimeControl;
use kaisho_core::confirm::Step;
use kaisho_core::{Color, Event, Game, Move};
use std::time::Duration;

/// The most moves a play-out may hold before the engine stops asking and
/// passes: a few times the board's points, so no play-out runs forever.
fn max_steps(size: u8) -> usize {
    4 * usize::from(size) * usize::from(size)
}

/// The engine's move as `color` on the open play-out of `game`: a
/// `PlayoutPlay`, or a `PlayoutPass` when it passes, resigns, plays what
/// the scratch board refuses (a ko banned by Art. 7.2, which GTP does not
/// know), or the play-out has run past its bound. The engine's board holds
/// the scratch position afterwards: give the game back with
/// [`talk::set_up`].
pub async fn scratch_move(
    gtp: &mut Gtp,
    game: &Game,
    clock: TimeControl,
    color: Color,
    limit: Duration,
) -> Result<Event, EngineError> {
    let pass = Event::PlayoutPass { color };
    let steps = game
        .playout()
        .map(|s| s.steps().to_vec())
        .unwrap_or_default();
    let size = game.settings().size.get();
    if steps.len() >= max_steps(size) {
        return Ok(pass);
    }
    talk::set_up(gtp, game, clock).await?;
    for step in steps {
        let m = match step {
            Step::Play { color, point, .. } => Move::Play(color, point),
            Step::Pass { color, .. } => Move::Pass(color),
        };
        talk::tell(gtp, m, size).await?;
    }
    let cleanup = format!("kgs-genmove_cleanup {}", gtp_color(color));
    let genmove = format!("genmove {}", gtp_color(color));
    let (command, answer) = match gtp.ask(&cleanup, limit).await? {
        Ok(answer) => (cleanup, answer),
        Err(_) => {
            let answer = gtp.ask(&genmove, limit).await?;
            let answer = answer.map_err(|answer| EngineError::Refused {
                command: genmove.clone(),
                answer: super::error::shown(&answer),
            })?;
            (genmove, answer)
        }
    };
    let event = match genmove_event(&answer, color, size)
        .map_err(|line| EngineError::Garbage { command, line })?
    {
        Event::Play { point, .. } => Event::PlayoutPlay { color, point },
        _ => pass.clone(),
    };
    Ok(if game.clone().apply(event.clone()).is_ok() {
        event
    } else {
        pass
    })
}
