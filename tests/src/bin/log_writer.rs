//! A process that keeps a game log growing, for crash tests: it opens (or
//! creates) game `ID` in `DIR`, then plays random legal moves, appending each
//! one and printing `durable SEQ` only once the append has returned. It runs
//! until killed, or until it has appended `LIMIT` events.

use kaisho_core::playout::{XorShift, play_randomly};
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Phase, Settings};
use kaisho_saves::log::{GameHeader, GameStore, Player};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, dir, id, limit] = args.as_slice() else {
        eprintln!("usage: log_writer DIR ID LIMIT");
        return ExitCode::FAILURE;
    };
    let Ok(limit) = limit.parse::<u32>() else {
        eprintln!("LIMIT must be a number");
        return ExitCode::FAILURE;
    };
    match run(dir, id, limit) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            println!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(dir: &str, id: &str, limit: u32) -> Result<(), String> {
    let store = GameStore::new(dir);
    let (mut log, mut game) = if store.path_of(id).exists() {
        let (log, saved) = store.resume(id).map_err(|e| e.to_string())?;
        (log, saved.game)
    } else {
        let settings = Settings::even(BoardSize::new(9).expect("9 is a size"), Komi::MODERN);
        let header = GameHeader {
            game_id: id.to_string(),
            created_unix: 0,
            black: Player {
                name: "Black".into(),
                fingerprint: None,
            },
            white: Player {
                name: "White".into(),
                fingerprint: None,
            },
            settings: settings.clone(),
            local_color: None,
            series: None,
            clock: None,
        };
        let log = store.create(&header).map_err(|e| e.to_string())?;
        (log, Game::new(settings).map_err(|e| e.to_string())?)
    };
    let mut rng = XorShift::new(u64::from(log.next_seq()) * 7919 + 1);
    let mut stdout = std::io::stdout();
    for _ in 0..limit {
        let event = next_event(&mut game, &mut rng);
        let seq = log.append(&event, Some(1)).map_err(|e| e.to_string())?;
        writeln!(stdout, "durable {seq}").map_err(|e| e.to_string())?;
        stdout.flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The next event of an endless game: random legal moves, and a resumption
/// whenever two passes stop it.
fn next_event(game: &mut Game, rng: &mut XorShift) -> Event {
    if game.phase() != Phase::Playing {
        let event = Event::RequestResume { by: Color::Black };
        game.apply(event.clone())
            .expect("a stopped game can be resumed");
        return event;
    }
    play_randomly(game, 1, || rng.next_u64());
    game.events().last().cloned().expect("one move was played")
}
