//! The series screen: the list of series, and for the one opened its
//! players, step, next game's terms, lead, a table of the games and a
//! chart of the step over the games.

use super::text::{choice, pad, wrap};
use super::theme::Theme;
use crate::app::{SeriesScreen, State};
use crate::words::{Lang, series_komi};
use crate::words::{komi_text, player_name as name, step_name};
use kaisho_core::series::{Seat, Series, SeriesResult};
use kaisho_saves::series::SeriesId;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

/// Columns of the games table; the chart takes the rest.
const TABLE_WIDTH: u16 = 48;

/// Draws the list or the open series above the footer.
pub fn render(state: &State, screen: &SeriesScreen, theme: Theme, area: Rect, buf: &mut Buffer) {
    match screen.chosen() {
        Some((id, series)) if screen.open => details(id, series, theme, area, buf),
        _ => list(state, screen, theme, area, buf),
    }
}

fn list(state: &State, screen: &SeriesScreen, theme: Theme, area: Rect, buf: &mut Buffer) {
    let ja = theme.lang == Lang::Ja;
    let title = if ja { "  番碁" } else { "  Series" };
    let mut lines = vec![Line::styled(title, theme.bold()), Line::default()];
    for (i, (id, series)) in screen.list.iter().enumerate() {
        let next = series.next_game();
        let (first, second) = (name(series, Seat::First), name(series, Seat::Second));
        let step = step_name(next.step, theme.ascii);
        // An id's own Display ignores widths: padded as text.
        let id = id.to_string();
        let text = match (ja, next.black) {
            (false, Some(b)) => format!(
                "{id:<16} {first} v {second}  next: game {}, {step}, Black {}",
                next.number,
                name(series, b)
            ),
            (false, None) => format!(
                "{id:<16} {first} v {second}  next: game {}, {step}, nigiri",
                next.number
            ),
            (true, Some(b)) => format!(
                "{id:<16} {first} 対 {second}  次局: 第{}局、{step}、黒 {}",
                next.number,
                name(series, b)
            ),
            (true, None) => format!(
                "{id:<16} {first} 対 {second}  次局: 第{}局、{step}、ニギリ",
                next.number
            ),
        };
        lines.push(choice(text, i == screen.selected, theme));
    }
    if screen.list.is_empty() {
        let dir = state
            .places
            .as_ref()
            .map(|p| p.data_dir().join("series").display().to_string())
            .unwrap_or_default();
        let none_yet = match theme.lang {
            Lang::En => format!("No series in {dir} yet: n starts one here, or from a shell:"),
            Lang::Ja => format!("{dir} に番碁はまだありません。n で始めるか、シェルから:"),
        };
        let width = usize::from(area.width.saturating_sub(4));
        for text in wrap(&none_yet, width) {
            lines.push(Line::from(format!("    {}", theme.text(&text))));
        }
        lines.push(Line::from(
            "    kaisho series new --players Aki,Ben --step sen-ai-sen --weaker Aki",
        ));
    }
    if !screen.problems.is_empty() {
        lines.push(Line::default());
        lines.push(Line::styled(
            format!("  {} file(s) could not be read:", screen.problems.len()),
            theme.error(),
        ));
        let width = usize::from(area.width.saturating_sub(2));
        for problem in &screen.problems {
            for text in wrap(problem, width) {
                lines.push(Line::from(format!("  {}", theme.text(&text))));
            }
        }
    }
    Paragraph::new(lines).render(area, buf);
}

fn details(id: &SeriesId, series: &Series, theme: Theme, area: Rect, buf: &mut Buffer) {
    let head = match theme.lang {
        Lang::En => head_english(id, series, theme),
        Lang::Ja => head_japanese(id, series, theme),
    };
    // Each line wraps under its label rather than being cut at the edge.
    let width = usize::from(area.width).saturating_sub(2);
    let mut lines: Vec<Line> = Vec::new();
    for (i, t) in head.iter().enumerate() {
        let indent = if i == 0 { 0 } else { 7 };
        for (k, part) in wrap(&theme.text(t), width.saturating_sub(indent))
            .into_iter()
            .enumerate()
        {
            let lead = if k == 0 { 0 } else { indent };
            let mut line = Line::from(format!("  {}{part}", " ".repeat(lead)));
            if i == 0 {
                line.style = theme.bold();
            }
            lines.push(line);
        }
    }
    let head_rows = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    Paragraph::new(lines).render(area, buf);
    let top = area.y + head_rows + 1;
    let rest = area.height.saturating_sub(head_rows + 1);
    let table = Rect::new(area.x, top, TABLE_WIDTH.min(area.width), rest);
    games_table(series, theme, table, buf);
    if area.width > TABLE_WIDTH + 10 {
        let chart = Rect::new(area.x + TABLE_WIDTH, top, area.width - TABLE_WIDTH, rest);
        super::step_chart::render(series, theme, chart, buf);
    }
}

