//! The side panel: players, prisoners, turn, move number and phase during
//! play; the proposal and the live count during the ending; the result
//! table at the end. Lines keep fixed places so that a move rewrites only
//! the few characters that changed.

use super::table::score_lines;
use super::text::{fit, wrap};
use super::theme::Theme;
use crate::app::{ClockFace, LinkState, NetSeat, Session, State};
use kaisho_core::{Color, Move, NoResultState, Phase};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

/// Draws the panel for the session's phase.
pub fn render(state: &State, session: &Session, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = header(session, theme);
    lines.push(Line::default());
    let width = usize::from(area.width);
    if let Some(net) = &session.net {
        link(net, theme, width, &mut lines);
    }
    match (&session.halted, session.game.phase()) {
        (Some(why), _) => {
            for text in wrap(why, width) {
                lines.push(Line::styled(theme.text(&text), theme.error()));
            }
        }
        (None, Phase::Playing) => play(state, session, theme, &mut lines),
        (None, Phase::Stopped | Phase::Ending) => ending(state, session, theme, &mut lines),
        (None, Phase::Ended) => result(session, theme, width, &mut lines),
    }
    if let Some(net) = &session.net {
        let room = usize::from(area.height).saturating_sub(lines.len() + 1);
        chat(net, theme, width, room, &mut lines);
    }
    Paragraph::new(lines).render(area, buf);
}

/// The connection's state, when it is not simply connected.
fn link(net: &NetSeat, theme: Theme, width: usize, lines: &mut Vec<Line<'static>>) {
    // A closed link says why in the stopped game's own lines.
    let LinkState::Away(why) = &net.link else {
        return;
    };
    let why = format!("partner away: {why}");
    for text in wrap(&why, width).into_iter().take(3) {
        lines.push(Line::styled(theme.text(&text), theme.error()));
    }
}

/// The last chat lines that fit in `room` rows, under a blank line.
fn chat(net: &NetSeat, theme: Theme, width: usize, room: usize, lines: &mut Vec<Line<'static>>) {
    if room < 2 {
        return;
    }
    if net.chat.is_empty() {
        lines.push(Line::default());
        lines.push(Line::styled(
            theme.text(&format!("c: chat with {}", net.partner())),
            theme.dim(),
        ));
        return;
    }
    let wrapped: Vec<String> = net.chat.iter().flat_map(|line| wrap(line, width)).collect();
    lines.push(Line::default());
    let skip = wrapped.len().saturating_sub(room - 1);
    for text in wrapped.into_iter().skip(skip) {
        lines.push(Line::styled(theme.text(&text), theme.dim()));
    }
}

fn header(session: &Session, theme: Theme) -> Vec<Line<'static>> {
    let settings = session.game.settings();
    let size = settings.size.get();
    let terms = match settings.handicap {
        0 => "even".to_string(),
        n => format!("{n} stones"),
    };
    let captures = session.game.captures();
    let mut lines = vec![
        Line::styled(theme.text(&session.title), theme.bold()),
        Line::from(format!("{size}x{size}, komi {}, {terms}", settings.komi)),
        Line::default(),
    ];
    for color in [Color::Black, Color::White] {
        let prisoners = captures[color.index()];
        // A network game names its players on the seat lines below.
        let who = match session.net {
            Some(_) => color.name().to_string(),
            None => session.player_name(color),
        };
        lines.push(Line::from(vec![
            Span::styled(theme.stone(color), theme.bold()),
            Span::raw(format!(
                " {} prisoners {prisoners:>3}",
                fit(&theme.text(&who), 13)
            )),
        ]));
        let clocks = match (&session.net, &session.timer) {
            (Some(net), _) => net.clocks,
            (None, Some(timer)) => {
                let running = session.game.phase() == Phase::Playing;
                Some(timer.face(running.then(|| session.game.to_move())))
            }
            (None, None) => None,
        };
        if session.net.is_some() || clocks.is_some() {
            lines.push(seat_line(session.net.as_ref(), clocks, color, theme));
        }
    }
    lines
}

/// A network player's name (and who is this side) and the clock.
fn seat_line(
    net: Option<&NetSeat>,
    clocks: Option<ClockFace>,
    color: Color,
    theme: Theme,
) -> Line<'static> {
    let you = if net.is_some_and(|n| n.local == color) {
        " (you)"
    } else {
        ""
    };
    let name = net.map_or_else(String::new, |n| {
        format!(
            "{}{you}",
            fit(&n.names[color.index()], 16 - you.len()).trim_end()
        )
    });
    let clock = clocks
        .map(|face| face.text(color, theme.ascii))
        .unwrap_or_default();
    Line::from(theme.text(&format!("  {} {clock}", fit(&name, 16))))
}

