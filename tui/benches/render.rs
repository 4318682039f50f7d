//! Frame rendering: the time to draw the mid-game 19×19 screen at 80×24,
//! the bytes a terminal receives for the first frame and for a move, and
//! the start-up to the first frame with the saves and config loaded.

#[path = "../tests/common/mod.rs"]
mod common;

use common::*;
use criterion::{Criterion, criterion_group, criterion_main};
use crossterm::event::KeyCode;
use kaisho::view::view;
use kaisho::words::Lang;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::hint::black_box;

fn render(c: &mut Criterion) {
    for lang in Lang::ALL {
        let mut state = mid_game();
        state.naming.lang = lang;
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
        let name = format!(
            "render mid-game 19x19 at 80x24 (TestBackend, {})",
            lang.code()
        );
        c.bench_function(&name, |b| {
            b.iter(|| {
                terminal
                    .draw(|frame| view(black_box(&state), frame))
                    .expect("draw");
            });
        });
    }
}

fn at_cursor() -> Front {
    let mut state = mid_game();
    keys(&mut state, "jj");
    state
}

fn bytes(c: &mut Criterion) {
    for lang in Lang::ALL {
        let in_lang = |mut state: Front| {
            state.naming.lang = lang;
            state
        };
        let (first, by_enter) = frame_bytes(&mut in_lang(at_cursor()), |state| {
            press(state, KeyCode::Enter);
        });
        let (_, by_click) = frame_bytes(&mut in_lang(mid_game()), |state| {
            run(state, kaisho::app::Command::At(gtp("R3", 19)));
        });
        println!(
            "bytes ({}): first frame {first} B; move by Enter {by_enter} B; move by click {by_click} B",
            lang.code()
        );
    }
    let at_cursor = at_cursor();
    c.bench_function("first frame through CrosstermBackend", |b| {
        b.iter(|| {
            let sink = Sink::default();
            let mut terminal = byte_terminal(sink.clone());
            terminal
                .draw(|frame| view(black_box(&at_cursor), frame))
                .expect("draw");
            sink.take().len()
        });
    });
}

/// Start-up to the first frame: finding the folders, reading the config
/// file and drawing the home screen, with a home holding a config file and
/// 20 saved games (the home screen lists none, so they cost nothing here).
fn startup(c: &mut Criterion) {
    let home = tempfile::tempdir().expect("a temporary home");
    for _ in 0..20 {
        let mut state = new_game_in(home.path());
        for name in ["E5", "D4", "C3"] {
            play(&mut state, name);
        }
    }
    let config = kaisho_saves::places::Places::under(home.path()).config_file();
    if let Some(dir) = config.parent() {
        std::fs::create_dir_all(dir).expect("config folder");
    }
    std::fs::write(&config, "[player]\nname = \"Aki\"\n[game]\nkomi = 6.5\n").expect("config");
    c.bench_function(
        "start-up: places, config, first frame (CrosstermBackend)",
        |b| {
            b.iter(|| {
                let state = home_in(black_box(home.path()));
                let sink = Sink::default();
                let mut terminal = byte_terminal(sink.clone());
                terminal.draw(|frame| view(&state, frame)).expect("draw");
                sink.take().len()
            });
        },
    );
}

criterion_group!(benches, render, bytes, startup);
criterion_main!(benches);
