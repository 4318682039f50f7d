//! The three ladders of handicap steps (1949 Art. 13–17) as data.
//!
//! A ladder is an ordered list of [`Step`]s from 互先 (even) to the largest
//! handicap. Each step has a pattern of games ([`Turn`]s) that repeats,
//! counted from the game in which the step began (Art. 15.2, 17.3, 17.4).
//! The text lists 甲 only up to 3子; the same pattern continues here,
//! N子, N(N+1)N子, (N+1)N(N+1)子, (N+1)子, up to 9子. 乙 continues the same
//! way to 9子 as Art. 17.2 says, and 丙 goes on to 25子.

use std::fmt;

/// The ladder a series uses (Art. 17.2); 甲 is what professionals use (17.6),
/// 乙 and 丙 are coarser and have no 先相先 (Art. 15.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LadderKind {
    /// 甲: steps of a third of a stone.
    Kou,
    /// 乙: steps of half a stone.
    Otsu,
    /// 丙: steps of a whole stone, up to 25 stones.
    Hei,
}

/// What the weaker player gets in one game of a step's pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// 互先: colours by nigiri in the step's first game, then alternating (Art. 14).
    Even,
    /// The weaker player takes Black with no stones (先, Art. 16).
    WeakerBlack,
    /// The weaker player takes White (the second game of 先相先, Art. 15.2).
    WeakerWhite,
    /// The weaker player takes Black and places this many stones (Art. 17, 21).
    Stones(u8),
}

/// One step of a ladder: the handicap between two players and its pattern of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// 互先: even.
    Even,
    /// 先相先: the weaker takes Black, White, Black (甲 only).
    SenAiSen,
    /// 先: the weaker takes Black every game, no komi.
    Sen,
    /// 先2先: 先, 2 stones, 先 (甲).
    SenNiSen,
    /// 2先2: 2 stones, 先, 2 stones (甲).
    NiSenNi,
    /// 先2: 先 and 2 stones alternating (乙).
    SenNi,
    /// N子: N stones every game.
    Stones(u8),
    /// N(N+1)N子, e.g. 232子 (甲); the field is N.
    LowHighLow(u8),
    /// (N+1)N(N+1)子, e.g. 323子 (甲); the field is N.
    HighLowHigh(u8),
    /// N・(N+1)子, e.g. 2・3子: N and N+1 stones alternating (乙); the field is N.
    Halves(u8),
}

/// The most stones any ladder gives (丙, Art. 17.2).
pub const MAX_STONES: u8 = 25;

/// A step name or ladder name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LadderError {
    /// The ladder name is none of 甲/乙/丙 or kou/otsu/hei.
    UnknownLadder(String),
    /// The step name is not one this program knows.
    UnknownStep(String),
    /// The step exists, but not in this ladder (e.g. 先相先 in 乙, Art. 15.3).
    NotInLadder { step: Step, ladder: LadderKind },
}

