//! Watching (観戦) on the screen, through the update and an offline shell
//! that hands the network requests back (the tests play the network
//! task's part): the host's choice and the watch code in the lobby, the
//! watcher list and `W` on the players' screen, the Watch prompt with the
//! games open to watchers, the Watch screen following a game with its
//! talk, and a dropped watch with `r` to watch again; snapshots at 80×24.

mod common;

use common::*;
use crossterm::event::KeyCode;
use kaisho::app::{
    Again, Cmd, Follow, HomeItem, Job, Msg, NetNews, NetRequest, Plan, Prompt, SETTINGS_ITEMS,
    Screen, SettingsItem, Talk, WatchDoor, Watched,
};
use kaisho::words::{Lang, WatchSay, naming_for, net_refusal, watch_say};
use kaisho_core::clock::TimeControl;
use kaisho_core::{BoardSize, Color, Event, Game, Komi, Settings};
use kaisho_net::discovery::{Announcement, Discovery, MemoryLan};
use kaisho_net::{Dropped, NetError, TimeW};
use kaisho_saves::sgf::KibitzLine;
use std::time::Duration;

const WATCH_CODE: &str = "192.168.1.20:7879 wren-5210-moss";

fn news(front: &mut Front, news: NetNews) -> Vec<Cmd> {
    update(front, Msg::Net(news))
}

/// The requests the update made of the network task.
fn requests(cmds: &[Cmd]) -> Vec<NetRequest> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::Net(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// Presses a key and returns the requests it made.
fn press_for(front: &mut Front, code: KeyCode) -> Vec<NetRequest> {
    requests(&update(front, key(code)))
}

/// Types `text` and Enter into the open prompt; the requests made.
fn type_in(front: &mut Front, text: &str) -> Vec<NetRequest> {
    for c in text.chars() {
        press(front, KeyCode::Char(c));
    }
    press_for(front, KeyCode::Enter)
}

fn nine_by_nine() -> Game {
    let settings = Settings::handicap(BoardSize::new(9).unwrap(), 0, Komi::MODERN).unwrap();
    Game::new(settings).unwrap()
}

/// Three moves on the 9×9 board.
fn three_moves() -> Vec<Event> {
    [
        (Color::Black, "E5"),
        (Color::White, "C4"),
        (Color::Black, "F3"),
    ]
    .into_iter()
    .map(|(color, name)| Event::Play {
        color,
        point: gtp(name, 9),
    })
    .collect()
}

/// A 9×9 game hosted from the host's form with its defaults (watching on
/// for 16, from the settings), the lobby showing both codes.
fn hosting(dir: &std::path::Path) -> (Front, Vec<NetRequest>) {
    hosting_on(home_in(dir))
}

/// [`hosting`] from the home screen of `front`.
fn hosting_on(mut front: Front) -> (Front, Vec<NetRequest>) {
    keys(&mut front, "jl");
    open_from_home(&mut front, HomeItem::HostLan);
    let sent = press_for(&mut front, KeyCode::Enter);
    news(&mut front, NetNews::WatchCode(WATCH_CODE.into()));
    news(
        &mut front,
        NetNews::Listening {
            code: "192.168.1.20:7878 tide-4821-oak".into(),
        },
    );
    (front, sent)
}

/// The host's game begun, three moves in, with `names` watching.
fn players_game(dir: &std::path::Path, names: &[&str]) -> Front {
    let mut game = nine_by_nine();
    apply_all(&mut game, &three_moves());
    hosts_game(dir, &game, names)
}

/// The host's game begun at `game`, with `names` watching.
fn hosts_game(dir: &std::path::Path, game: &Game, names: &[&str]) -> Front {
    let (mut front, _) = hosting(dir);
    news(
        &mut front,
        started_news(game, Color::Black, "20261124-2100-1"),
    );
    news(
        &mut front,
        NetNews::Watchers {
            names: names.iter().map(ToString::to_string).collect(),
            open: true,
        },
    );
    front
}

fn door(front: &Front) -> WatchDoor {
    session(front)
        .net
        .as_ref()
        .and_then(|n| n.watch.clone())
        .expect("the players' seat has watching")
}

#[test]
fn hosting_offers_the_watchers_of_the_settings_and_the_form_can_turn_them_off() {
    let dir = tempfile::tempdir().unwrap();
    let (front, sent) = hosting(dir.path());
    let Some(NetRequest::Start {
        plan: Plan::Host { watchers, .. },
        ..
    }) = sent.first()
    else {
        panic!("hosting starts the network task: {sent:?}");
    };
    assert_eq!(*watchers, Some(16));
    let Screen::Lobby(lobby) = &front.screen else {
        panic!("the lobby shows");
    };
    assert_eq!(lobby.watch_code.as_deref(), Some(WATCH_CODE));
    assert_eq!(
        lobby.code.as_deref(),
        Some("192.168.1.20:7878 tide-4821-oak")
    );
    // Off in the settings: the form starts with it off; on the form, the
    // choice is turned on again with the settings' cap.
    let mut front = home_in(dir.path());
    front.config.watchers = false;
    front.config.max_watchers = 4;
    open_from_home(&mut front, HomeItem::HostLan);
    let sent = press_for(&mut front, KeyCode::Enter);
    assert!(matches!(
        sent.first(),
        Some(NetRequest::Start {
            plan: Plan::Host { watchers: None, .. },
            ..
        })
    ));
    let mut front = home_in(dir.path());
    front.config.watchers = false;
    front.config.max_watchers = 4;
    open_from_home(&mut front, HomeItem::HostLan);
    // From Start, the watchers' line is four up.
    for _ in 0..4 {
        press(&mut front, KeyCode::Up);
    }
    press(&mut front, KeyCode::Right);
    for _ in 0..4 {
        press(&mut front, KeyCode::Down);
    }
    let sent = press_for(&mut front, KeyCode::Enter);
    assert!(matches!(
        sent.first(),
        Some(NetRequest::Start {
            plan: Plan::Host {
                watchers: Some(4),
                ..
            },
            ..
        })
    ));
}

#[test]
fn lobby_with_the_watch_code() {
    let dir = tempfile::tempdir().unwrap();
    let (mut front, _) = hosting(dir.path());
    in_both_languages!(&mut front);
}

#[test]
fn players_game_with_a_watcher_list() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = players_game(dir.path(), &["Chie", "Dai"]);
    let door = door(&front);
    assert_eq!(door.code, WATCH_CODE, "the watch code, never the join code");
    assert_eq!(door.names, ["Chie", "Dai"]);
    assert!(door.open);
    in_both_languages!(&mut front);
}

