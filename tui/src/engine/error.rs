//! An engine's failures (`EngineError`, typed in `errors` so that the
//! catalog can word them) and its text as a player may be shown it.

pub use crate::errors::{EngineError, Overlong};
use kaisho_saves::limits::MAX_ENGINE_TEXT_SHOWN_CHARS;
use kaisho_saves::visible::visible;

/// An engine's text as a player may be shown it: its control characters
/// made visible (an engine is a program from outside, and its text reaches
/// the terminal), and cut to [`MAX_ENGINE_TEXT_SHOWN_CHARS`] characters
/// with a note of its whole length, so a line of garbage cannot fill the
/// message line or the scroll-back.
#[must_use]
pub fn shown(text: &str) -> String {
    let chars = text.chars().count();
    if chars <= MAX_ENGINE_TEXT_SHOWN_CHARS {
        return visible(text).into_owned();
    }
    let start: String = text.chars().take(MAX_ENGINE_TEXT_SHOWN_CHARS).collect();
    format!("{}… ({chars} characters)", visible(&start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_cut_with_its_length_and_a_short_one_kept() {
        assert_eq!(shown("hello \u{1b}[31m"), "hello ␛[31m");
        let long = "x".repeat(63_000);
        let cut = shown(&long);
        assert_eq!(
            cut,
            format!(
                "{}… (63000 characters)",
                "x".repeat(MAX_ENGINE_TEXT_SHOWN_CHARS)
            )
        );
        let exact = "碁".repeat(MAX_ENGINE_TEXT_SHOWN_CHARS);
        assert_eq!(shown(&exact), exact);
    }
}