impl fmt::Display for LadderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LadderError::UnknownLadder(text) => write!(
                f,
                "'{text}' is not a ladder; use kou (甲, thirds), otsu (乙, halves) or hei (丙, whole stones)"
            ),
            LadderError::UnknownStep(text) => write!(
                f,
                "'{text}' is not a handicap step; use a name such as 互先/even, 先相先/sen-ai-sen, \
                 先/sen, 先2先/sen-ni-sen, 2先2/ni-sen-ni, 先2/sen-ni, 2子/2-stones, 232子/2-3-2, 2・3子/2-3"
            ),
            LadderError::NotInLadder { step, ladder } => {
                let steps: Vec<&str> = ladder.steps().iter().map(|s| s.japanese()).collect();
                write!(
                    f,
                    "{} is not a step of the {} ladder; its steps are {}",
                    step.japanese(),
                    ladder.kanji(),
                    steps.join(", ")
                )?;
                if *step == Step::SenAiSen {
                    f.write_str(" (先相先 belongs to the 甲 ladder only, Art. 15.3)")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LadderError {}

impl LadderKind {
    /// All three, in the order of Art. 17.2.
    pub const ALL: [LadderKind; 3] = [LadderKind::Kou, LadderKind::Otsu, LadderKind::Hei];

    /// 甲, 乙 or 丙, as the text names them.
    #[must_use]
    pub fn kanji(self) -> &'static str {
        match self {
            LadderKind::Kou => "甲",
            LadderKind::Otsu => "乙",
            LadderKind::Hei => "丙",
        }
    }

    /// `kou`, `otsu` or `hei`, for command lines and files.
    #[must_use]
    pub fn romaji(self) -> &'static str {
        match self {
            LadderKind::Kou => "kou",
            LadderKind::Otsu => "otsu",
            LadderKind::Hei => "hei",
        }
    }

    /// What the ladder's steps measure, in English.
    #[must_use]
    pub fn gloss(self) -> &'static str {
        match self {
            LadderKind::Kou => "steps of a third of a stone",
            LadderKind::Otsu => "steps of half a stone",
            LadderKind::Hei => "steps of a whole stone",
        }
    }

    /// Reads `甲`/`kou`, `乙`/`otsu`, `丙`/`hei` (ASCII case ignored).
    pub fn parse(text: &str) -> Result<LadderKind, LadderError> {
        let t = text.trim();
        LadderKind::ALL
            .into_iter()
            .find(|k| t == k.kanji() || t.eq_ignore_ascii_case(k.romaji()))
            .ok_or_else(|| LadderError::UnknownLadder(text.to_string()))
    }

    /// The ladder's steps from 互先 to its largest handicap.
    #[must_use]
    pub fn steps(self) -> &'static [Step] {
        match self {
            LadderKind::Kou => &KOU,
            LadderKind::Otsu => &OTSU,
            LadderKind::Hei => &HEI,
        }
    }

    /// Where a step stands in this ladder (0 is 互先), or why it is not there.
    pub fn index_of(self, step: Step) -> Result<usize, LadderError> {
        self.steps()
            .iter()
            .position(|s| *s == step)
            .ok_or(LadderError::NotInLadder { step, ladder: self })
    }

    /// Reads a step name in Japanese or romanised form and checks it belongs
    /// to this ladder.
    pub fn parse_step(self, text: &str) -> Result<Step, LadderError> {
        let step = Step::parse(text)?;
        self.index_of(step)?;
        Ok(step)
    }
}

impl fmt::Display for LadderKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.kanji(), self.gloss())
    }
}

const KOU: [Step; 27] = kou();
const OTSU: [Step; 18] = otsu();
const HEI: [Step; 26] = hei();

const fn kou() -> [Step; 27] {
    let mut out = [Step::Even; 27];
    out[1] = Step::SenAiSen;
    out[2] = Step::Sen;
    out[3] = Step::SenNiSen;
    out[4] = Step::NiSenNi;
    let mut n = 2;
    let mut i = 5;
    while n < 9 {
        out[i] = Step::Stones(n);
        out[i + 1] = Step::LowHighLow(n);
        out[i + 2] = Step::HighLowHigh(n);
        i += 3;
        n += 1;
    }
    out[i] = Step::Stones(9);
    out
}

const fn otsu() -> [Step; 18] {
    let mut out = [Step::Even; 18];
    out[1] = Step::Sen;
    out[2] = Step::SenNi;
    let mut n = 2;
    let mut i = 3;
    while n < 9 {
        out[i] = Step::Stones(n);
        out[i + 1] = Step::Halves(n);
        i += 2;
        n += 1;
    }
    out[i] = Step::Stones(9);
    out
}

const fn hei() -> [Step; 26] {
    let mut out = [Step::Even; 26];
    out[1] = Step::Sen;
    let mut n = 2;
    while n <= MAX_STONES {
        out[n as usize] = Step::Stones(n);
        n += 1;
    }
    out
}