#[test]
fn w_closes_watching_and_the_screen_says_so_once_the_task_has() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = players_game(dir.path(), &["Chie"]);
    // One key never drops every watcher: W asks first, and n keeps them.
    assert!(press_for(&mut front, KeyCode::Char('W')).is_empty());
    assert_eq!(
        front.prompt,
        Some(kaisho::app::Prompt::Confirm(
            kaisho::app::Ask::CloseWatching
        ))
    );
    assert!(press_for(&mut front, KeyCode::Char('n')).is_empty());
    assert!(door(&front).open);
    press_for(&mut front, KeyCode::Char('W'));
    assert_eq!(
        press_for(&mut front, KeyCode::Char('y')),
        [NetRequest::CloseWatching]
    );
    let cmds = news(
        &mut front,
        NetNews::Watchers {
            names: Vec::new(),
            open: false,
        },
    );
    assert!(requests(&cmds).is_empty());
    let door = door(&front);
    assert!(!door.open);
    assert!(door.names.is_empty());
    assert_eq!(
        front.message.as_ref().map(|m| m.text.clone()),
        Some(watch_say(Lang::En, WatchSay::ClosedNote))
    );
    assert!(
        press_for(&mut front, KeyCode::Char('W')).is_empty(),
        "closed once, nothing more to close"
    );
    assert_eq!(front.prompt, None, "no question about nothing");
    // A local game has no watchers: W does nothing there.
    let mut local = new_game(9);
    assert!(press_for(&mut local, KeyCode::Char('W')).is_empty());
}

/// What another member of `lan` sees announced now.
async fn seen(lan: &MemoryLan) -> Vec<Announcement> {
    let mut browse = lan.member().browse().unwrap();
    while let Ok(Some(_)) = tokio::time::timeout(Duration::from_millis(50), browse.next()).await {}
    browse.games().iter().map(|g| g.game.clone()).collect()
}

