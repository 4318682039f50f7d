//! `kaisho series …`: keep a 1949 handicap series between two club members
//! from the command line: start one, hold the nigiri, record results, show
//! the next game's terms, list the series kept.

use clap::{Args, Subcommand};
use kaisho::app::{correct_in, result_named, result_word, seat_named, two_names};
use kaisho::errors::{NamesProblem, SeriesLineError, SeriesWordError};
use kaisho::words::{
    Failure, Lang, Report, SeriesLine, SeriesRefusal, failure, names_problem, player_name as name,
    report, series_line, series_line_error, series_refusal,
};
use kaisho_core::Komi;
use kaisho_core::series::nigiri::{self, NigiriError, NigiriRole, Parity};
use kaisho_core::series::{
    Change, KomiPolicy, LadderError, LadderKind, Player, Seat, Series, SeriesError, SeriesSetup,
    SetupError, Step,
};
use kaisho_core::settings::KomiError;
use kaisho_saves::places::{NoHome, Places};
use kaisho_saves::series::{IdError, SeriesId, SeriesStore, StoreError};
use serde::Serialize;
use std::fmt;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// Keep a handicap series under the 1949 Nihon Ki-in rules (Art. 12–19).
#[derive(Args, Debug)]
pub struct SeriesArgs {
    #[command(subcommand)]
    pub command: SeriesCommand,
}

#[derive(Subcommand, Debug)]
pub enum SeriesCommand {
    /// Start a series between two players.
    New {
        /// The two players' names, comma-separated: `--players Aki,Ben`.
        #[arg(long, value_delimiter = ',', num_args = 1, required = true)]
        players: Vec<String>,
        /// The ladder: kou (甲, thirds of a stone), otsu (乙, halves) or hei (丙, whole stones).
        #[arg(long, default_value = "kou")]
        ladder: String,
        /// The starting step, in Japanese or romanised: 互先/even, 先相先/sen-ai-sen,
        /// 先/sen, 先2先/sen-ni-sen, 2先2/ni-sen-ni, 先2/sen-ni, 2子/2-stones, 232子/2-3-2, 2・3子/2-3 …
        #[arg(long)]
        step: String,
        /// The weaker player (下手) at the starting step; not used at 互先.
        #[arg(long)]
        weaker: Option<String>,
        /// Wins ahead within a step that move the handicap (Art. 18.1).
        #[arg(long, default_value_t = 4)]
        threshold: u32,
        /// Komi in even (互先) games.
        #[arg(long, default_value = "6.5", allow_hyphen_values = true)]
        komi: String,
        /// Komi in 先, 先相先 and handicap games, if agreed (Art. 19.3).
        #[arg(long, default_value = "0", allow_hyphen_values = true)]
        handicap_komi: String,
        /// The series' id; made from the players' names if not given.
        #[arg(long)]
        id: Option<String>,
    },
    /// Record the nigiri (握り) that decides Black in the first game at 互先.
    Nigiri {
        /// The series' id.
        id: String,
        /// The player who grabbed the stones; the other one called.
        #[arg(long, requires_all = ["stones", "call"], conflicts_with = "black")]
        grabber: Option<String>,
        /// How many stones were grabbed.
        #[arg(long)]
        stones: Option<u16>,
        /// The call: odd (奇数先) or even (偶数先).
        #[arg(long)]
        call: Option<String>,
        /// Who took Black, if the nigiri was held at the board.
        #[arg(long, required_unless_present = "grabber")]
        black: Option<String>,
    },
    /// Record the result of the next game.
    Record {
        /// The series' id.
        id: String,
        /// A player's name, or draw (持碁), void (無勝負) or both-lose (両負け).
        #[arg(long)]
        winner: String,
    },
    /// Correct the last recorded result, or strike it out to play the
    /// game again; the step changes follow the corrected record.
    Correct {
        /// The series' id.
        id: String,
        /// The right result: a player's name, draw, void or both-lose; or
        /// strike to take the result out.
        #[arg(long)]
        winner: String,
    },
    /// Show the next game's terms, the lead and the history.
    Show {
        /// The series' id.
        id: String,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List the series kept.
    List,
}

/// Why a series command failed.
#[derive(Debug)]
pub enum SeriesCliError {
    Places(NoHome),
    Store(StoreError),
    Id(IdError),
    Ladder(LadderError),
    Series(SeriesError),
    Komi(KomiError),
    Nigiri(NigiriError),
    /// A name on the command line is neither player of the series.
    UnknownPlayer {
        given: String,
        names: [String; 2],
    },
    /// `--players` did not name two different players.
    Players(NamesProblem),
    /// The call was neither odd nor even.
    Call(String),
    /// Neither form of the nigiri was given in full.
    NigiriArgs,
    /// A handicap step was given without `--weaker`.
    WeakerFlag(Step),
    /// The last result could not be corrected, and why.
    Correction(SeriesLineError),
    /// The result could not be written out.
    Output(String),
}

impl SeriesCliError {
    /// The failure in `lang`.
    fn told(&self, lang: Lang) -> String {
        match self {
            SeriesCliError::Places(e) => failure(lang, Failure::NoHome(e)),
            SeriesCliError::Store(e) => failure(lang, Failure::Series(e)),
            SeriesCliError::Id(e) => failure(lang, Failure::SeriesId(e)),
            SeriesCliError::Ladder(e) => failure(lang, Failure::Ladder(e)),
            SeriesCliError::Series(e) => failure(lang, Failure::SeriesRule(e)),
            SeriesCliError::Komi(e) => failure(lang, Failure::Komi(e)),
            SeriesCliError::Nigiri(e) => failure(lang, Failure::Nigiri(e)),
            SeriesCliError::UnknownPlayer { given, names } => {
                series_refusal(lang, SeriesRefusal::UnknownPlayer { given, names })
            }
            SeriesCliError::Players(problem) => {
                format!("--players: {}", names_problem(lang, problem))
            }
            SeriesCliError::Call(given) => series_refusal(lang, SeriesRefusal::Call(given)),
            SeriesCliError::NigiriArgs => series_refusal(lang, SeriesRefusal::NigiriArgs),
            SeriesCliError::WeakerFlag(step) => {
                series_refusal(lang, SeriesRefusal::WeakerFlag(*step))
            }
            SeriesCliError::Correction(why) => series_line_error(lang, why),
            SeriesCliError::Output(e) => series_refusal(lang, SeriesRefusal::Output(e)),
        }
    }
}

/// English, for logs; a player is told [`SeriesCliError::told`].
impl fmt::Display for SeriesCliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.told(Lang::En))
    }
}

