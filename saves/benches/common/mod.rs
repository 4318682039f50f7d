//! What the saves benches share: the header of a 19×19 game.

use kaisho_core::{BoardSize, Komi, Settings};
use kaisho_saves::log::{GameHeader, Player};

/// The header of an even 19×19 game `id` between Black and White.
pub fn header(id: &str) -> GameHeader {
    let player = |name: &str| Player {
        name: name.into(),
        fingerprint: None,
    };
    GameHeader {
        game_id: id.into(),
        created_unix: 1_795_000_000,
        black: player("Black"),
        white: player("White"),
        settings: Settings::even(BoardSize::NINETEEN, Komi::MODERN),
        local_color: None,
        series: None,
        clock: None,
    }
}
