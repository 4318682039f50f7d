//! A ratatui buffer drawn as SVG: the pictures of the real screen in the
//! README and the manual are made from the same render the tests check,
//! so they change with the code and never drift from it.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

/// The size of one terminal cell in the picture, in pixels.
const CELL_W: u32 = 9;
const CELL_H: u32 = 19;
/// A dark terminal: its own foreground and background.
const FOREGROUND: &str = "#d8d8d8";
const BACKGROUND: &str = "#1c1c1c";

/// The colours of a common terminal palette, for the named colours.
fn hex(color: Color) -> Option<String> {
    let named = |s: &str| Some(s.to_string());
    match color {
        Color::Reset => None,
        Color::Black => named("#1c1c1c"),
        Color::Red => named("#d75f5f"),
        Color::Green => named("#87af5f"),
        Color::Yellow => named("#d7af5f"),
        Color::Blue => named("#5f87af"),
        Color::Magenta => named("#af87af"),
        Color::Cyan => named("#5fafaf"),
        Color::Gray => named("#bcbcbc"),
        Color::DarkGray => named("#6c6c6c"),
        Color::LightRed => named("#ff8787"),
        Color::LightGreen => named("#afd787"),
        Color::LightYellow => named("#ffd787"),
        Color::LightBlue => named("#87afd7"),
        Color::LightMagenta => named("#d7afd7"),
        Color::LightCyan => named("#87d7d7"),
        Color::White => named("#f2f2f2"),
        Color::Rgb(r, g, b) => Some(format!("#{r:02x}{g:02x}{b:02x}")),
        Color::Indexed(i) => Some(format!("#{i:02x}{i:02x}{i:02x}")),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// How one cell is painted: its foreground, background and weight.
#[derive(Clone, PartialEq, Eq)]
struct Paint {
    fg: String,
    bg: Option<String>,
    bold: bool,
    dim: bool,
}

fn paint(cell: &ratatui::buffer::Cell) -> Paint {
    let mut fg = hex(cell.fg);
    let mut bg = hex(cell.bg);
    if cell.modifier.contains(Modifier::REVERSED) {
        let front = fg.unwrap_or_else(|| FOREGROUND.to_string());
        fg = Some(bg.unwrap_or_else(|| BACKGROUND.to_string()));
        bg = Some(front);
    }
    Paint {
        fg: fg.unwrap_or_else(|| FOREGROUND.to_string()),
        bg,
        bold: cell.modifier.contains(Modifier::BOLD),
        dim: cell.modifier.contains(Modifier::DIM),
    }
}

/// A run of cells on one row painted alike: where it starts, and each
/// glyph with its column.
struct Run {
    paint: Paint,
    y: u16,
    glyphs: Vec<(u16, String)>,
    end: u16,
}

fn runs(buffer: &Buffer) -> Vec<Run> {
    let mut out: Vec<Run> = Vec::new();
    for y in 0..buffer.area.height {
        let mut x = 0;
        while x < buffer.area.width {
            let cell = &buffer[(x, y)];
            let symbol = cell.symbol();
            let width = u16::try_from(symbol.width().max(1)).unwrap_or(1);
            let paint = paint(cell);
            match out.last_mut() {
                Some(run) if run.y == y && run.end == x && run.paint == paint => {
                    run.glyphs.push((x, symbol.to_string()));
                    run.end = x + width;
                }
                _ => out.push(Run {
                    paint,
                    y,
                    glyphs: vec![(x, symbol.to_string())],
                    end: x + width,
                }),
            }
            x += width;
        }
    }
    out
}

/// The glyphs of a run between its blanks: each is drawn as one text
/// stretched to its cells, so the picture keeps the terminal's columns
/// whatever the viewer's font.
fn words(run: &Run) -> Vec<&[(u16, String)]> {
    run.glyphs
        .split(|(_, s)| s.trim().is_empty())
        .filter(|w| !w.is_empty())
        .collect()
}

fn text(run: &Run, glyphs: &[(u16, String)]) -> String {
    let first = glyphs[0].0;
    let (last, symbol) = &glyphs[glyphs.len() - 1];
    let cells = u32::from(last - first) + u32::try_from(symbol.width().max(1)).unwrap_or(1);
    let content: String = glyphs.iter().map(|(_, s)| escape(s)).collect();
    let weight = if run.paint.bold {
        " font-weight=\"bold\""
    } else {
        ""
    };
    let opacity = if run.paint.dim {
        " opacity=\"0.6\""
    } else {
        ""
    };
    format!(
        "<text x=\"{}\" y=\"{}\" textLength=\"{}\" lengthAdjust=\"spacingAndGlyphs\" fill=\"{}\"{weight}{opacity}>{content}</text>\n",
        u32::from(first) * CELL_W,
        u32::from(run.y) * CELL_H + 14,
        cells * CELL_W,
        run.paint.fg
    )
}

/// The buffer as an SVG picture of a dark terminal, with a caption for
/// readers who cannot see it.
#[must_use]
pub fn picture(buffer: &Buffer, title: &str) -> String {
    let width = u32::from(buffer.area.width) * CELL_W;
    let height = u32::from(buffer.area.height) * CELL_H;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{}\">\n\
         <title>{}</title>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"{BACKGROUND}\"/>\n\
         <g font-family=\"'DejaVu Sans Mono', 'Noto Sans Mono CJK JP', monospace\" \
         font-size=\"15\">\n",
        escape(title),
        escape(title)
    );
    let runs = runs(buffer);
    for run in &runs {
        if let Some(bg) = &run.paint.bg {
            let x = u32::from(run.glyphs[0].0) * CELL_W;
            let w = u32::from(run.end - run.glyphs[0].0) * CELL_W;
            let y = u32::from(run.y) * CELL_H;
            svg.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{CELL_H}\" fill=\"{bg}\"/>\n"
            ));
        }
    }
    for run in &runs {
        for words in words(run) {
            svg.push_str(&text(run, words));
        }
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}
