//! The engine asked one question about a review's position: started for
//! it, told the board, komi and the moves to the node (`talk::set_up`),
//! asked `estimate_score` where it lists that command (GNU Go does), then
//! `genmove` for the side to play, whose answer the rules check; closed
//! and reaped on every path. The score is asked first so that `genmove`,
//! which plays the move on the engine's board, cannot change it; the
//! board is not needed afterwards, so plain `genmove` serves every engine
//! (`reg_genmove` is optional in GTP).

use super::error::EngineError;
use super::gtp::Gtp;
use super::talk::{self, SETUP_LIMIT};
use crate::app::{EngineAsk, EngineSaw};
use kaisho_core::clock::TimeControl;
use std::time::Duration;

/// The engine's move and score at `ask`'s position.
pub async fn look(ask: EngineAsk) -> Result<EngineSaw, EngineError> {
    let mut gtp = Gtp::spawn(&ask.command)?;
    let answer = questions(&mut gtp, &ask).await;
    gtp.close().await;
    answer
}

async fn questions(gtp: &mut Gtp, ask: &EngineAsk) -> Result<EngineSaw, EngineError> {
    let game = &ask.position;
    talk::set_up(gtp, game, TimeControl::None).await?;
    let known = gtp.expect("list_commands", SETUP_LIMIT).await?;
    let score = if known.lines().any(|l| l.trim() == "estimate_score") {
        match gtp
            .ask("estimate_score", Duration::from_secs(ask.limit_secs))
            .await?
        {
            Ok(answer) => score_word(&answer),
            Err(_) => None,
        }
    } else {
        None
    };
    let best = talk::genmove(
        gtp,
        game,
        game.to_move(),
        Duration::from_secs(ask.limit_secs),
    )
    .await?;
    Ok(EngineSaw { best, score })
}

/// The score in an `estimate_score` answer (`W+6.5 (upper bound: …)`):
/// its first word when that is a score as SGF writes one (`B+3.5`, `W+1`,
/// `0`), else none, so nothing else the engine says reaches the record.
fn score_word(answer: &str) -> Option<String> {
    let word = answer.split_whitespace().next()?;
    if word == "0" {
        return Some(word.to_string());
    }
    let points = word
        .strip_prefix("B+")
        .or_else(|| word.strip_prefix("W+"))?;
    let number = points.parse::<f64>().ok()?;
    let plain = points.chars().all(|c| c.is_ascii_digit() || c == '.');
    (plain && number.is_finite()).then(|| word.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_is_read_from_the_first_word_and_nothing_else_is_kept() {
        assert_eq!(
            score_word("W+6.5 (upper bound: -5.5, lower: -7.5)").as_deref(),
            Some("W+6.5")
        );
        assert_eq!(score_word("B+12").as_deref(), Some("B+12"));
        assert_eq!(score_word("0").as_deref(), Some("0"));
        for other in ["", "B+", "B+inf", "B+1e3", "black wins", "\u{1b}[2J"] {
            assert_eq!(score_word(other), None, "{other:?}");
        }
    }
}
