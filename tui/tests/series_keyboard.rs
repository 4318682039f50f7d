//! Series at the keyboard: a series started on the series screen, and the
//! last result corrected or struck out there, each saved to the disk.

mod common;

use common::Front;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{Command, HomeItem, Screen};
use kaisho_core::series::{Seat, SeriesResult};
use kaisho_saves::places::Places;
use kaisho_saves::series::{SeriesId, SeriesStore};

/// Types `text` into the open prompt and presses Enter.
fn type_in(state: &mut Front, text: &str) -> Vec<String> {
    for c in text.chars() {
        press(state, KeyCode::Char(c));
    }
    press(state, KeyCode::Enter)
}

fn stored(dir: &std::path::Path, id: &str) -> kaisho_core::series::Series {
    SeriesStore::new(&Places::under(dir))
        .load(&SeriesId::parse(id).unwrap())
        .unwrap()
}

#[test]
fn n_starts_a_series_on_the_series_screen() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Char('n'));
    let said = type_in(&mut state, "Chie, Dai; sen-ai-sen; Dai");
    assert_eq!(
        said,
        ["started series chie-dai: Chie v Dai; next: game 1, 先相先 (sen-ai-sen), Black Dai"]
    );
    let series = stored(dir.path(), "chie-dai");
    assert_eq!(series.setup().weaker, Some(Seat::Second));
    let Screen::Series(screen) = &state.screen else {
        panic!("not the series screen");
    };
    assert!(screen.open);
    in_both_languages!(&mut state);
    // A line that does not make a series says how to write one.
    press(&mut state, KeyCode::Char('n'));
    let said = type_in(&mut state, "Chie");
    assert_eq!(said.len(), 1);
    assert!(
        said[0].contains("e.g. Aki, Ben; sen-ai-sen; Aki"),
        "{said:?}"
    );
}

#[test]
fn c_corrects_the_last_result_of_the_open_series() {
    let dir = tempfile::tempdir().unwrap();
    aki_ben_series(dir.path(), &ben_wins(4));
    let mut state = home_in(dir.path());
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Enter);
    press(&mut state, KeyCode::Char('c'));
    let said = type_in(&mut state, "Aki");
    assert_eq!(
        said,
        ["series aki-ben: game 4 corrected: Aki wins (was: Ben wins)"]
    );
    let series = stored(dir.path(), "aki-ben");
    assert_eq!(
        series.games().last().unwrap().result,
        SeriesResult::Win(Seat::First)
    );
    in_both_languages!(&mut state);
    press(&mut state, KeyCode::Char('c'));
    type_in(&mut state, "strike");
    assert_eq!(stored(dir.path(), "aki-ben").games().len(), 3);
}

#[test]
fn plain_mode_starts_and_corrects_a_series() {
    let dir = tempfile::tempdir().unwrap();
    let mut state = home_in(dir.path());
    let said_new = said(run(&mut state, Command::NewSeries("Aki, Ben; even".into())));
    assert_eq!(
        said_new,
        ["started series aki-ben: Aki v Ben; next: game 1, 互先 (tagai-sen), nigiri"]
    );
    let refused = said(run(
        &mut state,
        Command::CorrectSeries {
            id: Some("aki-ben".into()),
            word: "Ben".into(),
        },
    ));
    assert_eq!(refused, ["no game of this series has been recorded yet"]);
}

/// What another copy of kaisho does meanwhile (a second terminal, or
/// `kaisho series record aki-ben --winner Ben`): reads the file, records a
/// win for Ben and writes it back.
fn ben_wins_elsewhere(dir: &std::path::Path, times: usize) {
    let store = SeriesStore::new(&Places::under(dir));
    let id = SeriesId::parse("aki-ben").unwrap();
    for _ in 0..times {
        let base = store.load(&id).unwrap();
        let mut next = base.clone();
        next.record(SeriesResult::Win(Seat::Second)).unwrap();
        store.save(&id, &base, &next).unwrap();
    }
}

