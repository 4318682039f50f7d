//! Reading an SGF text into an [`SgfRecord`], through sgf-parse.

use super::error::{SgfError, SgfErrorKind};
use super::record::{SgfMove, SgfProperty, SgfRecord};
use super::scan::{Scan, scan};
use super::soft_breaks::without_soft_breaks;
use super::values;
use crate::limits::{MAX_NAME_CHARS, MAX_SGF_TEXT_CHARS, check_length};
use kaisho_core::{Board, BoardSize, Color, Event, Komi, Point, Settings, handicap};
use sgf_parse::go::{Move, Prop};
use sgf_parse::{GameTree, SgfNode, SgfParseError};
use std::collections::HashSet;

/// Reads the first game of an SGF collection.
///
/// The main line is followed (the first variation at every branch); other
/// variations are ignored. Text before the first `(` (a byte-order mark, a
/// mail header) is skipped. Identifiers written in lower case (`b[dd]`) are
/// read as upper case, and FF\[3\] long names (`AddBlack`) as their capitals.
/// Soft line breaks (`\` before a line break) are taken out of the text.
/// Missing `SZ` means 19. `B[]`, and `B[tt]` on boards up to 19, are passes.
/// Moves off the board or against the rules are read as they are: judging
/// them is the replay's job. Root properties kaisho has no field for are
/// kept in [`SgfRecord::extra`]; unknown properties elsewhere are skipped.
/// `HA` of two or more without `AB` gets the stones of 1949 Art. 21.
pub fn parse(text: &str) -> Result<SgfRecord, SgfError> {
    let start = text
        .find('(')
        .ok_or(SgfError::at(0, SgfErrorKind::NoGameTree))?;
    let scan = scan(text, start)?;
    let main_line = main_line_text(text, &scan);
    let tree = sgf_parse::parse(&without_soft_breaks(&main_line))
        .map_err(|e| library_error(&scan, e))?
        .into_iter()
        .next()
        .ok_or(SgfError::at(start, SgfErrorKind::NoGameTree))?;
    match tree {
        GameTree::GoGame(root) => Reader::new(&scan, &root)?.read(&root),
        GameTree::Unknown(root) => {
            let game = match root.get_property("GM") {
                Some(sgf_parse::unknown_game::Prop::GM(n)) => n.to_string(),
                _ => "?".to_string(),
            };
            Err(SgfError::at(
                scan.property(0, "GM"),
                SgfErrorKind::NotGo { game },
            ))
        }
    }
}

/// The main line as a game tree of its own, identifiers in capitals: what
/// sgf-parse is given, so that it never builds the variations kaisho skips.
fn main_line_text(text: &str, scan: &Scan) -> String {
    let length: usize = scan.main_line.iter().map(|n| n.end - n.offset).sum();
    let mut out = String::with_capacity(length + 2);
    out.push('(');
    for node in &scan.main_line {
        let at = out.len();
        out.push_str(&text[node.offset..node.end]);
        for range in &node.lower_case {
            out[at + range.start - node.offset..at + range.end - node.offset]
                .make_ascii_uppercase();
        }
    }
    out.push(')');
    out
}

/// Places an error of sgf-parse, which has no position, with the scan.
fn library_error(scan: &Scan, error: SgfParseError) -> SgfError {
    match error {
        SgfParseError::InvalidGameType | SgfParseError::UnexpectedProperty => SgfError::at(
            scan.last_property(0, "GM"),
            SgfErrorKind::Library(format!(
                "the game type must be given once, as a number such as GM[1] ({error})"
            )),
        ),
        _ => SgfError::at(scan.tree.start, SgfErrorKind::Library(error.to_string())),
    }
}

struct Reader<'a> {
    scan: &'a Scan,
    record: SgfRecord,
    /// `PL`, if the record names the first player.
    first: Option<Color>,
    /// `HA` as written, for the message if its stones cannot be placed.
    handicap_text: Option<String>,
    /// Whether Fox wrote the record (`AP[foxwq]`), whose `KM` has a scale
    /// of its own.
    fox: bool,
}

