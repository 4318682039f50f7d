//! `kaisho score FILE.sgf --dead POINTS|none|auto`: replays a record and counts it the
//! way a club counts under J1989 Art. 8–10.

use super::replay::{RecordError, load_and_replay};
use clap::Args;
use kaisho::app::{Doubt, Ends, Hinge, doubt, ends, headline, hinges};
use kaisho::words::{self, Failure, Lang, Report, Row};
use kaisho_core::life::{Limits, Status};
use kaisho_core::{Color, CoordError, Game, GameError, Point, PointStatus, Score};
use kaisho_saves::visible::visible;
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

/// Count a finished SGF record under the Japanese rules of 1989.
#[derive(Args, Debug)]
pub struct ScoreArgs {
    /// The SGF file to count.
    #[arg(value_name = "FILE.sgf")]
    pub file: PathBuf,
    /// The dead stones: GTP points separated by commas (one stone per chain
    /// is enough), `none`, or `auto` for the automatic draft.
    #[arg(long, default_value = "none", value_name = "POINTS|none|auto")]
    pub dead: Dead,
    /// Print the count as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Which stones the players agree are dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dead {
    /// No stone is dead.
    None,
    /// These points, in GTP style; read once the board size is known.
    Points(Vec<String>),
    /// The automatic draft of the core's Article 7 search.
    Auto,
}

/// `--dead` gave neither points nor `none` nor `auto`. Worded in English:
/// the command line's own errors come before the language is chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadSyntax;

impl std::fmt::Display for DeadSyntax {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&words::report(Lang::En, Report::DeadSyntax))
    }
}

impl std::error::Error for DeadSyntax {}

impl FromStr for Dead {
    type Err = DeadSyntax;

    fn from_str(text: &str) -> Result<Dead, DeadSyntax> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Dead::None),
            "auto" => Ok(Dead::Auto),
            _ => {
                let points: Vec<String> = text
                    .split(',')
                    .map(str::trim)
                    .filter(|p| !p.is_empty())
                    .map(str::to_string)
                    .collect();
                if points.is_empty() {
                    Err(DeadSyntax)
                } else {
                    Ok(Dead::Points(points))
                }
            }
        }
    }
}

/// The draft's verdict on one chain, as the report names it.
struct Verdict {
    stones: Vec<String>,
    color: Color,
    status: Status,
    proven: bool,
    reason: String,
}

impl Verdict {
    fn status(&self) -> &'static str {
        match self.status {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
            Status::Unsettled => "unsettled",
        }
    }

    fn kind(&self) -> Option<&'static str> {
        match (self.status, self.proven) {
            (Status::Unsettled, _) => None,
            (_, true) => Some("proven"),
            (_, false) => Some("estimated"),
        }
    }
}

/// What the count says beside its figures when the draft made the dead
/// stones: every chain's verdict, and the unsettled chains whose verdict
/// would change the winner, so that no result that rests on a guess is
/// shown as settled.
#[derive(Default)]
struct Drafted {
    verdicts: Vec<Verdict>,
    hinges: Vec<Hinge>,
    /// Both ends of the count while chains are unsettled.
    ends: Option<Ends>,
    /// The other outcome where doubtful estimates decide the winner.
    doubt: Option<Doubt>,
}

impl Drafted {
    fn unsettled(&self) -> usize {
        self.verdicts
            .iter()
            .filter(|v| v.status == Status::Unsettled)
            .count()
    }
}

/// The complete draft (proofs, and the estimate for the rest): its dead
/// stones, every chain's verdict, and the unsettled chains that decide
/// the winner. Unsettled chains are counted as alive; the players decide.
fn auto_dead(game: &Game, lang: Lang) -> (Vec<Point>, Drafted) {
    let naming = words::naming_for(lang);
    let size = game.settings().size.get();
    let analysis = game.auto_draft(&Limits::default());
    let verdicts = analysis
        .chains
        .iter()
        .map(|v| Verdict {
            stones: v.stones.iter().map(|p| p.to_gtp(size)).collect(),
            color: v.color,
            status: v.status,
            proven: v.is_proven(),
            reason: words::reason(v.reason, v.status, naming, size),
        })
        .collect();
    let dead = analysis.dead();
    let hinges = hinges(game, &dead, analysis.unsettled());
    let ends = ends(game, &dead, analysis.unsettled());
    let doubt = doubt(game, &dead, analysis.unsettled().chain(analysis.doubtful()));
    (
        dead,
        Drafted {
            verdicts,
            hinges,
            ends,
            doubt,
        },
    )
}

