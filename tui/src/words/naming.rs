//! The naming a player of a language gets where no setting chose another
//! (the command line's subcommands, the network task): GTP point names,
//! drawn characters, the language's words.

use super::Lang;
use crate::app::Naming;

/// The default naming of points, in `lang`.
#[must_use]
pub fn naming_for(lang: Lang) -> Naming {
    Naming {
        lang,
        ..Naming::default()
    }
}
