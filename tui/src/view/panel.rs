//! The side panel: players, prisoners, turn, move number and phase during
//! play; the proposal and the live count during the ending; the result
//! table at the end. Lines keep fixed places so that a move rewrites only
//! the few characters that changed.

use super::table::score_lines;
use super::text::{columns, fit, wrap};
use super::theme::Theme;
use crate::app::{
    ClockFace, LinkState, NetSeat, State, Table, WatchDoor, doubt_line, provisional_lines,
};
use crate::words::{Dial, EngineLine, Lang, Say, WatchSay, engine_line, reason, say, watch_say};
use kaisho_core::{Color, Move, NoResultState, Phase};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Draws the panel for the session's phase.
pub fn render(state: &State, session: &Table, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = header(session, theme);
    lines.push(Line::default());
    let width = usize::from(area.width);
    let height = usize::from(area.height);
    // In play watching comes first; in the ending and once the game has
    // ended the count, its legend and the result do, and watching after
    // them, as room allows.
    let counted_first = session.halted.is_none() && session.game.phase() != Phase::Playing;
    let mut squeezed = false;
    // Lines the ending shows only where room is left once who watches is
    // shown: the doubtful chains by name (the headline has said the other
    // outcome already).
    let mut spare = Vec::new();
    let door = session.net.as_ref().and_then(|net| net.watch.as_ref());
    if let Some(net) = &session.net {
        link(net, theme, width, &mut lines);
        if let Some(door) = door.filter(|_| !counted_first) {
            watchers(door, theme, width, &mut lines);
        }
    }
    match (&session.halted, session.game.phase()) {
        (Some(why), _) => {
            for text in wrap(why, width) {
                lines.push(Line::styled(theme.text(&text), theme.error()));
            }
        }
        (None, Phase::Playing) => play(state, session, theme, &mut lines),
        (None, Phase::Stopped | Phase::Ending) => match session.game.playout() {
            Some(scratch) => {
                let size = session.game.settings().size.get();
                let texts = crate::words::playout_panel(scratch, state.naming, size);
                for (i, text) in texts.iter().enumerate() {
                    let style = if i == 0 { theme.bold() } else { theme.plain() };
                    for text in wrap(text, width) {
                        lines.push(Line::styled(theme.text(&text), style));
                    }
                }
            }
            None => ending(state, session, theme, width, &mut lines, &mut spare),
        },
        (None, Phase::Ended) => result(session, theme, width, &mut lines),
    }
    if counted_first {
        let mut watch = Vec::new();
        if let Some(door) = door {
            watchers(door, theme, width, &mut watch);
        }
        // Room for the talk's last line (under its blank, unless the panel
        // is squeezed of blank lines) and the row kept free below it, when
        // there is talk: the kibitz a host is given at the end among it.
        let talk = session.net.as_ref().is_some_and(|net| !net.chat.is_empty());
        let over = |lines: &[Line<'_>], watch: &[Line<'_>], gap: bool| {
            let talk = if talk { 2 + usize::from(gap) } else { 0 };
            lines.len() + watch.len() + talk > height
        };
        if over(&[&lines[..], &spare[..]].concat(), &watch, true) {
            squeezed = true;
            lines.retain(|line| line.width() > 0);
        }
        // Who watches goes before the talk does: the code first (it is on
        // the lobby and the game's panel before the count), then the names.
        while over(&lines, &watch, !squeezed) && !watch.is_empty() {
            watch.remove(0);
        }
        let with_spare = [&lines[..], &spare[..]].concat();
        if !spare.is_empty() && !over(&with_spare, &watch, !squeezed) {
            // Above the legend, and the blank over it unless squeezed.
            let at = lines.len().saturating_sub(if squeezed { 1 } else { 2 });
            lines.splice(at..at, spare);
        }
        lines.extend(watch);
    }
    if let Some(net) = &session.net {
        let room = height.saturating_sub(lines.len() + 1);
        chat(net, theme, width, room, squeezed, &mut lines);
    }
    Paragraph::new(lines).render(area, buf);
}