impl std::error::Error for SeriesCliError {}

macro_rules! from_error {
    ($($source:ty => $variant:ident),* $(,)?) => {
        $(impl From<$source> for SeriesCliError {
            fn from(e: $source) -> SeriesCliError {
                SeriesCliError::$variant(e)
            }
        })*
    };
}

impl From<SeriesWordError> for SeriesCliError {
    fn from(e: SeriesWordError) -> SeriesCliError {
        match e {
            SeriesWordError::UnknownPlayer { given, names } => {
                SeriesCliError::UnknownPlayer { given, names }
            }
            SeriesWordError::Players(why) => SeriesCliError::Players(why),
        }
    }
}

from_error!(
    NoHome => Places,
    StoreError => Store,
    IdError => Id,
    LadderError => Ladder,
    SeriesError => Series,
    KomiError => Komi,
    NigiriError => Nigiri,
);

/// Runs a series subcommand with files under `home` (or the default
/// places) and returns the process status. Output goes out in one piece at
/// the end; a closed pipe is not an error worth a panic.
pub fn run(args: SeriesArgs, home: Option<&Path>, lang: Lang) -> ExitCode {
    let mut out = String::new();
    let mut warnings = Vec::new();
    let result = execute(args.command, home, lang, &mut out, &mut warnings);
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    let mut stderr = std::io::stderr().lock();
    for warning in &warnings {
        let _ = writeln!(stderr, "{}", report(lang, Report::Warning(warning)));
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(stderr, "{}", report(lang, Report::Error(&e.told(lang))));
            ExitCode::FAILURE
        }
    }
}

