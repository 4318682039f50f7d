//! The limits on everything kaisho takes from outside — names, chat lines,
//! SGF text, file sizes — in one place, so that what one side writes the
//! other always reads back, and no file or partner can make kaisho hold
//! more than these in memory.

/// The longest player name, in characters (config, the partner's greeting,
/// an SGF record's `PB`/`PW`).
pub const MAX_NAME_CHARS: usize = 64;
/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// The most watchers' lines a game's record keeps (its log and the host's
/// message to the joiner): the first ones said.
pub const MAX_KIBITZ_LINES: usize = 1000;
/// The longest text in one SGF property (a comment, a game name), in characters.
pub const MAX_SGF_TEXT_CHARS: usize = 16 * 1024;
/// The longest comment one addition in a review puts on a node, in
/// characters: a few paragraphs; a node's comments together stay within
/// [`MAX_SGF_TEXT_CHARS`].
pub const MAX_REVIEW_COMMENT_CHARS: usize = 2000;
/// The most nodes a review grows a record's tree to: a commented game with
/// hundreds of variations, far below what the tree's byte bound lets in.
pub const MAX_REVIEW_NODES: usize = 10_000;
/// The largest review journal kaisho reads or writes (`<id>.review`, a
/// review's additions kept beside a game's record), in bytes: the cap of
/// an SGF file. A journal is folded into the record long before, at
/// [`JOURNAL_FOLD_BYTES`]; it grows past that only while folds fail.
pub const MAX_JOURNAL_BYTES: u64 = 16 * 1024 * 1024;
/// The most edits a review journal holds: a review of tens of thousands of
/// additions between two folds. Bounds the work of applying one, whatever
/// its bytes.
pub const MAX_JOURNAL_EDITS: usize = 65_536;
/// The size past which a review journal is folded into its record, in
/// bytes: a few thousand additions, so that applying the journal on every
/// read stays cheap and the record itself is written seldom.
pub const JOURNAL_FOLD_BYTES: u64 = 256 * 1024;
/// The largest SGF file kaisho reads is `sgf::MAX_SGF_BYTES`, beside the
/// reader that applies it.
/// The largest game log kaisho reads, in bytes. A long game with much chat
/// stays far below it.
pub const MAX_LOG_BYTES: u64 = 64 * 1024 * 1024;
/// The largest `config.toml` kaisho reads, in bytes: a hand-edited file of
/// a few dozen lines, with room for long comments.
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;
/// The largest series file kaisho reads, in bytes. A series of a thousand
/// games takes about 30 KiB.
pub const MAX_SERIES_FILE_BYTES: u64 = 4 * 1024 * 1024;
/// The largest `known_peers.toml` kaisho reads, in bytes: about ten
/// thousand peers.
pub const MAX_KNOWN_PEERS_BYTES: u64 = 4 * 1024 * 1024;
/// The largest identity file kaisho reads, in bytes. A key pair and its
/// certificate take well under 1 KiB.
pub const MAX_IDENTITY_BYTES: u64 = 16 * 1024;
/// The longest line kaisho reads from a GTP engine, in bytes, checked as
/// the bytes arrive: a line that never ends costs no more than this.
pub const MAX_ENGINE_LINE_BYTES: usize = 64 * 1024;
/// The most lines one engine answer may hold, blank lines before it
/// included. A dead list on a 25×25 board, one point a line, takes 625.
pub const MAX_ENGINE_ANSWER_LINES: usize = 1024;
/// The most bytes one engine answer may hold, its lines together.
pub const MAX_ENGINE_ANSWER_BYTES: usize = 256 * 1024;
/// The most characters of an engine's text (an answer that is not GTP, a
/// refusal, a move the rules refuse) shown to the player; the rest is
/// left out with a note of the whole length.
pub const MAX_ENGINE_TEXT_SHOWN_CHARS: usize = 200;
/// What is kept of one engine's standard error in the log file, in bytes;
/// the rest is read and dropped, with a note of how much.
pub const MAX_ENGINE_STDERR_BYTES: u64 = 64 * 1024;
/// The largest the log file grows to, in bytes: past it a session writes
/// one note and nothing more, and the next start moves it to `.old`.
pub const MAX_LOG_FILE_BYTES: u64 = 8 * 1024 * 1024;
/// The longest line kaisho reads from a script or standard input (plain
/// mode, `host`/`join` scripts, `watch`), in bytes: far beyond any command
/// (a proposal naming every point of a 25×25 board takes about 2.5 KiB).
pub const MAX_TYPED_LINE_BYTES: usize = 64 * 1024;

/// Checks that `text`, named `what` for the message, has at most
/// `max_chars` characters; the error says how long it is and what is allowed.
pub fn check_length(what: &str, text: &str, max_chars: usize) -> Result<(), String> {
    let chars = text.chars().count();
    if chars > max_chars {
        Err(format!(
            "the {what} is {chars} characters long; at most {max_chars} are allowed"
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_counted_in_characters() {
        assert!(check_length("name", &"碁".repeat(MAX_NAME_CHARS), MAX_NAME_CHARS).is_ok());
        let err =
            check_length("name", &"碁".repeat(MAX_NAME_CHARS + 1), MAX_NAME_CHARS).unwrap_err();
        assert!(
            err.contains("65 characters") && err.contains("at most 64"),
            "{err}"
        );
    }
}
