//! `kaisho series …`: keep a 1949 handicap series between two club members
//! from the command line: start one, hold the nigiri, record results, show
//! the next game's terms, list the series kept.

use clap::{Args, Subcommand};
use kaisho::app::{
    SeriesWordError, change_text, correct_by_word, komi_text, player_name as name, result_named,
    result_text, seat_named, step_and_weaker, two_names,
};
use kaisho_core::Komi;
use kaisho_core::series::nigiri::{self, NigiriError, NigiriRole, Parity};
use kaisho_core::series::{
    Change, GameTerms, KomiPolicy, LadderError, LadderKind, Player, Seat, Segment, Series,
    SeriesError, SeriesResult, SeriesSetup,
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
        #[arg(long, value_delimiter = ',', num_args = 1)]
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
    Players(String),
    /// The call was neither odd nor even.
    Call(String),
    /// Neither form of the nigiri was given in full.
    NigiriArgs,
    /// The last result could not be corrected, and why.
    Correction(String),
    /// The result could not be written out.
    Output(String),
}

impl fmt::Display for SeriesCliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeriesCliError::Places(e) => write!(f, "{e}"),
            SeriesCliError::Store(e) => write!(f, "{e}"),
            SeriesCliError::Id(e) => write!(f, "{e}"),
            SeriesCliError::Ladder(e) => write!(f, "{e}"),
            SeriesCliError::Series(e) => write!(f, "{e}"),
            SeriesCliError::Komi(e) => write!(f, "{e}"),
            SeriesCliError::Nigiri(e) => write!(f, "{e}"),
            SeriesCliError::UnknownPlayer { given, names } => write!(
                f,
                "'{given}' is not a player of this series; use {} or {}",
                names[0], names[1]
            ),
            SeriesCliError::Players(why) => write!(f, "--players: {why}"),
            SeriesCliError::Call(given) => {
                write!(f, "--call '{given}': call odd (奇数先) or even (偶数先)")
            }
            SeriesCliError::NigiriArgs => f.write_str(
                "give the nigiri as --grabber NAME --stones N --call odd|even, or as --black NAME",
            ),
            SeriesCliError::Correction(why) => f.write_str(why),
            SeriesCliError::Output(e) => write!(f, "cannot print the result: {e}"),
        }
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
pub fn run(args: SeriesArgs, home: Option<&Path>) -> ExitCode {
    let mut out = String::new();
    let mut warnings = Vec::new();
    let result = execute(args.command, home, &mut out, &mut warnings);
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    let mut stderr = std::io::stderr().lock();
    for warning in &warnings {
        let _ = writeln!(stderr, "kaisho: warning: {warning}");
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(stderr, "kaisho: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Carries out a command, appending what it prints to `out` and anything
/// the user should know but that does not stop it to `warnings`.
fn execute(
    command: SeriesCommand,
    home: Option<&Path>,
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
            let series = Series::new(setup)?;
            let id = match id {
                Some(text) => SeriesId::parse(&text)?,
                None => store.new_id([&names[0], &names[1]]),
            };
            store.create(&id, &series)?;
            out.push_str(&format!(
                "Started series {id} ({}).\n\n",
                store.path_of(&id).display()
            ));
            out.push_str(&show_text(&id, &series));
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
                    out.push_str(&format!(
                        "{} grabbed {stones} ({}); {} called {call} ({}): the call was {}.\n",
                        name(&series, grabber),
                        Parity::of(stones),
                        name(&series, grabber.other()),
                        call.japanese(),
                        if role == NigiriRole::Caller {
                            "right"
                        } else {
                            "wrong"
                        },
                    ));
                    if role == NigiriRole::Grabber {
                        grabber
                    } else {
                        grabber.other()
                    }
                }
                (_, _, _, Some(black)) => seat_named(&players, &black)?,
                _ => return Err(SeriesCliError::NigiriArgs),
            };
            series.nigiri(black)?;
            store.save(&id, &series)?;
            out.push_str(&format!(
                "{} takes Black in game {}.\n\n",
                name(&series, black),
                series.next_game().number
            ));
            out.push_str(&next_game_text(&series));
        }
        SeriesCommand::Record { id, winner } => {
            let (id, mut series) = load(&store, &id)?;
            let result = result_named(&series, &winner)?;
            let number = series.next_game().number;
            let change = series.record(result)?;
            store.save(&id, &series)?;
            let unmoved = if result.winner().is_none() {
                ": the lead does not move"
            } else {
                ""
            };
            out.push_str(&format!(
                "Game {number}: {}{unmoved}.\n",
                result_text(&series, result)
            ));
            if let Some(change) = change {
                out.push_str(&change_text(&series, &change));
                out.push('\n');
            }
            out.push('\n');
            out.push_str(&next_game_text(&series));
            out.push('\n');
            out.push_str(&lead_text(&series));
        }
        SeriesCommand::Correct { id, winner } => {
            let (id, series) = load(&store, &id)?;
            let (series, said) =
                correct_by_word(&series, &winner).map_err(SeriesCliError::Correction)?;
            store.save(&id, &series)?;
            out.push_str(&format!("{}.\n\n", capitalised(&said)));
            out.push_str(&next_game_text(&series));
            out.push('\n');
            out.push_str(&lead_text(&series));
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
                out.push_str(&show_text(&id, &series));
            }
        }
        SeriesCommand::List => {
            let listing = store.list()?;
            if listing.series.is_empty() {
                out.push_str(&format!(
                    "No series in {} yet; start one with `kaisho series new`.\n",
                    store.dir().display()
                ));
            }
            for (id, series) in &listing.series {
                let next = series.next_game();
                out.push_str(&format!(
                    "{id}  {} v {}  {}  next: game {}, {}, {}\n",
                    name(series, Seat::First),
                    name(series, Seat::Second),
                    series.setup().ladder.kanji(),
                    next.number,
                    next.step.japanese(),
                    match next.black {
                        Some(b) => format!("Black {}", name(series, b)),
                        None => "nigiri".to_string(),
                    }
                ));
            }
            warnings.extend(listing.problems.iter().map(ToString::to_string));
        }
    }
    Ok(())
}