#[tokio::test]
async fn a_game_open_to_watchers_stays_announced_until_the_players_close_watching() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut front = home_in(dir.path());
    front.shell = kaisho::shell::Shell::offline().with_discovery(Box::new(lan.member()));
    let (mut front, _) = hosting_on(front);
    let games = seen(&lan).await;
    assert_eq!(games.len(), 1);
    assert!(games[0].seat_free && games[0].watching);
    assert_eq!(
        (games[0].port, games[0].watch_port),
        (7878, Some(7879)),
        "the players' port and the watchers' own, from the watch code"
    );
    news(
        &mut front,
        started_news(&nine_by_nine(), Color::Black, "g1"),
    );
    let games = seen(&lan).await;
    assert_eq!(games.len(), 1, "still announced, for watchers");
    assert!(!games[0].seat_free && games[0].watching);
    news(
        &mut front,
        NetNews::Watchers {
            names: Vec::new(),
            open: false,
        },
    );
    let games = seen(&lan).await;
    assert_eq!(games.len(), 1);
    assert!(
        !games[0].watching,
        "watching allowed goes false once closed"
    );
}

/// A game adjourned and resumed from Saved games (the report: the Watch
/// screen and `join --list` found nothing): once the partner is back it is
/// announced for watchers, never as a seat to take, and not before.
#[tokio::test]
async fn a_resumed_game_is_announced_for_watchers_once_the_partner_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut front = home_in(dir.path());
    front.shell = kaisho::shell::Shell::offline().with_discovery(Box::new(lan.member()));
    front.screen = Screen::Lobby(Box::default());
    let terms = kaisho_net::Terms {
        game_id: "g1".into(),
        size: 9,
        komi_halves: 13,
        handicap: 0,
        time: TimeW::None,
        colors: kaisho_net::Colors::HostBlack,
        series: None,
    };
    news(&mut front, NetNews::Resuming { terms, port: 7878 });
    news(
        &mut front,
        NetNews::WatchCode("192.168.1.20:7879 tide-4821-oak".into()),
    );
    assert!(
        seen(&lan).await.is_empty(),
        "not announced while the host waits for its partner"
    );
    let mut started = started_news(&nine_by_nine(), Color::Black, "g1");
    if let NetNews::Started(s) = &mut started {
        s.resumed = true;
    }
    news(&mut front, started);
    let games = seen(&lan).await;
    assert_eq!(games.len(), 1, "announced for watchers: {games:?}");
    let game = &games[0];
    assert!(!game.seat_free && game.watching);
    assert_eq!((game.size, game.komi_halves), (9, 13));
    assert_eq!((game.port, game.watch_port), (7878, Some(7879)));
}

fn announced(name: &str, port: u16, watching: bool) -> Announcement {
    let mut game = Announcement::new(name, 9, 13, 0, TimeW::None, port);
    game.seat_free = false;
    game.watching = watching;
    game.watch_port = watching.then_some(port + 1);
    game
}

/// The Watch prompt on `lan`, with what it found.
async fn watch_prompt(lan: &MemoryLan, dir: &std::path::Path) -> Front {
    let mut front = home_in(dir);
    front.shell = kaisho::shell::Shell::offline().with_discovery(Box::new(lan.member()));
    open_from_home(&mut front, HomeItem::WatchLan);
    while let Ok(change) =
        tokio::time::timeout(Duration::from_millis(50), front.shell.found()).await
    {
        update(&mut front, Msg::Found(kaisho::app::Found::Change(change)));
    }
    front
}

#[tokio::test]
async fn the_watch_prompt_lists_only_games_open_to_watchers_and_choosing_fills_the_address() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut aki = lan.member();
    aki.announce(&announced("Aki", 7878, true)).unwrap();
    let mut ben = lan.member();
    ben.announce(&announced("Ben", 7979, false)).unwrap();
    let mut front = watch_prompt(&lan, dir.path()).await;
    let Screen::Join(join) = &front.screen else {
        panic!("the Watch prompt shows");
    };
    assert!(join.watching);
    let listed: Vec<_> = join.listed().iter().map(|g| g.game.name.clone()).collect();
    assert_eq!(listed, ["Aki"], "only the game open to watchers");
    press(&mut front, KeyCode::Down);
    assert_eq!(
        front.prompt,
        Some(Prompt::Text(
            kaisho::app::Field::WatchCode,
            "127.0.0.1:7879 ".into()
        ))
    );
    let sent = type_in(&mut front, "wren-5210-moss");
    assert_eq!(
        sent,
        [NetRequest::Watch {
            code: "127.0.0.1:7879 wren-5210-moss".into(),
            name: front.config.player_name.clone(),
        }]
    );
    let Screen::Watch(watch) = &front.screen else {
        panic!("the Watch screen shows");
    };
    assert_eq!(watch.follow, Follow::Dialling);
    assert!(
        !front.discovering.browsing,
        "the browse stops with the prompt"
    );
}

