//! The count laid out the way a club counts it, shared by the ending and
//! result screens and plain mode's `score`.

use super::narrate::outcome_text;
use kaisho_core::settings::half_points;
use kaisho_core::{Color, Score};

/// Rows of label, Black's figure, White's figure, and the result line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreRows {
    pub rows: Vec<[String; 3]>,
    pub result: String,
}

impl ScoreRows {
    #[must_use]
    pub fn of(score: &Score) -> ScoreRows {
        let pair =
            |label: &str, v: [u32; 2]| [label.to_string(), v[0].to_string(), v[1].to_string()];
        let total = |c: Color| half_points(score.total_halves(c));
        ScoreRows {
            rows: vec![
                pair("territory", score.territory),
                pair("prisoners", score.captures),
                pair("dead stones", score.dead_lifted),
                ["komi".to_string(), "-".to_string(), score.komi.to_string()],
                [
                    "total".to_string(),
                    total(Color::Black),
                    total(Color::White),
                ],
            ],
            result: outcome_text(score.outcome()),
        }
    }

    /// The table as aligned text lines, the header first.
    #[must_use]
    pub fn table(&self) -> Vec<String> {
        let line = |[label, b, w]: &[String; 3]| format!("{label:<12}{b:>7}{w:>7}");
        let header = ["".to_string(), "Black".to_string(), "White".to_string()];
        std::iter::once(line(&header))
            .chain(self.rows.iter().map(line))
            .collect()
    }
}
