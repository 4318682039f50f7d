//! Characters and styles. Unicode mode draws the grid with box-drawing
//! characters; ASCII mode uses `.`, `+`, `X` and `O`. Styles use only the
//! terminal's own foreground plus bold, dim and reverse, which read on dark
//! and light backgrounds alike; red is added for markers and refusals unless
//! colour is off (`NO_COLOR`).

use crate::app::Options;
use crate::words::Lang;
use kaisho_core::Color;
use ratatui::style::{Color as Tint, Modifier, Style};
use ratatui::symbols::border;

/// The club's terms as ASCII writes them, longest first where one holds
/// another.
const ROMAJI: [(&str, &str); 14] = [
    ("碁会所", "kaisho"),
    ("観戦", "kansen"),
    ("打ち掛け", "uchikake"),
    ("待った", "matta"),
    ("確認", "kakunin"),
    ("無勝負", "mushobu"),
    ("両負け", "ryomake"),
    ("先相先", "sen-ai-sen"),
    ("互先", "tagaisen"),
    ("定先", "josen"),
    ("検討", "kento"),
    ("終局", "shukyoku"),
    ("持碁", "jigo"),
    ("番碁", "bango"),
];

/// Where on the grid an empty point lies, which picks its line character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub top: bool,
    pub bottom: bool,
    pub left: bool,
    pub right: bool,
}

/// The drawing vocabulary of one terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    pub ascii: bool,
    pub color: bool,
    /// The language of the words drawn.
    pub lang: Lang,
}

impl Theme {
    #[must_use]
    pub fn new(options: Options, lang: Lang) -> Theme {
        Theme {
            ascii: options.ascii,
            color: options.color,
            lang,
        }
    }