#[tokio::test]
async fn watch_prompt_with_a_discovered_game() {
    let dir = tempfile::tempdir().unwrap();
    let lan = MemoryLan::new();
    let mut aki = lan.member();
    aki.announce(&announced("Aki", 7878, true)).unwrap();
    let mut front = watch_prompt(&lan, dir.path()).await;
    press(&mut front, KeyCode::Down);
    in_both_languages!(&mut front);
}

/// The Watch screen dialled at the watch code, the game of `events`
/// followed, with talk and clocks.
fn watching(dir: &std::path::Path) -> Front {
    let mut front = home_in(dir);
    open_from_home(&mut front, HomeItem::WatchLan);
    type_in(&mut front, WATCH_CODE);
    let game = nine_by_nine();
    news(
        &mut front,
        NetNews::Watching(Box::new(Watched {
            settings: game.settings().clone(),
            time: TimeControl::Byoyomi {
                main_ms: 600_000,
                periods: 3,
                period_ms: 30_000,
            },
            names: ["Aki".into(), "Ben".into()],
            game_id: "20261124-2100-1".into(),
        })),
    );
    let mut mirror = game;
    for event in three_moves() {
        mirror.apply(event.clone()).unwrap();
        let hash = mirror.state_hash();
        news(&mut front, NetNews::Remote { event, hash });
    }
    black_reports(&mut front, 505_000, 3);
    news(
        &mut front,
        NetNews::Said {
            color: Color::White,
            text: "onegaishimasu".into(),
        },
    );
    news(
        &mut front,
        NetNews::Kibitz {
            name: "Chie".into(),
            text: "F3 is thin".into(),
        },
    );
    front
}

/// Black's report of its clock after its move.
fn black_reports(front: &mut Front, main_left_ms: u64, periods_left: u32) {
    news(
        front,
        NetNews::Clocked {
            color: Color::Black,
            main_left_ms,
            periods_left,
        },
    );
}

fn watch_screen(front: &Front) -> &kaisho::app::WatchScreen {
    match &front.screen {
        Screen::Watch(watch) => watch,
        _ => panic!("the Watch screen shows"),
    }
}

/// A watcher who stays after the game follows the players' review
/// together: their record, then each step they take, in their order; the
/// screen shows the review with its comments, and kibitz still goes out.
#[test]
fn a_watcher_follows_the_players_review_together() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = watching(dir.path());
    let record = "(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[gg])";
    news(
        &mut front,
        NetNews::ReviewBegins {
            game_id: "20261124-2100-1".into(),
            partner: String::new(),
            text: Some(record.into()),
        },
    );
    let at = |indices: Vec<usize>| kaisho_saves::sgf::NodePath::from_indices(indices);
    news(
        &mut front,
        NetNews::ReviewStep(kaisho_net::ReviewStep::Show(at(vec![0, 0]))),
    );
    news(
        &mut front,
        NetNews::ReviewStep(kaisho_net::ReviewStep::Edit(
            kaisho_saves::sgf::TreeEdit::Comment {
                at: at(vec![0, 0]),
                text: "Ben: C7 was early".into(),
            },
        )),
    );
    let review = watch_screen(&front)
        .review
        .as_ref()
        .expect("the review followed");
    assert_eq!(review.at, 2);
    assert_eq!(review.comment().as_deref(), Some("Ben: C7 was early"));
    let screen = format!("{:?}", render(&front).buffer());
    assert!(screen.contains("C7 was early"), "{screen}");
    // Kibitz goes on.
    press(&mut front, KeyCode::Char('c'));
    let sent = type_in(&mut front, "nice");
    assert_eq!(sent, [NetRequest::Chat("nice".into())]);
}

/// A watcher coming in while White has been thinking for 4 s reads
/// White's clock 4 s down, as the players do, and it runs on from there
/// (it ran from the watcher's arrival, 4 s behind the players').
#[test]
fn a_watcher_coming_in_mid_turn_reads_the_turn_already_running() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = watching(dir.path());
    news(&mut front, NetNews::Turn { used_ms: 4_000 });
    let read = |front: &Front| {
        let face = watch_screen(front).face().unwrap();
        kaisho::words::dial(Lang::En, face.dial(Color::White), false)
    };
    assert_eq!(read(&front), "9:56 +3×30s");
    update(&mut front, Msg::Tick);
    assert_eq!(read(&front), "9:55 +3×30s");
}

