//! A series from typed words, shared by the series screen and `kaisho
//! series`: two players' names, a player or a result named, a new series'
//! terms in one line, and the correction of the last recorded result.

use super::series_words::result_text;
use kaisho_core::Komi;
use kaisho_core::series::{
    DEFAULT_THRESHOLD, KomiPolicy, LadderKind, Player, Seat, Series, SeriesEvent, SeriesResult,
    SeriesSetup,
};
use std::fmt;

/// Words for results without a winner; no player may be called one of them.
const DRAW: [&str; 3] = ["draw", "jigo", "持碁"];
const VOID: [&str; 4] = ["void", "no-result", "noresult", "無勝負"];
const BOTH_LOSE: [&str; 3] = ["both-lose", "bothlose", "両負け"];

/// Why typed words do not name the players or a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeriesWordError {
    /// A name that is neither player of the series.
    UnknownPlayer { given: String, names: [String; 2] },
    /// The players named are not two different players.
    Players(String),
}

impl fmt::Display for SeriesWordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeriesWordError::UnknownPlayer { given, names } => write!(
                f,
                "'{given}' is not a player of this series; use {} or {}",
                names[0], names[1]
            ),
            SeriesWordError::Players(why) => f.write_str(why),
        }
    }
}

/// Two different players' names, neither of them a result word.
pub fn two_names(players: &[String]) -> Result<[String; 2], SeriesWordError> {
    let names: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
    let [a, b] = <[String; 2]>::try_from(names).map_err(|names| {
        SeriesWordError::Players(format!(
            "name exactly two players, comma-separated (got {})",
            names.len()
        ))
    })?;
    for n in [&a, &b] {
        if n.is_empty() {
            return Err(SeriesWordError::Players("a player's name is empty".into()));
        }
        if is_result_word(n) {
            return Err(SeriesWordError::Players(format!(
                "'{n}' is a result word; choose another name"
            )));
        }
    }
    if a.to_lowercase() == b.to_lowercase() {
        return Err(SeriesWordError::Players(format!(
            "both players are called '{a}'; tell them apart"
        )));
    }
    Ok([a, b])
}

fn is_result_word(text: &str) -> bool {
    let t = text.trim().to_lowercase();
    DRAW.iter().chain(&VOID).chain(&BOTH_LOSE).any(|w| *w == t)
}

/// The seat of the player named (or with the id) `given`.
pub fn seat_named(players: &[Player; 2], given: &str) -> Result<Seat, SeriesWordError> {
    let wanted = given.trim().to_lowercase();
    Seat::BOTH
        .into_iter()
        .find(|s| {
            let p = &players[s.index()];
            p.name.to_lowercase() == wanted || p.id == given.trim()
        })
        .ok_or_else(|| SeriesWordError::UnknownPlayer {
            given: given.to_string(),
            names: players.clone().map(|p| p.name),
        })
}

/// A result named by its winner's name or by a result word.
pub fn result_named(series: &Series, given: &str) -> Result<SeriesResult, SeriesWordError> {
    let t = given.trim().to_lowercase();
    if DRAW.contains(&t.as_str()) {
        Ok(SeriesResult::Jigo)
    } else if VOID.contains(&t.as_str()) {
        Ok(SeriesResult::NoResult)
    } else if BOTH_LOSE.contains(&t.as_str()) {
        Ok(SeriesResult::BothLose)
    } else {
        seat_named(&series.setup().players, given).map(SeriesResult::Win)
    }
}

/// A new series from one typed line: `Aki, Ben; 先相先; Aki`, that is the
/// two players, the starting step, the weaker player (not at 互先) and
/// optionally the ladder (kou 甲 by default). Komi and the change
/// threshold are the rules' defaults; `kaisho series new` sets any other.
pub fn setup_from_line(line: &str) -> Result<SeriesSetup, String> {
    let parts: Vec<&str> = line.split(';').map(str::trim).collect();
    let usage = "type the players, the step, the weaker player and the ladder, e.g. \
                 Aki, Ben; sen-ai-sen; Aki; kou (互先 / even needs no weaker player)";
    let (players, step, rest) = match parts.as_slice() {
        [players, step, rest @ ..] if rest.len() <= 2 => (*players, *step, rest),
        _ => return Err(usage.to_string()),
    };
    let names: Vec<String> = players.split(',').map(str::to_string).collect();
    let names = two_names(&names).map_err(|e| e.to_string())?;
    let (weaker, ladder) = match rest {
        [] => (None, None),
        [one] => match LadderKind::parse(one) {
            Ok(ladder) => (None, Some(ladder)),
            Err(_) => (Some(*one), None),
        },
        [weaker, ladder] => (
            Some(*weaker).filter(|w| !w.is_empty()),
            Some(LadderKind::parse(ladder).map_err(|e| e.to_string())?),
        ),
        _ => return Err(usage.to_string()),
    };
    let ladder = match ladder {
        Some(ladder) => ladder,
        None => LadderKind::parse("kou").map_err(|e| e.to_string())?,
    };
    let start = ladder.parse_step(step).map_err(|e| e.to_string())?;
    let players = names.map(|name| Player {
        id: format!("local:{name}"),
        name,
    });
    let weaker = weaker
        .map(|w| seat_named(&players, w))
        .transpose()
        .map_err(|e| e.to_string())?;
    let setup = SeriesSetup {
        players,
        ladder,
        start,
        weaker,
        threshold: DEFAULT_THRESHOLD,
        komi: KomiPolicy {
            even: Komi::MODERN,
            handicap: Komi::ZERO,
        },
    };
    setup.validate().map_err(|e| e.to_string())?;
    Ok(setup)
}