impl Step {
    /// The games of one cycle of the step, from the game in which it began.
    #[must_use]
    pub fn pattern(self) -> Vec<Turn> {
        use Turn::{Stones, WeakerBlack as Sen};
        match self {
            Step::Even => vec![Turn::Even],
            Step::SenAiSen => vec![Sen, Turn::WeakerWhite, Sen],
            Step::Sen => vec![Sen],
            Step::SenNiSen => vec![Sen, Stones(2), Sen],
            Step::NiSenNi => vec![Stones(2), Sen, Stones(2)],
            Step::SenNi => vec![Sen, Stones(2)],
            Step::Stones(n) => vec![Stones(n)],
            Step::LowHighLow(n) => vec![Stones(n), Stones(n.saturating_add(1)), Stones(n)],
            Step::HighLowHigh(n) => {
                let high = n.saturating_add(1);
                vec![Stones(high), Stones(n), Stones(high)]
            }
            Step::Halves(n) => vec![Stones(n), Stones(n.saturating_add(1))],
        }
    }

    /// The game at a 0-based position counted from the step's first game.
    #[must_use]
    pub fn turn(self, position: u32) -> Turn {
        let pattern = self.pattern();
        pattern[position as usize % pattern.len()]
    }

    /// The name as the 1949 text writes it: 互先, 先相先, 先2先, 232子, 2・3子 …
    #[must_use]
    pub fn japanese(self) -> &'static str {
        match self {
            Step::Even => "互先",
            Step::SenAiSen => "先相先",
            Step::Sen => "先",
            Step::SenNiSen => "先2先",
            Step::NiSenNi => "2先2",
            Step::SenNi => "先2",
            Step::Stones(n) => STONES_JA[usize::from(n.clamp(2, MAX_STONES) - 2)],
            Step::LowHighLow(n) => THIRDS_LOW_JA[usize::from(n.clamp(2, 8) - 2)],
            Step::HighLowHigh(n) => THIRDS_HIGH_JA[usize::from(n.clamp(2, 8) - 2)],
            Step::Halves(n) => HALVES_JA[usize::from(n.clamp(2, 8) - 2)],
        }
    }

    /// The romanised name used on command lines: `tagai-sen`, `sen-ai-sen`,
    /// `sen-ni-sen`, `ni-sen-ni`, `sen-ni`, `2-stones`, `2-3-2`, `2-3` …
    #[must_use]
    pub fn romaji(self) -> String {
        match self {
            Step::Even => "tagai-sen".into(),
            Step::SenAiSen => "sen-ai-sen".into(),
            Step::Sen => "sen".into(),
            Step::SenNiSen => "sen-ni-sen".into(),
            Step::NiSenNi => "ni-sen-ni".into(),
            Step::SenNi => "sen-ni".into(),
            Step::Stones(n) => format!("{n}-stones"),
            Step::LowHighLow(n) => format!("{n}-{}-{n}", u16::from(n) + 1),
            Step::HighLowHigh(n) => format!("{}-{n}-{}", u16::from(n) + 1, u16::from(n) + 1),
            Step::Halves(n) => format!("{n}-{}", u16::from(n) + 1),
        }
    }

    /// What the step means, in English.
    #[must_use]
    pub fn gloss(self) -> String {
        match self {
            Step::Even => "even: nigiri for the first game, then colours alternate".into(),
            Step::SenAiSen => "the weaker player takes Black, White, Black in turn".into(),
            Step::Sen => "the weaker player takes Black every game".into(),
            Step::SenNiSen => "先, 2 stones, 先, repeating every three games".into(),
            Step::NiSenNi => "2 stones, 先, 2 stones, repeating every three games".into(),
            Step::SenNi => "先 and 2 stones alternating".into(),
            Step::Stones(n) => format!("{n} stones every game"),
            Step::LowHighLow(n) => format!(
                "{n}, {}, {n} stones, repeating every three games",
                u16::from(n) + 1
            ),
            Step::HighLowHigh(n) => format!(
                "{}, {n}, {} stones, repeating every three games",
                u16::from(n) + 1,
                u16::from(n) + 1
            ),
            Step::Halves(n) => format!("{n} and {} stones alternating", u16::from(n) + 1),
        }
    }

    /// Reads a step name in the text's Japanese (互先, 先相先, 先2先, 2先2子,
    /// 232子, 2・3子, 二子 …) or romanised (`tagai-sen`/`even`, `sen-ai-sen`,
    /// `sen`, `sen-ni-sen`, `ni-sen-ni`, `sen-ni`, `2-stones`/`2`, `2-3-2`,
    /// `2-3`) form. Whether the step belongs to a ladder is
    /// [`LadderKind::parse_step`]'s question.
    pub fn parse(text: &str) -> Result<Step, LadderError> {
        let unknown = || LadderError::UnknownStep(text.to_string());
        let key = normalise(text);
        let named = match key.as_str() {
            "互先" | "tagai-sen" | "tagaisen" | "tagai" | "even" => Some(Step::Even),
            "先相先" | "先互先" | "sen-ai-sen" | "senaisen" => Some(Step::SenAiSen),
            "先" | "sen" | "josen" => Some(Step::Sen),
            "先2先" | "sen-ni-sen" | "sen-2-sen" | "sennisen" => Some(Step::SenNiSen),
            "2先2" | "2先2子" | "ni-sen-ni" | "2-sen-2" | "nisenni" => Some(Step::NiSenNi),
            "先2" | "sen-ni" | "sen-2" | "senni" => Some(Step::SenNi),
            _ => None,
        };
        if let Some(step) = named {
            return Ok(step);
        }
        let numbers = stone_numbers(&key).ok_or_else(unknown)?;
        let step = match numbers.as_slice() {
            [n] => Step::Stones(*n),
            [a, b, c] if a == c && *b == a + 1 => Step::LowHighLow(*a),
            [a, b, c] if a == c && *a == b + 1 => Step::HighLowHigh(*b),
            [a, b] if *b == a + 1 => Step::Halves(*a),
            _ => return Err(unknown()),
        };
        let in_range = match step {
            Step::Stones(n) => (2..=MAX_STONES).contains(&n),
            Step::LowHighLow(n) | Step::HighLowHigh(n) | Step::Halves(n) => (2..=8).contains(&n),
            _ => true,
        };
        if in_range { Ok(step) } else { Err(unknown()) }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.japanese())
    }
}