    #[must_use]
    pub fn stone(self, color: Color) -> &'static str {
        match (color, self.ascii) {
            (Color::Black, false) => "●",
            (Color::White, false) => "○",
            (Color::Black, true) => "X",
            (Color::White, true) => "O",
        }
    }

    /// A stone marked dead.
    #[must_use]
    pub fn dead(self, color: Color) -> &'static str {
        match color {
            Color::Black => "x",
            Color::White => "o",
        }
    }

    /// An empty point counted as `color`'s territory.
    #[must_use]
    pub fn territory(self, color: Color) -> &'static str {
        match (color, self.ascii) {
            (Color::Black, false) => "▪",
            (Color::White, false) => "▫",
            (Color::Black, true) => "b",
            (Color::White, true) => "w",
        }
    }

    /// Text as this terminal can show it: in ASCII mode the club's terms
    /// that the English words keep in Japanese are romanised (観戦 is
    /// `kansen`), and other characters from elsewhere (typed text, the
    /// engine's messages) become ASCII stand-ins.
    #[must_use]
    pub fn text(self, text: &str) -> String {
        if !self.ascii || text.is_ascii() {
            return text.to_string();
        }
        let romanised = ROMAJI.iter().fold(text.to_string(), |t, (kanji, romaji)| {
            t.replace(kanji, romaji)
        });
        romanised
            .chars()
            .map(|c| match c {
                c if c.is_ascii() => c,
                '×' => 'x',
                'の' => '-',
                _ => '?',
            })
            .collect()
    }

    /// An empty point of the grid.
    #[must_use]
    pub fn empty(self, edge: Edge, star: bool) -> &'static str {
        if self.ascii {
            return if star { "+" } else { "." };
        }
        if star {
            return "╋";
        }
        match (edge.top, edge.bottom, edge.left, edge.right) {
            (true, _, true, _) => "┌",
            (true, _, _, true) => "┐",
            (_, true, true, _) => "└",
            (_, true, _, true) => "┘",
            (true, ..) => "┬",
            (_, true, ..) => "┴",
            (_, _, true, _) => "├",
            (_, _, _, true) => "┤",
            _ => "┼",
        }
    }

    /// The line between two points of a row.
    #[must_use]
    pub fn connector(self) -> &'static str {
        if self.ascii { " " } else { "─" }
    }

    /// The ko point, where the stone just captured may not be retaken yet.
    #[must_use]
    pub fn ko(self) -> &'static str {
        if self.ascii { "#" } else { "×" }
    }

    /// The mark beside a chain that neither a proof nor the estimate
    /// settles.
    #[must_use]
    pub fn reading(self) -> &'static str {
        "?"
    }

    /// The mark beside a chain marked dead on an estimate, not a proof:
    /// an ASCII character, so that `--ascii` and `NO_COLOR` show it too.
    #[must_use]
    pub fn estimated(self) -> &'static str {
        "~"
    }

    /// The opening and closing marks around a point.
    #[must_use]
    pub fn cursor_marks(self) -> (&'static str, &'static str) {
        ("[", "]")
    }

    #[must_use]
    pub fn last_move_marks(self) -> (&'static str, &'static str) {
        ("(", ")")
    }

    #[must_use]
    pub fn grid(self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    /// The lines of a box: plain box drawing, or ASCII.
    #[must_use]
    pub fn border(self) -> border::Set<'static> {
        if self.ascii {
            ASCII_BORDER
        } else {
            border::PLAIN
        }
    }

    #[must_use]
    pub fn plain(self) -> Style {
        Style::new()
    }

    #[must_use]
    pub fn bold(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// Markers that must catch the eye: last move, ko.
    #[must_use]
    pub fn marker(self) -> Style {
        self.tinted(Tint::Red).add_modifier(Modifier::BOLD)
    }

    /// The estimate's mark: apart from the red of the markers.
    #[must_use]
    pub fn estimate(self) -> Style {
        self.tinted(Tint::Magenta).add_modifier(Modifier::BOLD)
    }

    #[must_use]
    pub fn cursor(self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    #[must_use]
    pub fn error(self) -> Style {
        self.tinted(Tint::Red).add_modifier(Modifier::BOLD)
    }

    #[must_use]
    pub fn dim(self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    fn tinted(self, tint: Tint) -> Style {
        if self.color {
            Style::new().fg(tint)
        } else {
            Style::new()
        }
    }
}

/// Box lines for terminals without box drawing.
const ASCII_BORDER: border::Set<'static> = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The Japanese terms the English words keep read as romaji in ASCII,
    /// not as question marks.
    #[test]
    fn ascii_romanises_the_clubs_terms() {
        let ascii = Theme {
            ascii: true,
            color: false,
            lang: Lang::En,
        };
        assert_eq!(
            ascii.text("Watch a game on the local network (観戦)"),
            "Watch a game on the local network (kansen)"
        );
        assert_eq!(ascii.text("adjourned (打ち掛け)"), "adjourned (uchikake)");
        assert_eq!(ascii.text("先相先 (sen-ai-sen)"), "sen-ai-sen (sen-ai-sen)");
        assert_eq!(ascii.text("鈴木"), "??");
    }

    #[test]
    fn without_colour_no_style_sets_a_colour() {
        let theme = Theme {
            ascii: false,
            color: false,
            lang: Lang::En,
        };
        for style in [theme.marker(), theme.error(), theme.cursor(), theme.grid()] {
            assert_eq!((style.fg, style.bg), (None, None));
        }
        let coloured = Theme {
            color: true,
            ..theme
        };
        assert_eq!(coloured.marker().fg, Some(Tint::Red));
    }

    #[test]
    fn ascii_glyphs_are_ascii() {
        let theme = Theme {
            ascii: true,
            color: false,
            lang: Lang::En,
        };
        let mut glyphs = vec![theme.connector(), theme.ko()];
        for color in [Color::Black, Color::White] {
            glyphs.extend([
                theme.stone(color),
                theme.dead(color),
                theme.territory(color),
            ]);
        }
        for star in [false, true] {
            let edge = Edge {
                top: true,
                bottom: false,
                left: true,
                right: false,
            };
            glyphs.push(theme.empty(edge, star));
        }
        assert!(
            glyphs.iter().all(|g| g.is_ascii() && g.len() == 1),
            "{glyphs:?}"
        );
        assert_eq!(theme.text("16の四 on 9×9"), "16-? on 9x9");
    }
}