/// A player's connection drops (the report: the watcher's clock read 1:16
/// against the players' 1:41 after the rejoin): while the host waits, the
/// watcher's clock stands where the players' game resumes from and the
/// screen says why; when the partner is back the host's turn time sets it
/// running again from there.
#[test]
fn a_watchers_clock_stands_while_a_player_is_away_and_runs_on_their_return() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = watching(dir.path());
    let read = |front: &Front| {
        let face = watch_screen(front).face().unwrap();
        kaisho::words::dial(Lang::En, face.dial(Color::White), false)
    };
    update(&mut front, Msg::Tick);
    assert_eq!(read(&front), "9:59 +3×30s");
    let said = common::said(news(&mut front, NetNews::PlayerAway));
    assert_eq!(
        said,
        [
            "a player's connection dropped: the clocks stand while the host waits for them to come back"
        ]
    );
    // The turn's time before the drop is not charged: a resumed game
    // books both clocks as they stood after the last move.
    for _ in 0..25 {
        update(&mut front, Msg::Tick);
    }
    assert_eq!(read(&front), "10:00 +3×30s", "the clock stood");
    assert!(!front.ticks_visibly());
    let said = common::said(news(&mut front, NetNews::Turn { used_ms: 1_000 }));
    assert_eq!(said, ["the player is back: the game goes on"]);
    assert_eq!(read(&front), "9:59 +3×30s");
    update(&mut front, Msg::Tick);
    assert_eq!(read(&front), "9:58 +3×30s");
}

/// The host adjourns (the report: "the host closed the connection:" with
/// nothing after the colon, then `r` dialled a host that was gone): the
/// watcher is told the game was adjourned and how to find it once it is
/// resumed, and `r` dials nothing.
#[test]
fn a_watcher_is_told_the_game_was_adjourned_and_how_to_watch_it_when_resumed() {
    for lang in [Lang::En, Lang::Ja] {
        let dir = tempfile::tempdir().unwrap();
        let mut front = watching(dir.path());
        front.naming.lang = lang;
        let why = kaisho::words::watch_line(lang, kaisho::words::WatchLine::Adjourned);
        news(
            &mut front,
            NetNews::WatchEnded {
                why: why.clone(),
                again: Again::WhenResumed,
            },
        );
        let hint = watch_say(lang, WatchSay::WhenResumed);
        let screen = render(&front)
            .buffer()
            .content()
            .iter()
            .map(|c| c.symbol())
            .collect::<String>();
        let squeezed = |text: &str| text.replace(' ', "");
        let first = why.split_whitespace().take(3).collect::<String>();
        assert!(squeezed(&screen).contains(&first), "{lang:?}: {screen}");
        assert!(!screen.contains("Press r"), "{lang:?}: {screen}");
        let said = press(&mut front, KeyCode::Char('r'));
        assert_eq!(said, [hint], "{lang:?}");
        assert!(press_for(&mut front, KeyCode::Char('r')).is_empty());
    }
    assert!(
        kaisho::words::watch_line(Lang::En, kaisho::words::WatchLine::Adjourned)
            .contains("adjourned")
    );
}