/// The connection's state, when it is not simply connected; an engine
/// partner at work says so.
fn link(net: &NetSeat, theme: Theme, width: usize, lines: &mut Vec<Line<'static>>) {
    if net.thinking {
        let thinking = engine_line(theme.lang, EngineLine::Thinking);
        lines.push(Line::styled(theme.text(&thinking), theme.dim()));
    }
    // A closed link says why in the stopped game's own lines.
    let LinkState::Away(why) = &net.link else {
        return;
    };
    let why = say(theme.lang, Say::PartnerAway(why));
    for text in wrap(&why, width).into_iter().take(3) {
        lines.push(Line::styled(theme.text(&text), theme.error()));
    }
}

/// Watching on the host's side, one line each: the watch code (never the
/// players'), and who watches, or that watching is closed.
fn watchers(door: &WatchDoor, theme: Theme, width: usize, lines: &mut Vec<Line<'static>>) {
    let lang = theme.lang;
    if !door.open {
        lines.push(Line::styled(watch_say(lang, WatchSay::Closed), theme.dim()));
        return;
    }
    let code = watch_say(lang, WatchSay::Code(&door.code));
    // The code is never cut: a narrow panel wraps it.
    for text in wrap(&code, width) {
        lines.push(Line::styled(text, theme.dim()));
    }
    let names = door.names.join(", ");
    let count = door.names.len();
    let said = watch_say(
        lang,
        WatchSay::Watchers {
            count,
            names: &names,
        },
    );
    lines.push(Line::styled(fit(&theme.text(&said), width), theme.dim()));
}

/// The last chat lines that fit in `room` rows, under a blank line unless
/// the panel is `squeezed` of its blank lines.
fn chat(
    net: &NetSeat,
    theme: Theme,
    width: usize,
    room: usize,
    squeezed: bool,
    lines: &mut Vec<Line<'static>>,
) {
    let gap = usize::from(!squeezed);
    if room < gap + 1 || (net.engine && net.chat.is_empty()) {
        return;
    }
    if gap == 1 {
        lines.push(Line::default());
    }
    if net.chat.is_empty() {
        lines.push(Line::styled(
            theme.text(&say(theme.lang, Say::ChatWith(net.partner()))),
            theme.dim(),
        ));
        return;
    }
    let wrapped: Vec<String> = net.chat.iter().flat_map(|line| wrap(line, width)).collect();
    let skip = wrapped.len().saturating_sub(room - gap);
    for text in wrapped.into_iter().skip(skip) {
        lines.push(Line::styled(theme.text(&text), theme.dim()));
    }
}

fn header(session: &Table, theme: Theme) -> Vec<Line<'static>> {
    let terms = Say::Terms(session.game.settings());
    let captures = session.game.captures();
    // An ASCII-only terminal cannot draw the title's or the players' kanji.
    let drawn = if theme.ascii { Lang::En } else { theme.lang };
    let mut lines = vec![
        Line::styled(theme.text(&session.title.words(drawn)), theme.bold()),
        Line::from(say(theme.lang, terms)),
        Line::default(),
    ];
    for color in [Color::Black, Color::White] {
        let prisoners = captures[color.index()];
        // A network game names its players on the seat lines below.
        let who = match session.net {
            Some(_) => crate::words::color(theme.lang, color).to_string(),
            None => session.player_name(color, drawn),
        };
        lines.push(Line::from(vec![
            Span::styled(theme.stone(color), theme.bold()),
            Span::raw(say(
                theme.lang,
                Say::Prisoners {
                    who: &fit(&theme.text(&who), 13),
                    count: prisoners,
                },
            )),
        ]));
        let clocks = face_of(session);
        if session.net.is_some() || clocks.is_some() {
            let dial = clocks.map(|face| face.shown(&session.game, color));
            lines.push(seat_line(session.net.as_ref(), dial, color, theme));
        }
    }
    lines
}