/// Carries out a command, appending what it prints to `out` and anything
/// the user should know but that does not stop it to `warnings`.
fn execute(
    command: SeriesCommand,
    home: Option<&Path>,
    lang: Lang,
    out: &mut String,
    warnings: &mut Vec<String>,
) -> Result<(), SeriesCliError> {
    let store = SeriesStore::new(&Places::locate(home)?);
    match command {
        SeriesCommand::New {
            players,
            ladder,
            step,
            weaker,
            threshold,
            komi,
            handicap_komi,
            id,
        } => {
            let names = two_names(&players)?;
            let ladder = LadderKind::parse(&ladder)?;
            let start = ladder.parse_step(&step)?;
            let players = names.clone().map(|name| Player {
                id: format!("local:{name}"),
                name,
            });
            let weaker = weaker.map(|w| seat_named(&players, &w)).transpose()?;
            let setup = SeriesSetup {
                players,
                ladder,
                start,
                weaker,
                threshold,
                komi: KomiPolicy {
                    even: Komi::parse(&komi)?,
                    handicap: Komi::parse(&handicap_komi)?,
                },
            };
            // The rules' own words name no flag; the command line's do.
            let series = Series::new(setup).map_err(|e| match e {
                SeriesError::Setup(SetupError::WeakerMissing(step)) => {
                    SeriesCliError::WeakerFlag(step)
                }
                e => SeriesCliError::Series(e),
            })?;
            let id = match id {
                Some(text) => SeriesId::parse(&text)?,
                None => store.new_id([&names[0], &names[1]]),
            };
            store.create(&id, &series)?;
            let started = SeriesLine::Started {
                id: id.as_str(),
                path: &store.path_of(&id).display().to_string(),
            };
            out.push_str(&series_line(lang, started));
            out.push_str(&show_text(lang, &id, &series));
        }
        SeriesCommand::Nigiri {
            id,
            grabber,
            stones,
            call,
            black,
        } => {
            let (id, mut series) = load(&store, &id)?;
            let players = series.setup().players.clone();
            let black = match (grabber, stones, call, black) {
                (Some(grabber), Some(stones), Some(call), _) => {
                    let grabber = seat_named(&players, &grabber)?;
                    let call = Parity::parse(&call).ok_or(SeriesCliError::Call(call))?;
                    let role = nigiri::decide(stones, call)?;
                    let held = SeriesLine::Nigiri {
                        series: &series,
                        grabber,
                        stones,
                        call,
                        right: role == NigiriRole::Caller,
                    };
                    out.push_str(&series_line(lang, held));
                    if role == NigiriRole::Grabber {
                        grabber
                    } else {
                        grabber.other()
                    }
                }
                (_, _, _, Some(black)) => seat_named(&players, &black)?,
                _ => return Err(SeriesCliError::NigiriArgs),
            };
            let base = series.clone();
            series.nigiri(black)?;
            store.save(&id, &base, &series)?;
            let takes = SeriesLine::TakesBlack {
                series: &series,
                black,
            };
            out.push_str(&series_line(lang, takes));
            out.push_str(&series_line(lang, SeriesLine::NextGame(&series)));
        }
        SeriesCommand::Record { id, winner } => {
            let (id, mut series) = load(&store, &id)?;
            let result = result_named(&series, &winner)?;
            let number = series.next_game().number;
            let base = series.clone();
            let change = series.record(result)?;
            store.save(&id, &base, &series)?;
            let recorded = SeriesLine::Recorded {
                series: &series,
                number,
                result,
            };
            out.push_str(&series_line(lang, recorded));
            if let Some(change) = change {
                let changed = SeriesLine::Changed {
                    series: &series,
                    change,
                };
                out.push_str(&series_line(lang, changed));
            }
            out.push('\n');
            next_and_lead(lang, &series, out);
        }
        SeriesCommand::Correct { id, winner } => {
            let (id, was) = load(&store, &id)?;
            let (series, said) =
                correct_in(lang, &was, &winner).map_err(SeriesCliError::Correction)?;
            store.save(&id, &was, &series)?;
            let corrected = SeriesLine::Corrected {
                was: &was,
                now: &series,
                said: &said,
            };
            out.push_str(&series_line(lang, corrected));
            next_and_lead(lang, &series, out);
        }
        SeriesCommand::Show { id, json } => {
            let (id, series) = load(&store, &id)?;
            if json {
                let view = SeriesView::new(&id, &series);
                let text = serde_json::to_string_pretty(&view)
                    .map_err(|e| SeriesCliError::Output(e.to_string()))?;
                out.push_str(&text);
                out.push('\n');
            } else {
                out.push_str(&show_text(lang, &id, &series));
            }
        }
        SeriesCommand::List => {
            let listing = store.list()?;
            if listing.series.is_empty() {
                let dir = store.dir().display().to_string();
                out.push_str(&series_line(lang, SeriesLine::NoSeries { dir: &dir }));
            }
            for (id, series) in &listing.series {
                let listed = SeriesLine::Listed {
                    id: id.as_str(),
                    series,
                };
                out.push_str(&series_line(lang, listed));
            }
            warnings.extend(
                listing
                    .problems
                    .iter()
                    .map(|e| failure(lang, Failure::Series(e))),
            );
        }
    }
    Ok(())
}

