//! Choosing the engine on the home menu and in plain mode: its name and
//! GNU Go's level shown, the level stepped or a command typed, and the
//! choice kept in config.toml without losing what another copy of kaisho
//! wrote there.

mod common;

use common::{Front, home_in, open_from_home, press, render, run};
use crossterm::event::KeyCode;
use kaisho::app::{Command, Field, HomeItem, Prompt};
use kaisho::words::Lang;
use kaisho_saves::config::load;
use kaisho_saves::places::Places;
use std::path::{Path, PathBuf};

/// The home screen under `dir` with `engine` in force and the engine line
/// chosen.
fn on_the_engine_line(dir: &Path, engine: &str) -> Front {
    let mut front = home_in(dir);
    front.state.engine = Some(engine.to_string());
    let at = front
        .state
        .home
        .items
        .iter()
        .position(|&i| i == HomeItem::Engine)
        .expect("the engine line is on the menu");
    front.state.home.selected = at;
    front
}

fn config_file(dir: &Path) -> PathBuf {
    Places::under(dir).config_file()
}

/// The home menu names the engine and GNU Go's level, and the engine line
/// below it shows the level to change, 80×24.
#[test]
fn the_home_menu_names_the_engine_and_its_level() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = on_the_engine_line(dir.path(), "/usr/games/gnugo --mode gtp --level 3");
    let screen = render(&front.state).to_string();
    assert!(screen.contains("Play GNU Go (level 3)"), "{screen}");
    assert!(screen.contains("engine      ‹ level 3 ›"), "{screen}");
    in_both_languages!(&mut front.state);
    front.state.engine = Some("katago gtp -model m.bin.gz".into());
    let screen = render(&front.state).to_string();
    assert!(screen.contains("Play katago"), "{screen}");
    assert!(screen.contains("set in its command"), "{screen}");
}

/// `←`/`→` on the engine line step GNU Go's level within 1 to 10, in force
/// at once and written to `[engine] command`; a value another copy of
/// kaisho saved in the file meanwhile stays.
#[test]
fn the_engine_line_steps_gnugos_level_and_keeps_it_in_the_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = config_file(dir.path());
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, "[player]\nname = \"Sai\"\n").unwrap();
    let mut front = on_the_engine_line(dir.path(), "/usr/games/gnugo --mode gtp");
    let said = press(&mut front, KeyCode::Left);
    assert_eq!(
        said,
        [format!(
            "Engine: GNU Go (level 9), saved to {}",
            file.display()
        )]
    );
    let command = "/usr/games/gnugo --mode gtp --level 9";
    assert_eq!(front.state.engine.as_deref(), Some(command));
    let loaded = load(&file);
    assert_eq!(loaded.problem, None);
    assert_eq!(loaded.config.engine_command.as_deref(), Some(command));
    assert_eq!(loaded.config.player_name, "Sai");
    // Another copy of kaisho saves its undo limit meanwhile.
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("{text}\n[game]\nundo_limit = 7\n")).unwrap();
    front.state.naming.lang = Lang::Ja;
    let said = press(&mut front, KeyCode::Right);
    assert_eq!(
        said,
        [format!(
            "思考エンジン: GNU Go (レベル10)。保存しました: {}",
            file.display()
        )]
    );
    press(&mut front, KeyCode::Right);
    let loaded = load(&file).config;
    assert_eq!(
        loaded.engine_command.as_deref(),
        Some("/usr/games/gnugo --mode gtp --level 10"),
        "10 is GNU Go's strongest"
    );
    assert_eq!((loaded.undo_limit, loaded.player_name.as_str()), (7, "Sai"));
}

/// Enter on the engine line types any command, the one in force filled
/// in; an engine whose strength is its command's has no level to step,
/// and says so in both languages; nothing typed is refused.
#[test]
fn enter_on_the_engine_line_types_any_engine_command() {
    let dir = tempfile::tempdir().unwrap();
    let file = config_file(dir.path());
    let mut front = on_the_engine_line(dir.path(), "gnugo --mode gtp");
    open_from_home(&mut front, HomeItem::Engine);
    assert_eq!(
        front.state.prompt,
        Some(Prompt::Text(
            Field::EngineCommand,
            "gnugo --mode gtp".into()
        ))
    );
    front.state.prompt = None;
    run(&mut front, Command::SetEngine("pachi -t 5".into()));
    assert_eq!(
        load(&file).config.engine_command.as_deref(),
        Some("pachi -t 5")
    );
    let screen = render(&front.state).to_string();
    assert!(screen.contains("Play pachi"), "{screen}");
    for (lang, says) in [
        (Lang::En, "pachi's strength is set in its command"),
        (Lang::Ja, "pachi の強さはコマンドで指定します"),
    ] {
        front.state.naming.lang = lang;
        let said = press(&mut front, KeyCode::Left);
        assert!(said[0].contains(says), "{said:?}");
    }
    front.state.naming.lang = Lang::En;
    run(&mut front, Command::SetEngine("   ".into()));
    let said = front.state.message.clone().expect("a reason").text;
    assert!(said.starts_with("Type the command"), "{said}");
    assert_eq!(front.state.engine.as_deref(), Some("pachi -t 5"));
}