/// Enter on the open series plays its next game; `r` `y` resigns it.
fn play_and_resign(state: &mut Front) -> Vec<String> {
    press(state, KeyCode::Enter);
    assert!(state.table().is_some(), "no game started");
    press(state, KeyCode::Char('r'));
    press(state, KeyCode::Char('y'))
}

/// The second club evening's repro: the series screen played "game 2" from
/// the copy it read before three results were recorded elsewhere, and
/// wrote it over the file. Now the next game is played as the file has it.
#[test]
fn results_recorded_by_another_copy_meanwhile_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    aki_ben_series(dir.path(), &[]);
    let mut state = home_in(dir.path());
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Enter);
    play_and_resign(&mut state);
    assert_eq!(stored(dir.path(), "aki-ben").games().len(), 1);

    press(&mut state, KeyCode::Char('n'));
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Enter);
    ben_wins_elsewhere(dir.path(), 3);
    press(&mut state, KeyCode::Esc);
    press(&mut state, KeyCode::Enter);
    // The screen showed game 2 next; the file holds four games now. Enter
    // shows that first (it used to start game 5 where game 2 was shown).
    let said = press(&mut state, KeyCode::Enter);
    assert!(state.table().is_none(), "no game started on a stale screen");
    assert_eq!(said, [changed_meanwhile(5)]);
    play_and_resign(&mut state);

    let series = stored(dir.path(), "aki-ben");
    assert_eq!(series.games().len(), 5, "{:?}", series.games());
    assert_eq!(series.games()[4].terms.number, 5);
}

/// Results recorded elsewhere while a series game is being played: the
/// game's result is not written over them, and the screen says why and
/// how to record it.
#[test]
fn a_result_is_never_written_over_a_series_changed_during_the_game() {
    let dir = tempfile::tempdir().unwrap();
    aki_ben_series(dir.path(), &[]);
    let mut state = home_in(dir.path());
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Enter);
    press(&mut state, KeyCode::Enter);
    ben_wins_elsewhere(dir.path(), 2);
    press(&mut state, KeyCode::Char('r'));
    let said = press(&mut state, KeyCode::Char('y'));

    let series = stored(dir.path(), "aki-ben");
    assert_eq!(series.games().len(), 2, "{:?}", series.games());
    assert!(
        said.iter()
            .any(|s| s.contains("changed by another copy of kaisho")
                && s.contains("2 games recorded now, 0 then")),
        "{said:?}"
    );
    // The result is not lost: the line gives the command that records it.
    let winner = session(&state)
        .game
        .outcome()
        .and_then(|o| o.winner())
        .unwrap();
    let name = ["Aki", "Ben"][winner.index()];
    let later = format!("record it with `kaisho series record aki-ben --winner {name}`");
    assert!(said.iter().any(|s| s.contains(&later)), "{said:?}");
}

/// With no series yet, the screen says how to start one, in full at 80
/// columns, with the option the command really takes (`--weaker`).
#[test]
fn the_empty_series_screen_shows_the_whole_command() {
    for lang in [kaisho::words::Lang::En, kaisho::words::Lang::Ja] {
        let dir = tempfile::tempdir().unwrap();
        let mut state = home_in(dir.path());
        state.naming.lang = lang;
        open_from_home(&mut state, HomeItem::Series);
        let screen: Vec<String> = render(&state)
            .buffer()
            .content()
            .chunks(80)
            .map(|row| row.iter().map(|c| c.symbol()).collect())
            .collect();
        let text = screen.join("\n");
        assert!(
            text.contains("kaisho series new --players Aki,Ben --step sen-ai-sen --weaker Aki"),
            "{text}"
        );
        assert_fits_80(&state);
    }
}