#[test]
fn the_watch_screen_follows_the_game_and_no_key_but_talk_reaches_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = watching(dir.path());
    let watch = watch_screen(&front);
    assert_eq!(watch.follow, Follow::Following);
    let game = watch.game.as_ref().unwrap();
    assert_eq!(game.events(), three_moves());
    assert_eq!(watch.clocks[Color::Black.index()], Some((505_000, 3)));
    // White's clock runs between the reports, Black's stands.
    assert!(front.ticks_visibly());
    for _ in 0..3 {
        update(&mut front, Msg::Tick);
    }
    let face = watch_screen(&front).face().unwrap();
    let read = |color| kaisho::words::dial(Lang::En, face.dial(color), false);
    assert_eq!(read(Color::White), "9:57 +3×30s");
    assert_eq!(read(Color::Black), "8:25 +3×30s");
    // Main time gone with two periods left, as Black reports it.
    black_reports(&mut front, 0, 2);
    let face = watch_screen(&front).face().unwrap();
    let black = kaisho::words::dial(Lang::En, face.dial(Color::Black), false);
    assert_eq!(black, "byo-yomi 2×30s 0:30");
    // The game's keys do nothing here: no move, no request.
    for code in [
        KeyCode::Enter,
        KeyCode::Char(' '),
        KeyCode::Char('p'),
        KeyCode::Char(':'),
        KeyCode::Char('u'),
        KeyCode::Left,
        KeyCode::Char('W'),
    ] {
        assert!(press_for(&mut front, code).is_empty(), "{code:?}");
        assert!(front.prompt.is_none(), "{code:?} opened {:?}", front.prompt);
    }
    assert_eq!(
        watch_screen(&front).game.as_ref().unwrap().events(),
        three_moves()
    );
    // c types a kibitz line, sent to the watchers and kept in the panel.
    press(&mut front, KeyCode::Char('c'));
    let sent = type_in(&mut front, "thick enough");
    assert_eq!(sent, [NetRequest::Chat("thick enough".into())]);
    let me = front.config.player_name.clone();
    assert_eq!(
        watch_screen(&front).talk.last(),
        Some(&Talk::Kibitz {
            name: me,
            text: "thick enough".into()
        })
    );
    // An event the mirror disagrees with drops the watch and leaves.
    let wrong = news(
        &mut front,
        NetNews::Remote {
            event: Event::Pass {
                color: Color::White,
            },
            hash: 1,
        },
    );
    assert_eq!(requests(&wrong), [NetRequest::Leave]);
    assert!(matches!(
        watch_screen(&front).follow,
        Follow::Dropped {
            again: Again::Dial,
            ..
        }
    ));
}

#[test]
fn watch_screen_mid_game_with_kibitz() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = watching(dir.path());
    press(&mut front, KeyCode::Char('c'));
    type_in(&mut front, "thick enough");
    in_both_languages!(&mut front);
}

#[test]
fn esc_leaves_the_watch_for_home() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = watching(dir.path());
    assert_eq!(press_for(&mut front, KeyCode::Esc), [NetRequest::Leave]);
    assert!(matches!(front.screen, Screen::Home));
}

/// The Watch screen after the watch was dropped for `how`, in `lang`.
fn dropped_for(dir: &std::path::Path, lang: Lang, how: Dropped) -> Front {
    let mut front = watching(dir);
    front.naming.lang = lang;
    let why = net_refusal(&NetError::Dropped(how), naming_for(lang), 9);
    let again = match how {
        Dropped::PlayersClosed => Again::Never,
        _ => Again::Dial,
    };
    news(&mut front, NetNews::WatchEnded { why, again });
    front
}

/// The Watch screen after the players closed watching, in `lang`.
fn dropped(dir: &std::path::Path, lang: Lang) -> Front {
    dropped_for(dir, lang, Dropped::PlayersClosed)
}

/// Closed by the players, the watch cannot be had again: the screen says
/// so instead of offering `r`, and `r` dials nothing.
#[test]
fn a_watch_the_players_closed_is_not_offered_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = dropped(dir.path(), Lang::En);
    assert_eq!(
        watch_screen(&front).follow,
        Follow::Dropped {
            why: "the players closed watching".into(),
            again: Again::Never
        }
    );
    let screen = format!("{:?}", render(&front).buffer());
    assert!(!screen.contains("Press r to watch again"), "{screen}");
    assert!(
        screen.contains("This game cannot be watched again."),
        "{screen}"
    );
    let said = press(&mut front, KeyCode::Char('r'));
    assert_eq!(said, ["This game cannot be watched again. Esc goes home."]);
    assert!(press_for(&mut front, KeyCode::Char('r')).is_empty());
}

#[test]
fn a_watcher_dropped_for_falling_behind_says_why_and_r_watches_again_from_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = dropped_for(dir.path(), Lang::En, Dropped::Behind);
    assert!(matches!(
        watch_screen(&front).follow,
        Follow::Dropped {
            again: Again::Dial,
            ..
        }
    ));
    // Nothing to say to a watch that has ended.
    press(&mut front, KeyCode::Char('c'));
    assert!(type_in(&mut front, "hello?").is_empty());
    let sent = press_for(&mut front, KeyCode::Char('r'));
    assert_eq!(
        sent,
        [NetRequest::Watch {
            code: WATCH_CODE.into(),
            name: front.config.player_name.clone(),
        }]
    );
    assert_eq!(watch_screen(&front).follow, Follow::Dialling);
    // Esc after a drop has no task left to tell.
    let mut gone = dropped(dir.path(), Lang::En);
    assert!(press_for(&mut gone, KeyCode::Esc).is_empty());
    assert!(matches!(gone.screen, Screen::Home));
}

