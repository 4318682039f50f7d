//! What a review together (検討) takes from this side's saves: the record
//! of the saved game both players go over, as the host sends it.

use super::NetplayError;
use crate::words::{Lang, sgf_words};
use kaisho_saves::export;
use kaisho_saves::log::GameStore;

/// The SGF text of saved game `id` as a review together starts from it:
/// its kept record (with the additions of earlier reviews) or, before it
/// has one, its export, with the game's comments in `lang`.
///
/// # Errors
/// The saved game cannot be read.
pub fn record_text(store: &GameStore, id: &str, lang: Lang) -> Result<String, NetplayError> {
    let saved = store.load(id)?;
    let record = export::record_of(&saved, &sgf_words(lang));
    Ok(export::tree_of(&saved, &record)
        .map_or_else(|| kaisho_saves::sgf::write(&record), |tree| tree.write()))
}