/// The series with its last recorded result replaced by `result`, or
/// struck out (`None`: the game is to be played again). The record is
/// rebuilt from the start, so every step change follows the corrected
/// result; a nigiri held after the last game is kept if the next game
/// still needs one.
pub fn corrected(series: &Series, result: Option<SeriesResult>) -> Result<Series, String> {
    let events = series.events();
    let last = events
        .iter()
        .rposition(|e| matches!(e, SeriesEvent::Game(_)))
        .ok_or("no game of this series has been recorded yet")?;
    let mut kept: Vec<SeriesEvent> = events[..last].to_vec();
    kept.extend(result.map(SeriesEvent::Game));
    let with_after: Vec<SeriesEvent> = kept.iter().chain(&events[last + 1..]).copied().collect();
    let setup = series.setup().clone();
    Series::replay(setup.clone(), &with_after)
        .or_else(|_| Series::replay(setup, &kept))
        .map_err(|e| e.to_string())
}

/// The words that strike the last result out instead of correcting it.
const STRIKE: [&str; 3] = ["strike", "delete", "remove"];

/// Corrects the last recorded result to the one `word` names (a player's
/// name or a result word), or strikes it out (`strike`); the corrected
/// series and a sentence saying what changed.
pub fn correct_by_word(series: &Series, word: &str) -> Result<(Series, String), String> {
    let (number, was) = match series.games().last() {
        Some(game) => (game.terms.number, result_text(series, game.result)),
        None => return Err("no game of this series has been recorded yet".to_string()),
    };
    let strike = STRIKE.contains(&word.trim().to_lowercase().as_str());
    let result = if strike {
        None
    } else {
        Some(
            result_named(series, word)
                .map_err(|e| format!("{e}, a result word (draw, void, both-lose) or strike"))?,
        )
    };
    let fixed = corrected(series, result)?;
    let text = match result {
        Some(result) => format!(
            "game {number} corrected: {} (was: {was})",
            result_text(&fixed, result)
        ),
        None => format!("game {number} struck out (was: {was}); it is to be played again"),
    };
    Ok((fixed, text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaisho_core::series::Step;

    fn aki_ben() -> Series {
        Series::new(setup_from_line("Aki, Ben; sen-ai-sen; Aki").unwrap()).unwrap()
    }

    #[test]
    fn a_series_is_set_up_from_one_line() {
        let s = setup_from_line("Aki Tanaka, Ben; 先; Aki Tanaka; otsu").unwrap();
        assert_eq!(s.players[0].name, "Aki Tanaka");
        assert_eq!(s.start, Step::Sen);
        assert_eq!(s.weaker, Some(Seat::First));
        assert_eq!(s.ladder, LadderKind::parse("otsu").unwrap());
        let even = setup_from_line("Chie, Dai; even").unwrap();
        assert_eq!(even.weaker, None);
        assert!(
            setup_from_line("Chie; even")
                .unwrap_err()
                .contains("two players")
        );
        assert!(
            setup_from_line("Aki, Ben; sen")
                .unwrap_err()
                .contains("weaker")
        );
        assert!(setup_from_line("Aki, Ben").unwrap_err().contains("e.g."));
        assert!(
            setup_from_line("Aki, Ben; sen; Carl")
                .unwrap_err()
                .contains("not a player")
        );
    }

    #[test]
    fn the_last_result_is_corrected_and_the_step_follows() {
        let mut series = aki_ben();
        for _ in 0..4 {
            series.record(SeriesResult::Win(Seat::Second)).unwrap();
        }
        // Four wins ahead moved Ben a step up; a wrong last result undoes it.
        assert_ne!(series.current().step, Step::SenAiSen);
        let fixed = corrected(&series, Some(SeriesResult::Win(Seat::First))).unwrap();
        assert_eq!(fixed.games().len(), 4);
        assert_eq!(fixed.games()[3].result, SeriesResult::Win(Seat::First));
        assert_eq!(fixed.current().step, Step::SenAiSen);
        let struck = corrected(&series, None).unwrap();
        assert_eq!(struck.games().len(), 3);
        assert_eq!(struck.next_game().number, 4);
        assert!(corrected(&aki_ben(), None).unwrap_err().contains("no game"));
        let (_, said) = correct_by_word(&series, "aki").unwrap();
        assert_eq!(said, "game 4 corrected: Aki wins (was: Ben wins)");
        let (_, said) = correct_by_word(&series, "strike").unwrap();
        assert_eq!(
            said,
            "game 4 struck out (was: Ben wins); it is to be played again"
        );
        assert!(
            correct_by_word(&series, "Carl")
                .unwrap_err()
                .contains("or strike")
        );
    }
}