impl<'a> Reader<'a> {
    fn new(scan: &'a Scan, root: &SgfNode<Prop>) -> Result<Reader<'a>, SgfError> {
        let size = match root.get_property("SZ") {
            None => BoardSize::NINETEEN,
            Some(Prop::SZ((columns, rows))) => values::size(u32::from(*columns), u32::from(*rows))
                .ok_or_else(|| bad_size(scan, &format!("{columns}:{rows}")))?,
            Some(Prop::Invalid(_, v)) => single(v)
                .and_then(values::size_text)
                .ok_or_else(|| bad_size(scan, &v.join("][")))?,
            Some(_) => return Err(bad_size(scan, "?")),
        };
        // Fox writes `AP[foxwq]`, without the version a composed value has.
        let fox = root.properties().any(|p| match p {
            Prop::AP((name, _)) => name.text.eq_ignore_ascii_case("foxwq"),
            Prop::Invalid(id, values) if id == "AP" => {
                values.iter().any(|v| v.eq_ignore_ascii_case("foxwq"))
            }
            _ => false,
        });
        Ok(Reader {
            scan,
            record: SgfRecord::new(Settings::even(size, Komi::ZERO)),
            first: None,
            handicap_text: None,
            fox,
        })
    }

    fn read(mut self, root: &SgfNode<Prop>) -> Result<SgfRecord, SgfError> {
        let nodes: Vec<&SgfNode<Prop>> = root.main_variation().collect();
        for (index, node) in nodes.iter().enumerate() {
            self.node(index, node, index + 1 == nodes.len())?;
        }
        self.place_missing_handicap()?;
        self.check_liberties()?;
        self.record.settings.setup.sort_unstable();
        self.record.settings.first = match self.first {
            Some(color) => color,
            None => self.record.implied_first(),
        };
        Ok(self.record)
    }

    fn node(&mut self, index: usize, node: &SgfNode<Prop>, last: bool) -> Result<(), SgfError> {
        let mut comment = None;
        // `PL` names who moves next: the first player only before any move;
        // on a node of the game (Sabaki and GNU Go write it so) it changes
        // nothing that was played.
        let before_play = self.record.moves.is_empty()
            && !node
                .properties()
                .any(|p| matches!(p, Prop::B(_) | Prop::W(_)));
        for prop in node.properties() {
            self.check_length(index, prop)?;
            match prop {
                Prop::B(m) => self.play(Color::Black, *m),
                Prop::W(m) => self.play(Color::White, *m),
                Prop::AB(points) => self.set_up(index, "AB", Some(Color::Black), points)?,
                Prop::AW(points) => self.set_up(index, "AW", Some(Color::White), points)?,
                // Stones taken off the last node (how Cgoban 1 and Jago
                // write a counted game's dead stones) change no move: the
                // record's tree keeps them.
                Prop::AE(_) if last && !self.record.moves.is_empty() => {}
                Prop::AE(points) => self.set_up(index, "AE", None, points)?,
                Prop::PL(color) if before_play => self.first = Some(color_of(*color)),
                Prop::C(text) => comment = Some(text.text.clone()),
                Prop::TB(points) if last => self.record.territory[0] = sorted(points),
                Prop::TW(points) if last => self.record.territory[1] = sorted(points),
                Prop::KM(komi) => {
                    let komi = if self.fox {
                        &values::fox_komi(*komi)
                    } else {
                        komi
                    };
                    self.record.settings.komi = values::komi(*komi).ok_or_else(|| {
                        self.bad_value(index, "KM", &komi.to_string(), values::KOMI_EXPECTED)
                    })?;
                }
                Prop::HA(stones) => self.handicap(index, &stones.to_string())?,
                Prop::PB(t) => set_once(&mut self.record.black, &t.text),
                Prop::PW(t) => set_once(&mut self.record.white, &t.text),
                Prop::DT(t) => set_once(&mut self.record.date, &t.text),
                Prop::RE(t) => set_once(&mut self.record.result, &t.text),
                Prop::RU(t) => set_once(&mut self.record.rules, &t.text),
                Prop::GC(t) => set_once(&mut self.record.game_comment, &t.text),
                Prop::Invalid(identifier, v) => self.invalid(index, identifier, v)?,
                Prop::Unknown(identifier, v) if index == 0 => self.keep(identifier, v.clone()),
                other if index == 0 => {
                    if let Some((identifier, text)) = game_information(other) {
                        self.keep(identifier, vec![text.to_string()]);
                    }
                }
                _ => {}
            }
        }
        if let Some(text) = comment {
            self.comment(text);
        }
        Ok(())
    }

    /// Refuses a name (`PB`, `PW`) or other text over its limit, so that no
    /// file makes a save kaisho cannot read back.
    fn check_length(&self, index: usize, prop: &Prop) -> Result<(), SgfError> {
        let (identifier, text, limit) = match prop {
            Prop::PB(t) => ("PB", t.text.as_str(), MAX_NAME_CHARS),
            Prop::PW(t) => ("PW", t.text.as_str(), MAX_NAME_CHARS),
            Prop::C(t) => ("C", t.text.as_str(), MAX_SGF_TEXT_CHARS),
            Prop::DT(t) => ("DT", t.text.as_str(), MAX_SGF_TEXT_CHARS),
            Prop::RE(t) => ("RE", t.text.as_str(), MAX_SGF_TEXT_CHARS),
            Prop::RU(t) => ("RU", t.text.as_str(), MAX_SGF_TEXT_CHARS),
            Prop::GC(t) => ("GC", t.text.as_str(), MAX_SGF_TEXT_CHARS),
            other => match game_information(other) {
                Some((identifier, text)) => (identifier, text, MAX_SGF_TEXT_CHARS),
                None => return Ok(()),
            },
        };
        check_length("text", text, limit).map_err(|reason| {
            SgfError::at(
                self.scan.property(index, identifier),
                SgfErrorKind::TooLong {
                    property: identifier.to_string(),
                    reason,
                },
            )
        })
    }

    fn play(&mut self, color: Color, m: Move) {
        let small = self.record.settings.size.get() <= 19;
        let event = match m {
            Move::Move(p) if !(small && p.x == 19 && p.y == 19) => Event::Play {
                color,
                point: Point::new(p.x, p.y),
            },
            _ => Event::Pass { color },
        };
        self.record.moves.push(SgfMove {
            event,
            comment: None,
            time_left: None,
        });
    }

    fn set_up(
        &mut self,
        index: usize,
        identifier: &str,
        color: Option<Color>,
        points: &HashSet<sgf_parse::go::Point>,
    ) -> Result<(), SgfError> {
        if !self.record.moves.is_empty() {
            return Err(SgfError::at(
                self.scan.property(index, identifier),
                SgfErrorKind::SetupAfterMoves,
            ));
        }
        let offset = self.scan.property(index, identifier);
        let setup = &mut self.record.settings.setup;
        for point in sorted(points) {
            if let Some(color) = color
                && setup.contains(&(color.opponent(), point))
            {
                return Err(SgfError::at(
                    offset,
                    SgfErrorKind::SetupConflict {
                        point: point.to_sgf(),
                    },
                ));
            }
            setup.retain(|&(_, p)| p != point);
            if let Some(color) = color {
                setup.push((color, point));
            }
        }
        Ok(())
    }

    fn handicap(&mut self, index: usize, text: &str) -> Result<(), SgfError> {
        self.record.settings.handicap = values::handicap_text(text)
            .ok_or_else(|| self.bad_value(index, "HA", text, values::HANDICAP_EXPECTED))?;
        self.handicap_text = Some(text.to_string());
        Ok(())
    }

    /// Properties sgf-parse found malformed: read leniently where real files
    /// need it (KM with a comma or empty, HA of 0 or 1), refused where the
    /// game would change (moves, set-up, PL, territory), skipped otherwise.
    fn invalid(&mut self, index: usize, identifier: &str, v: &[String]) -> Result<(), SgfError> {
        let expected = match identifier {
            "KM" => match single(v).and_then(values::komi_text) {
                Some(komi) => {
                    self.record.settings.komi = komi.unwrap_or(Komi::ZERO);
                    return Ok(());
                }
                None => values::KOMI_EXPECTED,
            },
            "HA" => match single(v) {
                Some(text) => return self.handicap(index, text),
                None => values::HANDICAP_EXPECTED,
            },
            "B" | "W" => "a point of two letters such as dd, or [] for a pass",
            "AB" | "AW" | "AE" | "TB" | "TW" => {
                "points of two letters such as dd, or ranges such as aa:cc"
            }
            "PL" => "B or W",
            _ => return Ok(()),
        };
        Err(self.bad_value(index, identifier, &v.join("]["), expected))
    }

    /// Keeps a root property to write back; one whose identifier sgf-parse
    /// reduced to nothing (no capital letters) could not be written, and is
    /// skipped.
    fn keep(&mut self, identifier: &str, values: Vec<String>) {
        if identifier.is_empty() {
            return;
        }
        self.record.extra.push(SgfProperty {
            identifier: identifier.to_string(),
            values,
        });
    }

    /// A node's comment goes with its move; on a node without a move, with
    /// the move before it, or before the first move, with the root. Several
    /// comments for one place are joined by a line break.
    fn comment(&mut self, text: String) {
        let target = match self.record.moves.last_mut() {
            Some(m) => &mut m.comment,
            None => &mut self.record.root_comment,
        };
        match target {
            Some(earlier) => {
                earlier.push('\n');
                earlier.push_str(&text);
            }
            None => *target = Some(text),
        }
    }

    /// `HA` of two or more with no black set-up stones: the stones of 1949
    /// Art. 21, which is where every program that omits `AB` means them.
    fn place_missing_handicap(&mut self) -> Result<(), SgfError> {
        let settings = &mut self.record.settings;
        if settings.handicap < 2 || settings.setup.iter().any(|&(c, _)| c == Color::Black) {
            return Ok(());
        }
        match handicap::placement(settings.size, settings.handicap) {
            Ok(points) => {
                settings
                    .setup
                    .extend(points.into_iter().map(|p| (Color::Black, p)));
                Ok(())
            }
            Err(_) => Err(self.bad_value(
                0,
                "HA",
                self.handicap_text.as_deref().unwrap_or(""),
                "AB stones for the handicap, or a number of stones kaisho can place on this board",
            )),
        }
    }

    /// Refuses set-up stones whose chain has no liberty: no sequence of
    /// legal moves leaves such a position, and the rules would never remove
    /// the chain. Stones off the board are left to the replay to report.
    fn check_liberties(&self) -> Result<(), SgfError> {
        let settings = &self.record.settings;
        let mut board = Board::new(settings.size);
        for &(color, point) in &settings.setup {
            board.set_up(color, point);
        }
        match settings
            .setup
            .iter()
            .find(|&&(_, p)| board.get(p).is_some() && board.liberties(p).is_empty())
        {
            Some(&(_, point)) => Err(SgfError::at(
                self.scan.tree.start,
                SgfErrorKind::SetupWithoutLiberties {
                    point: point.to_sgf(),
                },
            )),
            None => Ok(()),
        }
    }

    fn bad_value(
        &self,
        index: usize,
        property: &str,
        value: &str,
        expected: &'static str,
    ) -> SgfError {
        SgfError::at(
            self.scan.property(index, property),
            SgfErrorKind::BadValue {
                property: property.to_string(),
                value: value.to_string(),
                expected,
            },
        )
    }
}

fn bad_size(scan: &Scan, value: &str) -> SgfError {
    SgfError::at(
        scan.property(0, "SZ"),
        SgfErrorKind::BadValue {
            property: "SZ".to_string(),
            value: value.to_string(),
            expected: values::SIZE_EXPECTED,
        },
    )
}

/// Root text properties of game information that the record keeps as they are.
fn game_information(prop: &Prop) -> Option<(&'static str, &str)> {
    let (identifier, text) = match prop {
        Prop::AN(t) => ("AN", t),
        Prop::BR(t) => ("BR", t),
        Prop::BT(t) => ("BT", t),
        Prop::CP(t) => ("CP", t),
        Prop::EV(t) => ("EV", t),
        Prop::GN(t) => ("GN", t),
        Prop::ON(t) => ("ON", t),
        Prop::OT(t) => ("OT", t),
        Prop::PC(t) => ("PC", t),
        Prop::RO(t) => ("RO", t),
        Prop::SO(t) => ("SO", t),
        Prop::US(t) => ("US", t),
        Prop::WR(t) => ("WR", t),
        Prop::WT(t) => ("WT", t),
        _ => return None,
    };
    Some((identifier, text.text.as_str()))
}

fn single(values: &[String]) -> Option<&str> {
    match values {
        [value] => Some(value),
        _ => None,
    }
}

fn set_once(field: &mut Option<String>, text: &str) {
    field.get_or_insert_with(|| text.to_string());
}

fn color_of(color: sgf_parse::Color) -> Color {
    match color {
        sgf_parse::Color::Black => Color::Black,
        sgf_parse::Color::White => Color::White,
    }
}

fn sorted(points: &HashSet<sgf_parse::go::Point>) -> Vec<Point> {
    let mut out: Vec<Point> = points.iter().map(|p| Point::new(p.x, p.y)).collect();
    out.sort_unstable();
    out
}