/// The series' terms, next game and lead, in English.
fn head_english(id: &SeriesId, series: &Series, theme: Theme) -> [String; 4] {
    let setup = series.setup();
    let next = series.next_game();
    let colours = match (next.black, next.white()) {
        (Some(b), Some(w)) => format!(
            "Black {}{}, White {}",
            name(series, b),
            if next.weaker == Some(b) {
                " (weaker)"
            } else {
                ""
            },
            name(series, w)
        ),
        _ => "colours by nigiri (asked on Enter)".to_string(),
    };
    let stones = match next.handicap {
        0 => "no stones".to_string(),
        n => format!("{n} stones"),
    };
    let seg = series.current();
    let lead = match series.lead() {
        Some((seat, n)) => format!("{} +{n} of {}", name(series, seat), setup.threshold),
        None => format!("level (a lead of {} moves the step)", setup.threshold),
    };
    [
        format!(
            "Series {id}: {} v {}, ladder {} ({})",
            name(series, Seat::First),
            name(series, Seat::Second),
            if theme.ascii {
                setup.ladder.romaji()
            } else {
                setup.ladder.kanji()
            },
            setup.ladder.gloss()
        ),
        format!(
            "Step   {} ({}): {}",
            step_name(next.step, theme.ascii),
            next.step.romaji(),
            next.step.gloss()
        ),
        format!(
            "Next   game {}: {colours}; {stones}, komi {}",
            next.number,
            komi_text(next.komi)
        ),
        format!(
            "Lead   {lead}; {} {}, {} {} in {} at this step",
            name(series, Seat::First),
            seg.wins[0],
            name(series, Seat::Second),
            seg.wins[1],
            match seg.games {
                1 => "1 game".to_string(),
                n => format!("{n} games"),
            }
        ),
    ]
}

/// The series' terms, next game and lead, in Japanese: the 1949 rules'
/// own words (手合割, 置碁, コミ, ニギリ).
fn head_japanese(id: &SeriesId, series: &Series, theme: Theme) -> [String; 4] {
    let setup = series.setup();
    let next = series.next_game();
    let colours = match (next.black, next.white()) {
        (Some(b), Some(w)) => format!(
            "黒 {}{}、白 {}",
            name(series, b),
            if next.weaker == Some(b) {
                " (下手)"
            } else {
                ""
            },
            name(series, w)
        ),
        _ => "手番はニギリ (Enter で)".to_string(),
    };
    let stones = match next.handicap {
        0 => "置石なし".to_string(),
        n => format!("{n}子"),
    };
    let seg = series.current();
    let lead = match series.lead() {
        Some((seat, n)) => format!(
            "{} +{n} ({}で手合直り)",
            name(series, seat),
            setup.threshold
        ),
        None => format!("互角 ({}勝越しで手合直り)", setup.threshold),
    };
    [
        format!(
            "番碁 {id}: {} v {}、{}",
            name(series, Seat::First),
            name(series, Seat::Second),
            if theme.ascii {
                setup.ladder.romaji()
            } else {
                setup.ladder.kanji()
            },
        ),
        format!("手合割 {}", step_name(next.step, theme.ascii)),
        format!(
            "次局   第{}局: {colours}。{stones}、コミ {}",
            next.number,
            series_komi(Lang::Ja, next.komi)
        ),
        format!(
            "成績   {lead}。{} {}勝、{} {}勝 (この手合割で{}局)",
            name(series, Seat::First),
            seg.wins[0],
            name(series, Seat::Second),
            seg.wins[1],
            seg.games
        ),
    ]
}

/// The games played, latest at the bottom.
fn games_table(series: &Series, theme: Theme, area: Rect, buf: &mut Buffer) {
    let [game, step, black, white, winner] = match theme.lang {
        Lang::En => ["game", "step", "Black", "White", "winner"],
        Lang::Ja => ["局", "手合割", "黒", "白", "勝者"],
    };
    let header = format!(
        "  {}  {}{}{}{winner}",
        crate::words::pad_left(game, 4),
        pad(step, 8),
        pad(black, 10),
        pad(white, 10),
    );
    let mut lines = vec![Line::styled(header, theme.dim())];
    let rows = usize::from(area.height.saturating_sub(1));
    let games = series.games();
    let short = |text: &str| -> String { theme.text(&text.chars().take(9).collect::<String>()) };
    for g in games.iter().skip(games.len().saturating_sub(rows)) {
        let t = &g.terms;
        let who = |seat: Option<Seat>| seat.map(|s| short(name(series, s))).unwrap_or_default();
        let winner = match g.result {
            SeriesResult::Win(seat) => short(name(series, seat)),
            SeriesResult::Jigo => theme.text("持碁 jigo"),
            SeriesResult::NoResult => theme.text("無勝負 void"),
            SeriesResult::BothLose => theme.text("両負け both lose"),
        };
        lines.push(Line::from(format!(
            "  {:>4}  {}{}{}{winner}",
            t.number,
            pad(&step_name(t.step, theme.ascii), 8),
            pad(&who(t.black), 10),
            pad(&who(t.white()), 10),
        )));
    }
    if games.is_empty() {
        lines.push(Line::from(match theme.lang {
            Lang::En => "  no games yet",
            Lang::Ja => "  まだ対局がありません",
        }));
    }
    Paragraph::new(lines).render(area, buf);
}