#[test]
fn watch_screen_after_being_dropped() {
    let dir = tempfile::tempdir().unwrap();
    for lang in Lang::ALL {
        let front = dropped(dir.path(), lang);
        assert_fits_80(&front);
        let name = match lang {
            Lang::En => "watch_screen_after_being_dropped",
            Lang::Ja => "watch_screen_after_being_dropped@ja",
        };
        insta::assert_snapshot!(name, render(&front));
    }
}

#[test]
fn the_kibitz_held_till_the_end_reaches_the_chat_pane_and_the_export_job() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = players_game(dir.path(), &["Chie"]);
    let line = KibitzLine {
        after_event: 2,
        name: "Chie".into(),
        text: "C4 is slow".into(),
    };
    news(&mut front, NetNews::KibitzHeld(vec![line.clone()]));
    let chat = &session(&front).net.as_ref().unwrap().chat;
    assert!(
        chat.contains(&"kibitz from Chie: C4 is slow".to_string()),
        "{chat:?}"
    );
    // The event that ends the game follows; its export carries the lines.
    let mut game = session(&front).game.clone();
    let resign = Event::Resign {
        color: Color::White,
    };
    game.apply(resign.clone()).unwrap();
    let remote = NetNews::Remote {
        event: resign,
        hash: game.state_hash(),
    };
    let cmds = kaisho::app::update(&mut front.state, Msg::Net(remote));
    let exported = cmds.iter().find_map(|c| match c {
        Cmd::Disk(Job::Export { kibitz, .. }, _) => Some(kibitz.clone()),
        _ => None,
    });
    assert_eq!(exported, Some(vec![line]));
}

/// Selects a settings item and presses `keys` on it.
fn on_setting(front: &mut Front, item: SettingsItem, keys: &[KeyCode]) {
    let Screen::Settings(form) = &mut front.screen else {
        panic!("the settings screen shows");
    };
    form.selected = SETTINGS_ITEMS.iter().position(|&i| i == item).unwrap();
    for &code in keys {
        press(front, code);
    }
}

#[test]
fn the_settings_turn_watching_off_and_change_its_cap_within_1_to_64() {
    let dir = tempfile::tempdir().unwrap();
    let mut front = home_in(dir.path());
    open_from_home(&mut front, HomeItem::Settings);
    on_setting(&mut front, SettingsItem::Watchers, &[KeyCode::Right]);
    on_setting(
        &mut front,
        SettingsItem::MaxWatchers,
        &[KeyCode::Left, KeyCode::Left],
    );
    press(&mut front, KeyCode::Char('s'));
    assert!(!front.config.watchers);
    assert_eq!(front.config.max_watchers, 14);
    let saved = std::fs::read_to_string(front.places.clone().unwrap().config_file()).unwrap();
    assert!(
        saved.contains("watchers = false\nmax_watchers = 14"),
        "{saved}"
    );
    let back = home_in(dir.path());
    assert_eq!(
        (back.config.watchers, back.config.max_watchers),
        (false, 14)
    );
    // The cap stays within 1 to 64 however often it is pressed.
    open_from_home(&mut front, HomeItem::Settings);
    on_setting(&mut front, SettingsItem::MaxWatchers, &[KeyCode::Left; 20]);
    let Screen::Settings(form) = &front.screen else {
        unreachable!()
    };
    assert_eq!(form.config.max_watchers, 1);
    on_setting(&mut front, SettingsItem::MaxWatchers, &[KeyCode::Right; 70]);
    let Screen::Settings(form) = &front.screen else {
        unreachable!()
    };
    assert_eq!(form.config.max_watchers, 64);
}

