//! Where a game's SGF export went, or why it did not: the line after a
//! game ends or is adjourned, on the screen, in plain mode and in the
//! host/join scripts.

use super::{Lang, Note, note};
use kaisho_saves::export::ExportFailure;
use std::path::PathBuf;

/// Where a finished game's SGF went, or why it did not, in English: for
/// the callers that speak no other language yet.
#[must_use]
pub fn export_line(result: &Result<PathBuf, ExportFailure>) -> String {
    export_said(result, Lang::En)
}

/// Where a finished game's SGF went, or why it did not, in `lang`.
#[must_use]
pub fn export_said(result: &Result<PathBuf, ExportFailure>, lang: Lang) -> String {
    match result {
        Ok(path) => note(lang, Note::SgfSaved(&path.display().to_string())),
        Err(ExportFailure::Write {
            exports,
            log,
            error,
        }) => note(
            lang,
            Note::SgfWriteFailed {
                exports: &exports.display().to_string(),
                log: &log.display().to_string(),
                error: &error.to_string(),
            },
        ),
        Err(ExportFailure::Load(e)) => note(lang, Note::SgfFailed(&e.to_string())),
    }
}