/// Replays the record, counts it with the dead stones given and prints the count.
pub fn run(args: &ScoreArgs, lang: Lang) -> ExitCode {
    match count(args, lang) {
        Ok(output) => {
            println!("{output}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{}", visible(&error.told(lang)));
            ExitCode::FAILURE
        }
    }
}

/// Why a record could not be counted. Its `Display` is for logs: a
/// player is told [`CountError::told`].
#[derive(Debug, thiserror::Error)]
enum CountError {
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The record stops at an illegal move: the message, in the player's
    /// language, names the file and the move.
    #[error("{0}; a record must replay to the end to be counted")]
    Unfinished(String),
    /// A point given with `--dead` is not on the board.
    #[error("--dead: {0}")]
    Point(#[from] CoordError),
    /// A point given with `--dead` on a board of `size` lines holds no stone.
    #[error("--dead: {error}")]
    Dead { size: u8, error: GameError },
}

impl CountError {
    /// The failure in `lang`.
    fn told(&self, lang: Lang) -> String {
        let why = match self {
            CountError::Record(e) => return e.told(lang),
            CountError::Unfinished(why) => {
                return words::report(lang, Report::Uncountable(why));
            }
            CountError::Point(e) => words::failure(lang, Failure::Coord(e)),
            CountError::Dead { size, error } => {
                words::refusal(error, words::naming_for(lang), *size)
            }
        };
        words::report(lang, Report::DeadPoint(&why))
    }
}

fn count(args: &ScoreArgs, lang: Lang) -> Result<String, CountError> {
    let name = visible(&args.file.display().to_string()).into_owned();
    let replayed = load_and_replay(&args.file)?;
    let game = replayed.game;
    let size = game.settings().size.get();
    if let Some(illegal) = replayed.illegal {
        let message = illegal.message(size, lang);
        return Err(CountError::Unfinished(format!("{name}: {message}")));
    }
    let (marked, drafted) = match &args.dead {
        Dead::None => (Vec::new(), Drafted::default()),
        Dead::Points(names) => (
            names
                .iter()
                .map(|n| Point::parse_gtp(n, size))
                .collect::<Result<_, _>>()?,
            Drafted::default(),
        ),
        Dead::Auto => auto_dead(&game, lang),
    };
    let refused = |error| CountError::Dead { size, error };
    let dead = game.dead_chains(&marked).map_err(refused)?;
    let score = game.count_with(&dead).map_err(refused)?;
    let dead: Vec<String> = dead.iter().map(|p| p.to_gtp(size)).collect();
    Ok(if args.json {
        json_report(&score, &dead, &drafted, size)
    } else {
        table(&score, &dead, &drafted, size, lang)
    })
}

fn json_report(score: &Score, dead: &[String], drafted: &Drafted, size: u8) -> String {
    let verdicts = &drafted.verdicts;
    let pair = |v: [u32; 2]| json!({ "B": v[0], "W": v[1] });
    let total = |c: Color| f64::from(score.total_halves(c)) / 2.0;
    json!({
        "territory": pair(score.territory),
        "prisoners": pair(score.captures),
        "dead_lifted": pair(score.dead_lifted),
        "dead": dead,
        "komi": f64::from(score.komi.halves()) / 2.0,
        "total": { "B": total(Color::Black), "W": total(Color::White) },
        "result": score.outcome().result_string(),
        "provisional": drafted.unsettled() > 0,
        "undecided": drafted.ends.as_ref().is_some_and(|e| !e.decided()),
        "if_unsettled_alive": drafted.ends.as_ref().map(|e| e.alive.result_string()),
        "if_unsettled_dead": drafted.ends.as_ref().map(|e| e.dead.result_string()),
        "if_doubtful_chains_turn": drafted.doubt.as_ref().map(|d| d.other.result_string()),
        "doubtful": drafted
            .doubt
            .iter()
            .flat_map(|d| &d.chains)
            .map(|p| p.to_gtp(size))
            .collect::<Vec<_>>(),
        "hinges": drafted
            .hinges
            .iter()
            .map(|h| json!({
                "chain": h.chain.to_gtp(size),
                "dead": h.dead.result_string(),
                "alive": h.alive.result_string(),
            }))
            .collect::<Vec<_>>(),
        "unsettled": verdicts
            .iter()
            .filter(|v| v.status == Status::Unsettled)
            .map(|u| json!({ "stones": u.stones, "color": u.color.letter().to_string(), "reason": u.reason }))
            .collect::<Vec<_>>(),
        "verdicts": verdicts
            .iter()
            .map(|v| json!({
                "stones": v.stones,
                "color": v.color.letter().to_string(),
                "status": v.status(),
                "kind": v.kind(),
                "reason": v.reason,
            }))
            .collect::<Vec<_>>(),
    })
    .to_string()
}

/// The count laid out as a club counts: each side's territory, the
/// prisoners taken in play, the dead stones lifted at the end, komi,
/// total; then the result, provisional while chains are unsettled, with
/// both results beside each unsettled chain that decides the winner.
fn table(score: &Score, dead: &[String], drafted: &Drafted, size: u8, lang: Lang) -> String {
    let half = |h: i32| kaisho_core::settings::half_points(h);
    let figures = |v: [u32; 2]| [v[0].to_string(), v[1].to_string()];
    let rows = [
        (Row::Heading, [String::new(), String::new()]),
        (Row::Territory, figures(score.territory)),
        (Row::Prisoners, figures(score.captures)),
        (Row::DeadLifted, figures(score.dead_lifted)),
        (Row::Komi, [String::new(), half(score.komi.halves())]),
        (
            Row::Total,
            [
                half(score.total_halves(Color::Black)),
                half(score.total_halves(Color::White)),
            ],
        ),
    ];
    let mut out = String::new();
    for (row, [black, white]) in &rows {
        out += &words::report(lang, Report::Row(*row, [black, white]));
        out += "\n";
    }
    if !dead.is_empty() {
        out += &words::report(lang, Report::DeadStones(&dead.join(" ")));
        out += "\n";
    }
    let teire: Vec<String> = score
        .points_where(|s| matches!(s, PointStatus::Teire(_)))
        .iter()
        .map(|p| p.to_gtp(size))
        .collect();
    if !teire.is_empty() {
        out += &words::report(lang, Report::Teire(&teire.join(" ")));
        out += "\n";
    }
    for v in &drafted.verdicts {
        let (color, stones, reason) = (v.color, &v.stones.join(" "), &v.reason);
        let line = match (v.status, v.proven) {
            (Status::Unsettled, _) => Report::Unsettled {
                color,
                stones,
                reason,
            },
            (Status::Dead, false) => Report::EstimatedDead {
                color,
                stones,
                reason,
            },
            _ => continue,
        };
        out += &words::report(lang, line);
        out += "\n";
    }
    // While chains are unsettled the result is both ends of the count,
    // never a winner that rests on a guess.
    let result = headline(drafted.ends.as_ref(), drafted.doubt.as_ref(), lang)
        .unwrap_or_else(|| score.outcome().result_string());
    out += &words::report(lang, Report::Result(&result));
    let unsettled = drafted.unsettled();
    if unsettled > 0 {
        out += "\n";
        out += &words::report(lang, Report::Provisional { unsettled });
    }
    // One chain that decides the game says both ends itself, by name.
    if let Some(ends) = drafted
        .ends
        .as_ref()
        .filter(|e| e.unsettled > 1 || drafted.hinges.is_empty())
    {
        out += "\n";
        out += &ends.said(lang);
    }
    for hinge in &drafted.hinges {
        out += "\n";
        out += &hinge.said(lang, &hinge.chain.to_gtp(size));
    }
    let ends = drafted.ends.as_ref();
    if let Some(doubt) = drafted.doubt.as_ref().filter(|d| d.worth_naming(ends)) {
        out += "\n";
        out += &doubt.said(lang, |p| p.to_gtp(size));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dead_stones_are_none_auto_or_points() {
        assert_eq!("none".parse(), Ok(Dead::None));
        assert_eq!("AUTO".parse(), Ok(Dead::Auto));
        assert_eq!(
            "d4, Q16".parse(),
            Ok(Dead::Points(vec!["d4".to_string(), "Q16".to_string()]))
        );
        assert!(",".parse::<Dead>().is_err());
    }
}