/// A network player's name (and who is this side) and the clock.
/// Both clocks of the game on the screen: the network task's report, or
/// the clock at this keyboard.
fn face_of(session: &Table) -> Option<ClockFace> {
    match (&session.net, &session.timer) {
        (Some(net), _) => net.clocks,
        (None, Some(timer)) => {
            let running = session.game.phase() == Phase::Playing;
            Some(timer.face(running.then(|| session.game.to_move())))
        }
        (None, None) => None,
    }
}

fn seat_line(
    net: Option<&NetSeat>,
    dial: Option<Dial>,
    color: Color,
    theme: Theme,
) -> Line<'static> {
    let you = if net.is_some_and(|n| n.local == color) {
        say(theme.lang, Say::You)
    } else {
        String::new()
    };
    let name = net.map_or_else(String::new, |n| {
        format!(
            "{}{you}",
            fit(&n.names[color.index()], 16 - columns(&you)).trim_end()
        )
    });
    let clock = dial
        .map(|dial| crate::words::dial(theme.lang, dial, theme.ascii))
        .unwrap_or_default();
    Line::from(theme.text(&format!("  {} {clock}", fit(&name, 16))))
}

fn play(state: &State, session: &Table, theme: Theme, lines: &mut Vec<Line<'static>>) {
    let game = &session.game;
    let size = game.settings().size.get();
    let name = |p| state.naming.name(p, size);
    let lang = theme.lang;
    let flag_fallen =
        face_of(session).is_some_and(|face| face.dial(game.to_move()) == Dial::TimeUp);
    let turn = match &session.net {
        // Between the flag's fall and the claim that ends the game, nobody
        // is asked to move.
        _ if flag_fallen => Say::FlagFallen(game.to_move()),
        Some(net) if net.local == game.to_move() => Say::ToPlayYourMove(game.to_move()),
        Some(net) => Say::ToPlayPartner(game.to_move(), net.partner()),
        None => Say::ToPlay(game.to_move()),
    };
    lines.push(Line::from(say(lang, turn)));
    lines.push(Line::from(say(
        lang,
        Say::MoveAndPhase {
            moves: game.move_number(),
            phase: game.phase(),
        },
    )));
    let last = match game.last_move() {
        Some(Move::Play(color, p)) => say(lang, Say::Played(color, &name(p))),
        Some(Move::Pass(color)) => say(lang, Say::Passed(color)),
        None => "-".to_string(),
    };
    lines.push(Line::from(say(lang, Say::LastMove(&last))));
    let ko = game.board().ko().map_or("-".to_string(), name);
    lines.push(Line::from(say(lang, Say::Ko(&ko))));
    lines.push(Line::from(say(lang, Say::Cursor(&name(session.cursor)))));
    let repetition = match game.no_result() {
        NoResultState::Clear => None,
        NoResultState::Repeated { at_move } => Some(say(lang, Say::RepeatedAt(at_move))),
        NoResultState::Offered { by, .. } => Some(say(lang, Say::OfferedNoResult(by))),
        NoResultState::Declined => Some(say(lang, Say::NoResultDeclined)),
    };
    if let Some(text) = repetition {
        lines.push(Line::default());
        lines.push(Line::styled(text, theme.marker()));
    }
}

