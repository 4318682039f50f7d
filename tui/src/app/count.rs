//! The count laid out the way a club counts it, shared by the ending and
//! result screens and plain mode's `score`.

use crate::words::{self, Lang, Text, pad_left, pad_right};
use kaisho_core::settings::half_points;
use kaisho_core::{Color, Score};

/// Rows of label, Black's figure, White's figure, and the result line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreRows {
    pub rows: Vec<[String; 3]>,
    pub result: String,
    /// The language of the labels, for the header.
    pub lang: Lang,
}

impl ScoreRows {
    #[must_use]
    pub fn of(score: &Score, lang: Lang) -> ScoreRows {
        let label = |t: Text| t.get(lang).to_string();
        let pair = |t: Text, v: [u32; 2]| [label(t), v[0].to_string(), v[1].to_string()];
        let total = |c: Color| half_points(score.total_halves(c));
        ScoreRows {
            rows: vec![
                pair(Text::Territory, score.territory),
                pair(Text::Prisoners, score.captures),
                pair(Text::DeadStones, score.dead_lifted),
                [label(Text::Komi), "-".to_string(), score.komi.to_string()],
                [label(Text::Total), total(Color::Black), total(Color::White)],
            ],
            result: words::outcome(lang, score.outcome()),
            lang,
        }
    }

    /// The table as aligned text lines, the header first, aligned by
    /// display width so that Japanese labels keep the columns straight.
    #[must_use]
    pub fn table(&self) -> Vec<String> {
        let line = |[label, b, w]: &[String; 3]| {
            format!(
                "{}{}{}",
                pad_right(label, 12),
                pad_left(b, 7),
                pad_left(w, 7)
            )
        };
        let header = [
            String::new(),
            Text::Black.get(self.lang).to_string(),
            Text::White.get(self.lang).to_string(),
        ];
        std::iter::once(line(&header))
            .chain(self.rows.iter().map(line))
            .collect()
    }
}
