//! Fixtures the saves tests share: a game header and moves named as GTP
//! points on a 9×9 board.

#![allow(dead_code)]

use kaisho_core::{BoardSize, Color, Event, Komi, Point, Settings};
use kaisho_saves::export;
use kaisho_saves::log::{GameHeader, GameStore, Player};
use kaisho_saves::sgf::{Note, SgfTree};

/// A 9×9 point named as in GTP (`E5`).
pub fn p(name: &str) -> Point {
    Point::parse_gtp(name, 9).unwrap()
}

/// `color` plays at the GTP point `name` on a 9×9 board.
pub fn play(color: Color, name: &str) -> Event {
    Event::Play {
        color,
        point: p(name),
    }
}

/// The header of game `id` between `black` and `white` under `settings`.
pub fn header_with(id: &str, [black, white]: [&str; 2], settings: Settings) -> GameHeader {
    GameHeader {
        game_id: id.to_string(),
        created_unix: 1_795_000_000,
        black: Player {
            name: black.into(),
            fingerprint: None,
        },
        white: Player {
            name: white.into(),
            fingerprint: None,
        },
        settings,
        local_color: None,
        series: None,
        clock: None,
    }
}

/// An even 9×9 game with 6.5 komi.
pub fn nine_by_nine() -> Settings {
    Settings::even(BoardSize::new(9).unwrap(), Komi::from_halves(13))
}

/// A watcher's line said after `after_event` events.
pub fn kibitz_line(after_event: u32, name: &str, text: &str) -> kaisho_saves::sgf::KibitzLine {
    kaisho_saves::sgf::KibitzLine {
        after_event,
        name: name.into(),
        text: text.into(),
    }
}

/// The words of an export's comments: each note as its debug form.
pub fn words(note: Note<'_>, _: u8) -> String {
    format!("{note:?}")
}

/// A 9×9 game of kaisho's own with three moves, saved in `store` as `id`.
pub fn saved_game(store: &GameStore, id: &str) {
    let header = header_with(id, ["Shusaku", "Gennan"], nine_by_nine());
    let mut log = store.create(&header).unwrap();
    for (color, point) in [
        (Color::Black, "E5"),
        (Color::White, "C7"),
        (Color::Black, "G3"),
    ] {
        log.append(&play(color, point), None).unwrap();
    }
}

/// The tree a review of game `id` opens on now.
pub fn opened(store: &GameStore, id: &str) -> SgfTree {
    let saved = store.load(id).unwrap();
    export::tree_of(&saved, &export::record_of(&saved, &words)).unwrap()
}