/// The lead counts its games in words: one game, two games.
#[test]
fn the_lead_counts_one_game_and_more_games_in_words() {
    for (games, said) in [
        (1, "in 1 game at this step"),
        (2, "in 2 games at this step"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        aki_ben_series(dir.path(), &ben_wins(games));
        let mut state = home_in(dir.path());
        open_from_home(&mut state, HomeItem::Series);
        press(&mut state, KeyCode::Enter);
        let screen = format!("{}", render(&state));
        assert!(screen.contains(said), "{screen}");
    }
}

/// What the series screen says when it finds series aki-ben changed since
/// it read it, game `number` next.
fn changed_meanwhile(number: u32) -> String {
    format!(
        "series aki-ben was changed by another copy of kaisho since this screen read it; it shows it as it is now (game {number} next): look, then press the key again"
    )
}

/// The games the open series screen shows.
fn games_shown(state: &Front) -> usize {
    let Screen::Series(screen) = &state.screen else {
        panic!("not the series screen");
    };
    screen
        .chosen()
        .map(|(_, series)| series.games().len())
        .unwrap()
}

/// The third club evening's repro: Ben's screen showed 3 games while game
/// 4 was recorded by `kaisho join --series`; `J` on the stale screen made
/// an offer from 3 games, which the host read as game 4 struck out. Now
/// `J` reads the series first: the screen shows 4 games and says so, and
/// the next `J` joins game 5 with the record of all four.
#[test]
fn j_on_a_stale_series_screen_reads_the_series_again_first() {
    for key in ['J', 'H'] {
        let dir = tempfile::tempdir().unwrap();
        aki_ben_series(dir.path(), &ben_wins(3));
        let mut state = home_in(dir.path());
        state.config.player_name = "Ben".into();
        open_from_home(&mut state, HomeItem::Series);
        press(&mut state, KeyCode::Enter);
        assert_eq!(games_shown(&state), 3);
        ben_wins_elsewhere(dir.path(), 1);
        let said = press(&mut state, KeyCode::Char(key));
        assert_eq!(said, [changed_meanwhile(5)], "{key}");
        assert_eq!(games_shown(&state), 4, "{key}");
        assert!(state.pending.is_none() && state.prompt.is_none(), "{key}");
        press(&mut state, KeyCode::Char(key));
        let offered = match (&state.pending, &state.screen) {
            (Some(kaisho::app::Pending::JoinSeries(pair)), _) => pair.0.clone(),
            (_, Screen::HostForm(form)) => form.series.as_ref().expect("a series game").0.clone(),
            other => panic!("{key}: neither joining nor hosting: {other:?}"),
        };
        let now = stored(dir.path(), "aki-ben");
        assert_eq!(offered.number, 5, "{key}");
        let expected = kaisho::app::SeriesTerms::of_player(
            &SeriesId::parse("aki-ben").unwrap(),
            &now,
            "Ben",
            key == 'H',
        )
        .unwrap();
        assert_eq!(
            offered.record, expected.record,
            "{key}: the record of all four"
        );
    }
}

/// `c` on a stale screen corrects nothing it did not show: the series is
/// read first, the screen shows the result recorded meanwhile, and only the
/// next `c` corrects it.
#[test]
fn c_on_a_stale_series_screen_reads_the_series_again_first() {
    let dir = tempfile::tempdir().unwrap();
    aki_ben_series(dir.path(), &ben_wins(2));
    let mut state = home_in(dir.path());
    open_from_home(&mut state, HomeItem::Series);
    press(&mut state, KeyCode::Enter);
    ben_wins_elsewhere(dir.path(), 1);
    press(&mut state, KeyCode::Char('c'));
    let said = type_in(&mut state, "strike");
    assert_eq!(said, [changed_meanwhile(4)]);
    assert_eq!(
        stored(dir.path(), "aki-ben").games().len(),
        3,
        "nothing struck"
    );
    press(&mut state, KeyCode::Char('c'));
    type_in(&mut state, "strike");
    assert_eq!(stored(dir.path(), "aki-ben").games().len(), 2);
}