/// Lower-cases ASCII, turns full-width digits and the kanji 二–九 into ASCII
/// digits, underscores and spaces into hyphens, and drops a trailing
/// `-stone(s)`/`子`/`目` from plain stone counts so the match above stays short.
fn normalise(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from(b'0' + (u32::from(c) - u32::from('０')) as u8),
            '二' => '2',
            '三' => '3',
            '四' => '4',
            '五' => '5',
            '六' => '6',
            '七' => '7',
            '八' => '8',
            '九' => '9',
            '_' | ' ' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The stone counts of a purely numeric step name: `2子`, `2-stones`, `2`
/// give [2]; `232子`, `2-3-2` give [2, 3, 2]; `2・3子`, `2-3` give [2, 3].
/// Names of several single digits may be run together (`232子`), as the
/// text writes them; counts of 10 and more stand alone (`13子`).
fn stone_numbers(key: &str) -> Option<Vec<u8>> {
    let body = ["-stones", "-stone", "stones", "stone", "子", "目"]
        .iter()
        .find_map(|suffix| key.strip_suffix(suffix))
        .unwrap_or(key);
    let parts: Vec<&str> = body
        .split(['-', '・', '·', '･', '.', '/', ','])
        .filter(|p| !p.is_empty())
        .collect();
    if parts.is_empty() || !parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let digits_run_together = parts.len() == 1 && matches!(parts[0].len(), 2 | 3) && {
        let whole: u32 = parts[0].parse().ok()?;
        whole > u32::from(MAX_STONES)
    };
    if digits_run_together {
        return parts[0].bytes().map(|b| Some(b - b'0')).collect();
    }
    parts.iter().map(|p| p.parse().ok()).collect()
}

const STONES_JA: [&str; 24] = [
    "2子", "3子", "4子", "5子", "6子", "7子", "8子", "9子", "10子", "11子", "12子", "13子", "14子",
    "15子", "16子", "17子", "18子", "19子", "20子", "21子", "22子", "23子", "24子", "25子",
];
const THIRDS_LOW_JA: [&str; 7] = [
    "232子", "343子", "454子", "565子", "676子", "787子", "898子",
];
const THIRDS_HIGH_JA: [&str; 7] = [
    "323子", "434子", "545子", "656子", "767子", "878子", "989子",
];
const HALVES_JA: [&str; 7] = [
    "2・3子", "3・4子", "4・5子", "5・6子", "6・7子", "7・8子", "8・9子",
];

#[cfg(test)]
mod tests {
    use super::*;
    use Turn::{Even, Stones, WeakerBlack as Sen, WeakerWhite};

    fn names(kind: LadderKind) -> Vec<&'static str> {
        kind.steps().iter().map(|s| s.japanese()).collect()
    }

    #[test]
    fn kou_ladder_order() {
        assert_eq!(
            names(LadderKind::Kou),
            [
                "互先",
                "先相先",
                "先",
                "先2先",
                "2先2",
                "2子",
                "232子",
                "323子",
                "3子",
                "343子",
                "434子",
                "4子",
                "454子",
                "545子",
                "5子",
                "565子",
                "656子",
                "6子",
                "676子",
                "767子",
                "7子",
                "787子",
                "878子",
                "8子",
                "898子",
                "989子",
                "9子",
            ]
        );
    }

    #[test]
    fn otsu_ladder_order() {
        assert_eq!(
            names(LadderKind::Otsu),
            [
                "互先", "先", "先2", "2子", "2・3子", "3子", "3・4子", "4子", "4・5子", "5子",
                "5・6子", "6子", "6・7子", "7子", "7・8子", "8子", "8・9子", "9子",
            ]
        );
    }

    #[test]
    fn hei_ladder_order() {
        let mut expected = vec!["互先".to_string(), "先".to_string()];
        expected.extend((2..=25).map(|n| format!("{n}子")));
        assert_eq!(names(LadderKind::Hei), expected);
    }

    #[test]
    fn sen_ai_sen_only_in_kou() {
        assert!(LadderKind::Kou.index_of(Step::SenAiSen).is_ok());
        for kind in [LadderKind::Otsu, LadderKind::Hei] {
            assert_eq!(
                kind.index_of(Step::SenAiSen),
                Err(LadderError::NotInLadder {
                    step: Step::SenAiSen,
                    ladder: kind
                })
            );
        }
        assert!(LadderKind::Kou.parse_step("先2").is_err());
        assert!(LadderKind::Otsu.parse_step("先2先").is_err());
        assert!(LadderKind::Hei.parse_step("2・3子").is_err());
        assert!(LadderKind::Kou.parse_step("10子").is_err());
        assert_eq!(LadderKind::Hei.parse_step("25子"), Ok(Step::Stones(25)));
    }

    #[test]
    fn pattern_even() {
        assert_eq!(Step::Even.pattern(), [Even]);
    }

    #[test]
    fn pattern_sen_ai_sen_is_black_white_black() {
        assert_eq!(Step::SenAiSen.pattern(), [Sen, WeakerWhite, Sen]);
    }

    #[test]
    fn pattern_sen_is_black_every_game() {
        assert_eq!(Step::Sen.pattern(), [Sen]);
    }

    #[test]
    fn pattern_sen_ni_sen() {
        assert_eq!(Step::SenNiSen.pattern(), [Sen, Stones(2), Sen]);
    }

    #[test]
    fn pattern_ni_sen_ni() {
        assert_eq!(Step::NiSenNi.pattern(), [Stones(2), Sen, Stones(2)]);
    }

    #[test]
    fn pattern_sen_ni_alternates() {
        assert_eq!(Step::SenNi.pattern(), [Sen, Stones(2)]);
    }

    #[test]
    fn pattern_stones_every_game() {
        for n in 2..=MAX_STONES {
            assert_eq!(Step::Stones(n).pattern(), [Stones(n)]);
        }
    }

    #[test]
    fn pattern_low_high_low() {
        assert_eq!(
            Step::LowHighLow(2).pattern(),
            [Stones(2), Stones(3), Stones(2)]
        );
        assert_eq!(
            Step::LowHighLow(8).pattern(),
            [Stones(8), Stones(9), Stones(8)]
        );
    }

    #[test]
    fn pattern_high_low_high() {
        assert_eq!(
            Step::HighLowHigh(2).pattern(),
            [Stones(3), Stones(2), Stones(3)]
        );
        assert_eq!(
            Step::HighLowHigh(8).pattern(),
            [Stones(9), Stones(8), Stones(9)]
        );
    }

    #[test]
    fn pattern_halves_alternate() {
        assert_eq!(Step::Halves(2).pattern(), [Stones(2), Stones(3)]);
        assert_eq!(Step::Halves(8).pattern(), [Stones(8), Stones(9)]);
    }

    #[test]
    fn turn_repeats_the_pattern() {
        let games: Vec<Turn> = (0..7).map(|i| Step::SenNiSen.turn(i)).collect();
        assert_eq!(games, [Sen, Stones(2), Sen, Sen, Stones(2), Sen, Sen]);
        let games: Vec<Turn> = (0..4).map(|i| Step::SenNi.turn(i)).collect();
        assert_eq!(games, [Sen, Stones(2), Sen, Stones(2)]);
    }

    #[test]
    fn every_step_reads_back_from_its_names() {
        for kind in LadderKind::ALL {
            for &step in kind.steps() {
                assert_eq!(kind.parse_step(step.japanese()), Ok(step), "{step}");
                assert_eq!(
                    kind.parse_step(&step.romaji()),
                    Ok(step),
                    "{}",
                    step.romaji()
                );
                assert!(!step.gloss().is_empty());
            }
        }
    }

    #[test]
    fn other_spellings() {
        let cases = [
            ("even", Step::Even),
            ("Tagai-Sen", Step::Even),
            ("sen_ai_sen", Step::SenAiSen),
            ("先互先", Step::SenAiSen),
            ("2先2子", Step::NiSenNi),
            ("2-stones", Step::Stones(2)),
            ("2 stones", Step::Stones(2)),
            ("2", Step::Stones(2)),
            ("二子", Step::Stones(2)),
            ("９子", Step::Stones(9)),
            ("13子", Step::Stones(13)),
            ("2-3-2", Step::LowHighLow(2)),
            ("３２３子", Step::HighLowHigh(2)),
            ("2.3子", Step::Halves(2)),
            ("3-4", Step::Halves(3)),
            ("989子", Step::HighLowHigh(8)),
        ];
        for (text, step) in cases {
            assert_eq!(Step::parse(text), Ok(step), "{text}");
        }
    }

    #[test]
    fn nonsense_step_names_are_refused() {
        for text in [
            "", "1子", "26子", "0", "2-4", "3-3-3", "9-10", "sen-san", "242子", "子",
        ] {
            assert!(
                matches!(Step::parse(text), Err(LadderError::UnknownStep(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn ladder_names() {
        assert_eq!(LadderKind::parse("甲"), Ok(LadderKind::Kou));
        assert_eq!(LadderKind::parse("OTSU"), Ok(LadderKind::Otsu));
        assert_eq!(LadderKind::parse("hei"), Ok(LadderKind::Hei));
        assert!(LadderKind::parse("tei").is_err());
    }
}