fn ending(
    state: &State,
    session: &Table,
    theme: Theme,
    width: usize,
    lines: &mut Vec<Line<'static>>,
    spare: &mut Vec<Line<'static>>,
) {
    let actor = session.actor();
    let size = session.game.settings().size.get();
    let lang = theme.lang;
    let decide = match (&session.net, session.open_proposal()) {
        (None, _) => Say::ToDecide(actor),
        (Some(net), Some(p)) if p.by == net.local => Say::ToAnswer(net.partner()),
        (Some(_), Some(_)) => Say::AcceptOrCounter,
        (Some(_), None) => Say::MarkAndPropose,
    };
    lines.push(Line::styled(
        say(
            lang,
            Say::PhaseThen(session.game.phase(), &say(lang, decide)),
        ),
        theme.bold(),
    ));
    let offer = match session.open_proposal() {
        Some(p) => Say::ProposalBy {
            number: session.game.proposals().len(),
            by: p.by,
            dead: p.dead.len(),
        },
        None => Say::NoProposalYet,
    };
    lines.push(Line::from(say(lang, offer)));
    lines.push(Line::from(say(
        lang,
        Say::Marked {
            count: session.marks.len(),
            cursor: &state.naming.name(session.cursor, size),
        },
    )));
    if let Some(draft) = session.draft.as_ref().filter(|d| d.open()) {
        let reading = Say::Reading {
            chains: draft.pending().count(),
            dead: draft.analysis().dead().len(),
        };
        lines.push(Line::styled(say(lang, reading), theme.marker()));
    }
    if let Some(text) = session.dispute() {
        for text in wrap(text, width) {
            lines.push(Line::styled(text, theme.marker()));
        }
    }
    if let Some(verdict) = session
        .draft
        .as_ref()
        .and_then(|d| d.analysis().at(session.cursor))
    {
        let reason = reason(verdict.reason, verdict.status, state.naming, size);
        let line = Say::ChainVerdict {
            at: &state.naming.name(verdict.stones[0], size),
            stones: verdict.stones.len(),
            status: verdict.status,
            proven: verdict.is_proven(),
            reason: &reason,
        };
        for text in wrap(&say(lang, line), width) {
            lines.push(Line::from(text));
        }
    }
    if let Some(draft) = &session.draft {
        let chains = draft.marked_estimates(&session.marks).count();
        if chains > 0 {
            lines.push(Line::styled(
                say(lang, Say::Estimated { chains }),
                theme.estimate(),
            ));
        }
    }
    lines.push(Line::default());
    if let Some(score) = &session.count {
        let mut count = score_lines(score, theme);
        // While chains are unsettled the headline is both ends of the
        // count, and where doubtful estimates decide the winner the other
        // outcome: never a winner that rests on a guess.
        if let Some(headline) = session.headline(theme.lang) {
            count.pop();
            for text in wrap(&headline, width) {
                count.push(Line::styled(text, theme.marker()));
            }
        }
        lines.extend(count);
        provisional(state, session, theme, width, lines);
        if let Some(line) = doubt_line(session, state.naming) {
            for text in wrap(&line, width) {
                spare.push(Line::styled(text, theme.marker()));
            }
        }
    }
    lines.push(Line::default());
    lines.push(legend(theme));
}

/// What the marks of a count on the board mean.
fn legend(theme: Theme) -> Line<'static> {
    let legend = Say::Legend {
        dead: [theme.dead(Color::Black), theme.dead(Color::White)],
        territory: [theme.territory(Color::Black), theme.territory(Color::White)],
    };
    Line::from(say(theme.lang, legend))
}

/// Below the count while chains are unsettled: that it is provisional,
/// and each unsettled chain that decides the winner with both results.
fn provisional(
    state: &State,
    session: &Table,
    theme: Theme,
    width: usize,
    lines: &mut Vec<Line<'static>>,
) {
    for line in provisional_lines(session, state.naming) {
        for text in wrap(&line, width) {
            lines.push(Line::styled(text, theme.marker()));
        }
    }
}

fn result(session: &Table, theme: Theme, width: usize, lines: &mut Vec<Line<'static>>) {
    let game = &session.game;
    let outcome = game
        .outcome()
        .map(|outcome| crate::words::outcome(theme.lang, outcome));
    if let Some(outcome) = &outcome {
        lines.push(Line::styled(outcome.clone(), theme.marker()));
    }
    lines.push(Line::from(say(
        theme.lang,
        Say::Moves(u64::from(game.move_number())),
    )));
    lines.push(Line::default());
    if let Some(score) = game.score() {
        let mut count = score_lines(score, theme);
        // The result above says the count's result already.
        if count.last().map(ToString::to_string) == outcome {
            count.pop();
        }
        lines.extend(count);
        lines.push(legend(theme));
        lines.push(Line::default());
    }
    for after in &session.after {
        for text in wrap(after, width) {
            lines.push(Line::from(theme.text(&text)));
        }
    }
}
