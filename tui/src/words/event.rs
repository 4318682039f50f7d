//! The one function that turns an applied event into a sentence, for the
//! message line, plain mode, `kaisho host`/`join` and SGF comments alike.
//! English uses only ASCII besides the point names, so it suits `--ascii`
//! terminals.

use super::Lang;
use super::Naming;
use super::playout;
use kaisho_core::{Color, Event, Outcome, Point, WinBy};
use kaisho_saves::sgf::Note;

/// What is known about an event when it is told: the more a teller knows
/// (the screen knows the captures and the count, an SGF export only the
/// record), the more the sentence says.
#[derive(Clone, Copy, Debug)]
pub struct Told<'a> {
    /// The event, just applied.
    pub event: &'a Event,
    /// The moves played once it stands (a move's own number).
    pub moves: u32,
    /// The stones a move captured.
    pub taken: &'a [Point],
    /// Whether a move repeats an earlier whole-board position.
    pub repetition: bool,
    /// Whether a pass stopped the game.
    pub stopped: bool,
    /// The result, when the event ended the game.
    pub outcome: Option<Outcome>,
    /// The number of a proposal from 1 (for `Propose`).
    pub proposal: u32,
    /// The result a proposal's dead stones give, when counted.
    pub count: Option<Outcome>,
    /// Who is to play once the event stands.
    pub to_move: Color,
}

impl<'a> Told<'a> {
    /// An event with nothing known but itself and the moves played.
    #[must_use]
    pub fn bare(event: &'a Event, moves: u32) -> Told<'a> {
        Told {
            event,
            moves,
            taken: &[],
            repetition: false,
            stopped: false,
            outcome: None,
            proposal: 0,
            count: None,
            to_move: event.actor().opponent(),
        }
    }
}

/// A colour's name.
#[must_use]
pub fn color(lang: Lang, color: Color) -> &'static str {
    match (lang, color) {
        (Lang::En, Color::Black) => "Black",
        (Lang::En, Color::White) => "White",
        (Lang::Ja, Color::Black) => "黒",
        (Lang::Ja, Color::White) => "白",
    }
}

/// The stones a move took, to follow its point: nothing when it took
/// none.
fn captures(taken: &[Point], naming: Naming, size: u8) -> String {
    match (naming.lang, taken.len()) {
        (_, 0) => String::new(),
        (Lang::En, n) => format!(", captures {n} at {}", naming.names(taken, size)),
        (Lang::Ja, n) => format!("、{n}子取り ({})", naming.names(taken, size)),
    }
}

/// The sentence for an event, in `naming`'s language and point names.
#[must_use]
pub fn sentence(told: &Told<'_>, naming: Naming, size: u8) -> String {
    match naming.lang {
        Lang::En => english(told, naming, size),
        Lang::Ja => japanese(told, naming, size),
    }
}

fn english(t: &Told<'_>, naming: Naming, size: u8) -> String {
    let who = |c: Color| color(Lang::En, c);
    let moves = t.moves;
    // Told without its result (a withdrawn event), an ending says nothing after it.
    let ended = t
        .outcome
        .map_or_else(String::new, |o| format!(": {}", outcome(Lang::En, o)));
    match *t.event {
        Event::Play { color, point } => {
            let mut text = format!("move {moves}, {} {}", who(color), naming.name(point, size));
            text += &captures(t.taken, naming, size);
            if t.repetition {
                text += "; the whole board repeats an earlier position";
            }
            text
        }
        Event::Pass { color } if t.stopped => format!(
            "move {moves}, {} passes; two passes stop the game: mark the dead stones and propose",
            who(color)
        ),
        Event::Pass { color } => format!("move {moves}, {} passes", who(color)),
        Event::Resign { color } => format!("{} resigns{ended}", who(color)),
        Event::TimeLoss { color } => format!("{} ran out of time{ended}", who(color)),
        Event::OfferNoResult { by } => format!("{} offers no-result", who(by)),
        Event::AcceptNoResult { by } => format!("{} accepts{ended}", who(by)),
        Event::DeclineNoResult { by } => format!(
            "{} declines no-result: a move that repeats a position is refused from now on",
            who(by)
        ),
        Event::Propose { by, ref dead } => {
            let dead = match dead.len() {
                0 => "no dead stones".to_string(),
                n if n <= 8 => format!("dead {}", naming.names(dead, size)),
                // Every point is named: a member who listens to the screen
                // has no marks to look at.
                n => format!("{n} dead stones, {}", naming.names(dead, size)),
            };
            let count = t
                .count
                .map(|o| format!("; count {}", o.result_string()))
                .unwrap_or_default();
            format!(
                "proposal {} by {}: {dead}{count}; {} may accept or counter-propose",
                t.proposal,
                who(by),
                who(by.opponent())
            )
        }
        Event::Accept { by, proposal } => {
            format!("{} accepts proposal {}{ended}", who(by), proposal + 1)
        }
        Event::RequestResume { by } => format!(
            "{} asks to resume play; {} moves first",
            who(by),
            who(by.opponent())
        ),
        Event::DeclareBothLose { by } => {
            format!("{} declares the game unresolvable{ended}", who(by))
        }
        // Asked on the asker's turn: their move and the reply.
        Event::RequestUndo { by } if t.to_move == by => format!(
            "{} asks to take back moves {} and {moves}; {} may allow it or not",
            who(by),
            moves.saturating_sub(1),
            who(by.opponent())
        ),
        Event::RequestUndo { by } => format!(
            "{} asks to take back move {moves}; {} may allow it or not",
            who(by),
            who(by.opponent())
        ),
        Event::AcceptUndo { by } => format!(
            "{} agrees: taken back; move {moves} stands, {} to play",
            who(by),
            who(t.to_move)
        ),
        Event::DeclineUndo { by } => format!("{} declines: move {moves} stands", who(by)),
        Event::OpenPlayout { by, ref area } => playout::opened(by, area, naming, size),
        Event::PlayoutPlay { color, point } => {
            playout::scratch_move(color, Some(point), naming, size)
                + &captures(t.taken, naming, size)
        }
        Event::PlayoutPass { color } => playout::scratch_move(color, None, naming, size),
        Event::ClosePlayout { by } => playout::closed(Lang::En, by),
    }
}