fn load(store: &SeriesStore, id: &str) -> Result<(SeriesId, Series), SeriesCliError> {
    let id = SeriesId::parse(id)?;
    let series = store.load(&id)?;
    Ok((id, series))
}

/// The next game's terms, a blank line and the lead.
fn next_and_lead(lang: Lang, series: &Series, out: &mut String) {
    out.push_str(&series_line(lang, SeriesLine::NextGame(series)));
    out.push('\n');
    out.push_str(&series_line(lang, SeriesLine::Lead(series)));
}

fn show_text(lang: Lang, id: &SeriesId, series: &Series) -> String {
    series_line(
        lang,
        SeriesLine::Show {
            id: id.as_str(),
            series,
        },
    )
}

/// `series show --json`: the same facts as the text, for scripts.
#[derive(Serialize)]
struct SeriesView {
    id: String,
    players: Vec<PlayerView>,
    ladder: &'static str,
    ladder_japanese: &'static str,
    threshold: u32,
    komi_even: f64,
    komi_handicap: f64,
    next: NextView,
    lead: Option<LeadView>,
    at_ladder_end: bool,
    steps: Vec<StepView>,
    games: Vec<GameView>,
}

#[derive(Serialize)]
struct PlayerView {
    id: String,
    name: String,
}

#[derive(Serialize)]
struct NextView {
    game: u32,
    step: String,
    step_romaji: String,
    step_gloss: String,
    /// 1-based place in the step's pattern, and the pattern's length.
    position: u32,
    cycle: u32,
    step_began_at_game: u32,
    weaker: Option<String>,
    /// `null` until the nigiri decides it.
    black: Option<String>,
    white: Option<String>,
    handicap: u8,
    komi: f64,
}

#[derive(Serialize)]
struct LeadView {
    player: String,
    by: u32,
}

#[derive(Serialize)]
struct StepView {
    step: String,
    weaker: Option<String>,
    first_game: u32,
    games: u32,
    wins: [u32; 2],
    /// `moved`, `ladder-end`, or `null` for the current step.
    end: Option<&'static str>,
}

#[derive(Serialize)]
struct GameView {
    game: u32,
    step: String,
    black: Option<String>,
    white: Option<String>,
    handicap: u8,
    komi: f64,
    /// The winner's name, or `draw`, `void`, `both-lose`.
    result: String,
}

fn komi_number(komi: Komi) -> f64 {
    f64::from(komi.halves()) / 2.0
}

impl SeriesView {
    fn new(id: &SeriesId, series: &Series) -> SeriesView {
        let setup = series.setup();
        let named = |seat: Option<Seat>| seat.map(|s| name(series, s).to_string());
        let t = series.next_game();
        SeriesView {
            id: id.to_string(),
            players: setup
                .players
                .iter()
                .map(|p| PlayerView {
                    id: p.id.clone(),
                    name: p.name.clone(),
                })
                .collect(),
            ladder: setup.ladder.romaji(),
            ladder_japanese: setup.ladder.kanji(),
            threshold: setup.threshold,
            komi_even: komi_number(setup.komi.even),
            komi_handicap: komi_number(setup.komi.handicap),
            next: NextView {
                game: t.number,
                step: t.step.japanese().to_string(),
                step_romaji: t.step.romaji(),
                step_gloss: t.step.gloss(),
                position: t.position % t.cycle + 1,
                cycle: t.cycle,
                step_began_at_game: series.current().first_game,
                weaker: named(t.weaker),
                black: named(t.black),
                white: named(t.white()),
                handicap: t.handicap,
                komi: komi_number(t.komi),
            },
            lead: series.lead().map(|(seat, by)| LeadView {
                player: name(series, seat).to_string(),
                by,
            }),
            at_ladder_end: series.at_ladder_end(),
            steps: series
                .history()
                .iter()
                .map(|seg| StepView {
                    step: seg.step.japanese().to_string(),
                    weaker: named(seg.weaker),
                    first_game: seg.first_game,
                    games: seg.games,
                    wins: seg.wins,
                    end: seg.end.map(|c| match c {
                        Change::Moved { .. } => "moved",
                        Change::LadderEnd { .. } => "ladder-end",
                    }),
                })
                .collect(),
            games: series
                .games()
                .iter()
                .map(|g| GameView {
                    game: g.terms.number,
                    step: g.terms.step.japanese().to_string(),
                    black: named(g.terms.black),
                    white: named(g.terms.white()),
                    handicap: g.terms.handicap,
                    komi: komi_number(g.terms.komi),
                    result: result_word(series, g.result),
                })
                .collect(),
        }
    }
}