fn play(state: &State, session: &Session, theme: Theme, lines: &mut Vec<Line<'static>>) {
    let game = &session.game;
    let size = game.settings().size.get();
    let name = |p| state.naming.name(p, size);
    let turn = match &session.net {
        Some(net) if net.local == game.to_move() => {
            format!("{} to play: your move", game.to_move())
        }
        Some(net) => format!("{} to play: {}", game.to_move(), net.partner()),
        None => format!("{} to play", game.to_move()),
    };
    lines.push(Line::from(turn));
    lines.push(Line::from(format!(
        "move {}, game {}",
        game.move_number(),
        game.phase()
    )));
    let last = match game.last_move() {
        Some(Move::Play(color, p)) => format!("{color} {}", name(p)),
        Some(Move::Pass(color)) => format!("{color} passed"),
        None => "-".to_string(),
    };
    lines.push(Line::from(format!("last move  {last}")));
    let ko = game.board().ko().map_or("-".to_string(), name);
    lines.push(Line::from(format!("ko         {ko}")));
    lines.push(Line::from(format!("cursor     {}", name(session.cursor))));
    let repetition = match game.no_result() {
        NoResultState::Clear => None,
        NoResultState::Repeated { at_move } => Some(format!(
            "move {at_move} repeated a position: n offers no-result"
        )),
        NoResultState::Offered { by, .. } => Some(format!("{by} offered no-result")),
        NoResultState::Declined => Some("no-result declined: repeats refused".to_string()),
    };
    if let Some(text) = repetition {
        lines.push(Line::default());
        lines.push(Line::styled(text, theme.marker()));
    }
}

fn ending(state: &State, session: &Session, theme: Theme, lines: &mut Vec<Line<'static>>) {
    let actor = session.actor();
    let size = session.game.settings().size.get();
    let decide = match (&session.net, session.open_proposal()) {
        (None, _) => format!("{actor} to decide"),
        (Some(net), Some(p)) if p.by == net.local => format!("{} to answer", net.partner()),
        (Some(_), Some(_)) => "accept or counter".to_string(),
        (Some(_), None) => "mark and propose".to_string(),
    };
    lines.push(Line::styled(
        format!("game {}: {decide}", session.game.phase()),
        theme.bold(),
    ));
    let offer = match session.open_proposal() {
        Some(p) => format!(
            "proposal {} by {}: {} dead",
            session.game.proposals().len(),
            p.by,
            p.dead.len()
        ),
        None => "no proposal yet".to_string(),
    };
    lines.push(Line::from(offer));
    lines.push(Line::from(format!(
        "marked {} dead, cursor {}",
        session.marks.len(),
        state.naming.name(session.cursor, size)
    )));
    if let Some(draft) = session.draft.as_ref().filter(|d| d.open()) {
        let areas = draft.pending().count();
        lines.push(Line::styled(
            format!(
                "reading: {areas} chain{} (?), {} dead so far",
                if areas == 1 { "" } else { "s" },
                draft.analysis().dead().len()
            ),
            theme.marker(),
        ));
    }
    lines.push(Line::default());
    if let Some(score) = &session.count {
        lines.extend(score_lines(score, theme));
    }
    lines.push(Line::default());
    lines.push(Line::from(format!(
        "{} {} dead  {} {} territory",
        theme.dead(Color::Black),
        theme.dead(Color::White),
        theme.territory(Color::Black),
        theme.territory(Color::White),
    )));
}

fn result(session: &Session, theme: Theme, width: usize, lines: &mut Vec<Line<'static>>) {
    let game = &session.game;
    if let Some(outcome) = game.outcome() {
        lines.push(Line::styled(
            crate::words::outcome(theme.lang, outcome),
            theme.marker(),
        ));
    }
    lines.push(Line::from(crate::app::moves_text(game.move_number())));
    lines.push(Line::default());
    if let Some(score) = game.score() {
        lines.extend(score_lines(score, theme));
        lines.push(Line::default());
    }
    for after in &session.after {
        for text in wrap(after, width) {
            lines.push(Line::from(theme.text(&text)));
        }
    }
}