fn japanese(t: &Told<'_>, naming: Naming, size: u8) -> String {
    let who = |c: Color| color(Lang::Ja, c);
    let moves = t.moves;
    let ended = t
        .outcome
        .map_or_else(String::new, |o| format!(": {}", outcome(Lang::Ja, o)));
    match *t.event {
        Event::Play { color, point } => {
            let mut text = format!("{moves}手目 {} {}", who(color), naming.name(point, size));
            text += &captures(t.taken, naming, size);
            if t.repetition {
                text += "。同一局面の反復";
            }
            text
        }
        Event::Pass { color } if t.stopped => format!(
            "{moves}手目 {} パス。対局の停止: 死に石を指定して終局処理案を",
            who(color)
        ),
        Event::Pass { color } => format!("{moves}手目 {} パス", who(color)),
        Event::Resign { color } => format!("{}が投了{ended}", who(color)),
        Event::TimeLoss { color } => format!("{}の時間切れ{ended}", who(color)),
        Event::OfferNoResult { by } => format!("{}が無勝負を提案", who(by)),
        Event::AcceptNoResult { by } => format!("{}が同意{ended}", who(by)),
        Event::DeclineNoResult { by } => format!(
            "{}が無勝負を断りました: 以後、同一局面を繰り返す着手はできません",
            who(by)
        ),
        Event::Propose { by, ref dead } => {
            let dead = match dead.len() {
                0 => "死に石なし".to_string(),
                n if n <= 8 => format!("死に石 {}", naming.names(dead, size)),
                n => format!("死に石{n}子 {}", naming.names(dead, size)),
            };
            let count = t
                .count
                .map(|o| format!("、計算 {}", o.result_string()))
                .unwrap_or_default();
            format!(
                "{}の終局処理案{}: {dead}{count}。{}は合意するか対案を出してください",
                who(by),
                t.proposal,
                who(by.opponent())
            )
        }
        Event::Accept { by, proposal } => {
            format!("{}が終局処理案{}に合意{ended}", who(by), proposal + 1)
        }
        Event::RequestResume { by } => format!(
            "{}が対局再開を要請: {}から打ちます",
            who(by),
            who(by.opponent())
        ),
        Event::DeclareBothLose { by } => {
            format!("{}が終局に合意できないと宣言{ended}", who(by))
        }
        Event::RequestUndo { by } if t.to_move == by => format!(
            "{}が{}・{moves}手目の待ったを求めています。{}は応じるか断るか",
            who(by),
            moves.saturating_sub(1),
            who(by.opponent())
        ),
        Event::RequestUndo { by } => format!(
            "{}が{moves}手目の待ったを求めています。{}は応じるか断るか",
            who(by),
            who(by.opponent())
        ),
        Event::AcceptUndo { by } => format!(
            "{}が待ったに応じました: {moves}手目まで、{}の番",
            who(by),
            who(t.to_move)
        ),
        Event::DeclineUndo { by } => {
            format!("{}が待ったを断りました: {moves}手目はそのまま", who(by))
        }
        Event::OpenPlayout { by, ref area } => playout::opened(by, area, naming, size),
        Event::PlayoutPlay { color, point } => {
            playout::scratch_move(color, Some(point), naming, size)
                + &captures(t.taken, naming, size)
        }
        Event::PlayoutPass { color } => playout::scratch_move(color, None, naming, size),
        Event::ClosePlayout { by } => playout::closed(Lang::Ja, by),
    }
}