fn load(store: &SeriesStore, id: &str) -> Result<(SeriesId, Series), SeriesCliError> {
    let id = SeriesId::parse(id)?;
    let series = store.load(&id)?;
    Ok((id, series))
}

/// A sentence with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn next_game_text(series: &Series) -> String {
    let t = series.next_game();
    let first_of_step = series.current().first_game;
    let mut s = format!("Next game: game {}\n", t.number);
    s.push_str(&format!(
        "  Step:     {} ({}): {}\n",
        t.step.japanese(),
        t.step.romaji(),
        t.step.gloss()
    ));
    s.push_str(&format!(
        "  Pattern:  game {} of {} (the step began at game {first_of_step})\n",
        t.position % t.cycle + 1,
        t.cycle
    ));
    match (t.black, t.white()) {
        (Some(b), Some(w)) => {
            s.push_str(&format!(
                "  Black:    {}{}\n",
                name(series, b),
                weaker_mark(&t, b)
            ));
            s.push_str(&format!(
                "  White:    {}{}\n",
                name(series, w),
                weaker_mark(&t, w)
            ));
        }
        _ => s.push_str(
            "  Colours:  by nigiri (握り, Art. 14.2): `kaisho series nigiri ID --grabber NAME \
             --stones N --call odd|even`, or `--black NAME`\n",
        ),
    }
    let stones = match t.handicap {
        0 => "none".to_string(),
        n => format!("{n} stones"),
    };
    s.push_str(&format!("  Handicap: {stones}\n"));
    s.push_str(&format!("  Komi:     {}\n", komi_text(t.komi)));
    if series.at_ladder_end() {
        s.push_str(&format!(
            "  This is the last step of the {} ladder: a lead by the stronger player cannot add handicap.\n",
            series.setup().ladder.kanji()
        ));
    }
    s
}

fn weaker_mark(terms: &GameTerms, seat: Seat) -> &'static str {
    if terms.weaker == Some(seat) {
        " (weaker)"
    } else {
        ""
    }
}

fn lead_text(series: &Series) -> String {
    let seg = series.current();
    let counts = format!(
        "{} {}, {} {} in {} game{}",
        name(series, Seat::First),
        seg.wins[0],
        name(series, Seat::Second),
        seg.wins[1],
        seg.games,
        if seg.games == 1 { "" } else { "s" }
    );
    match series.lead() {
        Some((seat, n)) => format!(
            "Lead at {}: {} +{n} of {} ({counts})\n",
            seg.step,
            name(series, seat),
            series.setup().threshold
        ),
        None => format!("Lead at {}: level ({counts})\n", seg.step),
    }
}

fn segment_text(series: &Series, seg: &Segment) -> String {
    let last = seg.first_game + seg.games.saturating_sub(1);
    let span = match seg.games {
        0 => format!("from game {}", seg.first_game),
        1 => format!("game {}", seg.first_game),
        _ => format!("games {}–{last}", seg.first_game),
    };
    let games = match (seg.games, seg.end) {
        (1.., None) => format!("{span}, going on"),
        _ => span,
    };
    let end = match &seg.end {
        Some(change) => match *change {
            Change::Moved { to, weaker, .. } => {
                format!(" → {}", step_and_weaker(series, to, weaker))
            }
            Change::LadderEnd { .. } => " → could not move (ladder's end)".to_string(),
        },
        None => String::new(),
    };
    format!(
        "  {games}: {}, {} {}–{} {}{end}\n",
        step_and_weaker(series, seg.step, seg.weaker),
        name(series, Seat::First),
        seg.wins[0],
        seg.wins[1],
        name(series, Seat::Second),
    )
}

fn show_text(id: &SeriesId, series: &Series) -> String {
    let setup = series.setup();
    let mut s = format!(
        "Series {id}: {} v {}, ladder {}, the handicap moves after a lead of {}; komi {} in even games, {} otherwise\n\n",
        name(series, Seat::First),
        name(series, Seat::Second),
        setup.ladder,
        setup.threshold,
        komi_text(setup.komi.even),
        komi_text(setup.komi.handicap),
    );
    s.push_str(&next_game_text(series));
    s.push('\n');
    s.push_str(&lead_text(series));
    s.push_str("\nSteps:\n");
    for seg in series.history() {
        s.push_str(&segment_text(series, seg));
    }
    if !series.games().is_empty() {
        s.push_str("\nGames:\n");
        for g in series.games() {
            let t = &g.terms;
            let colours = match (t.black, t.white()) {
                (Some(b), Some(w)) => format!("B {} W {}", name(series, b), name(series, w)),
                _ => String::new(),
            };
            let extra = match t.handicap {
                0 => format!("komi {}", komi_text(t.komi)),
                n => format!("{n} stones"),
            };
            s.push_str(&format!(
                "  {:>3}  {}  {colours}, {extra}: {}\n",
                t.number,
                t.step,
                result_text(series, g.result)
            ));
        }
    }
    s
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
                    result: match g.result {
                        SeriesResult::Win(seat) => name(series, seat).to_string(),
                        SeriesResult::Jigo => "draw".into(),
                        SeriesResult::NoResult => "void".into(),
                        SeriesResult::BothLose => "both-lose".into(),
                    },
                })
                .collect(),
        }
    }
}
