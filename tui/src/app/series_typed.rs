//! A series from typed words, shared by the series screen and `kaisho
//! series`: two players' names, a player or a result named, a new series'
//! terms in one line, and the correction of the last recorded result.

use crate::errors::{NamesProblem, SeriesLineError, SeriesWordError};
use crate::words::{Lang, SeriesNote, series_note, series_result};
use kaisho_core::Komi;
use kaisho_core::series::{
    DEFAULT_THRESHOLD, KomiPolicy, LadderKind, Player, Seat, Series, SeriesEvent, SeriesResult,
    SeriesSetup,
};

/// Words for results without a winner; no player may be called one of them.
const DRAW: [&str; 3] = ["draw", "jigo", "持碁"];
const VOID: [&str; 4] = ["void", "no-result", "noresult", "無勝負"];
const BOTH_LOSE: [&str; 3] = ["both-lose", "bothlose", "両負け"];

/// The word `kaisho series record --winner` takes for `result` in
/// `series`: the winner's name, or the first result word.
#[must_use]
pub fn result_word(series: &Series, result: SeriesResult) -> String {
    match result {
        SeriesResult::Win(seat) => series.setup().player(seat).name.clone(),
        SeriesResult::Jigo => DRAW[0].to_string(),
        SeriesResult::NoResult => VOID[0].to_string(),
        SeriesResult::BothLose => BOTH_LOSE[0].to_string(),
    }
}

/// Two different players' names, neither of them a result word, as
/// `kaisho series` reads them.
pub fn two_names(players: &[String]) -> Result<[String; 2], SeriesWordError> {
    two_players(players).map_err(SeriesWordError::Players)
}

/// Two different players' names, neither of them a result word.
pub fn two_players(players: &[String]) -> Result<[String; 2], NamesProblem> {
    let names: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
    let [a, b] =
        <[String; 2]>::try_from(names).map_err(|names| NamesProblem::Count(names.len()))?;
    for n in [&a, &b] {
        if n.is_empty() {
            return Err(NamesProblem::Empty);
        }
        if is_result_word(n) {
            return Err(NamesProblem::ResultWord(n.clone()));
        }
    }
    if a.to_lowercase() == b.to_lowercase() {
        return Err(NamesProblem::Same(a));
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
pub fn setup_from_line(line: &str) -> Result<SeriesSetup, SeriesLineError> {
    let parts: Vec<&str> = line.split(';').map(str::trim).collect();
    let (players, step, rest) = match parts.as_slice() {
        [players, step, rest @ ..] if rest.len() <= 2 => (*players, *step, rest),
        _ => return Err(SeriesLineError::Usage),
    };
    let names: Vec<String> = players.split(',').map(str::to_string).collect();
    let names = two_players(&names)?;
    let (weaker, ladder) = match rest {
        [] => (None, None),
        [one] => match LadderKind::parse(one) {
            Ok(ladder) => (None, Some(ladder)),
            Err(_) => (Some(*one), None),
        },
        [weaker, ladder] => (
            Some(*weaker).filter(|w| !w.is_empty()),
            Some(LadderKind::parse(ladder)?),
        ),
        _ => return Err(SeriesLineError::Usage),
    };
    let ladder = match ladder {
        Some(ladder) => ladder,
        None => LadderKind::parse("kou")?,
    };
    let start = ladder.parse_step(step)?;
    let players = names.map(|name| Player {
        id: format!("local:{name}"),
        name,
    });
    let weaker = weaker.map(|w| seat_named(&players, w)).transpose()?;
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
    setup.validate()?;
    Ok(setup)
}

/// The series with its last recorded result replaced by `result`, or
/// struck out (`None`: the game is to be played again). The record is
/// rebuilt from the start, so every step change follows the corrected
/// result; a nigiri held after the last game is kept if the next game
/// still needs one.
pub fn corrected(series: &Series, result: Option<SeriesResult>) -> Result<Series, SeriesLineError> {
    let events = series.events();
    let last = events
        .iter()
        .rposition(|e| matches!(e, SeriesEvent::Game(_)))
        .ok_or(SeriesLineError::NothingRecorded)?;
    let mut kept: Vec<SeriesEvent> = events[..last].to_vec();
    kept.extend(result.map(SeriesEvent::Game));
    let with_after: Vec<SeriesEvent> = kept.iter().chain(&events[last + 1..]).copied().collect();
    let setup = series.setup().clone();
    Ok(Series::replay(setup.clone(), &with_after).or_else(|_| Series::replay(setup, &kept))?)
}

/// The words that strike the last result out instead of correcting it.
const STRIKE: [&str; 3] = ["strike", "delete", "remove"];

/// Corrects the last recorded result to the one `word` names (a player's
/// name or a result word), or strikes it out (`strike`); the corrected
/// series and a sentence in `lang` saying what changed.
pub fn correct_in(
    lang: Lang,
    series: &Series,
    word: &str,
) -> Result<(Series, String), SeriesLineError> {
    let (number, was) = match series.games().last() {
        Some(game) => (game.terms.number, series_result(lang, series, game.result)),
        None => return Err(SeriesLineError::NothingRecorded),
    };
    let strike = STRIKE.contains(&word.trim().to_lowercase().as_str());
    let result = if strike {
        None
    } else {
        Some(result_named(series, word).map_err(SeriesLineError::NotACorrection)?)
    };
    let fixed = corrected(series, result)?;
    let now = result.map(|result| series_result(lang, &fixed, result));
    let said = SeriesNote::Corrected {
        number,
        now: now.as_deref(),
        was: &was,
    };
    Ok((fixed, series_note(lang, said)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::series_line_error;
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
        let refused = |line| setup_from_line(line).unwrap_err().to_string();
        assert!(refused("Chie; even").contains("two players"));
        assert!(refused("Aki, Ben; sen").contains("weaker"));
        assert!(refused("Aki, Ben").contains("e.g."));
        assert!(refused("Aki, Ben; sen; Carl").contains("not a player"));
        assert!(matches!(
            setup_from_line("Aki, Ben"),
            Err(SeriesLineError::Usage)
        ));
        let usage = series_line_error(Lang::Ja, &setup_from_line("Aki, Ben").unwrap_err());
        assert!(usage.starts_with("対局者、手合割"), "{usage}");
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
        assert!(matches!(
            corrected(&aki_ben(), None),
            Err(SeriesLineError::NothingRecorded)
        ));
        let (_, said) = correct_in(Lang::Ja, &series, "aki").unwrap();
        assert_eq!(said, "第4局の結果を直しました: Akiの勝ち（元はBenの勝ち）");
        let (_, said) = correct_in(Lang::En, &series, "aki").unwrap();
        assert_eq!(said, "game 4 corrected: Aki wins (was: Ben wins)");
        let (_, said) = correct_in(Lang::En, &series, "strike").unwrap();
        assert_eq!(
            said,
            "game 4 struck out (was: Ben wins); it is to be played again"
        );
        assert!(
            correct_in(Lang::En, &series, "Carl")
                .unwrap_err()
                .to_string()
                .contains("or strike")
        );
    }
}