/// Our network event, taken back because it crossed the partner's.
#[must_use]
pub fn crossed(crossed: Crossed<'_>, naming: Naming, size: u8) -> String {
    let what = sentence(&Told::bare(crossed.event, crossed.moves), naming, size);
    match (naming.lang, crossed.again) {
        (Lang::En, false) => format!(
            "your event ({what}) crossed the partner's and was taken back; make it again if it still applies"
        ),
        (Lang::Ja, false) => format!(
            "こちらの着手 ({what}) は相手の着手と行き違い、取り消されました。必要ならもう一度"
        ),
        (Lang::En, true) => {
            format!("your event ({what}) crossed the partner's and is made again after it")
        }
        (Lang::Ja, true) => format!(
            "こちらの着手 ({what}) は相手の着手と行き違いました。相手の着手の後にもう一度行います"
        ),
    }
}

/// Our event that crossed the partner's: the moves played with it standing
/// (a move's own number), and whether it is made again after the
/// partner's event (a resignation is).
#[derive(Clone, Copy, Debug)]
pub struct Crossed<'a> {
    pub event: &'a Event,
    pub moves: u32,
    pub again: bool,
}

/// A result in words with its SGF form, e.g. "White wins by 2.5 (W+2.5)",
/// 「白の2目半勝ち (W+2.5)」.
#[must_use]
pub fn outcome(lang: Lang, outcome: Outcome) -> String {
    let sgf = outcome.result_string();
    let margin = sgf.split_once('+').map_or("", |(_, m)| m);
    match (lang, outcome) {
        (Lang::En, Outcome::Win { winner, by }) => {
            let winner = color(lang, winner);
            match by {
                WinBy::Points(_) => format!("{winner} wins by {margin} ({sgf})"),
                WinBy::Resignation => format!("{winner} wins by resignation ({sgf})"),
                WinBy::Time => format!("{winner} wins on time ({sgf})"),
            }
        }
        (Lang::En, Outcome::Jigo) => "jigo, a draw (0)".to_string(),
        (Lang::En, Outcome::NoResult) => "no result (Void)".to_string(),
        (Lang::En, Outcome::BothLose) => "both players lose".to_string(),
        (Lang::Ja, Outcome::Win { winner, by }) => {
            let winner = color(lang, winner);
            match by {
                WinBy::Points(_) => format!("{winner}の{}勝ち ({sgf})", moku(margin)),
                WinBy::Resignation => format!("{winner}の中押し勝ち ({sgf})"),
                WinBy::Time => format!("{winner}の時間切れ勝ち ({sgf})"),
            }
        }
        (Lang::Ja, Outcome::Jigo) => "持碁 (0)".to_string(),
        (Lang::Ja, Outcome::NoResult) => "無勝負 (Void)".to_string(),
        (Lang::Ja, Outcome::BothLose) => "両負け".to_string(),
    }
}

/// A margin in 目: `3.5` → 3目半, `2` → 2目.
fn moku(margin: &str) -> String {
    match margin.strip_suffix(".5") {
        Some("0") => "半目".to_string(),
        Some(whole) => format!("{whole}目半"),
        None => format!("{margin}目"),
    }
}

/// The words of an SGF export's comments in `lang`, for saves' export.
pub fn sgf_words(lang: Lang) -> impl Fn(Note<'_>, u8) -> String {
    move |note, size| sgf_note(lang, note, size)
}

