//! What kaisho tells an engine about a game and asks it, shared by the
//! engine's seat at the screen and the engine seated in a LAN game: the
//! board set up (size, komi, handicap checked with `list_stones`, clock,
//! the moves that stand), a move told, `genmove`, and the engine's dead
//! and seki stones at a stoppage beside kaisho's complete draft (how it judges a
//! proposal from them is `stand`'s).

use super::error::EngineError;
use super::error::shown;
use super::gtp::Gtp;
use super::stand::{Ending, Stand};
use super::terms::{clock_commands, genmove_event};
use kaisho_core::clock::TimeControl;
use kaisho_core::{Color, Event, Game, Move, Point};
use std::time::Duration;

/// How long a command other than `genmove` may take: setting up and the
/// ending are quick for any engine.
pub const SETUP_LIMIT: Duration = Duration::from_secs(30);

/// GTP's colour word.
#[must_use]
pub fn gtp_color(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Sends `command`, which must be answered `=`.
async fn command(gtp: &mut Gtp, command: &str) -> Result<String, EngineError> {
    gtp.expect(command, SETUP_LIMIT).await
}

/// The board, komi, handicap stones, `clock` and the moves of `game` that
/// stand, told to the engine; whether it speaks `kgs-time_settings`.
pub async fn set_up(gtp: &mut Gtp, game: &Game, clock: TimeControl) -> Result<bool, EngineError> {
    let settings = game.settings();
    let size = settings.size.get();
    command(gtp, &format!("boardsize {size}")).await?;
    command(gtp, "clear_board").await?;
    command(gtp, &format!("komi {}", settings.komi)).await?;
    if !settings.setup.is_empty() {
        let stones: Vec<String> = settings.setup.iter().map(|(_, p)| p.to_gtp(size)).collect();
        let free = format!("set_free_handicap {}", stones.join(" "));
        if gtp.ask(&free, SETUP_LIMIT).await?.is_err() {
            for (color, point) in &settings.setup {
                let play = format!("play {} {}", gtp_color(*color), point.to_gtp(size));
                command(gtp, &play).await?;
            }
        }
    }
    let known = command(gtp, "list_commands").await?;
    let knows = |name: &str| known.lines().any(|l| l.trim() == name);
    let kgs_time = knows("kgs-time_settings");
    if !settings.setup.is_empty() && knows("list_stones") {
        check_stones(gtp, &settings.setup, size).await?;
    }
    for line in clock_commands(clock, kgs_time) {
        command(gtp, &line).await?;
    }
    for m in game.standing_moves() {
        tell(gtp, m, size).await?;
    }
    Ok(kgs_time)
}

/// Tells the engine a move that was made.
pub async fn tell(gtp: &mut Gtp, m: Move, size: u8) -> Result<(), EngineError> {
    let (color, vertex) = match m {
        Move::Play(c, p) => (c, p.to_gtp(size)),
        Move::Pass(c) => (c, "pass".to_string()),
    };
    command(gtp, &format!("play {} {vertex}", gtp_color(color))).await?;
    Ok(())
}

/// Asks the engine where its black stones stand and refuses a board that
/// differs from the handicap stones kaisho placed.
async fn check_stones(
    gtp: &mut Gtp,
    setup: &[(Color, Point)],
    size: u8,
) -> Result<(), EngineError> {
    let answer = command(gtp, "list_stones black").await?;
    let mut theirs: Vec<String> = answer
        .split_whitespace()
        .map(str::to_ascii_uppercase)
        .collect();
    let mut ours: Vec<String> = setup.iter().map(|(_, p)| p.to_gtp(size)).collect();
    theirs.sort();
    ours.sort();
    if theirs == ours {
        return Ok(());
    }
    Err(EngineError::Board {
        stones: shown(&answer),
    })
}

/// The engine's move for `color` in `game`, asked within `limit` and
/// checked by the rules (an illegal one is [`EngineError::Illegal`]).
pub async fn genmove(
    gtp: &mut Gtp,
    game: &Game,
    color: Color,
    limit: Duration,
) -> Result<Event, EngineError> {
    let command = format!("genmove {}", gtp_color(color));
    let answer = gtp.ask(&command, limit).await?;
    checked_move(&command, answer, game, color)
}

/// A `genmove` answer read and checked against `game`.
pub fn checked_move(
    command: &str,
    answer: super::gtp::Answer,
    game: &Game,
    color: Color,
) -> Result<Event, EngineError> {
    let answer = answer.map_err(|answer| EngineError::Refused {
        command: command.to_string(),
        answer: shown(&answer),
    })?;
    let size = game.settings().size.get();
    let event = genmove_event(&answer, color, size).map_err(|line| EngineError::Garbage {
        command: command.to_string(),
        line,
    })?;
    if let Err(error) = game.clone().apply(event.clone()) {
        let answer = shown(&answer);
        return Err(EngineError::Illegal { answer, error });
    }
    Ok(event)
}

/// The stones `final_status_list {status}` names in the stopped `game`,
/// whole chains; `None` when the engine cannot say (the command refused,
/// or points that are not the game's stones).
async fn status_list(
    gtp: &mut Gtp,
    game: &Game,
    status: &str,
) -> Result<Option<Vec<Point>>, EngineError> {
    let size = game.settings().size.get();
    let command = format!("final_status_list {status}");
    let Ok(answer) = gtp.ask(&command, SETUP_LIMIT).await? else {
        return Ok(None);
    };
    let points: Result<Vec<Point>, _> = answer
        .split_whitespace()
        .map(|v| Point::parse_gtp(v, size))
        .collect();
    let Ok(points) = points else {
        return Ok(None);
    };
    Ok(game.dead_chains(&points).ok())
}

/// The engine's stand at the stoppage of `game`: its dead and seki
/// stones, beside kaisho's complete draft of the position.
pub async fn ending(gtp: &mut Gtp, game: &Game) -> Result<Ending, EngineError> {
    let dead = status_list(gtp, game, "dead").await?;
    let seki = match dead {
        Some(_) => status_list(gtp, game, "seki").await?.unwrap_or_default(),
        None => Vec::new(),
    };
    let stand = Stand {
        dead,
        seki,
        shown: Vec::new(),
    };
    Ok(Ending::at_stoppage(game, stand))
}