/// The key hints at the foot of the screen.
fn hint_row(front: &Front) -> String {
    screen_text(front)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn r_is_offered_only_when_the_game_can_be_watched_again() {
    let dir = tempfile::tempdir().unwrap();
    let following = watching(dir.path());
    assert!(
        !hint_row(&following).contains("watch again"),
        "{}",
        hint_row(&following)
    );
    let closed = dropped(dir.path(), Lang::En);
    assert!(
        !hint_row(&closed).contains("watch again"),
        "{}",
        hint_row(&closed)
    );
    let behind = dropped_for(dir.path(), Lang::En, Dropped::Behind);
    assert!(
        hint_row(&behind).contains("r watch again"),
        "{}",
        hint_row(&behind)
    );
}

/// The host's game of `size`, two moves and both passes in, with Chie and
/// Dai watching; with `agreed`, the empty proposal accepted, so the game
/// has ended on its count with Chie's kibitz given at the end.
fn hosts_count(dir: &std::path::Path, size: u8, lang: Lang, agreed: bool) -> Front {
    let board = BoardSize::new(size.into()).unwrap();
    let mut game = Game::new(Settings::handicap(board, 0, Komi::MODERN).unwrap()).unwrap();
    let play = |color, name| Event::Play {
        color,
        point: gtp(name, size),
    };
    apply_all(
        &mut game,
        &[
            play(Color::Black, "E5"),
            play(Color::White, "C4"),
            Event::Pass {
                color: Color::Black,
            },
            Event::Pass {
                color: Color::White,
            },
        ],
    );
    let mut front = hosts_game(dir, &game, &["Chie", "Dai"]);
    front.naming.lang = lang;
    for _ in 0..5 {
        update(&mut front, Msg::Read);
    }
    if agreed {
        let line = KibitzLine {
            after_event: 2,
            name: "Chie".into(),
            text: "C4 is slow".into(),
        };
        news(&mut front, NetNews::KibitzHeld(vec![line]));
        let proposal = Event::Propose {
            by: Color::White,
            dead: Vec::new(),
        };
        game.apply(proposal.clone()).unwrap();
        let hash = game.state_hash();
        news(
            &mut front,
            NetNews::Remote {
                event: proposal,
                hash,
            },
        );
        let accept = Event::Accept {
            by: Color::Black,
            proposal: 0,
        };
        game.apply(accept.clone()).unwrap();
        let hash = game.state_hash();
        news(
            &mut front,
            NetNews::Sent {
                event: accept,
                hash,
            },
        );
        assert!(session(&front).game.outcome().is_some(), "the game ended");
        // Where the record went, as a saved export says it (this game has
        // no log to export from).
        let Screen::Game(table) = &mut front.screen else {
            panic!("the game shows");
        };
        let saved = dir.join("data/games/20261124-2100-1.sgf");
        let said = kaisho::words::note(
            lang,
            kaisho::words::Note::SgfSaved(&saved.display().to_string()),
        );
        table.after = vec![said];
    }
    front
}

/// The rows of the screen at 80×24, without spaces (a wide character's
/// second cell draws as one).
fn rows_at_80x24(front: &Front) -> String {
    render_at(front, 80, 24)
        .buffer()
        .content()
        .chunks(80)
        .map(|row| row.iter().map(|c| c.symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
        .replace(' ', "")
}

/// The legend of the count's marks, as the panel draws it.
fn legend_in(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "xodead▪▫territory",
        Lang::Ja => "xo死に石▪▫地",
    }
}

/// The host's ending at 80×24 with watchers (the report: the legend was
/// cut, and on 19×19 the count's total too): the count, its legend and who
/// watches all show, on every board size, in both languages.
#[test]
fn the_hosts_ending_panel_at_80x24_with_watchers_keeps_the_count_and_its_legend() {
    for size in [9, 13, 19] {
        for lang in [Lang::En, Lang::Ja] {
            let dir = tempfile::tempdir().unwrap();
            let front = hosts_count(dir.path(), size, lang, false);
            let screen = rows_at_80x24(&front);
            let total = if lang == Lang::En { "total" } else { "計" };
            for wanted in [legend_in(lang), total, "Chie,Dai"] {
                assert!(
                    screen.contains(wanted),
                    "{size} {lang:?}: {wanted}\n{screen}"
                );
            }
        }
    }
}

/// The host's result at 80×24 with watchers (the report: no legend, and
/// none of the kibitz the joiner sees): the legend and Chie's line show.
#[test]
fn the_hosts_result_panel_at_80x24_with_watchers_shows_the_legend_and_the_kibitz() {
    for size in [9, 13, 19] {
        for lang in [Lang::En, Lang::Ja] {
            let dir = tempfile::tempdir().unwrap();
            let front = hosts_count(dir.path(), size, lang, true);
            let screen = rows_at_80x24(&front);
            for wanted in [legend_in(lang), "C4isslow"] {
                assert!(
                    screen.contains(wanted),
                    "{size} {lang:?}: {wanted}\n{screen}"
                );
            }
        }
    }
}