/// The words of an SGF export's comments, through [`sentence`] for the
/// events; points by their GTP names, which every SGF reader knows.
#[must_use]
pub fn sgf_note(lang: Lang, note: Note<'_>, size: u8) -> String {
    let naming = Naming {
        lang,
        ..Naming::default()
    };
    match note {
        Note::Event {
            event,
            moves,
            proposal,
            outcome,
        } => sentence(
            &Told {
                proposal,
                outcome,
                ..Told::bare(event, moves)
            },
            naming,
            size,
        ),
        Note::Withdrawn { event, by } => {
            let what = match *event {
                Event::Play { point, .. } => naming.name(point, size),
                _ => match lang {
                    Lang::En => "a pass".to_string(),
                    Lang::Ja => "パス".to_string(),
                },
            };
            let (mover, by) = (event.actor(), by);
            match lang {
                Lang::En => format!(
                    "{} played {what} and took it back with {}'s consent (待った)",
                    color(lang, mover),
                    color(lang, by)
                ),
                Lang::Ja => format!(
                    "{}の{what}は{}の同意で待った",
                    color(lang, mover),
                    color(lang, by)
                ),
            }
        }
        Note::Verdict(verdict) => super::playout::verdict_fact(lang, verdict, naming, size),
        Note::Kibitz { name, text } => {
            let kibitz = super::watch_line(lang, super::WatchLine::Kibitz { name, text });
            format!("[{kibitz}]")
        }
        Note::BothLose => match lang {
            Lang::En => "Both players lose (両負け, J1989 Art. 13): no agreement could be reached after stoppage".to_string(),
            Lang::Ja => "両負け (日本囲碁規約 第十三条): 対局の停止後、終局に合意できませんでした".to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_words_and_sgf_in_both_languages() {
        let win = Outcome::Win {
            winner: Color::Black,
            by: WinBy::Points(7),
        };
        assert_eq!(outcome(Lang::En, win), "Black wins by 3.5 (B+3.5)");
        assert_eq!(outcome(Lang::Ja, win), "黒の3目半勝ち (B+3.5)");
        assert_eq!(outcome(Lang::En, Outcome::Jigo), "jigo, a draw (0)");
        assert_eq!(outcome(Lang::Ja, Outcome::Jigo), "持碁 (0)");
        let time = Outcome::Win {
            winner: Color::White,
            by: WinBy::Time,
        };
        assert_eq!(outcome(Lang::En, time), "White wins on time (W+T)");
        assert_eq!(outcome(Lang::Ja, time), "白の時間切れ勝ち (W+T)");
        let half = Outcome::Win {
            winner: Color::White,
            by: WinBy::Points(1),
        };
        assert_eq!(outcome(Lang::Ja, half), "白の半目勝ち (W+0.5)");
        assert_eq!(outcome(Lang::Ja, Outcome::NoResult), "無勝負 (Void)");
        assert_eq!(outcome(Lang::Ja, Outcome::BothLose), "両負け");
    }

    /// A large proposal (an engine's, say) names every stone, as a small
    /// one does: plain mode and a screen reader have no marks to look at.
    #[test]
    fn a_proposal_of_many_stones_names_every_point() {
        let dead: Vec<Point> = (0..12).map(|i| Point::new(i % 9, i / 9)).collect();
        let propose = Event::Propose {
            by: Color::White,
            dead: dead.clone(),
        };
        let note = Note::Event {
            event: &propose,
            moves: 40,
            proposal: 0,
            outcome: None,
        };
        for lang in [Lang::En, Lang::Ja] {
            let said = sgf_note(lang, note, 9);
            for p in &dead {
                let name = p.to_gtp(9);
                assert!(said.contains(&name), "{lang:?}: no {name} in {said}");
            }
        }
        assert!(sgf_note(Lang::En, note, 9).contains("12 dead stones, A9"));
    }

    #[test]
    fn sgf_comments_are_the_event_sentences_in_the_games_language() {
        let propose = Event::Propose {
            by: Color::White,
            dead: vec![Point::new(0, 0)],
        };
        let note = Note::Event {
            event: &propose,
            moves: 40,
            proposal: 2,
            outcome: None,
        };
        assert_eq!(
            sgf_note(Lang::En, note, 9),
            "proposal 2 by White: dead A9; Black may accept or counter-propose"
        );
        assert_eq!(
            sgf_note(Lang::Ja, note, 9),
            "白の終局処理案2: 死に石 A9。黒は合意するか対案を出してください"
        );
        let play = Event::Play {
            color: Color::Black,
            point: Point::new(6, 2),
        };
        let withdrawn = Note::Withdrawn {
            event: &play,
            by: Color::White,
        };
        assert_eq!(
            sgf_note(Lang::En, withdrawn, 9),
            "Black played G7 and took it back with White's consent (待った)"
        );
        assert_eq!(sgf_note(Lang::Ja, withdrawn, 9), "黒のG7は白の同意で待った");
        assert!(
            sgf_note(Lang::Ja, Note::BothLose, 9).starts_with("両負け (日本囲碁規約 第十三条)")
        );
    }
}
