//! Why an SGF text could not be read, and where.

use std::fmt;

/// An SGF record that could not be read. `offset` is the byte in the text
/// where the problem lies, counted from 0, so that a user can find it in an
/// editor; the message also says what to change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// Byte offset of the problem in the text given to [`parse`](super::parse).
    pub offset: usize,
    /// What the problem is.
    pub kind: SgfErrorKind,
}

/// What is wrong with the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfErrorKind {
    /// There is no `(` at all: the text is not an SGF record.
    NoGameTree,
    /// A game tree opened at `opened_at` is still open where the text ends.
    UnclosedTree { opened_at: usize },
    /// A game tree or variation holds no node.
    TreeWithoutNode,
    /// A property value opened with `[` is never closed with `]`.
    UnclosedValue,
    /// Text that should be a property name followed by a value is not.
    BadIdentifier { text: String },
    /// A property stands after `(` or `)` instead of inside a node.
    PropertyOutsideNode,
    /// The record is for another game than Go (`GM` other than 1).
    NotGo { game: String },
    /// A property kaisho needs has a value it cannot use.
    BadValue {
        property: String,
        value: String,
        expected: &'static str,
    },
    /// The tree is deeper than [`MAX_DEPTH`](super::scan::MAX_DEPTH) nodes.
    TooDeep,
    /// The main line holds more than
    /// [`MAX_MAIN_LINE_VALUES`](super::scan::MAX_MAIN_LINE_VALUES) property values.
    TooManyValues,
    /// `CA` names a character set kaisho does not know.
    UnknownCharset { name: String },
    /// One point is given a black and a white set-up stone (`AB` and `AW`).
    SetupConflict { point: String },
    /// A set-up stone's chain has no liberty, which no legal play can leave.
    SetupWithoutLiberties { point: String },
    /// Stones are added or removed (AB, AW, AE) after the first move; a game
    /// record in kaisho is a set-up followed by moves only.
    SetupAfterMoves,
    /// A text property is longer than [`crate::limits`] allows.
    TooLong { property: String, reason: String },
    /// The file or its tree is larger than [`crate::limits`] allows.
    TooLarge { reason: String },
    /// sgf-parse refused the text for a reason the position scan did not find.
    Library(String),
}

impl SgfError {
    pub(crate) fn at(offset: usize, kind: SgfErrorKind) -> SgfError {
        SgfError { offset, kind }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SGF error at byte {}: ", self.offset)?;
        match &self.kind {
            SgfErrorKind::NoGameTree => f.write_str(
                "no game tree found; an SGF record starts with '(;' — check that this is an SGF file",
            ),
            SgfErrorKind::UnclosedTree { opened_at } => write!(
                f,
                "the text ends inside the game tree opened at byte {opened_at}; \
                 the file may be truncated: close it with ')' or get a complete copy"
            ),
            SgfErrorKind::TreeWithoutNode => f.write_str(
                "a game tree or variation has no node; each '(' must be followed by ';' and properties",
            ),
            SgfErrorKind::UnclosedValue => f.write_str(
                "a property value opened with '[' is never closed; add ']' \
                 (a ']' inside a value must be written '\\]')",
            ),
            SgfErrorKind::BadIdentifier { text } => write!(
                f,
                "'{text}' is not a property; a property is a name in capitals followed by \
                 a value in brackets, such as B[dd]"
            ),
            SgfErrorKind::PropertyOutsideNode => f.write_str(
                "a property stands outside a node; put ';' before it to start a node",
            ),
            SgfErrorKind::NotGo { game } => write!(
                f,
                "the record is for game GM[{game}], not Go (GM[1]); kaisho reads Go records only"
            ),
            SgfErrorKind::BadValue {
                property,
                value,
                expected,
            } => write!(
                f,
                "{property}[{value}] cannot be used; expected {expected}"
            ),
            SgfErrorKind::TooDeep => write!(
                f,
                "the record is more than {} nodes deep, more than any game; \
                 kaisho refuses it rather than exhaust its memory — split the record",
                super::scan::MAX_DEPTH
            ),
            SgfErrorKind::TooManyValues => write!(
                f,
                "the main line holds more than {} property values, more than any game needs; \
                 kaisho refuses it rather than exhaust its memory",
                super::scan::MAX_MAIN_LINE_VALUES
            ),
            SgfErrorKind::UnknownCharset { name } => write!(
                f,
                "CA[{name}] names a character set kaisho does not know; \
                 give one such as UTF-8, Shift_JIS, EUC-JP, GB2312 or ISO-8859-1, \
                 or convert the file to UTF-8"
            ),
            SgfErrorKind::SetupConflict { point } => write!(
                f,
                "[{point}] is given both a black and a white set-up stone (AB and AW); \
                 keep one of them"
            ),
            SgfErrorKind::SetupWithoutLiberties { point } => write!(
                f,
                "the set-up stones at [{point}] have no liberty, a position no game can reach; \
                 remove the stones that surround them"
            ),
            SgfErrorKind::SetupAfterMoves => f.write_str(
                "stones are added or removed (AB, AW or AE) after the first move; \
                 kaisho replays a set-up followed by moves only — move the set-up to the first node",
            ),
            SgfErrorKind::TooLong { property, reason } => write!(
                f,
                "{property}: {reason}; shorten it in the file to read the record"
            ),
            SgfErrorKind::TooLarge { reason } => write!(
                f,
                "{reason}; kaisho refuses it rather than exhaust its memory — split the record"
            ),
            SgfErrorKind::Library(message) => {
                write!(f, "{message}; check the record's brackets and parentheses")
            }
        }
    }
}

impl std::error::Error for SgfError {}
